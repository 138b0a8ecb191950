// Klondike solver internals: card codes, the position (Pos), a solver move
// (Move) and the terms of the key's pile hashes. docs/solvers/klondike.md.
#pragma once

#include <array>
#include <cstdint>

#include "core/card.h"
#include "core/hash.h"
#include "core/shuffle.h"

namespace talon::klondike {

constexpr int kPiles = 7;
constexpr int kMaxPile = 32;    // cards on one pile, at most
constexpr int kMaxTalon = 24;   // cards in the talon, at most
constexpr int kMaxMoves = 320;  // moves of one position, at most

// A card code is rank << 2 | suit (core/card.h); masks of codes are uint64_t.

constexpr int RankOf(uint8_t c) { return c >> 2; }
constexpr int SuitOf(uint8_t c) { return c & 3; }
constexpr bool IsRed(uint8_t c) { return ((c ^ (c >> 1)) & 1) != 0; }  // diamonds 01, hearts 10
constexpr uint64_t kAllCards = ((uint64_t{1} << 56) - 1) & ~uint64_t{15};  // codes 4..55
constexpr uint64_t kKings = uint64_t{15} << (kKing << 2);

// The cards of one suit, as a card-code mask.
constexpr uint64_t SuitCards(int suit) {
  uint64_t m = 0;
  for (int r = 1; r <= kKing; ++r) m |= uint64_t{1} << (r << 2 | suit);
  return m;
}

// The card of the other colour one rank below c, of the lower suit (clubs
// or diamonds): with its twin, the two cards that may lie on c.
constexpr uint8_t Carried(uint8_t c) {
  return static_cast<uint8_t>((RankOf(c) - 1) << 2 | (IsRed(c) ? kClubs : kDiamonds));
}

// Card b may lie on card h in the tableau.
inline bool Fits(uint8_t b, uint8_t h) { return RankOf(h) == RankOf(b) + 1 && IsRed(h) != IsRed(b); }

// The terms of the pile hashes (Zobrist; docs/solvers/klondike.md#key): a
// pile's raw hash is the sum of a term per (card, height) and one for its
// face-down count. Two independent sets, from SplitMix64, fixed at compile time.
struct PileTerms {
  uint64_t card[2][64][kMaxPile];
  uint64_t down[2][kMaxPile + 1];
};
constexpr PileTerms MakePileTerms() {
  PileTerms t{};
  SplitMix64 rng(0x7A1F0C3D5B2E9184ULL);
  for (int h = 0; h < 2; ++h) {
    for (int c = 0; c < 64; ++c)
      for (int k = 0; k < kMaxPile; ++k) t.card[h][c][k] = rng.Next();
    for (int d = 0; d <= kMaxPile; ++d) t.down[h][d] = rng.Next();
  }
  return t;
}
inline constexpr PileTerms kTerms = MakePileTerms();

// A position of the solver. The talon is the waste bottom to top, then the
// stock top to bottom, with the pointer p = the cards in the waste
// (docs/solvers/klondike.md#talon-moves). Invariant: ha, hb, sa, sb match the
// piles (Solver keeps them so).
struct Pos {
  std::array<std::array<uint8_t, kMaxPile>, kPiles> pile;  // codes, bottom to top
  std::array<uint8_t, kPiles> len, down;
  std::array<uint8_t, 4> found;          // height per suit (C D H S)
  std::array<uint8_t, kMaxTalon> talon;  // in turning order
  uint8_t n = 0, p = 0;                  // talon size, cards in the waste
  uint8_t redeals = 0;                   // counted only with limited passes
  uint8_t yield = 0;                     // a card left the waste since the last redeal
  uint32_t mask = 0;                     // starting-talon cards still in the talon
  std::array<uint64_t, kPiles> ha, hb;   // per-pile raw hashes (PileTerms)
  uint64_t sa = 0, sb = 0;               // sums of the piles' mixed hashes
};

// A solver move. kTalonF / kTalonT: the talon card at pointer q = a (brought
// up by draws, at most one redeal) to its foundation / onto pile b; kTabF:
// pile a's top to its foundation; kTabT: pile a's cards from index c onto pile
// b; kFoundT: suit a's foundation top onto pile b; kDraw, kRedeal: the plain
// search's single draw and redeal.
enum Kind : uint8_t { kTalonF, kTalonT, kTabF, kTabT, kFoundT, kDraw, kRedeal };
struct Move {
  uint8_t kind = 0, a = 0, b = 0, c = 0;
  friend bool operator==(Move, Move) = default;
};

}  // namespace talon::klondike
