#include "render/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>

namespace talon::render {
namespace {

constexpr double kWidth = 842;  // A4 landscape
constexpr double kMargin = 32;
constexpr double kNameWidth = 190;
constexpr double kGap = 24;
constexpr double kLine = 11;  // between the lines of a group's name
constexpr double kTop = 112;  // the first row

const Color kInk{0.13, 0.13, 0.13};
const Color kGrey{0.40, 0.40, 0.40};
const Color kGrid{0.80, 0.82, 0.85};
const Color kStripe{0.955, 0.962, 0.972};
const Color kBlue{0.16, 0.40, 0.66};
const Color kBar{0.35, 0.55, 0.78};
const Color kOrange{0.90, 0.55, 0.25};

std::string Thousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ' ';
    out += digits[i];
  }
  return out;
}

std::string Pct(double share, int decimals = 2) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f%%", decimals, 100 * share);
  return buf;
}

// Two decimals, or four when a share lies within 0.1% of 0 or 100% without
// being either (99.9995% would read 100.00%).
int Decimals(std::initializer_list<double> shares) {
  for (double x : shares)
    if ((x > 0 && x < 0.001) || (x < 1 && x > 0.999)) return 4;
  return 2;
}

// "10²": 10 to the power k in superscript digits.
std::string PowerOfTen(int k) {
  static const char* kSup[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  if (k == 0) return "1";
  if (k == 1) return "10";
  std::string out = "10";
  for (char c : std::to_string(k)) out += kSup[c - '0'];
  return out;
}

// A tick step of 1, 2 or 5 times a power of ten giving at most `most` steps up to `top`.
uint64_t NiceStep(uint64_t top, uint64_t most) {
  for (uint64_t p = 1;; p *= 10)
    for (uint64_t m : {1, 2, 5})
      if (top / (m * p) < most) return m * p;
}

class Painter {
 public:
  Painter(Page& page, const Fonts& fonts) : page_(page), fonts_(fonts) {}
  const Status& status() const { return status_; }

  double Width(const std::string& s, FontFace face, double size) const {
    return fonts_.Get(face).TextWidth(s, size);
  }
  void Text(double x, double y, const std::string& s, FontFace face, double size, Color c) {
    if (Status ok = fonts_.Check(s, face, "plot text '" + s + "'"); !ok.ok()) {
      if (status_.ok()) status_ = ok;
      return;
    }
    page_.Add(TextItem{x, y, s, face, size, c});
  }
  void Centred(double cx, double y, const std::string& s, FontFace face, double size, Color c) {
    Text(cx - Width(s, face, size) / 2, y, s, face, size, c);
  }
  void Box(double x, double y, double w, double h, Color c) { page_.Fill(Path().AddRect({x, y, w, h}), c); }
  void Line(double x0, double y0, double x1, double y1, Color c, double width) {
    page_.Stroke(Path().MoveTo(x0, y0).LineTo(x1, y1), c, width);
  }
  void Dot(double cx, double cy, double r, std::optional<Color> fill, Color stroke) {
    page_.Add(PathItem{Path().AddCircle(cx, cy, r), Paint{fill, stroke, 0.9}});
  }

 private:
  Page& page_;
  const Fonts& fonts_;
  Status status_;
};

// A panel: a column of the page with one cell per group and an axis below.
struct Panel {
  std::string title, subtitle, axis;
  double weight;  // share of the width
  double x = 0, w = 0;
  std::function<void(Painter&, const SurveyPlotGroup&, double x, double y, double w, double h)> cell;
  std::function<void(Painter&, double x, double y, double w, double top)> ticks;  // y: the axis line
};

// Bars of `binned`, scaled to the tallest; a non-empty bin is at least a
// hairline high.
void Bars(Painter& p, const std::vector<uint64_t>& binned, double x, double y, double w, double h) {
  const uint64_t top = binned.empty() ? 0 : *std::max_element(binned.begin(), binned.end());
  if (top == 0) return;
  const double bw = w / static_cast<double>(binned.size());
  const double gap = bw > 6 ? 1.5 : bw > 2 ? 0.5 : 0;
  for (size_t b = 0; b < binned.size(); ++b) {
    if (!binned[b]) continue;
    const double bh = std::max(0.8, (h - 7) * static_cast<double>(binned[b]) / static_cast<double>(top));
    p.Box(x + static_cast<double>(b) * bw + gap / 2, y + h - 3 - bh, bw - gap, bh, kBar);
  }
}

// The axis of the winning lines' lengths, shared by every row: linear, or
// logarithmic when the longest line is over 20 times the shortest (one
// long Idiot's Delight line would squash every other row into a bar).
class MoveAxis {
 public:
  MoveAxis(uint64_t shortest, uint64_t longest) {
    log_ = longest > 20 * std::max<uint64_t>(1, shortest);
    if (!log_) {
      per_bin_ = std::max<uint64_t>(1, (longest + 1 + 59) / 60);
      bins_ = std::max<uint64_t>(1, (longest + per_bin_) / per_bin_);
      return;
    }
    first_ = DecadeOf(shortest);
    decades_ = DecadeOf(longest) + 1 - first_;
    per_decade_ = std::max(1, 60 / decades_);
    bins_ = static_cast<uint64_t>(decades_ * per_decade_);
    // Bin b starts at 10^(first + b / per_decade), rounded up: integer edges,
    // so that a length's bin never depends on how log10 rounds.
    uint64_t decade = 1;
    for (int k = 0; k < first_; ++k) decade *= 10;
    for (uint64_t b = 1; b < bins_; ++b) {
      const int frac = static_cast<int>(b % per_decade_);
      if (frac == 0) decade *= 10;
      edges_.push_back(frac == 0 ? decade
                                 : static_cast<uint64_t>(std::ceil(static_cast<double>(decade) *
                                                                   std::pow(10.0, double(frac) / per_decade_))));
    }
  }

  std::vector<uint64_t> Binned(const std::vector<uint64_t>& counts) const {
    std::vector<uint64_t> binned(bins_, 0);
    for (size_t m = 0; m < counts.size(); ++m)
      if (counts[m]) binned[Bin(m)] += counts[m];
    return binned;
  }

  void Ticks(Painter& p, double x, double y, double w) const {
    if (log_) {
      for (int k = 0; k <= decades_; ++k) {
        const double tx = x + w * k / decades_;
        p.Line(tx, y, tx, y + 3, kInk, 0.6);
        if (decades_ <= 6 || k % 2 == 0) p.Centred(tx, y + 12, PowerOfTen(first_ + k), FontFace::kRegular, 7.5, kInk);
      }
      return;
    }
    const uint64_t span = bins_ * per_bin_;
    const uint64_t step = NiceStep(span, 6);
    for (uint64_t v = 0; v <= span; v += step) {
      const double tx = x + w * static_cast<double>(v) / static_cast<double>(span);
      p.Line(tx, y, tx, y + 3, kInk, 0.6);
      p.Centred(tx, y + 12, std::to_string(v), FontFace::kRegular, 7.5, kInk);
    }
  }

  std::string Label() const { return log_ ? "moves to win (log scale)" : "moves to win"; }

 private:
  size_t Bin(uint64_t moves) const {
    if (!log_) return std::min<uint64_t>(bins_ - 1, moves / per_bin_);
    return static_cast<size_t>(std::upper_bound(edges_.begin(), edges_.end(), moves) - edges_.begin());
  }

  bool log_ = false;
  uint64_t bins_ = 1, per_bin_ = 1;
  int first_ = 0, decades_ = 1, per_decade_ = 1;
  std::vector<uint64_t> edges_;  // log: the first length of bins 1..bins-1
};

}  // namespace

Expected<Document> RenderSurveyPlot(const SurveyPlot& plot, const Fonts& fonts) {
  const auto& groups = plot.groups;
  const size_t n = groups.size();
  uint64_t total = 0, min_moves = UINT64_MAX, max_moves = 0;
  size_t grade_bins = 0;
  for (const SurveyPlotGroup& g : groups) {
    total += g.deals;
    for (size_t m = 0; m < g.moves_count.size(); ++m)
      if (g.moves_count[m]) {
        min_moves = std::min<uint64_t>(min_moves, m);
        max_moves = std::max<uint64_t>(max_moves, m);
      }
    grade_bins = std::max(grade_bins, g.grade_count.size());
  }
  const MoveAxis move_axis(std::min(min_moves, max_moves), max_moves);

  std::vector<Panel> panels;
  // Winnable share: the dot, its interval, and the reach of the unknown deals.
  panels.push_back(
      {"Winnable", "share of deals: dot, with its 95% interval", "winnable share", 1.15, 0, 0,
       [](Painter& p, const SurveyPlotGroup& g, double x, double y, double w, double h) {
         const double cy = y + h / 2;
         auto at = [&](double share) { return x + w * share; };
         const Proportion& lo = g.winnable_at_least;
         const Proportion& hi = g.winnable_at_most;
         if (g.unknown) p.Box(at(lo.value), cy - 2.5, at(hi.value) - at(lo.value), 5, kOrange);
         p.Line(at(lo.low), cy, at(hi.high), cy, kInk, 0.9);
         p.Line(at(lo.low), cy - 4, at(lo.low), cy + 4, kInk, 0.9);
         p.Line(at(hi.high), cy - 4, at(hi.high), cy + 4, kInk, 0.9);
         if (g.unknown) p.Dot(at(hi.value), cy, 3, kStripe, kBlue);
         p.Dot(at(lo.value), cy, 3.2, kBlue, kBlue);
       },
       [](Painter& p, double x, double y, double w, double top) {
         for (int k = 0; k <= 4; ++k) {
           const double tx = x + w * k / 4;
           p.Line(tx, top, tx, y, kGrid, 0.5);
           p.Line(tx, y, tx, y + 3, kInk, 0.6);
           p.Centred(tx, y + 12, std::to_string(25 * k) + "%", FontFace::kRegular, 7.5, kInk);
         }
       }});
  // Positions searched, by decade.
  panels.push_back(
      {"Positions searched", "share of decided deals, by decade", "positions searched (log scale)", 1, 0, 0,
       [](Painter& p, const SurveyPlotGroup& g, double x, double y, double w, double h) {
         Bars(p, std::vector<uint64_t>(g.nodes_by_decade.begin(), g.nodes_by_decade.end()), x, y, w, h);
         if (g.solved + g.unsolvable == 0) p.Centred(x + w / 2, y + h / 2 + 3, "none decided", FontFace::kRegular, 7, kGrey);
       },
       [](Painter& p, double x, double y, double w, double top) {
         const double bw = w / kDecades;
         for (int k = 0; k <= kDecades; ++k) {
           const double tx = x + bw * k;
           p.Line(tx, y, tx, y + 3, kInk, 0.6);
           if (k % 2 == 0 && k < kDecades) p.Centred(tx, y + 12, PowerOfTen(k), FontFace::kRegular, 7.5, kInk);
         }
         (void)top;
       }});
  // The winning lines' lengths.
  panels.push_back(
      {"Winning line", "share of solved deals, by length", move_axis.Label(), 1, 0, 0,
       [=](Painter& p, const SurveyPlotGroup& g, double x, double y, double w, double h) {
         if (g.solved == 0) {
           p.Centred(x + w / 2, y + h / 2 + 3, "no deal won", FontFace::kRegular, 7, kGrey);
           return;
         }
         Bars(p, move_axis.Binned(g.moves_count), x, y, w, h);
       },
       [=](Painter& p, double x, double y, double w, double top) {
         move_axis.Ticks(p, x, y, w);
         (void)top;
       }});
  // Difficulty grades, when the deals carry them.
  if (grade_bins > 0) {
    panels.push_back(
        {"Difficulty", "share of deals, by grade", "grade", 0.7, 0, 0,
         [=](Painter& p, const SurveyPlotGroup& g, double x, double y, double w, double h) {
           std::vector<uint64_t> binned = g.grade_count;
           binned.resize(grade_bins, 0);
           Bars(p, binned, x, y, w, h);
         },
         [=](Painter& p, double x, double y, double w, double top) {
           const double bw = w / static_cast<double>(grade_bins);
           for (size_t k = 0; k < grade_bins; ++k)
             p.Centred(x + bw * (static_cast<double>(k) + 0.5), y + 12, std::to_string(k), FontFace::kRegular, 7.5, kInk);
           (void)top;
         }});
  }

  double weights = 0;
  for (const Panel& panel : panels) weights += panel.weight;
  const double room = kWidth - 2 * kMargin - kNameWidth - kGap * static_cast<double>(panels.size());
  double x = kMargin + kNameWidth + kGap;
  for (Panel& panel : panels) {
    panel.x = x;
    panel.w = room * panel.weight / weights;
    x += panel.w + kGap;
  }

  // A row per group: the game in bold, its options after it or, when they
  // do not fit, on lines of their own; then the figures.
  struct RowText {
    std::string options_inline;
    std::vector<std::string> option_lines;
    double y = 0, h = 0;
  };
  std::vector<RowText> rows(n);
  double y_next = kTop;
  for (size_t i = 0; i < n; ++i) {
    const std::string& name = groups[i].name;
    const size_t space = name.find(' ');
    const std::string game = name.substr(0, space);
    const std::string options = space == std::string::npos ? "" : name.substr(space + 1);
    RowText& row = rows[i];
    if (options.empty() ||
        fonts.Get(FontFace::kBold).TextWidth(game + " ", 8.5) + fonts.Get(FontFace::kRegular).TextWidth(options, 8) <=
            kNameWidth) {
      row.options_inline = options;
    } else {
      std::string line;
      size_t start = 0;
      while (start <= options.size()) {
        size_t end = options.find(' ', start);
        if (end == std::string::npos) end = options.size();
        const std::string word = options.substr(start, end - start);
        const std::string wider = line.empty() ? word : line + " " + word;
        if (!line.empty() && fonts.Get(FontFace::kRegular).TextWidth(wider, 8) > kNameWidth) {
          row.option_lines.push_back(line);
          line = word;
        } else {
          line = wider;
        }
        start = end + 1;
      }
      if (!line.empty()) row.option_lines.push_back(line);
    }
    row.y = y_next;
    row.h = 9 + kLine * static_cast<double>(2 + row.option_lines.size());
    y_next += row.h;
  }
  const double bottom = y_next;
  Document doc;
  doc.title = plot.title;
  doc.subject = "talon-stats survey";
  doc.pages.emplace_back();
  Page& page = doc.pages.back();
  page.width = kWidth;
  page.height = std::ceil(bottom + 58);  // whole points: whole pixels at 72 and 144 dpi
  Painter p(page, fonts);
  p.Box(0, 0, page.width, page.height, kWhite);

  // Heading.
  p.Text(kMargin, 40, plot.title, FontFace::kBold, 15, kInk);
  p.Text(kMargin, 56,
         Thousands(n) + (n == 1 ? " group" : " groups") + " (game and options), " + Thousands(total) +
             (total == 1 ? " deal" : " deals") + ". Bars are scaled to each row's tallest bar.",
         FontFace::kRegular, 8.5, kGrey);
  p.Text(kMargin, 68,
         "Dot: winnable share; whiskers: its 95% Wilson interval; with unknown deals, the open dot is the share if "
         "every one were won.",
         FontFace::kRegular, 8.5, kGrey);

  // Column headings.
  p.Text(kMargin, kTop - 14, "Game and options", FontFace::kBold, 8.5, kInk);
  p.Text(kMargin, kTop - 4, "deals; winnable share (95% interval)", FontFace::kRegular, 7, kGrey);
  for (const Panel& panel : panels) {
    p.Text(panel.x, kTop - 14, panel.title, FontFace::kBold, 8.5, kInk);
    p.Text(panel.x, kTop - 4, panel.subtitle, FontFace::kRegular, 7, kGrey);
  }

  // Rows.
  for (size_t i = 0; i < n; ++i)
    if (i % 2 == 0) p.Box(kMargin - 4, rows[i].y, kWidth - 2 * kMargin + 8, rows[i].h, kStripe);
  for (const Panel& panel : panels) panel.ticks(p, panel.x, bottom, panel.w, kTop);
  for (size_t i = 0; i < n; ++i) {
    const SurveyPlotGroup& g = groups[i];
    const RowText& row = rows[i];
    const double y = row.y;
    const std::string game = g.name.substr(0, g.name.find(' '));
    p.Text(kMargin, y + 12.5, game, FontFace::kBold, 8.5, kInk);
    if (!row.options_inline.empty())
      p.Text(kMargin + p.Width(game + " ", FontFace::kBold, 8.5), y + 12.5, row.options_inline, FontFace::kRegular,
             8, kInk);
    double line_y = y + 12.5;
    for (const std::string& line : row.option_lines) {
      line_y += kLine;
      p.Text(kMargin, line_y, line, FontFace::kRegular, 8, kInk);
    }
    std::string figures = Thousands(g.deals) + (g.deals == 1 ? " deal: " : " deals: ");
    const Proportion& lo = g.winnable_at_least;
    const Proportion& hi = g.winnable_at_most;
    if (g.unknown == 0) {
      const int d = Decimals({lo.value, lo.low, lo.high});
      figures += Pct(lo.value, d) + " (" + Pct(lo.low, d) + "–" + Pct(lo.high, d) + ")";
    } else {
      const int d = Decimals({lo.value, hi.value});
      figures += Pct(lo.value, d) + "–" + Pct(hi.value, d) + ", " + Thousands(g.unknown) + " unknown";
    }
    p.Text(kMargin, line_y + kLine, figures, FontFace::kRegular, 7, kGrey);
    for (const Panel& panel : panels) panel.cell(p, g, panel.x, y, panel.w, row.h);
  }

  // Axes.
  for (const Panel& panel : panels) {
    p.Line(panel.x, bottom, panel.x + panel.w, bottom, kInk, 0.6);
    p.Centred(panel.x + panel.w / 2, bottom + 26, panel.axis, FontFace::kRegular, 8, kInk);
  }
  if (!p.status().ok()) return p.status();
  return doc;
}

}  // namespace talon::render
