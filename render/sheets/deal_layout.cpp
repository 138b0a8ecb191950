#include "render/sheets/deal_layout.h"

#include <algorithm>
#include <optional>

#include "render/card_art.h"

namespace talon::render {

namespace {

// Piles drawn together under one title: the tableau, the reserve or the foundations.
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

}  // namespace talon::render
