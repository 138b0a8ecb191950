// The options talon-render and talon-book share: --colours (--colors) and
// --template, the template they choose with --paper and the deals a page,
// and the output format.
#pragma once

#include <string>

#include "core/status.h"
#include "render/template.h"
#include "tools/cli/args.h"

namespace talon::cli {

struct PrintOptionText {
  std::string colours = "two", template_path;
};
// Adds --colours (default two), --colors (the same) and --template.
void AddPrintOptions(po::options_description& options, PrintOptionText& text);

// The template to print with, its colours from --colours: --template FILE
// when given (its paper replaced by --paper when that is given too), else the
// shipped one for --paper and deals per page (letter when the paper is
// letter, else A4 resized to the paper). `large_print` picks the shipped
// large-print template. deals_per_page 0: one for a shipped template, the
// file's own for --template.
Expected<render::Template> ChooseTemplate(const PrintOptionText& print, const std::string& paper,
                                          int deals_per_page, bool large_print);

// "pdf", "png" or "svg" from --format, else from the output's extension
// (standard output: pdf).
Expected<std::string> OutputFormat(const std::string& format, const std::string& path);

}  // namespace talon::cli
