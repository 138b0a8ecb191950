// One depth-first phase of the Klondike search (RunPhase). The proofs of
// what it skips: docs/solvers/klondike.md#pointer-dominance, #lost-neighbours,
// #cycles-and-the-visited-set, #lost-positions-kept, #turn-ups-returned.
#include "core/games/klondike/phase.h"

#include <algorithm>

#include "core/games/klondike/relaxation.h"

namespace talon::klondike {

namespace {

// Generates the moves of frame f's position and the keys of the positions
// they lead to, and asks the memory for those keys' table slots at once:
// nearly every probe of a large table misses the cache, and most children
// are positions already entered (skipped after the probe alone), so the
// misses of one frame's children overlap instead of coming one by one.
void GenerateChildren(const Solver& solver, const TranspositionTable& table, Frame& f) {
  f.n = solver.Moves(f.pos, f.moves);
  f.next = 0;
  for (int i = 0; i < f.n; ++i) {
    f.keys[i] = solver.KeyAfter(f.pos, f.moves[i]);
    table.Prefetch(f.keys[i]);
  }
}

}  // namespace

PhaseOutcome RunPhase(const Solver& solver, const Pos& start, const SearchLimits& limits,
                      uint64_t max_nodes, std::chrono::steady_clock::time_point t0,
                      std::vector<Frame>& stack, TranspositionTable& table, TableUse use,
                      std::vector<MoveSpec>* line, Relaxation* relaxation, bool probe) {
  PhaseOutcome out;
  // Keep the slots the last phase grew to: the next phase needs as many.
  if (use == TableUse::kFresh)
    table.Reset(std::max<size_t>(limits.max_memory, 1024), table.bytes() / sizeof(Key128));
  const bool tarjan = use == TableUse::kKeepTarjan;
  // The positions entered and not proved lost (core/open_positions.h).
  OpenPositions open;
  // Bounded so that the bookkeeping stays an eighth of --max-memory (about 80
  // bytes a position: 24-byte slots of a map a quarter to half full, and a
  // pending entry): beyond it the phase stops early.
  const size_t max_open = std::max<size_t>(limits.max_memory / 8 / 80, 1024);
  size_t depth = 0;
  uint64_t nodes = 0;
  stack[0].pos = start;
  stack[0].key = solver.KeyOf(start);
  stack[0].alive = false;
  table.Insert(stack[0].key);
  GenerateChildren(solver, table, stack[0]);
  if (tarjan) stack[0].mark = open.Enter(stack[0].key, 0);
  auto stop = [&](Verdict v, const char* limit) {
    // The positions on the path (and, with cycles, those left in a cycle
    // through it) are entered but not proved lost: forget them, so that the
    // table holds only lost positions for the next phase.
    if (v != Verdict::kUnsolvable) {
      if (use == TableUse::kKeepAcyclic)
        for (size_t d = 0; d <= depth; ++d) table.Erase(stack[d].key);
      if (tarjan) open.ForEachOpen([&](Key128 key) { table.Erase(key); });
    }
    out.verdict = v;
    out.limit = limit;
    out.nodes = nodes;
    out.table_bytes = table.bytes();
    return out;
  };
  Key128 xs[kMaxTalon];  // the dominating keys of a child (made once: Key128 is zeroed)
  for (;;) {
    Frame& top = stack[depth];
    if (top.next == top.n) {
      if (tarjan) open.Leave(top.key, top.mark, depth > 0 ? &stack[depth - 1].mark : nullptr);
      if (depth == 0) break;
      --depth;
      continue;
    }
    const Move move = top.moves[top.next];
    Key128 key = top.keys[top.next++];
    const bool won = solver.Wins(top.pos, move);
    ++nodes;

    if (max_nodes && nodes >= max_nodes) return stop(Verdict::kUnknown, "max-nodes");
    if ((nodes & 1023) == 0) {
      if (const char* limit = CallerLimit(limits, t0)) return stop(Verdict::kUnknown, limit);
      if (tarjan && open.size() > max_open) return stop(Verdict::kUnknown, "max-nodes");
    }

    if (won) {
      if (!probe) {
        Pos replay = start;
        for (size_t d = 0; d <= depth; ++d) solver.Expand(replay, stack[d].moves[stack[d].next - 1], *line);
      }
      return stop(Verdict::kSolved, "");
    }
    // Turn-ups returned (probes): the child is its returned position. The
    // child is made in its frame first, for its returned key.
    if (depth + 1 == stack.size()) stack.resize(stack.size() * 2);  // (`top` is not used below)
    const bool returned_up = probe && solver.TurnsUp(stack[depth].pos, move);
    if (returned_up) {
      stack[depth + 1].pos = stack[depth].pos;
      solver.Apply(stack[depth + 1].pos, move);
      key = solver.ReturnedKey(stack[depth + 1].pos);
    }
    // Lost neighbours: a move the next move can undo, to a position known to
    // be lost, shows that the position it leaves is lost too (the lost one
    // reaches it): its other moves are left.
    auto lost_child = [&] {
      if (solver.Undoable(stack[depth].pos, move)) stack[depth].next = stack[depth].n;
    };
    // With cycles tracked, an open position (asked first: a full table may
    // have forgotten it) links the path to it; any other one in the table is
    // lost.
    if (tarjan && open.Link(key, stack[depth].mark)) continue;
    if (!table.Insert(key)) {  // entered before
      if (tarjan) lost_child();  // (and not open: proved lost)
      continue;
    }
    Frame& child = stack[depth + 1];
    if (returned_up) {
      child.pos = solver.Returned(child.pos);
    } else {
      child.pos = stack[depth].pos;
      solver.Apply(child.pos, move);
    }
    child.key = key;
    // Ask the memory for what is looked up after the dead test (the
    // relaxation's key, the dominating keys): the test hides the misses.
    const Key128 draw1_key = relaxation ? solver.Draw1Key(key) : key;
    if (relaxation) relaxation->lost.Prefetch(draw1_key);
    const bool returned = relaxation && relaxation->probes;  // talon returned
    const Key128 returned_key = returned ? relaxation->solver.ReturnedKey(child.pos) : key;
    if (returned) relaxation->lost.Prefetch(returned_key);
    const int nx = solver.DominatingKeys(child.pos, key, table, xs);
    // (Alive after compares the child with its parent: not after a return.)
    if (solver.DeadAfter(child.pos, move, stack[depth].pos, stack[depth].alive && !returned_up, &child.alive) ||
        (relaxation && relaxation->lost.Contains(draw1_key))) {
      lost_child();
      continue;
    }
    // A talon move's child has its parent's returned position (the card
    // played is returned first, then all the parent's): that one is on the
    // path or would have cut the parent. So only the other moves ask. (A
    // child returned already is its own returned position.)
    if (probe && !returned_up && move.kind != kTalonF && move.kind != kTalonT) {
      // In a search that keeps lost positions without cycles, a position in
      // the table and not on the path is lost (the probes run only so).
      const Key128 back = solver.ReturnedKey(child.pos);
      if (!(back == key) && table.Contains(back)) {
        bool on_path = false;
        for (size_t d = 0; d <= depth && !on_path; ++d) on_path = stack[d].key == back;
        if (!on_path) {
          lost_child();
          continue;
        }
      }
    }
    if (returned && ReturnedLost(*relaxation, solver, child.pos, returned_key, limits, t0)) {
      lost_child();
      continue;
    }
    // The children's keys are asked of the memory here, so that the
    // dominance test and the open set's bookkeeping hide the misses of their
    // probes (a dominated child wastes its moves, and it is still faster).
    GenerateChildren(solver, table, child);
    Key128 by;
    if (Solver::Dominated(xs, nx, table, by)) {
      if (tarjan && open.IsOpen(by)) {
        open.Defer(child.key, by, stack[depth].mark);  // lost if `by` is
      } else if (tarjan) {
        lost_child();  // `by` is proved lost, so the child is
      }
      continue;
    }
    if (!tarjan && table.overwrites() > 0) {
      // The table forgets: make sure the child is not on the current path.
      bool on_path = false;
      for (size_t d = 0; d <= depth && !on_path; ++d) on_path = stack[d].key == child.key;
      if (on_path) continue;
    }
    if (tarjan) child.mark = open.Enter(child.key, nodes);
    ++depth;
  }
  return stop(Verdict::kUnsolvable, "");
}

}  // namespace talon::klondike
