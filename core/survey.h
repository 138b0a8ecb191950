// Survey: the statistics talon-stats prints over many decided deals: how
// many are winnable (with a confidence interval), how much search each took,
// how long the winning lines are. Everything here is a pure function of the
// entries added, in any order, so a survey is the same at every thread count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/solution.h"

namespace talon {

// One deal's result, as the survey sees it.
struct SurveyEntry {
  std::string label;         // how lists name the deal: "42", or "deals.jsonl:7"
  Verdict verdict = Verdict::kUnknown;
  uint64_t nodes = 0;         // positions the search expanded
  uint64_t moves = 0;         // length of the winning line (solved only)
  std::optional<int> score;   // games with a score (The Carpet)
  double seconds = 0;         // wall time; reported only on request
  // With grading (talon-stats --grades): the grade (1-5, 0: none), the
  // difficulty score of a winnable deal of a game with a difficulty model,
  // and (--grade-check) the checking player's wins in its playouts.
  bool graded = false;
  int grade = 0;
  std::optional<double> difficulty = std::nullopt;
  int check_wins = 0, check_playouts = 0;
};

// The grades of a group's deals (talon-stats --grades).
struct GradeReport {
  uint64_t scored = 0;  // winnable deals with a difficulty score
  // [g]: deals of grade g (1-5); [0]: scored deals without a grade.
  std::array<uint64_t, 6> count{};
  std::array<double, 6> score_min{}, score_max{};  // per grade, over its deals
  // The scores at 30, 55, 75 and 90% of the scored deals (nearest rank):
  // the cut points a calibration over these deals gives (0 when none).
  std::array<double, 4> cut{};
  // The checking player's wins and playouts, per grade (--grade-check).
  std::array<uint64_t, 6> check_wins{}, check_playouts{};
};

// A share with its 95% Wilson score interval (in [0, 1]). The Wilson
// interval, unlike the normal approximation, stays inside [0, 1] and is
// sensible at 0 and n successes. n == 0 gives {0, 0, 1}.
struct Proportion {
  double value = 0, low = 0, high = 1;
};
Proportion WilsonInterval(uint64_t successes, uint64_t n);

// Order statistics of a sample; quantiles by the nearest-rank method (the
// smallest value with at least q of the sample at or below it), so they are
// always values of the sample. An empty sample has count 0 and zeros.
struct Quantiles {
  uint64_t count = 0;
  uint64_t min = 0, median = 0, p90 = 0, p99 = 0, max = 0;
  double mean = 0;
};
Quantiles SummarizeCounts(std::vector<uint64_t> values);
// The same for seconds (talon-stats --timings).
struct SecondsQuantiles {
  uint64_t count = 0;
  double min = 0, median = 0, p90 = 0, p99 = 0, max = 0, mean = 0, total = 0;
};
SecondsQuantiles SummarizeSeconds(std::vector<double> values);

// Positions searched, by decade: bucket 0 holds 0-9, bucket k holds
// 10^k .. 10^(k+1)-1, the last bucket everything from 10^(kDecades-1) up.
inline constexpr int kDecades = 11;
using DecadeHistogram = std::array<uint64_t, kDecades>;
int DecadeOf(uint64_t nodes);

struct SurveyReport {
  uint64_t deals = 0, solved = 0, unsolvable = 0, unknown = 0;
  // The winnable share lies between solved/deals (every unknown deal lost)
  // and (solved + unknown)/deals (every unknown deal won); each end with its
  // own interval. They are equal when nothing is unknown.
  Proportion winnable_at_least, winnable_at_most;
  Quantiles nodes_solved, nodes_unsolvable, nodes_unknown;
  Quantiles solution_moves;            // over solved deals
  std::optional<Quantiles> score;      // over deals with a score
  DecadeHistogram nodes_by_decade{};   // over decided deals
  SecondsQuantiles seconds;            // over every deal
  std::vector<std::string> unknown_deals;  // in the order added
  // Up to kHardest decided deals, most positions first (ties: the order added).
  std::vector<std::string> hardest;
  std::optional<GradeReport> grades;  // when the entries were graded
};

// The shares of deals at or below each cut point (30, 55, 75, 90%).
inline constexpr double kGradeShares[4] = {0.30, 0.55, 0.75, 0.90};

inline constexpr size_t kHardest = 10;

// What a picture of one group shows (render/plot.h draws it): plain data,
// so that core knows nothing of drawing.
struct SurveyPlotGroup {
  std::string name;  // "thirteens slots=10"
  uint64_t deals = 0, solved = 0, unsolvable = 0, unknown = 0;
  Proportion winnable_at_least, winnable_at_most;
  DecadeHistogram nodes_by_decade{};  // decided deals
  std::vector<uint64_t> moves_count;  // [m]: solved deals whose winning line has m moves
  // [g]: deals of difficulty grade g. Empty until deals carry a grade; the
  // picture then gains a panel for it.
  std::vector<uint64_t> grade_count;
};

// Entries are added in input order (talon-stats adds them in order whatever
// the thread count), which settles ties.
class Survey {
 public:
  void Add(const SurveyEntry& entry) { entries_.push_back(entry); }
  size_t size() const { return entries_.size(); }
  SurveyReport Report() const;
  // The picture's data of the entries, named `name`.
  SurveyPlotGroup PlotGroup(std::string name) const;

 private:
  std::vector<SurveyEntry> entries_;
};

}  // namespace talon
