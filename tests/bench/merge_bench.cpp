// talon-stats merge on a million per-deal lines (docs/performance.md's
// target: at most 5 s): the strict reader, the merge, and the report.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "tools/cli/per_deal.h"
#include "tools/cli/survey_format.h"
#include "tools/cli/survey_merge.h"

namespace talon::cli {
namespace {

constexpr uint64_t kDeals = 1000000;

// The per-deal files of a Fourteen Out survey of deals 1-1000000 in
// `shards` shards, with results shaped like the real ones (92.7% solved,
// positions from 10 to 10^5).
std::vector<std::string> ShardTexts(uint64_t shards) {
  const Game& game = *FindGame("fourteen-out");
  std::vector<std::string> texts(shards);
  for (uint64_t k = 1; k <= shards; ++k) {
    PerDealRun run;
    run.deals = "1-" + std::to_string(kDeals);
    run.shard = {k, shards};
    run.max_nodes = 100000000;
    run.version = "0.1.0";
    texts[k - 1] = PerDealHeader(run);
  }
  uint64_t x = 88172645463325252ull;  // xorshift: the same lines every run
  for (uint64_t i = 0; i < kDeals; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    SurveyEntry e;
    e.label = std::to_string(i + 1);
    e.verdict = x % 1000 < 927 ? Verdict::kSolved : Verdict::kUnsolvable;
    e.nodes = 10 + (x >> 20) % (1 + (x % 7 == 0 ? 100000 : 200));
    e.moves = 26;
    texts[i % shards] += PerDealLine(game, {}, e, i);
  }
  return texts;
}

void BM_MergeMillionLines(benchmark::State& state) {
  const std::vector<std::string> texts = ShardTexts(static_cast<uint64_t>(state.range(0)));
  size_t bytes = 0;
  for (const std::string& t : texts) bytes += t.size();
  for (auto _ : state) {
    std::vector<PerDealTable> tables;
    for (size_t k = 0; k < texts.size(); ++k) {
      auto t = ParsePerDeal("shard-" + std::to_string(k + 1) + ".csv", texts[k]);
      if (!t) state.SkipWithError(t.status().message().c_str());
      tables.push_back(std::move(*t));
    }
    auto groups = MergePerDeal(tables);
    if (!groups) state.SkipWithError(groups.status().message().c_str());
    std::string report = SurveyText(*groups, false);
    benchmark::DoNotOptimize(report.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(kDeals));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(bytes));
}
BENCHMARK(BM_MergeMillionLines)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace talon::cli
