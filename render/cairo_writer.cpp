#include "render/cairo_writer.h"

#include <cairo-svg.h>
#include <cairo.h>

#include <cmath>
#include <cstring>
#include <regex>

#include <zlib.h>

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

// Draws every page, stacked, in points (the caller scales the context).
void DrawDocument(cairo_t* cr, const Document& doc, const Fonts& fonts) {
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
  double top = 0;
  std::vector<char32_t> cps;
  for (const Page& page : doc.pages) {
    cairo_save(cr);
    cairo_translate(cr, 0, top);
    cairo_rectangle(cr, 0, 0, page.width, page.height);
    SetColor(cr, kWhite);
    cairo_fill(cr);
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

// A PNG of an RGB24 surface. Cairo's own writer lets libpng try every row
// filter at zlib's default level, which takes most of a page's time; pages
// are mostly flat colour, so the "Up" filter with zlib's run-length strategy
// gives nearly the same size several times faster.
Expected<std::string> EncodePng(cairo_surface_t* surface) {
  cairo_surface_flush(surface);
  const int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const size_t row_bytes = 1 + 3 * static_cast<size_t>(w);
  std::vector<unsigned char> raw(row_bytes * static_cast<size_t>(h));
  std::vector<unsigned char> prev(3 * static_cast<size_t>(w), 0), cur(3 * static_cast<size_t>(w));
  for (int y = 0; y < h; ++y) {
    const auto* px = reinterpret_cast<const uint32_t*>(data + static_cast<ptrdiff_t>(y) * stride);
    for (int x = 0; x < w; ++x) {
      const uint32_t v = px[x];
      cur[3 * static_cast<size_t>(x)] = static_cast<unsigned char>(v >> 16);
      cur[3 * static_cast<size_t>(x) + 1] = static_cast<unsigned char>(v >> 8);
      cur[3 * static_cast<size_t>(x) + 2] = static_cast<unsigned char>(v);
    }
    unsigned char* out = &raw[row_bytes * static_cast<size_t>(y)];
    out[0] = 2;  // Up
    for (size_t i = 0; i < cur.size(); ++i) out[1 + i] = static_cast<unsigned char>(cur[i] - prev[i]);
    std::swap(prev, cur);
  }
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, 15, 9, Z_RLE) != Z_OK) return Status::Internal("zlib: deflateInit2 failed");
  std::string idat(deflateBound(&z, static_cast<uLong>(raw.size())), '\0');
  z.next_in = raw.data();
  z.avail_in = static_cast<uInt>(raw.size());
  z.next_out = reinterpret_cast<Bytef*>(idat.data());
  z.avail_out = static_cast<uInt>(idat.size());
  const int rc = deflate(&z, Z_FINISH);
  idat.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) return Status::Internal("zlib: deflate failed");
  std::string png("\x89PNG\r\n\x1a\n", 8);
  auto u32 = [](std::string& s, uint32_t v) {
    for (int i = 3; i >= 0; --i) s += static_cast<char>((v >> (8 * i)) & 0xFF);
  };
  auto chunk = [&](const char* type, const std::string& body) {
    u32(png, static_cast<uint32_t>(body.size()));
    std::string typed = std::string(type, 4) + body;
    png += typed;
    u32(png, static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(typed.data()), static_cast<uInt>(typed.size()))));
  };
  std::string ihdr;
  u32(ihdr, static_cast<uint32_t>(w));
  u32(ihdr, static_cast<uint32_t>(h));
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, deflate, no interlace
  chunk("IHDR", ihdr);
  chunk("IDAT", idat);
  chunk("IEND", "");
  return png;
}

Status CairoError(cairo_status_t s, const std::string& step) {
  return Status::Internal("cairo: " + std::string(cairo_status_to_string(s)) + " while " + step);
}

}  // namespace

Expected<std::string> WritePng(const Document& doc, const Fonts& fonts, double dpi) {
  if (!(dpi >= 10 && dpi <= 1200)) return Status::Usage("--dpi must be between 10 and 1200");
  if (doc.pages.empty()) return Status::Internal("no pages to draw");
  double w, h;
  StackedSize(doc, w, h);
  const double scale = dpi / 72.0;
  const int pw = static_cast<int>(std::ceil(w * scale)), ph = static_cast<int>(std::ceil(h * scale));
  if (static_cast<double>(pw) * ph > 400e6)
    return Status::Usage("the picture would be " + std::to_string(pw) + "x" + std::to_string(ph) +
                         " pixels; lower --dpi");
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);  // the gaps between pages
  cairo_paint(cr);
  cairo_scale(cr, scale, scale);
  DrawDocument(cr, doc, fonts);
  cairo_status_t s = cairo_status(cr);
  cairo_destroy(cr);
  if (s != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    return CairoError(s, "drawing the PNG");
  }
  auto png = EncodePng(surface);
  cairo_surface_destroy(surface);
  return png;
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
