// The survey picture (render/plot.h): its data from a survey, its page,
// the three file forms, and a golden PNG.
#include "render/plot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <variant>

#include "render/cairo_writer.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/svg_writer.h"
#include "golden.h"
#include "test_fonts.h"

namespace talon::render {
namespace {

using testing::TestFonts;

SurveyEntry Entry(const char* label, Verdict v, uint64_t nodes, uint64_t moves = 0) {
  SurveyEntry e;
  e.label = label;
  e.verdict = v;
  e.nodes = nodes;
  e.moves = moves;
  return e;
}

// Three groups of fixed figures: all decided; some unknown, long options;
// nothing won.
SurveyPlot FixedPlot() {
  SurveyPlot plot;
  plot.title = "Solvability survey";
  SurveyPlotGroup a;
  a.name = "fourteen-out";
  a.deals = 1000, a.solved = 927, a.unsolvable = 73;
  a.winnable_at_least = a.winnable_at_most = WilsonInterval(927, 1000);
  a.nodes_by_decade = {30, 820, 90, 40, 15, 5, 0, 0, 0, 0, 0};
  a.moves_count.assign(27, 0);
  a.moves_count[26] = 927;
  SurveyPlotGroup b;
  b.name = "klondike draw=3 passes=unlimited runs=whole worry=false";
  b.deals = 300, b.solved = 236, b.unsolvable = 36, b.unknown = 28;
  b.winnable_at_least = WilsonInterval(236, 300);
  b.winnable_at_most = WilsonInterval(264, 300);
  b.nodes_by_decade = {0, 15, 120, 90, 40, 6, 1, 0, 0, 0, 0};
  b.moves_count.assign(190, 0);
  for (int m = 95; m < 190; ++m) b.moves_count[m] = static_cast<uint64_t>(1 + (m * 7919) % 9);
  SurveyPlotGroup c;
  c.name = "thirteens slots=5";
  c.deals = 500, c.unsolvable = 500;
  c.winnable_at_least = c.winnable_at_most = WilsonInterval(0, 500);
  c.nodes_by_decade = {500, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  plot.groups = {a, b, c};
  return plot;
}

TEST(SurveyPlot, DataComesFromTheSurvey) {
  Survey s;
  s.Add(Entry("1", Verdict::kSolved, 26, 26));
  s.Add(Entry("2", Verdict::kSolved, 3000, 28));
  s.Add(Entry("3", Verdict::kUnsolvable, 5));
  s.Add(Entry("4", Verdict::kUnknown, 100000));
  s.Add(Entry("5", Verdict::kSolved, 40, 26));
  const SurveyPlotGroup g = s.PlotGroup("fifteen");
  EXPECT_EQ(g.name, "fifteen");
  EXPECT_EQ(g.deals, 5u);
  EXPECT_EQ(g.solved, 3u);
  EXPECT_EQ(g.unsolvable, 1u);
  EXPECT_EQ(g.unknown, 1u);
  EXPECT_DOUBLE_EQ(g.winnable_at_least.value, 0.6);
  EXPECT_DOUBLE_EQ(g.winnable_at_most.value, 0.8);
  EXPECT_EQ(g.nodes_by_decade[0], 1u);  // 5
  EXPECT_EQ(g.nodes_by_decade[1], 2u);  // 26, 40
  EXPECT_EQ(g.nodes_by_decade[3], 1u);  // 3000; the unknown deal is not counted
  ASSERT_EQ(g.moves_count.size(), 29u);
  EXPECT_EQ(g.moves_count[26], 2u);
  EXPECT_EQ(g.moves_count[28], 1u);
  EXPECT_TRUE(g.grade_count.empty());
}

// The texts of a page, concatenated.
std::string Texts(const Page& page) {
  std::string out;
  for (const Item& item : page.items)
    if (const auto* t = std::get_if<TextItem>(&item)) out += t->text + "\n";
  return out;
}

TEST(SurveyPlot, PageHasTitleAxesRowsAndFigures) {
  auto doc = RenderSurveyPlot(FixedPlot(), TestFonts());
  ASSERT_TRUE(doc.ok()) << doc.status().message();
  ASSERT_EQ(doc->pages.size(), 1u);
  const Page& page = doc->pages[0];
  EXPECT_EQ(page.width, 842);
  const std::string texts = Texts(page);
  for (const char* want : {"Solvability survey", "Winnable", "Positions searched", "Winning line", "winnable share",
                           "positions searched (log scale)", "moves to win", "0%", "50%", "100%", "10²", "10¹⁰",
                           "fourteen-out", "1 000 deals: 92.70% (90.92%–94.15%)", "klondike",
                           "draw=3 passes=unlimited runs=whole", "300 deals: 78.67%–88.00%, 28 unknown",
                           "thirteens", "no deal won"})
    EXPECT_NE(texts.find(want), std::string::npos) << want << " is not on the page:\n" << texts;
  EXPECT_EQ(texts.find("Difficulty"), std::string::npos);  // no grades, no panel
  // Every item lies on the page.
  for (const Item& item : page.items)
    if (const auto* t = std::get_if<TextItem>(&item)) {
      EXPECT_GE(t->x, 0);
      EXPECT_LE(t->x + TestFonts().Get(t->face).TextWidth(t->text, t->size), page.width) << t->text;
      EXPECT_LE(t->y, page.height) << t->text;
    }
}

// Lines from 26 to 30 000 moves: a linear axis would put every row but the
// longest's into its first bar.
TEST(SurveyPlot, WidelySpreadLengthsGetALogAxis) {
  SurveyPlot plot = FixedPlot();
  auto linear = RenderSurveyPlot(plot, TestFonts());  // 26 to 189 moves
  ASSERT_TRUE(linear.ok()) << linear.status().message();
  EXPECT_EQ(Texts(linear->pages[0]).find("moves to win (log scale)"), std::string::npos);
  plot.groups[1].moves_count.resize(30001, 0);
  plot.groups[1].moves_count[30000] = 1;
  auto doc = RenderSurveyPlot(plot, TestFonts());
  ASSERT_TRUE(doc.ok()) << doc.status().message();
  const std::string texts = Texts(doc->pages[0]);
  EXPECT_NE(texts.find("moves to win (log scale)"), std::string::npos) << texts;
  for (const char* tick : {"10³", "10⁵"})  // the positions' axis labels even powers only
    EXPECT_NE(texts.find(tick), std::string::npos) << tick;
  // The short rows keep bars of their own: klondike's 95-189 moves spread
  // over several of the twelve bins a decade, where a linear axis to 30 000
  // would leave one bar for them, one for fourteen-out's 26 and one for 30 000.
  double panel_x = 0;
  for (const Item& item : doc->pages[0].items)
    if (const auto* t = std::get_if<TextItem>(&item); t && t->text == "Winning line") panel_x = t->x;
  ASSERT_GT(panel_x, 0);
  size_t bars = 0;
  for (const Item& item : doc->pages[0].items)
    if (const auto* f = std::get_if<PathItem>(&item);
        f && f->paint.fill == Color{0.35, 0.55, 0.78} && f->path.segs()[0].p[0].x >= panel_x)
      ++bars;
  EXPECT_GE(bars, 6u);
}

TEST(SurveyPlot, GradesAddAPanel) {
  SurveyPlot plot = FixedPlot();
  plot.groups[0].grade_count = {10, 400, 300, 200, 90};
  auto doc = RenderSurveyPlot(plot, TestFonts());
  ASSERT_TRUE(doc.ok()) << doc.status().message();
  const std::string texts = Texts(doc->pages[0]);
  EXPECT_NE(texts.find("Difficulty"), std::string::npos);
  EXPECT_NE(texts.find("grade"), std::string::npos);
}

TEST(SurveyPlot, ThreeFormsAndGolden) {
  auto doc = RenderSurveyPlot(FixedPlot(), TestFonts());
  ASSERT_TRUE(doc.ok()) << doc.status().message();
  auto png = WritePng(*doc, TestFonts(), 144);
  ASSERT_TRUE(png.ok()) << png.status().message();
  ASSERT_GT(png->size(), 24u);
  EXPECT_EQ(png->substr(0, 8), "\x89PNG\r\n\x1a\n");
  auto image = ReadPng(*png);
  ASSERT_TRUE(image.ok());
  EXPECT_EQ(image->width, 1684);  // 842 points at 144 dpi
  EXPECT_EQ(image->height, static_cast<int>(std::lround(doc->pages[0].height * 2)));
  auto small = WritePng(*doc, TestFonts(), 72);  // the golden picture, kept small
  ASSERT_TRUE(small.ok());
  ExpectMatchesGolden(*small, "survey-plot.png");
  auto svg = WriteSvg(*doc, TestFonts());
  ASSERT_TRUE(svg.ok());
  EXPECT_NE(svg->find("<svg"), std::string::npos);
  EXPECT_NE(svg->find("width=\"842pt\""), std::string::npos);
  auto pdf = WritePdf(*doc, TestFonts());
  ASSERT_TRUE(pdf.ok());
  EXPECT_EQ(pdf->substr(0, 5), "%PDF-");
}

}  // namespace
}  // namespace talon::render
