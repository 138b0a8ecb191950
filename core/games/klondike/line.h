// What Klondike adds to the shortening of its lines (core/shorten.h,
// docs/solvers/klondike.md#shortening): draws and redeals are derived, and
// a search of the solver's moves proposes shortcuts.
#pragma once

#include "core/shorten.h"

namespace talon {

const LineHooks& KlondikeLineHooks();

}  // namespace talon
