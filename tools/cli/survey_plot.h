// talon-stats --plot FILE: the survey's picture (render/plot.h), as PNG,
// SVG or PDF by FILE's extension, written whole or not at all.
#pragma once

#include <string>
#include <vector>

#include "core/status.h"
#include "tools/cli/io.h"
#include "tools/cli/survey_format.h"

namespace talon::cli {

class PlotTarget {
 public:
  // Checks the extension (.png, .svg, .pdf; else a usage error) and that
  // the fonts are there, and opens the file (kIoError naming it).
  Status Check(const std::string& path);
  // Draws the groups into the file.
  Status Write(const std::vector<SurveyGroup>& groups);
  // Writes and syncs the file, renamed by Commit(); on an error it is removed.
  Status Prepare() { return out_.Prepare(); }
  // Renames the finished file into place.
  Status Commit() { return out_.Commit(); }
  // Removes the unfinished file.
  void Discard() { out_.Discard(); }

 private:
  std::string format_;
  OutputFile out_;
};

// The picture's data of the groups.
std::vector<SurveyPlotGroup> PlotGroups(const std::vector<SurveyGroup>& groups);

}  // namespace talon::cli
