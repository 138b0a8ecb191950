#include "render/scene.h"

#include <cmath>
#include <cstdio>

namespace talon::render {

Path& Path::MoveTo(double x, double y) {
  segs_.push_back({PathSeg::kMove, {{x, y}, {}, {}}});
  return *this;
}
Path& Path::LineTo(double x, double y) {
  segs_.push_back({PathSeg::kLine, {{x, y}, {}, {}}});
  return *this;
}
Path& Path::CurveTo(double x1, double y1, double x2, double y2, double x3, double y3) {
  segs_.push_back({PathSeg::kCurve, {{x1, y1}, {x2, y2}, {x3, y3}}});
  return *this;
}
Path& Path::Close() {
  segs_.push_back({PathSeg::kClose, {}});
  return *this;
}

Path& Path::AddRect(const Rect& r) {
  return MoveTo(r.x, r.y).LineTo(r.right(), r.y).LineTo(r.right(), r.bottom()).LineTo(r.x, r.bottom()).Close();
}

Path& Path::AddRoundedRect(const Rect& r, double radius) {
  const double k = 0.5523 * radius;  // cubic approximation of a quarter circle
  const double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
  MoveTo(x0 + radius, y0);
  LineTo(x1 - radius, y0);
  CurveTo(x1 - radius + k, y0, x1, y0 + radius - k, x1, y0 + radius);
  LineTo(x1, y1 - radius);
  CurveTo(x1, y1 - radius + k, x1 - radius + k, y1, x1 - radius, y1);
  LineTo(x0 + radius, y1);
  CurveTo(x0 + radius - k, y1, x0, y1 - radius + k, x0, y1 - radius);
  LineTo(x0, y0 + radius);
  CurveTo(x0, y0 + radius - k, x0 + radius - k, y0, x0 + radius, y0);
  return Close();
}

Path& Path::AddCircle(double cx, double cy, double rr) {
  const double k = 0.5523 * rr;
  MoveTo(cx + rr, cy);
  CurveTo(cx + rr, cy + k, cx + k, cy + rr, cx, cy + rr);
  CurveTo(cx - k, cy + rr, cx - rr, cy + k, cx - rr, cy);
  CurveTo(cx - rr, cy - k, cx - k, cy - rr, cx, cy - rr);
  CurveTo(cx + k, cy - rr, cx + rr, cy - k, cx + rr, cy);
  return Close();
}

Path& Path::Append(const Path& other, double s, double dx, double dy) {
  for (PathSeg seg : other.segs_) {
    for (Point& p : seg.p) p = {p.x * s + dx, p.y * s + dy};
    segs_.push_back(seg);
  }
  return *this;
}

void Page::Append(Page&& other) {
  const size_t base = items.size();
  for (Item& item : other.items) items.push_back(std::move(item));
  for (Link& link : other.links) links.push_back(link);
  for (ItemGroup g : other.groups) {
    g.first += base;
    g.end += base;
    groups.push_back(g);
  }
}

std::optional<Color> ParseColor(const std::string& hex) {
  if (hex.size() != 7 || hex[0] != '#') return std::nullopt;
  int v[3];
  for (int i = 0; i < 3; ++i) {
    int n = 0;
    for (int j = 0; j < 2; ++j) {
      char c = hex[static_cast<size_t>(1 + 2 * i + j)];
      int d = c >= '0' && c <= '9'   ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
      if (d < 0) return std::nullopt;
      n = n * 16 + d;
    }
    v[i] = n;
  }
  return Color{v[0] / 255.0, v[1] / 255.0, v[2] / 255.0};
}

std::string FormatColor(const Color& c) {
  char buf[8];
  auto to8 = [](double x) { return static_cast<int>(std::lround(x * 255)); };
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", to8(c.r), to8(c.g), to8(c.b));
  return buf;
}

}  // namespace talon::render
