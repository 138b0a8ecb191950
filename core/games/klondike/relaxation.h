// Klondike solver internals: the relaxation's state and the talon-returned probes.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/games/klondike/phase.h"
#include "core/open_positions.h"

namespace talon::klondike {

// The RELAXATION (see there): the draw-1 solver, and the positions its
// phase proved lost, which every later phase skips; and the TALON RETURNED
// probes, which add to them.
struct Relaxation {
  Relaxation(const KlondikeRules& draw1, size_t table_bytes) : solver(draw1, true), lost(table_bytes) {}
  Solver solver;
  TranspositionTable lost;
  bool won = false;  // draw 1 wins: going on would prove nothing
  // TALON RETURNED: whether the draw-3 phases probe (set in Solve), the
  // first probe's budget, and per returned position probed its state (see
  // ReturnedLost); the probes' positions, counted into the stats by Solve;
  // how many probes found draw 1 lost and won (the probes stop when wins
  // outnumber losses); the probes' own stack and (dropped) line.
  bool probes = false;
  uint64_t first_probe = 0;
  KeyNumberMap probed;
  uint64_t probe_nodes = 0;
  uint64_t probes_lost = 0, probes_won = 0;
  std::vector<Frame> probe_stack;  // (made at the first probe)
};

// TALON RETURNED (see there): whether the position `pos` of the draw-3
// search is lost because its returned position is lost with draw 1: known
// so, or so proved by a probe now. A returned position is probed when first
// met, with the first budget, and again with twice the budget of the last
// probe each time it has been met kProbeAgain more times since, until a
// probe decides it (a draw-1 win: never again). The probes keep their lost
// positions in the relaxation's table. At most kMaxProbed positions are
// followed (a bound on the map's memory, 24 bytes a slot, at most half
// full: 12 MiB); others are only looked up.
bool ReturnedLost(Relaxation& rx, const Solver& solver, const Pos& pos, Key128 key, const SearchLimits& limits,
                  std::chrono::steady_clock::time_point t0);

}  // namespace talon::klondike
