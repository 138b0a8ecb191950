// SVG output of klondike#3's layout and solution sheets (the longest file of
// the one-deal sheets): talon's own writer (render/svg_writer.cpp) against
// Cairo's SVG surface, drawing every item in place (the plain way), and
// Cairo's SVG surface with each card face and each glyph (per colour) drawn
// once into a recording surface and painted where it goes (Cairo then
// writes it once and places it with <use>). The "bytes" counter is the file
// size. Run:
//   build/bin/talon_bench --benchmark_filter=Svg --benchmark_repetitions=5
#include <benchmark/benchmark.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <map>
#include <string>
#include <tuple>

#include "core/game.h"
#include "render/fonts.h"
#include "render/page_stack.h"
#include "render/sheets.h"
#include "render/svg_writer.h"
#include "render/template.h"

namespace talon::render {
namespace {

const Fonts& SvgFonts() {
  static const Fonts fonts = *FindFonts();
  return fonts;
}

const Document& Klondike3() {
  static const Document doc = [] {
    const Game& game = *FindGame("klondike");
    auto deal = MakeDeal(game, 3, {});
    SearchLimits limits;
    limits.max_nodes = 5000000;
    Solution s = MakeSolution(*deal, game.Solve(*deal, limits));
    auto t = ShippedTemplate("a4", 1, false);
    return *RenderDealSheets(game, *deal, &s, SheetKind::kBoth, *t, SvgFonts());
  }();
  return doc;
}

cairo_status_t Append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void AddPath(cairo_t* cr, const Path& path, double s, double dx, double dy) {
  for (const PathSeg& seg : path.segs()) {
    switch (seg.op) {
      case PathSeg::kMove: cairo_move_to(cr, seg.p[0].x * s + dx, seg.p[0].y * s + dy); break;
      case PathSeg::kLine: cairo_line_to(cr, seg.p[0].x * s + dx, seg.p[0].y * s + dy); break;
      case PathSeg::kCurve:
        cairo_curve_to(cr, seg.p[0].x * s + dx, seg.p[0].y * s + dy, seg.p[1].x * s + dx, seg.p[1].y * s + dy,
                       seg.p[2].x * s + dx, seg.p[2].y * s + dy);
        break;
      case PathSeg::kClose: cairo_close_path(cr); break;
    }
  }
}

void PaintPath(cairo_t* cr, const PathItem& p, double dx, double dy) {
  cairo_new_path(cr);
  AddPath(cr, p.path, 1, dx, dy);
  if (p.paint.fill) {
    cairo_set_source_rgb(cr, p.paint.fill->r, p.paint.fill->g, p.paint.fill->b);
    if (p.paint.stroke) cairo_fill_preserve(cr);
    else cairo_fill(cr);
  }
  if (p.paint.stroke) {
    cairo_set_source_rgb(cr, p.paint.stroke->r, p.paint.stroke->g, p.paint.stroke->b);
    cairo_set_line_width(cr, p.paint.line_width);
    cairo_stroke(cr);
  }
}

// Cairo's SVG surface. With `reuse`, card faces (ItemGroup) and glyphs are
// recording surfaces drawn once and painted many times.
class CairoSvg {
 public:
  explicit CairoSvg(bool reuse) : reuse_(reuse) {}
  ~CairoSvg() {
    for (auto& [key, s] : recordings_) cairo_surface_destroy(s);
  }

  std::string Write(const Document& doc) {
    double w = 0, h = 0;
    StackedSize(doc, w, h);
    std::string out;
    cairo_surface_t* surface = cairo_svg_surface_create_for_stream(Append, &out, w, h);
    cairo_t* cr = cairo_create(surface);
    const std::vector<double> tops = PageTops(doc);
    for (size_t pi = 0; pi < doc.pages.size(); ++pi) {
      const Page& page = doc.pages[pi];
      cairo_save(cr);
      cairo_translate(cr, 0, tops[pi]);
      size_t g = 0;
      for (size_t i = 0; i < page.items.size();) {
        if (reuse_ && g < page.groups.size() && page.groups[g].first == i) {
          const ItemGroup& group = page.groups[g++];
          Paint(cr, Recording(page, group), group.origin.x, group.origin.y, 1);
          i = group.end;
          continue;
        }
        Draw(cr, page.items[i++], 0, 0);
      }
      cairo_restore(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    return out;
  }

 private:
  void Draw(cairo_t* cr, const Item& item, double ox, double oy) {
    if (const auto* t = std::get_if<TextItem>(&item)) {
      const Font& font = SvgFonts().Get(t->face);
      DecodeUtf8(t->text, cps_);
      double x = t->x - ox;
      if (!reuse_) cairo_new_path(cr);
      for (char32_t c : cps_) {
        if (reuse_) Paint(cr, Glyph(t->face, c, t->color), x, t->y - oy, t->size);
        else AddPath(cr, font.GlyphPath(c), t->size, x, t->y - oy);
        x += font.Advance(c) * t->size;
      }
      if (!reuse_) {
        cairo_set_source_rgb(cr, t->color.r, t->color.g, t->color.b);
        cairo_fill(cr);
      }
      return;
    }
    PaintPath(cr, std::get<PathItem>(item), -ox, -oy);
  }

  void Paint(cairo_t* cr, cairo_surface_t* rec, double x, double y, double scale) {
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, rec, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
  }

  cairo_surface_t* Recording(const Page& page, const ItemGroup& g) {
    std::string key = "group";
    for (size_t i = g.first; i < g.end; ++i) {
      if (const auto* t = std::get_if<TextItem>(&page.items[i]))
        key += t->text + std::to_string(t->x - g.origin.x) + std::to_string(t->size);
      else
        for (const PathSeg& s : std::get<PathItem>(page.items[i]).path.segs())
          key += std::to_string(s.p[0].x - g.origin.x) + std::to_string(s.p[0].y - g.origin.y);
    }
    cairo_surface_t*& rec = recordings_[key];
    if (!rec) {
      rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
      cairo_t* rc = cairo_create(rec);
      const bool reuse = reuse_;
      reuse_ = false;  // inside a face, text is drawn in place
      for (size_t i = g.first; i < g.end; ++i) Draw(rc, page.items[i], g.origin.x, g.origin.y);
      reuse_ = reuse;
      cairo_destroy(rc);
    }
    return rec;
  }

  cairo_surface_t* Glyph(FontFace face, char32_t c, const Color& color) {
    const std::string key = "glyph" + std::to_string(static_cast<int>(face)) + "/" + std::to_string(c) + "/" +
                            FormatColor(color);
    cairo_surface_t*& rec = recordings_[key];
    if (!rec) {
      rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
      cairo_t* rc = cairo_create(rec);
      AddPath(rc, SvgFonts().Get(face).GlyphPath(c), 1, 0, 0);
      cairo_set_source_rgb(rc, color.r, color.g, color.b);
      cairo_fill(rc);
      cairo_destroy(rc);
    }
    return rec;
  }

  bool reuse_;
  std::map<std::string, cairo_surface_t*> recordings_;
  std::vector<char32_t> cps_;
};

void BM_SvgTalon(benchmark::State& state) {
  const Document& doc = Klondike3();
  size_t bytes = 0;
  for (auto _ : state) {
    auto svg = WriteSvg(doc, SvgFonts());
    bytes = svg->size();
    benchmark::DoNotOptimize(svg->data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_SvgTalon)->Unit(benchmark::kMillisecond);

// Arg 0: every item drawn in place; 1: recording surfaces reused.
void BM_SvgCairo(benchmark::State& state) {
  const Document& doc = Klondike3();
  size_t bytes = 0;
  for (auto _ : state) {
    CairoSvg writer(state.range(0) == 1);
    const std::string svg = writer.Write(doc);
    bytes = svg.size();
    benchmark::DoNotOptimize(svg.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_SvgCairo)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace talon::render
