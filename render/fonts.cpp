#include "render/fonts.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace talon::render {

bool DecodeUtf8(std::string_view s, std::vector<char32_t>& out) {
  out.clear();
  for (size_t i = 0; i < s.size();) {
    auto b = static_cast<unsigned char>(s[i]);
    int n = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
    if (n < 0 || s.size() - i <= static_cast<size_t>(n)) return false;
    char32_t cp = n == 0 ? b : n == 1 ? (b & 0x1F) : n == 2 ? (b & 0x0F) : (b & 0x07);
    for (int k = 1; k <= n; ++k) {
      auto c = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      if ((c >> 6) != 2) return false;
      cp = (cp << 6) | (c & 0x3F);
    }
    static constexpr char32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    out.push_back(cp);
    i += static_cast<size_t>(n) + 1;
  }
  return true;
}

namespace {

struct Reader {
  const std::string& d;
  bool ok = true;
  uint32_t U(size_t off, int bytes) {
    if (off + static_cast<size_t>(bytes) > d.size()) {
      ok = false;
      return 0;
    }
    uint32_t v = 0;
    for (int i = 0; i < bytes; ++i) v = v << 8 | static_cast<unsigned char>(d[off + static_cast<size_t>(i)]);
    return v;
  }
  uint16_t U16(size_t off) { return static_cast<uint16_t>(U(off, 2)); }
  int16_t S16(size_t off) { return static_cast<int16_t>(U(off, 2)); }
  uint32_t U32(size_t off) { return U(off, 4); }
};

}  // namespace

Expected<std::shared_ptr<const Font>> Font::Load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IoError(path + ": cannot read the font file");
  std::ostringstream buf;
  buf << in.rdbuf();
  std::shared_ptr<Font> f(new Font());
  f->path_ = path;
  f->data_ = buf.str();
  Reader r{f->data_};
  auto bad = [&](const std::string& why) {
    return Status::BadInput(path + ": not a usable TrueType font (" + why + ")");
  };
  uint32_t head = 0, hhea = 0, maxp = 0, cmap = 0;
  const uint16_t ntables = r.U16(4);
  for (uint16_t i = 0; i < ntables; ++i) {
    size_t rec = 12 + 16u * i;
    std::string tag = f->data_.substr(rec, 4);
    uint32_t off = r.U32(rec + 8);
    if (tag == "head") head = off;
    if (tag == "hhea") hhea = off;
    if (tag == "maxp") maxp = off;
    if (tag == "cmap") cmap = off;
    if (tag == "glyf") f->glyf_ = off;
    if (tag == "loca") f->loca_ = off;
    if (tag == "hmtx") f->hmtx_ = off;
  }
  if (!r.ok || !head || !hhea || !maxp || !cmap || !f->glyf_ || !f->loca_ || !f->hmtx_)
    return bad("a required table is missing");
  f->units_ = r.U16(head + 18);
  f->long_loca_ = r.S16(head + 50) != 0;
  f->ascent_ = r.S16(hhea + 4) / f->units_;
  f->descent_ = -r.S16(hhea + 6) / f->units_;
  f->num_hmetrics_ = r.U16(hhea + 34);
  f->num_glyphs_ = r.U16(maxp + 4);
  if (f->units_ <= 0 || f->num_hmetrics_ == 0) return bad("bad head/hhea");
  // cmap: prefer (3,10) format 12, else (3,1) or (0,x) format 4.
  uint32_t sub4 = 0, sub12 = 0;
  const uint16_t nsub = r.U16(cmap + 2);
  for (uint16_t i = 0; i < nsub; ++i) {
    size_t rec = cmap + 4 + 8u * i;
    uint16_t platform = r.U16(rec), encoding = r.U16(rec + 2);
    uint32_t off = cmap + r.U32(rec + 4);
    uint16_t format = r.U16(off);
    if (format == 12 && (platform == 3 || platform == 0)) sub12 = off;
    if (format == 4 && ((platform == 3 && encoding == 1) || platform == 0)) sub4 = off;
  }
  if (sub12) {
    uint32_t groups = r.U32(sub12 + 12);
    for (uint32_t g = 0; g < groups && r.ok; ++g) {
      size_t rec = sub12 + 16 + 12u * g;
      uint32_t start = r.U32(rec), end = r.U32(rec + 4), gid = r.U32(rec + 8);
      for (uint32_t c = start; c <= end && c < 0x110000; ++c)
        if (gid + (c - start) < f->num_glyphs_) f->cmap_[c] = static_cast<uint16_t>(gid + (c - start));
    }
  } else if (sub4) {
    uint16_t segs = r.U16(sub4 + 6) / 2;
    size_t ends = sub4 + 14, starts = ends + 2u * segs + 2, deltas = starts + 2u * segs,
           ranges = deltas + 2u * segs;
    for (uint16_t s = 0; s < segs && r.ok; ++s) {
      uint16_t end = r.U16(ends + 2u * s), start = r.U16(starts + 2u * s);
      uint16_t delta = r.U16(deltas + 2u * s), range = r.U16(ranges + 2u * s);
      for (uint32_t c = start; c <= end && c != 0xFFFF; ++c) {
        uint16_t gid;
        if (range == 0) {
          gid = static_cast<uint16_t>(c + delta);
        } else {
          size_t at = ranges + 2u * s + range + 2u * (c - start);
          gid = r.U16(at);
          if (gid) gid = static_cast<uint16_t>(gid + delta);
        }
        if (gid && gid < f->num_glyphs_) f->cmap_[c] = gid;
      }
    }
  } else {
    return bad("no Unicode cmap");
  }
  if (!r.ok) return bad("truncated");
  return std::shared_ptr<const Font>(std::move(f));
}

uint16_t Font::GlyphIndex(char32_t cp) const {
  auto it = cmap_.find(cp);
  return it == cmap_.end() ? 0 : it->second;
}

double Font::Advance(char32_t cp) const {
  uint16_t g = GlyphIndex(cp);
  if (g == 0) return 0;
  Reader r{data_};
  uint16_t i = g < num_hmetrics_ ? g : static_cast<uint16_t>(num_hmetrics_ - 1);
  return r.U16(hmtx_ + 4u * i) / units_;
}

double Font::TextWidth(std::string_view text, double size) const {
  std::vector<char32_t> cps;
  if (!DecodeUtf8(text, cps)) return 0;
  double w = 0;
  for (char32_t c : cps) w += Advance(c);
  return w * size;
}

// m: the 2x3 transform (a b c d e f: x' = a x + c y + e, y' = b x + d y + f) in
// font units, applied before scaling to ems and flipping y.
void Font::AddGlyph(Path& out, uint16_t glyph, const double m[6], int depth) const {
  if (depth > 8 || glyph >= num_glyphs_) return;
  Reader r{data_};
  uint32_t start, end;
  if (long_loca_) {
    start = r.U32(loca_ + 4u * glyph);
    end = r.U32(loca_ + 4u * glyph + 4);
  } else {
    start = 2u * r.U16(loca_ + 2u * glyph);
    end = 2u * r.U16(loca_ + 2u * glyph + 2);
  }
  if (end <= start || !r.ok) return;  // empty glyph (space)
  size_t g = glyf_ + start;
  int16_t contours = r.S16(g);
  auto emit = [&](double x, double y) {
    return Point{(m[0] * x + m[2] * y + m[4]) / units_, -(m[1] * x + m[3] * y + m[5]) / units_};
  };
  if (contours >= 0) {
    std::vector<uint16_t> end_pts(static_cast<size_t>(contours));
    for (int i = 0; i < contours; ++i) end_pts[static_cast<size_t>(i)] = r.U16(g + 10 + 2u * static_cast<unsigned>(i));
    size_t npts = contours ? end_pts.back() + 1u : 0;
    size_t p = g + 10 + 2u * static_cast<size_t>(contours);
    p += 2 + r.U16(p);  // instructions
    std::vector<uint8_t> flags;
    flags.reserve(npts);
    while (flags.size() < npts && r.ok) {
      auto f = static_cast<uint8_t>(r.U(p++, 1));
      flags.push_back(f);
      if (f & 8) {
        int rep = static_cast<int>(r.U(p++, 1));
        while (rep-- > 0 && flags.size() < npts) flags.push_back(f);
      }
    }
    std::vector<int> xs(npts), ys(npts);
    int v = 0;
    for (size_t i = 0; i < npts; ++i) {
      uint8_t f = flags[i];
      if (f & 2) {
        int d = static_cast<int>(r.U(p++, 1));
        v += (f & 16) ? d : -d;
      } else if (!(f & 16)) {
        v += r.S16(p);
        p += 2;
      }
      xs[i] = v;
    }
    v = 0;
    for (size_t i = 0; i < npts; ++i) {
      uint8_t f = flags[i];
      if (f & 4) {
        int d = static_cast<int>(r.U(p++, 1));
        v += (f & 32) ? d : -d;
      } else if (!(f & 32)) {
        v += r.S16(p);
        p += 2;
      }
      ys[i] = v;
    }
    if (!r.ok) return;
    size_t first = 0;
    for (int c = 0; c < contours; ++c) {
      size_t last = end_pts[static_cast<size_t>(c)];
      if (last < first || last >= npts) return;
      size_t n = last - first + 1;
      auto on = [&](size_t k) { return (flags[first + k % n] & 1) != 0; };
      auto pt = [&](size_t k) { return std::pair<double, double>(xs[first + k % n], ys[first + k % n]); };
      // Start at an on-curve point (or the midpoint of two off-curve points).
      size_t s = 0;
      while (s < n && !on(s)) ++s;
      std::pair<double, double> start_pt;
      if (s == n) {
        auto a = pt(0), b = pt(1);
        start_pt = {(a.first + b.first) / 2, (a.second + b.second) / 2};
        s = 0;
      } else {
        start_pt = pt(s);
      }
      Point sp = emit(start_pt.first, start_pt.second);
      out.MoveTo(sp.x, sp.y);
      auto cur = start_pt;
      for (size_t k = 1; k <= n; ++k) {
        size_t idx = s + k;
        auto q = pt(idx);
        if (on(idx)) {
          Point e = emit(q.first, q.second);
          out.LineTo(e.x, e.y);
          cur = q;
          continue;
        }
        // Off-curve control point: the end is the next on-point or a midpoint.
        std::pair<double, double> next;
        if (on(idx + 1)) {
          next = pt(idx + 1);
          ++k;
        } else {
          auto q2 = pt(idx + 1);
          next = {(q.first + q2.first) / 2, (q.second + q2.second) / 2};
        }
        if (k > n) next = start_pt;
        double c1x = cur.first + 2.0 / 3 * (q.first - cur.first);
        double c1y = cur.second + 2.0 / 3 * (q.second - cur.second);
        double c2x = next.first + 2.0 / 3 * (q.first - next.first);
        double c2y = next.second + 2.0 / 3 * (q.second - next.second);
        Point a = emit(c1x, c1y), b = emit(c2x, c2y), e = emit(next.first, next.second);
        out.CurveTo(a.x, a.y, b.x, b.y, e.x, e.y);
        cur = next;
      }
      out.Close();
      first = last + 1;
    }
    return;
  }
  // Composite glyph.
  size_t p = g + 10;
  for (;;) {
    uint16_t flags = r.U16(p), sub = r.U16(p + 2);
    p += 4;
    double dx, dy;
    if (flags & 1) {
      dx = r.S16(p);
      dy = r.S16(p + 2);
      p += 4;
    } else {
      dx = static_cast<int8_t>(r.U(p, 1));
      dy = static_cast<int8_t>(r.U(p + 1, 1));
      p += 2;
    }
    if (!(flags & 2)) dx = dy = 0;  // point matching: not used by DejaVu's Latin glyphs
    double a = 1, b = 0, c = 0, d = 1;
    auto f2dot14 = [&](size_t at) { return r.S16(at) / 16384.0; };
    if (flags & 8) {
      a = d = f2dot14(p);
      p += 2;
    } else if (flags & 0x40) {
      a = f2dot14(p);
      d = f2dot14(p + 2);
      p += 4;
    } else if (flags & 0x80) {
      a = f2dot14(p);
      b = f2dot14(p + 2);
      c = f2dot14(p + 4);
      d = f2dot14(p + 6);
      p += 8;
    }
    // Compose: child transform first, then the parent's m.
    double mm[6] = {m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d,
                    m[1] * c + m[3] * d, m[0] * dx + m[2] * dy + m[4], m[1] * dx + m[3] * dy + m[5]};
    if (!r.ok) return;
    AddGlyph(out, sub, mm, depth + 1);
    if (!(flags & 0x20)) break;
  }
}

const Path& Font::GlyphPath(char32_t cp) const {
  auto it = outlines_.find(cp);
  if (it != outlines_.end()) return it->second;
  Path path;
  static const double kIdentity[6] = {1, 0, 0, 1, 0, 0};
  if (uint16_t g = GlyphIndex(cp)) AddGlyph(path, g, kIdentity, 0);
  return outlines_.emplace(cp, std::move(path)).first->second;
}

Status Fonts::Check(std::string_view text, FontFace face, std::string_view where) const {
  std::vector<char32_t> cps;
  if (!DecodeUtf8(text, cps))
    return Status::BadInput(std::string(where) + ": the text is not valid UTF-8");
  const Font& f = Get(face);
  for (char32_t c : cps) {
    if (c == ' ' || f.HasGlyph(c)) continue;
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    std::string shown;
    if (c >= 0x20 && c != 0x7F) {
      // Re-encode the character so that the message shows it.
      std::vector<char32_t> one{c};
      std::string s;
      if (c < 0x80) s += static_cast<char>(c);
      else if (c < 0x800) { s += static_cast<char>(0xC0 | (c >> 6)); s += static_cast<char>(0x80 | (c & 0x3F)); }
      else if (c < 0x10000) { s += static_cast<char>(0xE0 | (c >> 12)); s += static_cast<char>(0x80 | ((c >> 6) & 0x3F)); s += static_cast<char>(0x80 | (c & 0x3F)); }
      else { s += static_cast<char>(0xF0 | (c >> 18)); s += static_cast<char>(0x80 | ((c >> 12) & 0x3F)); s += static_cast<char>(0x80 | ((c >> 6) & 0x3F)); s += static_cast<char>(0x80 | (c & 0x3F)); }
      shown = " ('" + s + "')";
    }
    return Status::BadInput(std::string(where) + ": the font " + f.path() + " cannot show " + buf +
                            shown + "; use characters DejaVu Sans has");
  }
  return Status::Ok();
}

std::vector<std::string> FontSearchDirs() {
  if (const char* dir = std::getenv("TALON_FONT_DIR"); dir && *dir) return {dir};
  return {"/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu",
          "/usr/share/fonts/truetype", "/usr/local/share/fonts", "/usr/share/fonts/dejavu-sans-fonts"};
}

Expected<Fonts> FindFonts() {
  const auto dirs = FontSearchDirs();
  std::string searched;
  for (const std::string& dir : dirs) {
    searched += (searched.empty() ? "" : ", ") + dir;
    std::string regular = dir + "/DejaVuSans.ttf", bold = dir + "/DejaVuSans-Bold.ttf";
    if (!std::ifstream(regular) || !std::ifstream(bold)) continue;
    auto r = Font::Load(regular);
    if (!r) return r.status();
    auto b = Font::Load(bold);
    if (!b) return b.status();
    return Fonts(*r, *b);
  }
  return Status::IoError("the font DejaVu Sans (DejaVuSans.ttf and DejaVuSans-Bold.ttf) was not found in " +
                         searched + "; install Debian's fonts-dejavu-core (apt-get install fonts-dejavu-core)" +
                         " or set TALON_FONT_DIR to a directory that holds those files");
}

}  // namespace talon::render
