#include "core/game.h"

#include <algorithm>
#include <array>
#include <sstream>
#include <utility>

#include "core/games/games.h"
#include "core/pysol_shuffle.h"
#include "core/shorten.h"
#include "core/shuffle.h"
#include "core/text.h"
#include "core/transposition_table.h"

namespace talon {

namespace {

const std::vector<const Game*>& Registry() {
#define TALON_GAME_ADDRESS(entry) &entry(),
  static const std::vector<const Game*> games = {TALON_GAMES(TALON_GAME_ADDRESS)};
#undef TALON_GAME_ADDRESS
  return games;
}

}  // namespace

std::vector<std::string_view> SplitWords(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

const Game* FindGame(std::string_view id) {
  for (const Game* g : Registry())
    if (g->id() == id) return g;
  return nullptr;
}

std::span<const Game* const> AllGames() { return Registry(); }

std::string GameIdList() {
  std::string out;
  for (const Game* g : Registry()) out += (out.empty() ? "" : ", ") + std::string(g->id());
  return out;
}

SolveResult Game::Solve(const Deal& deal, const SearchLimits& limits) const {
  // A quarter of --max-memory is left for the solvers' other bookkeeping
  // (with an eighth, two threads go past a 2 GiB budget).
  SetHugeBlockBudget(limits.max_memory - limits.max_memory / 4);
  SolveResult result = SolveDeal(deal, limits);
  if (result.verdict == Verdict::kSolved && limits.shorten_work > 0)
    result.moves = ShortenLine(*this, deal, std::move(result.moves), ShortenLimits{.max_work = limits.shorten_work});
  return result;
}

SolveResult Game::SolveTable(const Table& table, const SearchLimits& limits) const {
  Deal rest;
  rest.game = std::string(id());
  rest.options = table.options;
  rest.areas = table.areas;
  return SolveDeal(rest, limits);
}

const LineHooks& Game::line_hooks() const { return NoLineHooks(); }

Table Game::StartTable(const Deal& deal) const {
  Table t;
  t.areas = deal.areas;
  t.options = deal.options;
  return t;
}

std::string Game::FormatMove(const MoveSpec& move) const {
  std::string out;
  for (size_t i = 0; i < move.from.size(); ++i) {
    if (i) out += '+';
    out += std::to_string(move.from[i].number);
  }
  out += ' ';
  for (Card c : move.cards) out += " " + CardLabel(c);
  return out;
}

Expected<MoveSpec> Game::ParseMove(std::string_view text) const {
  auto words = SplitWords(text);
  if (words.empty()) return Status::BadInput("empty move");
  MoveSpec m;
  m.to = Place{Area::kDiscard, 0};
  std::string_view places = words[0];
  size_t i = 0;
  while (i <= places.size()) {
    size_t j = places.find('+', i);
    if (j == std::string_view::npos) j = places.size();
    std::string_view num = places.substr(i, j - i);
    int n = 0;
    if (num.empty() || num.size() > 3 ||
        !std::all_of(num.begin(), num.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return Status::BadInput("'" + Excerpt(places) +
                              "' is not a list of pile numbers joined by '+' (e.g. 3+9)");
    for (char c : num) n = n * 10 + (c - '0');
    m.from.push_back(Place{Area::kTableau, n});
    i = j + 1;
  }
  for (size_t w = 1; w < words.size(); ++w) {
    auto card = ParseCard(words[w]);
    if (!card) return Status::BadInput("'" + Excerpt(words[w]) + "' is not a card (e.g. KS, 10H, K\u2660)");
    m.cards.push_back(*card);
  }
  if (m.cards.size() != m.from.size())
    return Status::BadInput("move '" + Excerpt(text) + "' names " + std::to_string(m.from.size()) +
                            " piles but " + std::to_string(m.cards.size()) + " cards");
  return m;
}

Solution MakeSolution(const Deal& deal, SolveResult result) {
  Solution s;
  s.game = deal.game;
  s.deal = deal.number;
  s.shuffle = deal.SolutionShuffle();
  s.options = deal.options;
  s.result = result.verdict;
  s.moves = std::move(result.moves);
  return s;
}

Expected<std::vector<Card>> Game::PysolDeck(std::span<const Card>, const Options&) const {
  return Status::Usage("--shuffle pysol: PySolFC has no game dealt as " + std::string(title()) +
                       " is (docs/pysol.md)");
}

std::string_view ShuffleName(Shuffle s) {
  return s == Shuffle::kPysol ? kPysolShuffleName : kShuffleName;
}

std::optional<Shuffle> ParseShuffle(std::string_view name) {
  if (name == kShuffleName) return Shuffle::kTalonV1;
  if (name == kPysolShuffleName) return Shuffle::kPysol;
  return std::nullopt;
}

Expected<Deal> MakeDeal(const Game& game, uint64_t number, const Options& options, Shuffle shuffle) {
  auto complete = CompleteOptions(game.option_specs(), options);
  if (!complete) return complete.status();
  Deal deal;
  deal.game = std::string(game.id());
  deal.number = number;
  deal.shuffle = std::string(ShuffleName(shuffle));
  deal.options = *complete;
  if (shuffle == Shuffle::kPysol) {
    auto deck = game.PysolDeck(PysolDealtOrder(number, game.decks()), deal.options);
    if (!deck) return deck.status();
    deal.areas = game.DealCards(*deck, deal.options);
    return deal;
  }
  std::vector<Card> deck = ShuffledDeck(number, game.decks());
  deal.areas = game.DealCards(deck, deal.options);
  return deal;
}

Status CheckDeal(const Game& game, Deal& deal) {
  auto complete = CompleteOptions(game.option_specs(), deal.options);
  if (!complete) return complete.status().WithContext("options");
  deal.options = *complete;
  std::optional<Shuffle> shuffle = ParseShuffle(deal.shuffle);
  if (!deal.shuffle.empty() && !shuffle)
    return Status::BadInput("shuffle: unknown shuffle '" + Excerpt(deal.shuffle) + "' (this version knows " +
                            kShuffleNames + ")");
  const auto allowed = game.areas();
  for (Area a : kAllAreas) {
    if (std::find(allowed.begin(), allowed.end(), a) != allowed.end()) continue;
    bool empty = AreaHasPiles(a) ? deal.areas.piles(a).empty() : deal.areas.single(a).empty();
    if (!empty)
      return Status::BadInput("areas." + std::string(AreaName(a)) + ": " + std::string(game.id()) +
                              " has no " + std::string(AreaName(a)));
  }
  // Every card exactly decks() times.
  std::array<int, 64> count{};
  auto tally = [&](const Pile& p) {
    for (Card c : p) ++count[c.code()];
  };
  for (Area a : kAllAreas) {
    if (AreaHasPiles(a))
      for (const Pile& p : deal.areas.piles(a)) tally(p);
    else
      tally(deal.areas.single(a));
  }
  const int want = game.decks();
  for (int suit = 0; suit < 4; ++suit)
    for (int rank = 1; rank <= 13; ++rank) {
      Card c(rank, static_cast<Suit>(suit));
      int have = count[c.code()];
      if (have != want)
        return Status::BadInput("areas: " + CardName(c) + " appears " + std::to_string(have) +
                                " time" + (have == 1 ? "" : "s") + ", but a deal of " +
                                std::string(game.id()) + " has it " + std::to_string(want) +
                                " time" + (want == 1 ? "" : "s"));
    }
  TALON_RETURN_IF_ERROR(game.CheckShape(deal.areas, deal.options));
  if (deal.number && shuffle) {
    auto expected = MakeDeal(game, *deal.number, deal.options, *shuffle);
    if (!expected && expected.status().code() == StatusCode::kUsage)
      return Status::BadInput("shuffle: " + expected.status().message());
    if (expected && expected->areas.face_down != deal.areas.face_down)
      return Status::BadInput("face_down: deal " + std::to_string(*deal.number) +
                              " of this game has other face-down counts");
    if (expected && !(expected->areas == deal.areas))
      return Status::BadInput("areas: the cards are not those of deal " + std::to_string(*deal.number) +
                              " (shuffle " + deal.shuffle +
                              "); remove \"deal\" and \"shuffle\" to make it a hand-made deal");
  }
  return Status::Ok();
}

std::string NonDefaultOptions(const Game& game, const Options& options) {
  std::string changed;
  for (const auto& spec : game.option_specs()) {
    auto it = options.find(spec.name);
    if (it != options.end() && !(it->second == spec.default_value))
      changed += (changed.empty() ? "" : " ") + spec.name + "=" + FormatOptionValue(it->second);
  }
  return changed;
}

std::string DealName(const Game& game, const Deal& deal) {
  std::string name = deal.Name();
  const std::string changed = NonDefaultOptions(game, deal.options);
  if (!changed.empty()) name += " (" + changed + ")";
  return name;
}

Replay ReplayMoves(const Game& game, const Deal& deal, std::span<const MoveSpec> moves) {
  Replay r;
  r.final_table = game.StartTable(deal);
  for (const MoveSpec& m : moves) {
    Status s = game.Play(r.final_table, m);
    if (!s.ok()) {
      r.first_error = s;
      r.won = false;
      return r;
    }
    ++r.legal_moves;
  }
  r.won = game.Won(r.final_table);
  return r;
}

}  // namespace talon
