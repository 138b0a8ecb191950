#include "core/difficulty/calibration.h"

namespace talon {

// Each row: a deal whose score is at most cut[0] is Easy, ..., above cut[3]
// Master; the cuts are the scores at 30, 55, 75 and 90% (nearest rank) of
// the winnable deals of the range, to two decimals. Made with the command in
// docs/solvers/difficulty.md ("Calibration").
namespace {
constexpr GradeCuts kCuts[] = {
    {"fourteen-out", "", "1-10000", {87.00, 95.50, 100.00, 103.50}},
    {"take-fourteen", "", "1-10000", {87.00, 95.00, 100.00, 103.50}},
    {"triple-fourteens", "", "1-10000", {89.00, 93.00, 96.00, 98.50}},
    {"fifteen", "", "1-10000", {56.00, 68.50, 79.00, 89.50}},
    {"carpet", "patching=compulsory", "1-10000", {85.00, 111.00, 140.00, 180.00}},
    {"idiots-delight", "worry=false", "1-10000", {199.05, 205.11, 211.25, 220.11}},
    {"try-again", "build=anytime", "1-10000", {187.52, 196.14, 202.06, 207.81}},
    {"klondike", "draw=3 passes=unlimited runs=whole worry=false", "1-10000", {143.86, 148.56, 153.11, 159.83}},
};
}  // namespace

std::span<const GradeCuts> CalibratedCuts() { return kCuts; }

}  // namespace talon
