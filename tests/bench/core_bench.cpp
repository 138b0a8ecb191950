// Core benchmarks: the shuffle, and the transposition table and the open
// set's map against the standard library's hash containers (why talon has
// its own).
#include <benchmark/benchmark.h>

#include <array>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/open_positions.h"
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

// The open set's use (core/open_positions.h): every position entered is
// set, looked up about three times (moves into it, most of them from
// positions that find it), and erased or set again when left. `n` keys a
// round, random (as hashed keys are), so a large n misses the cache.
template <class Map>
void OpenPattern(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  std::vector<Key128> keys(n);
  SplitMix64 rng(7);
  for (Key128& k : keys) k = Key128{rng.Next(), rng.Next() >> 1};
  uint64_t found = 0;
  for (auto _ : state) {
    Map map;
    for (size_t i = 0; i < n; ++i) map.Set(keys[i], i);
    for (int round = 0; round < 3; ++round)
      for (size_t i = 0; i < n; ++i) found += map.Has(keys[(i * 7919 + round) % n]);
    for (size_t i = 0; i < n; i += 2) map.Erase(keys[i]);
    for (size_t i = 1; i < n; i += 2) map.Set(keys[i], i + 1);
    benchmark::DoNotOptimize(found);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

struct TalonOpenMap {
  KeyNumberMap map;
  void Set(Key128 k, uint64_t v) { map.Set(k, v); }
  bool Has(Key128 k) const { return map.Find(k) != nullptr; }
  void Erase(Key128 k) { map.Erase(k); }
};
struct StdOpenMap {
  struct Hash {
    size_t operator()(Key128 k) const { return HashKey(k); }
  };
  std::unordered_map<Key128, uint64_t, Hash> map;
  void Set(Key128 k, uint64_t v) { map[k] = v; }
  bool Has(Key128 k) const { return map.count(k) != 0; }
  void Erase(Key128 k) { map.erase(k); }
};
void BM_OpenMapTalon(benchmark::State& state) { OpenPattern<TalonOpenMap>(state); }
void BM_OpenMapStdUnorderedMap(benchmark::State& state) { OpenPattern<StdOpenMap>(state); }
BENCHMARK(BM_OpenMapTalon)->Arg(1000)->Arg(1000000);
BENCHMARK(BM_OpenMapStdUnorderedMap)->Arg(1000)->Arg(1000000);

}  // namespace
}  // namespace talon
