// Composer: the text and page helpers every sheet is drawn with. Each string
// is checked against the font before it is placed; the first failure is
// kept in status() and the sheet returns it when done.
//
// Internal to the sheets (render/sheets/*.cpp); tools include render/sheets.h.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "render/fonts.h"
#include "render/scene.h"
#include "render/template.h"

namespace talon::render {

inline constexpr double kLineSpacing = 1.3;  // a paragraph's line height, in type sizes
inline const Color kGrey{0.40, 0.40, 0.40};  // instructions, notes, headers and footers

// "12 mm": a length in points, for messages.
std::string MmText(double points);

// A blank page of the template's paper.
Page NewPage(const Template& t);

// The template as its colour scheme prints it: with --colours mono every
// colour is a grey (the accent black, like the text), so a black-and-white
// printer shows nothing in a tint. Other schemes: `t` unchanged.
Template WithSchemeColours(const Template& t);

class Composer {
 public:
  Composer(const Template& t, const Fonts& f) : t_(t), fonts_(f) {}
  const Template& t() const { return t_; }
  const Fonts& fonts() const { return fonts_; }
  const Status& status() const { return status_; }
  // Keeps `s` unless a failure is kept already.
  void Fail(Status s) {
    if (status_.ok()) status_ = std::move(s);
  }

  double Width(const std::string& s, FontFace face, double size) const {
    return fonts_.Get(face).TextWidth(s, size);
  }
  // Text with its baseline at y.
  void Text(Page& page, double x, double y, const std::string& s, FontFace face, double size, Color c);
  void TextRight(Page& page, double right, double y, const std::string& s, FontFace face, double size, Color c) {
    Text(page, right - Width(s, face, size), y, s, face, size, c);
  }
  void TextCentred(Page& page, double cx, double y, const std::string& s, FontFace face, double size, Color c) {
    Text(page, cx - Width(s, face, size) / 2, y, s, face, size, c);
  }
  // Greedy word wrap at spaces ('\n' ends a line); a word longer than the
  // width stands alone.
  std::vector<std::string> Wrap(const std::string& s, double width, FontFace face, double size) const;
  double ParagraphHeight(const std::string& s, double width, FontFace face, double size) const {
    return static_cast<double>(Wrap(s, width, face, size).size()) * size * kLineSpacing;
  }
  // Draws a wrapped paragraph whose first line's top is `top`; returns its height.
  double Paragraph(Page& page, double x, double top, double width, const std::string& s, FontFace face,
                   double size, Color c);

 private:
  const Template& t_;
  const Fonts& fonts_;
  Status status_;
};

}  // namespace talon::render
