// Shuffle talon-v1 (../shared/spec/SHUFFLE.md): how a deal number becomes a
// deck, identically on every machine. Nothing else draws random numbers for deals.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/card.h"

namespace talon {

inline constexpr const char* kShuffleName = "talon-v1";

// SplitMix64, exactly as the spec (all arithmetic modulo 2^64).
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(uint64_t seed) : state_(seed) {}
  constexpr uint64_t Next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A uniform integer in [0, n) by rejection. REQUIRES: n >= 1.
  constexpr uint64_t Below(uint64_t n) {
    for (;;) {
      uint64_t r = Next();
      // threshold = (2^64 - n) mod n < n, so r >= n already passes: the
      // division for the threshold is needed only for the rare small r.
      if (r >= n || r >= (0 - n) % n) return r % n;
    }
  }

 private:
  uint64_t state_;
};

// Fills `deck` (size 52 * decks) with the canonical unshuffled order:
// for each copy, suits C D H S, ranks A..K.
void CanonicalDeck(int decks, std::span<Card> deck);

// The shuffled deck for `deal_number`: deck[0] is the top, dealt first.
// REQUIRES: deck.size() == 52 * decks. Allocates nothing.
void ShuffledDeck(uint64_t deal_number, int decks, std::span<Card> deck);
std::vector<Card> ShuffledDeck(uint64_t deal_number, int decks);

}  // namespace talon
