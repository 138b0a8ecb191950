// The Klondike solver: a complete depth-first search of its own, keeping the
// SearchLimits / SearchStats / Verdict contract of core/search.h. Design and
// proofs: docs/solvers/klondike.md; the code: core/games/klondike/.
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
// REQUIRES: `options` complete for the klondike game.
KlondikeRules ReadKlondikeRules(const Options& options);

// The checker's counters (Table::counters) a position carries besides its
// cards: the redeals made, and whether a card has left the waste since the
// last redeal (or the start). A deal starts with none.
struct KlondikeCounters {
  int redeals = 0;
  bool used = false;
};

// Decides a Klondike deal (or hand-made position).
// REQUIRES: CheckDeal(deal).ok() for the klondike game.
// Returns solved with a line that replays through the checker, unsolvable
// only when the whole space was searched, else unknown (stats.limit says why);
// with limits.max_nodes, stats.nodes <= limits.max_nodes.
// prune=false is the plain search the tests compare verdicts with: single
// draws and redeals as moves, every legal move, nothing played without
// branching. `first_phase_nodes` is the first restart phase's budget; the
// tests make it tiny so that small positions go through many phases.
// `counters`: the position's counters (a table's, for Game::SolveTable).
SolveResult SolveKlondike(const Deal& deal, const SearchLimits& limits, bool prune = true,
                          uint64_t first_phase_nodes = 20000, KlondikeCounters counters = {});

// Klondike's sensible player (player.cpp).
const DifficultyModel* KlondikeDifficulty();

}  // namespace talon
