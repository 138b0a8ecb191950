// How to read a solution, on paper: the game's notation (Game::MoveNotation)
// as symbols beside their meanings, the moves the lines leave out, and one
// move of the deal at hand worked in words.
//
// Internal to the sheets (render/sheets/*.cpp).
#pragma once

#include <string>

#include "core/game.h"
#include "render/scene.h"
#include "render/sheets/composer.h"

namespace talon::render {

struct Legend {
  Notation notation;
  std::string example;  // "Move 1 of thirteens#4, “1+8  7♦ 6♦”: discard ..."; "" without moves
};

// The legend of `deal`'s game under its options, its example the first move
// of `solution` (none when null or empty); `name_deal` names the deal in it.
Legend MakeLegend(const Game& game, const Deal& deal, const Solution* solution, bool name_deal);

// Draws `legend` from `top` in [x, x + width), text at `size` points;
// returns its height.
double DrawLegend(Page& page, Composer& cx, const Legend& legend, double x, double top, double width, double size);

}  // namespace talon::render
