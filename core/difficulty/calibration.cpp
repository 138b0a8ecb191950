#include "core/difficulty/calibration.h"

namespace talon {

// Each row: a deal whose score is at most cut[0] is Easy, ..., above cut[3]
// Master; the cuts are the scores at 30, 55, 75 and 90% (nearest rank) of
// the winnable deals of the range. Made with the command in
// docs/solvers/difficulty.md ("Calibration").
namespace {
constexpr GradeCuts kCuts[] = {
    {"fourteen-out", "", "1-10000", {10, 20, 30, 40}},
};
}  // namespace

std::span<const GradeCuts> CalibratedCuts() { return kCuts; }

}  // namespace talon
