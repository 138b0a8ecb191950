#include "tools/cli/print_options.h"

#include <cctype>

#include "render/card_art.h"

namespace talon::cli {

void AddPrintOptions(po::options_description& options, PrintOptionText& text) {
  options.add_options()
      ("colours", po::value(&text.colours)->value_name("C")->default_value("two"), "two, four or mono")
      ("colors", po::value(&text.colours)->value_name("C"), "the same as --colours")
      ("template", po::value(&text.template_path)->value_name("FILE"), "a page template (JSON; see docs/printing.md)");
}

Expected<render::Template> ChooseTemplate(const PrintOptionText& print, const std::string& paper,
                                          int deals_per_page, bool large_print) {
  const std::string& template_path = print.template_path;
  const std::string& colours = print.colours;
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

Expected<std::string> OutputFormat(const std::string& format, const std::string& path) {
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
  if (Status s = CheckFormat(f, {"pdf", "png", "svg"}); !s.ok()) return s;
  return f;
}

}  // namespace talon::cli
