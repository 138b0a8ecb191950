// The Carpet's solver entry, internal to core/games/carpet/ (the game
// reaches it through Game::Solve, which reports the score in
// SolveResult::score). Design: docs/solvers/carpet.md.
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

// prune=false is the plain search (every legal move, in every phase, no
// bound), for the tests. REQUIRES: CheckDeal(deal).ok() for game "carpet".
CarpetSolve SolveCarpet(const Deal& deal, const SearchLimits& limits, bool prune = true);
// The same from a checker table (Table.counters[0] the phase); the line is
// played from `table`.
CarpetSolve SolveCarpetTable(const Table& table, const SearchLimits& limits);

// The Carpet's sensible player (player.cpp).
const DifficultyModel* CarpetDifficulty();

// Writes to `line` a winning line of `deal` of fewer than `bound` moves found
// by weighted A* (core/short_search.h) within `work` positions, or leaves it
// empty; returns the positions made (for the shortening, core/shorten.h).
uint64_t FindShortCarpetLine(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line);

namespace carpet {

inline constexpr int kSlots = 20;
inline constexpr int kFoundations = 4;

// True iff option `patching` is "compulsory" (else "optional").
inline bool Compulsory(const Options& options) { return WordOption(options, "patching") == "compulsory"; }

}  // namespace carpet
}  // namespace talon
