// The games' entry points, one per file in this directory; game.cpp lists
// them in the registry (explicitly, so the linker keeps every game).
#pragma once

#include "core/game.h"

namespace talon {

const Game& FourteenOutGame();
const Game& TakeFourteenGame();
const Game& TripleFourteensGame();
const Game& ThirteensGame();
const Game& FifteenGame();
const Game& TakeTenGame();
const Game& IdiotsDelightGame();
const Game& CarpetGame();
const Game& FourOfAKindGame();
const Game& TryAgainGame();
const Game& KlondikeGame();

}  // namespace talon
