// Klondike benchmarks: dealing, and deciding ranges of deals (the targets,
// figures and commands are in docs/performance.md).
//
//   build/bin/talon_bench --benchmark_filter='Klondike(Deal|Range.*/1/100/)'  # quick
//   build/bin/talon_bench --benchmark_filter='KlondikeRange.*/1/1000/'  # the full targets
//
// A range benchmark runs once over deals FIRST..LAST with a fixed budget of
// positions per deal and no time limit, so the verdicts do not depend on the
// machine's load. Each budget stands for about 10 s of one core in a range
// run (runs=any worry=true 20 million, the defaults 28 million, draw=1
// passes=1 21 million positions), so the benchmark decides about what
// `talon-stats --max-seconds 10` decides. TALON_KLONDIKE_MAX_NODES overrides
// the budget, TALON_KLONDIKE_DEALS restricts the range to a list of deals.
// Reports: decided (fraction solved or proved unsolvable), solved,
// unsolvable, unknown, median_ms and mean_ms per deal, nodes per deal; the
// numbers of the undecided deals go to standard error.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"

namespace talon {
namespace {

void BM_KlondikeDeal(benchmark::State& state) {
  const Game& game = KlondikeGame();
  uint64_t n = 1;
  for (auto _ : state) {
    auto deal = MakeDeal(game, n++, {});
    benchmark::DoNotOptimize(deal);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_KlondikeDeal);

void DecideRange(benchmark::State& state, const char* label, const Options& options, uint64_t budget) {
  const Game& game = KlondikeGame();
  const uint64_t first = static_cast<uint64_t>(state.range(0));
  const uint64_t last = static_cast<uint64_t>(state.range(1));
  SearchLimits limits;
  limits.max_nodes = budget;
  if (const char* env = std::getenv("TALON_KLONDIKE_MAX_NODES")) limits.max_nodes = std::strtoull(env, nullptr, 10);
  limits.max_memory = size_t{2} << 30;  // talon-solve's default --max-memory
  std::vector<double> ms;
  std::string undecided;
  double solved = 0, unsolvable = 0, unknown = 0, nodes = 0;
  // TALON_KLONDIKE_DEALS="7 18 ..." runs only those deals of the range
  // (e.g. the ones a smaller budget left undecided).
  std::vector<uint64_t> deals;
  if (const char* env = std::getenv("TALON_KLONDIKE_DEALS")) {
    for (char* end = nullptr;; env = end) {
      const uint64_t n = std::strtoull(env, &end, 10);
      if (end == env) break;
      if (n >= first && n <= last) deals.push_back(n);
    }
  } else {
    for (uint64_t n = first; n <= last; ++n) deals.push_back(n);
  }
  for (auto _ : state) {
    for (const uint64_t n : deals) {
      auto deal = MakeDeal(game, n, options);
      SolveResult r = game.Solve(*deal, limits);
      ms.push_back(r.stats.seconds * 1000);
      nodes += static_cast<double>(r.stats.nodes);
      solved += r.verdict == Verdict::kSolved;
      unsolvable += r.verdict == Verdict::kUnsolvable;
      unknown += r.verdict == Verdict::kUnknown;
      if (r.verdict == Verdict::kUnknown) undecided += " " + std::to_string(n);
    }
  }
  std::sort(ms.begin(), ms.end());
  const double count = static_cast<double>(ms.size());
  double total = 0;
  for (double x : ms) total += x;
  state.counters["decided"] = (solved + unsolvable) / count;
  state.counters["solved"] = solved;
  state.counters["unsolvable"] = unsolvable;
  state.counters["unknown"] = unknown;
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["mean_ms"] = total / count;
  state.counters["nodes_per_deal"] = nodes / count;
  // The deals left undecided, for the closing note (stderr: not a counter).
  std::fprintf(stderr, "%s %llu-%llu undecided:%s\n", label,
               static_cast<unsigned long long>(first), static_cast<unsigned long long>(last),
               undecided.c_str());
}

// The literature's variant: runs=any, worry on, draw 3, unlimited passes.
void BM_KlondikeRange_AnyWorry(benchmark::State& state) {
  DecideRange(state, "AnyWorry", {{"runs", std::string("any")}, {"worry", true}}, 20'000'000);
}
// The seed's rules (the defaults).
void BM_KlondikeRange_Default(benchmark::State& state) { DecideRange(state, "Default", {}, 28'000'000); }
// The seed's other variant: draw 1, one pass.
void BM_KlondikeRange_Draw1Pass1(benchmark::State& state) {
  DecideRange(state, "Draw1Pass1", {{"draw", int64_t{1}}, {"passes", int64_t{1}}}, 21'000'000);
}

BENCHMARK(BM_KlondikeRange_AnyWorry)->Args({1, 100})->Args({1, 1000})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_KlondikeRange_Default)->Args({1, 100})->Args({1, 1000})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_KlondikeRange_Draw1Pass1)->Args({1, 100})->Args({1, 1000})->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace talon
