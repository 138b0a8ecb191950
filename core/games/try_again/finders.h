// Try Again's win-finders (the solver's phase 2): the beams and the probe,
// taking turns. Design: docs/solvers/try-again.md, "The win-finders".
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/games/try_again/rules.h"

namespace talon::try_again {

// The probe's first turn, in moves (later turns double).
inline constexpr uint64_t kProbeFirstChunk = 250'000;

// The win-finders taking turns within `budget` nodes (each turn doubles that
// finder's share). Returns true iff won, with the winning line in `line`
// (legal moves ending in a won position); never proves a loss. `spent` gets
// the nodes used added. Deterministic: only `stop` may depend on the clock.
// Guarded by TryAgain.WinFinderNeverWinsALostPosition and
// TryAgain.WinFinderIsDeterministic.
bool FindWin(const TryRules& rules, const TryPosition& start, uint64_t budget, const std::function<bool()>& stop,
             std::vector<TryMove>& line, uint64_t& spent);

}  // namespace talon::try_again
