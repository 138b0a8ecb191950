// The generic solver: a complete depth-first search over any game's rules.
//
// A game supplies a Rules type:
//
//   struct Rules {
//     using Position = ...;             // small, copyable
//     using Move = ...;                 // small value type
//     static constexpr int kMaxMoves;   // bound on Moves()'s count
//     bool prune = true;                // false: every legal move, no dead test
//     bool Won(const Position&) const;
//     // Writes the moves to try, best first, into out[0..n) and returns n.
//     // With prune, it may return fewer (e.g. one move proved safe), but only
//     // where the game's file proves that a win, if any, survives.
//     int Moves(const Position&, Move* out) const;
//     void Apply(Position&, Move) const;        // with automatic consequences
//     Key128 KeyOf(const Position&) const;      // see position_key.h
//     // Sound: true only if the position cannot be won. Only called with prune.
//     bool Dead(const Position&) const;
//     // Optional, both or neither: the key of the position after a move,
//     // without building it (KeyAfter(p, m) == KeyOf(p after Apply(m))), and
//     // whether a key is that of a won position (WonKey(KeyOf(p)) ==
//     // Won(p)). With them the search looks a child up in the table before
//     // building it, so a position entered before costs no Apply.
//     Key128 KeyAfter(const Position&, Move) const;
//     bool WonKey(Key128) const;
//   };
//
// The search enters each position at most once (the transposition table is
// the visited set; the games here are acyclic: every move removes or builds
// cards). It returns solved with a winning line, unsolvable only when the
// whole reachable space was searched, or unknown when a limit stopped it.
// It allocates per depth level, never per node, and reuses one stack of
// levels per thread, so a small search allocates nothing.
#pragma once

#include <chrono>
#include <concepts>
#include <vector>

#include "core/position_key.h"
#include "core/search_limits.h"
#include "core/solution.h"
#include "core/transposition_table.h"

namespace talon {

template <class Rules>
struct SearchOutcome {
  Verdict verdict = Verdict::kUnknown;
  std::vector<typename Rules::Move> line;  // the winning moves iff solved
  SearchStats stats;
};

template <class Rules>
SearchOutcome<Rules> Search(const Rules& rules, const typename Rules::Position& start,
                            const SearchLimits& limits) {
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  constexpr bool kKeyAfter = requires(const Rules& r, const Position& p, Move m, Key128 k) {
    { r.KeyAfter(p, m) } -> std::same_as<Key128>;
    { r.WonKey(k) } -> std::same_as<bool>;
  };
  struct Frame {
    Position pos;
    int n = 0, next = 0;
    Move moves[Rules::kMaxMoves];
  };

  const auto t0 = std::chrono::steady_clock::now();
  SearchOutcome<Rules> out;
  auto finish = [&](Verdict v, const char* limit, size_t table_bytes) {
    out.verdict = v;
    out.stats.limit = limit;
    out.stats.table_bytes = table_bytes;
    out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };

  if (rules.Won(start)) return finish(Verdict::kSolved, "", 0);
  if (rules.prune && rules.Dead(start)) return finish(Verdict::kUnsolvable, "", 0);

  // One table per thread and game, reset for each search: small searches
  // (most deals) then allocate nothing. Reset makes it exactly a new table.
  thread_local TranspositionTable table(1024, 64);
  table.Reset(limits.max_memory, 16384);
  table.set_deadline(Deadline(limits, t0));
  // A table that grew large is given back when the search ends, so an idle
  // thread never holds more than the small reusable table.
  struct Shrink {
    TranspositionTable& t;
    ~Shrink() {
      if (t.bytes() > (size_t{16384} * sizeof(Key128))) t.Reset(1024, 64);
    }
  } shrink{table};
  // Frames are reused level by level: the stack grows only when the search
  // goes deeper than ever before, so no node allocates. One stack per thread
  // and game, kept between searches (every frame is written before it is
  // read: a level's position and moves are set when the search enters it),
  // so a small search neither allocates nor clears it.
  thread_local std::vector<Frame> stack;
  if (stack.size() < 16) stack.resize(16);
  size_t depth = 0;
  Frame* frames = stack.data();  // both renewed whenever the stack grows
  size_t levels = stack.size();
  frames[0].pos = start;
  frames[0].n = rules.Moves(start, frames[0].moves);
  frames[0].next = 0;
  table.Insert(rules.KeyOf(start));

  uint64_t nodes = 0;
  const uint64_t max_nodes = limits.max_nodes ? limits.max_nodes : ~uint64_t{0};
  for (;;) {
    Frame& top = frames[depth];
    if (top.next == top.n) {
      if (depth == 0) break;
      --depth;
      continue;
    }
    const Move move = top.moves[top.next++];
    if (depth + 1 == levels) {
      stack.resize(levels * 2);
      frames = stack.data();
      levels = stack.size();
    }
    Frame& child = frames[depth + 1];  // `top` is not used after the resize
    [[maybe_unused]] Key128 key;
    if constexpr (kKeyAfter) {
      key = rules.KeyAfter(frames[depth].pos, move);
    } else {
      child.pos = frames[depth].pos;
      rules.Apply(child.pos, move);
    }
    ++nodes;

    if (nodes >= max_nodes) {
      out.stats.nodes = nodes;
      return finish(Verdict::kUnknown, "max-nodes", table.bytes());
    }
    if ((nodes & 1023) == 0) {
      if (const char* limit = CallerLimit(limits, t0)) {
        out.stats.nodes = nodes;
        return finish(Verdict::kUnknown, limit, table.bytes());
      }
    }

    bool won;
    if constexpr (kKeyAfter) won = rules.WonKey(key);
    else won = rules.Won(child.pos);
    if (won) {
      for (size_t d = 0; d <= depth; ++d) out.line.push_back(frames[d].moves[frames[d].next - 1]);
      out.stats.nodes = nodes;
      return finish(Verdict::kSolved, "", table.bytes());
    }
    if constexpr (kKeyAfter) {
      if (!table.Insert(key)) continue;  // entered before
      child.pos = frames[depth].pos;
      rules.Apply(child.pos, move);
    } else {
      if (!table.Insert(rules.KeyOf(child.pos))) continue;  // entered before
    }
    if (rules.prune && rules.Dead(child.pos)) continue;
    child.n = rules.Moves(child.pos, child.moves);
    child.next = 0;
    ++depth;
  }
  out.stats.nodes = nodes;
  return finish(Verdict::kUnsolvable, "", table.bytes());
}

}  // namespace talon
