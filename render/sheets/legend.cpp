#include "render/sheets/legend.h"

#include <algorithm>

namespace talon::render {

Legend MakeLegend(const Game& game, const Deal& deal, const Solution* solution, bool name_deal) {
  Legend legend;
  legend.notation = game.MoveNotation(deal.options);
  if (solution && !solution->moves.empty()) {
    const MoveSpec& m = solution->moves.front();
    legend.example = "Move 1" + (name_deal ? " of " + DealName(game, deal) : std::string()) + ", \u201C" +
                     game.FormatMove(m) + "\u201D: " + game.DescribeMove(m) + ".";
  }
  return legend;
}

double DrawLegend(Page& page, Composer& cx, const Legend& legend, double x, double top, double width, double size) {
  const Template& t = cx.t();
  const double line = size * kLineSpacing, gap = size * 0.9;
  // The symbols' column: as wide as most symbols need, at most a third of
  // the width; a longer symbol pushes its own meaning to the right.
  double sym_w = 0;
  for (const NotationSymbol& s : legend.notation.symbols)
    sym_w = std::max(sym_w, std::min(width / 3, cx.Width(s.symbol, FontFace::kBold, size)));
  double y = top;
  for (const NotationSymbol& s : legend.notation.symbols) {
    cx.Text(page, x, y + size * 0.95, s.symbol, FontFace::kBold, size, t.text);
    const double mx = x + std::max(sym_w, cx.Width(s.symbol, FontFace::kBold, size)) + gap;
    y += cx.Paragraph(page, mx, y, x + width - mx, s.meaning, FontFace::kRegular, size, t.text) + line * 0.15;
  }
  y += line * 0.3;
  for (const std::string* text : {&legend.notation.unwritten, &legend.example}) {
    if (text->empty()) continue;
    y += cx.Paragraph(page, x, y, width, *text, FontFace::kRegular, size, t.text) + line * 0.3;
  }
  return y - top;
}

}  // namespace talon::render
