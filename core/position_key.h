// Key128: a position's compact key for the transposition table.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hash.h"

namespace talon {

// Two keys are equal only if their positions are equally winnable (an exact
// encoding, or a canonical one proved to preserve winnability). All ones in
// both words is reserved for "empty slot"; no game may produce it.
struct Key128 {
  uint64_t lo = 0, hi = 0;
  friend constexpr bool operator==(Key128 a, Key128 b) = default;
};
inline constexpr Key128 kEmptyKey{~uint64_t{0}, ~uint64_t{0}};

// Both words mixed: every key bit reaches the low bits that pick a table slot.
inline uint64_t HashKey(Key128 k) { return Mix64(k.lo ^ (k.hi * 0x9E3779B97F4A7C15ULL)); }

// Backward-shift deletion for linear probing over a power-of-two array of
// slots (mask = size - 1): slot i's key is being removed. Moves each later
// key of its cluster back into the hole when the hole lies between that
// key's home and its slot (so it moves closer to home and is still found
// without tombstones), and returns the slot left empty, for the caller to
// mark so. `key_of` reads a slot's key. (At most one turn round a full
// array.)
template <class Slot, class KeyOf>
size_t CloseHole(Slot* slots, size_t mask, size_t i, KeyOf key_of) {
  size_t j = (i + 1) & mask;
  for (size_t step = 1; step <= mask; ++step, j = (j + 1) & mask) {
    const Key128 k = key_of(slots[j]);
    if (k == kEmptyKey) break;
    const size_t home = HashKey(k) & mask;
    if (((j - home) & mask) >= ((j - i) & mask)) {
      slots[i] = slots[j];
      i = j;
    }
  }
  return i;
}

}  // namespace talon
