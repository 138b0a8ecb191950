// The solver of The Idiot's Delight (King Albert); rules in
// docs/rules/idiots-delight.md, the game file is idiots_delight.cpp.
//
// The game has cycles (a card may go back and forth between two columns), so
// this solver runs its own depth-first search instead of core/search.h: the
// same contract (complete; unsolvable only when exhausted; unknown at a
// limit; the table bounded by SearchLimits::max_memory), plus an on-path
// check that keeps the search finite when the bounded table has forgotten
// positions (see Search in the .cpp).
//
// WHAT MAKES IT FAST (each point proved in the .cpp):
// - safe moves to the foundations are made at once, without branching;
// - the key of a position is canonical: the columns as a multiset (any card
//   may fill a space, so the rules never look at a column's number), the
//   reserve as a set; only one empty column is ever offered as a target;
// - positions are fixed-size values, keys are kept up to date incrementally
//   (an invertible hash per column); the complete search keeps one position
//   and undoes moves (Rules::Undo), so a level of its path is a key and a
//   move list, not a whole position: deep paths fit in memory;
// - before the complete search, incomplete quick looks for a win (depth
//   first with at most 1, 2, 3, 6, 12 idle moves in a row; best first) on a
//   share of the limits; they never claim "unsolvable" (SolveDeal).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/position_key.h"
#include "core/search_limits.h"

namespace talon::idiot {

inline constexpr int kColumns = 9;
inline constexpr int kReserveSlots = 7;
// A column of a deal holds at most 21 cards (the most any column of a real
// game can hold: at most 9 dealt cards under a run of at most 12), and can
// grow by at most a run of 12 on its top card (or 13 from empty).
inline constexpr int kMaxDealtColumn = 21;
inline constexpr int kMaxColumn = kMaxDealtColumn + 13;

// The solver's position. Cards are Card::code() bytes.
struct Position {
  std::array<uint8_t, kColumns> len{};
  std::array<uint8_t, 4> found{};  // rank on top of each suit's foundation, 0 = none
  uint8_t reserve = 0;             // bit i: reserve slot i still holds its card
  uint8_t last = 0;  // the card moved last if no automatic move followed, else 0 (not in the key)
  uint8_t idle = 0;  // moves since the last one that made progress (not in the key)
  // Per column, the sum of the move-ordering weights of its cards (see
  // Rules::Moves; not in the key): kept up to date by every push and pop,
  // and recomputed whenever a foundation changes.
  std::array<uint8_t, kColumns> weight{};
  std::array<std::array<uint8_t, kMaxColumn>, kColumns> card{};  // bottom .. top
  std::array<uint64_t, kColumns> h1{}, h2{};                     // per-column hashes
  uint64_t s1 = 0, s2 = 0;  // sums of the columns' mixed hashes: the tableau's key
};

// A move: from 0-8 a column, 9-15 a reserve slot, 16-19 the foundation of
// suit from-16 (worry only); to 0-8 a column, kToFoundation the foundation.
struct Move {
  uint8_t from = 0, to = 0;
};
inline constexpr uint8_t kFromReserve = 9, kFromFoundation = 16, kToFoundation = 9;
inline constexpr int kMaxMoves = 96;

// Everything fixed for one solve.
struct Rules {
  bool worry = false;
  // false: the plain search for the tests: every legal move (every empty
  // column as a target, no safe moves made automatically) and a key that
  // tells the columns apart.
  bool prune = true;
  std::array<uint8_t, kReserveSlots> reserve_card{};
  // With prune: when > 0, a position reached after this many moves in a row
  // that made no progress (see Apply) gets only moves that make progress.
  // That search is NOT complete; SolveDeal uses it only to look for a win
  // quickly, before the complete search (idle_limit 0).
  int idle_limit = 0;

  // Sets reserve_card and returns the position of `areas` (tableau 9
  // columns, reserve 7 slots of at most one card, foundations empty or 4
  // suit piles in the order of Suit) before any automatic move.
  // REQUIRES: the areas pass the game's CheckShape and hold 52 distinct cards.
  Position Setup(const Areas& areas);
  bool Won(const Position& p) const {
    return p.found[0] == 13 && p.found[1] == 13 && p.found[2] == 13 && p.found[3] == 13;
  }
  // The moves to try, best first. REQUIRES: out has kMaxMoves room.
  int Moves(const Position& p, Move* out) const;
  // Plays `m` and then (with prune) every safe move to the foundations; the
  // latter are appended to `autoplayed` (as moves) and their cards to
  // `cards` when these are not null.
  void Apply(Position& p, Move m, std::vector<Move>* autoplayed = nullptr,
             std::vector<uint8_t>* cards = nullptr) const;
  // Plays the safe foundation moves only (with prune; none without).
  void Autoplay(Position& p, std::vector<Move>* autoplayed = nullptr,
                std::vector<uint8_t>* cards = nullptr) const;
  // Takes back move `m` of card `c` and the n automatic moves `autos` (of
  // the cards `cards`, in the order Apply made and recorded them) that
  // followed it, made from a position whose last/idle fields were
  // `last`/`idle`: restores that position exactly (key, weights included).
  void Undo(Position& p, Move m, uint8_t c, const Move* autos, const uint8_t* cards, size_t n,
            uint8_t last, uint8_t idle) const;
  Key128 KeyOf(const Position& p) const;
  // True iff moving the card `code` to its foundation keeps every win (the
  // card must be playable there). Exposed for the tests.
  bool SafeToFoundation(const Position& p, uint8_t code) const;
  // The card moved by `m` in `p` (before the move).
  uint8_t CardOf(const Position& p, Move m) const;
};

struct Outcome {
  Verdict verdict = Verdict::kUnknown;
  std::vector<Move> line;  // every move, the automatic ones included, iff solved
  SearchStats stats;
};

// The complete search from `start`. REQUIRES: start made by rules.Setup.
Outcome Search(const Rules& rules, const Position& start, const SearchLimits& limits);

// An incomplete best-first search: solved with a line, or unknown.
Outcome BestFirst(const Rules& rules, const Position& start, const SearchLimits& limits);

// Decides a deal (a checked deal of idiots-delight, hand-made or not) and
// writes the winning line as MoveSpecs, automatic foundation moves included.
// prune=false is the plain search (see Rules::prune) used by the tests.
SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits, bool prune);

// The MoveSpec of solver move `m` in `p` (foundations numbered by suit, 1-4
// for clubs, diamonds, hearts, spades).
MoveSpec ToMoveSpec(const Rules& rules, const Position& p, Move m);

}  // namespace talon::idiot
