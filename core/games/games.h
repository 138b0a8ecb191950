// The registry's list: one line per game, in the order the tools list them.
// Each name is the game's entry point, `const Game& NAME()`, defined in the
// game's own file; core/game.cpp builds the registry from this list (by
// name, so that the linker keeps every game).
#pragma once

#include "core/game.h"

#define TALON_GAMES(X)   \
  X(FourteenOutGame)     \
  X(TakeFourteenGame)    \
  X(TripleFourteensGame) \
  X(ThirteensGame)       \
  X(FifteenGame)         \
  X(TakeTenGame)         \
  X(CarpetGame)          \
  X(FourOfAKindGame)     \
  X(TryAgainGame)        \
  X(KlondikeGame)        \
  X(IdiotsDelightGame)

namespace talon {

#define TALON_DECLARE_GAME(entry) const Game& entry();
TALON_GAMES(TALON_DECLARE_GAME)
#undef TALON_DECLARE_GAME

}  // namespace talon
