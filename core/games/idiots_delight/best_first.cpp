// The Idiot's Delight's best-first look: an incomplete search that only ever
// reports a win. It expands the most promising position seen so far,
// keeping positions packed (68 bytes) with a link to their parent.
// Design: docs/solvers/idiots-delight.md, "Quick looks".
#include <algorithm>
#include <bit>
#include <chrono>
#include <utility>
#include <vector>

#include "core/games/idiots_delight/search.h"
#include "core/transposition_table.h"

namespace talon::idiot {

namespace {

struct Packed {
  std::array<uint8_t, 68> b{};  // found[4], reserve, then per column: length, cards
};

Packed Pack(const Position& p) {
  Packed k;
  size_t i = 0;
  for (uint8_t f : p.found) k.b[i++] = f;
  k.b[i++] = p.reserve;
  for (size_t j = 0; j < kColumns; ++j) {
    k.b[i++] = p.len[j];
    for (size_t c = 0; c < p.len[j]; ++c) k.b[i++] = p.card[j][c];
  }
  return k;
}

Position Unpack(const Packed& k) {
  Position p;
  size_t i = 0;
  for (uint8_t& f : p.found) f = k.b[i++];
  p.reserve = k.b[i++];
  for (int j = 0; j < kColumns; ++j) {
    const int len = k.b[i++];
    for (int c = 0; c < len; ++c) Push(p, j, k.b[i++]);
  }
  Reweigh(p);
  return p;
}

int Promise(const Position& p) {
  int found = 0, buried = 0, empty = 0;
  for (uint8_t f : p.found) found += f;
  for (size_t j = 0; j < kColumns; ++j) {
    empty += p.len[j] == 0;
    for (int c = 0; c < p.len[j]; ++c) {
      const uint8_t code = p.card[j][static_cast<size_t>(c)];
      if (p.found[SuitOf(code)] + 1 == Rank(code)) buried += p.len[j] - 1 - c;
    }
  }
  return 20 * found - 3 * buried + 5 * empty - 2 * std::popcount(p.reserve);
}

}  // namespace

Outcome BestFirst(const Rules& rules, const Position& start, const SearchLimits& limits) {
  struct Entry {
    Packed pos;
    uint32_t parent;
    Move move;
  };
  const auto t0 = std::chrono::steady_clock::now();
  Outcome out;
  TranspositionTable table(std::max<size_t>(limits.max_memory / 2, 1024));
  table.set_deadline(Deadline(limits, t0));
  std::vector<Entry> entries;
  std::vector<std::pair<int, uint32_t>> heap;  // (promise, ~index): ties go to the oldest
  auto finish = [&](Verdict v, const char* limit, uint64_t nodes) {
    return Finish(out, v, limit, nodes, table.bytes(), t0);
  };
  auto write_line = [&](uint32_t at, Move last) {
    std::vector<Move> moves{last};
    for (; at != 0; at = entries[at].parent) moves.push_back(entries[at].move);
    std::reverse(moves.begin(), moves.end());
    Position p = start;
    rules.Autoplay(p, &out.line);
    for (Move m : moves) {
      out.line.push_back(m);
      rules.Apply(p, m, &out.line);
    }
  };
  Position root = start;
  rules.Autoplay(root);
  if (rules.Won(root)) {
    Position p = start;
    rules.Autoplay(p, &out.line);
    return finish(Verdict::kSolved, "", 0);
  }
  table.Insert(rules.KeyOf(root));
  entries.push_back(Entry{Pack(root), 0, Move{}});
  heap.emplace_back(Promise(root), ~uint32_t{0});
  const uint64_t max_nodes = limits.max_nodes ? limits.max_nodes : ~uint64_t{0};
  const size_t max_entries = limits.max_memory / 2 / sizeof(Entry);
  uint64_t nodes = 0;
  Move moves[kMaxMoves];
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end());
    const uint32_t at = ~heap.back().second;
    heap.pop_back();
    const Position pos = Unpack(entries[at].pos);
    const int n = rules.Moves(pos, moves);
    for (int i = 0; i < n; ++i) {
      Position child = pos;
      rules.Apply(child, moves[i]);
      ++nodes;
      if (nodes >= max_nodes) return finish(Verdict::kUnknown, "max-nodes", nodes);
      if ((nodes & 1023) == 0)
        if (const char* limit = CallerLimit(limits, t0)) return finish(Verdict::kUnknown, limit, nodes);
      if (rules.Won(child)) {
        write_line(at, moves[i]);
        return finish(Verdict::kSolved, "", nodes);
      }
      if (!table.Insert(rules.KeyOf(child))) continue;
      if (entries.size() >= max_entries) return finish(Verdict::kUnknown, "max-memory", nodes);
      entries.push_back(Entry{Pack(child), at, moves[i]});
      heap.emplace_back(Promise(child), ~static_cast<uint32_t>(entries.size() - 1));
      std::push_heap(heap.begin(), heap.end());
    }
  }
  return finish(Verdict::kUnknown, "", nodes);  // exhausted, but it is not complete
}

}  // namespace talon::idiot
