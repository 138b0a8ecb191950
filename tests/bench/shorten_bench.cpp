// The cost of shortening winning lines (core/shorten.h): deals 1-20 of each
// game with choices solved with the line as found (arg 0) and shortened
// (arg 1), in the same run (the time is for the 20 deals). Reports the
// mean moves per won line. Run (figures in docs/performance.md):
//   build/bin/talon_bench --benchmark_filter='SolveLines' --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>

#include "core/game.h"
#include "core/games/games.h"

namespace talon {
namespace {

constexpr uint64_t kDeals = 20;

void SolveLines(benchmark::State& state, const char* id, const Options& given) {
  const Game& game = *FindGame(id);
  const Options options = *CompleteOptions(game.option_specs(), given);
  SearchLimits limits;
  limits.max_nodes = 2000000;
  limits.max_memory = size_t{256} << 20;
  if (state.range(0) == 0) limits.shorten_work = 0;
  size_t moves = 0, won = 0;
  for (auto _ : state) {
    moves = won = 0;
    for (uint64_t n = 1; n <= kDeals; ++n) {
      const SolveResult r = game.Solve(*MakeDeal(game, n, options), limits);
      if (r.verdict != Verdict::kSolved) continue;
      moves += r.moves.size();
      ++won;
    }
  }
  state.counters["mean_moves"] = won ? static_cast<double>(moves) / static_cast<double>(won) : 0;
}

void BM_SolveLines_Klondike(benchmark::State& state) { SolveLines(state, "klondike", {}); }
void BM_SolveLines_KlondikeDraw1(benchmark::State& state) {
  SolveLines(state, "klondike", {{"draw", int64_t{1}}});
}
void BM_SolveLines_IdiotsDelight(benchmark::State& state) { SolveLines(state, "idiots-delight", {}); }
void BM_SolveLines_CarpetOptional(benchmark::State& state) {
  SolveLines(state, "carpet", {{"patching", std::string("optional")}});
}
BENCHMARK(BM_SolveLines_Klondike)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveLines_KlondikeDraw1)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveLines_IdiotsDelight)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveLines_CarpetOptional)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon
