// Deciding deals of the slot games: Game::Solve (the verdict, and the
// winning moves as MoveSpecs when there is one) over deals 1-10000, one
// core. One iteration decides all 10000 deals; the counters give the mean
// CPU time per deal (s/deal), the nodes per deal and the share won.
//
//   build/bin/talon_bench --benchmark_filter=Slots --benchmark_repetitions=5
//
// Targets (docs/performance.md): thirteens and take-ten <= 50 us/deal, fifteen <= 100.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/games/slots.h"

namespace talon {
namespace {

constexpr uint64_t kDeals = 10000;

void DecideDeals(benchmark::State& state, const Game& game, const Options& options, bool prune) {
  std::vector<Deal> deals;
  deals.reserve(kDeals);
  for (uint64_t n = 1; n <= kDeals; ++n) deals.push_back(*MakeDeal(game, n, options));
  const auto& slot_game = dynamic_cast<const SlotGame&>(game);
  uint64_t nodes = 0, won = 0;
  for (auto _ : state) {
    for (const Deal& d : deals) {
      SolveResult r = prune ? game.Solve(d, {}) : slot_game.SolveWith(d, {}, false);
      nodes += r.stats.nodes;
      won += r.verdict == Verdict::kSolved;
      benchmark::DoNotOptimize(r);
    }
  }
  const double decided = static_cast<double>(state.iterations() * kDeals);
  // CPU seconds per deal (kIsIterationInvariantRate | kInvert), shown as e.g. "s/deal=21.2u".
  state.counters["s/deal"] = benchmark::Counter(
      static_cast<double>(kDeals),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["nodes/deal"] = static_cast<double>(nodes) / decided;
  state.counters["won"] = static_cast<double>(won) / decided;
}

void BM_SlotsThirteens(benchmark::State& s) { DecideDeals(s, ThirteensGame(), {}, true); }
void BM_SlotsThirteens5(benchmark::State& s) {
  DecideDeals(s, ThirteensGame(), {{"slots", int64_t{5}}}, true);
}
void BM_SlotsThirteens15(benchmark::State& s) {
  DecideDeals(s, ThirteensGame(), {{"slots", int64_t{15}}}, true);
}
void BM_SlotsFifteen(benchmark::State& s) { DecideDeals(s, FifteenGame(), {}, true); }
void BM_SlotsFifteenPlain(benchmark::State& s) { DecideDeals(s, FifteenGame(), {}, false); }
void BM_SlotsTakeTen(benchmark::State& s) { DecideDeals(s, TakeTenGame(), {}, true); }

BENCHMARK(BM_SlotsThirteens)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlotsThirteens5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlotsThirteens15)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlotsFifteen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlotsFifteenPlain)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlotsTakeTen)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon
