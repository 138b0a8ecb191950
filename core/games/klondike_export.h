// Forwards to the header's home, core/games/klondike/export.h, for the
// includers not yet moved to it.
#pragma once

#include "core/games/klondike/export.h"
