// One depth-first phase of the Klondike search (RunPhase).
//
// POINTER DOMINANCE (prune, draw=3, unlimited passes). Let X and Y differ
// only in the talon pointer, X's at x and Y's at y, with a card played in
// the current pass in both (so either may redeal), and either y on the chain
// of a fresh pass (0, 3, 6, ..., n: Y offers the chain's cards) or x < y
// with x = y (mod 3). Then X offers every talon card Y offers (from x the
// draws pass through y; the fresh chain is one redeal away), and playing the
// card at pointer q gives the same position from both (pointer q - 1, the
// card gone). Tableau and foundation moves are the same and keep the
// relation. So X wins whenever Y does, in at most as many moves. The search
// skips Y when such an X is in the table. SOUND: suppose the search ends
// without a win although a visited position is winnable; take the winnable
// visited v whose shortest win (in talon moves as above, all legal moves) is
// shortest, d moves. The pruned move list keeps a first move of a shortest
// win (FILTERS, SAFE MOVES), to a child c with a win of d - 1 moves; c is
// the win itself (found), or visited (contradiction), or not dead (it is
// winnable), or skipped for an X in the table that wins in <= d - 1 moves.
// X itself may have been skipped (dominated by a position entered earlier
// still, by transitivity dominating c too) or found dead (then c would be
// lost); following the skips, which go to ever earlier positions, ends at a
// visited position winning in <= d - 1 moves: a contradiction with the
// choice of v. (A table that forgets positions only makes fewer skips.)
//
// LOST NEIGHBOURS (session 16, prune). If position N reaches position A by
// one move of the game and N cannot be won, neither can A (a win from A
// would be one from N). The search uses it where N is a child of A by a
// move the next move can undo (so N reaches A): a part of a run moved off
// a face-up card y (y is then a top that the run's base fits: the run goes
// back), and with worry a card c built off a face-up card h or a lone King
// (h is then a top that c fits, or the pile a space: c comes back), and a
// card brought back (it is then a top, playable to its foundation again).
// When such a child is known to be lost, A is lost, and the search leaves
// A's other moves. A child is known to be lost when the dead test says so,
// when its draw-1 key is in the RELAXATION's table, when it is in the
// phase's own table and its strongly connected part has closed (cycles
// tracked; with cycles not tracked an entered position may only have been
// cut off by the path), or when the position dominating it (POINTER
// DOMINANCE) is such a one. A position left this way counts as one the
// search found lost (it is in the table, and not open once it leaves the
// path with its part), and it is lost in the game: the complete search and
// LOST POSITIONS KEPT need nothing more of the positions they call lost
// (a part that closes with A in it has, from A too, only moves to lost
// positions, as every move from a lost position leads to one). No shortest
// win is involved, so the other rules' proofs are untouched. Only the rule
// sets with cycles (runs=any or worry) have such moves. CheckUndoableMoves
// (random lines of seven rule sets) checks each move called undoable for a
// move of the game back. Effect: deal 320's draw-1 game with runs=any
// worry=true is proved lost in 34.7 million positions instead of 71.3.
//
// CYCLES. Positions repeat (a card moved back and forth). The table is the
// visited set: a position is entered at most once, which keeps reachability
// intact. When the table reaches its memory limit it starts forgetting
// positions; from then on a child is also checked against the keys on the
// current path (restart phases with cycles ask their open set, which holds
// the path: LOST POSITIONS KEPT), so the search never walks a cycle forever.
// LOST POSITIONS KEPT. Every phase but the first starts from the table the
// earlier ones left, which holds only positions proved lost, and skips them
// (they are in the table); a phase stopped by its budget leaves only lost
// positions in it. Nothing of a win is skipped: a skipped position is lost.
//   Without cycles (runs=whole, worry=false: Acyclic()): every move raises
// (cards built, -talon cards, -face-down cards, -piles holding cards) in
// lexicographic order. A build raises the first; a talon move lowers the
// talon (building at most); a run move (runs=whole: the whole face-up run)
// turns a card up, or else empties its pile onto another pile's top (a King
// alone on its pile never goes to a space, see FILTERS); nothing comes back
// from a foundation, and the pruned search has no draws or redeals. So a
// position entered and left without a win is lost: each of its children was
// won-tested and searched to the end, or dead, or dominated by a position in
// the table (never one on the path: equal in the four counts, so neither
// reaches the other) and so lost, or in the table, so entered earlier and
// left (no cycle) without a win, or kept from an earlier phase: lost, by
// induction on the order of leaving. A stopped phase forgets the positions
// on its path; the rest of the table is lost.
//   With cycles (runs=any or worry=true): a position left without a win may
// only have been cut off by a move back to a position on the path. The
// phase tracks strongly connected parts (Tarjan; core/open_positions.h): a
// position whose moves lead back no higher than itself closes a part; every
// move from the part leads into it or to a lost, dead or kept position, or
// (dominance) the part's position is lost if a position in it or a lost one
// is; no position of the part is a win; so by the shortest-win induction of
// POINTER DOMINANCE (a winnable position of the part with the shortest win
// would have a kept first move leading to a win, or into the part with a
// shorter win, or to a lost position) the part is lost. A stopped phase
// forgets the positions still open (on the path, or left in a part whose
// root is on the path). The open set is kept under an eighth of
// --max-memory (about 80 bytes a position); a phase that would exceed it
// stops early, which only ends its restart sooner.
//   The last phase (no later phase to use its table) skips this
// bookkeeping. MONOTONE still: a budget B' >= 3B runs the same phases as B
// and more, leaving a superset of lost positions to the unperturbed last
// phase; a search skipping more lost positions meets the same first win in
// the same order (lost positions never lead to one) after no more
// positions, or ends after no more. (A table that forgets positions only
// skips less.)
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

const char* CallerLimit(const SearchLimits& limits, std::chrono::steady_clock::time_point t0) {
  if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) return "interrupted";
  if (limits.max_seconds > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limits.max_seconds)
    return "max-seconds";
  return nullptr;
}

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
  // Bounded so that the bookkeeping stays a small part of --max-memory
  // (about 80 bytes a position: 24-byte slots of a map a quarter to half
  // full, and a pending entry):
  // beyond it the phase stops early.
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
    // TURN-UPS RETURNED (probes): the child is its returned position. The
    // child is made in its frame first, for its returned key.
    if (depth + 1 == stack.size()) stack.resize(stack.size() * 2);  // (`top` is not used below)
    const bool returned_up = probe && solver.TurnsUp(stack[depth].pos, move);
    if (returned_up) {
      stack[depth + 1].pos = stack[depth].pos;
      solver.Apply(stack[depth + 1].pos, move);
      key = solver.ReturnedKey(stack[depth + 1].pos);
    }
    // LOST NEIGHBOURS: a move the next move can undo, to a position known to
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
    const bool returned = relaxation && relaxation->probes;  // TALON RETURNED
    const Key128 returned_key = returned ? relaxation->solver.ReturnedKey(child.pos) : key;
    if (returned) relaxation->lost.Prefetch(returned_key);
    const int nx = solver.DominatingKeys(child.pos, key, table, xs);
    // (ALIVE AFTER compares the child with its parent: not after a return.)
    if (solver.DeadAfter(child.pos, move, stack[depth].pos, stack[depth].alive && !returned_up, &child.alive) ||
        (relaxation && relaxation->lost.Contains(draw1_key))) {
      lost_child();
      continue;
    }
    // A talon move's child has its parent's returned position (the card
    // played is returned first, then all the parent's): that one is on the
    // path or would have cut the parent, and no talon card comes back to
    // enter it later. So only the other moves are asked (the same search:
    // deal 832's positions are the same).
    // (A child returned already is its own returned position.)
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
    // probes (a dominated child wastes its moves: measured faster still).
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
