// The calibrated cut points of every game and option set (calibration.cpp),
// made by `talon-stats --grades` over the winnable deals of a range
// (docs/solvers/difficulty.md, "Calibration").
#pragma once

#include <span>

#include "core/difficulty/grade.h"

namespace talon {

std::span<const GradeCuts> CalibratedCuts();

}  // namespace talon
