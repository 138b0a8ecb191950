// Shuffle "pysol": PySolFC's game numbers (docs/shuffle.md, section "pysol").
// Game number N of PySolFC is rebuilt bit for bit: its unshuffled pack, its
// generator (the Microsoft FreeCell LCG below 32000, CPython's Mersenne
// Twister from 32000 on), its shuffle loop. How each game deals the result is
// the game's own (Game::PysolDeck, docs/pysol.md).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/card.h"

namespace talon {

inline constexpr const char* kPysolShuffleName = "pysol";
// Game numbers below this use the LCG, the others the Mersenne Twister.
inline constexpr uint64_t kPysolLcgBound = 32000;

// MT19937 seeded as CPython's random.Random(seed) for an integer seed:
// init_by_array over the seed's 32-bit words, least significant first (one
// word 0 for seed 0). Random() is random.random(): (a >> 5, b >> 6) -> 53 bits.
class PysolTwister {
 public:
  explicit PysolTwister(uint64_t seed);
  uint32_t Next();  // genrand_uint32
  double Random();  // [0, 1) with 53 random bits
  // PySolFC's randint(0, n): int(random() * (n + 1)).
  uint32_t Below(uint32_t n) { return static_cast<uint32_t>(Random() * (static_cast<double>(n) + 1.0)); }

 private:
  void Twist();
  std::array<uint32_t, 624> mt_{};
  int index_ = 624;
};

// PySolFC's LCRandom31 for a game number below 2^31: x = (x * 214013 +
// 2531011) mod 2^33, then (x >> 16) & 0x7fff; randint(0, n) is that mod (n + 1).
class PysolLcg {
 public:
  explicit PysolLcg(uint64_t seed) : x_(seed) {}
  uint32_t Next() {
    x_ = (x_ * 214013 + 2531011) & 0x1ffffffffULL;
    return static_cast<uint32_t>((x_ >> 16) & 0x7fff);
  }
  uint32_t Below(uint32_t n) { return Next() % (n + 1); }

 private:
  uint64_t x_;
};

// PySolFC's unshuffled pack: per deck, suits clubs, spades, hearts, diamonds,
// each A..K. With the LCG a 52-card pack is first reordered rank by rank
// (A clubs, A diamonds, A hearts, A spades, 2 clubs, ...), as FreeCell's.
std::vector<Card> PysolPack(uint64_t number, int decks);

// PySolFC's talon after the shuffle for game `number` (before any game's
// shuffle hook): back() is the top card, the one dealt first.
std::vector<Card> PysolShuffledTalon(uint64_t number, int decks);

// The same cards in the order PySolFC deals them: element 0 first.
std::vector<Card> PysolDealtOrder(uint64_t number, int decks);

}  // namespace talon
