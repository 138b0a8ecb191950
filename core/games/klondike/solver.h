// The Klondike solver (docs/rules/klondike.md): a complete depth-first search
// of its own, because Klondike needs three things core/search.h does not do:
// moves that are whole trips through the stock ("draw until card X shows,
// then play it"), cycles (cards go back and forth between piles, and from a
// foundation back to the tableau with worry=true), and a key that forgets the
// order of the tableau piles. It keeps the SearchLimits / SearchStats /
// Verdict contract of core/search.h.
#pragma once

#include <cstdint>

#include "core/game.h"

namespace talon {

// The rule variant, read from complete options.
struct KlondikeRules {
  int draw = 3;          // cards turned per draw: 1 or 3
  int passes = 0;        // passes through the stock allowed; 0 = unlimited
  bool any_run = false;  // runs=any: any face-up tail moves (else the whole run)
  bool worry = false;    // cards may come back from a foundation
};
KlondikeRules ReadKlondikeRules(const Options& options);

// Decides a Klondike deal (or hand-made position). prune=false is the plain
// search the tests compare verdicts with: single draws and redeals as moves,
// every legal move, no move played without branching.
// REQUIRES: CheckDeal(deal).ok() for the klondike game.
// Returns solved with a line that replays through the checker, unsolvable
// only when the whole space was searched, else unknown (stats.limit says why).
// `first_phase_nodes` is the budget of the first restart phase (RESTARTS in
// klondike_solver.cpp); the tests make it tiny so that small positions go
// through many phases, each starting from the lost positions the earlier
// ones left.
SolveResult SolveKlondike(const Deal& deal, const SearchLimits& limits, bool prune = true,
                          uint64_t first_phase_nodes = 20000);

}  // namespace talon
