// The options talon-render and talon-book share: page template, paper and
// colour scheme. Header-only, beside the tools that include it (the shared
// command-line layer in tools/cli/ does not link the render library).
#pragma once

#include <string>

#include "core/status.h"
#include "render/card_art.h"
#include "render/template.h"

namespace talon::cli {

// The template to print with: --template FILE when given (its paper replaced
// by --paper when that is given too), else the shipped one for --paper and
// deals per page (letter when the paper is letter, else A4 resized to the
// paper). `large_print` picks templates/large-print.json.
inline Expected<render::Template> ChooseTemplate(const std::string& template_path, const std::string& paper,
                                                 int deals_per_page, bool large_print,
                                                 const std::string& colours) {
  auto scheme = render::ParseColourScheme(colours);
  if (!scheme) return Status::Usage("--colours: '" + colours + "' is not a colour scheme (use two, four or mono)");
  double w = 0, h = 0;
  if (!paper.empty()) TALON_RETURN_IF_ERROR(render::ParsePaper(paper, "--paper", w, h));
  Expected<render::Template> t = Status::Internal("no template");
  if (!template_path.empty()) {
    t = render::LoadTemplate(template_path);
  } else {
    std::string base = paper == "letter" || paper == "Letter" || paper == "LETTER" ? "letter" : "a4";
    t = render::ShippedTemplate(base, deals_per_page > 0 ? deals_per_page : 1, large_print);
  }
  if (!t) return t.status();
  if (!paper.empty()) {
    t->paper = paper;
    t->paper_w = w;
    t->paper_h = h;
  }
  if (deals_per_page > 0 && !template_path.empty() && deals_per_page != t->deals_per_page)
    t->deals_per_page = deals_per_page;
  t->cards.scheme = *scheme;
  TALON_RETURN_IF_ERROR(render::CheckTemplate(*t, template_path.empty() ? "template " + t->name : template_path));
  return t;
}

// "pdf", "png" or "svg" from --format, else from the output's extension
// (standard output: pdf).
inline Expected<std::string> OutputFormat(const std::string& format, const std::string& path) {
  std::string f = format;
  if (f.empty()) {
    auto dot = path.rfind('.');
    std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (path.empty() || path == "-") f = "pdf";
    else if (ext == "pdf" || ext == "png" || ext == "svg") f = ext;
    else
      return Status::Usage("-o " + path + ": cannot tell the format from the name; end it in .pdf, .png or .svg, or give --format");
  }
  if (f != "pdf" && f != "png" && f != "svg")
    return Status::Usage("--format: '" + f + "' is not a format (use pdf, png or svg)");
  return f;
}

}  // namespace talon::cli
