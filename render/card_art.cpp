#include "render/card_art.h"

#include <algorithm>
#include <cmath>

namespace talon::render {

std::optional<ColourScheme> ParseColourScheme(const std::string& name) {
  if (name == "two") return ColourScheme::kTwo;
  if (name == "four") return ColourScheme::kFour;
  if (name == "mono") return ColourScheme::kMono;
  return std::nullopt;
}

Color SuitColor(const CardStyle& style, Suit suit) {
  switch (style.scheme) {
    case ColourScheme::kMono: return kBlack;
    case ColourScheme::kFour:
      return suit == kClubs ? style.green : suit == kDiamonds ? style.blue : suit == kHearts ? style.red : style.black;
    case ColourScheme::kTwo: break;
  }
  return (suit == kHearts || suit == kDiamonds) ? style.red : style.black;
}

bool SuitOutlined(const CardStyle& style, Suit suit) {
  return style.scheme == ColourScheme::kMono && (suit == kHearts || suit == kDiamonds);
}

namespace {

// Shapes in a unit box centred on the origin, y down.
Path UnitHeart() {
  Path p;
  p.MoveTo(0, 0.48)
      .CurveTo(-0.15, 0.30, -0.5, 0.08, -0.5, -0.18)
      .CurveTo(-0.5, -0.38, -0.36, -0.48, -0.24, -0.48)
      .CurveTo(-0.10, -0.48, -0.02, -0.40, 0, -0.30)
      .CurveTo(0.02, -0.40, 0.10, -0.48, 0.24, -0.48)
      .CurveTo(0.36, -0.48, 0.5, -0.38, 0.5, -0.18)
      .CurveTo(0.5, 0.08, 0.15, 0.30, 0, 0.48)
      .Close();
  return p;
}

Path UnitDiamond() {
  Path p;
  p.MoveTo(0, -0.5)
      .CurveTo(0.12, -0.30, 0.25, -0.13, 0.38, 0)
      .CurveTo(0.25, 0.13, 0.12, 0.30, 0, 0.5)
      .CurveTo(-0.12, 0.30, -0.25, 0.13, -0.38, 0)
      .CurveTo(-0.25, -0.13, -0.12, -0.30, 0, -0.5)
      .Close();
  return p;
}

void AddStem(Path& p) {
  p.MoveTo(0, 0.12)
      .CurveTo(0.02, 0.32, 0.08, 0.44, 0.20, 0.5)
      .LineTo(-0.20, 0.5)
      .CurveTo(-0.08, 0.44, -0.02, 0.32, 0, 0.12)
      .Close();
}

Path UnitSpade() {
  Path p;
  p.MoveTo(0, -0.5)
      .CurveTo(-0.15, -0.32, -0.5, -0.14, -0.5, 0.10)
      .CurveTo(-0.5, 0.28, -0.38, 0.36, -0.26, 0.36)
      .CurveTo(-0.14, 0.36, -0.04, 0.28, 0, 0.20)
      .CurveTo(0.04, 0.28, 0.14, 0.36, 0.26, 0.36)
      .CurveTo(0.38, 0.36, 0.5, 0.28, 0.5, 0.10)
      .CurveTo(0.5, -0.14, 0.15, -0.32, 0, -0.5)
      .Close();
  AddStem(p);
  return p;
}

// Circles drawn with the same orientation, so the non-zero fill joins them.
Path UnitClub() {
  Path p;
  p.AddCircle(0, -0.24, 0.23);
  p.AddCircle(-0.26, 0.10, 0.23);
  p.AddCircle(0.26, 0.10, 0.23);
  p.AddCircle(0, 0.04, 0.12);
  AddStem(p);
  return p;
}

const Path& UnitSuit(Suit s) {
  static const Path shapes[4] = {UnitClub(), UnitDiamond(), UnitHeart(), UnitSpade()};
  return shapes[s];
}

}  // namespace

Path SuitPath(Suit suit, double cx, double cy, double size) {
  Path p;
  p.Append(UnitSuit(suit), size, cx, cy);
  return p;
}

void DrawPip(Page& page, const CardStyle& style, Suit suit, double cx, double cy, double size) {
  Path p = SuitPath(suit, cx, cy, size);
  if (SuitOutlined(style, suit))
    page.Add(PathItem{std::move(p), Paint{kWhite, kBlack, std::max(0.4, size * 0.09)}});
  else
    page.Fill(p, SuitColor(style, suit));
}

double CardIndexHeight(double w) { return 0.36 * w; }

namespace {

// Bold rank at `size` with its top at `top`, left at `x`; returns its width.
double RankText(Page& page, const Fonts& fonts, const std::string& rank, double x, double top,
                double size, Color color) {
  const double cap = 0.73 * size;  // DejaVu Sans cap height
  page.Add(TextItem{x, top + cap, rank, FontFace::kBold, size, color});
  return fonts.Get(FontFace::kBold).TextWidth(rank, size);
}

}  // namespace

namespace {

// Marks the items added to `page` since `first` as one piece at `box`'s corner.
void EndGroup(Page& page, size_t first, const Rect& box) {
  if (page.items.size() > first) page.groups.push_back({first, page.items.size(), {box.x, box.y}});
}

void FaceItems(Page& page, const Fonts& fonts, const CardStyle& style, Card card, const Rect& box, bool face_down,
               bool covered);

}  // namespace

void DrawCardFace(Page& page, const Fonts& fonts, const CardStyle& style, Card card, const Rect& box,
                  bool face_down, bool covered) {
  const size_t first = page.items.size();
  FaceItems(page, fonts, style, card, box, face_down, covered);
  EndGroup(page, first, box);
}

namespace {

void FaceItems(Page& page, const Fonts& fonts, const CardStyle& style, Card card, const Rect& box, bool face_down,
               bool covered) {
  const double w = box.w, h = box.h;
  Path outline;
  outline.AddRoundedRect(box, 0.07 * w);
  page.Add(PathItem{outline, Paint{face_down ? style.face_down : kWhite, style.border, std::max(0.5, 0.012 * w)}});
  const Color c = SuitColor(style, card.suit());
  const std::string rank = RankLabel(card.rank());
  // The index: it must fit in CardIndexHeight(w), which fans keep visible.
  const double idx_size = 0.27 * w, pad = 0.07 * w;
  double rw = RankText(page, fonts, rank, box.x + pad, box.y + pad, idx_size, c);
  const double pip = 0.22 * w;
  DrawPip(page, style, card.suit(), box.x + pad + rw + 0.04 * w + pip / 2, box.y + pad + 0.73 * idx_size / 2,
          pip);
  if (face_down) {
    // A dark corner flag: this card lies face down on the table.
    Path flag;
    flag.MoveTo(box.right() - 0.30 * w, box.y).LineTo(box.right() - 0.07 * w, box.y)
        .CurveTo(box.right() - 0.03 * w, box.y, box.right(), box.y + 0.03 * w, box.right(), box.y + 0.07 * w)
        .LineTo(box.right(), box.y + 0.30 * w).Close();
    page.Fill(flag, Color{0.25, 0.25, 0.25});
  }
  if (covered) return;
  // The middle: a large rank over a large pip, readable from across a table.
  const double big = 0.42 * w;
  const double bw = fonts.Get(FontFace::kBold).TextWidth(rank, big);
  const double mid_top = box.y + CardIndexHeight(w) + 0.06 * h;
  const double space = h - CardIndexHeight(w) - 0.06 * h - 0.08 * w;  // above the bottom edge
  const double cap = 0.73 * big, big_pip = std::min(0.46 * w, space - cap - 0.10 * w);
  const double total = cap + 0.08 * w + big_pip;
  const double top = mid_top + std::max(0.0, (space - total) / 2);
  RankText(page, fonts, rank, box.x + (w - bw) / 2, top, big, c);
  DrawPip(page, style, card.suit(), box.x + w / 2, top + cap + 0.08 * w + big_pip / 2, big_pip);
}

}  // namespace

void DrawMiniCard(Page& page, const Fonts& fonts, const CardStyle& style, Card card, const Rect& box) {
  const size_t first = page.items.size();
  Path outline;
  outline.AddRoundedRect(box, 0.12 * std::min(box.w, box.h));
  page.Add(PathItem{outline, Paint{kWhite, style.border, 0.5}});
  const Color c = SuitColor(style, card.suit());
  const std::string rank = RankLabel(card.rank());
  const double size = std::min(box.h * 0.62, box.w * 0.42);
  const double rw = fonts.Get(FontFace::kBold).TextWidth(rank, size);
  const double pip = size * 0.78, gap = size * 0.08;
  const double x = box.x + (box.w - rw - gap - pip) / 2;
  const double cap = 0.73 * size, top = box.y + (box.h - cap) / 2;
  page.Add(TextItem{x, top + cap, rank, FontFace::kBold, size, c});
  DrawPip(page, style, card.suit(), x + rw + gap + pip / 2, top + cap / 2, pip);
  EndGroup(page, first, box);
}

void DrawCardBack(Page& page, const CardStyle& style, const Rect& box) {
  const bool mono = style.scheme == ColourScheme::kMono;
  const Color ink = mono ? kBlack : style.back;
  Path outline;
  outline.AddRoundedRect(box, 0.07 * box.w);
  page.Add(PathItem{outline, Paint{mono ? kWhite : style.back, style.border, 0.6}});
  const double m = 0.08 * box.w;
  Rect inner{box.x + m, box.y + m, box.w - 2 * m, box.h - 2 * m};
  Path frame;
  frame.AddRoundedRect(inner, 0.04 * box.w);
  page.Stroke(frame, mono ? kBlack : kWhite, std::max(0.5, 0.02 * box.w));
  // A lattice of small diamonds inside the frame.
  const double step = std::max(4.0, inner.w / 6);
  Path lattice;
  const int cols = static_cast<int>(inner.w / step), rows = static_cast<int>(inner.h / step);
  const double ox = inner.x + (inner.w - cols * step) / 2, oy = inner.y + (inner.h - rows * step) / 2;
  for (int i = 0; i < cols; ++i)
    for (int j = 0; j < rows; ++j) {
      double cx = ox + (i + 0.5) * step, cy = oy + (j + 0.5) * step, r = step * 0.32;
      lattice.MoveTo(cx, cy - r).LineTo(cx + r, cy).LineTo(cx, cy + r).LineTo(cx - r, cy).Close();
    }
  if (mono) page.Stroke(lattice, ink, 0.4);
  else page.Fill(lattice, Color{0.85, 0.88, 0.92});
}

}  // namespace talon::render
