// Klondike solver internals: the win-finders run after phase 0 (beams,
// streamliners). docs/solvers/klondike.md#beams, #streamliner.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/games/klondike/solver_impl.h"
#include "core/search_limits.h"

namespace talon::klondike {

// What the win-finders run after phase 0 came to: a win (its line written),
// a caller's limit that stopped them ("interrupted", "max-seconds"), or
// neither (their budget spent, or nothing left to try).
struct FinderOutcome {
  bool won = false;
  std::string limit;  // the caller's limit, or empty
  uint64_t nodes = 0;
};

// Runs the beams of widths 256, 1024 and 4096, each with at most 1000
// positions per unit of width, all together with at most max_nodes/4.
FinderOutcome RunBeams(const Solver& solver, const Pos& start, const SearchLimits& limits,
                       std::chrono::steady_clock::time_point t0, std::vector<MoveSpec>& line);

// Runs this solver on the deal with runs=whole and the given worry (false:
// the streamliner; true: the second streamliner) with `max_nodes` positions
// (0: none run) and what is left of the caller's time. Only a win counts.
FinderOutcome RunStreamliner(const Deal& deal, const SearchLimits& limits,
                             std::chrono::steady_clock::time_point t0, uint64_t first_phase_nodes,
                             bool worry, uint64_t max_nodes, std::vector<MoveSpec>& line,
                             KlondikeCounters counters);

// SolveKlondike (solve.cpp); `streamline` false leaves out the streamliners
// (the streamliners' own searches).
SolveResult Solve(const Deal& deal, const SearchLimits& limits, bool prune, uint64_t first_phase_nodes,
                  bool streamline, KlondikeCounters counters = {});

}  // namespace talon::klondike
