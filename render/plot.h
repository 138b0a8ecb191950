// Pictures of a survey (talon-stats --plot): one page, a row per group
// (game and options) with its winnable share and 95% interval, the
// histogram of positions searched by decade and that of the winning lines'
// lengths, on axes shared by every row. docs/tools.md shows one.
#pragma once

#include <string>
#include <vector>

#include "core/status.h"
#include "core/survey.h"
#include "render/fonts.h"
#include "render/scene.h"

namespace talon::render {

struct SurveyPlot {
  std::string title;  // the page's heading
  std::vector<SurveyPlotGroup> groups;
};

// The page (no rows without groups). A panel of grades appears when any
// group has grades. Errors: kBadInput when a name cannot be shown in the font.
Expected<Document> RenderSurveyPlot(const SurveyPlot& plot, const Fonts& fonts);

}  // namespace talon::render
