// Printing speed: a 100-deal booklet of the first six games (solving
// included) and a one-deal PNG at 150 dpi. Run:
//   build/bin/talon_bench --benchmark_filter='Render|Booklet' --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include "core/difficulty/grade.h"
#include "core/game.h"
#include "render/cairo_writer.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/sheets.h"
#include "render/template.h"

namespace talon::render {
namespace {

const Fonts& BenchFonts() {
  static const Fonts fonts = *FindFonts();
  return fonts;
}

// What talon-book does: per game, scan deal numbers upward from 1 and keep
// the solved ones (`graded`: and grade them); then compose the pages and
// write the PDF.
std::string Booklet(int count, int per_page, bool graded = false) {
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
      if (graded) e.solution.difficulty = NoteOf(GradeDeal(game, e.deal, r, limits));
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

// The same booklet (2 deals a page) with every deal graded, as talon-book makes it.
void BM_Booklet100Graded(benchmark::State& state) {
  BenchFonts();
  std::string pdf;
  for (auto _ : state) {
    pdf = Booklet(100, 2, /*graded=*/true);
    benchmark::DoNotOptimize(pdf.data());
  }
  state.counters["bytes"] = static_cast<double>(pdf.size());
}
BENCHMARK(BM_Booklet100Graded)->Unit(benchmark::kMillisecond);

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

}  // namespace
}  // namespace talon::render
