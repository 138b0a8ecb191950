// How talon-stats writes a survey: the text report for people, one JSON
// document (talon-stats/1) for programs, and the per-deal CSV table.
// docs/tools.md and docs/formats.md describe all three.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/options.h"
#include "core/survey.h"

namespace talon::cli {

// The deals of one game under one set of options.
struct SurveyGroup {
  const Game* game = nullptr;
  Options options;    // complete
  std::string range;  // "1-1000" for numbered deals, "" for deals read from files
  std::string shard;  // "2/4" when the run surveyed one shard (--shard), else ""
  Survey survey;
};

// The text report of every group, a blank line between groups. Times are
// written only with `timings` (they differ from run to run).
std::string SurveyText(const std::vector<SurveyGroup>& groups, bool timings);
// The JSON document, indented, ending in a newline.
std::string SurveyJson(const std::vector<SurveyGroup>& groups, bool timings);

// The per-deal table is written by tools/cli/per_deal.h.

}  // namespace talon::cli
