// Klondike solver internals: the relaxation's state (draw 1's lost positions)
// and the talon-returned probes. docs/solvers/klondike.md#relaxation,
// #talon-returned.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/games/klondike/phase.h"
#include "core/open_positions.h"

namespace talon::klondike {

// The draw-1 solver and its table, which holds only positions proved lost with
// draw 1 (every later draw-3 phase skips them); the probes add to it.
struct Relaxation {
  Relaxation(const KlondikeRules& draw1, size_t table_bytes) : solver(draw1, true), lost(table_bytes) {}
  Solver solver;
  TranspositionTable lost;
  bool won = false;  // draw 1 wins: going on would prove nothing
  // Talon returned: whether the draw-3 phases probe (set by the driver), the
  // first probe's budget, per returned position probed its state (see
  // ReturnedLost); the probes' positions, for the driver to count; how many
  // probes found draw 1 lost and won; the probes' own stack.
  bool probes = false;
  uint64_t first_probe = 0;
  KeyNumberMap probed;
  uint64_t probe_nodes = 0;
  uint64_t probes_lost = 0, probes_won = 0;
  std::vector<Frame> probe_stack;  // (made at the first probe)
};

// Returns true only if the draw-3 position `pos` is lost: its returned
// position (key `key`, under rx.solver's rules) is in rx.lost, or a probe now
// proves it lost with draw 1. The probes' schedule: docs/solvers/klondike.md#talon-returned.
bool ReturnedLost(Relaxation& rx, const Solver& solver, const Pos& pos, Key128 key, const SearchLimits& limits,
                  std::chrono::steady_clock::time_point t0);

}  // namespace talon::klondike
