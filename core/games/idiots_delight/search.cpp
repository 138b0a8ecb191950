// The Idiot's Delight's complete search: depth first with its own loop (the
// game has cycles), one position changed by Apply and restored by Undo, the
// bounded table as visited set plus an on-path check once it forgets.
// Design and proofs: docs/solvers/idiots-delight.md, "The complete search".
#include <algorithm>
#include <chrono>
#include <unordered_set>
#include <vector>

#include "core/games/idiots_delight/search.h"
#include "core/transposition_table.h"

namespace talon::idiot {

Outcome Search(const Rules& rules, const Position& start, const SearchLimits& limits) {
  // One position, changed by Apply and restored by Undo; per depth a small
  // frame, its moves and automatic moves in shared stacks (some 60 bytes a
  // move of depth instead of a whole position).
  struct Frame {
    Key128 key;          // of the position at this depth
    uint32_t moves = 0;  // its moves: moves[moves .. moves + n)
    uint32_t autos = 0;  // the automatic moves after the move made from here
    uint8_t n = 0, next = 0;
    uint8_t card = 0;              // the card moved from here (next - 1)
    uint8_t last = 0, idle = 0;    // the position's own fields
  };
  const auto t0 = std::chrono::steady_clock::now();
  Outcome out;
  // A quarter of the memory for the path (room for 16384 moves at least):
  // searches that wander far from any win go deep. The rest for the table.
  // (24 moves a depth on average at most, and a node of the path set.)
  constexpr size_t kBytesPerDepth = sizeof(Frame) + 24 * sizeof(Move) + 48;
  const size_t max_frames = std::max<size_t>(16384, limits.max_memory / 4 / kBytesPerDepth);
  const size_t max_moves = max_frames * 24;
  TranspositionTable table(std::max<size_t>(limits.max_memory - limits.max_memory / 4, 1024));
  table.set_deadline(Deadline(limits, t0));
  std::vector<Frame> stack(1);
  std::vector<Move> moves;
  std::vector<Move> autos;
  std::vector<uint8_t> auto_cards;
  // The keys on the path, kept once the table has forgotten something.
  struct KeyHash {
    size_t operator()(Key128 k) const { return static_cast<size_t>(HashKey(k)); }
  };
  std::unordered_set<Key128, KeyHash> on_path;
  bool path_tracked = false;
  auto finish = [&](Verdict v, const char* limit, uint64_t nodes) {
    return Finish(out, v, limit, nodes, table.bytes(), t0);
  };
  auto write_line = [&](size_t depth) {
    Position p = start;
    rules.Autoplay(p, &out.line);
    for (size_t d = 0; d < depth; ++d) {
      const Move m = moves[stack[d].moves + stack[d].next - 1u];
      out.line.push_back(m);
      rules.Apply(p, m, &out.line);
    }
  };
  auto gen = [&](Frame& f, const Position& p) {
    f.moves = static_cast<uint32_t>(moves.size());
    moves.resize(moves.size() + kMaxMoves);
    f.n = static_cast<uint8_t>(rules.Moves(p, moves.data() + f.moves));
    moves.resize(f.moves + f.n);
    f.next = 0;
    f.last = p.last;
    f.idle = p.idle;
  };

  Position pos = start;
  rules.Autoplay(pos);
  if (rules.Won(pos)) {
    write_line(0);
    return finish(Verdict::kSolved, "", 0);
  }
  stack[0].key = rules.KeyOf(pos);
  table.Insert(stack[0].key);
  gen(stack[0], pos);

  size_t depth = 0;
  uint64_t nodes = 0;
  const uint64_t max_nodes = limits.max_nodes ? limits.max_nodes : ~uint64_t{0};
  // Takes back the move made from stack[d] (pos is then stack[d]'s position).
  auto undo = [&](size_t d) {
    Frame& f = stack[d];
    const size_t a = f.autos;
    rules.Undo(pos, moves[f.moves + f.next - 1u], f.card, autos.data() + a, auto_cards.data() + a,
               autos.size() - a, f.last, f.idle);
    autos.resize(a);
    auto_cards.resize(a);
  };
  for (;;) {
    Frame& top = stack[depth];
    if (top.next == top.n) {
      if (depth == 0) break;
      if (path_tracked) on_path.erase(top.key);
      moves.resize(top.moves);
      --depth;
      undo(depth);
      continue;
    }
    const Move move = moves[top.moves + top.next++];
    top.card = rules.CardOf(pos, move);
    top.autos = static_cast<uint32_t>(autos.size());
    rules.Apply(pos, move, &autos, &auto_cards);
    ++nodes;

    if (nodes >= max_nodes) return finish(Verdict::kUnknown, "max-nodes", nodes);
    if ((nodes & 1023) == 0)
      if (const char* limit = CallerLimit(limits, t0)) return finish(Verdict::kUnknown, limit, nodes);
    if (rules.Won(pos)) {
      write_line(depth + 1);
      return finish(Verdict::kSolved, "", nodes);
    }
    const Key128 key = rules.KeyOf(pos);
    bool enter = table.Insert(key);  // false: entered before
    if (enter && table.overwrites() != 0) {
      if (!path_tracked) {  // the first time: the keys on the path so far
        path_tracked = true;
        for (size_t d = 0; d <= depth; ++d) on_path.insert(stack[d].key);
      }
      enter = !on_path.contains(key);
    }
    if (!enter) {
      undo(depth);
      continue;
    }
    if (depth + 1 == stack.size() || moves.size() + kMaxMoves > max_moves) {
      if (stack.size() >= max_frames || moves.size() + kMaxMoves > max_moves)
        return finish(Verdict::kUnknown, "max-memory", nodes);
      stack.resize(std::min(stack.size() * 2, max_frames));
    }
    ++depth;
    stack[depth].key = key;
    if (path_tracked) on_path.insert(key);
    gen(stack[depth], pos);
  }
  return finish(Verdict::kUnsolvable, "", nodes);
}

// BEST-FIRST LOOK. An incomplete search that only ever reports a win: it
// expands the most promising position seen so far (more cards on the
// foundations, the next card of each suit less buried, more empty columns,
// fewer reserve cards), keeping positions packed (68 bytes) with a link to

}  // namespace talon::idiot
