#include "tools/cli/shard.h"

#include <charconv>

#include "core/text.h"

namespace talon::cli {

Expected<Shard> ParseShard(const std::string& option, const std::string& text) {
  auto bad = [&](const std::string& why) {
    return Status::Usage(option + ": '" + Excerpt(text, 80) + "' " + why + " (shard K of N is K/N with 1 <= K <= N, e.g. " +
                         option + " 2/4)");
  };
  const size_t slash = text.find('/');
  if (slash == std::string::npos) return bad("is not K/N");
  auto number = [](const char* first, const char* last, uint64_t& value) {
    auto [ptr, ec] = std::from_chars(first, last, value);
    return first != last && ptr == last && ec == std::errc();
  };
  Shard s;
  if (!number(text.data(), text.data() + slash, s.k) ||
      !number(text.data() + slash + 1, text.data() + text.size(), s.n))
    return bad("is not K/N with whole numbers K and N");
  if (s.n == 0) return bad("has N = 0");
  if (s.k == 0 || s.k > s.n) return bad("has K outside 1 to N");
  return s;
}

}  // namespace talon::cli
