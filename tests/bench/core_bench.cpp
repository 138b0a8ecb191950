// Core benchmarks: the shuffle, and the transposition table against the
// standard library's hash set (why talon has its own table).
#include <benchmark/benchmark.h>

#include <array>
#include <unordered_set>

#include "core/shuffle.h"
#include "core/transposition_table.h"

namespace talon {
namespace {

void BM_Shuffle52(benchmark::State& state) {
  std::array<Card, 52> deck;
  uint64_t n = 1;
  for (auto _ : state) {
    ShuffledDeck(n++, 1, deck);
    benchmark::DoNotOptimize(deck.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Shuffle52);

void BM_Shuffle156(benchmark::State& state) {
  std::array<Card, 156> deck;
  uint64_t n = 1;
  for (auto _ : state) {
    ShuffledDeck(n++, 3, deck);
    benchmark::DoNotOptimize(deck.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Shuffle156);

// A search-like access pattern: mostly new keys, some repeats, sized like a
// fourteen-out search (a few thousand positions), table built afresh per deal.
template <class Set, class Make>
void InsertPattern(benchmark::State& state, Make make) {
  const int per_deal = static_cast<int>(state.range(0));
  uint64_t seed = 1;
  for (auto _ : state) {
    auto set = make();
    SplitMix64 rng(seed++);
    int fresh = 0;
    for (int i = 0; i < per_deal; ++i) {
      uint64_t k = rng.Next() % static_cast<uint64_t>(per_deal * 2);
      fresh += set.Insert(Key128{k, k >> 3});
    }
    benchmark::DoNotOptimize(fresh);
  }
  state.SetItemsProcessed(state.iterations() * per_deal);
}

struct StdSet {
  struct Hash {
    size_t operator()(Key128 k) const { return HashKey(k); }
  };
  std::unordered_set<Key128, Hash> set;
  bool Insert(Key128 k) { return set.insert(k).second; }
};

void BM_TableTalon(benchmark::State& state) {
  InsertPattern<TranspositionTable>(state, [] { return TranspositionTable(size_t{1} << 30); });
}
void BM_TableStdUnorderedSet(benchmark::State& state) {
  InsertPattern<StdSet>(state, [] { return StdSet{}; });
}
BENCHMARK(BM_TableTalon)->Arg(1000)->Arg(100000);
BENCHMARK(BM_TableStdUnorderedSet)->Arg(1000)->Arg(100000);

}  // namespace
}  // namespace talon
