// The booklet (RenderBook): cover, contents, a rules page per game, the deals
// and their solutions, composed in the order the page numbers need.
#include <algorithm>
#include <cmath>
#include <functional>

#include "core/words.h"
#include "render/card_art.h"
#include "render/sheets.h"
#include "render/sheets/composer.h"
#include "render/sheets/deal_layout.h"
#include "render/sheets/grade_badge.h"
#include "render/sheets/legend.h"
#include "render/sheets/page_frame.h"
#include "render/sheets/solution_flow.h"

namespace talon::render {

namespace {

// The shares of a page's content box, one deal each.
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

// "Fourteen Out, Thirteens and Fifteen".
std::string GamesList(const std::vector<const Game*>& games) {
  std::string s;
  for (size_t i = 0; i < games.size(); ++i)
    s += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + std::string(games[i]->title());
  return s;
}

// One booklet in the making. The contents' length is planned first (the
// page numbers after it depend on it); the contents are written last, when
// every page number is known.
class BookWriter {
 public:
  BookWriter(const std::vector<BookEntry>& entries, const BookOptions& options, const Template& t,
             const Fonts& fonts, Document* answers)
      : entries_(entries), options_(options), t_(t), fonts_(fonts), cx_(t, fonts), c_(t.Content()),
        with_solutions_(options.solutions != BookOptions::Solutions::kNone), answers_(answers) {}

  // REQUIRES: !entries.empty().
  Expected<Document> Write() {
    doc_.title = options_.title;
    doc_.author = options_.author;
    doc_.attachment = options_.attachment;
    for (const BookEntry& e : entries_) {
      if (std::find(games_.begin(), games_.end(), e.game) == games_.end()) games_.push_back(e.game);
      if (RuleSetOf(e) == rule_sets_.size()) rule_sets_.push_back({e.game, e.deal.options});
    }
    doc_.subject = CountOf(entries_.size(), "winnable patience deal") + ": " + GamesList(games_);
    PlanContents();
    AddCover();
    if (!options_.intro.empty()) TALON_RETURN_IF_ERROR(AddIntro());
    contents_first_ = static_cast<int>(doc_.pages.size());
    for (int i = 0; i < contents_pages_; ++i) doc_.pages.push_back(NewPage(t_));
    doc_.bookmarks.push_back({"Contents", contents_first_, 0});
    rules_page_.resize(rule_sets_.size());
    doc_.bookmarks.push_back({"Rules", static_cast<int>(doc_.pages.size()), 0});
    for (size_t ri = 0; ri < rule_sets_.size(); ++ri) AddRulesPage(ri);
    TALON_RETURN_IF_ERROR(AddDeals());
    if (options_.solutions == BookOptions::Solutions::kBack) {
      doc_.bookmarks.push_back({"Solutions", static_cast<int>(doc_.pages.size()), 0});
      std::vector<size_t> all(entries_.size());
      for (size_t i = 0; i < all.size(); ++i) all[i] = i;
      FlowSolutionsOf(all);
      for (size_t i = 0; i < entries_.size(); ++i)
        doc_.bookmarks.push_back({"Solution " + Heading(i), solution_page_[i], 1});
    }
    AddDealNotes();
    FillContents();
    AddHeadersAndFooters(doc_.pages, cx_, options_.title, 0);
    if (!cx_.status().ok()) return cx_.status();
    if (options_.solutions == BookOptions::Solutions::kSeparate) TALON_RETURN_IF_ERROR(WriteAnswerKey());
    PadPages(doc_.pages);
    return std::move(doc_);
  }

 private:

  // A game under one set of options: each has its rules page.
  struct RuleSet {
    const Game* game;
    Options options;
  };
  // The index of e's rule set in rule_sets_ (rule_sets_.size() if not there).
  size_t RuleSetOf(const BookEntry& e) const {
    for (size_t i = 0; i < rule_sets_.size(); ++i)
      if (rule_sets_[i].game == e.game && rule_sets_[i].options == e.deal.options) return i;
    return rule_sets_.size();
  }
  // "Klondike", or "Klondike (draw=1 passes=1)" for options not the defaults.
  std::string RuleSetTitle(size_t ri) const {
    const RuleSet& r = rule_sets_[ri];
    const std::string opts = NonDefaultOptions(*r.game, r.options);
    return std::string(r.game->title()) + (opts.empty() ? "" : " (" + opts + ")");
  }

  // "3. thirteens#7": a deal's heading, bookmark and contents entry.
  std::string Heading(size_t i) const {
    const BookEntry& e = entries_[i];
    return std::to_string(i + 1) + ". " + DealName(*e.game, e.deal);
  }

  void PlanContents() {
    line_h_ = t_.text_pt * 1.7;
    bool graded = false;
    for (const BookEntry& e : entries_) graded = graded || e.solution.difficulty.has_value();
    grade_w_ = graded ? cx_.Width("no grade ", FontFace::kRegular, t_.text_pt * 0.9) : 0;
    const double deal_col_w =
        std::max(150.0, cx_.Width("000. triple-fourteens#000000000  p. 000", FontFace::kRegular, t_.text_pt) + 12 +
                            grade_w_);
    deal_cols_ = std::max(1, static_cast<int>((c_.w + 12) / deal_col_w));
    deal_rows_ = static_cast<int>((entries_.size() + static_cast<size_t>(deal_cols_) - 1) /
                                  static_cast<size_t>(deal_cols_));
    const int contents_lines =
        2 + 1 + static_cast<int>(rule_sets_.size()) + 1 + 1 + deal_rows_ + (with_solutions_ ? 2 : 0);
    const int lines_per_page = std::max(1, static_cast<int>((c_.h - t_.title_pt * 1.8) / line_h_));
    contents_pages_ = (contents_lines + lines_per_page - 1) / lines_per_page;
  }

  void AddCover() {
    doc_.pages.push_back(NewPage(t_));
    Page& p = doc_.pages.back();
    const Rect& c = c_;
    const Template& t = t_;
    const double cxm = c.x + c.w / 2;
    double y = c.y + c.h * 0.22;
    for (const std::string& line : cx_.Wrap(options_.title, c.w, FontFace::kBold, t.title_pt * 1.3)) {
      cx_.TextCentred(p, cxm, y, line, FontFace::kBold, t.title_pt * 1.3, t.text);
      y += t.title_pt * 1.3 * 1.25;
    }
    for (const std::string& line : cx_.Wrap(options_.subtitle, c.w * 0.9, FontFace::kRegular, t.heading_pt * 1.4)) {
      cx_.TextCentred(p, cxm, y, line, FontFace::kRegular, t.heading_pt * 1.4, t.text);
      y += t.heading_pt * 1.4 * 1.3;
    }
    y += t.heading_pt;
    for (const std::string& line : cx_.Wrap(GamesList(games_), c.w * 0.9, FontFace::kRegular, t.heading_pt * 1.2)) {
      cx_.TextCentred(p, cxm, y, line, FontFace::kRegular, t.heading_pt * 1.2, t.accent);
      y += t.heading_pt * 1.6;
    }
    cx_.TextCentred(p, cxm, y + t.heading_pt,
                    entries_.size() == 1 ? std::string("1 deal, proved winnable")
                                         : std::to_string(entries_.size()) + " deals, each proved winnable",
                    FontFace::kRegular, t.heading_pt, t.text);
    // Four aces, fanned.
    const double w = std::min(t.card_width * 1.2, c.w / 6), h = w * kCardAspect, step = w * 0.55;
    const double x0 = cxm - (3 * step + w) / 2, y0 = c.y + c.h * 0.55;
    const Suit suits[4] = {kSpades, kHearts, kClubs, kDiamonds};
    for (int i = 0; i < 4; ++i)
      DrawCardFace(p, fonts_, t.cards, Card(kAce, suits[i]), {x0 + i * step, y0 + std::abs(i - 1.5) * 6, w, h});
    // The foot, bottom up: the note (wrapped), then the author (shrunk to the width).
    const std::vector<std::string> note =
        cx_.Wrap(CoverNote() + " Made with talon " TALON_VERSION ".", c.w, FontFace::kRegular, t.small_pt);
    double foot = c.bottom() - t.small_pt * 2 - static_cast<double>(note.size() - 1) * t.small_pt * kLineSpacing;
    for (size_t i = 0; i < note.size(); ++i)
      cx_.TextCentred(p, cxm, foot + static_cast<double>(i) * t.small_pt * kLineSpacing, note[i], FontFace::kRegular,
                      t.small_pt, kGrey);
    if (!options_.author.empty()) {
      double size = t.heading_pt * 1.2;
      size = std::min(size, size * c.w / std::max(1.0, cx_.Width(options_.author, FontFace::kRegular, size)));
      cx_.TextCentred(p, cxm, foot - t.heading_pt * 2.5, options_.author, FontFace::kRegular, size, t.text);
    }
    doc_.bookmarks.push_back({"Cover", 0, 0});
  }

  // What the cover's foot says of the deals and their solutions.
  std::string CoverNote() const {
    const std::string won = entries_.size() == 1 ? "The deal can be won; its solution " : "Every deal can be won; its solution ";
    switch (options_.solutions) {
      case BookOptions::Solutions::kBack: return won + "is at the back of this book.";
      case BookOptions::Solutions::kAfter: return won + "follows its page.";
      case BookOptions::Solutions::kSeparate: return won + "is in the answer key, under the deal's number.";
      case BookOptions::Solutions::kNone: break;
    }
    return (entries_.size() == 1 ? std::string("The deal can be won") : std::string("Every deal can be won")) +
           "; the solutions are not printed in this book.";
  }

  // The rules page of rule_sets_[ri] (more pages if it needs them): the
  // rules in force, how to set up a deal from its picture, how to read a
  // solution (the notation's legend and a move of the book's first deal of
  // these rules worked in words), the card colours.
  void AddRulesPage(size_t ri) {
    const Game& g = *rule_sets_[ri].game;
    const Options& options = rule_sets_[ri].options;
    const Rect& c = c_;
    const Template& t = t_;
    rules_page_[ri] = static_cast<int>(doc_.pages.size());
    doc_.bookmarks.push_back({RuleSetTitle(ri), rules_page_[ri], 1});
    doc_.pages.push_back(NewPage(t));
    double y = c.y;
    cx_.Text(doc_.pages.back(), c.x, y + t.title_pt, RuleSetTitle(ri), FontFace::kBold, t.title_pt, t.text);
    y += t.title_pt * 1.6;
    Rule(doc_.pages.back(), c.x, y - t.title_pt * 0.3, c.w, t.accent);
    const double size = t.text_pt * 1.1;
    // A section whose body is drawn by draw(page, top) -> height; measured
    // first, and begun on a new page when it does not fit.
    auto section = [&](const std::string& head, const std::function<double(Page&, double)>& draw) {
      Page scratch = NewPage(t);
      const double need = t.heading_pt * 1.5 + draw(scratch, 0);
      if (y + need > c.bottom() && y > c.y + t.title_pt * 2) {
        doc_.pages.push_back(NewPage(t));
        y = c.y;
        cx_.Text(doc_.pages.back(), c.x, y + t.heading_pt, RuleSetTitle(ri) + ", continued", FontFace::kBold,
                 t.heading_pt, t.text);
        y += t.heading_pt * 2;
      }
      Page& p = doc_.pages.back();
      cx_.Text(p, c.x, y + t.heading_pt, head, FontFace::kBold, t.heading_pt, t.accent);
      y += t.heading_pt * 1.5;
      y += draw(p, y) + t.text_pt;
    };
    auto paragraph = [&](const std::string& body) {
      return [&, body](Page& p, double top) {
        return cx_.Paragraph(p, c.x, top, c.w, body, FontFace::kRegular, size, t.text);
      };
    };
    section("The rules", paragraph(g.RulesText(options)));
    const BookEntry* example = nullptr;
    for (const BookEntry& e : entries_)
      if (!example && RuleSetOf(e) == ri) example = &e;
    const Deal& example_deal = example ? example->deal : entries_.front().deal;
    bool has_stock = !example_deal.areas.stock.empty();
    bool fan = LayoutHintFor(g.info().sheet, example_deal.areas).kind == LayoutHint::kFan;
    bool empty_start = true;
    for (const Pile& pile : example_deal.areas.tableau) empty_start = empty_start && pile.empty();
    const Legend legend = MakeLegend(g, example_deal, example ? &example->solution : nullptr, /*name_deal=*/true);
    section("Setting up a deal",
            paragraph(std::string("Each deal is pictured as the cards lie on the table") +
                      (legend.notation.at_start.empty() ? ". "
                                                        : " before move 1: " + legend.notation.at_start + ". ") +
                      (empty_start ? "The heaps start empty; only the stock is set up."
                       : fan ? "Sort a deck, then lay out each pile from the top down, overlapping the cards "
                               "as pictured: the card at the foot of a column is the top card of its pile."
                             : "Sort a deck, then deal a card into each place as pictured.") +
                      " Piles and places are named as in the solutions." +
                      (has_stock ? " The stock is listed in the order its cards are turned: lay those cards face "
                                   "up one on another, card 1 first, then turn the pile face down, so that card 1 "
                                   "is turned first."
                                 : "")));
    const std::string where =
        with_solutions_ ? (options_.solutions == BookOptions::Solutions::kBack
                               ? " The solutions are at the back of the book; each says on which page its deal is."
                           : options_.solutions == BookOptions::Solutions::kSeparate
                               ? " The solutions are in the answer key, a booklet of their own, under the deals' "
                                 "numbers."
                               : " Each deal's solution follows its page.")
                        : " The solutions are not printed in this book; ask talon for them.";
    section("Reading a solution", [&](Page& p, double top) {
      double h = cx_.Paragraph(p, c.x, top, c.w,
                               "Each move is a line: a box to tick as you play it, the move's number, the move in "
                               "short form, and small pictures of the cards moved." + where,
                               FontFace::kRegular, size, t.text);
      h += size * 0.5;
      return h + DrawLegend(p, cx_, legend, c.x, top + h, c.w, size);
    });
    section("Card colours", paragraph(t.cards.scheme == ColourScheme::kFour
                                          ? "Spades are black, hearts red, diamonds blue and clubs green."
                                      : t.cards.scheme == ColourScheme::kMono
                                          ? "Printed in black and white: hearts and diamonds are drawn in "
                                            "outline, clubs and spades solid."
                                          : "Hearts and diamonds are red, clubs and spades black."));
  }

  // The maker's paragraphs on the back of the cover; kBadInput when they do
  // not fit the page.
  Status AddIntro() {
    doc_.pages.push_back(NewPage(t_));
    Page& p = doc_.pages.back();
    const double size = t_.text_pt * 1.1;
    double y = c_.y;
    for (const std::string& paragraph : options_.intro) {
      if (y > c_.y) y += size * 0.8;
      y += cx_.Paragraph(p, c_.x, y, c_.w, paragraph, FontFace::kRegular, size, t_.text);
    }
    if (y > c_.bottom())
      return Status::BadInput(options_.intro_source + ": the introduction does not fit its page (it needs " +
                              MmText(y - c_.y) + " of the " + MmText(c_.h) + " there is); shorten it");
    doc_.bookmarks.push_back({"Introduction", static_cast<int>(doc_.pages.size()) - 1, 0});
    return Status::Ok();
  }

  // Blank pages at the end, up to a multiple of options_.pad_to pages.
  void PadPages(std::vector<Page>& pages) const {
    const size_t k = static_cast<size_t>(std::max(1, options_.pad_to));
    while (pages.size() % k != 0) pages.push_back(NewPage(t_));
  }

  // The answer key (Solutions::kSeparate): a cover, then every solution in
  // book order, headed with the deal's number and name and its book page.
  Status WriteAnswerKey() {
    Document& key = *answers_;
    key = Document{};
    key.title = "Answers: " + options_.title;
    key.author = options_.author;
    key.subject = "The solutions of " + doc_.subject;
    key.pages.push_back(NewPage(t_));
    Page& cover = key.pages.back();
    const double cxm = c_.x + c_.w / 2;
    double y = c_.y + c_.h * 0.22;
    cx_.TextCentred(cover, cxm, y, "Answers", FontFace::kBold, t_.title_pt * 1.3, t_.text);
    y += t_.title_pt * 1.3 * 1.25 + t_.heading_pt;
    for (const std::string& line : cx_.Wrap(options_.title, c_.w * 0.9, FontFace::kRegular, t_.heading_pt * 1.4)) {
      cx_.TextCentred(cover, cxm, y, line, FontFace::kRegular, t_.heading_pt * 1.4, t_.accent);
      y += t_.heading_pt * 1.4 * 1.3;
    }
    y += t_.heading_pt;
    cx_.Paragraph(cover, c_.x + c_.w * 0.1, y, c_.w * 0.8,
                  entries_.size() == 1
                      ? std::string("The solution of the book's deal, headed with the deal's number and name, and "
                                    "the page of the book the deal is on.")
                      : "The solutions of the " + CountOf(entries_.size(), "deal") +
                            " of the book, in its order. Each is headed with the deal's number and name, and the "
                            "page of the book the deal is on.",
                  FontFace::kRegular, t_.text_pt * 1.1, t_.text);
    key.bookmarks.push_back({"Answers", 0, 0});
    std::vector<SolutionBlock> blocks;
    for (size_t i = 0; i < entries_.size(); ++i)
      blocks.push_back(SolutionBlock{Heading(i), "deal on page " + std::to_string(deal_page_[i] + 1) + " of the book",
                                     MoveRows(*entries_[i].game, entries_[i].solution)});
    auto placed = FlowSolutions(key.pages, cx_, blocks, [&] {
      key.pages.push_back(NewPage(t_));
      return c_.y;
    });
    for (size_t i = 0; i < placed.size(); ++i) key.bookmarks.push_back({Heading(i), placed[i].first_page, 1});
    AddHeadersAndFooters(key.pages, cx_, key.title, 0);
    if (!cx_.status().ok()) return cx_.status();
    PadPages(key.pages);
    return Status::Ok();
  }

  // The solutions of entries_[which...], flowed from a new page (headed
  // "Solutions" on the first page when they are at the back).
  void FlowSolutionsOf(const std::vector<size_t>& which) {
    std::vector<SolutionBlock> blocks;
    for (size_t i : which) {
      const BookEntry& e = entries_[i];
      blocks.push_back(SolutionBlock{Heading(i), "deal on page " + std::to_string(deal_page_[i] + 1),
                                     MoveRows(*e.game, e.solution)});
    }
    bool first_page = true;
    auto placed = FlowSolutions(doc_.pages, cx_, blocks, [&] {
      doc_.pages.push_back(NewPage(t_));
      double y = c_.y;
      if (first_page && options_.solutions == BookOptions::Solutions::kBack) {
        cx_.Text(doc_.pages.back(), c_.x, y + t_.title_pt, "Solutions", FontFace::kBold, t_.title_pt, t_.text);
        y += t_.title_pt * 1.8;
      }
      first_page = false;
      return y;
    });
    for (size_t k = 0; k < placed.size() && k < which.size(); ++k) solution_page_[which[k]] = placed[k].first_page;
  }

  // The deals, tmpl.deals_per_page a page; a deal too large for its share
  // gets a page of its own. With Solutions::kAfter each page of deals is
  // followed by their solutions.
  Status AddDeals() {
    const Template& t = t_;
    const Rect& c = c_;
    const std::vector<Rect> slots = Slots(t);
    deal_page_.assign(entries_.size(), -1);
    deal_box_.assign(entries_.size(), Rect{});
    solution_page_.assign(entries_.size(), -1);
    deals_first_ = static_cast<int>(doc_.pages.size());
    doc_.bookmarks.push_back({"Deals", deals_first_, 0});
    deal_head_ = std::max(t.heading_pt * 1.2, t.text_pt * 1.6);
    auto block_text = [&](size_t i) { return DealBlockText{Heading(i), deal_head_, "", "", false, true}; };

    size_t slot = slots.size();   // slots used on the current page; start with a new page
    std::vector<size_t> on_page;  // deals on the current page
    auto finish_page = [&] {
      if (options_.solutions == BookOptions::Solutions::kAfter && !on_page.empty()) FlowSolutionsOf(on_page);
      on_page.clear();
    };
    for (size_t i = 0; i < entries_.size(); ++i) {
      const BookEntry& e = entries_[i];
      if (slot == slots.size()) {
        finish_page();
        doc_.pages.push_back(NewPage(t));
        slot = 0;
      }
      Page trial = NewPage(t);
      Rect box = slots[slot];
      Status s = DrawDealBlock(trial, cx_, *e.game, e.deal, box, block_text(i));
      if (!s.ok() && slots.size() > 1) {
        // Too large for a share of the page: give it a page of its own.
        if (slot != 0) {
          finish_page();
          doc_.pages.push_back(NewPage(t));
        }
        trial = NewPage(t);
        box = c;
        s = DrawDealBlock(trial, cx_, *e.game, e.deal, box, block_text(i));
        slot = slots.size() - 1;
      }
      if (!s.ok()) return s;
      Page& page = doc_.pages.back();
      page.Append(std::move(trial));
      deal_page_[i] = static_cast<int>(doc_.pages.size()) - 1;
      deal_box_[i] = box;
      on_page.push_back(i);
      doc_.bookmarks.push_back({Heading(i), deal_page_[i], 1});
      // Separate shares of a page with a thin rule.
      if (slots.size() > 1 && slot + 1 < slots.size() && box.w < c.w + 1 && box.h < c.h - 1) {
        const Rect& next = slots[slot + 1];
        if (next.y > box.y) Rule(page, c.x, box.bottom() + t.gutter / 2, c.w, Color{0.75, 0.75, 0.75});
      }
      ++slot;
    }
    finish_page();
    return Status::Ok();
  }

  // Under each deal's heading: its game, its rules page and its solution's page.
  void AddDealNotes() {
    for (size_t i = 0; i < entries_.size(); ++i) {
      Page& page = doc_.pages[static_cast<size_t>(deal_page_[i])];
      const size_t ri = RuleSetOf(entries_[i]);
      std::string note = RuleSetTitle(ri) + ", rules p. " + std::to_string(rules_page_[ri] + 1);
      if (with_solutions_ && solution_page_[i] >= 0)
        note += ", solution p. " + std::to_string(solution_page_[i] + 1);
      if (options_.solutions == BookOptions::Solutions::kSeparate)
        note += ", answer " + std::to_string(i + 1) + " in the key";
      const Rect& box = deal_box_[i];
      cx_.Text(page, box.x, box.y + deal_head_ * 1.35 + t_.small_pt, note, FontFace::kRegular, t_.small_pt,
               t_.accent);
      if (const auto& grade = entries_[i].solution.difficulty) {
        // The grade on the note's line, right-aligned, or on the heading's
        // line when the note leaves no room.
        const double note_w = cx_.Width(note, FontFace::kRegular, t_.small_pt);
        const double badge_w = GradeBadgeWidth(cx_, *grade, t_.small_pt);
        const double head_w = cx_.Width(Heading(i), FontFace::kBold, deal_head_);
        const double y = note_w + badge_w + t_.small_pt <= box.w || head_w + badge_w + t_.small_pt > box.w
                             ? box.y + deal_head_ * 1.35 + t_.small_pt
                             : box.y + deal_head_;
        DrawGradeBadge(page, cx_, box.right(), y, *grade, t_.small_pt, t_.text);
      }
    }
  }

  // The contents pages planned by PlanContents, every entry linked.
  void FillContents() {
    const Template& t = t_;
    const Rect& c = c_;
    int page_i = contents_first_;
    double y = c.y;
    Page* p = &doc_.pages[static_cast<size_t>(page_i)];
    auto need_line = [&] {
      if (y + line_h_ > c.bottom()) {
        ++page_i;
        p = &doc_.pages[static_cast<size_t>(page_i)];
        y = c.y;
      }
    };
    cx_.Text(*p, c.x, y + t.title_pt, "Contents", FontFace::kBold, t.title_pt, t.text);
    y += t.title_pt * 1.8;
    auto entry = [&](const std::string& label, int target, FontFace face, double indent) {
      need_line();
      cx_.Text(*p, c.x + indent, y + t.text_pt, label, face, t.text_pt, t.text);
      cx_.TextRight(*p, c.right(), y + t.text_pt, std::to_string(target + 1), face, t.text_pt, t.text);
      p->links.push_back({{c.x + indent, y - 2, c.w - indent, line_h_}, target});
      y += line_h_;
    };
    entry("Rules", rules_page_.front(), FontFace::kBold, 0);
    for (size_t ri = 0; ri < rule_sets_.size(); ++ri)
      entry(RuleSetTitle(ri), rules_page_[ri], FontFace::kRegular, 14);
    entry("Deals", deals_first_, FontFace::kBold, 0);
    const double col_w = c.w / deal_cols_;
    for (int r = 0; r < deal_rows_; ++r) {
      need_line();
      for (int k = 0; k < deal_cols_; ++k) {
        const size_t i = static_cast<size_t>(k * deal_rows_ + r);
        if (i >= entries_.size()) continue;
        const double x = c.x + 14 + k * col_w;
        cx_.Text(*p, x, y + t.text_pt, Heading(i), FontFace::kRegular, t.text_pt * 0.9, t.text);
        const std::string page_no = std::to_string(deal_page_[i] + 1);
        cx_.TextRight(*p, c.x + (k + 1) * col_w - 10, y + t.text_pt, page_no, FontFace::kRegular, t.text_pt * 0.9,
                      t.accent);
        if (const auto& grade = entries_[i].solution.difficulty)
          cx_.TextRight(*p, c.x + (k + 1) * col_w - 10 - cx_.Width("000 ", FontFace::kRegular, t.text_pt * 0.9),
                        y + t.text_pt, GradeWord(*grade), FontFace::kRegular, t.text_pt * 0.9, kGrey);
        p->links.push_back({{x, y - 2, col_w - 24, line_h_}, deal_page_[i]});
      }
      y += line_h_;
    }
    if (options_.solutions == BookOptions::Solutions::kBack)
      entry("Solutions", solution_page_.front(), FontFace::kBold, 0);
    if (options_.solutions == BookOptions::Solutions::kAfter)
      cx_.Text(*p, c.x, y + t.text_pt, "Each deal's solution follows its page.", FontFace::kRegular, t.text_pt,
               kGrey);
    if (options_.solutions == BookOptions::Solutions::kSeparate)
      cx_.Text(*p, c.x, y + t.text_pt, "The solutions are in the answer key, under the deals' numbers.",
               FontFace::kRegular, t.text_pt, kGrey);
  }

  const std::vector<BookEntry>& entries_;
  const BookOptions& options_;
  const Template& t_;
  const Fonts& fonts_;
  Composer cx_;
  const Rect c_;  // the template's content box
  const bool with_solutions_;
  Document* const answers_;  // the answer key, with Solutions::kSeparate
  Document doc_;
  std::vector<const Game*> games_;  // in the order first met
  std::vector<RuleSet> rule_sets_;  // in the order first met
  double line_h_ = 0;               // a contents line
  double grade_w_ = 0;              // a contents line's grade word, 0 without grades
  int deal_cols_ = 1, deal_rows_ = 0, contents_pages_ = 0;
  int deals_first_ = 0;
  int contents_first_ = 1;  // after the cover, and the intro when there is one
  double deal_head_ = 0;  // a deal heading's type size
  std::vector<int> rules_page_;     // by rule set
  std::vector<int> deal_page_, solution_page_;  // by entry; -1 before placed
  std::vector<Rect> deal_box_;                  // by entry
};

}  // namespace

Expected<Document> RenderBook(const std::vector<BookEntry>& entries, const BookOptions& options, const Template& t,
                              const Fonts& fonts, Document* answers) {
  if (entries.empty()) return Status::Usage("a booklet needs at least one deal");
  if ((options.solutions == BookOptions::Solutions::kSeparate) != (answers != nullptr))
    return Status::Internal("RenderBook: an answer key goes with Solutions::kSeparate, and only with it");
  const Template printed = WithSchemeColours(t);
  return BookWriter(entries, options, printed, fonts, answers).Write();
}

}  // namespace talon::render
