// Fourteen Out, Take Fourteen, Triple Fourteens: deciding deals and dealing.
//
//   build/bin/talon_bench --benchmark_filter=Fourteen --benchmark_repetitions=5
//
// BM_Decide/<game>: one iteration decides one deal (shuffle, deal into the
// solver, search to a solution or a proof), cycling through deals 1-10000;
// the iteration count is a multiple of 10000, so the time per iteration is
// the mean over deals 1-10000. Counters: nodes per deal, solved fraction.
// BM_ShuffleAndDeal/<game>: ShuffledDeck into a std::array plus the solver's
// allocation-free deal (cards and pile heights); BM_ShuffleDealPrepare adds
// the solver's per-deal tables (what a search needs on top of the deal).
#include <benchmark/benchmark.h>

#include <array>

#include "core/games/fourteens/pairs_game.h"
#include "core/games/games.h"
#include "core/shuffle.h"

namespace talon {
namespace {

template <int N, int H>
const fourteens::PairsGame<N, H>& As(const Game& g) {
  return dynamic_cast<const fourteens::PairsGame<N, H>&>(g);
}

template <int N, int H>
void Decide(benchmark::State& state, const Game& game) {
  using Rules = typename fourteens::PairsGame<N, H>::Rules;
  const fourteens::Layout& layout = As<N, H>(game).layout();
  static Rules rules;
  typename Rules::Position start;
  std::array<Card, 52 * (N > 12 ? 3 : 1)> deck;
  uint64_t deal = 0, nodes = 0, solved = 0, decided = 0;
  for (auto _ : state) {
    deal = deal % 10000 + 1;
    ShuffledDeck(deal, layout.decks, deck);
    rules.Deal(layout, deck, start);
    auto out = fourteens::Decide(rules, start, SearchLimits{});  // as Game::Solve
    nodes += out.stats.nodes;
    solved += out.verdict == Verdict::kSolved;
    decided += out.verdict != Verdict::kUnknown;
    benchmark::DoNotOptimize(out.line.data());
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["nodes/deal"] = static_cast<double>(nodes) / n;
  state.counters["solved"] = static_cast<double>(solved) / n;
  state.counters["decided"] = static_cast<double>(decided) / n;
}

void BM_Decide_FourteenOut(benchmark::State& s) { Decide<12, 5>(s, FourteenOutGame()); }
void BM_Decide_TakeFourteen(benchmark::State& s) { Decide<12, 5>(s, TakeFourteenGame()); }
void BM_Decide_TripleFourteens(benchmark::State& s) { Decide<24, 7>(s, TripleFourteensGame()); }
BENCHMARK(BM_Decide_FourteenOut)->Iterations(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Decide_TakeFourteen)->Iterations(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Decide_TripleFourteens)->Iterations(10000)->Unit(benchmark::kMicrosecond);

template <int N, int H>
void ShuffleAndDeal(benchmark::State& state, const Game& game, bool prepare) {
  using Rules = typename fourteens::PairsGame<N, H>::Rules;
  const fourteens::Layout& layout = As<N, H>(game).layout();
  static Rules rules;
  typename Rules::Position start;
  std::array<Card, 52 * (N > 12 ? 3 : 1)> deck;
  uint64_t deal = 0;
  for (auto _ : state) {
    ShuffledDeck(++deal, layout.decks, deck);
    if (prepare)
      rules.Deal(layout, deck, start);
    else
      rules.DealCards(layout, deck, start);
    benchmark::DoNotOptimize(start);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_ShuffleAndDeal_FourteenOut(benchmark::State& s) {
  ShuffleAndDeal<12, 5>(s, FourteenOutGame(), false);
}
void BM_ShuffleAndDeal_TakeFourteen(benchmark::State& s) {
  ShuffleAndDeal<12, 5>(s, TakeFourteenGame(), false);
}
void BM_ShuffleAndDeal_TripleFourteens(benchmark::State& s) {
  ShuffleAndDeal<24, 7>(s, TripleFourteensGame(), false);
}
void BM_ShuffleDealPrepare_FourteenOut(benchmark::State& s) {
  ShuffleAndDeal<12, 5>(s, FourteenOutGame(), true);
}
void BM_ShuffleDealPrepare_TripleFourteens(benchmark::State& s) {
  ShuffleAndDeal<24, 7>(s, TripleFourteensGame(), true);
}
BENCHMARK(BM_ShuffleAndDeal_FourteenOut);
BENCHMARK(BM_ShuffleAndDeal_TakeFourteen);
BENCHMARK(BM_ShuffleAndDeal_TripleFourteens);
BENCHMARK(BM_ShuffleDealPrepare_FourteenOut);
BENCHMARK(BM_ShuffleDealPrepare_TripleFourteens);

// The whole Game::Solve path as talon-solve calls it (MakeDeal allocates the
// Deal; Solve converts the line into MoveSpecs), deals 1-1000.
void BM_GameSolve_FourteenOut(benchmark::State& state) {
  const Game& game = FourteenOutGame();
  uint64_t deal = 0;
  for (auto _ : state) {
    deal = deal % 1000 + 1;
    auto d = MakeDeal(game, deal, {});
    SolveResult r = game.Solve(*d, SearchLimits{});
    benchmark::DoNotOptimize(r.moves.data());
  }
}
BENCHMARK(BM_GameSolve_FourteenOut)->Iterations(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace talon
