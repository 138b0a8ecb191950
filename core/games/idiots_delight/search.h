// The Idiot's Delight solver's two searches: the complete depth-first search
// and the best-first look. Design: docs/solvers/idiots-delight.md.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/games/idiots_delight/rules.h"
#include "core/search_limits.h"
#include "core/solution.h"

namespace talon::idiot {

struct Outcome {
  Verdict verdict = Verdict::kUnknown;
  std::vector<Move> line;  // every move, the automatic ones included, iff solved
  SearchStats stats;
};

// `out` with its verdict and its stats: `limit`, `nodes`, `table_bytes` and
// the seconds since `t0`. For the searches' last step.
inline Outcome Finish(Outcome& out, Verdict v, const char* limit, uint64_t nodes, size_t table_bytes,
                      std::chrono::steady_clock::time_point t0) {
  out.verdict = v;
  out.stats.limit = limit;
  out.stats.nodes = nodes;
  out.stats.table_bytes = table_bytes;
  out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// The complete search from `start` (docs: "The complete search"): solved,
// unsolvable only when the reachable positions are exhausted, or unknown at
// a limit; finite with a table of any size (guarded by
// IdiotsDelight.TinyTableStillDecides). REQUIRES: start made by rules.Setup.
Outcome Search(const Rules& rules, const Position& start, const SearchLimits& limits);

// The solver's searches in turn from `start` (docs: "Quick looks"): the
// quick looks for a win, then the complete search; as SolveDeal, with the
// line in the rules' moves (automatic moves included).
Outcome SolveFrom(const Rules& rules, const Position& start, const SearchLimits& limits);

// An incomplete best-first search (docs: "Quick looks"): solved with a line,
// or unknown.
Outcome BestFirst(const Rules& rules, const Position& start, const SearchLimits& limits);

}  // namespace talon::idiot
