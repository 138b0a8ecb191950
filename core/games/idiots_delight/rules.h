// The Idiot's Delight solver's rules: the moves (ordered and pruned), Apply
// with the safe moves to the foundations, Undo, and the canonical key.
// Proofs: docs/solvers/idiots-delight.md.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/deal.h"
#include "core/games/idiots_delight/position.h"
#include "core/position_key.h"

namespace talon::idiot {

// A move: from 0-8 a column, 9-15 a reserve slot, 16-19 the foundation of
// suit from-16 (worry only); to 0-8 a column, kToFoundation the foundation.
struct Move {
  uint8_t from = 0, to = 0;
  friend bool operator==(Move, Move) = default;
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
  // The moves to try, best first (docs: "Move ordering"); with prune without
  // the moves that "Move pruning" and "Canonical key" prove useless.
  // REQUIRES: out has kMaxMoves room.
  int Moves(const Position& p, Move* out) const;
  // Plays `m` and then (with prune) every safe move to the foundations (S1,
  // S2); the latter are appended to `autoplayed` (as moves) and their cards
  // to `cards` when these are not null.
  void Apply(Position& p, Move m, std::vector<Move>* autoplayed = nullptr,
             std::vector<uint8_t>* cards = nullptr) const;
  // Plays the safe foundation moves only (with prune; none without).
  void Autoplay(Position& p, std::vector<Move>* autoplayed = nullptr,
                std::vector<uint8_t>* cards = nullptr) const;
  // Takes back move `m` of card `c` and the n automatic moves `autos` (of
  // the cards `cards`, in the order Apply made and recorded them) that
  // followed it, made from a position whose last/idle fields were
  // `last`/`idle`: restores that position exactly (key, weights included).
  // Guarded by IdiotsDelight.UndoRestoresThePositionExactly.
  void Undo(Position& p, Move m, uint8_t c, const Move* autos, const uint8_t* cards, size_t n,
            uint8_t last, uint8_t idle) const;
  // With prune the columns as a multiset (docs: "Canonical key"); without,
  // the columns told apart. Never kEmptyKey.
  Key128 KeyOf(const Position& p) const;
  // True iff moving the card `code` to its foundation keeps every win (the
  // card must be playable there): S1, S2 (docs: "Safe moves to the
  // foundations"). Guarded by IdiotsDelight.SafeMoveRule and
  // IdiotsDelight.ChainSafeMoveAgreesWithPlainSearch.
  bool SafeToFoundation(const Position& p, uint8_t code) const;
  // The card moved by `m` in `p` (before the move).
  uint8_t CardOf(const Position& p, Move m) const;
};

inline uint8_t Rules::CardOf(const Position& p, Move m) const {
  if (m.from < kFromReserve) return p.card[m.from][p.len[m.from] - 1u];
  if (m.from < kFromFoundation) return reserve_card[m.from - kFromReserve];
  const int s = m.from - kFromFoundation;
  return static_cast<uint8_t>(p.found[static_cast<size_t>(s)] << 2 | s);
}

inline void Rules::Undo(Position& p, Move m, uint8_t c, const Move* autos, const uint8_t* cards,
                        size_t n, uint8_t last, uint8_t idle) const {
  const bool found_changed = n > 0 || m.to == kToFoundation || m.from >= kFromFoundation;
  for (size_t k = n; k-- > 0;) {
    const uint8_t a = cards[k];
    --p.found[SuitOf(a)];
    if (autos[k].from < kFromReserve)
      Push(p, autos[k].from, a);
    else
      p.reserve = static_cast<uint8_t>(p.reserve | (1u << (autos[k].from - kFromReserve)));
  }
  if (m.to == kToFoundation)
    --p.found[SuitOf(c)];
  else
    Pop(p, m.to);
  if (m.from < kFromReserve)
    Push(p, m.from, c);
  else if (m.from < kFromFoundation)
    p.reserve = static_cast<uint8_t>(p.reserve | (1u << (m.from - kFromReserve)));
  else
    ++p.found[m.from - kFromFoundation];
  // Push and Pop weigh cards with the foundations of the moment: exact when
  // no foundation changed, else recomputed.
  if (found_changed) Reweigh(p);
  p.last = last;
  p.idle = idle;
}

}  // namespace talon::idiot
