// The sheets of one deal (RenderDealSheets): its layout sheet and its
// solution sheet.
#include "render/sheets.h"
#include "render/sheets/composer.h"
#include "render/sheets/deal_layout.h"
#include "render/sheets/page_frame.h"
#include "render/sheets/solution_flow.h"

namespace talon::render {

Expected<Document> RenderDealSheets(const Game& game, const Deal& deal, const Solution* solution, SheetKind kind,
                                    const Template& t, const Fonts& fonts) {
  Composer cx(t, fonts);
  Document doc;
  const std::string name = DealName(game, deal);
  doc.title = name;
  doc.subject = std::string(game.title()) + ": " +
                (kind == SheetKind::kLayout     ? "layout sheet"
                 : kind == SheetKind::kSolution ? "solution sheet"
                                                : "layout and solution sheets");
  const Rect c = t.Content();
  if (kind != SheetKind::kSolution) {
    doc.pages.push_back(NewPage(t));
    doc.bookmarks.push_back({name + " - layout", 0, 0});
    DealBlockText text{name, t.title_pt, std::string(game.title()), std::string(game.summary()), true};
    TALON_RETURN_IF_ERROR(DrawDealBlock(doc.pages.back(), cx, game, deal, c, text));
  }
  if (kind != SheetKind::kLayout) {
    if (!solution || solution->result != Verdict::kSolved)
      return Status::Internal("RenderDealSheets: a solution sheet needs a solved solution");
    const size_t first = doc.pages.size();
    const double top_h = t.heading_pt * 2.2;
    SolutionBlock block{"Moves", std::to_string(solution->moves.size()) + " moves; tick each as you play it",
                        MoveRows(game, *solution)};
    FlowSolutions(doc.pages, cx, {block}, [&] {
      doc.pages.push_back(NewPage(t));
      return c.y + top_h;
    });
    const int n = static_cast<int>(doc.pages.size() - first);
    doc.bookmarks.push_back({name + " - solution", static_cast<int>(first), 0});
    for (int k = 0; k < n; ++k) {
      Page& p = doc.pages[first + static_cast<size_t>(k)];
      cx.Text(p, c.x, c.y + t.heading_pt * 1.1, name + " - solution", FontFace::kBold, t.heading_pt * 1.3, t.text);
      cx.TextRight(p, c.right(), c.y + t.heading_pt * 1.1,
                   "page " + std::to_string(k + 1) + " of " + std::to_string(n), FontFace::kRegular, t.heading_pt,
                   t.accent);
    }
  }
  AddHeadersAndFooters(doc.pages, cx, name, -1);
  if (!cx.status().ok()) return cx.status();
  return doc;
}

}  // namespace talon::render
