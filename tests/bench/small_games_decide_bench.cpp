// Deciding deals of the small games: Four of a Kind (played out, deals
// 1-100000), The Carpet (decided, deals 1-10000) and Try Again (a 10-second
// limit per deal, deals 1-1000). Each iteration decides one deal, cycling
// through the range; the counters report nodes per deal and the share of
// deals decided.
//   build/bin/talon_bench --benchmark_filter='FourOfAKind|Carpet|TryAgain'
#include <benchmark/benchmark.h>

#include <vector>

#include "core/game.h"
#include "core/games/carpet/testing.h"
#include "core/games/games.h"
#include "core/games/try_again/testing.h"

namespace talon {
namespace {

// Deals are made outside the timed loop, in blocks, so that the time is the solver's.
template <class SolveFn>
void DecideDeals(benchmark::State& state, const Game& game, const Options& options, uint64_t last,
                 SearchLimits limits, SolveFn solve) {
  uint64_t n = 1, nodes = 0, decided = 0, deals = 0;
  std::vector<Deal> block;
  size_t at = 0;
  for (auto _ : state) {
    if (at == block.size()) {
      state.PauseTiming();
      block.clear();
      for (int i = 0; i < 1000; ++i) {
        block.push_back(*MakeDeal(game, n, options));
        n = n == last ? 1 : n + 1;
      }
      at = 0;
      state.ResumeTiming();
    }
    SolveResult r = solve(block[at++], limits);
    nodes += r.stats.nodes;
    decided += r.verdict != Verdict::kUnknown;
    ++deals;
    benchmark::DoNotOptimize(r.verdict);
  }
  state.counters["nodes/deal"] = benchmark::Counter(static_cast<double>(nodes) / static_cast<double>(deals));
  state.counters["decided%"] = benchmark::Counter(100.0 * static_cast<double>(decided) / static_cast<double>(deals));
}

void BM_FourOfAKind(benchmark::State& state) {
  const Game& g = FourOfAKindGame();
  DecideDeals(state, g, {}, 100000, SearchLimits{},
              [&](const Deal& d, const SearchLimits& l) { return g.Solve(d, l); });
}
BENCHMARK(BM_FourOfAKind)->Iterations(100000);

void BM_FourOfAKindClock(benchmark::State& state) {
  const Game& g = FourOfAKindGame();
  DecideDeals(state, g, Options{{"method", std::string("clock")}}, 100000, SearchLimits{},
              [&](const Deal& d, const SearchLimits& l) { return g.Solve(d, l); });
}
BENCHMARK(BM_FourOfAKindClock)->Iterations(100000);

void BM_Carpet(benchmark::State& state) {
  DecideDeals(state, CarpetGame(), {}, 10000, SearchLimits{},
              [](const Deal& d, const SearchLimits& l) { return SolveCarpet(d, l).result; });
}
BENCHMARK(BM_Carpet)->Iterations(10000)->Unit(benchmark::kMicrosecond);

void BM_CarpetOptionalPatching(benchmark::State& state) {
  DecideDeals(state, CarpetGame(), Options{{"patching", std::string("optional")}}, 10000, SearchLimits{},
              [](const Deal& d, const SearchLimits& l) { return SolveCarpet(d, l).result; });
}
BENCHMARK(BM_CarpetOptionalPatching)->Iterations(10000)->Unit(benchmark::kMicrosecond);

// Long: up to 10 s per deal. Run it alone: --benchmark_filter=TryAgain.
void BM_TryAgain(benchmark::State& state) {
  SearchLimits limits;
  limits.max_seconds = 10;
  DecideDeals(state, TryAgainGame(), {}, 1000, limits,
              [](const Deal& d, const SearchLimits& l) { return SolveTryAgain(d, l); });
}
BENCHMARK(BM_TryAgain)->Iterations(1000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon
