// Printing speed: a 100-deal booklet of the first six games (solving
// included) and a one-deal PNG at 150 dpi. Run:
//   build/bin/talon_bench --benchmark_filter='Render|Booklet|PngDeflate' --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <zlib.h>

#include "core/game.h"
#include "render/cairo_writer.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/png_encoder.h"
#include "render/sheets.h"
#include "render/template.h"

namespace talon::render {
namespace {

const Fonts& BenchFonts() {
  static const Fonts fonts = *FindFonts();
  return fonts;
}

// What talon-book does: per game, scan deal numbers upward from 1 and keep
// the solved ones; then compose the pages and write the PDF.
std::string Booklet(int count, int per_page) {
  std::vector<BookEntry> entries;
  std::vector<const Game*> games;
  for (const char* id : {"fourteen-out", "take-fourteen", "triple-fourteens", "thirteens", "fifteen", "take-ten"})
    games.push_back(FindGame(id));
  SearchLimits limits;
  limits.max_nodes = 5000000;
  for (size_t gi = 0; gi < games.size(); ++gi) {
    const Game& game = *games[gi];
    const size_t want = static_cast<size_t>(count) / games.size() + (gi < static_cast<size_t>(count) % games.size());
    size_t found = 0;
    for (uint64_t n = 1; found < want; ++n) {
      auto deal = MakeDeal(game, n, {});
      SolveResult r = game.Solve(*deal, limits);
      if (r.verdict != Verdict::kSolved) continue;
      BookEntry e{&game, std::move(*deal), {}};
      e.solution.game = e.deal.game;
      e.solution.deal = e.deal.number;
      e.solution.result = Verdict::kSolved;
      e.solution.moves = std::move(r.moves);
      entries.push_back(std::move(e));
      ++found;
    }
  }
  auto t = ShippedTemplate("a4", per_page, false);
  BookOptions options;
  options.title = "Benchmark";
  auto doc = RenderBook(entries, options, *t, BenchFonts());
  return *WritePdf(*doc, BenchFonts());
}

void BM_Booklet100(benchmark::State& state) {
  BenchFonts();
  std::string pdf;
  for (auto _ : state) {
    pdf = Booklet(100, static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(pdf.data());
  }
  state.counters["bytes"] = static_cast<double>(pdf.size());
}
BENCHMARK(BM_Booklet100)->Arg(1)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

// One deal (fourteen-out#1) as talon-render draws it at 150 dpi: the
// layout sheet alone (arg 0) or layout and solution sheets (arg 1),
// solving included.
void BM_RenderPng150(benchmark::State& state) {
  BenchFonts();
  const Game& game = *FindGame("fourteen-out");
  const bool both = state.range(0) == 1;
  auto t = ShippedTemplate("a4", 1, false);
  size_t bytes = 0;
  for (auto _ : state) {
    auto deal = MakeDeal(game, 1, {});
    SolveResult r = game.Solve(*deal, SearchLimits{});
    Solution s;
    s.result = r.verdict;
    s.moves = r.moves;
    auto doc = RenderDealSheets(game, *deal, &s, both ? SheetKind::kBoth : SheetKind::kLayout, *t, BenchFonts());
    auto png = WritePng(*doc, BenchFonts(), 150);
    bytes = png->size();
    benchmark::DoNotOptimize(png->data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_RenderPng150)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Why render/png_encoder.h exists: the PNG of BM_RenderPng150/1's picture
// (1241 x 3533 pixels, 13 MB of "Up"-filtered rows, mostly zeros) compressed
//   0: by zlib with Z_RLE, row by row, from the filtered rows (what WritePng did);
//   1: by Deflater, row by row, from the same filtered rows;
//   2: by EncodePngRgb from the pixels, filtering included (what WritePng does).
void BM_PngDeflate(benchmark::State& state) {
  static const Image img = [] {
    const Game& game = *FindGame("fourteen-out");
    auto deal = MakeDeal(game, 1, {});
    SolveResult r = game.Solve(*deal, SearchLimits{});
    Solution s;
    s.result = r.verdict;
    s.moves = r.moves;
    auto t = ShippedTemplate("a4", 1, false);
    auto doc = RenderDealSheets(game, *deal, &s, SheetKind::kBoth, *t, BenchFonts());
    return *DrawImage(*doc, BenchFonts(), 150);
  }();
  const size_t stride = 4 * static_cast<size_t>(img.width);
  static const std::vector<uint8_t> rows = FilterRowsUp(img.pixels.data(), img.width, img.height, stride);
  const size_t row_bytes = 1 + 3 * static_cast<size_t>(img.width);
  size_t bytes = 0;
  for (auto _ : state) {
    switch (state.range(0)) {
      case 0: {
        z_stream z{};
        deflateInit2(&z, 6, Z_DEFLATED, 15, 9, Z_RLE);
        std::string out;
        unsigned char buf[1 << 16];
        for (size_t at = 0; at < rows.size(); at += row_bytes) {
          z.next_in = const_cast<Bytef*>(rows.data() + at);
          z.avail_in = static_cast<uInt>(row_bytes);
          const int flush = at + row_bytes == rows.size() ? Z_FINISH : Z_NO_FLUSH;
          do {
            z.next_out = buf;
            z.avail_out = sizeof buf;
            deflate(&z, flush);
            out.append(reinterpret_cast<const char*>(buf), sizeof buf - z.avail_out);
          } while (z.avail_out == 0);
        }
        deflateEnd(&z);
        bytes = out.size();
        break;
      }
      case 1: {
        Deflater d;
        for (size_t at = 0; at < rows.size(); at += row_bytes) d.Write(rows.data() + at, row_bytes);
        bytes = d.Finish().size();
        break;
      }
      default:
        bytes = EncodePngRgb(img.pixels.data(), img.width, img.height, stride).size();
    }
    benchmark::ClobberMemory();
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(rows.size()));
}
BENCHMARK(BM_PngDeflate)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon::render
