// The render library: fonts, templates, card art, writers, sheets.
#include <gtest/gtest.h>

#include <map>
#include <utility>
#include <stdlib.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/game.h"
#include "render/cairo_writer.h"
#include "render/svg_writer.h"
#include "render/card_art.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/sheets.h"
#include "render/sheets/deal_layout.h"
#include "render/template.h"
#include "golden.h"
#include "test_fonts.h"
#include "test_util.h"

namespace talon::render {
namespace {

using testing::TestFonts;

// Sets an environment variable for the scope of a test.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(Utf8, DecodesAndRejects) {
  std::vector<char32_t> cps;
  ASSERT_TRUE(DecodeUtf8("10\u2665 A\u2660", cps));
  EXPECT_EQ(cps, (std::vector<char32_t>{'1', '0', 0x2665, ' ', 'A', 0x2660}));
  EXPECT_FALSE(DecodeUtf8("\xE2\x99", cps));      // truncated
  EXPECT_FALSE(DecodeUtf8("\xC0\xAF", cps));      // overlong
  EXPECT_FALSE(DecodeUtf8("\xED\xA0\x80", cps));  // surrogate
}

TEST(Fonts, FindsDejaVuAndMeasures) {
  const Fonts& f = TestFonts();
  const Font& regular = f.Get(FontFace::kRegular);
  EXPECT_TRUE(regular.HasGlyph(0x2660));  // ♠
  EXPECT_GT(regular.Advance('M'), regular.Advance('i'));
  EXPECT_NEAR(regular.TextWidth("MM", 10), 2 * regular.Advance('M') * 10, 1e-9);
  EXPECT_FALSE(regular.GlyphPath('A').empty());
  EXPECT_FALSE(regular.GlyphPath(0xE9).empty());  // é: a composite glyph
  EXPECT_TRUE(regular.GlyphPath(' ').empty());
  EXPECT_GT(f.Get(FontFace::kBold).Advance('M'), 0);
}

TEST(Fonts, TextTheFontCannotShowIsAnError) {
  const Fonts& f = TestFonts();
  EXPECT_TRUE(f.Check("fourteen-out#12 10\u2665 K\u2660 \u2666\u2663", FontFace::kBold, "t").ok());
  Status s = f.Check("deal \u6F22", FontFace::kRegular, "--title");
  EXPECT_EQ(s.code(), StatusCode::kBadInput);
  EXPECT_NE(s.message().find("--title"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("U+6F22"), std::string::npos) << s.message();
  EXPECT_EQ(f.Check("bad \xFF", FontFace::kRegular, "x").code(), StatusCode::kBadInput);
}

TEST(Fonts, MissingFontSaysWhichPackageToInstall) {
  auto dir = std::filesystem::temp_directory_path() / "talon-empty-font-dir";
  std::filesystem::create_directories(dir);
  ScopedEnv env("TALON_FONT_DIR", dir.c_str());
  auto f = FindFonts();
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), StatusCode::kIoError);
  EXPECT_NE(f.status().message().find("fonts-dejavu-core"), std::string::npos) << f.status().message();
  EXPECT_NE(f.status().message().find(dir.string()), std::string::npos);
}

TEST(Paper, NamesAndSizes) {
  double w = 0, h = 0;
  ASSERT_TRUE(ParsePaper("A4", "--paper", w, h).ok());
  EXPECT_NEAR(w, 595.28, 0.01);
  EXPECT_NEAR(h, 841.89, 0.01);
  ASSERT_TRUE(ParsePaper("letter", "--paper", w, h).ok());
  EXPECT_NEAR(w, 612, 0.01);
  ASSERT_TRUE(ParsePaper("100x150mm", "--paper", w, h).ok());
  EXPECT_NEAR(h, 150 * kPointsPerMm, 0.01);
  EXPECT_EQ(ParsePaper("huge", "--paper", w, h).code(), StatusCode::kUsage);
  EXPECT_EQ(ParsePaper("10x10mm", "--paper", w, h).code(), StatusCode::kUsage);
  for (const char* bad : {"nanx97mm", "97xnanmm", "infx97mm", "-nanx-nanmm"})
    EXPECT_EQ(ParsePaper(bad, "--paper", w, h).code(), StatusCode::kUsage) << bad;
  ASSERT_TRUE(ParsePaper("210.5x297mm", "--paper", w, h).ok());
  EXPECT_NEAR(w, 210.5 * kPointsPerMm, 0.01);
}

// Sides are decimal: "0x0mm" is a page of zero size, not the hexadecimal
// number 0x0 followed by junk.
TEST(Paper, SidesAreDecimalNumbers) {
  double w = 0, h = 0;
  Status s = ParsePaper("0x0mm", "--paper", w, h);
  EXPECT_EQ(s.message(), "--paper: '0x0mm': each side must be 50 to 2000 mm");
  s = ParsePaper("0x64x100mm", "--paper", w, h);
  EXPECT_NE(s.message().find("is not a paper size"), std::string::npos) << s.message();
  EXPECT_FALSE(ParsePaper("1e3x100mm", "--paper", w, h).ok());
  EXPECT_FALSE(ParsePaper("x100mm", "--paper", w, h).ok());
  EXPECT_FALSE(ParsePaper("100xmm", "--paper", w, h).ok());
}

TEST(Template, ShippedTemplatesLoad) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(TemplateDir())) {
    if (entry.path().extension() != ".json") continue;
    auto t = LoadTemplate(entry.path().string());
    ASSERT_TRUE(t.ok()) << entry.path() << ": " << t.status().message();
    EXPECT_EQ(t->name, entry.path().stem().string());
    ++n;
  }
  EXPECT_GE(n, 7);
  for (const char* paper : {"a4", "letter"})
    for (int k : {1, 2, 4}) {
      auto t = ShippedTemplate(paper, k, false);
      ASSERT_TRUE(t.ok()) << t.status().message();
      EXPECT_EQ(t->deals_per_page, k);
      EXPECT_EQ(t->paper, paper);
    }
  auto large = ShippedTemplate("a4", 1, true);
  ASSERT_TRUE(large.ok());
  EXPECT_GT(large->text_pt, 12);
}

// Without the shipped templates, a tool stops and says where it looked,
// rather than printing with other settings.
TEST(Template, MissingShippedTemplateIsAnError) {
  const std::string empty = ::testing::TempDir() + "talon-no-templates";
  std::filesystem::create_directories(empty);
  ScopedEnv env("TALON_TEMPLATE_DIR", empty.c_str());
  EXPECT_EQ(TemplateDir(), empty);
  auto t = ShippedTemplate("letter", 2, false);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), StatusCode::kIoError);
  EXPECT_NE(t.status().message().find(empty + "/letter-2.json"), std::string::npos) << t.status().message();
}

TEST(Template, RoundTripsThroughJson) {
  auto t = ShippedTemplate("letter", 2, false);
  ASSERT_TRUE(t.ok());
  auto again = ParseTemplate(TemplateToJson(*t), "again");
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_NEAR(again->card_width, t->card_width, 0.2);
  EXPECT_EQ(again->footer, t->footer);
  EXPECT_EQ(again->cards.red, t->cards.red);
}

Status ParseError(const std::string& json) { return ParseTemplate(json, "my.json").status(); }

TEST(Template, ClearErrors) {
  Status s = ParseError(R"({"paper": "a4", "colour": {}})");
  EXPECT_EQ(s.code(), StatusCode::kBadInput);
  EXPECT_NE(s.message().find("my.json:1: colour: unknown key"), std::string::npos) << s.message();
  s = ParseError(R"({"fonts": {"text_pt": 10, "txt_pt": 3}})");
  EXPECT_NE(s.message().find("fonts.txt_pt: unknown key"), std::string::npos) << s.message();
  s = ParseError(R"({"deals_per_page": 3})");
  EXPECT_NE(s.message().find("deals_per_page: 3 is not one of 1, 2, 4"), std::string::npos) << s.message();
  s = ParseError(R"({"deals_per_page": 4294967297})");  // not taken for 1 (its low 32 bits)
  EXPECT_NE(s.message().find("deals_per_page: 4294967297 is not one of 1, 2, 4"), std::string::npos) << s.message();
  s = ParseError(R"({"card_width_mm": "big"})");
  EXPECT_NE(s.message().find("card_width_mm: expected a number"), std::string::npos) << s.message();
  s = ParseError(R"({"colours": {"red": "red"}})");
  EXPECT_NE(s.message().find("colours.red: 'red' is not a colour"), std::string::npos) << s.message();
  s = ParseError(R"({"paper": "a4", "margins_mm": 100})");
  EXPECT_NE(s.message().find("the margins leave"), std::string::npos) << s.message();
  s = ParseError(R"({"paper": "a5", "deals_per_page": 4, "card_width_mm": 60, "min_card_width_mm": 60})");
  EXPECT_NE(s.message().find("does not fit the page"), std::string::npos) << s.message();
  s = ParseError("{\"paper\": ");
  EXPECT_NE(s.message().find("not valid JSON"), std::string::npos) << s.message();
  s = ParseError(R"({"gutter_mm": 1e999})");  // out of a double's range: an error, not an exception
  EXPECT_NE(s.message().find("not valid JSON: number overflow parsing '1e999'"), std::string::npos)
      << s.message();
  EXPECT_TRUE(ParseTemplate("{}", "empty").ok());
}

// Errors name the line of the key to blame: nested keys, a key after a
// string holding quotes and braces, a key given twice (the last counts).
TEST(Template, ErrorsNameTheLine) {
  Status s = ParseError("{\n  \"name\": \"a \\\"{x\\\" }\",\n  \"fonts\": {\n    \"text_pt\": 10,\n"
                        "    \"title_pt\": 500\n  }\n}");
  EXPECT_NE(s.message().find("my.json:5: fonts.title_pt: 500 is out of range"), std::string::npos) << s.message();
  s = ParseError("{\"gutter_mm\": 1,\n\"colours\": {\"red\": \"#ff0000\",\n \"text\": \"black\"}}");
  EXPECT_NE(s.message().find("my.json:3: colours.text: 'black'"), std::string::npos) << s.message();
  s = ParseError("{\"gutter_mm\": 1,\n\n\"gutter_mm\": 500}");
  EXPECT_NE(s.message().find("my.json:3: gutter_mm: 500 is out of range"), std::string::npos) << s.message();
  s = ParseError("{\"margins_mm\": {\"top\": 1,\n \"middle\": 2}}");
  EXPECT_NE(s.message().find("my.json:2: margins_mm.middle: unknown key"), std::string::npos) << s.message();
  s = ParseError("{\n\n  \"paper\": \"a4\" \"x\"}");
  EXPECT_NE(s.message().find("my.json:3: not valid JSON (column 19): "), std::string::npos) << s.message();
  EXPECT_EQ(s.message().find("json.exception"), std::string::npos) << s.message();
}

// nlohmann's message quotes what it read last; a message stays short.
TEST(Template, JsonErrorsQuoteLittleOfTheInput) {
  const Status s = ParseError("{\"paper\": " + std::string(500, '\n') + "\x03}");
  EXPECT_EQ(s.message().rfind("my.json:501: not valid JSON (column 1): ", 0), 0u) << s.message();
  EXPECT_LT(s.message().size(), 300u) << s.message();
}

// A template that cannot be read is an I/O error naming it, not bad JSON.
TEST(Template, ReadErrorsAreIoErrors) {
  for (const char* path : {"/", "/proc/self/mem", "/no/such/template.json"}) {
    auto t = LoadTemplate(path);
    ASSERT_FALSE(t.ok()) << path;
    EXPECT_EQ(t.status().code(), StatusCode::kIoError) << t.status().message();
    EXPECT_NE(t.status().message().find(std::string("cannot read the template '") + path + "': "), std::string::npos)
        << t.status().message();
  }
}

TEST(Template, ExpandsPageText) {
  EXPECT_EQ(ExpandPageText("{title}: page {page} of {pages}", "Book", 3, 9), "Book: page 3 of 9");
}

// A page with a row of cards in each colour scheme.
Document CardsDocument() {
  Document doc;
  const Card cards[] = {Card(kAce, kSpades), Card(10, kHearts), Card(kKing, kDiamonds), Card(kQueen, kClubs)};
  Page page;
  page.width = 4 * 50 + 10;
  page.height = 3 * 76 + 10;
  int row = 0;
  for (ColourScheme scheme : {ColourScheme::kTwo, ColourScheme::kFour, ColourScheme::kMono}) {
    CardStyle style;
    style.scheme = scheme;
    for (int i = 0; i < 4; ++i)
      DrawCardFace(page, TestFonts(), style, cards[i], {5.0 + i * 50, 5.0 + row * 76, 46, 46 * kCardAspect});
    ++row;
  }
  doc.pages.push_back(page);
  return doc;
}

TEST(CardArt, SchemesColourSuitsApart) {
  CardStyle two, four, mono;
  four.scheme = ColourScheme::kFour;
  mono.scheme = ColourScheme::kMono;
  EXPECT_EQ(SuitColor(two, kHearts), SuitColor(two, kDiamonds));
  EXPECT_EQ(SuitColor(two, kClubs), SuitColor(two, kSpades));
  for (Suit a : {kClubs, kDiamonds, kHearts, kSpades})
    for (Suit b : {kClubs, kDiamonds, kHearts, kSpades})
      if (a != b) {
        EXPECT_FALSE(SuitColor(four, a) == SuitColor(four, b));
      }
  for (Suit s : {kClubs, kDiamonds, kHearts, kSpades}) EXPECT_EQ(SuitColor(mono, s), kBlack);
  EXPECT_TRUE(SuitOutlined(mono, kHearts));
  EXPECT_FALSE(SuitOutlined(mono, kSpades));
  EXPECT_FALSE(SuitOutlined(two, kHearts));
}

TEST(CardArt, PipsArePaths) {
  Page page;
  DrawCardFace(page, TestFonts(), CardStyle{}, Card(7, kClubs), {0, 0, 60, 84});
  int paths = 0, texts = 0;
  for (const Item& item : page.items) {
    if (const auto* t = std::get_if<TextItem>(&item)) {
      ++texts;
      EXPECT_EQ(t->text, "7");  // the suit is never a glyph
    } else {
      ++paths;
    }
  }
  EXPECT_EQ(texts, 2);
  EXPECT_EQ(paths, 3);  // outline, index pip, middle pip
}

TEST(CairoWriter, CardsMatchGolden) {
  auto png = WritePng(CardsDocument(), TestFonts(), 72);
  ASSERT_TRUE(png.ok()) << png.status().message();
  ExpectMatchesGolden(*png, "cards.png");
}

// Games with fixed texts, so that the golden sheets change only when the
// drawing does: a pile game (fanned columns) and a slot game with a stock,
// whose places are in rows of 5, 5 and 3.
class FakeGame : public Game {
 public:
  FakeGame(std::string id, bool slots)
      : Game({
            .id = std::move(id),
            .title = slots ? "Slots" : "Piles",
            .areas = {Area::kTableau, Area::kStock, Area::kDiscard},
            .sheet = slots ? SheetLayout{.tableau = SheetLayout::Tableau::kRows, .row_lengths = {5, 5, 3}}
                           : SheetLayout{},
        }),
        slots_(slots) {}
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    Areas a;
    size_t k = 0;
    if (slots_) {
      for (int i = 0; i < 13; ++i) a.tableau.push_back({deck[k++]});
      a.stock.assign(deck.begin() + 13, deck.end());
    } else {
      a.tableau.resize(12);
      for (int p = 0; p < 12; ++p)
        for (int i = 0; i < (p < 4 ? 5 : 4); ++i) a.tableau[static_cast<size_t>(p)].push_back(deck[k++]);
      a.face_down = {0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3};
    }
    return a;
  }
  Status CheckShape(const Areas&, const Options&) const override { return Status::Ok(); }
  std::string RulesText(const Options&) const override {
    return "A fixed paragraph of rules for the golden pictures: pair cards, empty the table, and win.";
  }
  Notation MoveNotation(const Options&) const override { return {{{"1-13", "the places"}}, "All written."}; }
  std::string DescribeMove(const MoveSpec&) const override { return "a move"; }
  SolveResult SolveDeal(const Deal&, const SearchLimits&) const override { return {}; }
  Status Play(Table&, const MoveSpec&) const override { return Status::Ok(); }
  bool Won(const Table&) const override { return false; }

 private:
  bool slots_;
};

TEST(CairoWriter, LayoutSheetsMatchGolden) {
  struct Case {
    const char* id;
    bool slots;
    ColourScheme scheme;
    const char* golden;
  } cases[] = {{"test-piles", false, ColourScheme::kFour, "layout-piles.png"},
               {"take-ten", true, ColourScheme::kMono, "layout-slots.png"}};
  for (const Case& c : cases) {
    FakeGame game(c.id, c.slots);
    auto deal = MakeDeal(game, 42, {});
    ASSERT_TRUE(deal.ok());
    auto t = ShippedTemplate("a4", 1, false);
    ASSERT_TRUE(t.ok());
    t->cards.scheme = c.scheme;
    auto doc = RenderDealSheets(game, *deal, nullptr, SheetKind::kLayout, *t, TestFonts());
    ASSERT_TRUE(doc.ok()) << doc.status().message();
    auto png = WritePng(*doc, TestFonts(), 40);
    ASSERT_TRUE(png.ok());
    ExpectMatchesGolden(*png, c.golden);
  }
}

// The tableau's arrangement comes from the game's entry: rows of the given
// lengths, or columns, which become a row of places when every pile holds
// one card at most (rows of five past eight places).
TEST(Sheets, TableauLayoutFollowsTheEntry) {
  Areas singles;
  for (int i = 0; i < 7; ++i) singles.tableau.push_back({Card(i + 1, kHearts)});
  const SheetLayout rows{.tableau = SheetLayout::Tableau::kRows, .row_lengths = {3, 2}};
  LayoutHint h = LayoutHintFor(rows, singles);
  EXPECT_EQ(h.kind, LayoutHint::kGrid);
  EXPECT_EQ(h.row_lengths, (std::vector<int>{3, 2}));
  h = LayoutHintFor(SheetLayout{}, singles);
  EXPECT_EQ(h.kind, LayoutHint::kGrid);
  EXPECT_EQ(h.row_lengths, (std::vector<int>{7}));
  Areas many = singles;
  for (int i = 0; i < 3; ++i) many.tableau.push_back({});
  EXPECT_EQ(LayoutHintFor(SheetLayout{}, many).row_lengths, (std::vector<int>{5}));
  Areas fanned = singles;
  fanned.tableau[2].push_back(Card(kKing, kSpades));
  EXPECT_EQ(LayoutHintFor(SheetLayout{}, fanned).kind, LayoutHint::kFan);
  EXPECT_EQ(LayoutHintFor(rows, fanned).kind, LayoutHint::kGrid);
}

TEST(CairoWriter, PngSizeFollowsDpiAndIsDeterministic) {
  Document doc = CardsDocument();
  auto a = WritePng(doc, TestFonts(), 144);
  auto b = WritePng(doc, TestFonts(), 144);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  auto img = ReadPng(*a);
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img->width, static_cast<int>(std::ceil(doc.pages[0].width * 2)));
  EXPECT_EQ(WritePng(doc, TestFonts(), 5).status().code(), StatusCode::kUsage);
}

TEST(CairoWriter, SvgIsDeterministic) {
  auto a = WriteSvg(CardsDocument(), TestFonts());
  auto b = WriteSvg(CardsDocument(), TestFonts());
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_NE(a->find("<svg"), std::string::npos);
}

TEST(PdfWriter, DeterministicAndDated) {
  Document doc = CardsDocument();
  doc.title = "Cards";
  doc.bookmarks.push_back({"Cards", 0, 0});
  doc.attachment = Attachment{"x.jsonl", "{\"a\": 1}\n"};
  ScopedEnv env("SOURCE_DATE_EPOCH", nullptr);
  auto a = WritePdf(doc, TestFonts());
  auto b = WritePdf(doc, TestFonts());
  ASSERT_TRUE(a.ok()) << a.status().message();
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(a->rfind("%PDF-", 0), 0u);
  EXPECT_NE(a->find("D:20240101000000Z"), std::string::npos);
  {
    ScopedEnv epoch("SOURCE_DATE_EPOCH", "86400");
    auto c = WritePdf(doc, TestFonts());
    ASSERT_TRUE(c.ok());
    EXPECT_NE(c->find("D:19700102000000Z"), std::string::npos);
  }
  {
    ScopedEnv epoch("SOURCE_DATE_EPOCH", "yesterday");
    EXPECT_EQ(WritePdf(doc, TestFonts()).status().code(), StatusCode::kUsage);
  }
}

// Every item of every page lies on its paper (nothing clipped), and every
// text run within the paper's width.
void ExpectInsidePages(const Document& doc, const Template& t) {
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    const Page& page = doc.pages[p];
    EXPECT_NEAR(page.width, t.paper_w, 0.01);
    for (const Item& item : page.items) {
      if (const auto* text = std::get_if<TextItem>(&item)) {
        const double w = TestFonts().Get(text->face).TextWidth(text->text, text->size);
        EXPECT_GE(text->x, 0) << "page " << p + 1 << ": '" << text->text << "'";
        EXPECT_LE(text->x + w, page.width + 0.01) << "page " << p + 1 << ": '" << text->text << "'";
        EXPECT_LE(text->y, page.height) << text->text;
        EXPECT_GE(text->y - text->size, 0) << text->text;
        continue;
      }
      for (const PathSeg& s : std::get<PathItem>(item).path.segs())
        for (int k = 0; k < (s.op == PathSeg::kCurve ? 3 : s.op == PathSeg::kClose ? 0 : 1); ++k) {
          // Paths stay inside the content area, up to half a line width.
          const Rect c = t.Content();
          EXPECT_GE(s.p[k].x, c.x - 1) << "page " << p + 1;
          EXPECT_LE(s.p[k].x, c.right() + 1) << "page " << p + 1;
          EXPECT_GE(s.p[k].y, c.y - 1) << "page " << p + 1;
          EXPECT_LE(s.p[k].y, c.bottom() + 1) << "page " << p + 1;
        }
    }
  }
}

// Deal n of `game` and its solution (solved once per test binary run; the
// tests below reuse them for every paper and layout).
const Solution& SolutionOf(const Game& game, uint64_t n) {
  static std::map<std::pair<std::string, uint64_t>, Solution> cache;
  auto key = std::make_pair(std::string(game.id()), n);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  auto deal = MakeDeal(game, n, {});
  SearchLimits limits;
  limits.max_nodes = 2000000;
  limits.max_memory = size_t{64} << 20;
  SolveResult r = game.Solve(*deal, limits);
  Solution s;
  s.result = r.verdict;
  s.moves = r.moves;
  return cache.emplace(key, std::move(s)).first->second;
}

TEST(Sheets, EveryGameFitsTheOneDealTemplates) {
  for (const Game* game : AllGames()) {
    for (const char* paper : {"a4", "letter"}) {
      auto t = ShippedTemplate(paper, 1, false);
      ASSERT_TRUE(t.ok());
      for (uint64_t n : {1u, 2u, 3u}) {
        auto deal = MakeDeal(*game, n, {});
        ASSERT_TRUE(deal.ok());
        const Solution& s = SolutionOf(*game, n);
        const SheetKind kind = s.result == Verdict::kSolved ? SheetKind::kBoth : SheetKind::kLayout;
        auto doc = RenderDealSheets(*game, *deal, &s, kind, *t, TestFonts());
        ASSERT_TRUE(doc.ok()) << game->id() << "#" << n << ": " << doc.status().message();
        ExpectInsidePages(*doc, *t);
      }
    }
  }
}

TEST(Sheets, BookPlacesEveryDealAndLinksContents) {
  for (int per_page : {1, 2, 4}) {
    auto t = ShippedTemplate("a4", per_page, false);
    ASSERT_TRUE(t.ok());
    std::vector<BookEntry> entries;
    for (const Game* game : AllGames()) {
      for (uint64_t n = 1; entries.size() % 2 == 1 || n < 3; ++n) {
        auto deal = MakeDeal(*game, n, {});
        const Solution& s = SolutionOf(*game, n);
        if (s.result != Verdict::kSolved) continue;
        BookEntry e{game, *deal, s};
        entries.push_back(e);
        if (n > 200) break;
      }
    }
    BookOptions options;
    options.title = "Test";
    auto doc = RenderBook(entries, options, *t, TestFonts());
    ASSERT_TRUE(doc.ok()) << doc.status().message();
    ExpectInsidePages(*doc, *t);
    size_t links = 0;
    for (const Page& p : doc->pages)
      for (const Link& l : p.links) {
        ++links;
        EXPECT_LT(static_cast<size_t>(l.target_page), doc->pages.size());
      }
    EXPECT_GE(links, entries.size());
    EXPECT_GE(doc->bookmarks.size(), 2 * entries.size());
  }
}

}  // namespace
}  // namespace talon::render

namespace talon::render {
namespace {

// A long solution whose few run moves are wide (Klondike) still flows in two
// columns: the rare wide row fans or drops its small cards instead of forcing
// one column on every page. The move texts keep their order, row by row.
TEST(Sheets, LongKlondikeSolutionUsesTwoColumns) {
  const Game& game = *FindGame("klondike");
  auto deal = MakeDeal(game, 3, {});
  ASSERT_TRUE(deal.ok());
  SearchLimits limits;
  limits.max_nodes = 5000000;
  SolveResult r = game.Solve(*deal, limits);
  ASSERT_EQ(r.verdict, Verdict::kSolved);
  ASSERT_GT(r.moves.size(), 100u);
  Solution s;
  s.result = r.verdict;
  s.moves = r.moves;
  auto t = ShippedTemplate("a4", 1, false);
  ASSERT_TRUE(t.ok());
  auto doc = RenderDealSheets(game, *deal, &s, SheetKind::kSolution, *t, TestFonts());
  ASSERT_TRUE(doc.ok()) << doc.status().message();
  ExpectInsidePages(*doc, *t);
  // Move numbers "N." are drawn right-aligned: group them by page and column.
  size_t next = 1, pages_with_two_columns = 0;
  for (const Page& p : doc->pages) {
    std::vector<double> xs;
    for (const Item& item : p.items) {
      const auto* text = std::get_if<TextItem>(&item);
      if (!text || text->text != std::to_string(next) + ".") continue;
      xs.push_back(text->x);
      ++next;
    }
    if (xs.empty()) continue;
    const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
    if (*hi - *lo > t->Content().w / 3) ++pages_with_two_columns;
  }
  EXPECT_EQ(next, s.moves.size() + 1) << "every move number, in order";
  EXPECT_GE(pages_with_two_columns, 1u);
  EXPECT_LE(doc->pages.size(), (s.moves.size() + 59) / 60) << "about 33 rows a column, two columns a page";
}

}  // namespace
}  // namespace talon::render
