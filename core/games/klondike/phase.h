// Klondike solver internals: one depth-first phase of the search (RunPhase),
// with the visited set, pointer dominance, lost neighbours and the kept lost
// positions of docs/solvers/klondike.md.
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

// A position on the search's path, with its moves and their children's keys.
struct Frame {
  Pos pos;
  Key128 key;
  int n = 0, next = 0;
  OpenPositions::Mark mark;  // with cycles tracked (kKeepTarjan)
  bool alive = false;        // Dead(pos) is known to be false
  Move moves[kMaxMoves];
  Key128 keys[kMaxMoves];  // the key each move leads to
};

struct PhaseOutcome {
  Verdict verdict = Verdict::kUnknown;
  const char* limit = "";  // why it stopped, when unknown
  uint64_t nodes = 0;
  size_t table_bytes = 0;
};

// How a phase treats the table (docs/solvers/klondike.md#lost-positions-kept).
enum class TableUse {
  kFresh,      // starts empty; left as it is
  kKeep,       // starts with the lost positions earlier phases left; left as it is
  kKeepAcyclic,  // kKeep, and a stop leaves only lost positions (no cycles)
  kKeepTarjan,   // kKeep, and a stop leaves only lost positions (with cycles)
};

struct Relaxation;

// One complete depth-first search from `start` in `table`, stopped by
// `max_nodes` (0: none), the caller's time and cancel limits, or the open
// set's bound. Solved: `line` (may be null) gets the winning line.
// `relaxation` (may be null): its lost positions are skipped, and it may
// probe returned positions. `probe`: a talon-returned probe's own search
// (docs/solvers/klondike.md#turn-ups-returned); its win writes no line.
// REQUIRES: !stack.empty().
PhaseOutcome RunPhase(const Solver& solver, const Pos& start, const SearchLimits& limits,
                      uint64_t max_nodes, std::chrono::steady_clock::time_point t0,
                      std::vector<Frame>& stack, TranspositionTable& table, TableUse use,
                      std::vector<MoveSpec>* line, Relaxation* relaxation = nullptr, bool probe = false);

}  // namespace talon::klondike
