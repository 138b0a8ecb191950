#include "tools/cli/survey_plot.h"

#include "render/cairo_writer.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/plot.h"
#include "render/svg_writer.h"

namespace talon::cli {

// Dots per inch of a PNG picture: sharp on screen at twice the page size.
constexpr double kPlotDpi = 144;

Status PlotTarget::Check(const std::string& path) {
  const size_t dot = path.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
  if (ext != "png" && ext != "svg" && ext != "pdf")
    return Status::Usage("--plot: '" + path + "' does not end in .png, .svg or .pdf (the picture's format)");
  if (path == "-") return Status::Usage("--plot needs a file");
  format_ = ext;
  auto fonts = render::FindFonts();
  if (!fonts) return fonts.status();
  return out_.Open(path);
}

std::vector<SurveyPlotGroup> PlotGroups(const std::vector<SurveyGroup>& groups) {
  std::vector<SurveyPlotGroup> out;
  for (const SurveyGroup& g : groups) {
    std::string name(g.game->id());
    const std::string opts = FormatOptions(g.options);
    if (!opts.empty()) name += " " + opts;
    out.push_back(g.survey.PlotGroup(name));
  }
  return out;
}

Status PlotTarget::Write(const std::vector<SurveyGroup>& groups) {
  auto fonts = render::FindFonts();
  if (!fonts) return fonts.status();
  render::SurveyPlot plot{"Solvability survey", PlotGroups(groups)};
  auto doc = render::RenderSurveyPlot(plot, *fonts);
  if (!doc) return doc.status();
  Expected<std::string> bytes = format_ == "pdf"   ? render::WritePdf(*doc, *fonts)
                                : format_ == "png" ? render::WritePng(*doc, *fonts, kPlotDpi)
                                                   : render::WriteSvg(*doc, *fonts);
  if (!bytes) return bytes.status();
  out_.Write(*bytes);
  return Status();
}

}  // namespace talon::cli
