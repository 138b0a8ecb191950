// OpenPositions: which positions a depth-first search with a visited set has
// entered but not yet proved lost, in a move graph that may have cycles.
//
// A search stopped by its budget leaves its visited set holding positions of
// three kinds: left without a win and lost; on the path; and left without a
// win only because a move led back to a position on the path (a cycle), so
// not proved lost. Tarjan's strongly connected components sort them out: a
// position left with no move into the path above it (low link == its own
// index) closes a part of the graph from which every move leads into that
// part or to a lost position, with no win in it; the part is lost. The
// positions still open when the search stops are exactly those not proved
// lost; erasing them from the visited set leaves only lost positions, which
// a later search may skip (klondike_solver.cpp, LOST POSITIONS KEPT).
//
// Use, for each position entered (index = a number that grows with every
// position entered): Enter; for each move to a position already in the
// visited set: Link; for a position that is lost if another one is: Defer;
// when its moves are done: Leave. Every position left as the root of its
// part is proved lost; IsOpen and ForEachOpen name the rest.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/position_key.h"

namespace talon {

class OpenPositions {
 public:
  // Kept with each position on the path.
  struct Mark {
    uint64_t index = 0;  // order of entry
    uint64_t low = 0;    // least index of an open position it reaches
    size_t pending = 0;  // pending_.size() when it was entered
  };

  Mark Enter(Key128 key, uint64_t index) {
    open_[key] = index;
    return Mark{index, index, pending_.size()};
  }
  // A move from `from` (the path's top) to `key`, in the visited set. Returns
  // true if `key` is open (then `from` reaches what it reaches), false if it
  // is proved lost.
  bool Link(Key128 key, Mark& from) const {
    auto it = open_.find(key);
    if (it == open_.end()) return false;
    from.low = std::min(from.low, it->second);
    return true;
  }
  // `key`, just entered in the visited set and not searched, is lost if
  // `by` is: open with `by`'s low link if `by` is open, else lost at once.
  void Defer(Key128 key, Key128 by, Mark& from) {
    auto it = open_.find(by);
    if (it == open_.end()) return;
    const uint64_t low = it->second;
    open_[key] = low;
    pending_.push_back(key);
    from.low = std::min(from.low, low);
  }
  // The path's top `key` is left; `parent` is the position below it on the
  // path (null for the root). Returns true if it closed its part (then it
  // and the positions left after it and still open are proved lost).
  bool Leave(Key128 key, const Mark& m, Mark* parent) {
    if (m.low == m.index) {
      for (size_t k = m.pending; k < pending_.size(); ++k) open_.erase(pending_[k]);
      pending_.resize(m.pending);
      open_.erase(key);
      return true;
    }
    open_[key] = m.low;
    pending_.push_back(key);
    if (parent) parent->low = std::min(parent->low, m.low);
    return false;
  }

  bool IsOpen(Key128 key) const { return open_.count(key) != 0; }
  size_t size() const { return open_.size(); }
  // In the order of the keys (not the map's order, which may differ between
  // standard libraries), so that what the caller does with them is the same
  // everywhere.
  template <class F>
  void ForEachOpen(F&& f) const {
    std::vector<Key128> keys;
    keys.reserve(open_.size());
    for (const auto& entry : open_) keys.push_back(entry.first);
    std::sort(keys.begin(), keys.end(), [](Key128 a, Key128 b) { return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi; });
    for (Key128 k : keys) f(k);
  }
  void Clear() {
    open_.clear();
    pending_.clear();
  }

 private:
  struct Hasher {
    size_t operator()(Key128 k) const { return static_cast<size_t>(HashKey(k)); }
  };
  std::unordered_map<Key128, uint64_t, Hasher> open_;  // key -> index or low link
  std::vector<Key128> pending_;  // left and open, in the order left
};

}  // namespace talon
