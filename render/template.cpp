#include "render/template.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/text.h"

// The shipped templates' place relative to the executable's directory (set
// by CMake from the install layout; the build tree mirrors it).
#ifndef TALON_TEMPLATE_RELDIR
#define TALON_TEMPLATE_RELDIR "../share/talon/templates"
#endif

namespace talon::render {

using nlohmann::json;

namespace {

std::string Mm(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f mm", points / kPointsPerMm);
  return buf;
}

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Reads the keys of one JSON object, remembering which were used so that
// anything else is reported as unknown.
// The line of each object key in `text`, which is valid JSON, by its dotted
// path ("fonts.title_pt"); a key given twice keeps its last line, as the
// parser keeps its last value.
std::map<std::string, int> KeyLines(const std::string& text) {
  struct Level {
    bool object;
    std::string path;
    bool expect_key;
  };
  std::map<std::string, int> lines;
  std::vector<Level> stack;
  std::string last_key;  // the path of the last key read: the next value's
  int line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
    } else if (c == '"') {
      std::string raw;  // the string as written, escapes kept
      size_t j = i + 1;
      for (; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '\\' && j + 1 < text.size()) raw += text[j++];
        raw += text[j];
      }
      if (!stack.empty() && stack.back().object && stack.back().expect_key) {
        last_key = (stack.back().path.empty() ? "" : stack.back().path + ".") + raw;
        lines[last_key] = line;
        stack.back().expect_key = false;
      }
      i = j;
    } else if (c == '{' || c == '[') {
      stack.push_back({c == '{', last_key, c == '{'});
    } else if ((c == '}' || c == ']') && !stack.empty()) {
      stack.pop_back();
    } else if (c == ',' && !stack.empty() && stack.back().object) {
      stack.back().expect_key = true;
    }
  }
  return lines;
}

// "FILE:LINE: " or "FILE: " when the line is not known.
std::string At(const std::string& source, const std::map<std::string, int>& lines, const std::string& path) {
  auto it = lines.find(path);
  return it == lines.end() ? source + ": " : source + ":" + std::to_string(it->second) + ": ";
}

class Fields {
 public:
  // `prefix` is the object's path with a dot ("fonts."), "" at the top.
  Fields(const json& obj, const std::string& source, std::string prefix, const std::map<std::string, int>& lines)
      : obj_(obj), source_(source), prefix_(std::move(prefix)), lines_(lines) {}

  Status Number(const char* key, double lo, double hi, double& out, double scale = 1) {
    auto it = obj_.find(key);
    known_.push_back(key);
    if (it == obj_.end()) return Status::Ok();
    if (!it->is_number())
      return Status::BadInput(Where(key) + ": expected a number, got " + std::string(it->type_name()));
    double v = it->get<double>();
    if (!(v >= lo && v <= hi))
      return Status::BadInput(Where(key) + ": " + Num(v) + " is out of range (" + Num(lo) + " to " + Num(hi) + ")");
    out = v * scale;
    return Status::Ok();
  }
  Status Int(const char* key, std::initializer_list<int> allowed, int& out) {
    auto it = obj_.find(key);
    known_.push_back(key);
    if (it == obj_.end()) return Status::Ok();
    std::string list;
    for (int a : allowed) list += (list.empty() ? "" : ", ") + std::to_string(a);
    if (!it->is_number_integer())
      return Status::BadInput(Where(key) + ": expected one of " + list);
    for (int a : allowed)
      if (*it == a) {  // compared as JSON numbers: 4294967297 is not 1
        out = a;
        return Status::Ok();
      }
    return Status::BadInput(Where(key) + ": " + it->dump() + " is not one of " + list);
  }
  Status String(const char* key, std::string& out) {
    auto it = obj_.find(key);
    known_.push_back(key);
    if (it == obj_.end()) return Status::Ok();
    if (!it->is_string())
      return Status::BadInput(Where(key) + ": expected a string, got " + std::string(it->type_name()));
    out = it->get<std::string>();
    return Status::Ok();
  }
  Status Colour(const char* key, Color& out) {
    std::string s;
    TALON_RETURN_IF_ERROR(String(key, s));
    if (!obj_.contains(key)) return Status::Ok();
    auto c = ParseColor(s);
    if (!c) return Status::BadInput(Where(key) + ": '" + Excerpt(s) + "' is not a colour of the form #rrggbb");
    out = *c;
    return Status::Ok();
  }
  const json* Object(const char* key) {
    known_.push_back(key);
    auto it = obj_.find(key);
    return it == obj_.end() ? nullptr : &*it;
  }
  // kBadInput for the first key not asked for.
  Status Unknown() const {
    for (auto it = obj_.begin(); it != obj_.end(); ++it) {
      bool ok = false;
      for (const std::string& k : known_) ok = ok || k == it.key();
      if (!ok) {
        std::string list;
        for (const std::string& k : known_) list += (list.empty() ? "" : ", ") + k;
        return Status::BadInput(Where(Excerpt(it.key())) + ": unknown key (known keys here: " + list + ")");
      }
    }
    return Status::Ok();
  }
  // "FILE:LINE: fonts.title_pt", naming a key of this object.
  std::string Where(const std::string& key) const {
    return At(source_, lines_, prefix_ + key) + prefix_ + key;
  }

 private:
  const json& obj_;
  const std::string& source_;
  std::string prefix_;
  const std::map<std::string, int>& lines_;
  std::vector<std::string> known_;
};

}  // namespace

Status ParsePaper(const std::string& text, const std::string& what, double& w, double& h) {
  struct Named {
    const char* name;
    double w, h;  // mm
  };
  static const Named kPapers[] = {{"a4", 210, 297}, {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6},
                                  {"a5", 148, 210}, {"a3", 297, 420}};
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const Named& p : kPapers)
    if (lower == p.name) {
      w = p.w * kPointsPerMm;
      h = p.h * kPointsPerMm;
      return Status::Ok();
    }
  // "WxHmm", each side a decimal number (from_chars: no hexadecimal, so
  // that "0x0mm" is 0 by 0 and not the hex float 0x0 followed by "mm").
  double a = 0, b = 0;
  const size_t x = lower.find('x');
  auto number = [](std::string_view s, double& v) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::fixed);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
  };
  if (lower.size() > 2 && lower.compare(lower.size() - 2, 2, "mm") == 0 && x != std::string::npos &&
      number(std::string_view(lower).substr(0, x), a) &&
      number(std::string_view(lower).substr(x + 1, lower.size() - 2 - x - 1), b)) {
    if (!(a >= 50 && b >= 50 && a <= 2000 && b <= 2000))  // NaN ("nan" reads) too
      return Status::Usage(what + ": '" + Excerpt(text, 80) + "': each side must be 50 to 2000 mm");
    w = a * kPointsPerMm;
    h = b * kPointsPerMm;
    return Status::Ok();
  }
  return Status::Usage(what + ": '" + Excerpt(text, 80) + "' is not a paper size (a4, letter, legal, a5, a3, or WxHmm like 210x297mm)");
}

Status CheckTemplate(const Template& t, const std::string& source) {
  const std::string at = source + ": ";
  const Rect c = t.Content();
  const double min_side = 50 * kPointsPerMm;
  if (c.w < min_side || c.h < min_side)
    return Status::BadInput(at + "the margins leave " + Mm(std::max(c.w, 0.0)) + " x " + Mm(std::max(c.h, 0.0)) +
                            " of the " + Mm(t.paper_w) + " x " + Mm(t.paper_h) +
                            " paper; content needs at least 50 x 50 mm: make margins_mm smaller or the paper larger");
  if (t.min_card_width > t.card_width)
    return Status::BadInput(at + "min_card_width_mm (" + Mm(t.min_card_width) + ") is larger than card_width_mm (" +
                            Mm(t.card_width) + ")");
  // A deal's share of the page must hold a row of three of the smallest cards
  // and a fan of three, under its heading.
  const bool landscape = c.w > c.h;
  double slot_w = c.w, slot_h = c.h;
  if (t.deals_per_page == 2) (landscape ? slot_w : slot_h) = ((landscape ? c.w : c.h) - t.gutter) / 2;
  if (t.deals_per_page == 4) {
    slot_w = (c.w - t.gutter) / 2;
    slot_h = (c.h - t.gutter) / 2;
  }
  const double need_w = 3 * t.min_card_width * 1.15;
  const double need_h = t.heading_pt * 2.5 + t.min_card_width * kCardAspect * (1 + 2 * t.fan_visible);
  if (slot_w < need_w || slot_h < need_h)
    return Status::BadInput(at + "content does not fit the page: with deals_per_page " + std::to_string(t.deals_per_page) +
                            " each deal gets " + Mm(slot_w) + " x " + Mm(slot_h) + ", but needs at least " + Mm(need_w) +
                            " x " + Mm(need_h) + "; use fewer deals per page, smaller cards or margins, or larger paper");
  if (t.mini_card_width * 6 > c.w)
    return Status::BadInput(at + "mini_card_width_mm is too large for the page width");
  if ((!t.header.empty() && t.margin_top < 1.6 * t.small_pt) ||
      (!t.footer.empty() && t.margin_bottom < 1.6 * t.small_pt))
    return Status::BadInput(at + "the header and footer are printed in the margins, which must be at least " +
                            Mm(1.6 * t.small_pt) + " for small_pt " + Num(t.small_pt) +
                            "; widen margins_mm or set \"header\"/\"footer\" to \"\"");
  if (t.title_pt * 3 > c.h) return Status::BadInput(at + "title_pt is too large for the page");
  return Status::Ok();
}

Expected<Template> ParseTemplate(const std::string& text, const std::string& source) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    // nlohmann's message: "[json.exception.parse_error.101] parse error at
    // line 3, column 5: syntax error ..."; the line goes in front.
    const size_t end = std::min(e.byte, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n');
    std::string what = e.what();
    const size_t at = what.find("column ");
    const size_t colon = what.find(": ", at == std::string::npos ? 0 : at);
    const std::string column = at == std::string::npos ? "" : what.substr(at, what.find(':', at) - at);
    if (colon != std::string::npos) what = what.substr(colon + 2);
    // nlohmann quotes what it read last, each control character as
    // <U+000A>: cut, as every quote of input is.
    return Status::BadInput(source + ":" + std::to_string(line) + ": not valid JSON" +
                            (column.empty() ? "" : " (" + column + ")") + ": " + Printable(Excerpt(what, 200)));
  } catch (const json::exception& e) {  // a number out of range (1e999)
    std::string why = e.what();
    if (why.rfind("[json.exception.", 0) == 0 && why.find("] ") != std::string::npos)
      why.erase(0, why.find("] ") + 2);
    return Status::BadInput(source + ": not valid JSON: " + Printable(Excerpt(why, 200)));
  }
  if (!j.is_object()) return Status::BadInput(source + ":1: a template is a JSON object { ... }");
  Template t;
  const double mm = kPointsPerMm;
  const std::map<std::string, int> lines = KeyLines(text);
  Fields f(j, source, "", lines);
  TALON_RETURN_IF_ERROR(f.String("name", t.name));
  TALON_RETURN_IF_ERROR(f.String("paper", t.paper));
  if (j.contains("paper")) {
    Status s = ParsePaper(t.paper, f.Where("paper"), t.paper_w, t.paper_h);
    if (!s.ok()) return Status::BadInput(s.message());
  }
  if (const json* m = f.Object("margins_mm")) {
    if (m->is_number()) {
      double v = m->get<double>();
      if (!(v >= 0 && v <= 200)) return Status::BadInput(f.Where("margins_mm") + ": " + Num(v) + " is out of range (0 to 200)");
      t.margin_top = t.margin_right = t.margin_bottom = t.margin_left = v * mm;
    } else if (m->is_object()) {
      Fields mf(*m, source, "margins_mm.", lines);
      TALON_RETURN_IF_ERROR(mf.Number("top", 0, 200, t.margin_top, mm));
      TALON_RETURN_IF_ERROR(mf.Number("right", 0, 200, t.margin_right, mm));
      TALON_RETURN_IF_ERROR(mf.Number("bottom", 0, 200, t.margin_bottom, mm));
      TALON_RETURN_IF_ERROR(mf.Number("left", 0, 200, t.margin_left, mm));
      TALON_RETURN_IF_ERROR(mf.Unknown());
    } else {
      return Status::BadInput(f.Where("margins_mm") + ": expected a number or {\"top\", \"right\", \"bottom\", \"left\"}");
    }
  }
  TALON_RETURN_IF_ERROR(f.Number("gutter_mm", 0, 100, t.gutter, mm));
  TALON_RETURN_IF_ERROR(f.Int("deals_per_page", {1, 2, 4}, t.deals_per_page));
  TALON_RETURN_IF_ERROR(f.Number("card_width_mm", 8, 120, t.card_width, mm));
  TALON_RETURN_IF_ERROR(f.Number("min_card_width_mm", 8, 120, t.min_card_width, mm));
  TALON_RETURN_IF_ERROR(f.Number("fan_visible", 0.26, 1, t.fan_visible));
  TALON_RETURN_IF_ERROR(f.Number("mini_card_width_mm", 4, 40, t.mini_card_width, mm));
  double cols = t.solution_columns;
  TALON_RETURN_IF_ERROR(f.Number("solution_columns", 0, 8, cols));
  if (cols != std::floor(cols)) return Status::BadInput(f.Where("solution_columns") + ": expected a whole number 0 to 8");
  t.solution_columns = static_cast<int>(cols);
  if (const json* fonts = f.Object("fonts")) {
    if (!fonts->is_object()) return Status::BadInput(f.Where("fonts") + ": expected an object of sizes in points");
    Fields ff(*fonts, source, "fonts.", lines);
    TALON_RETURN_IF_ERROR(ff.Number("title_pt", 6, 96, t.title_pt));
    TALON_RETURN_IF_ERROR(ff.Number("heading_pt", 5, 72, t.heading_pt));
    TALON_RETURN_IF_ERROR(ff.Number("text_pt", 5, 48, t.text_pt));
    TALON_RETURN_IF_ERROR(ff.Number("small_pt", 4, 36, t.small_pt));
    TALON_RETURN_IF_ERROR(ff.Number("move_pt", 5, 48, t.move_pt));
    TALON_RETURN_IF_ERROR(ff.Unknown());
  }
  if (const json* colours = f.Object("colours")) {
    if (!colours->is_object()) return Status::BadInput(f.Where("colours") + ": expected an object of #rrggbb colours");
    Fields cf(*colours, source, "colours.", lines);
    TALON_RETURN_IF_ERROR(cf.Colour("text", t.text));
    TALON_RETURN_IF_ERROR(cf.Colour("accent", t.accent));
    TALON_RETURN_IF_ERROR(cf.Colour("red", t.cards.red));
    TALON_RETURN_IF_ERROR(cf.Colour("black", t.cards.black));
    TALON_RETURN_IF_ERROR(cf.Colour("diamonds_four", t.cards.blue));
    TALON_RETURN_IF_ERROR(cf.Colour("clubs_four", t.cards.green));
    TALON_RETURN_IF_ERROR(cf.Colour("card_border", t.cards.border));
    TALON_RETURN_IF_ERROR(cf.Colour("card_back", t.cards.back));
    TALON_RETURN_IF_ERROR(cf.Colour("face_down", t.cards.face_down));
    TALON_RETURN_IF_ERROR(cf.Unknown());
  }
  TALON_RETURN_IF_ERROR(f.String("header", t.header));
  TALON_RETURN_IF_ERROR(f.String("footer", t.footer));
  TALON_RETURN_IF_ERROR(f.Unknown());
  TALON_RETURN_IF_ERROR(CheckTemplate(t, source));
  return t;
}

Expected<Template> LoadTemplate(const std::string& path) {
  auto fail = [&](int err) {
    return Status::IoError("cannot read the template '" + path + "': " + std::strerror(err));
  };
  int fd;
  do {
    fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return fail(errno);
  std::string text;
  char buf[1 << 14];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<size_t>(n));
      if (text.size() > (size_t{1} << 20)) {
        close(fd);
        return Status::BadInput(path + ": a template is at most 1 MiB of JSON");
      }
      continue;
    }
    if (n == 0) break;
    if (errno == EINTR) continue;
    const int err = errno;  // EISDIR for a directory, EIO for /proc/self/mem
    close(fd);
    return fail(err);
  }
  close(fd);
  return ParseTemplate(text, path);
}

std::string TemplateDir() {
  if (const char* d = std::getenv("TALON_TEMPLATE_DIR"); d && *d) return d;
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  std::string dir = n > 0 ? std::string(exe, static_cast<size_t>(n)) : std::string();
  const size_t slash = dir.rfind('/');
  dir = slash == std::string::npos ? "." : dir.substr(0, slash);
  return dir + "/" + TALON_TEMPLATE_RELDIR;
}

Expected<Template> ShippedTemplate(const std::string& paper, int deals_per_page, bool large_print) {
  std::string name = large_print ? "large-print" : paper + "-" + std::to_string(deals_per_page);
  std::string path = TemplateDir() + "/" + name + ".json";
  if (!std::ifstream(path))
    return Status::IoError("cannot find the shipped template '" + path +
                           "': set TALON_TEMPLATE_DIR to the directory of talon's templates "
                           "(docs/printing.md)");
  return LoadTemplate(path);
}

std::string TemplateToJson(const Template& t) {
  auto mm = [](double points) { return std::round(points / kPointsPerMm * 10) / 10; };
  nlohmann::ordered_json j;
  j["name"] = t.name;
  j["paper"] = t.paper;
  j["margins_mm"] = {{"top", mm(t.margin_top)}, {"right", mm(t.margin_right)},
                     {"bottom", mm(t.margin_bottom)}, {"left", mm(t.margin_left)}};
  j["gutter_mm"] = mm(t.gutter);
  j["deals_per_page"] = t.deals_per_page;
  j["card_width_mm"] = mm(t.card_width);
  j["min_card_width_mm"] = mm(t.min_card_width);
  j["fan_visible"] = t.fan_visible;
  j["mini_card_width_mm"] = mm(t.mini_card_width);
  j["solution_columns"] = t.solution_columns;
  j["fonts"] = {{"title_pt", t.title_pt}, {"heading_pt", t.heading_pt}, {"text_pt", t.text_pt},
                {"small_pt", t.small_pt}, {"move_pt", t.move_pt}};
  j["colours"] = {{"text", FormatColor(t.text)},          {"accent", FormatColor(t.accent)},
                  {"red", FormatColor(t.cards.red)},      {"black", FormatColor(t.cards.black)},
                  {"diamonds_four", FormatColor(t.cards.blue)}, {"clubs_four", FormatColor(t.cards.green)},
                  {"card_border", FormatColor(t.cards.border)}, {"card_back", FormatColor(t.cards.back)},
                  {"face_down", FormatColor(t.cards.face_down)}};
  j["header"] = t.header;
  j["footer"] = t.footer;
  return j.dump(2) + "\n";
}

std::string ExpandPageText(const std::string& pattern, const std::string& title, int page, int pages) {
  std::string out;
  for (size_t i = 0; i < pattern.size();) {
    if (pattern.compare(i, 7, "{title}") == 0) {
      out += title;
      i += 7;
    } else if (pattern.compare(i, 7, "{pages}") == 0) {
      out += std::to_string(pages);
      i += 7;
    } else if (pattern.compare(i, 6, "{page}") == 0) {
      out += std::to_string(page);
      i += 6;
    } else {
      out += pattern[i++];
    }
  }
  return out;
}

}  // namespace talon::render
