#include "render/svg_writer.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

#include "render/page_stack.h"

namespace talon::render {

namespace {

// Appends v with at most `decimals` decimals, no trailing zeros, no "-0".
void Num(std::string& out, double v, int decimals = 2) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s(buf);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  out += s;
}

// A path's data, every point moved by (-ox, -oy) and scaled by `scale`.
void PathData(std::string& out, const Path& path, double ox, double oy, double scale = 1, int decimals = 2) {
  auto point = [&](const Point& p) {
    Num(out, (p.x - ox) * scale, decimals);
    out += ' ';
    Num(out, (p.y - oy) * scale, decimals);
  };
  for (const PathSeg& seg : path.segs()) {
    switch (seg.op) {
      case PathSeg::kMove: out += 'M'; point(seg.p[0]); break;
      case PathSeg::kLine: out += 'L'; point(seg.p[0]); break;
      case PathSeg::kCurve:
        out += 'C';
        point(seg.p[0]);
        out += ' ';
        point(seg.p[1]);
        out += ' ';
        point(seg.p[2]);
        break;
      case PathSeg::kClose: out += 'Z'; break;
    }
  }
}

void PaintAttrs(std::string& out, const Paint& paint) {
  out += " fill=\"" + (paint.fill ? FormatColor(*paint.fill) : std::string("none")) + "\"";
  if (paint.stroke) {
    out += " stroke=\"" + FormatColor(*paint.stroke) + "\" stroke-width=\"";
    Num(out, paint.line_width, 3);
    out += "\"";
  }
}

// Glyphs are defined in thousandths of an em.
constexpr double kGlyphUnits = 1000;

class SvgWriter {
 public:
  SvgWriter(const Document& doc, const Fonts& fonts) : doc_(doc), fonts_(fonts) {}

  std::string Write() {
    double w = 0, h = 0;
    StackedSize(doc_, w, h);
    const std::vector<double> tops = PageTops(doc_);
    for (const Page& page : doc_.pages)
      for (const Item& item : page.items)
        if (const auto* t = std::get_if<TextItem>(&item))
          ForEachWord(*t, [&](const std::string& word) { ++word_count_[{Face(t->face), word}]; });
    // First pass: every piece's text relative to its own origin, counted.
    std::vector<std::vector<Piece>> pieces(doc_.pages.size());
    for (size_t pi = 0; pi < doc_.pages.size(); ++pi) pieces[pi] = Pieces(doc_.pages[pi]);
    // Second pass: the body; pieces met twice or more go to <defs> once.
    std::string body;
    for (size_t pi = 0; pi < doc_.pages.size(); ++pi) {
      body += "<g transform=\"translate(0 ";
      Num(body, tops[pi]);
      body += ")\">\n";
      for (const Piece& piece : pieces[pi]) {
        const Shared& shared = shared_[piece.key];
        if (shared.count < 2) {
          if (piece.item) {
            ItemSvg(body, *piece.item, 0, 0);
          } else {
            body += "<g transform=\"translate(";
            Num(body, piece.x);
            body += ' ';
            Num(body, piece.y);
            body += ")\">" + piece.key + "</g>";
          }
          body += '\n';
          continue;
        }
        std::string& id = ids_[piece.key];
        if (id.empty()) {
          id = "u" + std::to_string(ids_.size());
          defs_ += "<g id=\"" + id + "\">" + piece.key + "</g>\n";
        }
        body += "<use xlink:href=\"#" + id + "\" x=\"";
        Num(body, piece.x);
        body += "\" y=\"";
        Num(body, piece.y);
        body += "\"/>\n";
      }
      body += "</g>\n";
    }
    for (size_t pi = 0; pi + 1 < doc_.pages.size(); ++pi) {
      body += "<path d=\"M0 ";
      Num(body, CutLineY(doc_, tops, pi));
      body += "H";
      Num(body, w);
      body += "\" fill=\"none\" stroke=\"" + FormatColor(kCutLine) + "\" stroke-width=\"";
      Num(body, kCutLineWidth);
      body += "\" stroke-dasharray=\"";
      Num(body, kCutDash);
      body += "\"/>\n";
    }
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
        "width=\"";
    Num(out, w, 3);
    out += "pt\" height=\"";
    Num(out, h, 3);
    out += "pt\" viewBox=\"0 0 ";
    Num(out, w, 3);
    out += ' ';
    Num(out, h, 3);
    out += "\" stroke-linejoin=\"round\">\n<defs>\n" + defs_ + "</defs>\n<rect width=\"";
    Num(out, w, 3);
    out += "\" height=\"";
    Num(out, h, 3);
    out += "\" fill=\"#ffffff\"/>\n" + body + "</svg>\n";
    return out;
  }

 private:
  // A piece of a page: a group of items (a card face) or one item, as SVG
  // relative to (x, y).
  struct Piece {
    std::string key;
    double x = 0, y = 0;
    const Item* item = nullptr;  // a piece of one item: the item
  };
  struct Shared {
    int count = 0;
  };

  std::vector<Piece> Pieces(const Page& page) {
    std::vector<Piece> out;
    size_t next_group = 0;
    for (size_t i = 0; i < page.items.size();) {
      while (next_group < page.groups.size() && page.groups[next_group].end <= i) ++next_group;
      if (next_group < page.groups.size() && page.groups[next_group].first == i) {
        const ItemGroup& g = page.groups[next_group];
        Piece piece{"", g.origin.x, g.origin.y, nullptr};
        for (size_t k = g.first; k < g.end && k < page.items.size(); ++k)
          ItemSvg(piece.key, page.items[k], g.origin.x, g.origin.y);
        i = std::max(g.end, i + 1);
        ++shared_[piece.key].count;
        out.push_back(std::move(piece));
        continue;
      }
      // One item, relative to its own first point (so that a shape drawn
      // again elsewhere is the same piece).
      const Item& item = page.items[i++];
      Point at{0, 0};
      if (const auto* t = std::get_if<TextItem>(&item)) at = {t->x, t->y};
      else if (const auto& segs = std::get<PathItem>(item).path.segs(); !segs.empty()) at = segs.front().p[0];
      Piece piece{"", at.x, at.y, &item};
      ItemSvg(piece.key, item, at.x, at.y);
      if (piece.key.empty()) continue;
      ++shared_[piece.key].count;
      out.push_back(std::move(piece));
    }
    return out;
  }

  static int Face(FontFace face) { return face == FontFace::kBold ? 1 : 0; }

  // Calls f(word) for each word of t's text (runs of characters between spaces).
  template <class F>
  static void ForEachWord(const TextItem& t, F&& f) {
    size_t at = 0;
    while (at < t.text.size()) {
      size_t end = t.text.find(' ', at);
      if (end == std::string::npos) end = t.text.size();
      if (end > at) f(t.text.substr(at, end - at));
      at = end + 1;
    }
  }

  // Appends `item` as SVG, moved by (-ox, -oy). Text is glyph outlines in a
  // group scaled from thousandths of an em; a word met more than once is
  // itself defined once.
  void ItemSvg(std::string& out, const Item& item, double ox, double oy) {
    if (const auto* t = std::get_if<TextItem>(&item)) {
      const Font& font = fonts_.Get(t->face);
      out += "<g";
      if (!(t->color == kBlack)) out += " fill=\"" + FormatColor(t->color) + "\"";
      out += " transform=\"translate(";
      Num(out, t->x - ox);
      out += ' ';
      Num(out, t->y - oy);
      out += ") scale(";
      Num(out, t->size / kGlyphUnits, 6);
      out += ")\">";
      double x = 0;
      auto use = [&](const std::string& id) {
        out += "<use xlink:href=\"#" + id + "\"";
        if (x != 0) {
          out += " x=\"";
          Num(out, x, 0);
          out += "\"";
        }
        out += "/>";
      };
      const double space = font.Advance(' ') * kGlyphUnits;
      bool first_word = true;
      size_t at = 0;
      while (at <= t->text.size()) {
        size_t end = t->text.find(' ', at);
        if (end == std::string::npos) end = t->text.size();
        if (!first_word) x += space;
        first_word = false;
        const std::string word = t->text.substr(at, end - at);
        at = end + 1;
        if (word.empty() || !DecodeUtf8(word, cps_)) continue;
        if (cps_.size() > 1 && word_count_[{Face(t->face), word}] > 1) {
          use(WordId(t->face, word));
          x += font.TextWidth(word, kGlyphUnits);
          continue;
        }
        for (char32_t c : cps_) {
          if (const std::string& id = GlyphId(t->face, c); !id.empty()) use(id);
          x += font.Advance(c) * kGlyphUnits;
        }
      }
      out += "</g>";
      return;
    }
    const auto& p = std::get<PathItem>(item);
    if ((!p.paint.fill && !p.paint.stroke) || p.path.empty()) return;
    out += "<path d=\"";
    PathData(out, p.path, ox, oy);
    out += "\"";
    PaintAttrs(out, p.paint);
    out += "/>";
  }

  // The id of a glyph's definition ("" for a glyph with no outline, e.g. a
  // space), defining it on first use.
  const std::string& GlyphId(FontFace face, char32_t c) {
    auto [it, added] = glyph_ids_.try_emplace({face == FontFace::kBold ? 1 : 0, c});
    if (added) {
      const Path& outline = fonts_.Get(face).GlyphPath(c);
      if (!outline.empty()) {
        it->second = "g" + std::to_string(glyph_ids_.size());
        defs_ += "<path id=\"" + it->second + "\" d=\"";
        PathData(defs_, outline, 0, 0, kGlyphUnits, 0);
        defs_ += "\"/>\n";
      }
    }
    return it->second;
  }

  // The id of a word's definition (its glyphs side by side, in thousandths
  // of an em), defining it on first use. REQUIRES: the word has glyphs.
  const std::string& WordId(FontFace face, const std::string& word) {
    auto [it, added] = word_ids_.try_emplace({Face(face), word});
    if (added) {
      std::vector<char32_t> cps;
      DecodeUtf8(word, cps);
      std::string def;
      double x = 0;
      for (char32_t c : cps) {
        if (const std::string& id = GlyphId(face, c); !id.empty()) {
          def += "<use xlink:href=\"#" + id + "\"";
          if (x != 0) {
            def += " x=\"";
            Num(def, x, 0);
            def += "\"";
          }
          def += "/>";
        }
        x += fonts_.Get(face).Advance(c) * kGlyphUnits;
      }
      it->second = "w" + std::to_string(word_ids_.size());
      defs_ += "<g id=\"" + it->second + "\">" + def + "</g>\n";
    }
    return it->second;
  }

  const Document& doc_;
  const Fonts& fonts_;
  std::map<std::pair<int, std::string>, int> word_count_;
  std::map<std::pair<int, std::string>, std::string> word_ids_;
  std::string defs_;
  std::map<std::pair<int, char32_t>, std::string> glyph_ids_;
  std::map<std::string, Shared> shared_;
  std::map<std::string, std::string> ids_;
  std::vector<char32_t> cps_;
};

}  // namespace

Expected<std::string> WriteSvg(const Document& doc, const Fonts& fonts) {
  if (doc.pages.empty()) return Status::Internal("no pages to draw");
  return SvgWriter(doc, fonts).Write();
}

}  // namespace talon::render
