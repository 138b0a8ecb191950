// The PNG encoder (render/png_encoder.h) and the pictures WritePng draws:
// every PNG decodes (through libpng, via Cairo) to exactly the pixels
// encoded, its chunks are well formed, its IDAT data inflates (zlib) to
// exactly the "Up"-filtered rows with the right Adler-32, and the fast
// background painting changes no pixel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <zlib.h>

#include "core/game.h"
#include "render/cairo_writer.h"
#include "render/card_art.h"
#include "render/fonts.h"
#include "render/png_encoder.h"
#include "render/sheets.h"
#include "render/template.h"
#include "test_fonts.h"

namespace talon::render {
namespace {

using testing::TestFonts;

// A deterministic pseudo-random sequence (tests must not depend on std's).
struct Lcg {
  uint64_t s;
  uint32_t Next() {
    s = s * 6364136223846793005u + 1442695040888963407u;
    return static_cast<uint32_t>(s >> 33);
  }
};

// Pixels with `stride` bytes a row; the padding and each pixel's top byte
// hold junk, which the encoder must ignore.
struct Pixels {
  int width, height;
  size_t stride;
  std::vector<uint32_t> words;
  uint32_t& at(int x, int y) { return words[static_cast<size_t>(y) * (stride / 4) + static_cast<size_t>(x)]; }
};

Pixels MakePixels(int w, int h, int pad_words = 0) {
  Pixels p{w, h, 4 * static_cast<size_t>(w + pad_words), {}};
  p.words.resize(p.stride / 4 * static_cast<size_t>(h));
  Lcg junk{99};
  for (uint32_t& v : p.words) v = junk.Next();  // padding keeps its junk
  return p;
}

struct Case {
  std::string name;
  Pixels px;
};

std::vector<Case> SyntheticImages() {
  std::vector<Case> cases;
  {
    Pixels p = MakePixels(1, 1);
    p.at(0, 0) = 0x00123456;
    cases.push_back({"1x1", p});
  }
  for (int w : {1, 2, 3, 5, 7, 9, 13}) {  // widths that are not multiples of 8
    Pixels p = MakePixels(w, 5, 1);
    Lcg r{static_cast<uint64_t>(w)};
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < w; ++x) p.at(x, y) = r.Next();
    cases.push_back({"noise " + std::to_string(w) + "x5", p});
  }
  {
    // 180 000 bytes that do not compress.
    Pixels p = MakePixels(300, 200, 3);
    Lcg r{7};
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) p.at(x, y) = r.Next();
    cases.push_back({"noise 300x200", p});
  }
  {
    // 1.3 MB that do not compress: several IDAT chunks, several bands.
    Pixels p = MakePixels(700, 620, 1);
    Lcg r{8};
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) p.at(x, y) = r.Next();
    cases.push_back({"noise 700x620", p});
  }
  {
    Pixels p = MakePixels(64, 64);
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x) p.at(x, y) = (p.at(x, y) & 0xFF000000) | 0xFFFFFF;
    cases.push_back({"white 64x64", p});
  }
  {
    // Runs of random colours and lengths (up to 2000 pixels), rows repeated
    // a random number of times: long zero runs, distance-3 colour runs, and
    // runs across row ends.
    Pixels p = MakePixels(1000, 60, 2);
    Lcg r{3};
    uint32_t colour = 0;
    int left = 0;
    for (int y = 0; y < p.height; ++y) {
      if (y > 0 && r.Next() % 3 == 0) {
        for (int x = 0; x < p.width; ++x) p.at(x, y) = p.at(x, y - 1) ^ (r.Next() & 0xFF000000);
        continue;
      }
      for (int x = 0; x < p.width; ++x) {
        if (left-- == 0) {
          colour = r.Next() % 4 == 0 ? 0xFFFFFF : r.Next();
          left = static_cast<int>(r.Next() % 2000);
        }
        p.at(x, y) = (p.at(x, y) & 0xFF000000) | (colour & 0xFFFFFF);
      }
    }
    cases.push_back({"runs 1000x60", p});
  }
  {
    // A grey page with one coloured, antialiased-looking bar per row band.
    Pixels p = MakePixels(517, 300);
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) {
        uint32_t v = 0x999999;
        if (y / 20 % 2 == 1 && x > 30 && x < 480) v = 0xFFFFFF;
        if (y % 40 == 21 && x > 50 && x < 400) v = 0xC02030 + static_cast<uint32_t>(x % 3);
        p.at(x, y) = v;
      }
    cases.push_back({"bands 517x300", p});
  }
  return cases;
}

uint32_t Be32(const std::string& s, size_t at) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<uint8_t>(s[at + i]);
  return v;
}

// The IDAT data of a PNG, after checking its chunks' CRCs, its header and
// their order: IHDR, one or more IDAT (counted in *idat_chunks), IEND, and
// nothing after.
std::string IdatOf(const std::string& png, int w, int h, int* idat_chunks) {
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  std::string idat, types;
  int idats = 0;
  size_t at = 8;
  while (at + 12 <= png.size()) {
    const uint32_t n = Be32(png, at);
    const std::string type = png.substr(at + 4, 4);
    types += type + " ";
    if (at + 12 + n > png.size()) {
      ADD_FAILURE() << type << " runs past the end";
      break;
    }
    const uLong crc = crc32(0, reinterpret_cast<const Bytef*>(png.data() + at + 4), n + 4);
    EXPECT_EQ(Be32(png, at + 8 + n), static_cast<uint32_t>(crc)) << type;
    if (type == "IHDR") {
      EXPECT_EQ(n, 13u);
      EXPECT_EQ(Be32(png, at + 8), static_cast<uint32_t>(w));
      EXPECT_EQ(Be32(png, at + 12), static_cast<uint32_t>(h));
      EXPECT_EQ(png.substr(at + 16, 5), std::string("\x08\x02\x00\x00\x00", 5));
    }
    if (type == "IDAT") {
      idat += png.substr(at + 8, n);
      ++idats;
    }
    at += 12 + n;
  }
  EXPECT_EQ(at, png.size());
  std::string want = "IHDR ";
  for (int i = 0; i < std::max(idats, 1); ++i) want += "IDAT ";
  EXPECT_EQ(types, want + "IEND ");
  *idat_chunks = idats;
  return idat;
}

// zlib's inflate of a whole zlib stream (it checks the Adler-32 too).
std::vector<uint8_t> Inflate(const std::string& z, size_t expected_size) {
  std::vector<uint8_t> out(expected_size + 16);
  uLongf n = static_cast<uLongf>(out.size());
  const int rc = uncompress(out.data(), &n, reinterpret_cast<const Bytef*>(z.data()), static_cast<uLong>(z.size()));
  EXPECT_EQ(rc, Z_OK);
  out.resize(rc == Z_OK ? n : 0);
  return out;
}

TEST(PngEncoder, DecodesToTheSamePixels) {
  for (Case& c : SyntheticImages()) {
    const Pixels& p = c.px;
    const std::string png = EncodePngRgb(p.words.data(), p.width, p.height, p.stride);
    auto img = ReadPng(png);
    ASSERT_TRUE(img.ok()) << c.name << ": " << img.status().message();
    ASSERT_EQ(img->width, p.width) << c.name;
    ASSERT_EQ(img->height, p.height) << c.name;
    size_t bad = 0;
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x) {
        const uint32_t got = img->pixels[static_cast<size_t>(y) * static_cast<size_t>(p.width) + static_cast<size_t>(x)];
        if ((got & 0xFFFFFF) != (c.px.at(x, y) & 0xFFFFFF) && bad++ < 3)
          ADD_FAILURE() << c.name << ": pixel " << x << "," << y;
      }
    EXPECT_EQ(bad, 0u) << c.name;
  }
}

TEST(PngEncoder, IdatInflatesToTheFilteredRows) {
  int most_idats = 0;
  for (Case& c : SyntheticImages()) {
    const Pixels& p = c.px;
    const std::string png = EncodePngRgb(p.words.data(), p.width, p.height, p.stride);
    int idats = 0;
    const std::string idat = IdatOf(png, p.width, p.height, &idats);
    most_idats = std::max(most_idats, idats);
    ASSERT_GE(idat.size(), 6u);
    EXPECT_EQ((static_cast<uint8_t>(idat[0]) << 8 | static_cast<uint8_t>(idat[1])) % 31, 0) << c.name;
    EXPECT_EQ(idat[0], '\x78') << c.name;
    const std::vector<uint8_t> rows = FilterRowsUp(p.words.data(), p.width, p.height, p.stride);
    ASSERT_EQ(rows.size(), static_cast<size_t>(p.height) * (1 + 3 * static_cast<size_t>(p.width)));
    EXPECT_TRUE(Inflate(idat, rows.size()) == rows) << c.name;
    const uLong adler = adler32_z(adler32(0, nullptr, 0), rows.data(), rows.size());
    EXPECT_EQ(Be32(idat, idat.size() - 4), static_cast<uint32_t>(adler)) << c.name;
  }
  EXPECT_GE(most_idats, 2) << "no image was split into several IDAT chunks";
}

TEST(PngEncoder, FiltersRowsUp) {
  Pixels p = MakePixels(2, 2);
  p.at(0, 0) = 0xAA102030;
  p.at(1, 0) = 0x00FFFFFF;
  p.at(0, 1) = 0x11102030;  // same colour as above
  p.at(1, 1) = 0x22000102;  // wraps below zero
  const std::vector<uint8_t> want = {2, 0x10, 0x20, 0x30, 0xFF, 0xFF, 0xFF,
                                     2, 0,    0,    0,    1,    2,    3};
  EXPECT_EQ(FilterRowsUp(p.words.data(), 2, 2, p.stride), want);
}

// What the IDAT data of the synthetic images inflates to, the same on every
// machine whatever the zlib: a change of filter or pixel order shows here.
TEST(PngEncoder, ScanlinesArePinned) {
  uLong crc = crc32(0, nullptr, 0);
  for (const Case& c : SyntheticImages()) {
    const std::string png = EncodePngRgb(c.px.words.data(), c.px.width, c.px.height, c.px.stride);
    int idats = 0;
    const std::string idat = IdatOf(png, c.px.width, c.px.height, &idats);
    const size_t size = static_cast<size_t>(c.px.height) * (1 + 3 * static_cast<size_t>(c.px.width));
    const std::vector<uint8_t> rows = Inflate(idat, size);
    crc = crc32_z(crc, rows.data(), rows.size());
  }
  EXPECT_EQ(crc, 528898360u) << "pinned checksum";
}

// Real sheets: a pile game's layout and solution, and a slot game's layout.
std::vector<std::pair<std::string, Document>> RealSheets() {
  std::vector<std::pair<std::string, Document>> docs;
  auto t = ShippedTemplate("a4", 1, false);
  {
    const Game& game = *FindGame("fourteen-out");
    auto deal = MakeDeal(game, 1, {});
    SolveResult r = game.Solve(*deal, SearchLimits{});
    Solution s;
    s.result = r.verdict;
    s.moves = r.moves;
    EXPECT_EQ(r.verdict, Verdict::kSolved);
    docs.emplace_back("fourteen-out#1", *RenderDealSheets(game, *deal, &s, SheetKind::kBoth, *t, TestFonts()));
  }
  {
    const Game& game = *FindGame("thirteens");
    auto deal = MakeDeal(game, 7, {});
    auto letter = ShippedTemplate("letter", 1, false);
    letter->cards.scheme = ColourScheme::kFour;
    docs.emplace_back("thirteens#7", *RenderDealSheets(game, *deal, nullptr, SheetKind::kLayout, *letter, TestFonts()));
  }
  return docs;
}

// WritePng's PNG of `doc` decodes to exactly the picture drawn, and is the
// same bytes when written again.
void ExpectPngIsTheDrawing(const Document& doc, double dpi, const std::string& name) {
  auto png = WritePng(doc, TestFonts(), dpi);
  auto drawn = DrawImage(doc, TestFonts(), dpi);
  ASSERT_TRUE(png.ok() && drawn.ok()) << name;
  auto img = ReadPng(*png);
  ASSERT_TRUE(img.ok()) << name;
  ASSERT_EQ(img->width, drawn->width) << name;
  ASSERT_EQ(img->height, drawn->height) << name;
  size_t bad = 0;
  for (size_t i = 0; i < img->pixels.size(); ++i) bad += (img->pixels[i] & 0xFFFFFF) != (drawn->pixels[i] & 0xFFFFFF);
  EXPECT_EQ(bad, 0u) << name << " at " << dpi << " dpi";
  EXPECT_EQ(*png, *WritePng(doc, TestFonts(), dpi)) << name << ": not deterministic";
}

TEST(PngSheets, DecodeToTheDrawnPixels) {
  for (const auto& [name, doc] : RealSheets())
    for (double dpi : {150.0, 41.0}) ExpectPngIsTheDrawing(doc, dpi, name);
}

TEST(PngSheets, EveryGamesLayoutDecodesToTheDrawnPixels) {
  auto t = ShippedTemplate("a4", 1, false);
  ASSERT_TRUE(t.ok());
  for (const Game* game : AllGames()) {
    const std::string name = std::string(game->id()) + "#42";
    auto deal = MakeDeal(*game, 42, {});
    ASSERT_TRUE(deal.ok()) << name;
    auto doc = RenderDealSheets(*game, *deal, nullptr, SheetKind::kLayout, *t, TestFonts());
    ASSERT_TRUE(doc.ok()) << name << ": " << doc.status().message();
    ExpectPngIsTheDrawing(*doc, 72, name);
  }
}

// WritePng paints the grey and the paper's whole pixels itself and lets
// Cairo blend only the paper's edges; that must be exactly what Cairo paints
// alone, at dpis that put the edges at many fractions of a pixel.
TEST(PngSheets, FastBackgroundIsExactlyCairos) {
  for (const auto& [name, doc] : RealSheets())
    for (double dpi : {150.0, 97.0, 72.0, 41.0, 13.0}) {
      auto fast = DrawImage(doc, TestFonts(), dpi, Background::kFast);
      auto plain = DrawImage(doc, TestFonts(), dpi, Background::kCairo);
      ASSERT_TRUE(fast.ok() && plain.ok());
      ASSERT_EQ(fast->pixels.size(), plain->pixels.size());
      size_t bad = 0, first = 0;
      for (size_t i = 0; i < fast->pixels.size(); ++i)
        if ((fast->pixels[i] & 0xFFFFFF) != (plain->pixels[i] & 0xFFFFFF) && bad++ == 0) first = i;
      EXPECT_EQ(bad, 0u) << name << " at " << dpi << " dpi, first at x " << first % static_cast<size_t>(fast->width)
                         << " y " << first / static_cast<size_t>(fast->width);
    }
}

}  // namespace
}  // namespace talon::render
