// Fuzz target: the command line's value parsers (tools/cli/args.h: deal
// numbers, ranges, sizes, seconds, threads, game lists, --option NAME=VALUE
// for every game) and core's option values (core/options.h). The input's
// first line is given to each parser; all its lines are --option pairs.
// Errors are usage errors naming the option; values read back as written.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/options.h"
#include "render/template.h"
#include "tools/cli/args.h"
#include "check.h"

namespace {

using namespace talon;

void CheckUsage(const Status& s, const std::string& option) {
  fuzz::CheckReaderError(s, StatusCode::kUsage, option + ": ");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines;
  for (size_t at = 0; at <= input.size();) {
    size_t nl = input.find('\n', at);
    if (nl == std::string::npos) nl = input.size();
    lines.push_back(input.substr(at, nl - at));
    at = nl + 1;
  }
  const std::string& text = lines[0];

  if (auto n = cli::ParseCount("--deal", text)) {
    FUZZ_CHECK(cli::ParseCount("--deal", std::to_string(*n)).value() == *n, text);
  } else {
    CheckUsage(n.status(), "--deal");
  }
  if (auto r = cli::ParseRange("--deals", text)) {
    FUZZ_CHECK(r->first <= r->last, text);
    auto again = cli::ParseRange("--deals", std::to_string(r->first) + "-" + std::to_string(r->last));
    FUZZ_CHECK(again.ok() && again->first == r->first && again->last == r->last, text);
  } else {
    CheckUsage(r.status(), "--deals");
  }
  if (auto b = cli::ParseByteSize("--max-memory", text); !b) CheckUsage(b.status(), "--max-memory");
  if (auto s = cli::ParseSeconds("--max-seconds", text)) {
    FUZZ_CHECK(*s >= 0 && *s == *s, text);
  } else {
    CheckUsage(s.status(), "--max-seconds");
  }
  if (auto t = cli::ParseThreads("--threads", text)) {
    FUZZ_CHECK(*t >= 1 && *t <= 1024, text);
  } else {
    CheckUsage(t.status(), "--threads");
  }
  if (auto g = cli::ParseGameList(text)) {
    FUZZ_CHECK(!g->empty(), text);
  } else {
    CheckUsage(g.status(), "--game");
  }
  double w = 0, h = 0;
  if (Status s = render::ParsePaper(text, "--paper", w, h); s.ok()) {
    FUZZ_CHECK(w > 0 && h > 0, text);
  } else {
    CheckUsage(s, "--paper");
  }

  // An option value reads back as itself once written.
  const OptionValue v = ParseOptionValue(text);
  FUZZ_CHECK(ParseOptionValue(FormatOptionValue(v)) == v, text);

  for (const Game* game : AllGames()) {
    auto o = cli::ParseGameOptions(*game, lines);
    if (!o) {
      CheckUsage(o.status(), "--option");
      continue;
    }
    // Complete and allowed: completing again changes nothing, and each
    // value written as NAME=VALUE reads back the same.
    auto again = CompleteOptions(game->option_specs(), *o);
    FUZZ_CHECK(again.ok() && *again == *o, text);
    FUZZ_CHECK(o->size() == game->option_specs().size(), text);
    std::vector<std::string> pairs;
    for (const auto& [name, value] : *o) pairs.push_back(name + "=" + FormatOptionValue(value));
    auto written = cli::ParseGameOptions(*game, pairs);
    FUZZ_CHECK(written.ok() && *written == *o, FormatOptions(*o));
  }
  return 0;
}
