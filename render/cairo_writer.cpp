#include "render/cairo_writer.h"

#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <regex>

#include "render/png_encoder.h"

namespace talon::render {

namespace {

cairo_status_t AppendBytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

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

// A page's paper in device space, exactly as Cairo's fixed point (1/256
// pixel) has it: its corners, and the pixels it covers fully, [x0, x1) x
// [y0, y1).
struct PaperBox {
  double ax, ay, bx, by;
  int x0, y0, x1, y1;
  bool has_inside() const { return x1 > x0 && y1 > y0; }
};

// Cairo rounds a device coordinate to the nearest 1/256, ties to even.
double CairoFixed(double v) { return std::nearbyint(v * 256) / 256; }

// REQUIRES: cr's matrix is the page's.
PaperBox PaperPixels(cairo_t* cr, const Page& page) {
  // As cairo_rectangle makes it: the first corner, then relative moves.
  double ax = 0, ay = 0, w = page.width, zero_w = 0, zero_h = 0, h = page.height;
  cairo_user_to_device(cr, &ax, &ay);
  cairo_user_to_device_distance(cr, &w, &zero_w);
  cairo_user_to_device_distance(cr, &zero_h, &h);
  PaperBox b{};
  b.ax = CairoFixed(ax);
  b.ay = CairoFixed(ay);
  b.bx = b.ax + CairoFixed(w);
  b.by = b.ay + CairoFixed(h);
  b.x0 = static_cast<int>(std::ceil(b.ax));
  b.y0 = static_cast<int>(std::ceil(b.ay));
  b.x1 = static_cast<int>(std::floor(b.bx));
  b.y1 = static_cast<int>(std::floor(b.by));
  return b;
}

// Paints the page white. With `inside_done`, the pixels the page covers
// fully are white already, and only the strips of partly covered pixels
// along its edges are painted: each as a rectangle from the paper's edge to
// the whole pixels, so Cairo blends them with the grey exactly as when it
// paints the whole paper (a clip instead gives other roundings).
void PaintPaper(cairo_t* cr, const Page& page, bool inside_done) {
  cairo_save(cr);
  SetColor(cr, kWhite);
  const PaperBox b = inside_done ? PaperPixels(cr, page) : PaperBox{};
  if (b.has_inside()) {
    cairo_identity_matrix(cr);
    auto strip = [cr](double x0, double y0, double x1, double y1) {
      if (x1 <= x0 || y1 <= y0) return;
      cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
      cairo_fill(cr);
    };
    strip(b.ax, b.ay, b.bx, b.y0);  // top, corners included
    strip(b.ax, b.y1, b.bx, b.by);  // bottom, corners included
    strip(b.ax, b.y0, b.x0, b.y1);  // left
    strip(b.x1, b.y0, b.bx, b.y1);  // right
  } else {
    cairo_rectangle(cr, 0, 0, page.width, page.height);
    cairo_fill(cr);
  }
  cairo_restore(cr);
}

// Draws every page, stacked, in points (the caller scales the context).
// `papers_done`: see PaintPaper.
void DrawDocument(cairo_t* cr, const Document& doc, const Fonts& fonts, bool papers_done = false) {
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
  double top = 0;
  std::vector<char32_t> cps;
  for (const Page& page : doc.pages) {
    cairo_save(cr);
    cairo_translate(cr, 0, top);
    PaintPaper(cr, page, papers_done);
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
    top += page.height + kPageGap;
  }
}

void StackedSize(const Document& doc, double& w, double& h) {
  w = 0;
  h = 0;
  for (const Page& p : doc.pages) {
    w = std::max(w, p.width);
    h += p.height;
  }
  if (doc.pages.size() > 1) h += kPageGap * static_cast<double>(doc.pages.size() - 1);
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

// Writes the grey and the whole pixels of each page's paper into `pic`,
// which `cr` draws on (scaled to points).
void FillBackground(cairo_t* cr, const Document& doc, Picture& pic) {
  // Cairo's grey 0.6: 0.6 * 65535 + 0.5 -> 0x9999 -> 0x99 in 8 bits.
  constexpr uint32_t kGrey = 0xFF999999, kPaper = 0xFFFFFFFF;
  std::vector<PaperBox> papers;
  double top = 0;
  for (const Page& page : doc.pages) {
    cairo_save(cr);
    cairo_translate(cr, 0, top);
    const PaperBox b = PaperPixels(cr, page);
    cairo_restore(cr);
    if (b.has_inside()) papers.push_back(b);
    top += page.height + kPageGap;
  }
  const int pw = pic.width;
  for (int y = 0; y < pic.height; ++y) {
    uint32_t* row = pic.pixels.get() + static_cast<size_t>(y) * (pic.stride / 4);
    int x0 = pw, x1 = pw;  // the paper's whole pixels in this row
    for (const PaperBox& b : papers)
      if (y >= b.y0 && y < b.y1) {
        x0 = std::clamp(b.x0, 0, pw);
        x1 = std::clamp(b.x1, x0, pw);
        break;
      }
    std::fill(row, row + x0, kGrey);
    std::fill(row + x0, row + x1, kPaper);
    std::fill(row + x1, row + pw, kGrey);
  }
}

// Draws the pages on grey (the gaps between them). The grey and the white of
// the paper are written here, straight into the pixels, each pixel once;
// Cairo paints only the paper's edge pixels, where it blends (PaintPaper).
// That gives the same picture as painting the grey and then every page with
// Cairo, which filled all the pixels twice.
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
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_paint(cr);
  } else {
    FillBackground(cr, doc, pic);
    cairo_surface_mark_dirty(surface);
  }
  DrawDocument(cr, doc, fonts, /*papers_done=*/bg == Background::kFast);
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

Expected<std::string> WriteSvg(const Document& doc, const Fonts& fonts) {
  if (doc.pages.empty()) return Status::Internal("no pages to draw");
  double w, h;
  StackedSize(doc, w, h);
  std::string out;
  cairo_surface_t* surface = cairo_svg_surface_create_for_stream(AppendBytes, &out, w, h);
  cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1);
  cairo_t* cr = cairo_create(surface);
  if (doc.pages.size() > 1) {
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_paint(cr);
  }
  DrawDocument(cr, doc, fonts);
  cairo_status_t s = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  if (s == CAIRO_STATUS_SUCCESS) s = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (s != CAIRO_STATUS_SUCCESS) return CairoError(s, "drawing the SVG");
  // Cairo numbers surfaces with a process-wide counter; make the ids the same
  // whatever was drawn before in this process.
  return std::regex_replace(out, std::regex("id=\"surface[0-9]+\""), "id=\"surface1\"");
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
