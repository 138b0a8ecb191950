// Klondike's searches for short lines, for the shortening of a line
// (core/shorten.h, docs/solvers/klondike.md#shortening). Both search the
// solver's moves, each costing the checker moves it writes (its draws and
// redeal included).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/deal.h"
#include "core/move.h"
#include "core/shorten.h"

namespace talon::klondike {

// Writes to `line` a winning line of `deal` of fewer than `bound` checker
// moves found by weighted A* (core/short_search.h) within `work` positions,
// or leaves it empty. Returns the positions made.
uint64_t FindShortLine(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line);

// Appends to `edits` at most one shortcut from each position of the line of
// kept moves `line` (no draws or redeals) of `deal`: a later position of the
// line (up to the order of the piles) reached in fewer checker moves by a
// cheapest-first search. Makes at most about `work` positions in all;
// returns how many it made.
uint64_t ProposeShortcuts(const Deal& deal, std::span<const MoveSpec> line, uint64_t work,
                          std::vector<LineEdit>& edits);

}  // namespace talon::klondike
