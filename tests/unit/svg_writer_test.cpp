// The SVG writer: small files (each glyph and card face defined once), the
// same picture as the PNG writer's in a real SVG renderer (rsvg-convert, from
// Debian's librsvg2-bin), and no band of ink between pages.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/game.h"
#include "render/cairo_writer.h"
#include "render/card_art.h"
#include "render/page_stack.h"
#include "render/sheets.h"
#include "render/svg_writer.h"
#include "render/template.h"
#include "sheets_test_util.h"

namespace talon::render {
namespace {

using testing::FirstSolved;
using testing::RunCommand;
using testing::ScratchPath;
using testing::TestFonts;

// A picture rsvg-convert wrote, as a viewer shows it on white paper: its
// premultiplied pixels composed over white (the last column of an SVG whose
// width is not a whole number of pixels is partly transparent).
Expected<Image> ReadOnWhite(const std::string& path) {
  auto img = ReadPng(testing::ReadFile(path));
  if (!img.ok()) return img;
  for (uint32_t& p : img->pixels) {
    const uint32_t a = p >> 24;
    uint32_t out = 0xFF000000u;
    for (int shift : {0, 8, 16}) out |= std::min<uint32_t>(255, ((p >> shift) & 0xFF) + 255 - a) << shift;
    p = out;
  }
  return img;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// Both sheets of a won deal of `game` (from deal `from` up), A4, one deal a page.
Document BothSheets(const Game& game, uint64_t from = 1) {
  auto solved = FirstSolved(game, {}, from);
  EXPECT_TRUE(solved) << game.id();
  auto t = ShippedTemplate("a4", 1, false);
  EXPECT_TRUE(t.ok());
  auto doc = RenderDealSheets(game, solved->deal, &solved->solution, SheetKind::kBoth, *t, TestFonts());
  EXPECT_TRUE(doc.ok()) << doc.status().message();
  return *doc;
}

TEST(SvgWriter, OneDealOfEveryGameStaysUnder300KB) {
  size_t checked = 0;
  for (const Game* game : AllGames()) {
    const Document doc = BothSheets(*game);
    auto svg = WriteSvg(doc, TestFonts());
    ASSERT_TRUE(svg.ok()) << svg.status().message();
    EXPECT_LT(svg->size(), 300u * 1024) << game->id();
    EXPECT_EQ(*svg, *WriteSvg(doc, TestFonts())) << game->id() << ": not deterministic";
    ++checked;
  }
  // Klondike#7 has the longest solution of deals 1-60 (168 moves).
  auto svg = WriteSvg(BothSheets(*FindGame("klondike"), 7), TestFonts());
  ASSERT_TRUE(svg.ok());
  EXPECT_LT(svg->size(), 300u * 1024) << "klondike#7";
  EXPECT_EQ(checked, AllGames().size());
}

// A card face drawn a hundred times is defined once and placed a hundred times.
TEST(SvgWriter, DefinesACardFaceOnceAndReusesIt) {
  Document doc;
  Page page;
  page.width = 400;
  page.height = 400;
  for (int i = 0; i < 100; ++i)
    DrawMiniCard(page, TestFonts(), CardStyle{}, Card(kQueen, kHearts),
                 {10.0 + (i % 10) * 35, 10.0 + (i / 10) * 38, 30, 36});
  doc.pages.push_back(page);
  auto svg = WriteSvg(doc, TestFonts());
  ASSERT_TRUE(svg.ok());
  EXPECT_EQ(Count(*svg, "<g id=\"u"), 1u) << "one definition of the face";
  EXPECT_EQ(Count(*svg, "<use xlink:href=\"#u"), 100u) << "placed a hundred times";
  EXPECT_EQ(Count(*svg, "<path id=\"g"), 1u) << "one glyph: Q";
}

// The picture rsvg-convert makes of the SVG, and the PNG writer's of the same
// document at the same dpi, differ in at most 0.5% of their pixels (a pixel
// differs when a channel is off by more than 48: antialiasing only).
void ExpectSvgLooksLikePng(const Document& doc, double dpi, const std::string& name) {
  auto svg = WriteSvg(doc, TestFonts());
  ASSERT_TRUE(svg.ok());
  const std::string in = ScratchPath(name + ".svg"), out = ScratchPath(name + ".svg.png");
  testing::WriteFile(in, *svg);
  const std::string d = std::to_string(static_cast<int>(dpi));
  auto r = RunCommand("rsvg-convert --dpi-x " + d + " --dpi-y " + d + " -o '" + out + "' '" + in + "' 2>&1");
  ASSERT_EQ(r.status, 0) << "rsvg-convert (Debian: librsvg2-bin, .ci/install-deps) failed: " << r.out;
  auto got = ReadOnWhite(out);
  auto want = DrawImage(doc, TestFonts(), dpi);
  ASSERT_TRUE(got.ok() && want.ok()) << name;
  ASSERT_LE(std::abs(got->width - want->width), 1) << name;
  ASSERT_LE(std::abs(got->height - want->height), 1) << name;
  const int w = std::min(got->width, want->width), h = std::min(got->height, want->height);
  size_t bad = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const uint32_t a = got->pixels[static_cast<size_t>(y) * static_cast<size_t>(got->width) + static_cast<size_t>(x)];
      const uint32_t b = want->pixels[static_cast<size_t>(y) * static_cast<size_t>(want->width) + static_cast<size_t>(x)];
      for (int shift : {0, 8, 16})
        if (std::abs(static_cast<int>((a >> shift) & 0xFF) - static_cast<int>((b >> shift) & 0xFF)) > 48) {
          ++bad;
          break;
        }
    }
  EXPECT_LE(bad, static_cast<size_t>(w) * static_cast<size_t>(h) / 200) << name << ": " << bad << " pixels differ";
}

TEST(SvgWriter, RendersInRsvgAsThePngDoes) {
  for (const Game* game : AllGames()) ExpectSvgLooksLikePng(BothSheets(*game), 40, std::string(game->id()));
  ExpectSvgLooksLikePng(BothSheets(*FindGame("thirteens")), 150, "thirteens-150");
}

// Between stacked pages the picture is white but for a dashed cut line: no
// band of grey ink, in the PNG and in the SVG as rsvg-convert draws it.
TEST(SvgWriter, PagesAreSeparatedByACutLineNotABand) {
  const Document doc = BothSheets(*FindGame("fourteen-out"));
  ASSERT_GE(doc.pages.size(), 2u);
  const double dpi = 72;
  const std::string in = ScratchPath("gap.svg"), out = ScratchPath("gap.svg.png");
  testing::WriteFile(in, *WriteSvg(doc, TestFonts()));
  ASSERT_EQ(RunCommand("rsvg-convert --dpi-x 72 --dpi-y 72 -o '" + out + "' '" + in + "'").status, 0);
  auto from_svg = ReadOnWhite(out);
  auto from_png = DrawImage(doc, TestFonts(), dpi);
  ASSERT_TRUE(from_svg.ok() && from_png.ok());
  const double gap_top = doc.pages[0].height, line = gap_top + kPageGap / 2;
  for (const Image* img : {&*from_svg, &*from_png}) {
    size_t ink = 0, dashes = 0;
    for (int y = static_cast<int>(gap_top) + 1; y < static_cast<int>(gap_top + kPageGap) - 1; ++y)
      for (int x = 0; x < img->width; ++x) {
        const uint32_t p = img->pixels[static_cast<size_t>(y) * static_cast<size_t>(img->width) + static_cast<size_t>(x)] & 0xFFFFFF;
        if (p == 0xFFFFFF) continue;
        if (std::abs(y + 0.5 - line) <= 1) ++dashes;
        else ++ink;
      }
    EXPECT_EQ(ink, 0u) << (img == &*from_svg ? "svg" : "png") << ": ink in the gap besides the cut line";
    EXPECT_GT(dashes, static_cast<size_t>(img->width) / 4) << "a cut line";
    EXPECT_LT(dashes, static_cast<size_t>(img->width) * 3) << "dashed";
  }
}

}  // namespace
}  // namespace talon::render
