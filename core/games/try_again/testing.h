// Try Again's entry points for the tests (tests/unit/try_again_test.cpp)
// and benchmarks only; the game itself reaches the solver through Game::Solve.
#pragma once

#include <cstdint>

#include "core/game.h"
#include "core/games/try_again/solver.h"

namespace talon {

// The win-finders alone (the solver's phase 2) within `max_nodes` nodes:
// solved with a winning line, or unknown; never unsolvable.
// REQUIRES: CheckDeal(deal).ok() for game "try-again".
SolveResult TryAgainWinFinder(const Deal& deal, uint64_t max_nodes);

// The win-finders' node budget in SolveTryAgain, given the caller's limits,
// the nodes already spent and their share in eighths.
uint64_t TryAgainFinderBudget(const SearchLimits& limits, uint64_t spent, int eighths);

}  // namespace talon
