// The Carpet (docs/rules/carpet.md): 20 cards in four rows of five (slots
// 1-20, row by row); aces go out at once to four foundations (1 clubs,
// 2 diamonds, 3 hearts, 4 spades), built up in suit from the carpet; every
// hole is refilled at once from the pack (aces drawn go out too, and the hole
// is refilled again). When nothing on the carpet can be built, the player
// turns the rest of the pack one card at a time onto the waste, whose top
// may be built; from then on holes are patched from the top of the waste,
// never from the pack (option `patching`: compulsory, done at once by the
// rules; or optional, a move the player may make). One pass, no redeal.
//
// Checker: Table.counters[0] is the phase: 0 while holes are refilled from
// the pack, 1 once the first card has been turned onto the waste.
//
// This file is the game: dealing, the checker and the notation. The solver
// is solver.cpp (docs/solvers/carpet.md).
#include <cassert>
#include <optional>
#include <string>
#include <vector>

#include "core/games/arrow_move.h"
#include "core/games/carpet/solver.h"
#include "core/games/games.h"
#include "core/shorten.h"
#include "core/text.h"

namespace talon {
namespace {

using carpet::Compulsory;
using carpet::kFoundations;
using carpet::kSlots;

// Takes the pack's top card: an ace goes to its foundation at once and
// nullopt is returned; any other card is returned.
std::optional<Card> DrawFromPack(Areas& a) {
  const Card c = a.stock.back();
  a.stock.pop_back();
  if (c.rank() == kAce) {
    a.foundations[c.suit()].push_back(c);
    return std::nullopt;
  }
  return c;
}

// What the rules do without a choice after every move: in phase 0 every
// hole is refilled from the pack in slot order; in phase 1 with compulsory
// patching every hole is patched from the waste's top, in slot order.
void Settle(Table& t) {
  Areas& a = t.areas;
  if (t.counters[0] == 0) {
    for (Pile& slot : a.tableau)
      while (slot.empty() && !a.stock.empty())
        if (auto c = DrawFromPack(a)) slot.push_back(*c);
    return;
  }
  if (!Compulsory(t.options)) return;
  for (Pile& slot : a.tableau) {
    if (a.waste.empty()) return;
    if (!slot.empty()) continue;
    slot.push_back(a.waste.back());
    a.waste.pop_back();
  }
}

std::string SlotName(int s) { return "slot " + std::to_string(s); }

class Carpet final : public Game {
 public:
  Carpet()
      : Game({
            .id = "carpet",
            .title = "The Carpet",
            .options = {OptionSpec{"patching", std::string("compulsory"),
                                   {std::string("compulsory"), std::string("optional")}, 0,
                                   "compulsory: holes are patched at once from the waste; "
                                   "optional: patching is a move the player may make"}},
            .areas = {Area::kTableau, Area::kStock},
            .sheet = {.tableau = SheetLayout::Tableau::kRows, .row_lengths = {5}},
        }) {}

  // deck[0..19] to slots 1-20 (row by row); the rest is the pack, deck[20]
  // drawn first (the stock pile lists it last).
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    assert(deck.size() == 52);
    Areas a;
    for (size_t i = 0; i < kSlots; ++i) a.tableau.push_back(Pile{deck[i]});
    a.stock.assign(deck.rbegin(), deck.rend() - kSlots);
    return a;
  }

  Expected<std::vector<Card>> PysolDeck(std::span<const Card>, const Options&) const override {
    return Status::Usage("--shuffle pysol: PySolFC's Carpet puts the four aces on the "
                         "foundations before it deals the carpet, so its carpet never holds an "
                         "ace and its pack 28 cards; no deal of The Carpet is laid out so "
                         "(docs/pysol.md)");
  }

  Status CheckShape(const Areas& areas, const Options&) const override {
    if (areas.tableau.size() != kSlots)
      return Status::BadInput("areas.tableau: the carpet has 20 slots (4 rows of 5), not " +
                              std::to_string(areas.tableau.size()));
    for (size_t s = 0; s < areas.tableau.size(); ++s)
      if (areas.tableau[s].size() != 1)
        return Status::BadInput("areas.tableau[" + std::to_string(s) + "] (slot " + std::to_string(s + 1) + "): a slot of the carpet " +
                                "is dealt one card, not " + std::to_string(areas.tableau[s].size()));
    if (areas.stock.size() != 52 - kSlots)
      return Status::BadInput("areas.stock: the pack holds the other 32 cards, not " +
                              std::to_string(areas.stock.size()));
    if (!areas.face_down.empty())
      return Status::BadInput("face_down: the carpet deals every card face up");
    return Status::Ok();
  }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    t.areas.foundations.assign(kFoundations, Pile{});
    t.counters = {0};
    for (Pile& slot : t.areas.tableau)
      if (!slot.empty() && slot.back().rank() == kAce) {
        t.areas.foundations[slot.back().suit()].push_back(slot.back());
        slot.pop_back();
      }
    Settle(t);
    return t;
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    CarpetSolve solved = SolveCarpet(deal, limits, true);
    solved.result.score = solved.score;
    return std::move(solved.result);
  }

  // With compulsory patching every winning line has one length
  // (docs/solvers/carpet.md#line-length); with optional patching a search
  // may find one with fewer patches.
  const LineHooks& line_hooks() const override {
    class Hooks final : public LineHooks {
     public:
      bool OneLength(const Options& options) const override { return carpet::Compulsory(options); }
      uint64_t Replan(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) const override {
        return FindShortCarpetLine(deal, bound, work, line);
      }
    };
    static const Hooks hooks;
    return hooks;
  }

  SolveResult SolveTable(const Table& table, const SearchLimits& limits) const override {
    CarpetSolve solved = SolveCarpetTable(table, limits);
    solved.result.score = solved.score;
    return std::move(solved.result);
  }

  const DifficultyModel* difficulty() const override { return CarpetDifficulty(); }

  Status Play(Table& table, const MoveSpec& move) const override {
    Areas& a = table.areas;
    if (a.tableau.size() != kSlots || a.foundations.size() != kFoundations || table.counters.empty())
      return Status::Internal("carpet: the table was not set up by StartTable");
    if (move.from.size() != 1 || move.cards.size() != 1 || move.count > 1)
      return Status::IllegalMove("a move of The Carpet takes one card from one place");
    const Place& src = move.from[0];
    const Place& dst = move.to;
    const Card card = move.cards[0];
    const bool phase0 = table.counters[0] == 0;

    // Where the card comes from, checked first.
    if (src.area == Area::kTableau) {
      if (src.number < 1 || src.number > kSlots)
        return Status::IllegalMove("there is no " + SlotName(src.number) + " (slots are 1-20)");
      const Pile& slot = a.tableau[static_cast<size_t>(src.number - 1)];
      if (slot.empty()) return Status::IllegalMove(SlotName(src.number) + " is a hole (it was to hold " + CardLabel(card) + ")");
      if (slot.back() != card)
        return Status::IllegalMove(SlotName(src.number) + " holds " + CardLabel(slot.back()) + ", not " + CardLabel(card));
    } else if (src.area == Area::kWaste) {
      if (a.waste.empty()) return Status::IllegalMove("the waste is empty (it was to show " + CardLabel(card) + ")");
      if (a.waste.back() != card)
        return Status::IllegalMove("the waste shows " + CardLabel(a.waste.back()) + ", not " + CardLabel(card));
    } else if (src.area == Area::kStock) {
      if (a.stock.empty()) return Status::IllegalMove("the pack is used up: there is no card to turn");
      if (a.stock.back() != card)
        return Status::IllegalMove("the next card of the pack is " + CardLabel(a.stock.back()) + ", not " + CardLabel(card));
    } else {
      return Status::IllegalMove("cards are taken from the carpet, the waste or the pack, not from " +
                                 std::string(AreaName(src.area)));
    }

    if (dst.area == Area::kFoundations) {
      if (src.area == Area::kStock)
        return Status::IllegalMove("a card of the pack is turned onto the waste first; it may then be built from there");
      if (dst.number < 1 || dst.number > kFoundations)
        return Status::IllegalMove("there is no foundation " + std::to_string(dst.number) + " (foundations are 1-4: ♣ ♦ ♥ ♠)");
      if (dst.number != card.suit() + 1)
        return Status::IllegalMove("foundation " + std::to_string(dst.number) + " is for " +
                                   SuitSymbol(static_cast<Suit>(dst.number - 1)) + "; " + CardLabel(card) +
                                   " goes to foundation " + std::to_string(card.suit() + 1));
      const Pile& f = a.foundations[static_cast<size_t>(dst.number - 1)];
      if (f.empty() || f.back().rank() + 1 != card.rank())
        return Status::IllegalMove(CardLabel(card) + " needs " + CardLabel(Card(card.rank() - 1, card.suit())) +
                                   " on foundation " + std::to_string(dst.number) + ", which " +
                                   (f.empty() ? std::string("is empty") : "shows " + CardLabel(f.back())));
      if (src.area == Area::kTableau) a.tableau[static_cast<size_t>(src.number - 1)].pop_back();
      else a.waste.pop_back();
      a.foundations[static_cast<size_t>(dst.number - 1)].push_back(card);
      Settle(table);
      return Status::Ok();
    }

    if (dst.area == Area::kWaste) {
      if (src.area != Area::kStock)
        return Status::IllegalMove("only a card turned from the pack goes onto the waste");
      if (phase0)
        for (const Pile& slot : a.tableau)
          if (!slot.empty()) {
            const Card c = slot.back();
            const Pile& f = a.foundations[c.suit()];
            if (!f.empty() && f.back().rank() + 1 == c.rank())
              return Status::IllegalMove("the pack is turned only when nothing more can be built; " +
                                         CardLabel(c) + " can go to foundation " + std::to_string(c.suit() + 1));
          }
      table.counters[0] = 1;
      if (auto c = DrawFromPack(a)) a.waste.push_back(*c);
      Settle(table);
      return Status::Ok();
    }

    if (dst.area == Area::kTableau) {
      if (src.area != Area::kWaste)
        return Status::IllegalMove(src.area == Area::kStock
                                       ? "holes are refilled from the pack by the rules, not by a move"
                                       : "a carpet card goes only to its foundation");
      if (Compulsory(table.options))
        return Status::IllegalMove("with compulsory patching the rules patch every hole at once; "
                                   "a patch is not a move (option patching=optional makes it one)");
      if (dst.number < 1 || dst.number > kSlots)
        return Status::IllegalMove("there is no " + SlotName(dst.number) + " (slots are 1-20)");
      Pile& slot = a.tableau[static_cast<size_t>(dst.number - 1)];
      if (!slot.empty())
        return Status::IllegalMove(SlotName(dst.number) + " holds " + CardLabel(slot.back()) + "; only a hole can be patched");
      slot.push_back(card);
      a.waste.pop_back();
      return Status::Ok();
    }
    return Status::IllegalMove("cards go to the foundations, the waste or a hole in the carpet, not to " +
                               std::string(AreaName(dst.area)));
  }

  bool Won(const Table& table) const override {
    if (table.areas.foundations.size() != kFoundations) return false;
    for (const Pile& f : table.areas.foundations)
      if (f.size() != 13) return false;
    return true;
  }

  std::string RulesText(const Options& options) const override {
    return std::string(
               "Twenty cards are dealt face up in four rows of five: the carpet. Aces go out at "
               "once to start four foundations, built up in suit from the carpet; every hole is "
               "refilled at once from the pack. When nothing more can be built, turn the rest of "
               "the pack one card at a time onto a waste pile, whose top card may be built; from "
               "then on holes are not refilled from the pack: ") +
           (Compulsory(options) ? "each hole is patched at once with the top card of the waste. "
                                : "you may patch a hole with the top card of the waste, when you "
                                  "choose. ") +
           "One pass through the pack. You win when all 52 cards are on the foundations; the score "
           "is the number of cards built.";
  }

  Notation MoveNotation(const Options& options) const override {
    const bool compulsory = Compulsory(options);
    return {.symbols = {{"1-20", "the slots of the carpet, numbered row by row from the top left"},
                        {"S", "the pack (the stock), face down"},
                        {"W", "the waste, the face-up pile the pack is turned onto"},
                        {"F", "the foundation of the card's suit"},
                        {">", "goes to: the card moves from the place on the left to the place on the right"},
                        CardSymbol()},
            .unwritten = std::string("Not written: aces going out to their foundations (an ace turned from "
                                     "the pack goes straight out), refilling holes from the pack before "
                                     "the first card is turned") +
                         (compulsory ? ", and patching holes from the waste once it is: do these at once."
                                     : ": do these at once. Patches are written (W>3)."),
            .at_start = "the aces dealt are out on their foundations, and their slots refilled from the pack"};
  }

  std::string DescribeMove(const MoveSpec& move) const override {
    if (move.from.empty() || move.cards.empty()) return "no move";
    const Place& src = move.from[0];
    const std::string card = CardLabel(move.cards[0]);
    if (src.area == Area::kStock) return "turn the next card of the pack, " + card + ", onto the waste";
    if (move.to.area == Area::kTableau)
      return "patch slot " + std::to_string(move.to.number) + " with the waste's top card, " + card;
    if (src.area == Area::kWaste) return "build the waste's top card, " + card + ", onto its foundation";
    return "build " + card + " from slot " + std::to_string(src.number) + " onto its foundation";
  }

  // "12>F  7♥" (slot 12 to its foundation), "W>F  7♥" (waste top to its
  // foundation), "S>W  7♥" (turn the pack's top), "W>12  7♥" (patch slot 12).
  std::string FormatMove(const MoveSpec& move) const override {
    return FormatArrowMove(move, [](const Place& p) -> std::string {
      switch (p.area) {
        case Area::kTableau: return std::to_string(p.number);
        case Area::kWaste: return "W";
        case Area::kStock: return "S";
        case Area::kFoundations: return "F";
        default: return "?";
      }
    });
  }
  Expected<MoveSpec> ParseMove(std::string_view text) const override {
    return ParseArrowMove(text, "12>F 7H", "a slot number, W (waste), S (pack) or F (foundation)",
                          [](std::string_view w, Card card, Place& out) {
                            int n = 0;
                            if (w == "W" || w == "w") out = {Area::kWaste, 0};
                            else if (w == "S" || w == "s") out = {Area::kStock, 0};
                            else if (w == "F" || w == "f") out = {Area::kFoundations, card.suit() + 1};
                            else if (ParseSmallNumber(w, n)) out = {Area::kTableau, n};
                            else return false;
                            return true;
                          });
  }
};

}  // namespace

const Game& CarpetGame() {
  static const Carpet game;
  return game;
}

}  // namespace talon
