#include "core/survey.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace talon {

Proportion WilsonInterval(uint64_t successes, uint64_t n) {
  if (n == 0) return {};
  constexpr double z = 1.959963984540054;  // the 97.5% point of the normal law
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn;
  const double z2n = z * z / nn;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z / (1 + z2n) * std::sqrt(p * (1 - p) / nn + z2n / (4 * nn));
  // At 0 and n successes the interval touches 0 and 1 exactly; rounding
  // would leave it a hair inside.
  const double low = successes == 0 ? 0.0 : std::max(0.0, centre - half);
  const double high = successes == n ? 1.0 : std::min(1.0, centre + half);
  return {p, low, high};
}

namespace {

// The nearest-rank quantile q of sorted values: the value at rank ceil(q*n)
// (1-based). Exact in integers for q = k/100, so no rounding differs between
// machines.
template <class T>
T NearestRank(const std::vector<T>& sorted, unsigned percent) {
  const size_t n = sorted.size();
  size_t rank = (n * percent + 99) / 100;  // ceil(n * percent / 100)
  if (rank < 1) rank = 1;
  return sorted[rank - 1];
}

// Fills the order statistics every summary has; returns the sorted values.
template <class Summary, class T>
std::vector<T> Order(std::vector<T> values, Summary& q) {
  std::sort(values.begin(), values.end());
  if (values.empty()) return values;
  q.count = values.size();
  q.min = values.front();
  q.max = values.back();
  q.median = NearestRank(values, 50);
  q.p90 = NearestRank(values, 90);
  q.p99 = NearestRank(values, 99);
  return values;
}

}  // namespace

Quantiles SummarizeCounts(std::vector<uint64_t> values) {
  Quantiles q;
  values = Order(std::move(values), q);
  if (values.empty()) return q;
  // Summed exactly (a long double holds 64-bit integers) before the one division.
  long double sum = 0;
  for (uint64_t v : values) sum += static_cast<long double>(v);
  q.mean = static_cast<double>(sum / static_cast<long double>(values.size()));
  return q;
}

SecondsQuantiles SummarizeSeconds(std::vector<double> values) {
  SecondsQuantiles q;
  values = Order(std::move(values), q);
  if (values.empty()) return q;
  q.total = std::accumulate(values.begin(), values.end(), 0.0);
  q.mean = q.total / static_cast<double>(values.size());
  return q;
}

int DecadeOf(uint64_t nodes) {
  int decade = 0;
  while (nodes >= 10 && decade < kDecades - 1) {
    nodes /= 10;
    ++decade;
  }
  return decade;
}

SurveyReport Survey::Report() const {
  SurveyReport r;
  std::vector<uint64_t> solved_nodes, unsolvable_nodes, unknown_nodes, moves, scores;
  std::vector<double> seconds;
  std::vector<size_t> decided;  // indices into entries_
  for (size_t i = 0; i < entries_.size(); ++i) {
    const SurveyEntry& e = entries_[i];
    ++r.deals;
    seconds.push_back(e.seconds);
    if (e.score) scores.push_back(static_cast<uint64_t>(std::max(0, *e.score)));
    switch (e.verdict) {
      case Verdict::kSolved:
        ++r.solved;
        solved_nodes.push_back(e.nodes);
        moves.push_back(e.moves);
        break;
      case Verdict::kUnsolvable:
        ++r.unsolvable;
        unsolvable_nodes.push_back(e.nodes);
        break;
      case Verdict::kUnknown:
      case Verdict::kPlayed:  // (never a solver's verdict)
        ++r.unknown;
        unknown_nodes.push_back(e.nodes);
        r.unknown_deals.push_back(e.label);
        break;
    }
    if (e.verdict != Verdict::kUnknown) {
      ++r.nodes_by_decade[static_cast<size_t>(DecadeOf(e.nodes))];
      decided.push_back(i);
    }
  }
  r.winnable_at_least = WilsonInterval(r.solved, r.deals);
  r.winnable_at_most = WilsonInterval(r.solved + r.unknown, r.deals);
  r.nodes_solved = SummarizeCounts(std::move(solved_nodes));
  r.nodes_unsolvable = SummarizeCounts(std::move(unsolvable_nodes));
  r.nodes_unknown = SummarizeCounts(std::move(unknown_nodes));
  r.solution_moves = SummarizeCounts(std::move(moves));
  if (!scores.empty()) r.score = SummarizeCounts(std::move(scores));
  r.seconds = SummarizeSeconds(std::move(seconds));
  // stable_sort keeps the order added among equal node counts.
  std::stable_sort(decided.begin(), decided.end(), [&](size_t a, size_t b) {
    return entries_[a].nodes > entries_[b].nodes;
  });
  for (size_t k = 0; k < decided.size() && k < kHardest; ++k)
    r.hardest.push_back(entries_[decided[k]].label);
  if (std::any_of(entries_.begin(), entries_.end(), [](const SurveyEntry& e) { return e.graded; })) {
    GradeReport g;
    std::vector<double> graded;
    for (const SurveyEntry& e : entries_) {
      if (!e.difficulty) continue;
      const size_t k = static_cast<size_t>(std::clamp(e.grade, 0, 5));
      const double v = *e.difficulty;
      if (g.count[k] == 0 || v < g.score_min[k]) g.score_min[k] = v;
      if (g.count[k] == 0 || v > g.score_max[k]) g.score_max[k] = v;
      ++g.count[k];
      g.check_wins[k] += static_cast<uint64_t>(e.check_wins);
      g.check_playouts[k] += static_cast<uint64_t>(e.check_playouts);
      graded.push_back(v);
    }
    g.scored = graded.size();
    std::sort(graded.begin(), graded.end());
    for (size_t i = 0; i < 4 && !graded.empty(); ++i) {
      // Nearest rank: the smallest value with at least that share at or below it.
      const double rank = std::ceil(kGradeShares[i] * static_cast<double>(graded.size()) - 1e-9);
      g.cut[i] = graded[static_cast<size_t>(std::max(1.0, rank)) - 1];
    }
    r.grades = g;
  }
  return r;
}

SurveyPlotGroup Survey::PlotGroup(std::string name) const {
  const SurveyReport r = Report();
  SurveyPlotGroup g;
  g.name = std::move(name);
  g.deals = r.deals;
  g.solved = r.solved;
  g.unsolvable = r.unsolvable;
  g.unknown = r.unknown;
  g.winnable_at_least = r.winnable_at_least;
  g.winnable_at_most = r.winnable_at_most;
  g.nodes_by_decade = r.nodes_by_decade;
  for (const SurveyEntry& e : entries_) {
    if (e.verdict != Verdict::kSolved) continue;
    if (g.moves_count.size() <= e.moves) g.moves_count.resize(e.moves + 1);
    ++g.moves_count[e.moves];
  }
  return g;
}

}  // namespace talon
