#include "render/sheets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/card_art.h"

namespace talon::render {

namespace {

constexpr double kLineSpacing = 1.3;
const Color kGrey{0.40, 0.40, 0.40};

std::string MmText(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f mm", points / kPointsPerMm);
  return buf;
}

// Text helpers that check every string against the font; the first failure
// is kept in status().
class Composer {
 public:
  Composer(const Template& t, const Fonts& f) : t_(t), fonts_(f) {}
  const Template& t() const { return t_; }
  const Fonts& fonts() const { return fonts_; }
  const Status& status() const { return status_; }
  void Fail(Status s) {
    if (status_.ok()) status_ = std::move(s);
  }

  double Width(const std::string& s, FontFace face, double size) const {
    return fonts_.Get(face).TextWidth(s, size);
  }
  // Text with its baseline at y.
  void Text(Page& page, double x, double y, const std::string& s, FontFace face, double size, Color c) {
    if (s.empty()) return;
    Status ok = fonts_.Check(s, face, "text '" + s + "'");
    if (!ok.ok()) {
      Fail(ok);
      return;
    }
    page.Add(TextItem{x, y, s, face, size, c});
  }
  void TextRight(Page& page, double right, double y, const std::string& s, FontFace face, double size, Color c) {
    Text(page, right - Width(s, face, size), y, s, face, size, c);
  }
  void TextCentred(Page& page, double cx, double y, const std::string& s, FontFace face, double size, Color c) {
    Text(page, cx - Width(s, face, size) / 2, y, s, face, size, c);
  }
  // Greedy word wrap at spaces; a word longer than the width stands alone.
  std::vector<std::string> Wrap(const std::string& s, double width, FontFace face, double size) const {
    std::vector<std::string> lines;
    std::string line, word;
    auto flush_word = [&] {
      if (word.empty()) return;
      std::string candidate = line.empty() ? word : line + " " + word;
      if (!line.empty() && Width(candidate, face, size) > width) {
        lines.push_back(line);
        line = word;
      } else {
        line = candidate;
      }
      word.clear();
    };
    for (char c : s) {
      if (c == ' ' || c == '\n') {
        flush_word();
        if (c == '\n') {
          lines.push_back(line);
          line.clear();
        }
      } else {
        word += c;
      }
    }
    flush_word();
    if (!line.empty()) lines.push_back(line);
    return lines;
  }
  double ParagraphHeight(const std::string& s, double width, FontFace face, double size) const {
    return static_cast<double>(Wrap(s, width, face, size).size()) * size * kLineSpacing;
  }
  // Draws a wrapped paragraph whose first line's top is `top`; returns its height.
  double Paragraph(Page& page, double x, double top, double width, const std::string& s, FontFace face,
                   double size, Color c) {
    double y = top;
    for (const std::string& line : Wrap(s, width, face, size)) {
      Text(page, x, y + size * 0.95, line, face, size, c);
      y += size * kLineSpacing;
    }
    return y - top;
  }

 private:
  const Template& t_;
  const Fonts& fonts_;
  Status status_;
};

Page NewPage(const Template& t) {
  Page p;
  p.width = t.paper_w;
  p.height = t.paper_h;
  return p;
}

// ---------------------------------------------------------------- layout

// A row of piles on a sheet; `area_piles` indexes the group's piles.
struct PileGroup {
  std::string title;  // "" for the tableau
  const std::vector<Pile>* piles = nullptr;
  const std::vector<int>* face_down = nullptr;  // may be empty
  LayoutHint hint;
};

struct GroupPlan {
  std::vector<std::vector<int>> rows;  // pile indices per row
  std::vector<double> row_heights;
};

struct TableauPlan {
  double card_w = 0;
  std::vector<GroupPlan> groups;
  double height = 0;
};

double CardGap(double w) { return 0.12 * w + 3; }

double LabelHeight(const Template& t) { return t.small_pt * 1.5; }

// Lays the groups out with cards of width w in `width`; nullopt if they do not fit.
std::optional<TableauPlan> PlanWith(const std::vector<PileGroup>& groups, const Template& t, double w,
                                    double width) {
  const double h = w * kCardAspect, gap = CardGap(w), fan = t.fan_visible * h;
  const int max_per_row = static_cast<int>((width + gap) / (w + gap) + 1e-9);
  if (max_per_row < 1) return std::nullopt;
  TableauPlan plan;
  plan.card_w = w;
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const PileGroup& g = groups[gi];
    const int n = static_cast<int>(g.piles->size());
    GroupPlan gp;
    if (g.hint.kind == LayoutHint::kGrid && !g.hint.row_lengths.empty()) {
      int at = 0;
      for (size_t r = 0; at < n; ++r) {
        int len = g.hint.row_lengths[std::min(r, g.hint.row_lengths.size() - 1)];
        len = std::max(1, std::min(len, n - at));
        if (len > max_per_row) return std::nullopt;
        std::vector<int> row;
        for (int i = 0; i < len; ++i) row.push_back(at + i);
        gp.rows.push_back(row);
        at += len;
      }
    } else {
      const int nrows = (n + max_per_row - 1) / max_per_row;
      const int per_row = nrows ? (n + nrows - 1) / nrows : 0;
      for (int at = 0; at < n; at += per_row) {
        std::vector<int> row;
        for (int i = at; i < std::min(n, at + per_row); ++i) row.push_back(i);
        gp.rows.push_back(row);
      }
    }
    if (gi || !g.title.empty()) plan.height += t.text_pt * 1.6;  // the group's title
    for (const auto& row : gp.rows) {
      size_t longest = 1;
      for (int i : row) longest = std::max(longest, (*g.piles)[static_cast<size_t>(i)].size());
      double rh = LabelHeight(t) + h + static_cast<double>(longest - 1) * fan;
      gp.row_heights.push_back(rh);
      plan.height += rh + 0.10 * h;
    }
    plan.groups.push_back(std::move(gp));
  }
  return plan;
}

// The largest cards (from the template's card width down to its minimum)
// with which the groups fit in width x height.
std::optional<TableauPlan> PlanTableau(const std::vector<PileGroup>& groups, const Template& t, double width,
                                       double height) {
  for (double w = t.card_width; w >= t.min_card_width - 1e-9; w -= 0.5) {
    auto plan = PlanWith(groups, t, w, width);
    if (plan && plan->height <= height) return plan;
  }
  return std::nullopt;
}

void DrawTableau(Page& page, Composer& cx, const std::vector<PileGroup>& groups, const TableauPlan& plan,
                 const Rect& box) {
  const Template& t = cx.t();
  const double w = plan.card_w, h = w * kCardAspect, gap = CardGap(w), fan = t.fan_visible * h;
  double y = box.y;
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const PileGroup& g = groups[gi];
    if (gi || !g.title.empty()) {
      cx.Text(page, box.x, y + t.text_pt, g.title.empty() ? "Tableau" : g.title, FontFace::kBold, t.text_pt,
              t.accent);
      y += t.text_pt * 1.6;
    }
    const GroupPlan& gp = plan.groups[gi];
    for (size_t r = 0; r < gp.rows.size(); ++r) {
      const auto& row = gp.rows[r];
      const double row_w = static_cast<double>(row.size()) * (w + gap) - gap;
      double x = box.x + (box.w - row_w) / 2;
      for (int i : row) {
        const Pile& pile = (*g.piles)[static_cast<size_t>(i)];
        const int down = g.face_down && static_cast<size_t>(i) < g.face_down->size()
                             ? (*g.face_down)[static_cast<size_t>(i)]
                             : 0;
        cx.TextCentred(page, x + w / 2, y + t.small_pt * 1.1, std::to_string(i + 1), FontFace::kBold,
                       t.small_pt * 1.15, t.accent);
        double cy = y + LabelHeight(t);
        if (pile.empty()) {
          Path empty;
          empty.AddRoundedRect({x, cy, w, h}, 0.07 * w);
          page.Stroke(empty, t.cards.border, 0.5);
        }
        for (size_t k = 0; k < pile.size(); ++k) {
          DrawCardFace(page, cx.fonts(), t.cards, pile[k], {x, cy, w, h}, static_cast<int>(k) < down,
                       k + 1 < pile.size());
          cy += fan;
        }
        x += w + gap;
      }
      y += gp.row_heights[r] + 0.10 * h;
    }
  }
}

// The stock (or another single pile) listed in turning order with small faces.
struct ListPlan {
  int per_row = 0, rows = 0;
  double mw = 0, cell_w = 0, cell_h = 0, height = 0;
};

ListPlan PlanList(const Template& t, size_t n, double width, double text_height, double mw) {
  ListPlan p;
  p.mw = mw;
  const double mh = mw * kCardAspect * 0.85;
  p.cell_w = mw + std::max(6.0, 0.35 * mw);
  p.cell_h = t.small_pt * 1.2 + mh + 4;
  p.per_row = std::max(1, static_cast<int>((width + p.cell_w - mw) / p.cell_w));
  p.per_row = std::min<int>(p.per_row, static_cast<int>(n));
  // Rows of ten read more easily when they fit.
  if (p.per_row > 10 && n > 10) p.per_row = 10 * (p.per_row / 10);
  p.rows = p.per_row ? static_cast<int>((n + static_cast<size_t>(p.per_row) - 1) / static_cast<size_t>(p.per_row)) : 0;
  p.height = text_height + p.rows * p.cell_h;
  return p;
}

void DrawList(Page& page, Composer& cx, const std::vector<Card>& in_order, const ListPlan& p, double x0, double y0) {
  const Template& t = cx.t();
  const double mw = p.mw, mh = mw * kCardAspect * 0.85;
  for (size_t i = 0; i < in_order.size(); ++i) {
    const int r = static_cast<int>(i) / p.per_row, c = static_cast<int>(i) % p.per_row;
    const double x = x0 + c * p.cell_w, y = y0 + r * p.cell_h;
    cx.TextCentred(page, x + mw / 2, y + t.small_pt, std::to_string(i + 1), FontFace::kRegular, t.small_pt, kGrey);
    DrawMiniCard(page, cx.fonts(), t.cards, in_order[i], {x, y + t.small_pt * 1.2, mw, mh});
  }
}

struct DealBlockText {
  std::string heading;      // left, bold
  double heading_size = 0;  // points
  std::string aside;        // right of the heading, regular
  std::string rules;        // a paragraph under the heading; may be empty
  bool instructions = true; // how to build the deal from the picture
  bool note_line = false;   // keep a line under the heading for a note added later
};

std::string LayoutInstruction(const std::vector<PileGroup>& groups) {
  bool fan = false, down = false, any = false;
  for (const PileGroup& g : groups) {
    for (const Pile& p : *g.piles) {
      fan = fan || p.size() > 1;
      any = any || !p.empty();
    }
    if (g.face_down)
      for (int d : *g.face_down) down = down || d > 0;
  }
  // Try Again's heaps start empty: the picture shows the places only.
  std::string s = !any ? "The numbered heaps start empty: deal the stock onto them one card at a time, as the rules say."
                  : fan ? "Lay out each column from the top down, overlapping as pictured: the card at the foot "
                          "of a column is the top card of its pile."
                        : "Deal one card into each numbered place as pictured.";
  s += " Piles are numbered as in the solution.";
  if (down) s += " Shaded cards with a dark corner are dealt face down.";
  return s;
}

std::string StockInstruction(size_t n) {
  return "Stock (" + std::to_string(n) +
         " cards), in the order they are turned. To stack it, lay the cards face up one on another in this "
         "order, 1 first, then turn the pile face down: card 1 is turned first.";
}

// Draws one deal in `box`. kBadInput if it does not fit.
Status DrawDealBlock(Page& page, Composer& cx, const Game& game, const Deal& deal, const Rect& box,
                     const DealBlockText& text) {
  const Template& t = cx.t();
  std::vector<PileGroup> groups;
  const LayoutHint hint = LayoutHintFor(game.info().sheet, deal.areas);
  if (!deal.areas.tableau.empty()) groups.push_back({"", &deal.areas.tableau, &deal.areas.face_down, hint});
  LayoutHint fan_hint;
  if (!deal.areas.reserve.empty()) groups.push_back({"Reserve", &deal.areas.reserve, nullptr, fan_hint});
  bool any_foundation = false;
  for (const Pile& p : deal.areas.foundations) any_foundation = any_foundation || !p.empty();
  if (any_foundation) groups.push_back({"Foundations", &deal.areas.foundations, nullptr, fan_hint});
  // Single piles: the stock in turning order (its back() is turned first), then
  // any waste or discard cards a deal starts with (top card last).
  struct List {
    std::string intro;
    std::vector<Card> cards;
  };
  std::vector<List> lists;
  if (!deal.areas.stock.empty())
    lists.push_back({StockInstruction(deal.areas.stock.size()),
                     std::vector<Card>(deal.areas.stock.rbegin(), deal.areas.stock.rend())});
  if (!deal.areas.waste.empty())
    lists.push_back({"Waste, bottom card first:", deal.areas.waste});
  if (!deal.areas.discard.empty())
    lists.push_back({"Discard pile, bottom card first:", deal.areas.discard});

  double y = box.y;
  const double hs = text.heading_size;
  cx.Text(page, box.x, y + hs * 0.95, text.heading, FontFace::kBold, hs, t.text);
  if (!text.aside.empty()) {
    const double as = std::max(t.text_pt, hs * 0.5);
    cx.TextRight(page, box.right(), y + hs * 0.95, text.aside, FontFace::kRegular, as, t.accent);
  }
  y += hs * 1.35;
  if (text.note_line) y += t.small_pt * 1.6;
  if (!text.rules.empty()) {
    y += cx.Paragraph(page, box.x, y, box.w, text.rules, FontFace::kRegular, t.text_pt, t.text) + t.text_pt * 0.5;
  }
  if (text.instructions) {
    y += cx.Paragraph(page, box.x, y, box.w, LayoutInstruction(groups), FontFace::kRegular, t.small_pt, kGrey) +
         t.small_pt * 0.5;
  }
  // The lists take what they need at the template's size; the tableau gets
  // the rest; then the lists grow into what the tableau leaves over.
  std::vector<double> intro_h;
  auto plan_lists = [&](double mw, std::vector<ListPlan>& plans) {
    plans.clear();
    double total = 0;
    for (size_t i = 0; i < lists.size(); ++i) {
      plans.push_back(PlanList(t, lists[i].cards.size(), box.w, intro_h[i], mw));
      total += plans.back().height + t.text_pt;
    }
    return total;
  };
  for (const List& l : lists)
    intro_h.push_back(cx.ParagraphHeight(l.intro, box.w, FontFace::kRegular, t.small_pt) + 3);
  std::vector<ListPlan> list_plans;
  const double lists_h = plan_lists(t.mini_card_width, list_plans);
  const double tableau_h = box.bottom() - y - lists_h;
  auto plan = PlanTableau(groups, t, box.w, tableau_h);
  if (!plan || tableau_h <= 0)
    return Status::BadInput("content does not fit the page: " + DealName(game, deal) + " needs more than the " +
                            MmText(box.w) + " x " + MmText(box.h) + " the template '" + t.name +
                            "' gives it, even with cards " + MmText(t.min_card_width) +
                            " wide; use fewer deals per page, larger paper, or a smaller min_card_width_mm");
  const double room = box.bottom() - y - plan->height - t.text_pt * 0.5;
  for (double f = 1.8; f > 1.0; f -= 0.1) {
    std::vector<ListPlan> bigger;
    const double mw = std::min(t.mini_card_width * f, t.card_width * 0.6);
    if (plan_lists(mw, bigger) <= room) {
      list_plans = bigger;
      break;
    }
  }
  DrawTableau(page, cx, groups, *plan, {box.x, y, box.w, plan->height});
  y += plan->height + t.text_pt * 0.5;
  for (size_t i = 0; i < lists.size(); ++i) {
    y += cx.Paragraph(page, box.x, y, box.w, lists[i].intro, FontFace::kRegular, t.small_pt, kGrey) + 3;
    DrawList(page, cx, lists[i].cards, list_plans[i], box.x, y);
    y += list_plans[i].rows * list_plans[i].cell_h + t.text_pt;
  }
  return Status::Ok();
}

// ---------------------------------------------------------------- solutions

struct MoveRow {
  std::string number;    // "12."
  std::string notation;  // "3+9  K♠ A♥"
  std::vector<Card> cards;
};

struct SolutionBlock {
  std::string heading;  // e.g. the deal name
  std::string note;     // right of the heading, e.g. "deal on page 7"
  std::vector<MoveRow> rows;
};

std::vector<MoveRow> MoveRows(const Game& game, const Solution& s) {
  std::vector<MoveRow> rows;
  for (size_t i = 0; i < s.moves.size(); ++i)
    rows.push_back({std::to_string(i + 1) + ".", game.FormatMove(s.moves[i]), s.moves[i].cards});
  return rows;
}

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

// Where a flowed block landed.
struct Placed {
  int first_page = 0;
  double y = 0;  // top of its heading on the first page
};

// Flows solution blocks over pages from `pages.size()`, in columns. new_page()
// appends a page and returns the y where content starts. A block is moved to
// the next page rather than leaving only its heading behind; a long block
// continues on further pages.
template <class NewPage>
std::vector<Placed> FlowSolutions(std::vector<Page>& pages, Composer& cx, const std::vector<SolutionBlock>& blocks,
                                  NewPage&& new_page) {
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

// Headers and footers on every page (the header is left out on page
// `skip_header`, e.g. a cover; -1 for none).
void AddHeadersAndFooters(std::vector<Page>& pages, Composer& cx, const std::string& title, int skip_header) {
  const Template& t = cx.t();
  const int n = static_cast<int>(pages.size());
  for (int i = 0; i < n; ++i) {
    Page& p = pages[static_cast<size_t>(i)];
    if (i != skip_header && !t.header.empty()) {
      std::string h = ExpandPageText(t.header, title, i + 1, n);
      cx.Text(p, t.margin_left, t.margin_top - t.small_pt * 0.8, h, FontFace::kRegular, t.small_pt, kGrey);
    }
    if (!t.footer.empty()) {
      std::string f = ExpandPageText(t.footer, title, i + 1, n);
      cx.TextCentred(p, t.margin_left + (t.paper_w - t.margin_left - t.margin_right) / 2,
                     t.paper_h - t.margin_bottom + t.small_pt * 1.4, f, FontFace::kRegular, t.small_pt, kGrey);
    }
  }
}

}  // namespace

LayoutHint LayoutHintFor(const SheetLayout& sheet, const Areas& areas) {
  LayoutHint h;
  if (sheet.tableau == SheetLayout::Tableau::kRows) {
    h.kind = LayoutHint::kGrid;
    h.row_lengths = sheet.row_lengths;
    return h;
  }
  bool single = true;
  for (const Pile& p : areas.tableau) single = single && p.size() <= 1;
  if (single && !areas.tableau.empty()) {
    h.kind = LayoutHint::kGrid;
    h.row_lengths = {areas.tableau.size() <= 8 ? static_cast<int>(areas.tableau.size()) : 5};
  }
  return h;
}

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

// ---------------------------------------------------------------- the book

namespace {

std::vector<Rect> Slots(const Template& t) {
  const Rect c = t.Content();
  const double g = t.gutter;
  if (t.deals_per_page == 2) {
    if (c.w > c.h) return {{c.x, c.y, (c.w - g) / 2, c.h}, {c.x + (c.w + g) / 2, c.y, (c.w - g) / 2, c.h}};
    return {{c.x, c.y, c.w, (c.h - g) / 2}, {c.x, c.y + (c.h + g) / 2, c.w, (c.h - g) / 2}};
  }
  if (t.deals_per_page == 4) {
    const double w = (c.w - g) / 2, h = (c.h - g) / 2;
    return {{c.x, c.y, w, h}, {c.x + w + g, c.y, w, h}, {c.x, c.y + h + g, w, h}, {c.x + w + g, c.y + h + g, w, h}};
  }
  return {c};
}

void Rule(Page& page, double x, double y, double w, Color c) {
  Path p;
  p.MoveTo(x, y).LineTo(x + w, y);
  page.Stroke(p, c, 0.6);
}

std::string GamesList(const std::vector<const Game*>& games) {
  std::string s;
  for (size_t i = 0; i < games.size(); ++i)
    s += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + std::string(games[i]->title());
  return s;
}

}  // namespace

Expected<Document> RenderBook(const std::vector<BookEntry>& entries, const BookOptions& options, const Template& t,
                              const Fonts& fonts) {
  if (entries.empty()) return Status::Usage("a booklet needs at least one deal");
  Composer cx(t, fonts);
  const Rect c = t.Content();
  Document doc;
  doc.title = options.title;
  doc.attachment = options.attachment;
  std::vector<const Game*> games;
  for (const BookEntry& e : entries)
    if (std::find(games.begin(), games.end(), e.game) == games.end()) games.push_back(e.game);
  doc.subject = std::to_string(entries.size()) + " winnable patience deals: " + GamesList(games);
  const bool with_solutions = options.solutions != BookOptions::Solutions::kNone;

  // Contents geometry first: the body's page numbers depend on its length.
  const double line_h = t.text_pt * 1.7;
  const double deal_col_w = std::max(150.0, cx.Width("000. triple-fourteens#000000000  p. 000", FontFace::kRegular,
                                                     t.text_pt) + 12);
  const int deal_cols = std::max(1, static_cast<int>((c.w + 12) / deal_col_w));
  const int deal_rows = static_cast<int>((entries.size() + static_cast<size_t>(deal_cols) - 1) /
                                         static_cast<size_t>(deal_cols));
  const int contents_lines = 2 + 1 + static_cast<int>(games.size()) + 1 + 1 + deal_rows + (with_solutions ? 2 : 0);
  const int lines_per_page = std::max(1, static_cast<int>((c.h - t.title_pt * 1.8) / line_h));
  const int contents_pages = (contents_lines + lines_per_page - 1) / lines_per_page;

  // Cover.
  doc.pages.push_back(NewPage(t));
  {
    Page& p = doc.pages.back();
    const double cxm = c.x + c.w / 2;
    double y = c.y + c.h * 0.22;
    for (const std::string& line : cx.Wrap(options.title, c.w, FontFace::kBold, t.title_pt * 1.3)) {
      cx.TextCentred(p, cxm, y, line, FontFace::kBold, t.title_pt * 1.3, t.text);
      y += t.title_pt * 1.3 * 1.25;
    }
    y += t.heading_pt;
    for (const std::string& line : cx.Wrap(GamesList(games), c.w * 0.9, FontFace::kRegular, t.heading_pt * 1.2)) {
      cx.TextCentred(p, cxm, y, line, FontFace::kRegular, t.heading_pt * 1.2, t.accent);
      y += t.heading_pt * 1.6;
    }
    cx.TextCentred(p, cxm, y + t.heading_pt, std::to_string(entries.size()) + " deals, each proved winnable",
                   FontFace::kRegular, t.heading_pt, t.text);
    // Four aces, fanned.
    const double w = std::min(t.card_width * 1.2, c.w / 6), h = w * kCardAspect, step = w * 0.55;
    const double x0 = cxm - (3 * step + w) / 2, y0 = c.y + c.h * 0.55;
    const Suit suits[4] = {kSpades, kHearts, kClubs, kDiamonds};
    for (int i = 0; i < 4; ++i)
      DrawCardFace(p, fonts, t.cards, Card(kAce, suits[i]), {x0 + i * step, y0 + std::abs(i - 1.5) * 6, w, h});
    cx.TextCentred(p, cxm, c.bottom() - t.small_pt * 2,
                   "Every deal can be won; its solution is in this book. Made with talon " TALON_VERSION ".",
                   FontFace::kRegular, t.small_pt, kGrey);
  }
  doc.bookmarks.push_back({"Cover", 0, 0});
  const int contents_first = 1;
  for (int i = 0; i < contents_pages; ++i) doc.pages.push_back(NewPage(t));
  doc.bookmarks.push_back({"Contents", contents_first, 0});

  // Rules pages.
  std::vector<int> rules_page(games.size());
  doc.bookmarks.push_back({"Rules", static_cast<int>(doc.pages.size()), 0});
  for (size_t gi = 0; gi < games.size(); ++gi) {
    const Game& g = *games[gi];
    rules_page[gi] = static_cast<int>(doc.pages.size());
    doc.bookmarks.push_back({std::string(g.title()), rules_page[gi], 1});
    doc.pages.push_back(NewPage(t));
    Page& p = doc.pages.back();
    double y = c.y;
    cx.Text(p, c.x, y + t.title_pt, std::string(g.title()), FontFace::kBold, t.title_pt, t.text);
    y += t.title_pt * 1.6;
    Rule(p, c.x, y - t.title_pt * 0.3, c.w, t.accent);
    auto section = [&](const std::string& head, const std::string& body) {
      cx.Text(p, c.x, y + t.heading_pt, head, FontFace::kBold, t.heading_pt, t.accent);
      y += t.heading_pt * 1.5;
      y += cx.Paragraph(p, c.x, y, c.w, body, FontFace::kRegular, t.text_pt * 1.1, t.text) + t.text_pt;
    };
    section("The rules", std::string(g.summary()));
    const Deal& example_deal = [&]() -> const Deal& {
      for (const BookEntry& e : entries)
        if (e.game == &g) return e.deal;
      return entries.front().deal;
    }();
    bool has_stock = !example_deal.areas.stock.empty();
    bool fan = LayoutHintFor(g.info().sheet, example_deal.areas).kind == LayoutHint::kFan;
    bool empty_start = true;
    for (const Pile& pile : example_deal.areas.tableau) empty_start = empty_start && pile.empty();
    section("Setting up a deal",
            std::string("Each deal is pictured as the cards lie on the table. ") +
                (empty_start ? "The numbered heaps start empty; only the stock is set up."
                 : fan ? "Sort a deck, then lay out each numbered column from the top down, overlapping the "
                         "cards as pictured: the card at the foot of a column is the top card of its pile."
                       : "Sort a deck, then deal a card into each numbered place as pictured.") +
                (has_stock ? " The stock is listed in the order its cards are turned: lay those cards face up "
                             "one on another, card 1 first, then turn the pile face down, so that card 1 is "
                             "turned first."
                           : ""));
    std::string example;
    for (const BookEntry& e : entries)
      if (e.game == &g && !e.solution.moves.empty()) {
        example = "For example, the first move of " + DealName(g, e.deal) + " is written \"" +
                  g.FormatMove(e.solution.moves.front()) + "\". ";
        break;
      }
    section("Reading a solution",
            "Each move is numbered and written in short form: the numbers of the piles or places the cards "
            "come from, then the cards themselves, which are also pictured. " +
                example + "Tick the box beside each move as you play it." +
                (with_solutions ? std::string(options.solutions == BookOptions::Solutions::kBack
                                                  ? " The solutions are at the back of the book; each says on which "
                                                    "page its deal is."
                                                  : " Each deal's solution follows its page.")
                                : std::string(" The solutions are not printed in this book; ask talon for them.")));
    section("Card colours", t.cards.scheme == ColourScheme::kFour
                                ? "Spades are black, hearts red, diamonds blue and clubs green."
                            : t.cards.scheme == ColourScheme::kMono
                                ? "Printed in black and white: hearts and diamonds are drawn in outline, clubs "
                                  "and spades solid."
                                : "Hearts and diamonds are red, clubs and spades black.");
  }

  // Deals, and solutions after each deal page when asked.
  const std::vector<Rect> slots = Slots(t);
  std::vector<int> deal_page(entries.size(), -1);
  std::vector<Rect> deal_box(entries.size());
  const int deals_first = static_cast<int>(doc.pages.size());
  doc.bookmarks.push_back({"Deals", deals_first, 0});
  auto block_text = [&](size_t i, double size) {
    const BookEntry& e = entries[i];
    return DealBlockText{std::to_string(i + 1) + ". " + DealName(*e.game, e.deal), size, "", "", false, true};
  };
  std::vector<SolutionBlock> solution_blocks(entries.size());
  auto make_solution_block = [&](size_t i) {
    const BookEntry& e = entries[i];
    return SolutionBlock{std::to_string(i + 1) + ". " + DealName(*e.game, e.deal),
                         "deal on page " + std::to_string(deal_page[i] + 1), MoveRows(*e.game, e.solution)};
  };
  std::vector<int> solution_page(entries.size(), -1);
  auto flow_solutions = [&](const std::vector<size_t>& which) {
    std::vector<SolutionBlock> blocks;
    for (size_t i : which) blocks.push_back(make_solution_block(i));
    bool first_page = true;
    auto placed = FlowSolutions(doc.pages, cx, blocks, [&] {
      doc.pages.push_back(NewPage(t));
      double y = c.y;
      if (first_page && options.solutions == BookOptions::Solutions::kBack) {
        cx.Text(doc.pages.back(), c.x, y + t.title_pt, "Solutions", FontFace::kBold, t.title_pt, t.text);
        y += t.title_pt * 1.8;
      }
      first_page = false;
      return y;
    });
    for (size_t k = 0; k < placed.size() && k < which.size(); ++k) solution_page[which[k]] = placed[k].first_page;
  };

  size_t slot = slots.size();  // slots used on the current page; start with a new page
  std::vector<size_t> on_page;  // deals on the current page
  auto finish_page = [&] {
    if (options.solutions == BookOptions::Solutions::kAfter && !on_page.empty()) flow_solutions(on_page);
    on_page.clear();
  };
  const double deal_head = std::max(t.heading_pt * 1.2, t.text_pt * 1.6);
  for (size_t i = 0; i < entries.size(); ++i) {
    const BookEntry& e = entries[i];
    if (slot == slots.size()) {
      finish_page();
      doc.pages.push_back(NewPage(t));
      slot = 0;
    }
    Page trial = NewPage(t);
    Rect box = slots[slot];
    Status s = DrawDealBlock(trial, cx, *e.game, e.deal, box, block_text(i, deal_head));
    if (!s.ok() && slots.size() > 1) {
      // Too large for a share of the page: give it a page of its own.
      if (slot != 0) {
        finish_page();
        doc.pages.push_back(NewPage(t));
      }
      trial = NewPage(t);
      box = c;
      s = DrawDealBlock(trial, cx, *e.game, e.deal, box, block_text(i, deal_head));
      slot = slots.size() - 1;
    }
    if (!s.ok()) return s;
    Page& page = doc.pages.back();
    for (Item& item : trial.items) page.items.push_back(std::move(item));
    deal_page[i] = static_cast<int>(doc.pages.size()) - 1;
    deal_box[i] = box;
    on_page.push_back(i);
    doc.bookmarks.push_back({block_text(i, 0).heading, deal_page[i], 1});
    // Separate shares of a page with a thin rule.
    if (slots.size() > 1 && slot + 1 < slots.size() && box.w < c.w + 1 && box.h < c.h - 1) {
      const Rect& next = slots[slot + 1];
      if (next.y > box.y) Rule(page, c.x, box.bottom() + t.gutter / 2, c.w, Color{0.75, 0.75, 0.75});
    }
    ++slot;
  }
  finish_page();

  if (options.solutions == BookOptions::Solutions::kBack) {
    doc.bookmarks.push_back({"Solutions", static_cast<int>(doc.pages.size()), 0});
    std::vector<size_t> all(entries.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    flow_solutions(all);
  }
  // Solution bookmarks (sections after the deals) and notes on the deal blocks.
  if (options.solutions == BookOptions::Solutions::kBack)
    for (size_t i = 0; i < entries.size(); ++i)
      doc.bookmarks.push_back({"Solution " + block_text(i, 0).heading, solution_page[i], 1});
  for (size_t i = 0; i < entries.size(); ++i) {
    Page& page = doc.pages[static_cast<size_t>(deal_page[i])];
    const auto gi = static_cast<size_t>(std::find(games.begin(), games.end(), entries[i].game) - games.begin());
    std::string note = std::string(entries[i].game->title()) + ", rules p. " + std::to_string(rules_page[gi] + 1);
    if (with_solutions && solution_page[i] >= 0) note += ", solution p. " + std::to_string(solution_page[i] + 1);
    const Rect& box = deal_box[i];
    cx.Text(page, box.x, box.y + deal_head * 1.35 + t.small_pt, note, FontFace::kRegular, t.small_pt, t.accent);
  }

  // Contents.
  {
    int page_i = contents_first;
    double y = c.y;
    Page* p = &doc.pages[static_cast<size_t>(page_i)];
    auto need_line = [&] {
      if (y + line_h > c.bottom()) {
        ++page_i;
        p = &doc.pages[static_cast<size_t>(page_i)];
        y = c.y;
      }
    };
    cx.Text(*p, c.x, y + t.title_pt, "Contents", FontFace::kBold, t.title_pt, t.text);
    y += t.title_pt * 1.8;
    auto entry = [&](const std::string& label, int target, FontFace face, double indent) {
      need_line();
      cx.Text(*p, c.x + indent, y + t.text_pt, label, face, t.text_pt, t.text);
      cx.TextRight(*p, c.right(), y + t.text_pt, std::to_string(target + 1), face, t.text_pt, t.text);
      p->links.push_back({{c.x + indent, y - 2, c.w - indent, line_h}, target});
      y += line_h;
    };
    entry("Rules", rules_page.front(), FontFace::kBold, 0);
    for (size_t gi = 0; gi < games.size(); ++gi) entry(std::string(games[gi]->title()), rules_page[gi], FontFace::kRegular, 14);
    entry("Deals", deals_first, FontFace::kBold, 0);
    const double col_w = c.w / deal_cols;
    for (int r = 0; r < deal_rows; ++r) {
      need_line();
      for (int k = 0; k < deal_cols; ++k) {
        const size_t i = static_cast<size_t>(k * deal_rows + r);
        if (i >= entries.size()) continue;
        const double x = c.x + 14 + k * col_w;
        std::string label = block_text(i, 0).heading;
        cx.Text(*p, x, y + t.text_pt, label, FontFace::kRegular, t.text_pt * 0.9, t.text);
        cx.TextRight(*p, c.x + (k + 1) * col_w - 10, y + t.text_pt, std::to_string(deal_page[i] + 1),
                     FontFace::kRegular, t.text_pt * 0.9, t.accent);
        p->links.push_back({{x, y - 2, col_w - 24, line_h}, deal_page[i]});
      }
      y += line_h;
    }
    if (options.solutions == BookOptions::Solutions::kBack) entry("Solutions", solution_page.front(), FontFace::kBold, 0);
    if (options.solutions == BookOptions::Solutions::kAfter)
      cx.Text(*p, c.x, y + t.text_pt, "Each deal's solution follows its page.", FontFace::kRegular, t.text_pt, kGrey);
  }
  AddHeadersAndFooters(doc.pages, cx, options.title, 0);
  if (!cx.status().ok()) return cx.status();
  return doc;
}

}  // namespace talon::render
