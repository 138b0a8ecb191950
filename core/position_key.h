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

inline uint64_t HashKey(Key128 k) {
  uint64_t h = k.lo * 0x9E3779B97F4A7C15ULL ^ (k.hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
  return h ^ (h >> 29);
}

}  // namespace talon
