// Klondike solver internals: one depth-first phase of the search (RunPhase).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/games/klondike/solver_impl.h"
#include "core/open_positions.h"
#include "core/search_limits.h"
#include "core/transposition_table.h"

namespace talon::klondike {

// The caller's limits other than the node budget: "interrupted" or
// "max-seconds" once one is reached, else nullptr. Asked every 1024 nodes.
const char* CallerLimit(const SearchLimits& limits, std::chrono::steady_clock::time_point t0);

struct Frame {
  Pos pos;
  Key128 key;
  int n = 0, next = 0;
  OpenPositions::Mark mark;  // LOST POSITIONS KEPT, with cycles
  bool alive = false;        // Dead(pos) is known to be false
  Move moves[kMaxMoves];
  Key128 keys[kMaxMoves];  // the key each move leads to
};

// One complete depth-first search from `start`, stopped by `max_nodes` (0:
// none), the caller's time and cancel limits, or the table's memory bound.
struct PhaseOutcome {
  Verdict verdict = Verdict::kUnknown;
  const char* limit = "";
  uint64_t nodes = 0;
  size_t table_bytes = 0;
};

// How a phase treats the table (LOST POSITIONS KEPT, after RESTARTS below).
enum class TableUse {
  kFresh,      // starts empty; left as it is
  kKeep,       // starts with the lost positions earlier phases left; left as it is
  kKeepAcyclic,  // kKeep, and a stop leaves only lost positions (no cycles)
  kKeepTarjan,   // kKeep, and a stop leaves only lost positions (with cycles)
};

struct Relaxation;

// `probe` (the TALON RETURNED probes' own searches, which start from such
// positions): a child whose returned position is in the table, not on the
// path, is lost; a child reached by turning a card up is replaced by its
// returned position (TURN-UPS RETURNED); a win ends the search without a
// line (`line` may be null). Otherwise `line` gets the winning line.
PhaseOutcome RunPhase(const Solver& solver, const Pos& start, const SearchLimits& limits,
                      uint64_t max_nodes, std::chrono::steady_clock::time_point t0,
                      std::vector<Frame>& stack, TranspositionTable& table, TableUse use,
                      std::vector<MoveSpec>* line, Relaxation* relaxation = nullptr, bool probe = false);

}  // namespace talon::klondike
