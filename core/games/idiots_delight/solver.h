// The Idiot's Delight solver's entry, internal to core/games/idiots_delight/
// (the game reaches it through Game::Solve). Design:
// docs/solvers/idiots-delight.md.
#pragma once

#include "core/game.h"
#include "core/games/idiots_delight/position.h"  // kColumns, kReserveSlots, kMaxDealtColumn

namespace talon::idiot {

// Decides a deal (a checked deal of idiots-delight, hand-made or not): the
// quick looks for a win, then the complete search. The winning line holds
// the automatic foundation moves too. prune=false is the plain search (see
// Rules::prune), for the tests. REQUIRES: CheckDeal(deal).ok().
SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits, bool prune);

// The game's sensible player (player.cpp).
const DifficultyModel* Difficulty();

}  // namespace talon::idiot
