// Key128: a position's compact key for the transposition table.
#pragma once

#include <cstdint>

namespace talon {

// Two keys are equal only if their positions are equally winnable (an exact
// encoding, or a canonical one proved to preserve winnability). All ones in
// both words is reserved for "empty slot"; no game may produce it.
struct Key128 {
  uint64_t lo = 0, hi = 0;
  friend constexpr bool operator==(Key128 a, Key128 b) = default;
};
inline constexpr Key128 kEmptyKey{~uint64_t{0}, ~uint64_t{0}};

// MurmurHash3's 64-bit finaliser over both words: every key bit reaches the
// low bits that pick a table slot.
inline uint64_t HashKey(Key128 k) {
  uint64_t h = k.lo ^ (k.hi * 0x9E3779B97F4A7C15ULL);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  return h ^ (h >> 33);
}

}  // namespace talon
