// Klondike (docs/rules/klondike.md): seven piles dealt in a triangle, the top
// card of each face up; the 24 other cards are the stock, turned three at a
// time onto the waste (option draw), through as many passes as the rules
// allow (option passes). Build down in alternating colours on the tableau,
// up in suit on four foundations (foundation 1 clubs, 2 diamonds, 3 hearts,
// 4 spades). The face-up run on a pile moves only whole (option runs=any:
// any face-up tail moves); only Kings fill spaces; nothing comes back from a
// foundation (option worry=true: the top card of a foundation may).
//
// This file holds the options, the dealing order, the checker and the
// notation; the solver is the rest of core/games/klondike/
// (docs/solvers/klondike.md), the export formats export.cpp.
//
// Checker counters (Table::counters): [0] redeals made, [1] 1 iff a card has
// left the waste since the last redeal (or the start).
#include <algorithm>
#include <array>
#include <cassert>
#include <string>

#include "core/games/games.h"
#include "core/games/klondike/export.h"
#include "core/games/klondike/line.h"
#include "core/games/klondike/solver.h"
#include "core/text.h"

namespace talon {
namespace {

constexpr int kPiles = 7;
constexpr int kTalonCards = 24;
// The most passes `passes=N` takes: any bound serves (a winning line needs at
// most 25 passes: a pass that plays no talon card can be left out); this one
// keeps N an int.
constexpr int64_t kMaxPasses = 999;
const char* const kArrow = "\u2192";  // →

bool Fits(Card b, Card h) { return h.rank() == b.rank() + 1 && h.red() != b.red(); }

std::string Labels(const std::vector<Card>& cards, size_t from = 0) {
  std::string out;
  for (size_t i = from; i < cards.size(); ++i) out += (out.empty() ? "" : " ") + CardLabel(cards[i]);
  return out;
}

std::string SuitWord(int suit) {
  static const char* const kWords[] = {"clubs", "diamonds", "hearts", "spades"};
  return kWords[suit];
}

std::string PlaceText(const Place& p) {
  std::string s(AreaName(p.area));
  if (p.number) s += " " + std::to_string(p.number);
  return s;
}

Status Illegal(std::string msg) { return Status::IllegalMove(std::move(msg)); }

class Klondike : public Game {
 public:
  Klondike()
      : Game({
            .id = "klondike",
            .title = "Klondike",
            .options = {
                OptionSpec{"draw", int64_t{3}, {int64_t{1}, int64_t{3}}, 0,
                           "cards turned from the stock at a time: 1 or 3"},
                OptionSpec{.name = "passes",
                           .default_value = std::string("unlimited"),
                           .allowed = {std::string("unlimited")},
                           .min_int = 1,
                           .help = "passes through the stock: N (1-" + std::to_string(kMaxPasses) +
                                   "), or unlimited (redeal while the last pass used a waste card)",
                           .numbers_too = true,
                           .max_int = kMaxPasses},
                OptionSpec{"runs", std::string("whole"), {std::string("whole"), std::string("any")},
                           0,
                           "whole: a pile's face-up run moves only whole; any: any face-up tail "
                           "moves"},
                OptionSpec{"worry", false, {false, true}, 0,
                           "true: the top card of a foundation may come back to the tableau"},
            },
            .areas = {Area::kTableau, Area::kStock, Area::kWaste, Area::kFoundations},
            .exports = {
                {.format = "ksolve",
                 .help = "the 156-digit deck string of KSolve / Klondike-Solver",
                 .write = KlondikeDeckString,
                 .rules_elsewhere = "KSolve: -draw 1 or -draw 3"},
                {.format = "pysol",
                 .help = "PySolFC's board text (\"Talon: ...\" and seven pile lines, face-down "
                         "cards in <>)",
                 .write = KlondikePysolBoard,
                 .blank_line_between = true,
                 .rules_elsewhere = "PySolFC: Klondike or Klondike (Draw 3)"},
            },
        }) {}

  // Row by row, as the text deals: row r (0-based) turns deck card face up on
  // pile r+1, then lays one face down on each of piles r+2..7. So pile p
  // (0-based) holds, bottom to top, the cards of rows 0..p, and the card of
  // row r on pile p >= r is deck[r*7 - r*(r-1)/2 + (p - r)]. The remaining
  // deck[28..51] is the stock, deck[28] turned first.
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    assert(deck.size() == 52);
    Areas a;
    a.tableau.resize(kPiles);
    size_t i = 0;
    for (int row = 0; row < kPiles; ++row)
      for (int p = row; p < kPiles; ++p) a.tableau[static_cast<size_t>(p)].push_back(deck[i++]);
    a.stock.assign(deck.rbegin(), deck.rend() - 28);
    a.face_down = {0, 1, 2, 3, 4, 5, 6};
    return a;
  }

  // PySolFC's Klondike deals round by round from the right: round r (1-6)
  // lays a card face down on piles 7, 6, ..., r+1, then a last round one face
  // up on piles 7, 6, ..., 1; the rest is its talon. This returns the deck
  // that DealCards (row by row from the left) turns into that layout.
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    assert(dealt.size() == 52);
    std::array<std::array<Card, kPiles>, kPiles> pile{};  // pile[p][height]
    size_t k = 0;
    for (int round = 1; round <= kPiles; ++round) {
      const int low = round == kPiles ? 0 : round;   // the last round reaches pile 1
      const int height = round == kPiles ? -1 : round - 1;
      for (int p = kPiles - 1; p >= low; --p) {
        const int h = height >= 0 ? height : p;      // a face-up card tops its pile
        pile[static_cast<size_t>(p)][static_cast<size_t>(h)] = dealt[k++];
      }
    }
    std::vector<Card> deck;
    deck.reserve(52);
    for (int row = 0; row < kPiles; ++row)
      for (int p = row; p < kPiles; ++p)
        deck.push_back(pile[static_cast<size_t>(p)][static_cast<size_t>(row)]);
    deck.insert(deck.end(), dealt.begin() + static_cast<std::ptrdiff_t>(k), dealt.end());
    return deck;
  }

  Status CheckShape(const Areas& a, const Options&) const override {
    if (a.tableau.size() != kPiles)
      return Status::BadInput("areas.tableau: klondike has 7 piles, not " + std::to_string(a.tableau.size()));
    if (a.face_down.size() != kPiles)
      return Status::BadInput("face_down: klondike needs a face-down count for each of the 7 piles "
                              "(e.g. [0,1,2,3,4,5,6])");
    for (size_t i = 0; i < kPiles; ++i) {
      const Pile& pile = a.tableau[i];
      const int down = a.face_down[i];
      const std::string where = "areas.tableau[" + std::to_string(i) + "] (pile " + std::to_string(i + 1) + ")";
      if (down < 0 || (pile.empty() ? down != 0 : down >= static_cast<int>(pile.size())))
        return Status::BadInput("face_down[" + std::to_string(i) + "] (pile " + std::to_string(i + 1) + "): " + std::to_string(down) +
                                " face-down cards on a pile of " + std::to_string(pile.size()) +
                                " (a pile's top card is always face up)");
      if (down > 19)
        return Status::BadInput("face_down[" + std::to_string(i) + "] (pile " + std::to_string(i + 1) + "): at most 19 face-down cards");
      for (size_t k = static_cast<size_t>(down) + 1; k < pile.size(); ++k)
        if (!Fits(pile[k], pile[k - 1]))
          return Status::BadInput(where + ": face-up " + CardName(pile[k]) + " cannot lie on " +
                                  CardName(pile[k - 1]) +
                                  " (face-up cards go down in rank, alternating colours)");
    }
    if (!a.foundations.empty()) {
      if (a.foundations.size() != 4)
        return Status::BadInput("areas.foundations: klondike has 4 foundations (clubs, diamonds, "
                                "hearts, spades), not " + std::to_string(a.foundations.size()));
      for (size_t f = 0; f < 4; ++f)
        for (size_t k = 0; k < a.foundations[f].size(); ++k)
          if (a.foundations[f][k] != Card(static_cast<int>(k) + 1, static_cast<Suit>(f)))
            return Status::BadInput("areas.foundations[" + std::to_string(f) + "]: foundation " +
                                    std::to_string(f + 1) + " holds " + SuitWord(static_cast<int>(f)) +
                                    " from the ace up; card " + std::to_string(k + 1) + " cannot be " +
                                    CardName(a.foundations[f][k]));
    }
    if (a.stock.size() + a.waste.size() > kTalonCards)
      return Status::BadInput("areas.stock: stock and waste hold at most 24 cards together, not " +
                              std::to_string(a.stock.size() + a.waste.size()));
    return Status::Ok();
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    return SolveKlondike(deal, limits, /*prune=*/true);
  }

  // A table is a hand-made position with the table's counters.
  SolveResult SolveTable(const Table& table, const SearchLimits& limits) const override {
    Deal rest;
    rest.game = std::string(id());
    rest.options = table.options;
    rest.areas = table.areas;
    KlondikeCounters counters;
    if (table.counters.size() >= 2) {
      counters.redeals = static_cast<int>(table.counters[0]);
      counters.used = table.counters[1] != 0;
    }
    return SolveKlondike(rest, limits, /*prune=*/true, 20000, counters);
  }

  const DifficultyModel* difficulty() const override { return KlondikeDifficulty(); }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    if (t.areas.foundations.empty()) t.areas.foundations.resize(4);
    if (t.areas.face_down.empty()) t.areas.face_down.assign(t.areas.tableau.size(), 0);
    t.counters = {0, 0};
    return t;
  }

  bool Won(const Table& t) const override {
    if (t.areas.foundations.size() != 4) return false;
    for (const Pile& f : t.areas.foundations)
      if (f.size() != 13) return false;
    return true;
  }

  Status Play(Table& t, const MoveSpec& m) const override;
  std::string RulesText(const Options& options) const override;
  Notation MoveNotation(const Options& options) const override;
  std::string DescribeMove(const MoveSpec& m) const override;
  const LineHooks& line_hooks() const override { return KlondikeLineHooks(); }
  std::string FormatMove(const MoveSpec& m) const override;
  Expected<MoveSpec> ParseMove(std::string_view text) const override;

 private:
  Status CheckPlace(const Place& p) const {
    if (p.area == Area::kTableau && (p.number < 1 || p.number > kPiles))
      return Illegal("there is no tableau pile " + std::to_string(p.number) + " (piles are 1-7)");
    if (p.area == Area::kFoundations && (p.number < 1 || p.number > 4))
      return Illegal("there is no foundation " + std::to_string(p.number) +
                     " (foundations are 1-4: clubs, diamonds, hearts, spades)");
    if ((p.area == Area::kStock || p.area == Area::kWaste) && p.number != 0)
      return Illegal("the " + std::string(AreaName(p.area)) + " is a single pile: write [\"" +
                     std::string(AreaName(p.area)) + "\"] without a number");
    return Status::Ok();
  }
  // Whether `card` may go on foundation `number` (1-4) now.
  static Status ToFoundation(const Table& t, Card card, int number) {
    const Pile& f = t.areas.foundations[static_cast<size_t>(number - 1)];
    if (static_cast<int>(card.suit()) != number - 1)
      return Illegal("foundation " + std::to_string(number) + " holds " + SuitWord(number - 1) + ", not " +
                     CardLabel(card));
    if (card.rank() != static_cast<int>(f.size()) + 1)
      return Illegal("foundation " + std::to_string(number) + " needs " +
                     (f.size() == 13 ? std::string("nothing more") : CardLabel(Card(static_cast<int>(f.size()) + 1, card.suit()))) +
                     " next, not " + CardLabel(card));
    return Status::Ok();
  }
  // Whether a run whose lowest (base) card is `base` may go on tableau pile `number`.
  static Status ToTableau(const Table& t, Card base, int number) {
    const Pile& pile = t.areas.tableau[static_cast<size_t>(number - 1)];
    if (pile.empty()) {
      if (base.rank() != kKing)
        return Illegal("pile " + std::to_string(number) + " is empty and only a King (or a run from a King) "
                       "may fill a space, not " + CardLabel(base));
      return Status::Ok();
    }
    const Card h = pile.back();
    if (h.red() == base.red())
      return Illegal(CardLabel(base) + " cannot go on " + CardLabel(h) + " (pile " + std::to_string(number) +
                     "): same colour");
    if (h.rank() != base.rank() + 1)
      return Illegal(CardLabel(base) + " cannot go on " + CardLabel(h) + " (pile " + std::to_string(number) +
                     "): it must be one rank lower");
    return Status::Ok();
  }
  static void TurnUp(Table& t, size_t i) {
    const int size = static_cast<int>(t.areas.tableau[i].size());
    if (size > 0 && t.areas.face_down[i] >= size) t.areas.face_down[i] = size - 1;
  }
};

Status Klondike::Play(Table& t, const MoveSpec& m) const {
  Areas& a = t.areas;
  const KlondikeRules rules = ReadKlondikeRules(t.options);
  if (m.from.size() != 1)
    return Illegal("a Klondike move takes cards from one place, not " + std::to_string(m.from.size()));
  const Place from = m.from[0], to = m.to;
  TALON_RETURN_IF_ERROR(CheckPlace(from));
  TALON_RETURN_IF_ERROR(CheckPlace(to));
  const int k = static_cast<int>(m.cards.size());
  if (m.count != 0 && m.count != k)
    return Illegal("count " + std::to_string(m.count) + " does not match the " + std::to_string(k) +
                   " cards named");

  // Draw.
  if (from.area == Area::kStock && to.area == Area::kWaste) {
    if (a.stock.empty())
      return Illegal(a.waste.empty() ? "the stock and the waste are empty: nothing to draw"
                                     : "the stock is empty: turn the waste over first (W\u2192S)");
    const size_t n = std::min(a.stock.size(), static_cast<size_t>(rules.draw));
    std::vector<Card> turned(a.stock.rbegin(), a.stock.rbegin() + static_cast<std::ptrdiff_t>(n));
    if (m.cards != turned)
      return Illegal("the draw turns " + Labels(turned) + ", not " + (k ? Labels(m.cards) : "no cards"));
    for (size_t i = 0; i < n; ++i) {
      a.waste.push_back(a.stock.back());
      a.stock.pop_back();
    }
    return Status::Ok();
  }
  // Redeal.
  if (from.area == Area::kWaste && to.area == Area::kStock) {
    if (k != 0) return Illegal("a redeal names no cards (it turns the whole waste over)");
    if (!a.stock.empty())
      return Illegal("the stock still holds " + std::to_string(a.stock.size()) +
                     " cards: the waste is turned over only when the stock is empty");
    if (a.waste.empty()) return Illegal("the waste is empty: nothing to turn over");
    if (rules.passes > 0 && t.counters[0] + 1 >= rules.passes)
      return Illegal("passes=" + std::to_string(rules.passes) + ": no pass through the stock is left");
    if (rules.passes == 0 && t.counters[1] == 0)
      return Illegal("the last pass used no card from the waste, so the game is over (passes=unlimited "
                     "allows a new pass only after a pass that used a waste card)");
    a.stock.assign(a.waste.rbegin(), a.waste.rend());
    a.waste.clear();
    ++t.counters[0];
    t.counters[1] = 0;
    return Status::Ok();
  }
  // From the waste.
  if (from.area == Area::kWaste && (to.area == Area::kFoundations || to.area == Area::kTableau)) {
    if (a.waste.empty()) return Illegal("the waste is empty (turn cards from the stock first: S\u2192W)");
    if (k != 1) return Illegal("a move from the waste takes its top card only, not " + std::to_string(k) + " cards");
    if (m.cards[0] != a.waste.back())
      return Illegal("the waste's top card is " + CardLabel(a.waste.back()) + ", not " + CardLabel(m.cards[0]));
    if (to.area == Area::kFoundations) {
      TALON_RETURN_IF_ERROR(ToFoundation(t, m.cards[0], to.number));
      a.foundations[static_cast<size_t>(to.number - 1)].push_back(m.cards[0]);
    } else {
      TALON_RETURN_IF_ERROR(ToTableau(t, m.cards[0], to.number));
      a.tableau[static_cast<size_t>(to.number - 1)].push_back(m.cards[0]);
    }
    a.waste.pop_back();
    t.counters[1] = 1;
    return Status::Ok();
  }
  // From the tableau.
  if (from.area == Area::kTableau && (to.area == Area::kFoundations || to.area == Area::kTableau)) {
    const size_t i = static_cast<size_t>(from.number - 1);
    Pile& pile = a.tableau[i];
    const int down = a.face_down[i];
    if (pile.empty()) return Illegal("pile " + std::to_string(from.number) + " is empty");
    if (k == 0) return Illegal("the move names no cards");
    if (to.area == Area::kTableau && to.number == from.number)
      return Illegal("the cards would go back onto their own pile " + std::to_string(from.number));
    // The named cards must be the top k of the pile, all face up.
    const int size = static_cast<int>(pile.size());
    int at = -1;  // where the first named card lies in the pile
    for (int x = 0; x < size; ++x)
      if (pile[static_cast<size_t>(x)] == m.cards[0]) at = x;
    if (at < 0)
      return Illegal(CardLabel(m.cards[0]) + " is not in pile " + std::to_string(from.number) +
                     " (its top card is " + CardLabel(pile.back()) + ")");
    if (at < down)
      return Illegal(CardLabel(m.cards[0]) + " in pile " + std::to_string(from.number) + " is face down");
    if (at + k != size || !std::equal(m.cards.begin(), m.cards.end(), pile.begin() + at)) {
      std::vector<Card> tail(pile.begin() + at, pile.end());
      return Illegal(CardLabel(m.cards[0]) + " in pile " + std::to_string(from.number) + " is covered: from it up the pile holds " +
                     Labels(tail) + ", not " + Labels(m.cards));
    }
    if (to.area == Area::kFoundations) {
      if (k != 1)
        return Illegal("only one card at a time goes to a foundation (the top card of pile " +
                       std::to_string(from.number) + "), not " + std::to_string(k));
      TALON_RETURN_IF_ERROR(ToFoundation(t, m.cards[0], to.number));
      a.foundations[static_cast<size_t>(to.number - 1)].push_back(m.cards[0]);
    } else {
      if (!rules.any_run && at != down)
        return Illegal("runs=whole: the face-up run of pile " + std::to_string(from.number) + " (" +
                       std::to_string(size - down) + " cards, from " + CardLabel(pile[static_cast<size_t>(down)]) +
                       ") moves whole or not at all");
      TALON_RETURN_IF_ERROR(ToTableau(t, m.cards[0], to.number));
      Pile& dest = a.tableau[static_cast<size_t>(to.number - 1)];
      dest.insert(dest.end(), m.cards.begin(), m.cards.end());
    }
    pile.resize(static_cast<size_t>(at));
    TurnUp(t, i);
    return Status::Ok();
  }
  // From a foundation (worry).
  if (from.area == Area::kFoundations && to.area == Area::kTableau) {
    if (!rules.worry) return Illegal("worry=false: cards never come back from a foundation");
    Pile& f = a.foundations[static_cast<size_t>(from.number - 1)];
    if (f.empty()) return Illegal("foundation " + std::to_string(from.number) + " is empty");
    if (k != 1) return Illegal("one card at a time comes back from a foundation, not " + std::to_string(k));
    if (m.cards[0] != f.back())
      return Illegal("the top card of foundation " + std::to_string(from.number) + " is " + CardLabel(f.back()) +
                     ", not " + CardLabel(m.cards[0]));
    TALON_RETURN_IF_ERROR(ToTableau(t, m.cards[0], to.number));
    a.tableau[static_cast<size_t>(to.number - 1)].push_back(m.cards[0]);
    f.pop_back();
    return Status::Ok();
  }
  return Illegal("no Klondike move goes from " + PlaceText(from) + " to " + PlaceText(to) +
                 " (moves: stock to waste, waste to stock, waste or tableau to a foundation or the "
                 "tableau, foundation to tableau with worry=true)");
}

std::string Klondike::RulesText(const Options& options) const {
  const KlondikeRules r = ReadKlondikeRules(options);
  std::string out =
      "Seven piles of 1 to 7 cards are dealt, the top card of each face up; the other 24 cards are the "
      "stock. Turn the stock " +
      std::string(r.draw == 1 ? "one card at a time" : NumberWord(r.draw) + " cards at a time") +
      " onto the waste, whose top card is playable. Build the tableau down in alternating colours; only a "
      "King, with any cards on it, fills a space; a face-down card left on top is turned up. Build four "
      "foundations up in suit from the aces. ";
  out += r.any_run ? "Any face-up card may move with the cards on it. "
                   : "The face-up cards of a pile move only all together, though the top one may go to a "
                     "foundation alone. ";
  out += r.worry ? "The top card of a foundation may come back onto the tableau. "
                 : "Cards on the foundations stay there. ";
  if (r.passes == 0)
    out += "When the stock is empty, turn the waste over to make a new stock, as long as the pass just "
           "finished used a card from the waste. ";
  else if (r.passes == 1)
    out += "Go through the stock once only: the waste is never turned over. ";
  else
    out += "When the stock is empty, turn the waste over to make a new stock: " + NumberWord(r.passes) +
           " passes through the stock in all. ";
  return out + "Win by building all 52 cards on the foundations.";
}

Notation Klondike::MoveNotation(const Options& options) const {
  const KlondikeRules r = ReadKlondikeRules(options);
  Notation n;
  n.symbols = {{"1-7", "the tableau piles, numbered from the left"},
               {"S", "the stock, face down"},
               {"W", "the waste, the face-up pile the stock is turned onto"},
               {"F", "the foundation of the card's suit"},
               {kArrow, "goes to: cards move from the place on the left to the place on the right"},
               {std::string("S") + kArrow + "W",
                r.draw == 1 ? "turn the next card of the stock onto the waste"
                            : "turn the next " + NumberWord(r.draw) +
                                  " cards of the stock onto the waste, one by one (fewer at its end); the "
                                  "last named ends on top"}};
  if (r.passes != 1)
    n.symbols.push_back({std::string("W") + kArrow + "S", "turn the waste over to make the stock again (a new pass)"});
  n.symbols.push_back({"9\u2660 8\u2665 7\u2663", "several cards moved together, the bottom one first"});
  n.symbols.push_back(CardSymbol());
  n.unwritten = "Not written: turning up a face-down card left on top of a pile; do it at once.";
  return n;
}

std::string Klondike::DescribeMove(const MoveSpec& m) const {
  if (m.from.size() != 1) return "no move";
  const Place f = m.from[0], t = m.to;
  auto where = [](const Place& p) -> std::string {
    switch (p.area) {
      case Area::kTableau: return "pile " + std::to_string(p.number);
      case Area::kWaste: return "the waste";
      case Area::kFoundations: return "its foundation";
      default: return std::string(AreaName(p.area));
    }
  };
  if (f.area == Area::kStock)
    return m.cards.size() == 1 ? "turn the next card of the stock, " + Labels(m.cards) + ", onto the waste"
                               : "turn the next " + NumberWord(static_cast<long long>(m.cards.size())) +
                                     " cards of the stock, " + Labels(m.cards) + ", onto the waste (" +
                                     CardLabel(m.cards.back()) + " ends on top)";
  if (f.area == Area::kWaste && t.area == Area::kStock) return "turn the waste over to make the stock again";
  if (m.cards.empty()) return "no move";
  const std::string to = (t.area == Area::kFoundations ? " to " : " onto ") + where(t);
  if (f.area == Area::kWaste) return "move the waste's top card, " + Labels(m.cards) + "," + to;
  if (f.area == Area::kFoundations) return "move " + Labels(m.cards) + " back from its foundation" + to;
  if (m.cards.size() > 1)
    return "move the run " + Labels(m.cards) + " from " + where(f) + to;
  return "move " + Labels(m.cards) + " from " + where(f) + to;
}

// Notation: "S→W  4♥ 9♣ K♦" a draw (the cards in the order turned), "W→S" a
// redeal, "W→F  A♠", "W→3  Q♥", "3→F  5♦", "3→7  9♠ 8♥ 7♣" (the run,
// bottom to top), "F→3  5♦". The foundation is the card's suit, so F carries
// no number. ParseMove also reads "S" for a draw and "R" for a redeal.
std::string Klondike::FormatMove(const MoveSpec& m) const {
  if (m.from.size() != 1) return Game::FormatMove(m);
  const Place f = m.from[0], t = m.to;
  auto end = [](const Place& p) -> std::string {
    switch (p.area) {
      case Area::kWaste: return "W";
      case Area::kStock: return "S";
      case Area::kFoundations: return "F";
      case Area::kTableau: return std::to_string(p.number);
      default: return std::string(AreaName(p.area));
    }
  };
  std::string out = end(f) + kArrow + end(t);
  if (!m.cards.empty()) out += "  " + Labels(m.cards);
  return out;
}

Expected<MoveSpec> Klondike::ParseMove(std::string_view text) const {
  auto bad = [&](const std::string& why) {
    return Status::BadInput("move '" + Excerpt(text) + "': " + why +
                            " (klondike moves: S\u2192W, W\u2192S, W\u2192F, W\u21923, 3\u2192F, "
                            "3\u21927, F\u21923, each but W\u2192S followed by its cards)");
  };
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.empty()) return Status::BadInput("empty move");
  MoveSpec m;
  for (size_t w = 1; w < words.size(); ++w) {
    auto card = ParseCard(words[w]);
    if (!card) return bad("'" + Excerpt(words[w]) + "' is not a card (e.g. KS, 10H, K\u2660)");
    m.cards.push_back(*card);
  }
  std::string code(words[0]);
  if (size_t at = code.find("->"); at != std::string::npos) code.replace(at, 2, kArrow);
  for (char& c : code)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  if (code == "S" || code == std::string("S") + kArrow + "W") {
    if (m.cards.empty()) return bad("a draw names the cards it turns");
    m.from = {Place{Area::kStock, 0}};
    m.to = Place{Area::kWaste, 0};
    m.count = m.cards.size() > 1 ? static_cast<int>(m.cards.size()) : 0;
    return m;
  }
  if (code == "R" || code == std::string("W") + kArrow + "S") {
    if (!m.cards.empty()) return bad("a redeal names no cards");
    m.from = {Place{Area::kWaste, 0}};
    m.to = Place{Area::kStock, 0};
    return m;
  }
  const size_t arrow = code.find(kArrow);
  if (arrow == std::string::npos) return bad("no arrow (\u2192 or ->) between the two places");
  if (m.cards.empty()) return bad("the move names no cards");
  auto place = [&](std::string_view s, bool source) -> Expected<Place> {
    if (s == "W") {
      if (!source) return bad("nothing moves to the waste but a draw (S\u2192W)");
      return Place{Area::kWaste, 0};
    }
    if (!s.empty() && s[0] == 'F') {
      if (s.size() == 1) return Place{Area::kFoundations, static_cast<int>(m.cards[0].suit()) + 1};
      if (s.size() == 2 && s[1] >= '1' && s[1] <= '4') return Place{Area::kFoundations, s[1] - '0'};
      return bad("'" + Excerpt(s) + "' is not a foundation (F, or F1-F4)");
    }
    if (s.size() == 1 && s[0] >= '1' && s[0] <= '9') return Place{Area::kTableau, s[0] - '0'};
    return bad("'" + Excerpt(s) + "' is not a place (W, F or a pile number 1-7)");
  };
  auto a = place(std::string_view(code).substr(0, arrow), true);
  if (!a) return a.status();
  auto b = place(std::string_view(code).substr(arrow + std::string(kArrow).size()), false);
  if (!b) return b.status();
  m.from = {*a};
  m.to = *b;
  m.count = m.cards.size() > 1 ? static_cast<int>(m.cards.size()) : 0;
  return m;
}

}  // namespace

const Game& KlondikeGame() {
  static const Klondike game;
  return game;
}

}  // namespace talon
