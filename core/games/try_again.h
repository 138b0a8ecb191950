// Try Again's solver entry point (docs/rules/try-again.md).
#pragma once

#include "core/game.h"

namespace talon {

// prune=false is the plain search: every legal move, no safe build, no dead
// test, and an exact key without the heap and suit symmetries; the tests
// compare its verdicts with the pruned search on small positions.
// REQUIRES: CheckDeal(deal).ok() for game "try-again".
SolveResult SolveTryAgain(const Deal& deal, const SearchLimits& limits, bool prune = true);

// The solver's win-finders alone (its phase 2: the beams and the probe, see
// try_again.cpp) within `max_nodes` nodes: solved with a winning line, or
// unknown; never unsolvable. For the tests.
// REQUIRES: CheckDeal(deal).ok() for game "try-again".
SolveResult TryAgainWinFinder(const Deal& deal, uint64_t max_nodes);

// The win-finders' node budget in SolveTryAgain, given the caller's limits,
// the nodes already spent and their share in eighths (see try_again.cpp).
uint64_t TryAgainFinderBudget(const SearchLimits& limits, uint64_t spent, int eighths);

}  // namespace talon
