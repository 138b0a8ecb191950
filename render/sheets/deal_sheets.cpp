// The sheets of one deal (RenderDealSheets): its layout sheet and its
// solution sheet.
#include "render/sheets.h"
#include "render/sheets/composer.h"
#include "render/sheets/deal_layout.h"
#include "render/sheets/legend.h"
#include "render/sheets/page_frame.h"
#include "render/sheets/solution_flow.h"

namespace talon::render {

Expected<Document> RenderDealSheets(const Game& game, const Deal& deal, const Solution* solution, SheetKind kind,
                                    const Template& tmpl, const Fonts& fonts) {
  const Template t = WithSchemeColours(tmpl);
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
    DealBlockText text{name, t.title_pt, std::string(game.title()), game.RulesText(deal.options), true};
    TALON_RETURN_IF_ERROR(DrawDealBlock(doc.pages.back(), cx, game, deal, c, text));
  }
  if (kind != SheetKind::kLayout) {
    if (!solution || solution->result != Verdict::kSolved)
      return Status::Internal("RenderDealSheets: a solution sheet needs a solved solution");
    const size_t first = doc.pages.size();
    const double top_h = t.heading_pt * 2.2;
    const size_t moves = solution->moves.size();
    SolutionBlock block{"Moves", std::to_string(moves) + " moves; tick each as you play it",
                        MoveRows(game, *solution)};
    // The first page says how to read the moves.
    const Legend legend = MakeLegend(game, deal, solution, /*name_deal=*/false);
    bool legend_drawn = false;
    auto placed = FlowSolutions(doc.pages, cx, {block}, [&] {
      doc.pages.push_back(NewPage(t));
      double y = c.y + top_h;
      if (!legend_drawn) {
        Page& p = doc.pages.back();
        cx.Text(p, c.x, y + t.heading_pt, "Reading the moves", FontFace::kBold, t.heading_pt, t.text);
        y += t.heading_pt * 1.5;
        y += DrawLegend(p, cx, legend, c.x, y, c.w, t.small_pt * 1.1) + t.heading_pt * 0.5;
        legend_drawn = true;
      }
      return y;
    });
    doc.bookmarks.push_back({name + " - solution", static_cast<int>(first), 0});
    // Each page's heading says which moves it holds; the page number is the footer's alone.
    for (size_t k = first; k < doc.pages.size(); ++k) {
      Page& p = doc.pages[k];
      cx.Text(p, c.x, c.y + t.heading_pt * 1.1, name + (k == first ? " - solution" : " - solution, continued"),
              FontFace::kBold, t.heading_pt * 1.3, t.text);
      if (placed.empty()) continue;
      for (const Placed::Part& part : placed.front().parts)
        if (static_cast<size_t>(part.page) == k)
          cx.TextRight(p, c.right(), c.y + t.heading_pt * 1.1,
                       "moves " + std::to_string(part.first_row + 1) + "\u2013" + std::to_string(part.end_row) +
                           " of " + std::to_string(moves),
                       FontFace::kRegular, t.heading_pt, t.accent);
    }
  }
  AddHeadersAndFooters(doc.pages, cx, name, -1);
  if (!cx.status().ok()) return cx.status();
  return doc;
}

}  // namespace talon::render
