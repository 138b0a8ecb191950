// Try Again's solver entry, internal to core/games/try_again/ (the game
// reaches it through Game::Solve). Design: docs/solvers/try-again.md.
#pragma once

#include "core/game.h"

namespace talon {

// Decides a deal in three phases (a short complete search, the win-finders,
// the complete search with what is left). prune=false is the plain search:
// every legal move, no safe build, no dead test, an exact key, no win-finders.
// REQUIRES: CheckDeal(deal).ok() for game "try-again".
SolveResult SolveTryAgain(const Deal& deal, const SearchLimits& limits, bool prune = true);

// Try Again's sensible player (player.cpp).
const DifficultyModel* TryAgainDifficulty();

namespace try_again {

// True iff option `build` is "anytime" (else "after-deal").
inline bool Anytime(const Options& options) { return WordOption(options, "build") == "anytime"; }

}  // namespace try_again
}  // namespace talon
