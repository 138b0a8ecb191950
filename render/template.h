// Page templates: paper, margins, deals per page, card sizes, fonts, colours,
// header and footer, read from JSON (templates/*.json, docs/printing.md) and
// validated with messages that name the key.
#pragma once

#include <string>
#include <vector>

#include "core/status.h"
#include "render/card_art.h"
#include "render/scene.h"

namespace talon::render {

struct Template {
  std::string name = "a4-1";
  std::string paper = "a4";          // as given: a4, letter, or WxHmm
  double paper_w = 595.28, paper_h = 841.89;  // points
  double margin_top = 36, margin_right = 36, margin_bottom = 36, margin_left = 36;  // points
  double gutter = 20;                // points between deal blocks and columns
  int deals_per_page = 1;            // 1, 2 or 4 (book pages)
  double card_width = 68;            // points: the largest card drawn
  double min_card_width = 34;        // points: cards are shrunk to fit down to this
  double fan_visible = 0.30;         // part of a covered card's height shown in a fan
  double mini_card_width = 19;       // points: the card faces in move lists
  int solution_columns = 0;          // 0 = as many as fit
  double title_pt = 26, heading_pt = 14, text_pt = 10, small_pt = 8, move_pt = 10;
  Color text = kBlack;
  Color accent{0.12, 0.30, 0.48};
  CardStyle cards;                   // colours; the scheme comes from --colours
  std::string header = "{title}";
  std::string footer = "page {page} of {pages}";

  Rect Content() const {
    return {margin_left, margin_top, paper_w - margin_left - margin_right,
            paper_h - margin_top - margin_bottom};
  }
};

// Paper sizes: "a4", "letter", "legal", "a5", "a3", or "WxHmm" (e.g. "210x297mm").
// Errors are kUsage naming `what`.
Status ParsePaper(const std::string& text, const std::string& what, double& w, double& h);

// Reads a template from JSON text; `source` names it in messages. Every key
// is optional (defaults: the A4 one-deal template). Errors (kBadInput):
// malformed JSON, unknown keys, wrong types, values out of range, and
// geometry that cannot hold a deal (margins wider than the paper, cards
// wider than a deal's share of the page).
Expected<Template> ParseTemplate(const std::string& json, const std::string& source);
// Reads a template file (kIoError if unreadable).
Expected<Template> LoadTemplate(const std::string& path);
// Checks the geometry of a template (also after --paper changes its paper).
Status CheckTemplate(const Template& t, const std::string& source);

// The directory of the shipped templates: $TALON_TEMPLATE_DIR when set and
// not empty, else ../share/talon/templates beside the executable's directory
// (the installed layout, which the build tree mirrors; docs/printing.md).
std::string TemplateDir();
// The shipped template for a paper ("a4" or "letter") and deals per page
// (1, 2, 4), or "large-print" (paper ignored). kIoError naming the file
// when it is missing from TemplateDir().
Expected<Template> ShippedTemplate(const std::string& paper, int deals_per_page, bool large_print);

// The template as JSON (every key), as the shipped files are written.
std::string TemplateToJson(const Template& t);

// Replaces {title}, {page}, {pages} in a header or footer.
std::string ExpandPageText(const std::string& pattern, const std::string& title, int page, int pages);

}  // namespace talon::render
