#include "core/solution_io.h"

#include <charconv>
#include <cmath>
#include <istream>
#include <limits>

#include "core/io_common.h"
#include "core/text.h"

namespace talon {

namespace {

using io::Json;
using OJson = nlohmann::ordered_json;

std::string MovePath(size_t m) { return "moves[" + std::to_string(m) + "]"; }
std::string MoveNote(size_t m) { return " (move " + std::to_string(m + 1) + ")"; }

Expected<Place> PlaceFromJson(const Json& v, const std::string& where) {
  if (!v.is_array() || v.empty() || v.size() > 2)
    return Status::BadInput(where + ": a place is [area] or [area, number] (e.g. [\"tableau\",3] "
                            "or [\"discard\"]), not " + io::Describe(v));
  if (!v[0].is_string())
    return Status::BadInput(where + ": the area must be a name (tableau, stock, waste, reserve, "
                            "foundations, discard), not " + io::Describe(v[0]));
  auto area = ParseArea(v[0].get_ref<const std::string&>());
  if (!area)
    return Status::BadInput(where + ": " + io::Describe(v[0]) + " is not an area (tableau, stock, "
                            "waste, reserve, foundations, discard)");
  Place p{*area, 0};
  if (v.size() == 2) {
    auto n = io::AsInt(v[1], 1, std::numeric_limits<int>::max());
    if (!n)
      return Status::BadInput(where + ": the number must be a whole number from 1 (piles are "
                              "numbered from 1), not " + io::Describe(v[1]));
    p.number = static_cast<int>(*n);
  }
  return p;
}

Expected<MoveSpec> MoveFromJson(const Json& v, size_t m) {
  const std::string path = MovePath(m), note = MoveNote(m);
  if (!v.is_object())
    return Status::BadInput(path + note + ": a move is an object {\"from\": [...], \"to\": [...], "
                            "\"cards\": [...]}, not " + io::Describe(v));
  TALON_RETURN_IF_ERROR(
      io::CheckKeys(v, path + ".", "a move", {"from", "to", "cards", "count"}, note));
  MoveSpec move;
  auto from = v.find("from");
  if (from == v.end()) return Status::BadInput(path + ".from" + note + ": missing");
  if (!from->is_array() || from->empty())
    return Status::BadInput(path + ".from" + note + ": must be a list of one or more places "
                            "(e.g. [[\"tableau\",3],[\"tableau\",9]]), not " + io::Describe(*from));
  for (size_t i = 0; i < from->size(); ++i) {
    auto p = PlaceFromJson((*from)[i], path + ".from[" + std::to_string(i) + "]" + note);
    if (!p) return p.status();
    move.from.push_back(*p);
  }
  auto to = v.find("to");
  if (to == v.end()) return Status::BadInput(path + ".to" + note + ": missing");
  auto place = PlaceFromJson(*to, path + ".to" + note);
  if (!place) return place.status();
  move.to = *place;
  auto cards = v.find("cards");
  if (cards == v.end()) return Status::BadInput(path + ".cards" + note + ": missing");
  if (!cards->is_array())
    return Status::BadInput(path + ".cards" + note + ": must be a list of cards (e.g. [\"KS\",\"AH\"]), not " +
                            io::Describe(*cards));
  for (size_t i = 0; i < cards->size(); ++i) {
    const auto* name = (*cards)[i].get_ptr<const std::string*>();
    std::optional<Card> card = name ? ParseCard(*name) : std::nullopt;
    if (!card)
      return io::CardFromJson((*cards)[i], path + ".cards[" + std::to_string(i) + "]" + note).status();
    move.cards.push_back(*card);
  }
  if (auto count = v.find("count"); count != v.end()) {
    auto n = io::AsInt(*count, 1, std::numeric_limits<int>::max());
    if (!n)
      return Status::BadInput(path + ".count" + note + ": must be a whole number from 1 (leave "
                              "\"count\" out when one card is taken from each place), not " +
                              io::Describe(*count));
    move.count = static_cast<int>(*n);
  } else if (move.from.size() == 1 && move.cards.size() > 1) {
    // A writer may leave out a count the cards already give: several cards
    // from one place are that many taken, as the text form reads them.
    move.count = static_cast<int>(move.cards.size());
  }
  return move;
}

Status CheckMovesAllowed(const Solution& s) {
  if (s.result != Verdict::kSolved && s.result != Verdict::kPlayed && !s.moves.empty())
    return Status::BadInput("moves: a solution whose result is " + std::string(VerdictName(s.result)) +
                            " lists no moves (only \"solved\" and \"played\" have moves)");
  return Status::Ok();
}

constexpr const char* kResults = "(\"solved\", \"unsolvable\", \"unknown\" or \"played\")";

// Rounds to `digits` decimals, so that a written number is the same on
// every machine and reads back equal.
double Rounded(double v, int digits) {
  const double scale = digits == 2 ? 100.0 : 10000.0;
  return std::round(v * scale) / scale;
}

OJson DifficultyToJson(const DifficultyNote& d) {
  OJson j = OJson::object();
  if (d.grade) j["grade"] = d.grade;
  else j["grade"] = nullptr;
  j["name"] = d.name;
  if (!d.reason.empty()) j["reason"] = d.reason;
  if (d.grade) j["calibrated"] = d.calibrated;
  if (d.measures) {
    const DifficultyNote::Measures& m = *d.measures;
    j["score"] = Rounded(m.score, 2);
    j["playouts"] = m.playouts;
    j["wins"] = m.wins;
    j["progress"] = Rounded(m.progress, 4);
    j["choices"] = m.choices;
    j["critical"] = m.critical;
    j["unsure"] = m.unsure;
  }
  return j;
}

Expected<DifficultyNote> DifficultyFromJson(const Json& v) {
  if (!v.is_object())
    return Status::BadInput("difficulty: must be an object such as {\"grade\": 3, \"name\": \"Hard\", ...}, not " +
                            io::Describe(v));
  TALON_RETURN_IF_ERROR(io::CheckKeys(v, "difficulty.", "a difficulty",
                                      {"grade", "name", "reason", "calibrated", "score", "playouts",
                                       "wins", "progress", "choices", "critical", "unsure"}));
  DifficultyNote d;
  auto grade = v.find("grade");
  if (grade == v.end()) return Status::BadInput("difficulty.grade: missing (1-5, or null)");
  if (!grade->is_null()) {
    auto g = io::AsInt(*grade, 1, 5);
    if (!g) return Status::BadInput("difficulty.grade: must be a whole number 1-5 or null, not " + io::Describe(*grade));
    d.grade = static_cast<int>(*g);
  }
  auto text = [&](const char* key, std::string& out, bool required) -> Status {
    auto it = v.find(key);
    if (it == v.end())
      return required ? Status::BadInput(std::string("difficulty.") + key + ": missing") : Status::Ok();
    if (!it->is_string())
      return Status::BadInput(std::string("difficulty.") + key + ": must be a string, not " + io::Describe(*it));
    out = it->get<std::string>();
    return Status::Ok();
  };
  TALON_RETURN_IF_ERROR(text("name", d.name, true));
  TALON_RETURN_IF_ERROR(text("reason", d.reason, false));
  if (auto it = v.find("calibrated"); it != v.end()) {
    if (!it->is_boolean())
      return Status::BadInput("difficulty.calibrated: must be true or false, not " + io::Describe(*it));
    d.calibrated = it->get<bool>();
  }
  if (v.contains("score")) {
    DifficultyNote::Measures m;
    auto number = [&](const char* key, double& out) -> Status {
      auto it = v.find(key);
      if (it == v.end() || !it->is_number() || it->get<double>() < 0)
        return Status::BadInput(std::string("difficulty.") + key + ": " +
                                (it == v.end() ? "missing" : "must be a number >= 0, not " + io::Describe(*it)));
      out = it->get<double>();
      return Status::Ok();
    };
    auto whole = [&](const char* key, int& out) -> Status {
      auto it = v.find(key);
      auto n = it == v.end() ? std::nullopt : io::AsInt(*it, 0, std::numeric_limits<int>::max());
      if (!n)
        return Status::BadInput(std::string("difficulty.") + key + ": " +
                                (it == v.end() ? "missing" : "must be a whole number >= 0, not " + io::Describe(*it)));
      out = static_cast<int>(*n);
      return Status::Ok();
    };
    TALON_RETURN_IF_ERROR(number("score", m.score));
    TALON_RETURN_IF_ERROR(whole("playouts", m.playouts));
    TALON_RETURN_IF_ERROR(whole("wins", m.wins));
    TALON_RETURN_IF_ERROR(number("progress", m.progress));
    TALON_RETURN_IF_ERROR(whole("choices", m.choices));
    TALON_RETURN_IF_ERROR(whole("critical", m.critical));
    TALON_RETURN_IF_ERROR(whole("unsure", m.unsure));
    d.measures = m;
  }
  return d;
}

}  // namespace

// The header goes through nlohmann::json (its strings may need escaping);
// the moves, which are most of the line and only hold area names, numbers
// and two-letter card names (never escaped), are written straight into the
// text: building a json tree for them cost talon-solve about a fifth of its
// time per deal in allocations. The text is exactly io::Dump's (a test
// re-dumps every game's lines and compares).
std::string SolutionToJson(const Solution& solution) {
  OJson j = OJson::object();
  j["format"] = kSolutionFormat;
  j["game"] = solution.game;
  if (solution.deal) j["deal"] = *solution.deal;
  if (solution.deal && !solution.shuffle.empty()) j["shuffle"] = solution.shuffle;
  j["options"] = io::OptionsToJson(solution.options);
  j["result"] = std::string(VerdictName(solution.result));
  if (solution.difficulty) j["difficulty"] = DifficultyToJson(*solution.difficulty);
  j["moves"] = OJson::array();
  std::string text = io::Dump(j);  // ... "moves":[]}
  text.resize(text.size() - 2);
  auto place = [&text](const Place& p) {
    text += "[\"";
    text += AreaName(p.area);
    text += '"';
    if (p.number != 0) {
      text += ',';
      text += std::to_string(p.number);
    }
    text += ']';
  };
  for (size_t i = 0; i < solution.moves.size(); ++i) {
    const MoveSpec& m = solution.moves[i];
    text += i == 0 ? "{\"from\":[" : ",{\"from\":[";
    for (size_t k = 0; k < m.from.size(); ++k) {
      if (k > 0) text += ',';
      place(m.from[k]);
    }
    text += "],\"to\":";
    place(m.to);
    text += ",\"cards\":[";
    for (size_t k = 0; k < m.cards.size(); ++k) {
      text += k == 0 ? "\"" : ",\"";
      text += CardName(m.cards[k]);
      text += '"';
    }
    text += ']';
    if (m.count > 0) {
      text += ",\"count\":";
      text += std::to_string(m.count);
    }
    text += '}';
  }
  text += "]}";
  return text;
}

Expected<Solution> SolutionFromJson(std::string_view line, GameList games) {
  auto parsed = io::ParseJson(line, "a solution");
  if (!parsed) return parsed.status();
  const Json& j = *parsed;
  if (!j.is_object())
    return Status::BadInput("a solution must be a JSON object {\"format\": \"talon-solution/1\", "
                            "...}, not " + io::KindOf(j));
  TALON_RETURN_IF_ERROR(
      io::CheckFormat(j, kSolutionFormat, "a solution", "talon-deal/1", "a deal"));
  TALON_RETURN_IF_ERROR(io::CheckKeys(j, "", "a solution",
                                      {"format", "game", "deal", "shuffle", "options", "result", "difficulty", "moves"}));
  auto game = io::GameFromJson(j, games);
  if (!game) return game.status();
  Solution s;
  s.game = std::string((*game)->id());
  if (auto it = j.find("deal"); it != j.end()) {
    auto n = io::AsUint64(*it);
    if (!n)
      return Status::BadInput("deal: must be a whole number from 0 to 18446744073709551615, not " +
                              io::Describe(*it));
    s.deal = *n;
  }
  if (auto it = j.find("shuffle"); it != j.end()) {
    if (!it->is_string() || !ParseShuffle(it->get_ref<const std::string&>()))
      return Status::BadInput("shuffle: " + io::Describe(*it) + " is not a shuffle (" +
                              kShuffleNames + ")");
    if (!s.deal)
      return Status::BadInput("deal: missing; \"shuffle\" goes with a deal number");
    if (it->get_ref<const std::string&>() != "talon-v1") s.shuffle = it->get<std::string>();
  }
  Options given;
  if (auto it = j.find("options"); it != j.end()) {
    auto options = io::OptionsFromJson(*it);
    if (!options) return options.status();
    given = std::move(*options);
  }
  auto complete = CompleteOptions((*game)->option_specs(), given);
  if (!complete) return complete.status().WithContext("options");
  s.options = std::move(*complete);
  auto result = j.find("result");
  if (result == j.end())
    return Status::BadInput(std::string("result: missing ") + kResults);
  auto verdict = result->is_string() ? ParseVerdict(result->get_ref<const std::string&>())
                                     : std::nullopt;
  if (!verdict)
    return Status::BadInput("result: " + io::Describe(*result) + " is not a result " + kResults);
  s.result = *verdict;
  if (auto it = j.find("difficulty"); it != j.end()) {
    auto d = DifficultyFromJson(*it);
    if (!d) return d.status();
    s.difficulty = std::move(*d);
  }
  auto moves = j.find("moves");
  if (moves == j.end()) {
    if (s.result == Verdict::kSolved || s.result == Verdict::kPlayed)
      return Status::BadInput("moves: missing (a " + std::string(VerdictName(s.result)) +
                              " solution lists its moves)");
  } else {
    if (!moves->is_array())
      return Status::BadInput("moves: must be a list of moves, not " + io::Describe(*moves));
    for (size_t m = 0; m < moves->size(); ++m) {
      auto move = MoveFromJson((*moves)[m], m);
      if (!move) return move.status();
      s.moves.push_back(std::move(*move));
    }
  }
  TALON_RETURN_IF_ERROR(CheckMovesAllowed(s));
  return s;
}

std::string SolutionToText(const Game& game, const Solution& solution) {
  std::string out(game.id());
  if (solution.deal) out += "#" + solution.shuffle + (solution.shuffle.empty() ? "" : "-") +
                            std::to_string(*solution.deal);
  if (!solution.options.empty()) out += " " + FormatOptions(solution.options);
  out += " " + std::string(VerdictName(solution.result)) + "\n";
  for (size_t i = 0; i < solution.moves.size(); ++i)
    out += std::to_string(i + 1) + ". " + game.FormatMove(solution.moves[i]) + "\n";
  out += "\n";
  return out;
}

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// The header line "GAME[#DEAL] [k=v ...] RESULT".
Expected<Solution> ParseHeader(std::string_view line, GameList games, const Game*& game) {
  static const std::string kShape =
      " (a solution starts with \"GAME#DEAL [k=v ...] RESULT\", e.g. \"thirteens#42 slots=15 solved\")";
  auto words = SplitWords(line);
  if (words.size() < 2) return Status::BadInput("'" + Excerpt(line) + "' is not a header" + kShape);
  Solution s;
  std::string_view name = words[0];
  size_t hash = name.find('#');
  std::string_view id = name.substr(0, hash);
  game = io::FindIn(games, id);
  if (!game) return io::UnknownGame(id, games);
  s.game = std::string(id);
  if (hash != std::string_view::npos) {
    std::string_view num = name.substr(hash + 1);
    if (num.starts_with("pysol-")) {  // PySolFC's game number (docs/formats.md)
      s.shuffle = "pysol";
      num.remove_prefix(6);
    }
    uint64_t n = 0;
    auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), n);
    if (num.empty() || ec != std::errc() || ptr != num.data() + num.size())
      return Status::BadInput("deal: '" + Excerpt(num) +
                              "' is not a deal number from 0 to 18446744073709551615" + kShape);
    s.deal = n;
  }
  Options given;
  for (size_t w = 1; w + 1 < words.size(); ++w) {
    size_t eq = words[w].find('=');
    if (eq == std::string_view::npos || eq == 0)
      return Status::BadInput("'" + Excerpt(words[w]) + "' is not an option written k=v" + kShape);
    given[std::string(words[w].substr(0, eq))] =
        ParseOptionValue(std::string(words[w].substr(eq + 1)));
  }
  auto complete = CompleteOptions(game->option_specs(), given);
  if (!complete) return complete.status().WithContext("options");
  s.options = std::move(*complete);
  auto verdict = ParseVerdict(words.back());
  if (!verdict)
    return Status::BadInput("'" + Excerpt(words.back()) +
                            "' is not a result (solved, unsolvable, unknown or played)" + kShape);
  s.result = *verdict;
  return s;
}

Expected<std::vector<Solution>> ReadText(std::istream& in, const std::string& source,
                                         GameList games, std::string first, size_t line_no) {
  std::vector<Solution> out;
  std::optional<Solution> current;
  const Game* game = nullptr;
  std::string text = std::move(first);
  auto where = [&] { return source + ":" + std::to_string(line_no); };
  auto finish = [&] {
    if (current) out.push_back(std::move(*current));
    current.reset();
  };
  io::LineRead got;
  do {
    std::string_view line = io::Trim(text);
    if (line.empty()) {
      finish();
      continue;
    }
    if (line[0] == '#') continue;
    if (!IsDigit(line[0])) {
      finish();
      auto s = ParseHeader(line, games, game);
      if (!s) return s.status().WithContext(where());
      current = std::move(*s);
      continue;
    }
    // "N. NOTATION"
    size_t k = 0;
    while (k < line.size() && IsDigit(line[k])) ++k;
    if (k >= line.size() || line[k] != '.')
      return Status::BadInput(where() + ": '" + Excerpt(line) +
                              "' is not a move line \"N. NOTATION\" (e.g. \"12. 3+9  K\u2660 A\u2665\")");
    if (!current)
      return Status::BadInput(where() + ": a move before any header line (a solution starts with "
                              "\"GAME#DEAL [k=v ...] RESULT\", e.g. \"thirteens#42 solved\")");
    const size_t want = current->moves.size() + 1;
    std::string_view num = line.substr(0, k);
    if (num != std::to_string(want))
      return Status::BadInput(where() + ": move numbered " + Excerpt(num) + ", but this is move " +
                              std::to_string(want) + " of " + current->game +
                              (current->deal ? "#" + current->shuffle + (current->shuffle.empty() ? "" : "-") +
                                                   std::to_string(*current->deal)
                                             : "") +
                              " (moves are numbered 1, 2, 3, ... in order)");
    if (current->result != Verdict::kSolved && current->result != Verdict::kPlayed)
      return Status::BadInput(where() + ": a solution whose result is " +
                              std::string(VerdictName(current->result)) +
                              " lists no moves (only \"solved\" and \"played\" have moves)");
    auto move = game->ParseMove(io::Trim(line.substr(k + 1)));
    if (!move) return move.status().WithContext(where() + ": move " + std::to_string(want));
    current->moves.push_back(std::move(*move));
  } while ((got = io::ReadLine(in, text, line_no)) == io::LineRead::kLine);
  if (got == io::LineRead::kTooLong) return Status::BadInput(where() + ": " + LineTooLongMessage());
  finish();
  return out;
}

}  // namespace

Expected<std::vector<Solution>> ReadSolutions(std::istream& in, const std::string& source_name,
                                              GameList games) {
  std::vector<Solution> out;
  std::string text;
  size_t line_no = 0;
  bool json = false, decided = false;
  for (;;) {
    io::LineRead got = io::ReadLine(in, text, line_no);
    if (got == io::LineRead::kTooLong)
      return Status::BadInput(source_name + ":" + std::to_string(line_no) + ": " + LineTooLongMessage());
    if (got == io::LineRead::kEnd) break;
    std::string_view line = io::Trim(text);
    if (line.empty() || line[0] == '#') continue;
    if (!decided) {
      decided = true;
      json = line[0] == '{';
      if (!json) {
        auto r = ReadText(in, source_name, games, std::move(text), line_no);
        if (r && in.bad()) return Status::IoError(source_name + ": read error");
        return r;
      }
    }
    auto s = SolutionFromJson(line, games);
    if (!s) return s.status().WithContext(source_name + ":" + std::to_string(line_no));
    out.push_back(std::move(*s));
  }
  if (in.bad()) return Status::IoError(source_name + ": read error");
  return out;
}

}  // namespace talon
