// Shards: one survey split over N processes (a Slurm job array, GNU
// parallel). Shard K of N takes the deals whose index, their 0-based
// position in the sequence asked for, is K-1 modulo N, so that runs of hard
// deals spread evenly over the shards (docs/scale.md).
#pragma once

#include <cstdint>
#include <string>

#include "core/status.h"

namespace talon::cli {

struct Shard {
  uint64_t k = 1, n = 1;  // 1 <= k <= n
  bool Takes(uint64_t index) const { return index % n == k - 1; }
  bool whole() const { return n == 1; }
  std::string Text() const { return std::to_string(k) + "/" + std::to_string(n); }  // "2/4"
};

// Reads "K/N" (1 <= K <= N). Errors are usage errors naming `option`.
Expected<Shard> ParseShard(const std::string& option, const std::string& text);

}  // namespace talon::cli
