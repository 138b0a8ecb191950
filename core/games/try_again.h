// Try Again's solver entry point (docs/rules/try-again.md).
#pragma once

#include "core/game.h"

namespace talon {

// prune=false is the plain search: every legal move, no safe build, no dead
// test, and an exact key without the heap and suit symmetries; the tests
// compare its verdicts with the pruned search on small positions.
// REQUIRES: CheckDeal(deal).ok() for game "try-again".
SolveResult SolveTryAgain(const Deal& deal, const SearchLimits& limits, bool prune = true);

}  // namespace talon
