// The generic search on small hand-made graphs whose answers are known.
#include "core/search.h"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace talon {
namespace {

// A game on a directed acyclic graph: a position is a node, a move follows an
// edge, the game is won on `goal`. Nodes listed in `dead` are declared dead.
struct GraphRules {
  using Position = int;
  using Move = int;  // the node moved to
  static constexpr int kMaxMoves = 8;
  bool prune = true;
  std::vector<std::vector<int>> edges;
  int goal = -1;
  std::vector<int> dead;
  mutable int dead_calls = 0;

  bool Won(const Position& p) const { return p == goal; }
  int Moves(const Position& p, Move* out) const {
    int n = 0;
    for (int to : edges[static_cast<size_t>(p)]) out[n++] = to;
    return n;
  }
  void Apply(Position& p, Move m) const { p = m; }
  Key128 KeyOf(const Position& p) const { return {static_cast<uint64_t>(p), 0}; }
  bool Dead(const Position& p) const {
    ++dead_calls;
    for (int d : dead)
      if (d == p) return true;
    return false;
  }
};

// Follows `line` from `start` and returns where it ends, or -1 on a non-edge.
int Follow(const GraphRules& g, int start, const std::vector<int>& line) {
  int at = start;
  for (int to : line) {
    bool edge = false;
    for (int e : g.edges[static_cast<size_t>(at)]) edge = edge || e == to;
    if (!edge) return -1;
    at = to;
  }
  return at;
}

// A diamond lattice: node i links to 2i+1 and 2i+2 (below n).
GraphRules Lattice(int n, int goal) {
  GraphRules g;
  g.edges.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    for (int c : {2 * i + 1, 2 * i + 2})
      if (c < n) g.edges[static_cast<size_t>(i)].push_back(c);
  g.goal = goal;
  return g;
}

// Searches `g` from node 0 within `limits`: a failure unless it wins with a
// line that replays from 0 to g.goal. The outcome, for further checks.
auto ExpectWinToGoal(const GraphRules& g, const SearchLimits& limits) {
  auto out = Search(g, 0, limits);
  EXPECT_EQ(out.verdict, Verdict::kSolved);
  EXPECT_EQ(Follow(g, 0, out.line), g.goal);
  return out;
}

TEST(Search, FindsAWinningLineThatReplays) {
  GraphRules g = Lattice(200, 137);
  auto out = ExpectWinToGoal(g, SearchLimits{});
  EXPECT_GT(out.stats.nodes, 0u);
}

TEST(Search, StartAlreadyWonIsSolvedWithNoMoves) {
  GraphRules g = Lattice(10, 0);
  auto out = Search(g, 0, SearchLimits{});
  EXPECT_EQ(out.verdict, Verdict::kSolved);
  EXPECT_TRUE(out.line.empty());
}

TEST(Search, UnreachableGoalIsUnsolvableAfterExhaustingEveryNode) {
  GraphRules g = Lattice(100, -5);
  auto out = Search(g, 0, SearchLimits{});
  EXPECT_EQ(out.verdict, Verdict::kUnsolvable);
  EXPECT_EQ(out.stats.nodes, 99u);  // every edge of the tree followed once
}

TEST(Search, EntersSharedPositionsOnce) {
  // 0 -> {1,2} -> 3 -> {4,5}; goal missing: node 3's subtree is searched once.
  GraphRules g;
  g.edges = {{1, 2}, {3}, {3}, {4, 5}, {}, {}};
  g.goal = 99;
  auto out = Search(g, 0, SearchLimits{});
  EXPECT_EQ(out.verdict, Verdict::kUnsolvable);
  // Nodes count moves applied: 0-1, 1-3, 3-4, 3-5, 0-2, 2-3; the last finds 3
  // already entered, so 3's moves are not applied a second time.
  EXPECT_EQ(out.stats.nodes, 6u);
}

TEST(Search, DeadTestPrunesOnlyWhenPruning) {
  GraphRules g = Lattice(100, 50);
  g.dead = {24};  // 50's parent: the goal is then out of reach
  EXPECT_EQ(Search(g, 0, SearchLimits{}).verdict, Verdict::kUnsolvable);
  g.prune = false;
  g.dead_calls = 0;
  EXPECT_EQ(Search(g, 0, SearchLimits{}).verdict, Verdict::kSolved);
  EXPECT_EQ(g.dead_calls, 0);
}

TEST(Search, NodeLimitGivesUnknownNeverUnsolvable) {
  GraphRules g = Lattice(5000, -1);
  SearchLimits limits;
  limits.max_nodes = 100;
  auto out = Search(g, 0, limits);
  EXPECT_EQ(out.verdict, Verdict::kUnknown);
  EXPECT_EQ(out.stats.limit, "max-nodes");
  EXPECT_EQ(out.stats.nodes, 100u);
}

TEST(Search, CancelFlagStopsTheSearch) {
  GraphRules g = Lattice(100000, -1);
  std::atomic<bool> cancel{true};
  SearchLimits limits;
  limits.cancel = &cancel;
  auto out = Search(g, 0, limits);
  EXPECT_EQ(out.verdict, Verdict::kUnknown);
  EXPECT_EQ(out.stats.limit, "interrupted");
}

TEST(Search, TinyMemoryLimitStillGivesTheRightVerdict) {
  GraphRules g = Lattice(20000, 19999);
  SearchLimits limits;
  limits.max_memory = 1024;  // 64 slots: most visited positions are forgotten
  auto out = ExpectWinToGoal(g, limits);
  EXPECT_LE(out.stats.table_bytes, 1024u);
}

TEST(Search, SameAnswerEveryRun) {
  GraphRules g = Lattice(3000, 2999);
  auto a = Search(g, 0, SearchLimits{});
  auto b = Search(g, 0, SearchLimits{});
  EXPECT_EQ(a.line, b.line);
  EXPECT_EQ(a.stats.nodes, b.stats.nodes);
}

}  // namespace
}  // namespace talon
