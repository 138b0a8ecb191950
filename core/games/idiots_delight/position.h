// The Idiot's Delight solver's position: fixed-size columns, the reserve as
// a set, the foundations as ranks, and the hashes and move-ordering weights
// that Push and Pop keep up to date. Design: docs/solvers/idiots-delight.md.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/card.h"
#include "core/hash.h"
#include "core/shuffle.h"

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

// The incremental column hash (docs: "Canonical key"):
// h' = (rotl(h, 23) ^ Z[c]) * K, undone with K's inverse; two lanes.
inline constexpr uint64_t kMul1 = 0x9E3779B97F4A7C15ULL;
inline constexpr uint64_t kMul2 = 0xD6E8FEB86659FD93ULL;
constexpr uint64_t Inverse(uint64_t a) {
  uint64_t x = a;  // Newton: each step doubles the correct low bits (a odd)
  for (int i = 0; i < 6; ++i) x *= 2 - a * x;
  return x;
}
inline constexpr uint64_t kInv1 = Inverse(kMul1), kInv2 = Inverse(kMul2);
static_assert(kMul1 * kInv1 == 1 && kMul2 * kInv2 == 1);

struct Zobrist {
  std::array<uint64_t, 64> z1{}, z2{};
  std::array<uint64_t, kColumns> salt{};
};
constexpr Zobrist MakeZobrist() {
  Zobrist z;
  SplitMix64 rng(0x1D107DE11647ULL);
  for (auto& v : z.z1) v = rng.Next();
  for (auto& v : z.z2) v = rng.Next();
  for (auto& v : z.salt) v = rng.Next();
  return z;
}
inline constexpr Zobrist kZ = MakeZobrist();

inline int Rank(uint8_t code) { return code >> 2; }
inline int SuitOf(uint8_t code) { return code & 3; }
inline bool Red(uint8_t code) { return SuitOf(code) == kDiamonds || SuitOf(code) == kHearts; }
// True iff `c` may be built on `on`: one rank lower, the other colour.
inline bool Fits(uint8_t c, uint8_t on) { return Rank(on) == Rank(c) + 1 && Red(on) != Red(c); }

// The move-ordering weight of card c (see Rules::Moves): 8, 4, 2 or 1 when
// it is the next card of its suit or 1, 2, 3 ranks above it, else 0.
inline int Weight(const std::array<uint8_t, 4>& found, uint8_t c) {
  const int d = Rank(c) - found[static_cast<size_t>(SuitOf(c))] - 1;
  return d >= 0 && d < 4 ? 8 >> d : 0;
}

// Recomputes every column's weight (after a foundation changed).
inline void Reweigh(Position& p) {
  for (size_t j = 0; j < kColumns; ++j) {
    int w = 0;
    for (size_t k = 0; k < p.len[j]; ++k) w += Weight(p.found, p.card[j][k]);
    p.weight[j] = static_cast<uint8_t>(w);
  }
}

inline void Push(Position& p, int col, uint8_t c) {
  const size_t j = static_cast<size_t>(col);
  p.weight[j] = static_cast<uint8_t>(p.weight[j] + Weight(p.found, c));
  const uint64_t o1 = p.h1[j], o2 = p.h2[j];
  const uint64_t n1 = (std::rotl(o1, 23) ^ kZ.z1[c]) * kMul1;
  const uint64_t n2 = (std::rotl(o2, 23) ^ kZ.z2[c]) * kMul2;
  p.h1[j] = n1;
  p.h2[j] = n2;
  p.s1 += Mix64(n1) - Mix64(o1);
  p.s2 += Mix64(n2) - Mix64(o2);
  p.card[j][p.len[j]++] = c;
}

inline uint8_t Pop(Position& p, int col) {
  const size_t j = static_cast<size_t>(col);
  const uint8_t c = p.card[j][--p.len[j]];
  p.weight[j] = static_cast<uint8_t>(p.weight[j] - Weight(p.found, c));
  const uint64_t o1 = p.h1[j], o2 = p.h2[j];
  const uint64_t n1 = std::rotr((o1 * kInv1) ^ kZ.z1[c], 23);
  const uint64_t n2 = std::rotr((o2 * kInv2) ^ kZ.z2[c], 23);
  p.h1[j] = n1;
  p.h2[j] = n2;
  p.s1 += Mix64(n1) - Mix64(o1);
  p.s2 += Mix64(n2) - Mix64(o2);
  return c;
}

}  // namespace talon::idiot
