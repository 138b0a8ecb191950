#include "render/sheets/solution_flow.h"

#include <algorithm>

#include "render/card_art.h"

namespace talon::render {

namespace {

// A column's geometry, in points; spaces grow with the type size, so that a
// large-print box never touches its number.
struct RowGeometry {
  double box = 0, box_gap = 0, num_w = 0, num_gap = 0, notation_w = 0, cards_gap = 0;
  double mini_w = 0, mini_h = 0, step = 0;  // step: from one small card to the next
  double col_w = 0, line_h = 0, stride = 0;
  int columns = 1;
  // Where the notation starts in a column.
  double NotationX() const { return box + box_gap + num_w + num_gap; }
  // The width a row needs on one line with `cards` small cards after a notation of width nw.
  double OneLine(double nw, size_t cards) const {
    return NotationX() + nw + (cards ? cards_gap + static_cast<double>(cards - 1) * step + mini_w : 0);
  }
};

// How one row sits in its column: its cards beside the notation (lines ==
// 1), or on lines of their own below it, `per_line` a line.
struct RowLayout {
  int lines = 1;
  size_t per_line = 0;  // 0: the cards are beside the notation
};

RowLayout LayOut(const Composer& cx, const RowGeometry& g, const MoveRow& r) {
  const size_t n = r.cards.size();
  const double nw = std::max(g.notation_w, cx.Width(r.notation, FontFace::kRegular, cx.t().move_pt));
  if (n == 0 || g.OneLine(nw, n) <= g.col_w + 1e-6) return {};
  const double room = g.col_w - g.NotationX();
  const size_t per_line = std::max<size_t>(1, static_cast<size_t>((room - g.mini_w) / g.step + 1e-9) + 1);
  return {1 + static_cast<int>((n + per_line - 1) / per_line), per_line};
}

// Column geometry for a block's rows. The columns are as wide as the widest
// row needs on one line, unless that leaves a single column while rows as
// wide as 19 in 20 of them would fit two or more (Klondike: a few long run
// moves): then the columns are sized for those, and a wider row draws its
// small cards on a line of their own below its notation.
RowGeometry MeasureRows(const Composer& cx, const std::vector<MoveRow>& rows, double width) {
  const Template& t = cx.t();
  RowGeometry g;
  g.box = t.move_pt * 0.9;
  g.box_gap = t.move_pt * 0.6;
  g.num_gap = t.move_pt * 0.45;
  g.cards_gap = t.move_pt * 0.8;
  g.mini_w = t.mini_card_width;
  g.mini_h = g.mini_w * kCardAspect * 0.85;
  g.step = g.mini_w + std::max(2.0, 0.12 * g.mini_w);
  std::vector<double> notation_ws;
  std::vector<size_t> card_counts;
  for (const MoveRow& r : rows) {
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
  const double widest_notation = *std::max_element(notation_ws.begin(), notation_ws.end());
  g.notation_w = widest_notation;
  g.col_w = g.OneLine(g.notation_w, *std::max_element(card_counts.begin(), card_counts.end()));
  g.columns = columns_for(g.col_w);
  if (t.solution_columns == 0 && g.columns == 1 && notation_ws.size() >= 20) {
    auto p95 = [](auto v) {
      std::sort(v.begin(), v.end());
      return v[v.size() * 19 / 20];
    };
    const double notation_95 = p95(notation_ws);
    // Even a wide row's notation fits its column; only its cards move down.
    const double col_95 = std::max(g.OneLine(notation_95, p95(card_counts)), g.NotationX() + widest_notation);
    if (columns_for(col_95) > 1) {
      g.notation_w = notation_95;
      g.col_w = col_95;
      g.columns = columns_for(col_95);
    }
  }
  // Too wide for the page on one line: one column, the wide rows' cards below.
  if (g.col_w > width) g.col_w = std::max(width, g.NotationX() + widest_notation);
  if (t.solution_columns > 0) g.columns = t.solution_columns;
  g.line_h = std::max(g.mini_h, t.move_pt * 1.25) + std::max(3.0, 0.3 * t.move_pt);
  g.stride = (width + gutter) / g.columns;
  return g;
}

void DrawMoveRow(Page& page, Composer& cx, const RowGeometry& g, const MoveRow& r, const RowLayout& lay, double x,
                 double y) {
  const Template& t = cx.t();
  const double mid = y + g.line_h / 2;
  Path box;
  box.AddRect({x, mid - g.box / 2, g.box, g.box});
  page.Stroke(box, t.text, 0.6);
  const double num_right = x + g.box + g.box_gap + g.num_w;
  cx.TextRight(page, num_right, mid + t.move_pt * 0.35, r.number, FontFace::kBold, t.move_pt, t.text);
  const double nx = x + g.NotationX();
  cx.Text(page, nx, mid + t.move_pt * 0.35, r.notation, FontFace::kRegular, t.move_pt, t.text);
  if (lay.per_line == 0) {
    const double notation_w = cx.Width(r.notation, FontFace::kRegular, t.move_pt);
    double cx0 = nx + std::max(g.notation_w, notation_w) + g.cards_gap;
    for (Card c : r.cards) {
      DrawMiniCard(page, cx.fonts(), t.cards, c, {cx0, mid - g.mini_h / 2, g.mini_w, g.mini_h});
      cx0 += g.step;
    }
    return;
  }
  for (size_t i = 0; i < r.cards.size(); ++i) {
    const double line_mid = mid + static_cast<double>(1 + i / lay.per_line) * g.line_h;
    const double cx0 = nx + static_cast<double>(i % lay.per_line) * g.step;
    DrawMiniCard(page, cx.fonts(), t.cards, r.cards[i], {cx0, line_mid - g.mini_h / 2, g.mini_w, g.mini_h});
  }
}

// Puts rows [from, ...) into `columns` columns of at most `height` lines,
// each column filled in turn; returns the end of what fits, and each row's
// column and line in `where`.
size_t FillColumns(const std::vector<RowLayout>& lays, size_t from, int columns, int height,
                   std::vector<std::pair<int, int>>& where) {
  where.clear();
  size_t i = from;
  for (int col = 0; col < columns && i < lays.size(); ++col) {
    int used = 0;
    while (i < lays.size() && used + lays[i].lines <= height) {
      where.emplace_back(col, used);
      used += lays[i].lines;
      ++i;
    }
  }
  return i;
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
    const RowGeometry g = MeasureRows(cx, b.rows, c.w);
    if (g.col_w > c.w + 1e-6) {
      cx.Fail(Status::BadInput("content does not fit the page: a solution line of " + b.heading + " needs " +
                               MmText(g.col_w) + " but the template '" + t.name + "' gives " + MmText(c.w) +
                               "; use smaller move_pt or mini_card_width_mm"));
      return placed;
    }
    std::vector<RowLayout> lays;
    int tallest = 1;
    for (const MoveRow& r : b.rows) {
      lays.push_back(LayOut(cx, g, r));
      tallest = std::max(tallest, lays.back().lines);
    }
    size_t done = 0;
    bool first = true;
    std::vector<std::pair<int, int>> where;
    while (first || done < b.rows.size()) {
      auto lines_left = [&] { return static_cast<int>((c.bottom() - y - head_h) / g.line_h); };
      int room = lines_left();
      const size_t left = b.rows.size() - done;
      if (room < tallest || (first && room < 3 && left > static_cast<size_t>(room) && y > c.y + t.heading_pt * 4)) {
        y = new_page();
        room = lines_left();
      }
      if (room < tallest) {
        cx.Fail(Status::BadInput("content does not fit the page: template '" + t.name +
                                 "' leaves no room for a solution line"));
        return placed;
      }
      Page& page = pages.back();
      const int page_index = static_cast<int>(pages.size()) - 1;
      if (first) placed.push_back({page_index, y, {}});
      cx.Text(page, c.x, y + t.heading_pt, first ? b.heading : b.heading + " (continued)", FontFace::kBold,
              t.heading_pt, t.text);
      if (!b.note.empty())
        cx.TextRight(page, c.right(), y + t.heading_pt, b.note, FontFace::kRegular, t.text_pt, t.accent);
      y += head_h;
      // All that is left fits: the shortest columns that hold it (balanced).
      // Else the columns are filled to the foot of the page.
      int height = room;
      size_t end = FillColumns(lays, done, g.columns, height, where);
      if (end == b.rows.size()) {
        int lo = tallest, hi = room;
        while (lo < hi) {
          const int mid = (lo + hi) / 2;
          if (FillColumns(lays, done, g.columns, mid, where) == b.rows.size()) hi = mid;
          else lo = mid + 1;
        }
        height = lo;
        end = FillColumns(lays, done, g.columns, height, where);
      }
      int used = 0;
      for (size_t i = done; i < end; ++i) {
        const auto [col, line] = where[i - done];
        DrawMoveRow(page, cx, g, b.rows[i], lays[i], c.x + static_cast<double>(col) * g.stride,
                    y + static_cast<double>(line) * g.line_h);
        used = std::max(used, line + lays[i].lines);
      }
      placed.back().parts.push_back({page_index, done, end});
      done = end;
      y += static_cast<double>(used) * g.line_h + t.heading_pt;
      first = false;
      if (done < b.rows.size()) y = new_page();
    }
  }
  return placed;
}

}  // namespace talon::render
