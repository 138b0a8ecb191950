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
// a later search may skip (docs/solvers/klondike.md#lost-positions-kept).
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
#include <vector>

#include "core/position_key.h"

namespace talon {

// A map from keys to numbers: open addressing with linear probing over a
// power-of-two array, grown twice when half full, erased by backward shift
// (so no tombstones). A lookup reads one place where std::unordered_map
// follows a bucket to a node: on a set of millions, one cache miss instead
// of two (BM_OpenMap* in tests/bench/core_bench.cpp). kEmptyKey marks an
// empty slot (no game produces it).
class KeyNumberMap {
 public:
  KeyNumberMap() { Clear(); }
  // The number of `key`, or null if it is absent.
  const uint64_t* Find(Key128 key) const {
    const Slot& s = slots_[Place(key)];
    return s.key == key ? &s.number : nullptr;
  }
  // Inserts `key` or sets its number.
  void Set(Key128 key, uint64_t number) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    Slot& s = slots_[Place(key)];
    if (s.key == kEmptyKey) {
      s.key = key;
      ++size_;
    }
    s.number = number;
  }
  void Erase(Key128 key) {
    size_t i = Place(key);
    if (slots_[i].key == kEmptyKey) return;
    i = CloseHole(slots_.data(), mask_, i, [](const Slot& s) { return s.key; });
    slots_[i].key = kEmptyKey;
    --size_;
  }
  size_t size() const { return size_; }
  void Clear() {
    slots_.assign(kFirstSlots, Slot{});
    mask_ = kFirstSlots - 1;
    size_ = 0;
  }
  template <class F>
  void ForEachKey(F&& f) const {
    for (const Slot& s : slots_)
      if (!(s.key == kEmptyKey)) f(s.key);
  }

 private:
  static constexpr size_t kFirstSlots = 1024;
  struct Slot {
    Key128 key = kEmptyKey;
    uint64_t number = 0;
  };
  // Where `key` is, or the empty slot that ends its probe (the table is
  // never more than half full, so there is one).
  size_t Place(Key128 key) const {
    size_t i = HashKey(key) & mask_;
    while (!(slots_[i].key == key) && !(slots_[i].key == kEmptyKey)) i = (i + 1) & mask_;
    return i;
  }
  void Grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    size_ = 0;
    for (const Slot& s : old)
      if (!(s.key == kEmptyKey)) Set(s.key, s.number);
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

class OpenPositions {
 public:
  // Kept with each position on the path.
  struct Mark {
    uint64_t index = 0;  // order of entry
    uint64_t low = 0;    // least index of an open position it reaches
    size_t pending = 0;  // pending_.size() when it was entered
  };

  Mark Enter(Key128 key, uint64_t index) {
    open_.Set(key, index);
    return Mark{index, index, pending_.size()};
  }
  // A move from `from` (the path's top) to `key`, in the visited set. Returns
  // true if `key` is open (then `from` reaches what it reaches), false if it
  // is proved lost.
  bool Link(Key128 key, Mark& from) const {
    const uint64_t* low = open_.Find(key);
    if (low == nullptr) return false;
    from.low = std::min(from.low, *low);
    return true;
  }
  // `key`, just entered in the visited set and not searched, is lost if
  // `by` is: open with `by`'s low link if `by` is open, else lost at once.
  void Defer(Key128 key, Key128 by, Mark& from) {
    const uint64_t* found = open_.Find(by);
    if (found == nullptr) return;
    const uint64_t low = *found;
    open_.Set(key, low);
    pending_.push_back(key);
    from.low = std::min(from.low, low);
  }
  // The path's top `key` is left; `parent` is the position below it on the
  // path (null for the root). Returns true if it closed its part (then it
  // and the positions left after it and still open are proved lost).
  bool Leave(Key128 key, const Mark& m, Mark* parent) {
    if (m.low == m.index) {
      for (size_t k = m.pending; k < pending_.size(); ++k) open_.Erase(pending_[k]);
      pending_.resize(m.pending);
      open_.Erase(key);
      return true;
    }
    open_.Set(key, m.low);
    pending_.push_back(key);
    if (parent) parent->low = std::min(parent->low, m.low);
    return false;
  }

  bool IsOpen(Key128 key) const { return open_.Find(key) != nullptr; }
  size_t size() const { return open_.size(); }
  // In the order of the keys (not the map's, which depends on its history),
  // so that what the caller does with them is the same everywhere.
  template <class F>
  void ForEachOpen(F&& f) const {
    std::vector<Key128> keys;
    keys.reserve(open_.size());
    open_.ForEachKey([&](Key128 k) { keys.push_back(k); });
    std::sort(keys.begin(), keys.end(), [](Key128 a, Key128 b) { return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi; });
    for (Key128 k : keys) f(k);
  }
  void Clear() {
    open_.Clear();
    pending_.clear();
  }

 private:
  KeyNumberMap open_;  // key -> index or low link
  std::vector<Key128> pending_;  // left and open, in the order left
};

}  // namespace talon
