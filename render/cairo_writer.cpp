#include "render/cairo_writer.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "render/page_stack.h"
#include "render/png_encoder.h"

namespace talon::render {

namespace {

void AddPath(cairo_t* cr, const Path& path, double s, double dx, double dy) {
  for (const PathSeg& seg : path.segs()) {
    switch (seg.op) {
      case PathSeg::kMove: cairo_move_to(cr, seg.p[0].x * s + dx, seg.p[0].y * s + dy); break;
      case PathSeg::kLine: cairo_line_to(cr, seg.p[0].x * s + dx, seg.p[0].y * s + dy); break;
      case PathSeg::kCurve:
        cairo_curve_to(cr, seg.p[0].x * s + dx, seg.p[0].y * s + dy, seg.p[1].x * s + dx,
                       seg.p[1].y * s + dy, seg.p[2].x * s + dx, seg.p[2].y * s + dy);
        break;
      case PathSeg::kClose: cairo_close_path(cr); break;
    }
  }
}

void SetColor(cairo_t* cr, const Color& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

// Draws every page, stacked (render/page_stack.h), in points (the caller
// scales the context), on a picture already white, then the cut lines
// between pages.
void DrawDocument(cairo_t* cr, const Document& doc, const Fonts& fonts) {
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
  const std::vector<double> tops = PageTops(doc);
  std::vector<char32_t> cps;
  for (size_t pi = 0; pi < doc.pages.size(); ++pi) {
    const Page& page = doc.pages[pi];
    cairo_save(cr);
    cairo_translate(cr, 0, tops[pi]);
    for (const Item& item : page.items) {
      if (const auto* t = std::get_if<TextItem>(&item)) {
        const Font& font = fonts.Get(t->face);
        if (!DecodeUtf8(t->text, cps)) continue;
        cairo_new_path(cr);
        double x = t->x;
        for (char32_t c : cps) {
          AddPath(cr, font.GlyphPath(c), t->size, x, t->y);
          x += font.Advance(c) * t->size;
        }
        SetColor(cr, t->color);
        cairo_fill(cr);
        continue;
      }
      const auto& p = std::get<PathItem>(item);
      if (!p.paint.fill && !p.paint.stroke) continue;
      cairo_new_path(cr);
      AddPath(cr, p.path, 1, 0, 0);
      if (p.paint.fill) {
        SetColor(cr, *p.paint.fill);
        if (p.paint.stroke) cairo_fill_preserve(cr);
        else cairo_fill(cr);
      }
      if (p.paint.stroke) {
        SetColor(cr, *p.paint.stroke);
        cairo_set_line_width(cr, p.paint.line_width);
        cairo_stroke(cr);
      }
    }
    cairo_restore(cr);
  }
  double w = 0, h = 0;
  StackedSize(doc, w, h);
  const double dash = kCutDash;
  for (size_t pi = 0; pi + 1 < doc.pages.size(); ++pi) {
    cairo_save(cr);
    cairo_new_path(cr);
    const double y = CutLineY(doc, tops, pi);
    cairo_move_to(cr, 0, y);
    cairo_line_to(cr, w, y);
    SetColor(cr, kCutLine);
    cairo_set_line_width(cr, kCutLineWidth);
    cairo_set_dash(cr, &dash, 1, 0);
    cairo_stroke(cr);
    cairo_restore(cr);
  }
}

Status CairoError(cairo_status_t s, const std::string& step) {
  return Status::Internal("cairo: " + std::string(cairo_status_to_string(s)) + " while " + step);
}

// The document drawn at `dpi`, in Cairo RGB24 pixels (0x??RRGGBB).
struct Picture {
  std::unique_ptr<uint32_t[]> pixels;
  int width = 0, height = 0;
  size_t stride = 0;  // bytes
};

// Draws the pages on white. The white is written straight into the pixels
// (Background::kFast) or painted by Cairo (kCairo); a test checks they agree.
Expected<Picture> Draw(const Document& doc, const Fonts& fonts, double dpi, Background bg) {
  if (!(dpi >= 10 && dpi <= 1200)) return Status::Usage("--dpi must be between 10 and 1200");
  if (doc.pages.empty()) return Status::Internal("no pages to draw");
  double w, h;
  StackedSize(doc, w, h);
  const double scale = dpi / 72.0;
  const int pw = static_cast<int>(std::ceil(w * scale)), ph = static_cast<int>(std::ceil(h * scale));
  if (static_cast<double>(pw) * ph > 400e6)
    return Status::Usage("the picture would be " + std::to_string(pw) + "x" + std::to_string(ph) +
                         " pixels; lower --dpi");
  Picture pic;
  pic.width = pw;
  pic.height = ph;
  pic.stride = static_cast<size_t>(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, pw));
  pic.pixels = std::make_unique_for_overwrite<uint32_t[]>(pic.stride / 4 * static_cast<size_t>(ph));
  cairo_surface_t* surface = cairo_image_surface_create_for_data(
      reinterpret_cast<unsigned char*>(pic.pixels.get()), CAIRO_FORMAT_RGB24, pw, ph, static_cast<int>(pic.stride));
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, scale, scale);

  if (bg == Background::kCairo) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
  } else {
    std::fill(pic.pixels.get(), pic.pixels.get() + pic.stride / 4 * static_cast<size_t>(ph), 0xFFFFFFFFu);
    cairo_surface_mark_dirty(surface);
  }
  DrawDocument(cr, doc, fonts);
  cairo_status_t s = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  cairo_surface_destroy(surface);
  if (s != CAIRO_STATUS_SUCCESS) return CairoError(s, "drawing the PNG");
  return pic;
}

}  // namespace

// Cairo's own writer lets libpng try every row filter at zlib's default
// level, whose compression alone takes twice EncodePngRgb's whole time
// (tests/bench/png_bench.cpp: BM_PngZlib/6/0/8 against BM_PngEncode).
Expected<std::string> WritePng(const Document& doc, const Fonts& fonts, double dpi) {
  auto pic = Draw(doc, fonts, dpi, Background::kFast);
  if (!pic.ok()) return pic.status();
  return EncodePngRgb(pic->pixels.get(), pic->width, pic->height, pic->stride);
}

Expected<Image> DrawImage(const Document& doc, const Fonts& fonts, double dpi, Background bg) {
  auto pic = Draw(doc, fonts, dpi, bg);
  if (!pic.ok()) return pic.status();
  Image img;
  img.width = pic->width;
  img.height = pic->height;
  img.pixels.resize(static_cast<size_t>(img.width) * static_cast<size_t>(img.height));
  for (int y = 0; y < img.height; ++y) {
    const uint32_t* row = pic->pixels.get() + static_cast<size_t>(y) * (pic->stride / 4);
    for (int x = 0; x < img.width; ++x)
      img.pixels[static_cast<size_t>(y) * static_cast<size_t>(img.width) + static_cast<size_t>(x)] =
          row[x] | 0xFF000000u;
  }
  return img;
}

Expected<Image> ReadPng(const std::string& bytes) {
  struct Src {
    const std::string* b;
    size_t at = 0;
  } src{&bytes};
  auto read = [](void* closure, unsigned char* data, unsigned int length) -> cairo_status_t {
    auto* s = static_cast<Src*>(closure);
    if (s->at + length > s->b->size()) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, s->b->data() + s->at, length);
    s->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(read, &src);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    return Status::BadInput("not a PNG file");
  }
  cairo_surface_flush(surface);
  Image img;
  img.width = cairo_image_surface_get_width(surface);
  img.height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  img.pixels.resize(static_cast<size_t>(img.width) * static_cast<size_t>(img.height));
  for (int y = 0; y < img.height; ++y)
    std::memcpy(&img.pixels[static_cast<size_t>(y) * static_cast<size_t>(img.width)],
                data + static_cast<ptrdiff_t>(y) * stride, static_cast<size_t>(img.width) * 4);
  cairo_surface_destroy(surface);
  return img;
}

}  // namespace talon::render
