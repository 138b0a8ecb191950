// Slot games: Thirteens, Fifteen and Take Ten.
//
// Their tableau is a row (or grid) of slots, each holding one card or none,
// and a stock. A move discards cards from any slots; when the whole move is
// done, every empty slot is refilled from the stock, in increasing slot
// order, until the tableau is full or the stock is empty. So whenever the
// stock holds cards the tableau is full, and a position is fully described
// by the cards in the slots and how many stock cards have been drawn.
//
// This file holds what the three share: the layout, the checker's common
// half (places, cards, refill), and the solver's concrete position and rules
// used by Thirteens and Take Ten (Fifteen has its own, by rank counts).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/search.h"
#include "core/shorten.h"

namespace talon {

class SlotGame : public Game {
 public:
  explicit SlotGame(GameInfo info) : Game(std::move(info)) {}
  // deck[0..slots) to slots 1..slots; the rest is the stock, deck[slots]
  // turned first (so the stock pile, listed bottom to top, is the rest of
  // the deck reversed).
  Areas DealCards(std::span<const Card> deck, const Options& options) const override;
  // Exactly Slots(options) slots of one card each; nothing face down.
  Status CheckShape(const Areas& areas, const Options& options) const override;
  // Checks the places and cards (common to the three games), then the game's
  // CheckCards; applies the move and refills (RefillSlots).
  Status Play(Table& table, const MoveSpec& move) const override;
  // Every slot and the stock empty: all 52 cards discarded.
  bool Won(const Table& table) const override;
  // Slots numbered row by row, joined by '+'; refills are not written.
  Notation MoveNotation(const Options& options) const override;
  // "discard 7♦ (slot 1) and 6♦ (slot 8), then fill slots 1 and 8 from the stock".
  std::string DescribeMove(const MoveSpec& move) const override;
  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    return SolveWith(deal, limits, /*prune=*/true);
  }
  // A win of Thirteens, Fifteen or Take Ten takes a number of moves fixed by
  // the cards (docs/solvers/adding-games.md#line-length).
  const LineHooks& line_hooks() const override { return OneLengthHooks(); }

  // The number of slots under complete `options`.
  virtual int Slots(const Options& options) const = 0;
  // The solver. prune=false is the plain search: every legal move, no safe
  // move, no dead test; the tests compare its verdicts with the pruned ones.
  // REQUIRES: CheckDeal(deal).ok().
  virtual SolveResult SolveWith(const Deal& deal, const SearchLimits& limits, bool prune) const = 0;

 protected:
  // The game's own rule for the cards of one move. REQUIRES: each card lies
  // in a distinct slot of `tableau`, cards.size() >= 1. Returns ok iff they
  // may go to the discard together, else kIllegalMove with the reason.
  virtual Status CheckCards(std::span<const Card> cards,
                            const std::vector<Pile>& tableau) const = 0;
};

// Fills every empty slot, in increasing slot order, with the stock's top
// card (back()), until the tableau is full or the stock is empty.
void RefillSlots(std::vector<Pile>& tableau, Pile& stock);

// "7♥ 5♠" (sep " ") or "7♥ + 5♠" (sep " + "): cards for messages.
std::string CardList(std::span<const Card> cards, std::string_view sep = " ");

// ---------------------------------------------------------------------------
// The solver's concrete position for Thirteens and Take Ten.

inline constexpr int kMaxSlots = 16;

struct SlotPosition {
  std::array<uint8_t, kMaxSlots> code{};  // Card::code() per slot; 0 = empty
  uint64_t on_table = 0;                  // bit Card::index() per card in a slot
  uint8_t drawn = 0;                      // stock cards drawn so far
};

// A move: the slots (0-based, ascending) whose cards are discarded.
struct SlotMove {
  uint8_t n = 0;
  std::array<uint8_t, 4> slot{};
};

// The deal as the solver sees it: the stock in the order it is drawn.
struct SlotDeal {
  int slots = 0;
  int stock_size = 0;
  std::array<uint8_t, 52> draw{};  // draw[0] is turned first
  SlotPosition start;
};
SlotDeal MakeSlotDeal(const Deal& deal, int slots);

// Rules (core/search.h) over SlotPosition for a game whose moves are found
// by Generate: `int Generate()(const SlotPosition&, int slots, SlotMove* out,
// int max)` writes at most `max` legal moves, and, when max is at least
// Generate::kMaxMoves, all of them.
//
// The position key is the set of cards on the tableau and the number drawn.
// It forgets which slot holds which card; that is sound because the rules
// never look at a card's slot except to say where a refill lands, and a
// card's slot changes neither which moves are legal nor which cards come next.
template <class Generate>
struct SlotRules {
  using Position = SlotPosition;
  using Move = SlotMove;
  static constexpr int kMaxMoves = Generate::kMaxMoves;
  bool prune = true;
  // With prune, Moves() returns one move only: no choice ever matters in
  // the games using SlotRules (docs/solvers/adding-games.md).
  const SlotDeal* deal = nullptr;

  bool Won(const Position& p) const { return p.on_table == 0 && p.drawn == deal->stock_size; }
  int Moves(const Position& p, Move* out) const {
    return Generate()(p, deal->slots, out, prune ? 1 : kMaxMoves);
  }
  void Apply(Position& p, Move m) const {
    for (int i = 0; i < m.n; ++i) {
      const uint8_t s = m.slot[static_cast<size_t>(i)];
      p.on_table &= ~(uint64_t{1} << Card::FromCode(p.code[s]).index());
      p.code[s] = 0;
    }
    for (int s = 0; s < deal->slots && p.drawn < deal->stock_size; ++s) {
      if (p.code[static_cast<size_t>(s)] != 0) continue;
      const uint8_t c = deal->draw[p.drawn++];
      p.code[static_cast<size_t>(s)] = c;
      p.on_table |= uint64_t{1} << Card::FromCode(c).index();
    }
  }
  Key128 KeyOf(const Position& p) const { return {p.on_table, p.drawn}; }
  bool Dead(const Position&) const { return false; }
};

// Runs the search with SlotRules<Generate> and writes the winning line as
// MoveSpecs (slots numbered from 1, the cards they held).
template <class Generate>
SolveResult SolveSlotRules(const Deal& deal, int slots, const SearchLimits& limits, bool prune) {
  const SlotDeal sd = MakeSlotDeal(deal, slots);
  SlotRules<Generate> rules;
  rules.prune = prune;
  rules.deal = &sd;
  auto outcome = Search(rules, sd.start, limits);
  SolveResult result;
  result.verdict = outcome.verdict;
  result.stats = outcome.stats;
  if (outcome.verdict != Verdict::kSolved) return result;
  SlotPosition p = sd.start;
  for (const SlotMove& m : outcome.line) {
    MoveSpec spec;
    for (int i = 0; i < m.n; ++i) {
      const uint8_t s = m.slot[static_cast<size_t>(i)];
      spec.from.push_back(Place{Area::kTableau, s + 1});
      spec.cards.push_back(Card::FromCode(p.code[s]));
    }
    spec.to = Place{Area::kDiscard, 0};
    result.moves.push_back(std::move(spec));
    rules.Apply(p, m);
  }
  return result;
}

}  // namespace talon
