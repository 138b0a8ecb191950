#include "tools/cli/survey_format.h"

#include <cinttypes>
#include <cstdarg>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include <algorithm>

#include "core/difficulty/grade.h"
#include "core/io_common.h"
#include "core/words.h"

namespace talon::cli {
namespace {

std::string Printf(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string Printf(const char* format, ...) {
  char buf[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string Percent(double share) { return Printf("%.1f%%", 100 * share); }

// The winnable share and its interval with two decimals: over thousands of
// deals an interval is a few tenths of a point wide.
std::string Interval(const Proportion& p) {
  return Printf("%.2f%% (95%% interval %.2f%% to %.2f%%)", 100 * p.value, 100 * p.low, 100 * p.high);
}

// "fourteen-out" or "thirteens slots=5": the group's heading name.
std::string GroupName(const SurveyGroup& g) {
  std::string name(g.game->id());
  std::string opts = FormatOptions(g.options);
  if (!opts.empty()) name += " " + opts;
  return name;
}

std::string QuantileRow(const char* label, const Quantiles& q) {
  if (q.count == 0) return Printf("  %-22s %8s\n", label, "-");
  return Printf("  %-22s %8" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %10" PRIu64
                " %11.1f\n",
                label, q.count, q.median, q.p90, q.p99, q.max, q.mean);
}

std::string DecadeLabel(int k) {
  if (k == 0) return "0-9";
  std::string low = "1" + std::string(static_cast<size_t>(k), '0');
  if (k == kDecades - 1) return low + " and up";
  return low + "-" + std::string(static_cast<size_t>(k) + 1, '9');
}

std::string List(const std::vector<std::string>& items) {
  std::string out;
  size_t column = 0;
  for (const std::string& s : items) {
    if (column + s.size() + 1 > 72) {
      out += "\n   ";
      column = 0;
    }
    out += " " + s;
    column += s.size() + 1;
  }
  return out;
}

// Whose cut points grade the group: "its own", "the default rules'", "none".
std::string CutsWord(const SurveyGroup& g) {
  bool own = false;
  if (!FindGradeCuts(*g.game, g.options, &own)) return "none";
  return own ? "its own" : "the default rules'";
}

std::string GradesText(const SurveyGroup& g, const GradeReport& gr) {
  if (!g.game->difficulty()) return "  grades: none (no choice matters in this game)\n";
  std::string out = Printf("  grades of the %" PRIu64 " winnable deals graded (cut points: %s):\n", gr.scored,
                           CutsWord(g).c_str());
  const bool check = std::any_of(gr.check_playouts.begin(), gr.check_playouts.end(), [](uint64_t n) { return n > 0; });
  out += Printf("    %-10s %8s %7s %9s %9s%s\n", "", "deals", "share", "score", "to", check ? "     check" : "");
  const double n = gr.scored ? static_cast<double>(gr.scored) : 1.0;
  for (int k = 1; k <= 6; ++k) {
    const size_t i = static_cast<size_t>(k % 6);  // 1-5, then 0 (no grade)
    if (i == 0 && gr.count[0] == 0) continue;
    const std::string label = i ? std::to_string(i) + " " + std::string(GradeName(static_cast<int>(i))) : "no grade";
    std::string row = Printf("    %-10s %8" PRIu64 " %7s", label.c_str(), gr.count[i],
                             Percent(static_cast<double>(gr.count[i]) / n).c_str());
    if (gr.count[i]) row += Printf(" %9.2f %9.2f", gr.score_min[i], gr.score_max[i]);
    else row += Printf(" %9s %9s", "-", "-");
    if (check && gr.check_playouts[i])
      row += Printf(" %9s", Percent(static_cast<double>(gr.check_wins[i]) / static_cast<double>(gr.check_playouts[i])).c_str());
    out += row + "\n";
  }
  out += Printf("    score at 30%%, 55%%, 75%%, 90%%: %.2f %.2f %.2f %.2f\n", gr.cut[0], gr.cut[1], gr.cut[2], gr.cut[3]);
  return out;
}

std::string GroupText(const SurveyGroup& g, bool timings) {
  const SurveyReport r = g.survey.Report();
  std::string out = GroupName(g) + ": " + CountOf(r.deals, "deal");
  if (!g.range.empty() || !g.shard.empty())
    out += " (" + g.range + (g.range.empty() || g.shard.empty() ? "" : ", ") +
           (g.shard.empty() ? "" : "shard " + g.shard) + ")";
  out += "\n";
  const double n = r.deals ? static_cast<double>(r.deals) : 1.0;
  out += Printf("  %-12s %8" PRIu64 " %7s\n", "solved", r.solved, Percent(static_cast<double>(r.solved) / n).c_str());
  out += Printf("  %-12s %8" PRIu64 " %7s\n", "unsolvable", r.unsolvable,
                Percent(static_cast<double>(r.unsolvable) / n).c_str());
  out += Printf("  %-12s %8" PRIu64 " %7s\n", "unknown", r.unknown, Percent(static_cast<double>(r.unknown) / n).c_str());
  if (r.unknown == 0) {
    out += "  winnable     " + Interval(r.winnable_at_least) + "\n";
  } else {
    out += "  winnable     at least " + Interval(r.winnable_at_least) + "\n";
    out += "               at most  " + Interval(r.winnable_at_most) + "\n";
  }
  out += Printf("  %-22s %8s %9s %9s %9s %10s %11s\n", "", "deals", "median", "90%", "99%", "max", "mean");
  out += QuantileRow("positions, solved", r.nodes_solved);
  out += QuantileRow("positions, unsolvable", r.nodes_unsolvable);
  if (r.unknown) out += QuantileRow("positions, unknown", r.nodes_unknown);
  out += QuantileRow("moves to win", r.solution_moves);
  if (r.score) out += QuantileRow("score (cards built)", *r.score);
  if (timings) {
    const SecondsQuantiles& s = r.seconds;
    out += Printf("  %-22s %8" PRIu64 " %9.4f %9.4f %9.4f %10.4f %11.4f\n", "seconds a deal", s.count,
                  s.median, s.p90, s.p99, s.max, s.mean);
  }
  const uint64_t decided = r.solved + r.unsolvable;
  if (decided > 0) {
    out += "  positions searched, decided deals:\n";
    int last = 0;
    for (int k = 0; k < kDecades; ++k)
      if (r.nodes_by_decade[static_cast<size_t>(k)]) last = k;
    for (int k = 0; k <= last; ++k) {
      const uint64_t c = r.nodes_by_decade[static_cast<size_t>(k)];
      const double share = static_cast<double>(c) / static_cast<double>(decided);
      // A bar of up to 40 marks; a non-empty bucket shows at least one.
      size_t marks = static_cast<size_t>(std::lround(40 * share));
      if (c > 0 && marks == 0) marks = 1;
      out += Printf("    %-18s %8" PRIu64 " %6s  %s\n", DecadeLabel(k).c_str(), c, Percent(share).c_str(),
                    std::string(marks, '#').c_str());
    }
  }
  if (!r.hardest.empty()) out += "  most positions:" + List(r.hardest) + "\n";
  if (!r.unknown_deals.empty()) out += "  unknown:" + List(r.unknown_deals) + "\n";
  if (r.grades) out += GradesText(g, *r.grades);
  return out;
}

// Shares as JSON numbers rounded to 6 decimals: short, and the same text on
// every machine.
double Round6(double x) { return std::round(x * 1e6) / 1e6; }

nlohmann::ordered_json ProportionJson(const Proportion& p) {
  return {{"share", Round6(p.value)}, {"low", Round6(p.low)}, {"high", Round6(p.high)}};
}

nlohmann::ordered_json QuantilesJson(const Quantiles& q) {
  return {{"count", q.count}, {"min", q.min},       {"median", q.median}, {"p90", q.p90},
          {"p99", q.p99},     {"max", q.max},       {"mean", Round6(q.mean)}};
}

}  // namespace

std::string SurveyText(const std::vector<SurveyGroup>& groups, bool timings) {
  std::string out;
  for (size_t i = 0; i < groups.size(); ++i) {
    if (i) out += "\n";
    out += GroupText(groups[i], timings);
  }
  return out;
}

std::string SurveyJson(const std::vector<SurveyGroup>& groups, bool timings) {
  nlohmann::ordered_json doc;
  doc["format"] = "talon-stats/1";
  doc["groups"] = nlohmann::ordered_json::array();
  for (const SurveyGroup& g : groups) {
    const SurveyReport r = g.survey.Report();
    nlohmann::ordered_json j;
    j["game"] = std::string(g.game->id());
    j["options"] = io::OptionsToJson(g.options);
    if (!g.range.empty()) j["range"] = g.range;
    if (!g.shard.empty()) j["shard"] = g.shard;
    j["deals"] = r.deals;
    j["solved"] = r.solved;
    j["unsolvable"] = r.unsolvable;
    j["unknown"] = r.unknown;
    j["winnable_at_least"] = ProportionJson(r.winnable_at_least);
    j["winnable_at_most"] = ProportionJson(r.winnable_at_most);
    j["positions_solved"] = QuantilesJson(r.nodes_solved);
    j["positions_unsolvable"] = QuantilesJson(r.nodes_unsolvable);
    j["positions_unknown"] = QuantilesJson(r.nodes_unknown);
    j["moves_to_win"] = QuantilesJson(r.solution_moves);
    if (r.score) j["score"] = QuantilesJson(*r.score);
    j["positions_by_decade"] = r.nodes_by_decade;
    j["most_positions"] = r.hardest;
    j["unknown_deals"] = r.unknown_deals;
    if (r.grades) {
      const GradeReport& gr = *r.grades;
      nlohmann::ordered_json grades;
      grades["cut_points"] = CutsWord(g) == "its own" ? "own" : CutsWord(g) == "none" ? "none" : "default";
      grades["graded"] = gr.scored;
      grades["by_grade"] = nlohmann::ordered_json::array();
      for (size_t i = 1; i <= 5; ++i) {
        nlohmann::ordered_json row;
        row["grade"] = i;
        row["name"] = std::string(GradeName(static_cast<int>(i)));
        row["deals"] = gr.count[i];
        row["share"] = gr.scored ? Round6(static_cast<double>(gr.count[i]) / static_cast<double>(gr.scored)) : 0.0;
        row["score_min"] = Round6(gr.score_min[i]);
        row["score_max"] = Round6(gr.score_max[i]);
        if (gr.check_playouts[i])
          row["check_share"] = Round6(static_cast<double>(gr.check_wins[i]) / static_cast<double>(gr.check_playouts[i]));
        grades["by_grade"].push_back(std::move(row));
      }
      grades["no_grade"] = gr.count[0];
      grades["score_at"] = {Round6(gr.cut[0]), Round6(gr.cut[1]), Round6(gr.cut[2]), Round6(gr.cut[3])};
      j["grades"] = std::move(grades);
    }
    if (timings) {
      const SecondsQuantiles& s = r.seconds;
      j["seconds"] = {{"count", s.count},   {"min", s.min},   {"median", s.median}, {"p90", s.p90},
                      {"p99", s.p99},       {"max", s.max},   {"mean", s.mean},     {"total", s.total}};
    }
    doc["groups"].push_back(std::move(j));
  }
  return doc.dump(2) + "\n";
}

}  // namespace talon::cli
