// Scene: a device-independent description of printed pages, in points
// (1/72 inch), origin at the top left of the page, y growing downwards.
// Sheets compose scenes; pdf_writer and cairo_writer draw them. Everything a
// writer shows is in the scene, so a PDF and a PNG of it show the same.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace talon::render {

inline constexpr double kPointsPerMm = 72.0 / 25.4;

struct Color {
  double r = 0, g = 0, b = 0;  // 0..1
  friend bool operator==(const Color&, const Color&) = default;
};
inline constexpr Color kBlack{0, 0, 0};
inline constexpr Color kWhite{1, 1, 1};

struct Point {
  double x = 0, y = 0;
};

struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
  bool Contains(const Rect& o, double eps = 1e-6) const {
    return o.x >= x - eps && o.y >= y - eps && o.right() <= right() + eps &&
           o.bottom() <= bottom() + eps;
  }
  bool Overlaps(const Rect& o) const {
    return o.x < right() && x < o.right() && o.y < bottom() && y < o.bottom();
  }
};

// A path: move/line/cubic curve/close segments.
struct PathSeg {
  enum Op : unsigned char { kMove, kLine, kCurve, kClose } op;
  Point p[3];  // kMove, kLine: p[0]; kCurve: control p[0], p[1], end p[2]
};

class Path {
 public:
  Path& MoveTo(double x, double y);
  Path& LineTo(double x, double y);
  Path& CurveTo(double x1, double y1, double x2, double y2, double x3, double y3);
  Path& Close();
  // Appends closed shapes.
  Path& AddRect(const Rect& r);
  Path& AddRoundedRect(const Rect& r, double radius);
  Path& AddCircle(double cx, double cy, double radius);
  // Appends `other` scaled by s and moved by (dx, dy).
  Path& Append(const Path& other, double s = 1, double dx = 0, double dy = 0);
  const std::vector<PathSeg>& segs() const { return segs_; }
  bool empty() const { return segs_.empty(); }

 private:
  std::vector<PathSeg> segs_;
};

// How a path is painted: filled (non-zero winding), stroked, or both (fill
// first). Missing colours mean "not painted".
struct Paint {
  std::optional<Color> fill;
  std::optional<Color> stroke;
  double line_width = 0.5;
};

struct PathItem {
  Path path;
  Paint paint;
};

enum class FontFace : unsigned char { kRegular, kBold };

// A run of UTF-8 text on one baseline, starting at (x, y). Its glyphs must be
// in the font (sheets check this through Fonts::Check before adding it).
struct TextItem {
  double x = 0, y = 0;
  std::string text;
  FontFace face = FontFace::kRegular;
  double size = 10;
  Color color = kBlack;
};

using Item = std::variant<PathItem, TextItem>;

// A clickable area that jumps to another page (PDF only).
struct Link {
  Rect area;
  int target_page = 0;  // 0-based page index
};

// Items [first, end) of a page drawn as one piece placed at `origin` (a
// card face): a writer that can define a piece once and place it again (SVG)
// does so for pieces whose items, taken relative to the origin, are the same.
// Groups do not overlap; other writers ignore them.
struct ItemGroup {
  size_t first = 0, end = 0;
  Point origin;
};

struct Page {
  double width = 0, height = 0;  // points
  std::vector<Item> items;
  std::vector<Link> links;
  std::vector<ItemGroup> groups;  // in the order of their items

  void Add(PathItem item) { items.emplace_back(std::move(item)); }
  void Add(TextItem item) { items.emplace_back(std::move(item)); }
  void Fill(const Path& path, Color c) { Add(PathItem{path, Paint{c, std::nullopt, 0}}); }
  void Stroke(const Path& path, Color c, double line_width) {
    Add(PathItem{path, Paint{std::nullopt, c, line_width}});
  }
  // Moves `other`'s items, links and groups onto this page, after its own.
  void Append(Page&& other);
};

// An outline entry (PDF bookmark); level 0 is a top-level section.
struct Bookmark {
  std::string title;
  int page = 0;  // 0-based page index
  int level = 0;
};

// A file carried inside the document (PDF only), e.g. the deals as JSON Lines.
struct Attachment {
  std::string name;  // file name shown by readers, e.g. "talon-book.jsonl"
  std::string bytes;
};

struct Document {
  std::vector<Page> pages;
  std::vector<Bookmark> bookmarks;  // in order of appearance
  std::string title, subject, author;  // the document info (author: none when empty)
  std::optional<Attachment> attachment;
};

// "#rrggbb" -> Color; nullopt when `hex` is not of that form.
std::optional<Color> ParseColor(const std::string& hex);
std::string FormatColor(const Color& c);  // "#rrggbb"

}  // namespace talon::render
