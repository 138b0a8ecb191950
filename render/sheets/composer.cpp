#include "render/sheets/composer.h"

#include <cstdio>

namespace talon::render {

std::string MmText(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f mm", points / kPointsPerMm);
  return buf;
}

Page NewPage(const Template& t) {
  Page p;
  p.width = t.paper_w;
  p.height = t.paper_h;
  return p;
}

namespace {

Color Grey(const Color& c) {
  const double y = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
  return {y, y, y};
}

}  // namespace

Template WithSchemeColours(const Template& t) {
  if (t.cards.scheme != ColourScheme::kMono) return t;
  Template m = t;
  m.text = Grey(t.text);
  m.accent = m.text;
  m.cards.black = Grey(t.cards.black);
  m.cards.border = Grey(t.cards.border);
  m.cards.back = Grey(t.cards.back);
  m.cards.face_down = Grey(t.cards.face_down);
  return m;
}

void Composer::Text(Page& page, double x, double y, const std::string& s, FontFace face, double size, Color c) {
  if (s.empty()) return;
  Status ok = fonts_.Check(s, face, "text '" + s + "'");
  if (!ok.ok()) {
    Fail(ok);
    return;
  }
  page.Add(TextItem{x, y, s, face, size, c});
}

std::vector<std::string> Composer::Wrap(const std::string& s, double width, FontFace face, double size) const {
  std::vector<std::string> lines;
  std::string line, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && Width(candidate, face, size) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    word.clear();
  };
  for (char c : s) {
    if (c == ' ' || c == '\n') {
      flush_word();
      if (c == '\n') {
        lines.push_back(line);
        line.clear();
      }
    } else {
      word += c;
    }
  }
  flush_word();
  if (!line.empty()) lines.push_back(line);
  return lines;
}

double Composer::Paragraph(Page& page, double x, double top, double width, const std::string& s, FontFace face,
                           double size, Color c) {
  double y = top;
  for (const std::string& line : Wrap(s, width, face, size)) {
    Text(page, x, y + size * 0.95, line, face, size, c);
    y += size * kLineSpacing;
  }
  return y - top;
}

}  // namespace talon::render
