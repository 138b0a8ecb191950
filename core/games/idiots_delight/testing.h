// The Idiot's Delight solver's internals for the tests
// (tests/unit/idiots_delight_test.cpp) and benchmarks only: the rules
// (Setup, Moves, Apply, Undo, SafeToFoundation) and SolveDeal with
// prune=false, the plain search.
#pragma once

#include "core/games/idiots_delight/rules.h"
#include "core/games/idiots_delight/solver.h"
