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
  const std::vector<std::string>* labels = nullptr;  // the piles' names; null or empty: 1, 2, ...
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
        const bool named = g.labels && static_cast<size_t>(i) < g.labels->size();
        cx.TextCentred(page, x + w / 2, y + t.small_pt * 1.1,
                       named ? (*g.labels)[static_cast<size_t>(i)] : std::to_string(i + 1), FontFace::kBold,
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
  auto rows_of = [n](int per_row) {
    return per_row ? static_cast<int>((n + static_cast<size_t>(per_row) - 1) / static_cast<size_t>(per_row)) : 0;
  };
  // Rows of ten read more easily, when they take no more rows; else the
  // rows are made as even as they can be.
  p.rows = rows_of(p.per_row);
  if (p.per_row > 10 && n > 10 && rows_of(10 * (p.per_row / 10)) == p.rows) p.per_row = 10 * (p.per_row / 10);
  else if (p.rows > 1) p.per_row = static_cast<int>((n + static_cast<size_t>(p.rows) - 1) / static_cast<size_t>(p.rows));
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
  s += " Piles are named as in the solution.";
  if (down) s += " Shaded cards with a dark corner are dealt face down.";
  return s;
}

// How to stack the stock; `brief` when a rules page says it (booklets).
std::string StockInstruction(size_t n, bool brief) {
  if (brief) return "Stock (" + std::to_string(n) + " cards), card 1 turned first:";
  return "Stock (" + std::to_string(n) +
         " cards), in the order they are turned. To stack it, lay the cards face up one on another in this "
         "order, 1 first, then turn the pile face down: card 1 is turned first.";
}

// Whether the rules moved cards before move 1 (The Carpet's aces out and
// their slots refilled), so that the sheet shows `start` rather than the deal.
bool CardsMovedAtStart(const Areas& deal, const Areas& start) {
  return deal.tableau != start.tableau || deal.stock != start.stock || deal.reserve != start.reserve;
}

// A deal's picture: the piles drawn as cards and the lists of small cards.
struct List {
  std::string intro;
  std::vector<Card> cards;  // may be empty: a line of text
};
struct Content {
  std::vector<PileGroup> groups;
  std::vector<List> lists;
};

// The ways `areas` may be pictured, the roomiest first: foundations that
// hold aces alone are drawn as cards, or, when that does not fit, named in
// a line of text.
std::vector<Content> Contents(const Game& game, const Areas& areas, bool brief) {
  Content c;
  const LayoutHint hint = LayoutHintFor(game.info().sheet, areas);
  if (!areas.tableau.empty())
    c.groups.push_back({"", &areas.tableau, &areas.face_down, hint, &game.info().sheet.labels});
  LayoutHint fan_hint;
  if (!areas.reserve.empty()) c.groups.push_back({"Reserve", &areas.reserve, nullptr, fan_hint});
  // Single piles: the stock in turning order (its back() is turned first), then
  // any waste or discard cards a deal starts with (top card last).
  if (!areas.stock.empty())
    c.lists.push_back({StockInstruction(areas.stock.size(), brief),
                       std::vector<Card>(areas.stock.rbegin(), areas.stock.rend())});
  if (!areas.waste.empty()) c.lists.push_back({"Waste, bottom card first:", areas.waste});
  if (!areas.discard.empty()) c.lists.push_back({"Discard pile, bottom card first:", areas.discard});
  bool any = false, singles = true;
  std::string named;
  for (size_t f = 0; f < areas.foundations.size(); ++f) {
    const Pile& pile = areas.foundations[f];
    any = any || !pile.empty();
    singles = singles && pile.size() <= 1;
    if (!pile.empty())
      named += (named.empty() ? "" : ", ") + CardLabel(pile.back()) + " on foundation " + std::to_string(f + 1);
  }
  if (!any) return {c};
  Content full = c;
  full.groups.push_back({"Foundations", &areas.foundations, nullptr, fan_hint});
  if (!singles) return {full};
  c.lists.insert(c.lists.begin(), List{"Already out: " + named + ".", {}});
  return {full, c};
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
  // The table as it stands before move 1.
  const Table start = game.StartTable(deal);
  const bool moved = CardsMovedAtStart(deal.areas, start.areas);
  const Areas& areas = moved ? start.areas : deal.areas;
  const std::vector<Content> contents = Contents(game, areas, !text.instructions);

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
    std::string how = LayoutInstruction(contents.front().groups);
    if (moved) {
      const std::string at_start = game.MoveNotation(deal.options).at_start;
      if (!at_start.empty()) how += " Shown as the table stands before move 1: " + at_start + ".";
    }
    y += cx.Paragraph(page, box.x, y, box.w, how, FontFace::kRegular, t.small_pt, kGrey) + t.small_pt * 0.5;
  }
  // The piles and the lists share what is left. The lists' small cards
  // grow with the piles' (at least 0.4 of their width, never below the
  // template's mini_card_width), so that large cards get a legible stock;
  // then the lists grow into what the piles leave over.
  const Content* content = nullptr;
  std::vector<double> intro_h;
  auto plan_lists = [&](double mw, std::vector<ListPlan>& plans) {
    plans.clear();
    double total = 0;
    for (size_t i = 0; i < content->lists.size(); ++i) {
      plans.push_back(PlanList(t, content->lists[i].cards.size(), box.w, intro_h[i], mw));
      total += plans.back().height + t.text_pt;
    }
    return total;
  };
  std::vector<ListPlan> list_plans;
  std::optional<TableauPlan> plan;
  for (size_t v = 0; v < contents.size() && !plan; ++v) {
    content = &contents[v];
    intro_h.clear();
    for (const List& l : content->lists)
      intro_h.push_back(cx.ParagraphHeight(l.intro, box.w, FontFace::kRegular, t.small_pt) + 3);
    for (const bool scaled : {true, false}) {
      for (double w = t.card_width; w >= t.min_card_width - 1e-9 && !plan; w -= 0.5) {
        const double mw = scaled ? std::max(t.mini_card_width, 0.4 * w) : t.mini_card_width;
        const double tableau_h = box.bottom() - y - plan_lists(mw, list_plans);
        auto p = PlanWith(content->groups, t, w, box.w);
        if (tableau_h > 0 && p && p->height <= tableau_h) plan = p;
      }
      if (plan || content->lists.empty()) break;
    }
  }
  if (!plan)
    return Status::BadInput("content does not fit the page: " + DealName(game, deal) + " needs more than the " +
                            MmText(box.w) + " x " + MmText(box.h) + " the template '" + t.name +
                            "' gives it, even with cards " + MmText(t.min_card_width) +
                            " wide; use fewer deals per page, larger paper, or a smaller min_card_width_mm");
  const double room = box.bottom() - y - plan->height - t.text_pt * 0.5;
  const double mw0 = list_plans.empty() ? t.mini_card_width : list_plans.front().mw;
  for (double f = 1.8; f > 1.0; f -= 0.1) {
    std::vector<ListPlan> bigger;
    const double mw = std::min(mw0 * f, plan->card_w * 0.6);
    if (mw > mw0 && plan_lists(mw, bigger) <= room) {
      list_plans = bigger;
      break;
    }
  }
  DrawTableau(page, cx, content->groups, *plan, {box.x, y, box.w, plan->height});
  y += plan->height + t.text_pt * 0.5;
  for (size_t i = 0; i < content->lists.size(); ++i) {
    const List& l = content->lists[i];
    y += cx.Paragraph(page, box.x, y, box.w, l.intro, FontFace::kRegular, t.small_pt, kGrey) + 3;
    DrawList(page, cx, l.cards, list_plans[i], box.x, y);
    y += list_plans[i].rows * list_plans[i].cell_h + t.text_pt;
  }
  return Status::Ok();
}

}  // namespace talon::render
