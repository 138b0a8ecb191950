// How talon's PNGs are compressed: render/png_encoder.h (zlib, Z_RLE) and
// the other candidates on the picture of BM_RenderPng150/1 (fourteen-out#1,
// both sheets, 150 dpi: 1241 x 3533 pixels; 13 MB of "Up"-filtered rows,
// mostly zero bytes). Run:
//   build/bin/talon_bench --benchmark_filter='Png' --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <csetjmp>
#include <memory>
#include <string>
#include <vector>

#include <libdeflate.h>
#include <png.h>
#include <zlib.h>

#include "core/game.h"
#include "render/cairo_writer.h"
#include "render/fonts.h"
#include "render/png_encoder.h"
#include "render/sheets.h"
#include "render/template.h"

namespace talon::render {
namespace {

const Image& Page150() {
  static const Image img = [] {
    static const Fonts fonts = *FindFonts();
    const Game& game = *FindGame("fourteen-out");
    auto deal = MakeDeal(game, 1, {});
    SolveResult r = game.Solve(*deal, SearchLimits{});
    Solution s;
    s.result = r.verdict;
    s.moves = r.moves;
    auto t = ShippedTemplate("a4", 1, false);
    auto doc = RenderDealSheets(game, *deal, &s, SheetKind::kBoth, *t, fonts);
    return *DrawImage(*doc, fonts, 150);
  }();
  return img;
}

const std::vector<uint8_t>& FilteredPage150() {
  static const std::vector<uint8_t> rows = [] {
    const Image& img = Page150();
    return FilterRowsUp(img.pixels.data(), img.width, img.height, 4 * static_cast<size_t>(img.width));
  }();
  return rows;
}

void Report(benchmark::State& state, size_t bytes) {
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(FilteredPage150().size()));
}

// zlib, the filtered rows in one deflate call: args level, strategy
// (0 Z_DEFAULT_STRATEGY, 3 Z_RLE), memLevel (the block size).
void BM_PngZlib(benchmark::State& state) {
  const std::vector<uint8_t>& rows = FilteredPage150();
  std::vector<uint8_t> out(compressBound(static_cast<uLong>(rows.size())));
  size_t bytes = 0;
  for (auto _ : state) {
    z_stream z{};
    deflateInit2(&z, static_cast<int>(state.range(0)), Z_DEFLATED, 15, static_cast<int>(state.range(2)),
                 static_cast<int>(state.range(1)));
    z.next_in = const_cast<Bytef*>(rows.data());
    z.avail_in = static_cast<uInt>(rows.size());
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) state.SkipWithError("deflate");
    bytes = z.total_out;
    deflateEnd(&z);
    benchmark::ClobberMemory();
  }
  Report(state, bytes);
}
BENCHMARK(BM_PngZlib)
    ->Args({1, Z_DEFAULT_STRATEGY, 8})
    ->Args({6, Z_DEFAULT_STRATEGY, 8})
    ->Args({1, Z_RLE, 6})
    ->Args({1, Z_RLE, 7})
    ->Args({1, Z_RLE, 8})
    ->Args({1, Z_RLE, 9})
    ->Unit(benchmark::kMillisecond);

// libdeflate, the filtered rows in one call: arg the level.
void BM_PngLibdeflate(benchmark::State& state) {
  const std::vector<uint8_t>& rows = FilteredPage150();
  libdeflate_compressor* c = libdeflate_alloc_compressor(static_cast<int>(state.range(0)));
  std::vector<uint8_t> out(libdeflate_zlib_compress_bound(c, rows.size()));
  size_t bytes = 0;
  for (auto _ : state) {
    bytes = libdeflate_zlib_compress(c, rows.data(), rows.size(), out.data(), out.size());
    if (bytes == 0) state.SkipWithError("libdeflate");
    benchmark::ClobberMemory();
  }
  libdeflate_free_compressor(c);
  Report(state, bytes);
}
BENCHMARK(BM_PngLibdeflate)->DenseRange(1, 6)->Unit(benchmark::kMillisecond);

// libpng from the pixels (it filters, row by row, and feeds zlib row by
// row): args level, strategy.
void BM_PngLibpng(benchmark::State& state) {
  const Image& img = Page150();
  std::vector<png_bytep> row_ptrs(static_cast<size_t>(img.height));
  for (int y = 0; y < img.height; ++y)
    row_ptrs[static_cast<size_t>(y)] = reinterpret_cast<png_bytep>(
        const_cast<uint32_t*>(img.pixels.data() + static_cast<size_t>(y) * static_cast<size_t>(img.width)));
  size_t bytes = 0;
  for (auto _ : state) {
    std::string out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
      state.SkipWithError("libpng");
      break;
    }
    png_set_write_fn(
        png, &out,
        [](png_structp p, png_bytep data, size_t n) {
          static_cast<std::string*>(png_get_io_ptr(p))->append(reinterpret_cast<const char*>(data), n);
        },
        nullptr);
    png_set_IHDR(png, info, static_cast<png_uint_32>(img.width), static_cast<png_uint_32>(img.height), 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_level(png, static_cast<int>(state.range(0)));
    png_set_compression_strategy(png, static_cast<int>(state.range(1)));
    png_set_compression_buffer_size(png, 1 << 20);
    png_write_info(png, info);
    png_set_filler(png, 0, PNG_FILLER_AFTER);  // 0xAARRGGBB in little-endian memory: B G R A
    png_set_bgr(png);
    png_write_image(png, row_ptrs.data());
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, bytes);
}
BENCHMARK(BM_PngLibpng)->Args({1, Z_DEFAULT_STRATEGY})->Args({1, Z_RLE})->Unit(benchmark::kMillisecond);

// The "Up" filter alone, from the pixels.
void BM_PngFilterUp(benchmark::State& state) {
  const Image& img = Page150();
  for (auto _ : state) {
    auto rows = FilterRowsUp(img.pixels.data(), img.width, img.height, 4 * static_cast<size_t>(img.width));
    benchmark::DoNotOptimize(rows.data());
  }
  Report(state, FilteredPage150().size());
}
BENCHMARK(BM_PngFilterUp)->Unit(benchmark::kMillisecond);

// What WritePng does after drawing: the PNG file from the pixels (filtered
// a band of rows at a time, compressed by zlib as above with Z_RLE and memLevel 7).
void BM_PngEncode(benchmark::State& state) {
  const Image& img = Page150();
  size_t bytes = 0;
  for (auto _ : state) {
    bytes = EncodePngRgb(img.pixels.data(), img.width, img.height, 4 * static_cast<size_t>(img.width)).size();
    benchmark::ClobberMemory();
  }
  Report(state, bytes);
}
BENCHMARK(BM_PngEncode)->Unit(benchmark::kMillisecond);

// libdeflate at its fastest level here (2) instead, from the pixels: the
// whole picture filtered, then compressed in one call (it cannot stream).
void BM_PngEncodeLibdeflate(benchmark::State& state) {
  const Image& img = Page150();
  libdeflate_compressor* c = libdeflate_alloc_compressor(2);
  size_t bytes = 0;
  for (auto _ : state) {
    auto rows = FilterRowsUp(img.pixels.data(), img.width, img.height, 4 * static_cast<size_t>(img.width));
    const size_t bound = libdeflate_zlib_compress_bound(c, rows.size());
    auto out = std::make_unique_for_overwrite<uint8_t[]>(bound);
    bytes = libdeflate_zlib_compress(c, rows.data(), rows.size(), out.get(), bound);
    if (bytes == 0) state.SkipWithError("libdeflate");
    benchmark::DoNotOptimize(out.get());
  }
  libdeflate_free_compressor(c);
  Report(state, bytes);
}
BENCHMARK(BM_PngEncodeLibdeflate)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon::render
