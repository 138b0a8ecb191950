#include "core/solution.h"

namespace talon {

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kSolved: return "solved";
    case Verdict::kUnsolvable: return "unsolvable";
    case Verdict::kUnknown: return "unknown";
    case Verdict::kPlayed: return "played";
  }
  return "?";
}

std::optional<Verdict> ParseVerdict(std::string_view name) {
  for (Verdict v : {Verdict::kSolved, Verdict::kUnsolvable, Verdict::kUnknown, Verdict::kPlayed})
    if (VerdictName(v) == name) return v;
  return std::nullopt;
}

}  // namespace talon
