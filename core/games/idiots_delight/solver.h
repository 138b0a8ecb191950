// The Idiot's Delight solver's entry, internal to core/games/idiots_delight/
// (the game reaches it through Game::Solve). Design:
// docs/solvers/idiots-delight.md.
#pragma once

#include "core/game.h"
#include "core/games/idiots_delight/position.h"  // kColumns, kReserveSlots, kMaxDealtColumn
#include "core/games/idiots_delight/rules.h"

namespace talon::idiot {

// Decides a deal (a checked deal of idiots-delight, hand-made or not): the
// quick looks for a win, then the complete search. The winning line holds
// the automatic foundation moves too. prune=false is the plain search (see
// Rules::prune), for the tests. REQUIRES: CheckDeal(deal).ok().
SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits, bool prune);

// The game's sensible player (player.cpp).
const DifficultyModel* Difficulty();

// The MoveSpec of solver move `m` in `p` (foundations numbered by suit, 1-4
// for clubs, diamonds, hearts, spades).
MoveSpec ToMoveSpec(const Rules& rules, const Position& p, Move m);

// Writes to `line` a winning line of `deal` of fewer than `bound` moves found
// by weighted A* (core/short_search.h) within `work` positions, or leaves it
// empty; returns the positions made (for the shortening, core/shorten.h).
uint64_t FindShortLine(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line);

}  // namespace talon::idiot
