// Test-only entry points of the Klondike solver: each plays random lines of
// the search's moves and checks a property a proof rests on. Included only by
// tests.
#pragma once

#include <cstdint>

#include "core/deal.h"

namespace talon {

// For the tests of ALIVE AFTER (klondike_solver.cpp): plays `lines` random
// lines of the pruned search's moves from `deal` (each until no move is left,
// the dead test finds the position lost, or 400 moves), and wherever the
// search would skip the dead test as known to find nothing (the position
// before it alive, a redeal left, ALIVE AFTER's conditions met), runs the
// test anyway. `wrong` counts the positions it found lost there: a skip the
// search must not make (0 when the proof holds).
struct SolverCheck {
  uint64_t checked = 0, wrong = 0;
};
SolverCheck CheckAliveSkips(const Deal& deal, int lines, uint64_t seed);

// For the tests of the children's keys: plays `lines` random lines of the
// search's moves from `deal` (the pruned search's, or with prune=false the
// plain search's, draws and redeals included; each line until no move is
// left or 400 moves) and checks every move of every position on them: the
// key the search computes for the child without making it (KeyAfter) must
// be the key of the position the move reaches, and (pruned, draw 3) the
// draw-1 key derived from it (Draw1Key: the RELAXATION's lookup) must be
// the one the draw-1 rules give that position. `wrong` counts those that
// differ.
SolverCheck CheckChildKeys(const Deal& deal, bool prune, int lines, uint64_t seed);

// For the tests of LOST NEIGHBOURS, on random lines of the pruned search's
// moves as above: every move the search calls undoable must have a move of
// the game itself (the plain search's moves) from the position it reaches
// back to the one it left. `wrong` counts those that have none.
SolverCheck CheckUndoableMoves(const Deal& deal, int lines, uint64_t seed);

// For the tests of TALON RETURNED, on random lines of the pruned search's
// moves as above: for every position s on them, its returned position must
// lead back to s by moves of the draw-1 game (the plain search's: draws,
// redeals, and each returned card played from the talon to the pile or
// foundation it was taken from, the last taken first), reaching s but for
// the pointer and the pass flag; nothing more may be returned from it; its
// key must be the one computed without making it (ReturnedKey); and each
// move from s must be called a turn-up (TURN-UPS RETURNED) exactly when it
// turns a card up. `wrong` counts the positions where that fails.
SolverCheck CheckReturnedTalon(const Deal& deal, int lines, uint64_t seed);

// For the tests of TURN-UPS RETURNED: plays `lines` random lines of the
// pruned search's moves from `deal` (each until no move is left or 400
// moves) and takes the positions 2, 5, 9, 14 and 20 moves before each
// line's end. From each one's returned position the probe's search (draw 1,
// every child reached by turning a card up replaced by its returned
// position; 20 000 positions) runs; where it finds that position lost, the
// same pruned draw-1 search without the returns (1 million positions) must
// not win. `checked` counts the losses compared, `wrong` those it won.
SolverCheck CheckReturnedProbes(const Deal& deal, int lines, uint64_t seed);

}  // namespace talon
