// What a player sees on the sheets: page headings that cannot be taken for
// page numbers, every move's small cards drawn and apart, tick boxes clear
// of their numbers, small cards that grow with the template, Four of a
// Kind's piles named A-K in rows of 5, 5 and 3, The Carpet as it stands
// before move 1 and four of its deals to a page, and no colour in mono.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/game.h"
#include "render/pdf_writer.h"
#include "render/sheets.h"
#include "render/template.h"
#include "sheets_test_util.h"

namespace talon::render {
namespace {

using testing::FirstSolved;
using testing::TestFonts;

Template Shipped(const char* paper, int per_page, bool large = false) {
  auto t = ShippedTemplate(paper, per_page, large);
  EXPECT_TRUE(t.ok());
  return *t;
}

SolveResult Solve(const Game& game, const Deal& deal) {
  SearchLimits limits;
  limits.max_nodes = 5000000;
  return game.Solve(deal, limits);
}

// Deal n of `game` with its solution.
testing::SolvedDeal Solved(const char* game_id, uint64_t n) {
  const Game& game = *FindGame(game_id);
  auto deal = MakeDeal(game, n, {});
  EXPECT_TRUE(deal.ok());
  Solution s = MakeSolution(*deal, Solve(game, *deal));
  EXPECT_EQ(s.result, Verdict::kSolved) << game_id << "#" << n;
  return {*deal, s};
}

Rect Bounds(const Path& path) {
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const PathSeg& s : path.segs())
    for (int k = 0; k < (s.op == PathSeg::kCurve ? 3 : s.op == PathSeg::kClose ? 0 : 1); ++k) {
      x0 = std::min(x0, s.p[k].x);
      y0 = std::min(y0, s.p[k].y);
      x1 = std::max(x1, s.p[k].x);
      y1 = std::max(y1, s.p[k].y);
    }
  return {x0, y0, x1 - x0, y1 - y0};
}

// The card faces of a page (the groups card_art marks), by their outline.
std::vector<Rect> CardRects(const Page& page) {
  std::vector<Rect> out;
  for (const ItemGroup& g : page.groups)
    if (const auto* p = std::get_if<PathItem>(&page.items[g.first])) out.push_back(Bounds(p->path));
  return out;
}

// The text runs of a page with their right edges.
struct TextRun {
  const TextItem* item;
  double right;
};
std::vector<TextRun> Runs(const Page& page) {
  std::vector<TextRun> out;
  for (const Item& item : page.items)
    if (const auto* t = std::get_if<TextItem>(&item))
      out.push_back({t, t->x + TestFonts().Get(t->face).TextWidth(t->text, t->size)});
  return out;
}

// ---------------------------------------------------------------------------
// Headings.

// On a solution sheet of several pages, "page k of n" is said once a page,
// by the footer, and it is the PDF's own page number; the heading says which
// moves the page holds, and the pages together hold every move once.
TEST(SheetLayout, SolutionPagesSayWhichMovesNotWhichPage) {
  const auto solved = Solved("klondike", 3);
  const size_t moves = solved.solution.moves.size();
  auto doc = RenderDealSheets(*FindGame("klondike"), solved.deal, &solved.solution, SheetKind::kBoth,
                              Shipped("a4", 1), TestFonts());
  ASSERT_TRUE(doc.ok());
  ASSERT_GE(doc->pages.size(), 3u);
  auto pdf = WritePdf(*doc, TestFonts());
  ASSERT_TRUE(pdf.ok());
  const std::string path = testing::ScratchPath("headings.pdf");
  testing::WriteFile(path, *pdf);
  const int n = static_cast<int>(doc->pages.size());
  size_t next_move = 1;
  const std::regex page_of("page ([0-9]+) of ([0-9]+)"), moves_of("moves ([0-9]+)\u2013([0-9]+) of ([0-9]+)");
  for (int p = 1; p <= n; ++p) {
    auto r = testing::RunCommand("pdftotext -layout -f " + std::to_string(p) + " -l " + std::to_string(p) + " '" +
                                 path + "' -");
    ASSERT_EQ(r.status, 0);
    int said = 0;
    for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), page_of); it != std::sregex_iterator(); ++it) {
      ++said;
      EXPECT_EQ((*it)[1].str(), std::to_string(p)) << "page " << p << " says '" << (*it)[0].str() << "'";
      EXPECT_EQ((*it)[2].str(), std::to_string(n)) << "page " << p << " says '" << (*it)[0].str() << "'";
    }
    EXPECT_EQ(said, 1) << "page " << p;
    std::smatch m;
    if (p == 1) continue;  // the layout sheet
    ASSERT_TRUE(std::regex_search(r.out, m, moves_of)) << "page " << p << " does not say which moves it holds";
    EXPECT_EQ(m[1].str(), std::to_string(next_move)) << "page " << p;
    EXPECT_EQ(m[3].str(), std::to_string(moves)) << "page " << p;
    next_move = std::stoul(m[2].str()) + 1;
    EXPECT_NE(r.out.find(p == 2 ? "klondike#3 - solution" : "klondike#3 - solution, continued"), std::string::npos)
        << "page " << p;
  }
  EXPECT_EQ(next_move, moves + 1) << "the headings cover every move once";
}

// ---------------------------------------------------------------------------
// Move rows.

// Every move row of `doc` (solution of `moves`, template t) shows one small
// card per card moved; no two small cards overlap; each tick box keeps
// clear of its number by 0.45 of the type size. Returns the rows checked.
size_t ExpectRowsWhole(const Document& doc, const Template& t, const std::vector<MoveSpec>& moves,
                       const std::string& name) {
  size_t rows = 0;
  std::vector<size_t> seen(moves.size() + 1, 0);
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    const Page& page = doc.pages[p];
    // The move numbers: bold runs "N." at the move size.
    std::vector<std::pair<TextRun, size_t>> numbers;
    for (const TextRun& run : Runs(page)) {
      const std::string& s = run.item->text;
      if (run.item->face != FontFace::kBold || run.item->size != t.move_pt || s.size() < 2 || s.back() != '.' ||
          s.find_first_not_of("0123456789") != s.size() - 1)
        continue;
      numbers.push_back({run, std::stoul(s)});
    }
    if (numbers.empty()) continue;
    // Tick boxes: stroked squares of 0.9 of the move size.
    std::vector<Rect> boxes;
    for (const Item& item : page.items)
      if (const auto* pi = std::get_if<PathItem>(&item); pi && pi->paint.stroke && !pi->paint.fill) {
        const Rect b = Bounds(pi->path);
        if (std::abs(b.w - t.move_pt * 0.9) < 0.01 && std::abs(b.h - b.w) < 0.01) boxes.push_back(b);
      }
    for (const auto& [run, number] : numbers) {
      ++rows;
      const Rect* box = nullptr;
      for (const Rect& b : boxes)
        if (b.x < run.item->x && std::abs(b.y + b.h / 2 - (run.item->y - t.move_pt * 0.35)) < 1 &&
            (!box || b.x > box->x))
          box = &b;
      if (!box) {
        ADD_FAILURE() << name << ": move " << number << " has no tick box";
        continue;
      }
      EXPECT_GE(run.item->x - box->right(), 0.45 * t.move_pt)
          << name << ": the tick box of move " << number << " touches it";
    }
    // Each small card belongs to the row whose number is in its column, to
    // its left, on its line or the nearest above.
    const std::vector<Rect> cards = CardRects(page);
    for (size_t i = 0; i < cards.size(); ++i) {
      const Rect& c = cards[i];
      if (std::abs(c.w - t.mini_card_width) > 0.01) continue;  // not a move's small card
      for (size_t j = i + 1; j < cards.size(); ++j) {
        if (std::abs(cards[j].w - t.mini_card_width) > 0.01) continue;
        EXPECT_FALSE(c.Overlaps({cards[j].x + 0.01, cards[j].y + 0.01, cards[j].w - 0.02, cards[j].h - 0.02}))
            << name << " page " << p + 1 << ": small cards overlap";
      }
      double column = -1;
      for (const auto& [run, number] : numbers)
        if (run.right < c.x && run.right > column) column = run.right;
      const std::pair<TextRun, size_t>* owner = nullptr;
      for (const auto& n : numbers)
        if (std::abs(n.first.right - column) < 0.01 &&
            n.first.item->y <= c.y + c.h / 2 + t.move_pt * 0.35 + 0.5 &&
            (!owner || n.first.item->y > owner->first.item->y))
          owner = &n;
      if (!owner || owner->second > moves.size()) {
        ADD_FAILURE() << name << ": a small card with no move";
        continue;
      }
      ++seen[owner->second];
    }
  }
  for (size_t m = 1; m <= moves.size(); ++m)
    EXPECT_EQ(seen[m], moves[m - 1].cards.size()) << name << ": move " << m << " shows " << seen[m] << " of its "
                                                 << moves[m - 1].cards.size() << " cards";
  return rows;
}

TEST(SheetLayout, EveryMoveShowsItsCardsApartAndItsBoxClear) {
  struct Case {
    const char* game;
    uint64_t deal;
  } cases[] = {{"klondike", 3}, {"take-ten", 9}, {"fifteen", 1}, {"try-again", 1}};
  for (const Case& c : cases)
    for (const bool large : {false, true}) {
      const auto solved = Solved(c.game, c.deal);
      const Template t = Shipped("a4", 1, large);
      const std::string name = std::string(c.game) + (large ? " large print" : "");
      auto doc = RenderDealSheets(*FindGame(c.game), solved.deal, &solved.solution, SheetKind::kSolution, t,
                                  TestFonts());
      ASSERT_TRUE(doc.ok()) << doc.status().message();
      EXPECT_EQ(ExpectRowsWhole(*doc, t, solved.solution.moves, name), solved.solution.moves.size()) << name;
      // The same in a booklet, solutions at the back.
      BookOptions book;
      book.title = "Test";
      const Template bt = Shipped("a4", large ? 1 : 2, large);
      auto bdoc = RenderBook({{FindGame(c.game), solved.deal, solved.solution}}, book, bt, TestFonts());
      ASSERT_TRUE(bdoc.ok()) << bdoc.status().message();
      ExpectRowsWhole(*bdoc, bt, solved.solution.moves, name + " booklet");
    }
}

// Large print draws larger small cards than normal print, and a stock's
// small cards grow with the tableau's cards (at least 0.4 of their width):
// on a layout sheet, and on a large-print booklet's deal page.
TEST(SheetLayout, SmallCardsScaleWithTheTemplate) {
  EXPECT_GE(Shipped("a4", 1, true).mini_card_width, Shipped("a4", 1).mini_card_width * 1.5);
  for (const char* game : {"klondike", "carpet", "thirteens"})
    for (const bool large : {false, true}) {
      const Template t = Shipped("a4", 1, large);
      auto solved = FirstSolved(*FindGame(game), {}, 3);
      ASSERT_TRUE(solved);
      BookOptions book;
      book.title = "Test";
      book.solutions = BookOptions::Solutions::kNone;
      auto doc = large ? RenderBook({{FindGame(game), solved->deal, solved->solution}}, book, t, TestFonts())
                       : RenderDealSheets(*FindGame(game), solved->deal, nullptr, SheetKind::kLayout, t, TestFonts());
      ASSERT_TRUE(doc.ok()) << game << ": " << doc.status().message();
      const Page& page = doc->pages.back();
      double big = 0, small = 1e9;
      for (const Rect& r : CardRects(page)) {
        big = std::max(big, r.w);
        small = std::min(small, r.w);
      }
      ASSERT_GT(big, 0) << game;
      EXPECT_GE(small, 0.4 * big - 0.01) << game << (large ? " large print" : "") << ": stock cards " << small
                                         << " pt beside tableau cards " << big << " pt";
      EXPECT_GE(small, t.mini_card_width - 0.01);
    }
}

// ---------------------------------------------------------------------------
// Four of a Kind.

// The piles' labels on every page of `doc` (bold text at the label size),
// grouped in rows by their baseline.
std::vector<std::vector<std::string>> LabelRows(const Page& page, const Template& t) {
  std::map<double, std::vector<std::pair<double, std::string>>> rows;
  for (const TextRun& run : Runs(page))
    if (run.item->face == FontFace::kBold && std::abs(run.item->size - t.small_pt * 1.15) < 1e-6)
      rows[run.item->y].push_back({run.item->x, run.item->text});
  std::vector<std::vector<std::string>> out;
  for (auto& [y, row] : rows) {
    std::sort(row.begin(), row.end());
    out.emplace_back();
    for (auto& [x, s] : row) out.back().push_back(s);
  }
  return out;
}

TEST(SheetLayout, FourOfAKindPilesAreNamedAToKInRowsOf5And5And3) {
  const Game& game = *FindGame("four-of-a-kind");
  const std::vector<std::vector<std::string>> want = {
      {"A", "2", "3", "4", "5"}, {"6", "7", "8", "9", "10"}, {"J", "Q", "K"}};
  auto deal = MakeDeal(game, 7, {});
  EXPECT_NE(game.RulesText(deal->options).find("in rows of 5, 5 and 3"), std::string::npos);
  size_t checked = 0;
  for (const char* paper : {"a4", "letter"})
    for (int per_page : {1, 2, 4}) {
      const Template t = Shipped(paper, per_page);
      const Solution s = MakeSolution(*deal, Solve(game, *deal));
      std::vector<BookEntry> entries(static_cast<size_t>(per_page), BookEntry{&game, *deal, s});
      BookOptions book;
      book.title = "Test";
      book.solutions = BookOptions::Solutions::kNone;
      auto doc = RenderBook(entries, book, t, TestFonts());
      ASSERT_TRUE(doc.ok()) << doc.status().message();
      for (const Bookmark& b : doc->bookmarks) {
        if (b.title.find("four-of-a-kind#7") == std::string::npos) continue;
        auto rows = LabelRows(doc->pages[static_cast<size_t>(b.page)], t);
        rows.resize(std::min<size_t>(rows.size(), 3));  // the first deal of the page
        // Deals side by side share rows: each row holds whole copies of a row of piles.
        std::vector<std::vector<std::string>> one;
        for (const auto& row : rows) {
          const size_t copies = std::max<size_t>(1, row.size() / (row.size() % 5 == 0 ? 5 : 3));
          one.emplace_back(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(row.size() / copies));
        }
        EXPECT_EQ(one, want) << paper << "-" << per_page;
        ++checked;
        break;
      }
    }
  const Template large = Shipped("a4", 1, true);
  auto doc = RenderDealSheets(game, *deal, nullptr, SheetKind::kLayout, large, TestFonts());
  ASSERT_TRUE(doc.ok());
  EXPECT_EQ(LabelRows(doc->pages[0], large), want) << "large print";
  EXPECT_EQ(checked, 6u);
}

// ---------------------------------------------------------------------------
// The Carpet.

// Deal 1 has A♦ in slot 20: the sheet shows the table before move 1, the
// ace on its foundation and slot 20 refilled from the pack (which is one
// card shorter), as the solution's first move (14>F 2♦, onto A♦) needs.
TEST(SheetLayout, CarpetIsShownAsItStandsBeforeMove1) {
  const Game& game = *FindGame("carpet");
  auto deal = MakeDeal(game, 1, {});
  ASSERT_EQ(deal->areas.tableau[19].back(), Card(kAce, kDiamonds));
  auto doc = RenderDealSheets(game, *deal, nullptr, SheetKind::kLayout, Shipped("a4", 1), TestFonts());
  ASSERT_TRUE(doc.ok());
  const Page& page = doc->pages[0];
  double foundations_y = -1;
  for (const TextRun& run : Runs(page))
    if (run.item->text == "Foundations") foundations_y = run.item->y;
  ASSERT_GT(foundations_y, 0) << "no foundations pictured";
  // Every face whose rank is A lies under the foundations' title.
  size_t aces = 0;
  for (const ItemGroup& g : page.groups)
    for (size_t i = g.first; i < g.end; ++i)
      if (const auto* t = std::get_if<TextItem>(&page.items[i]); t && t->text == "A") {
        ++aces;
        EXPECT_GT(g.origin.y, foundations_y) << "an ace pictured in the carpet";
        break;
      }
  EXPECT_GE(aces, 1u);
  auto pdf = WritePdf(*doc, TestFonts());
  const std::string path = testing::ScratchPath("carpet.pdf");
  testing::WriteFile(path, *pdf);
  const std::string text = testing::RunCommand("pdftotext -layout '" + path + "' -").out;
  EXPECT_NE(text.find("Stock (31 cards)"), std::string::npos);
  EXPECT_NE(testing::Squeezed(text).find("Shown as the table stands before move 1"), std::string::npos);
}

TEST(SheetLayout, FourCarpetDealsFitAPage) {
  const Game& game = *FindGame("carpet");
  std::vector<BookEntry> entries;
  for (uint64_t n = 1; entries.size() < 4; ++n) {
    auto solved = FirstSolved(game, {}, n);
    ASSERT_TRUE(solved);
    n = *solved->deal.number;
    entries.push_back({&game, solved->deal, solved->solution});
  }
  for (const char* paper : {"a4", "letter"}) {
    BookOptions book;
    book.title = "Test";
    auto doc = RenderBook(entries, book, Shipped(paper, 4), TestFonts());
    ASSERT_TRUE(doc.ok()) << doc.status().message();
    std::vector<int> pages;
    for (const Bookmark& b : doc->bookmarks)
      if (b.level == 1 && b.title.find("carpet#") != std::string::npos && b.title.find("Solution") == std::string::npos)
        pages.push_back(b.page);
    ASSERT_EQ(pages.size(), 4u);
    EXPECT_EQ(std::count(pages.begin(), pages.end(), pages.front()), 4) << paper << ": four deals, one page";
  }
}

// ---------------------------------------------------------------------------
// Mono.

bool Grey(const Color& c) { return c.r == c.g && c.g == c.b; }

void ExpectGrey(const Document& doc, const std::string& name) {
  size_t items = 0;
  for (size_t p = 0; p < doc.pages.size(); ++p)
    for (const Item& item : doc.pages[p].items) {
      ++items;
      if (const auto* t = std::get_if<TextItem>(&item)) {
        EXPECT_TRUE(Grey(t->color)) << name << " page " << p + 1 << ": '" << t->text << "' in colour";
        continue;
      }
      const Paint& paint = std::get<PathItem>(item).paint;
      EXPECT_TRUE(!paint.fill || Grey(*paint.fill)) << name << " page " << p + 1 << ": a shape filled in colour";
      EXPECT_TRUE(!paint.stroke || Grey(*paint.stroke)) << name << " page " << p + 1 << ": a line in colour";
    }
  EXPECT_GT(items, 0u);
}

TEST(SheetLayout, MonoPrintsBlackAndGreyOnly) {
  Template t = Shipped("a4", 2);
  t.cards.scheme = ColourScheme::kMono;
  std::vector<BookEntry> entries;
  for (const Game* game : AllGames()) {
    auto solved = FirstSolved(*game, {});
    ASSERT_TRUE(solved);
    auto doc = RenderDealSheets(*game, solved->deal, &solved->solution, SheetKind::kBoth, t, TestFonts());
    ASSERT_TRUE(doc.ok());
    ExpectGrey(*doc, std::string(game->id()));
    entries.push_back({game, solved->deal, solved->solution});
  }
  BookOptions book;
  book.title = "Mono";
  auto doc = RenderBook(entries, book, t, TestFonts());
  ASSERT_TRUE(doc.ok());
  ExpectGrey(*doc, "booklet");
}

}  // namespace
}  // namespace talon::render
