// OpenPositions on random move graphs with cycles: a search driven the way
// the Klondike solver drives it (core/games/klondike/phase.cpp: visited set,
// budget stops, restarts with other move orders that skip what earlier ones
// proved lost) never keeps a position that can still reach a win, and its
// verdicts are the true ones.
#include "core/open_positions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <vector>

namespace talon {
namespace {

struct Graph {
  std::vector<std::vector<int>> moves;
  std::vector<bool> win;
  std::vector<int> dominated_by;  // -1, or a position that is lost only if this one is
  std::vector<bool> can_win;      // the truth, by a backward search from the wins
};

Key128 K(int v) { return Key128{static_cast<uint64_t>(v), 7}; }

Graph RandomGraph(std::mt19937_64& rng) {
  Graph g;
  const int n = 20 + static_cast<int>(rng() % 150);
  g.moves.resize(static_cast<size_t>(n));
  g.win.assign(static_cast<size_t>(n), false);
  for (int v = 0; v < n; ++v) {
    const int degree = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < degree; ++k) {
      // Mostly short moves forward and back, so that cycles are everywhere.
      const int step = static_cast<int>(rng() % 7) - 3;
      const int to = rng() % 4 == 0 ? static_cast<int>(rng() % static_cast<uint64_t>(n)) : std::clamp(v + step, 0, n - 1);
      if (to != v) g.moves[static_cast<size_t>(v)].push_back(to);
    }
  }
  for (int k = 0; k < 1 + static_cast<int>(rng() % 2); ++k) g.win[1 + rng() % static_cast<uint64_t>(n - 1)] = true;
  // can_win: reaches a win.
  std::vector<std::vector<int>> back(static_cast<size_t>(n));
  for (int v = 0; v < n; ++v)
    for (int w : g.moves[static_cast<size_t>(v)]) back[static_cast<size_t>(w)].push_back(v);
  // Moves to a win, by a backward search from the wins (kLost: none).
  constexpr int kLost = 1 << 30;
  std::vector<int> distance(static_cast<size_t>(n), kLost);
  std::deque<int> queue;
  for (int v = 0; v < n; ++v)
    if (g.win[static_cast<size_t>(v)]) queue.push_back(v), distance[static_cast<size_t>(v)] = 0;
  while (!queue.empty()) {
    const int w = queue.front();
    queue.pop_front();
    for (int v : back[static_cast<size_t>(w)])
      if (distance[static_cast<size_t>(v)] == kLost)
        distance[static_cast<size_t>(v)] = distance[static_cast<size_t>(w)] + 1, queue.push_back(v);
  }
  g.can_win.resize(static_cast<size_t>(n));
  for (int v = 0; v < n; ++v) g.can_win[static_cast<size_t>(v)] = distance[static_cast<size_t>(v)] != kLost;
  // Dominance as in POINTER DOMINANCE: v is skipped for a position u in the
  // visited set that wins whenever v does, in at most as many moves.
  g.dominated_by.assign(static_cast<size_t>(n), -1);
  for (int v = 1; v < n; ++v) {
    if (rng() % 4 != 0) continue;
    const int u = static_cast<int>(rng() % static_cast<uint64_t>(n));
    if (u != v && distance[static_cast<size_t>(u)] <= distance[static_cast<size_t>(v)])
      g.dominated_by[static_cast<size_t>(v)] = u;
  }
  return g;
}

enum class Outcome { kWon, kLost, kStopped };

// One search phase from position 0 with moves in an order shuffled by
// `seed`, stopped after `budget` moves (0: none). `kept` holds the positions
// earlier phases proved lost; on a stop it gets this phase's lost ones.
Outcome Phase(const Graph& g, uint64_t seed, uint64_t budget, std::set<int>& kept) {
  std::mt19937_64 rng(seed);
  struct Frame {
    int v;
    std::vector<int> moves;
    size_t next = 0;
    OpenPositions::Mark mark;
  };
  auto frame = [&](int v) {
    Frame f{v, g.moves[static_cast<size_t>(v)], 0, {}};
    if (seed) std::shuffle(f.moves.begin(), f.moves.end(), rng);
    return f;
  };
  std::set<int> visited = kept;
  OpenPositions open;
  std::vector<Frame> path{frame(0)};
  visited.insert(0);
  path[0].mark = open.Enter(K(0), 0);
  uint64_t entered = 0, moves = 0;
  while (!path.empty()) {
    Frame& top = path.back();
    if (top.next == top.moves.size()) {
      open.Leave(K(top.v), top.mark, path.size() > 1 ? &path[path.size() - 2].mark : nullptr);
      path.pop_back();
      continue;
    }
    const int w = top.moves[top.next++];
    if (budget && ++moves > budget) {
      std::set<int> lost;
      for (int v : visited)
        if (!open.IsOpen(K(v))) lost.insert(v);
      kept = lost;
      return Outcome::kStopped;
    }
    if (g.win[static_cast<size_t>(w)]) return Outcome::kWon;
    if (open.Link(K(w), top.mark)) continue;
    if (!visited.insert(w).second) continue;
    const int by = g.dominated_by[static_cast<size_t>(w)];
    if (by >= 0 && visited.count(by)) {
      open.Defer(K(w), K(by), top.mark);
      continue;
    }
    Frame f = frame(w);
    f.mark = open.Enter(K(w), ++entered);
    path.push_back(std::move(f));
  }
  return Outcome::kLost;
}

TEST(OpenPositions, KeepsOnlyLostPositionsAndGivesTrueVerdicts) {
  std::mt19937_64 rng(2026);
  int graphs = 0, stops = 0, kept_total = 0, lost_roots = 0;
  for (int round = 0; round < 400; ++round) {
    const Graph g = RandomGraph(rng);
    if (g.win[0]) continue;
    ++graphs;
    std::set<int> kept;
    Outcome last = Outcome::kStopped;
    for (uint64_t phase = 0; last == Outcome::kStopped; ++phase) {
      // Budgets 1, 2, 4, ... then a last phase without one.
      const uint64_t budget = phase < 10 ? uint64_t{1} << phase : 0;
      last = Phase(g, phase == 0 || budget == 0 ? 0 : 1000 * round + phase, budget, kept);
      if (last == Outcome::kStopped) {
        ++stops;
        for (int v : kept) ASSERT_FALSE(g.can_win[static_cast<size_t>(v)]) << "round " << round << " kept " << v;
        kept_total += static_cast<int>(kept.size());
      }
    }
    EXPECT_EQ(last == Outcome::kWon, g.can_win[0]) << "round " << round;
    lost_roots += !g.can_win[0];
  }
  // The graphs are varied enough to test something.
  EXPECT_GE(graphs, 300);
  EXPECT_GE(stops, 1000);
  EXPECT_GE(kept_total, 1000);
  EXPECT_GE(lost_roots, 50);
  std::printf("%d graphs (%d lost), %d stops, %d positions kept as lost\n", graphs, lost_roots, stops, kept_total);
}

// KeyNumberMap against std::map: random sets, erases and lookups, with
// keys from a small pool (so that many repeat) through several growths,
// erasing about as often as setting (so that clusters close behind every
// kind of hole). Every lookup and the size agree after every operation,
// and the keys it lists are exactly the reference's.
TEST(KeyNumberMap, AgreesWithStdMap) {
  std::mt19937_64 rng(11);
  KeyNumberMap map;
  std::map<std::pair<uint64_t, uint64_t>, uint64_t> ref;
  auto key = [](uint64_t v) { return Key128{v * 0x9E3779B97F4A7C15ULL, v}; };
  size_t largest = 0;
  for (int step = 0; step < 120000; ++step) {
    const uint64_t v = rng() % 6000;
    const Key128 k = key(v);
    switch (rng() % 3) {
      case 0:
      case 1:
        if (step < 60000 || rng() % 2 == 0) {
          map.Set(k, static_cast<uint64_t>(step));
          ref[{k.lo, k.hi}] = static_cast<uint64_t>(step);
        } else {
          map.Erase(k);
          ref.erase({k.lo, k.hi});
        }
        break;
      default: {
        const uint64_t* found = map.Find(k);
        const auto it = ref.find({k.lo, k.hi});
        ASSERT_EQ(found != nullptr, it != ref.end()) << "step " << step;
        if (found) {
          ASSERT_EQ(*found, it->second) << "step " << step;
        }
        break;
      }
    }
    ASSERT_EQ(map.size(), ref.size()) << "step " << step;
    largest = std::max(largest, ref.size());
  }
  for (uint64_t v = 0; v < 6000; ++v) {
    const Key128 k = key(v);
    ASSERT_EQ(map.Find(k) != nullptr, ref.count({k.lo, k.hi}) != 0) << v;
  }
  std::set<std::pair<uint64_t, uint64_t>> listed;
  map.ForEachKey([&](Key128 k) { listed.insert({k.lo, k.hi}); });
  EXPECT_EQ(listed.size(), ref.size());
  for (const auto& [k, n] : ref) EXPECT_TRUE(listed.count(k)) << k.second;
  EXPECT_GE(largest, 4000u);  // grown past 1024 slots several times
  map.Clear();
  EXPECT_EQ(map.size(), 0u);
  EXPECT_EQ(map.Find(key(1)), nullptr);
}

}  // namespace
}  // namespace talon
