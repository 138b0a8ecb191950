// The layout of one deal on a page: the tableau as the cards lie (numbered
// piles as fanned columns or rows of places, face-down cards shaded), the
// reserve and foundations, and the stock listed in turning order with how
// to stack it. Driven by the deal's areas and the game's SheetLayout
// (core/game_info.h), never by per-game drawing code.
//
// Internal to the sheets (render/sheets/*.cpp).
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/status.h"
#include "render/scene.h"
#include "render/sheets/composer.h"

namespace talon::render {

// How a group of piles is placed: fanned columns, or a grid of places with
// the given row lengths (the last repeats).
struct LayoutHint {
  enum Kind { kFan, kGrid } kind = kFan;
  std::vector<int> row_lengths;
};
// The hint for a deal's tableau under the game's sheet layout.
LayoutHint LayoutHintFor(const SheetLayout& sheet, const Areas& areas);

// The text around a deal's picture.
struct DealBlockText {
  std::string heading;      // left, bold
  double heading_size = 0;  // points
  std::string aside;        // right of the heading, regular
  std::string rules;        // a paragraph under the heading; may be empty
  bool instructions = true; // how to build the deal from the picture
  bool note_line = false;   // keep a line under the heading for a note added later
};

// Draws one deal in `box`, its cards as large as the template allows and
// fit. kBadInput (naming the deal, the room and the template) if it does
// not fit even with the template's smallest cards.
Status DrawDealBlock(Page& page, Composer& cx, const Game& game, const Deal& deal, const Rect& box,
                     const DealBlockText& text);

}  // namespace talon::render
