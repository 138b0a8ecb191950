// The words talon-verify and talon-solve --after share about a game played:
// an illegal step, the cards left, where a game was lost (docs/tools.md).
#pragma once

#include <span>
#include <string>

#include "core/explain.h"
#include "core/game.h"

namespace talon::cli {

// The cards still in play: not on the discard or the foundations.
size_t CardsLeft(const Table& table);
// "step 7: illegal: REASON" for a replay that met an illegal move.
// REQUIRES: !replay.first_error.ok().
std::string IllegalStep(const Replay& replay);
// "12. 3→F  5♦": move `number` (from 1) in the game's notation.
std::string NumberedMove(const Game& game, size_t number, const MoveSpec& move);
// The explanation of `loss` for a game of `moves` (talon-verify --explain),
// without the deal's name: "move 17 (7→4  8♠) lost the game: ...".
std::string ExplainText(const Game& game, std::span<const MoveSpec> moves, const LossPoint& loss);

}  // namespace talon::cli
