#include "core/deal_io.h"

#include <algorithm>
#include <istream>
#include <limits>

#include "core/io_common.h"
#include "core/shuffle.h"
#include "core/text.h"

namespace talon {

namespace {

using io::Json;
using OJson = nlohmann::ordered_json;

OJson PileToJson(const Pile& pile) {
  OJson j = OJson::array();
  for (Card c : pile) j.push_back(CardName(c));
  return j;
}

// "areas.tableau[3]" plus the number people use: " (pile 4)"; the card at
// index i: "areas.tableau[3][2] (pile 4, card 3 from the bottom)".
std::string PilePath(Area a, size_t pile) {
  return "areas." + std::string(AreaName(a)) + "[" + std::to_string(pile) + "] (pile " +
         std::to_string(pile + 1) + ")";
}
std::string CardPath(Area a, std::optional<size_t> pile, size_t i) {
  std::string path = "areas." + std::string(AreaName(a));
  std::string human;
  if (pile) {
    path += "[" + std::to_string(*pile) + "]";
    human = "pile " + std::to_string(*pile + 1) + ", ";
  }
  return path + "[" + std::to_string(i) + "] (" + human + "card " + std::to_string(i + 1) +
         " from the bottom)";
}

Expected<Pile> PileFromJson(const Json& v, Area a, std::optional<size_t> pile) {
  if (!v.is_array()) {
    std::string where = pile ? PilePath(a, *pile) : "areas." + std::string(AreaName(a));
    return Status::BadInput(where + ": must be a list of cards, bottom to top (e.g. [\"7H\",\"KS\"]), not " +
                            io::KindOf(v) + " " + io::Describe(v));
  }
  Pile out;
  out.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    // The path is built only for a message: this loop runs for every card read.
    const auto* name = v[i].get_ptr<const std::string*>();
    std::optional<Card> card = name ? ParseCard(*name) : std::nullopt;
    if (!card) return io::CardFromJson(v[i], CardPath(a, pile, i)).status();
    out.push_back(*card);
  }
  return out;
}

Status AreasFromJson(const Json& v, const Game& game, Areas& areas) {
  if (!v.is_object())
    return Status::BadInput("areas: must be an object such as {\"tableau\": [[\"7H\",\"KS\"], ...]}, not " +
                            io::Describe(v));
  const std::vector<Area> allowed = game.areas();
  std::string names;
  for (Area a : allowed) names += (names.empty() ? "" : ", ") + std::string(AreaName(a));
  for (const auto& [key, value] : v.items()) {
    auto area = ParseArea(key);
    if (!area)
      return Status::BadInput("areas." + Excerpt(key) + ": unknown area (areas are tableau, stock, waste, "
                              "reserve, foundations, discard; " + std::string(game.id()) +
                              " has " + names + ")");
    if (std::find(allowed.begin(), allowed.end(), *area) == allowed.end())
      return Status::BadInput("areas." + key + ": " + std::string(game.id()) + " has no " + key +
                              " (its areas: " + names + ")");
    if (AreaHasPiles(*area)) {
      if (!value.is_array())
        return Status::BadInput("areas." + key + ": must be a list of piles, each a list of cards "
                                "bottom to top (e.g. [[\"7H\",\"KS\"],[\"3D\"]]), not " +
                                io::KindOf(value) + " " + io::Describe(value));
      std::vector<Pile>& piles = areas.piles(*area);
      piles.clear();
      for (size_t p = 0; p < value.size(); ++p) {
        auto pile = PileFromJson(value[p], *area, p);
        if (!pile) return pile.status();
        piles.push_back(std::move(*pile));
      }
    } else {
      auto pile = PileFromJson(value, *area, std::nullopt);
      if (!pile) return pile.status();
      areas.single(*area) = std::move(*pile);
    }
  }
  return Status::Ok();
}

Status FaceDownFromJson(const Json& v, Areas& areas) {
  if (!v.is_array())
    return Status::BadInput("face_down: must be a list of whole numbers, one per tableau pile "
                            "(e.g. [0,1,2]), not " + io::Describe(v));
  if (v.size() != areas.tableau.size())
    return Status::BadInput("face_down: lists " + std::to_string(v.size()) +
                            " piles but areas.tableau has " + std::to_string(areas.tableau.size()) +
                            " (one number per tableau pile)");
  areas.face_down.clear();
  for (size_t p = 0; p < v.size(); ++p) {
    const std::string where =
        "face_down[" + std::to_string(p) + "] (pile " + std::to_string(p + 1) + ")";
    auto n = io::AsInt(v[p], 0, std::numeric_limits<int>::max());
    if (!n)
      return Status::BadInput(where + ": must be a whole number >= 0 (face-down cards at the "
                              "bottom of the pile), not " + io::Describe(v[p]));
    if (static_cast<size_t>(*n) > areas.tableau[p].size())
      return Status::BadInput(where + ": " + std::to_string(*n) + " cards face down, but the pile holds " +
                              std::to_string(areas.tableau[p].size()));
    areas.face_down.push_back(static_cast<int>(*n));
  }
  return Status::Ok();
}

}  // namespace

std::string DealToJson(const Game& game, const Deal& deal) {
  OJson j = OJson::object();
  j["format"] = kDealFormat;
  j["game"] = std::string(game.id());
  if (deal.number) j["deal"] = *deal.number;
  if (!deal.shuffle.empty()) j["shuffle"] = deal.shuffle;
  j["options"] = io::OptionsToJson(deal.options);
  OJson areas = OJson::object();
  for (Area a : game.areas()) {
    if (AreaHasPiles(a)) {
      OJson piles = OJson::array();
      for (const Pile& p : deal.areas.piles(a)) piles.push_back(PileToJson(p));
      areas[std::string(AreaName(a))] = std::move(piles);
    } else {
      areas[std::string(AreaName(a))] = PileToJson(deal.areas.single(a));
    }
  }
  j["areas"] = std::move(areas);
  if (!deal.areas.face_down.empty()) j["face_down"] = deal.areas.face_down;
  return io::Dump(j);
}

Expected<Deal> DealFromJson(std::string_view line, GameList games) {
  auto parsed = io::ParseJson(line, "a deal");
  if (!parsed) return parsed.status();
  const Json& j = *parsed;
  if (!j.is_object())
    return Status::BadInput("a deal must be a JSON object {\"format\": \"talon-deal/1\", ...}, not " +
                            io::KindOf(j));
  TALON_RETURN_IF_ERROR(io::CheckFormat(j, kDealFormat, "a deal", "talon-solution/1", "a solution"));
  TALON_RETURN_IF_ERROR(io::CheckKeys(j, "", "a deal",
                                      {"format", "game", "deal", "shuffle", "options", "areas",
                                       "face_down"}));
  auto game = io::GameFromJson(j, games);
  if (!game) return game.status();

  Deal deal;
  deal.game = std::string((*game)->id());
  auto number = j.find("deal");
  auto shuffle = j.find("shuffle");
  if (number != j.end()) {
    auto n = io::AsUint64(*number);
    if (!n)
      return Status::BadInput("deal: must be a whole number from 0 to 18446744073709551615, not " +
                              io::Describe(*number));
    deal.number = *n;
  }
  if (shuffle != j.end()) {
    if (!shuffle->is_string())
      return Status::BadInput("shuffle: must be a string such as \"talon-v1\" or \"pysol\", not " +
                              io::Describe(*shuffle));
    deal.shuffle = shuffle->get<std::string>();
    if (deal.shuffle.empty())
      return Status::BadInput("shuffle: must name a shuffle (\"talon-v1\" or \"pysol\"), not ''");
  }
  if (number != j.end() && shuffle == j.end()) deal.shuffle = kShuffleName;  // absent: talon-v1
  if (number == j.end() && shuffle != j.end())
    return Status::BadInput("deal: missing; \"shuffle\" goes with a deal number (\"deal\": 12345); "
                            "a hand-made deal has neither \"deal\" nor \"shuffle\"");
  if (auto it = j.find("options"); it != j.end()) {
    auto options = io::OptionsFromJson(*it);
    if (!options) return options.status();
    deal.options = std::move(*options);
  }
  auto areas = j.find("areas");
  if (areas == j.end())
    return Status::BadInput("areas: missing (a deal lists every card, e.g. \"areas\": "
                            "{\"tableau\": [[\"7H\",\"KS\"], ...]})");
  TALON_RETURN_IF_ERROR(AreasFromJson(*areas, **game, deal.areas));
  if (auto it = j.find("face_down"); it != j.end())
    TALON_RETURN_IF_ERROR(FaceDownFromJson(*it, deal.areas));

  Status checked = CheckDeal(**game, deal);
  if (!checked.ok()) return checked.WithContext(deal.Name());
  return deal;
}

DealReader::DealReader(std::istream& in, std::string source_name, GameList games)
    : in_(in), source_(std::move(source_name)), games_(games) {}

bool DealReader::Next(Deal& deal) {
  if (done_) return false;
  std::string text;
  io::LineRead got;
  while ((got = io::ReadLine(in_, text, line_)) == io::LineRead::kLine) {
    if (io::IsBlank(text)) continue;
    auto parsed = DealFromJson(text, games_);
    if (!parsed) {
      status_ = parsed.status().WithContext(source_ + ":" + std::to_string(line_));
      done_ = true;
      return false;
    }
    deal = std::move(*parsed);
    return true;
  }
  done_ = true;
  if (got == io::LineRead::kTooLong)
    status_ = Status::BadInput(source_ + ":" + std::to_string(line_) + ": " + LineTooLongMessage());
  else if (in_.bad())
    status_ = Status::IoError(source_ + ":" + std::to_string(line_ + 1) + ": read error");
  return false;
}

namespace {

std::string Labels(const Pile& pile, size_t face_down, bool reversed) {
  if (pile.empty()) return "(empty)";
  std::string out;
  for (size_t k = 0; k < pile.size(); ++k) {
    size_t i = reversed ? pile.size() - 1 - k : k;
    if (k) out += ' ';
    out += i < face_down ? "[" + CardLabel(pile[i]) + "]" : CardLabel(pile[i]);
  }
  return out;
}

std::string Padded(size_t n, size_t width) {
  std::string s = std::to_string(n);
  return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
}

}  // namespace

std::string DealToText(const Game& game, const Deal& deal) {
  std::string out = DealName(game, deal) + "\n";
  if (!deal.options.empty()) out += "Options: " + FormatOptions(deal.options) + "\n";
  out += "Piles are listed bottom \u2192 top: the last card is on top.";
  if (!deal.areas.face_down.empty()) out += " [in brackets]: face down.";
  out += "\n";
  for (Area a : game.areas()) {
    if (AreaHasPiles(a)) {
      const auto& piles = deal.areas.piles(a);
      const std::string word = a == Area::kTableau       ? "Pile"
                               : a == Area::kFoundations ? "Foundation"
                                                         : "Reserve";
      const size_t width = std::to_string(std::max<size_t>(piles.size(), 1)).size();
      if (piles.empty()) out += word + "s: none\n";
      for (size_t p = 0; p < piles.size(); ++p) {
        size_t down = 0;
        if (a == Area::kTableau && p < deal.areas.face_down.size())
          down = static_cast<size_t>(std::max(deal.areas.face_down[p], 0));
        out += word + " " + Padded(p + 1, width) + ": " + Labels(piles[p], down, false) + "\n";
      }
    } else if (a == Area::kStock) {
      out += "Stock (turned first \u2192 last): " + Labels(deal.areas.stock, 0, true) + "\n";
    } else if (a == Area::kWaste) {
      out += "Waste (bottom \u2192 top): " + Labels(deal.areas.waste, 0, false) + "\n";
    } else {
      out += "Discard (bottom \u2192 top): " + Labels(deal.areas.discard, 0, false) + "\n";
    }
  }
  return out;
}

}  // namespace talon
