// Solution: a deal's verdict and, when solved, the moves that win it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/options.h"

namespace talon {

enum class Verdict { kSolved, kUnsolvable, kUnknown };
std::string_view VerdictName(Verdict v);  // "solved", "unsolvable", "unknown"
std::optional<Verdict> ParseVerdict(std::string_view name);

struct Solution {
  std::string game;
  std::optional<uint64_t> deal;
  std::string shuffle;  // "pysol" for PySolFC's game numbers; empty for talon-v1
  Options options;
  Verdict result = Verdict::kUnknown;
  std::vector<MoveSpec> moves;  // a winning line iff result == kSolved
  friend bool operator==(const Solution&, const Solution&) = default;
};

}  // namespace talon
