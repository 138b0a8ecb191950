#include "render/sheets/grade_badge.h"

#include <cmath>

namespace talon::render {
namespace {

constexpr int kStars = 5;
// A star's width and the gap after it, in type sizes.
constexpr double kStarWidth = 0.9, kStarGap = 0.15;

// A five-pointed star in a square of side `d` whose top left is (x, y).
Path Star(double x, double y, double d) {
  const double cx = x + d / 2, cy = y + d * 0.53, outer = d / 2, inner = outer * 0.382;
  Path p;
  for (int i = 0; i < 10; ++i) {
    const double r = i % 2 ? inner : outer;
    const double a = -M_PI / 2 + i * M_PI / 5;
    const double px = cx + r * std::cos(a), py = cy + r * std::sin(a);
    if (i == 0) p.MoveTo(px, py);
    else p.LineTo(px, py);
  }
  p.Close();
  return p;
}

std::string Label(const DifficultyNote& note) { return note.grade ? note.name + " " : "no grade"; }

}  // namespace

std::string GradeWord(const DifficultyNote& note) { return note.grade ? note.name : "no grade"; }

double GradeBadgeWidth(const Composer& cx, const DifficultyNote& note, double size) {
  const double text = cx.Width(Label(note), FontFace::kRegular, size);
  return note.grade ? text + kStars * (kStarWidth + kStarGap) * size : text;
}

void DrawGradeBadge(Page& page, Composer& cx, double right, double baseline, const DifficultyNote& note,
                    double size, Color color) {
  const double x = right - GradeBadgeWidth(cx, note, size);
  cx.Text(page, x, baseline, Label(note), FontFace::kRegular, size, color);
  if (!note.grade) return;
  double sx = x + cx.Width(Label(note), FontFace::kRegular, size);
  const double d = kStarWidth * size;
  for (int i = 1; i <= kStars; ++i, sx += (kStarWidth + kStarGap) * size) {
    const Path star = Star(sx, baseline - d * 0.85, d);
    if (i <= note.grade) page.Add(PathItem{star, Paint{color, color, 0.4}});
    else page.Stroke(star, color, 0.4);
  }
}

}  // namespace talon::render
