// Try Again's solver from any position, internal to core/games/try_again/:
// the solver (solver.cpp) and the sensible player (player.cpp) share it.
// Design: docs/solvers/try-again.md, "Phases".
#pragma once

#include <vector>

#include "core/game.h"
#include "core/games/try_again/rules.h"

namespace talon::try_again {

// The solver's view of a deal: the pack in dealing order and the start
// position (aces at the top of the pack already out). rules.deal points at
// td: a Loaded is not copied once loaded.
struct Loaded {
  TryDeal td;
  TryRules rules;
  TryPosition start;
};
// REQUIRES: `deal`'s areas are those of Try Again (a deal or a table's).
void Load(const Deal& deal, bool prune, Loaded& out);

// Decides `start` in the solver's three phases; when solved, the winning
// line (rules' moves) in `line`. The result has no MoveSpecs.
SolveResult SolveFrom(const TryRules& rules, const TryPosition& start, const SearchLimits& limits,
                      std::vector<TryMove>& line);

}  // namespace talon::try_again
