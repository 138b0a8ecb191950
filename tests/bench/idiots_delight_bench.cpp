// The Idiot's Delight solver: share of deals decided within a time limit
// per deal (the target, docs/performance.md: deals 1-1000, 10 s each, one
// core, at least 99.5% decided), the median time and nodes per deal, and the
// node rate.
//
//   build/bin/talon_bench --benchmark_filter=IdiotsDelight
//   build/bin/talon_bench --benchmark_filter='IdiotsDelightDecide/1/1000/10000'   # the target run
//   build/bin/talon_bench --benchmark_filter='IdiotsDelightDecideNodes/1/1000/19'  # deterministic
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"

namespace talon {
namespace {

// Args: first deal, number of deals, milliseconds allowed per deal (or, for
// the Nodes variant, millions of nodes: 19 is about 10 s of one core).
void Decide(benchmark::State& state, const SearchLimits& limits) {
  const Game& game = IdiotsDelightGame();
  const uint64_t first = static_cast<uint64_t>(state.range(0));
  const uint64_t count = static_cast<uint64_t>(state.range(1));
  int solved = 0, unsolvable = 0, unknown = 0;
  std::vector<double> ms;
  std::vector<double> nodes;
  double total_nodes = 0, total_seconds = 0;
  for (auto _ : state) {
    solved = unsolvable = unknown = 0;
    ms.clear();
    nodes.clear();
    total_nodes = total_seconds = 0;
    for (uint64_t n = first; n < first + count; ++n) {
      auto deal = MakeDeal(game, n, {});
      SolveResult r = game.Solve(*deal, limits);
      solved += r.verdict == Verdict::kSolved;
      unsolvable += r.verdict == Verdict::kUnsolvable;
      unknown += r.verdict == Verdict::kUnknown;
      ms.push_back(r.stats.seconds * 1000);
      nodes.push_back(static_cast<double>(r.stats.nodes));
      total_nodes += static_cast<double>(r.stats.nodes);
      total_seconds += r.stats.seconds;
    }
  }
  std::sort(ms.begin(), ms.end());
  std::sort(nodes.begin(), nodes.end());
  state.counters["decided_pct"] = 100.0 * (solved + unsolvable) / static_cast<double>(count);
  state.counters["solved"] = solved;
  state.counters["unsolvable"] = unsolvable;
  state.counters["unknown"] = unknown;
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["median_nodes"] = nodes[nodes.size() / 2];
  state.counters["mean_nodes"] = total_nodes / static_cast<double>(count);
  state.counters["nodes_per_s"] = total_nodes / std::max(total_seconds, 1e-9);
}
void BM_IdiotsDelightDecide(benchmark::State& state) {
  SearchLimits limits;
  limits.max_seconds = static_cast<double>(state.range(2)) / 1000.0;
  Decide(state, limits);
}
// Deterministic: the same verdicts on every machine.
void BM_IdiotsDelightDecideNodes(benchmark::State& state) {
  SearchLimits limits;
  limits.max_nodes = static_cast<uint64_t>(state.range(2)) * 1'000'000;
  Decide(state, limits);
}
BENCHMARK(BM_IdiotsDelightDecideNodes)
    ->Args({1, 1000, 19})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();
BENCHMARK(BM_IdiotsDelightDecide)
    ->Args({1, 100, 1000})
    ->Args({1, 1000, 10000})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

// The node rate on a fixed amount of work: deals 1-20, 200000 nodes at most each.
void BM_IdiotsDelightNodeRate(benchmark::State& state) {
  const Game& game = IdiotsDelightGame();
  SearchLimits limits;
  limits.max_nodes = 200'000;
  double nodes = 0;
  for (auto _ : state)
    for (uint64_t n = 1; n <= 20; ++n) {
      auto deal = MakeDeal(game, n, {});
      nodes += static_cast<double>(game.Solve(*deal, limits).stats.nodes);
    }
  state.counters["nodes_per_s"] = benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_IdiotsDelightNodeRate)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon
