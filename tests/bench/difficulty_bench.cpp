// Grading deals (core/difficulty/): the solver's verdict and line, then the
// measure (the sensible player's playouts and the walk along the line).
//
//   build/bin/talon_bench --benchmark_filter=Grade --benchmark_repetitions=5
//
// BM_Grade_FourteenOut: one iteration solves and grades one winnable deal,
// cycling through the winnable deals among 1-1000 (the mean over them).
// BM_Grade_Klondike/N: one iteration solves and grades Klondike deal N
// (default rules); the median over N = 1..15 is the figure.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/difficulty/grade.h"
#include "core/game.h"

namespace talon {
namespace {

SearchLimits Limits() {
  SearchLimits limits;
  limits.max_nodes = 5'000'000;
  return limits;
}

void BM_Grade_FourteenOut(benchmark::State& state) {
  const Game& game = *FindGame("fourteen-out");
  static const std::vector<Deal> deals = [&] {
    std::vector<Deal> out;
    for (uint64_t n = 1; n <= 1000; ++n) {
      Deal d = *MakeDeal(game, n, {});
      if (game.Solve(d, Limits()).verdict == Verdict::kSolved) out.push_back(std::move(d));
    }
    return out;
  }();
  size_t i = 0;
  int64_t graded = 0;
  for (auto _ : state) {
    const Deal& deal = deals[i];
    i = (i + 1) % deals.size();
    const SolveResult solved = game.Solve(deal, Limits());
    const DealGrade g = GradeDeal(game, deal, solved, Limits());
    graded += g.grade > 0;
    benchmark::DoNotOptimize(g.grade);
  }
  state.counters["graded"] = benchmark::Counter(static_cast<double>(graded), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_Grade_FourteenOut)->Unit(benchmark::kMillisecond);

void BM_Grade_Klondike(benchmark::State& state) {
  const Game& game = *FindGame("klondike");
  const Deal deal = *MakeDeal(game, static_cast<uint64_t>(state.range(0)), {});
  int grade = 0;
  for (auto _ : state) {
    const SolveResult solved = game.Solve(deal, Limits());
    grade = GradeDeal(game, deal, solved, Limits()).grade;
    benchmark::DoNotOptimize(grade);
  }
  state.counters["grade"] = grade;
}
BENCHMARK(BM_Grade_Klondike)->DenseRange(1, 15)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon
