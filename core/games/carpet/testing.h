// The Carpet's solver entry for the tests (tests/unit/carpet_test.cpp) and
// benchmarks only: SolveCarpet with its score, and prune=false, the plain search.
#pragma once

#include "core/games/carpet/solver.h"
