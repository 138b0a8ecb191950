// A search for a short winning line: weighted A* over a game's own moves,
// each costing the checker moves it writes (docs/solvers/shortening.md).
//
// The game supplies a ShortRules type:
//
//   struct ShortRules {
//     using Position = ...;  using Move = ...;
//     static constexpr int kMaxMoves;
//     int Moves(const Position&, Move* out) const;   // as in core/search.h
//     void Apply(Position&, Move) const;
//     bool Won(const Position&) const;
//     Key128 KeyOf(const Position&) const;           // equal keys: one node
//     // Sound: true only if `child` (parent after m) cannot be won.
//     bool Lost(const Position& parent, Move m, const Position& child) const;
//     int Cost(const Position&, Move) const;         // checker moves written, >= 1
//     int Estimate(const Position&) const;           // moves left, roughly
//     int Floor(const Position&) const;              // moves left, at least
//   };
//
// Nodes are taken cheapest first by cost + weight * Estimate, ties in the
// order they were made, so the line found is the same on every run. The
// search is not complete and its lines are not minimal: it only offers a
// line the shortening then checks by replay.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/position_key.h"

namespace talon {

struct ShortSearchLimits {
  uint64_t bound = 0;      // only lines costing less than this are wanted
  uint64_t max_nodes = 0;  // positions made, at most
  int weight = 2;          // of the estimate against the cost so far
};

template <class Rules>
struct ShortSearchOutcome {
  std::vector<typename Rules::Move> line;  // empty unless one was found
  uint64_t cost = 0;                       // the line's checker moves
  uint64_t nodes = 0;                      // positions made
};

template <class Rules>
ShortSearchOutcome<Rules> FindShortLine(const Rules& rules, const typename Rules::Position& start,
                                        const ShortSearchLimits& limits) {
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  struct Node {
    Position pos;
    uint32_t parent;
    Move move;
    uint64_t cost;
  };
  struct KeyHash {
    size_t operator()(Key128 k) const { return static_cast<size_t>(HashKey(k)); }
  };
  using Entry = std::pair<uint64_t, uint32_t>;  // priority, node (made in this order)
  ShortSearchOutcome<Rules> out;
  if (rules.Won(start) || limits.bound == 0) return out;
  // Kept per thread between searches: their memory is touched once.
  thread_local std::vector<Node> nodes;
  thread_local std::unordered_map<Key128, uint64_t, KeyHash> cheapest;
  nodes.clear();
  cheapest.clear();
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  nodes.push_back({start, 0, Move{}, 0});
  cheapest.emplace(rules.KeyOf(start), 0);
  open.push({0, 0});
  Move moves[Rules::kMaxMoves];
  uint32_t won = 0;
  while (!open.empty() && out.nodes < limits.max_nodes) {
    const uint32_t id = open.top().second;
    open.pop();
    const Position pos = nodes[id].pos;
    const uint64_t g = nodes[id].cost;
    if (cheapest[rules.KeyOf(pos)] < g) continue;  // reached more cheaply since
    const int n = rules.Moves(pos, moves);
    for (int k = 0; k < n && !won; ++k) {
      const uint64_t g2 = g + static_cast<uint64_t>(rules.Cost(pos, moves[k]));
      Position child = pos;
      rules.Apply(child, moves[k]);
      ++out.nodes;
      if (g2 + static_cast<uint64_t>(rules.Floor(child)) >= limits.bound) continue;
      const Key128 key = rules.KeyOf(child);
      const auto [it, fresh] = cheapest.try_emplace(key, g2);
      if (!fresh) {
        if (it->second <= g2) continue;
        it->second = g2;
      }
      if (rules.Lost(pos, moves[k], child)) continue;
      nodes.push_back({child, id, moves[k], g2});
      const uint32_t child_id = static_cast<uint32_t>(nodes.size() - 1);
      // The first win made is taken: with the weight, a cheaper one is
      // rarely worth the positions it would cost to find.
      if (rules.Won(child)) won = child_id;
      open.push({g2 + static_cast<uint64_t>(limits.weight) * static_cast<uint64_t>(rules.Estimate(child)), child_id});
    }
    if (won) break;
  }
  if (won) {
    out.cost = nodes[won].cost;
    for (uint32_t id = won; id != 0; id = nodes[id].parent) out.line.push_back(nodes[id].move);
    std::reverse(out.line.begin(), out.line.end());
  }
  return out;
}

}  // namespace talon
