// The Idiot's Delight solver's two searches: the complete depth-first search
// and the best-first look. Design: docs/solvers/idiots-delight.md.
#pragma once

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
