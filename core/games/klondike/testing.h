// Test-only entry points of the Klondike solver. Each plays `lines` random
// lines of the search's own moves from `deal` (seeded by `seed`; each line
// until no move is left or 400 moves) and checks, at every position met, a
// premise a proof of docs/solvers/klondike.md rests on. Included only by
// tests (tests/unit/klondike/).
#pragma once

#include <cstdint>

#include "core/deal.h"

namespace talon {

// `checked`: the things checked; `wrong`: those where the premise fails (0
// when the proof holds).
struct SolverCheck {
  uint64_t checked = 0, wrong = 0;
};

// Alive after: wherever the pruned search would skip the dead test as known
// to find nothing, runs it anyway; wrong counts positions it finds lost there.
// Lines also end where the test finds the position lost.
SolverCheck CheckAliveSkips(const Deal& deal, int lines, uint64_t seed);

// Keys: for every move of the pruned search (or, prune=false, the plain
// search's), KeyAfter must be the key of the position reached and (pruned,
// draw 3) Draw1Key the draw-1 rules' key of it.
SolverCheck CheckChildKeys(const Deal& deal, bool prune, int lines, uint64_t seed);

// Lost neighbours: every move the pruned search calls undoable must have a
// move of the game itself (the plain search's) back to the position it left.
SolverCheck CheckUndoableMoves(const Deal& deal, int lines, uint64_t seed);

// Talon returned: for every position s on the pruned search's lines, the
// draw-1 game must play its returned position back to s (but for the pointer
// and the pass flag), nothing more may be returnable from it, its key must be
// ReturnedKey(s), and TurnsUp must say exactly which moves turn a card up.
SolverCheck CheckReturnedTalon(const Deal& deal, int lines, uint64_t seed);

// Turn-ups returned: from the returned positions 2, 5, 9, 14 and 20 moves
// before each line's end, wherever the probe's search (20 000 positions)
// finds a loss, the same draw-1 search without the returns (1 million
// positions) must not win; checked counts the losses compared.
SolverCheck CheckReturnedProbes(const Deal& deal, int lines, uint64_t seed);

}  // namespace talon
