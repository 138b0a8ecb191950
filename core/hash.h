// The one 64-bit mixer behind the solvers' keys and the tables' slots.
#pragma once

#include <cstdint>

namespace talon {

// MurmurHash3's 64-bit finaliser: a bijection in which every input bit
// reaches every output bit (so a key's low bits can pick a table slot).
constexpr uint64_t Mix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  return h ^ (h >> 33);
}

}  // namespace talon
