// Words for messages and printed pages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace talon {

// "1 deal", "2 deals", "0 deals": the count and the noun in its number.
// `many` is the plural when it is not `one` + "s" ("1 family", "2 families").
inline std::string CountOf(uint64_t n, std::string_view one, std::string_view many = {}) {
  std::string s = std::to_string(n) + " ";
  if (n == 1) return s.append(one);
  if (!many.empty()) return s.append(many);
  return s.append(one).append("s");
}

}  // namespace talon
