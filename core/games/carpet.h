// The Carpet's solver entry point with its score (docs/rules/carpet.md).
#pragma once

#include "core/game.h"

namespace talon {

struct CarpetSolve {
  SolveResult result;
  // The most cards on the foundations in any position the search entered:
  // 52 when solved; when unsolvable (search exhausted), the best score any
  // play reaches; when unknown, a lower bound of it.
  int score = 0;
};

// prune=false is the plain search (every legal move, in every phase); the
// tests compare its verdicts and scores with the pruned search.
// REQUIRES: CheckDeal(deal).ok() for game "carpet".
CarpetSolve SolveCarpet(const Deal& deal, const SearchLimits& limits, bool prune = true);

}  // namespace talon
