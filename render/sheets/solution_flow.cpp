#include "render/sheets/solution_flow.h"

#include <algorithm>

#include "render/card_art.h"

namespace talon::render {

namespace {

struct RowGeometry {
  double box = 0, num_w = 0, notation_w = 0, cards_w = 0, col_w = 0, row_h = 0, mini_w = 0, mini_h = 0;
  int columns = 1;
  double stride = 0;
};

// The widths of a row's parts for a given notation column and card count.
double ColumnWidth(const RowGeometry& g, double notation_w, size_t cards) {
  return g.box + 4 + g.num_w + 5 + notation_w + 8 + static_cast<double>(cards) * (g.mini_w + 2);
}

// Column geometry for a block's rows. The columns are as wide as the widest
// row needs, unless that leaves a single column while rows as wide as 19 in
// 20 of them would fit two or more (Klondike: a few long run moves): then
// the columns are sized for those, and the rare wider row fans its small
// cards closer together (DrawMoveRow); its notation names every card anyway.
RowGeometry MeasureRows(const Composer& cx, const std::vector<SolutionBlock>& blocks, double width) {
  const Template& t = cx.t();
  RowGeometry g;
  g.box = t.move_pt * 0.9;
  g.mini_w = t.mini_card_width;
  g.mini_h = g.mini_w * kCardAspect * 0.85;
  std::vector<double> notation_ws;
  std::vector<size_t> card_counts;
  for (const SolutionBlock& b : blocks)
    for (const MoveRow& r : b.rows) {
      g.num_w = std::max(g.num_w, cx.Width(r.number, FontFace::kBold, t.move_pt));
      notation_ws.push_back(cx.Width(r.notation, FontFace::kRegular, t.move_pt));
      card_counts.push_back(std::max<size_t>(1, r.cards.size()));
    }
  if (notation_ws.empty()) {
    notation_ws.push_back(0);
    card_counts.push_back(1);
  }
  const double gutter = std::max(t.gutter * 0.6, 8.0);
  auto columns_for = [&](double col_w) {
    return std::max(1, static_cast<int>((width + gutter) / (col_w + gutter)));
  };
  g.notation_w = *std::max_element(notation_ws.begin(), notation_ws.end());
  size_t most_cards = *std::max_element(card_counts.begin(), card_counts.end());
  g.col_w = ColumnWidth(g, g.notation_w, most_cards);
  g.columns = columns_for(g.col_w);
  if (t.solution_columns == 0 && g.columns == 1 && notation_ws.size() >= 20) {
    auto p95 = [](auto v) {
      std::sort(v.begin(), v.end());
      return v[v.size() * 19 / 20];
    };
    const double notation_95 = p95(notation_ws);
    const size_t cards_95 = p95(card_counts);
    const double col_95 = ColumnWidth(g, notation_95, cards_95);
    if (columns_for(col_95) > 1) {
      g.notation_w = notation_95;
      most_cards = cards_95;
      g.col_w = col_95;
      g.columns = columns_for(col_95);
    }
  }
  if (t.solution_columns > 0) g.columns = t.solution_columns;
  g.cards_w = static_cast<double>(most_cards) * (g.mini_w + 2);
  g.row_h = std::max(g.mini_h, t.move_pt * 1.25) + 3;
  g.stride = (width + gutter) / g.columns;
  return g;
}

void DrawMoveRow(Page& page, Composer& cx, const RowGeometry& g, const MoveRow& r, double x, double y) {
  const Template& t = cx.t();
  const double mid = y + g.row_h / 2;
  Path box;
  box.AddRect({x, mid - g.box / 2, g.box, g.box});
  page.Stroke(box, t.text, 0.6);
  double tx = x + g.box + 4;
  cx.TextRight(page, tx + g.num_w, mid + t.move_pt * 0.35, r.number, FontFace::kBold, t.move_pt, t.text);
  tx += g.num_w + 5;
  cx.Text(page, tx, mid + t.move_pt * 0.35, r.notation, FontFace::kRegular, t.move_pt, t.text);
  // A row wider than the column (see MeasureRows) starts its cards after its
  // own notation and fans them into what is left of the column; if even a
  // close fan does not fit, the notation alone names the cards.
  const double notation_w = cx.Width(r.notation, FontFace::kRegular, t.move_pt);
  tx += std::max(g.notation_w, notation_w) + 8;
  const double right = x + g.col_w;
  double step = g.mini_w + 2;
  const size_t n = r.cards.size();
  if (n > 0 && tx + static_cast<double>(n - 1) * step + g.mini_w > right) {
    step = n > 1 ? (right - tx - g.mini_w) / static_cast<double>(n - 1) : 0;
    if (step < g.mini_w * 0.45) return;
  }
  for (Card c : r.cards) {
    DrawMiniCard(page, cx.fonts(), t.cards, c, {tx, mid - g.mini_h / 2, g.mini_w, g.mini_h});
    tx += step;
  }
}

}  // namespace

std::vector<MoveRow> MoveRows(const Game& game, const Solution& s) {
  std::vector<MoveRow> rows;
  for (size_t i = 0; i < s.moves.size(); ++i)
    rows.push_back({std::to_string(i + 1) + ".", game.FormatMove(s.moves[i]), s.moves[i].cards});
  return rows;
}

std::vector<Placed> FlowSolutions(std::vector<Page>& pages, Composer& cx, const std::vector<SolutionBlock>& blocks,
                                  const std::function<double()>& new_page) {
  const Template& t = cx.t();
  const Rect c = t.Content();
  std::vector<Placed> placed;
  double y = new_page();
  const double head_h = t.heading_pt * 1.5;
  for (const SolutionBlock& b : blocks) {
    // Each block gets as many columns as its own widest move allows.
    const RowGeometry g = MeasureRows(cx, {b}, c.w);
    if (g.col_w > c.w) {
      cx.Fail(Status::BadInput("content does not fit the page: a solution line of " + b.heading + " needs " +
                               MmText(g.col_w) + " but the template '" + t.name + "' gives " + MmText(c.w) +
                               "; use smaller move_pt or mini_card_width_mm"));
      return placed;
    }
    size_t done = 0;
    bool first = true;
    while (first || done < b.rows.size()) {
      int rows_fit = static_cast<int>((c.bottom() - y - head_h) / g.row_h);
      if (rows_fit < 1 || (first && rows_fit < 3 && b.rows.size() > static_cast<size_t>(rows_fit) &&
                           y > c.y + t.heading_pt * 4)) {
        y = new_page();
        rows_fit = static_cast<int>((c.bottom() - y - head_h) / g.row_h);
      }
      if (rows_fit < 1) {
        cx.Fail(Status::BadInput("content does not fit the page: template '" + t.name +
                                 "' leaves no room for a solution line"));
        return placed;
      }
      Page& page = pages.back();
      if (first) placed.push_back({static_cast<int>(pages.size()) - 1, y});
      cx.Text(page, c.x, y + t.heading_pt, first ? b.heading : b.heading + " (continued)", FontFace::kBold,
              t.heading_pt, t.text);
      if (!b.note.empty())
        cx.TextRight(page, c.right(), y + t.heading_pt, b.note, FontFace::kRegular, t.text_pt, t.accent);
      y += head_h;
      const size_t left = b.rows.size() - done;
      const size_t chunk = std::min(left, static_cast<size_t>(rows_fit) * static_cast<size_t>(g.columns));
      const size_t per_col = (chunk + static_cast<size_t>(g.columns) - 1) / static_cast<size_t>(g.columns);
      for (size_t i = 0; i < chunk; ++i) {
        const size_t col = per_col ? i / per_col : 0, row = per_col ? i % per_col : 0;
        DrawMoveRow(page, cx, g, b.rows[done + i], c.x + static_cast<double>(col) * g.stride,
                    y + static_cast<double>(row) * g.row_h);
      }
      done += chunk;
      y += static_cast<double>(per_col) * g.row_h + t.heading_pt;
      first = false;
      if (done < b.rows.size()) y = new_page();
    }
  }
  return placed;
}

}  // namespace talon::render
