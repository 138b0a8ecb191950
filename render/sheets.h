// Sheets: the printed pages, composed as a Document (render/scene.h) from
// deals, solutions and a template: one deal's layout and solution sheets,
// and booklets of many deals. The parts are in render/sheets/: the layout of
// a deal (deal_layout), solutions flowed over pages (solution_flow), page
// headers and footers (page_frame), the text helpers (composer), and the
// two kinds of document (deal_sheets.cpp, book.cpp).
//
// Layout is driven by the deal's areas and the game's SheetLayout
// (core/game_info.h), never by per-game drawing code.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/solution.h"
#include "core/status.h"
#include "render/fonts.h"
#include "render/scene.h"
#include "render/template.h"

namespace talon::render {

enum class SheetKind { kLayout, kSolution, kBoth };

// The sheets for one deal (talon-render): the layout sheet and/or the
// solution sheet (as many pages as the moves need). REQUIRES for the
// solution sheet: solution->result == kSolved. Errors: kBadInput when the
// content does not fit the template's page or the font cannot show a text.
Expected<Document> RenderDealSheets(const Game& game, const Deal& deal, const Solution* solution,
                                    SheetKind kind, const Template& tmpl, const Fonts& fonts);

// One deal of a booklet with its (solved) solution; a solution with a
// difficulty note has its grade shown on the deal's page and in the contents.
struct BookEntry {
  const Game* game = nullptr;
  Deal deal;
  Solution solution;
};

struct BookOptions {
  std::string title;            // the cover's title and the document info title
  enum class Solutions { kBack, kAfter, kNone } solutions = Solutions::kBack;
  std::optional<Attachment> attachment;  // e.g. the deals and solutions as JSON Lines
};

// A booklet: cover, contents (linked), a rules page per game, the deals
// (tmpl.deals_per_page a page; a deal too large for its share gets a page of
// its own), and the solutions at the back, after each deal page, or none.
// Page numbers, bookmarks, document title and subject.
Expected<Document> RenderBook(const std::vector<BookEntry>& entries, const BookOptions& options,
                              const Template& tmpl, const Fonts& fonts);

}  // namespace talon::render
