// How the PNG and SVG writers lay a document's pages out in one picture:
// top to bottom, kPageGap points apart, the gap white with a dashed grey cut
// line across its middle (nothing prints as a band of ink).
#pragma once

#include <algorithm>
#include <vector>

#include "render/scene.h"

namespace talon::render {

inline constexpr double kPageGap = 12;
inline constexpr Color kCutLine{0.6, 0.6, 0.6};
inline constexpr double kCutLineWidth = 0.5, kCutDash = 4;  // points: line width, dash and space

// The top of each page in the picture, in points.
inline std::vector<double> PageTops(const Document& doc) {
  std::vector<double> tops;
  double top = 0;
  for (const Page& p : doc.pages) {
    tops.push_back(top);
    top += p.height + kPageGap;
  }
  return tops;
}

// The picture's size in points: the widest page, the pages' heights and gaps.
inline void StackedSize(const Document& doc, double& w, double& h) {
  w = 0;
  h = 0;
  for (const Page& p : doc.pages) {
    w = std::max(w, p.width);
    h += p.height;
  }
  if (doc.pages.size() > 1) h += kPageGap * static_cast<double>(doc.pages.size() - 1);
}

// The y of the cut line after page i (REQUIRES: i + 1 < pages).
inline double CutLineY(const Document& doc, const std::vector<double>& tops, size_t i) {
  return tops[i] + doc.pages[i].height + kPageGap / 2;
}

}  // namespace talon::render
