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
  std::string subtitle, author;  // on the cover when not empty (the author also in the document info)
  // The maker's paragraphs, printed on the back of the cover (none: no such
  // page); `intro_source` names them in messages (e.g. the file).
  std::vector<std::string> intro;
  std::string intro_source;
  // kSeparate: the solutions are an answer key of their own (RenderBook's
  // `answers`), and each deal says where its answer is.
  enum class Solutions { kBack, kAfter, kNone, kSeparate } solutions = Solutions::kBack;
  int pad_to = 1;  // blank pages at the end make the page count a multiple of this
  std::optional<Attachment> attachment;  // e.g. the deals and solutions as JSON Lines
};

// A booklet: cover, the intro on its back, contents (linked), a rules page
// per game, the deals (tmpl.deals_per_page a page; a deal too large for its
// share gets a page of its own), and the solutions at the back, after each
// deal page, in an answer key of their own, or none. Page numbers,
// bookmarks, document title, subject and author. With Solutions::kSeparate
// the answer key is written to *answers (REQUIRES: answers != nullptr): a
// cover titled "Answers", then each solution headed with the deal's number
// and name and its page in the book. Errors (kBadInput): an intro that does
// not fit its page, a text the font cannot show, content that does not fit.
Expected<Document> RenderBook(const std::vector<BookEntry>& entries, const BookOptions& options,
                              const Template& tmpl, const Fonts& fonts, Document* answers = nullptr);

}  // namespace talon::render
