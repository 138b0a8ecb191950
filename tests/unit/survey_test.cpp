// The survey statistics of talon-stats: the Wilson interval, nearest-rank
// quantiles, decades, and the report's lists and their order.
#include "core/survey.h"

#include <gtest/gtest.h>

#include "tools/cli/per_deal.h"
#include "tools/cli/survey_format.h"

namespace talon {
namespace {

TEST(Survey, WilsonIntervalMatchesTheFormula) {
  // Reference values (Wilson 1927, z = 1.96): 5 of 10 -> 0.2366..0.7634;
  // 0 of 10 -> 0..0.2775; 10 of 10 -> 0.7225..1; 81945 of 100000 ->
  // 0.81705..0.82182.
  Proportion p = WilsonInterval(5, 10);
  EXPECT_DOUBLE_EQ(p.value, 0.5);
  EXPECT_NEAR(p.low, 0.23659, 1e-5);
  EXPECT_NEAR(p.high, 0.76341, 1e-5);
  p = WilsonInterval(0, 10);
  EXPECT_EQ(p.low, 0.0);
  EXPECT_NEAR(p.high, 0.27753, 1e-5);
  p = WilsonInterval(10, 10);
  EXPECT_NEAR(p.low, 0.72247, 1e-5);
  EXPECT_EQ(p.high, 1.0);
  p = WilsonInterval(81945, 100000);
  EXPECT_NEAR(p.low, 0.81705, 1e-5);
  EXPECT_NEAR(p.high, 0.82182, 1e-5);
  p = WilsonInterval(0, 0);
  EXPECT_EQ(p.low, 0.0);
  EXPECT_EQ(p.high, 1.0);
}

TEST(Survey, QuantilesAreNearestRank) {
  // 1..100 shuffled: the median is 50, the 90th 90, the 99th 99.
  std::vector<uint64_t> v;
  for (uint64_t i = 100; i >= 1; --i) v.push_back(i);
  Quantiles q = SummarizeCounts(v);
  EXPECT_EQ(q.count, 100u);
  EXPECT_EQ(q.min, 1u);
  EXPECT_EQ(q.median, 50u);
  EXPECT_EQ(q.p90, 90u);
  EXPECT_EQ(q.p99, 99u);
  EXPECT_EQ(q.max, 100u);
  EXPECT_DOUBLE_EQ(q.mean, 50.5);
  // Three values: ranks ceil(1.5) = 2, ceil(2.7) = 3, ceil(2.97) = 3.
  q = SummarizeCounts({7, 3, 5});
  EXPECT_EQ(q.median, 5u);
  EXPECT_EQ(q.p90, 7u);
  EXPECT_EQ(q.p99, 7u);
  q = SummarizeCounts({42});
  EXPECT_EQ(q.median, 42u);
  EXPECT_EQ(q.p99, 42u);
  EXPECT_EQ(SummarizeCounts({}).count, 0u);
}

TEST(Survey, Decades) {
  EXPECT_EQ(DecadeOf(0), 0);
  EXPECT_EQ(DecadeOf(9), 0);
  EXPECT_EQ(DecadeOf(10), 1);
  EXPECT_EQ(DecadeOf(99), 1);
  EXPECT_EQ(DecadeOf(100), 2);
  EXPECT_EQ(DecadeOf(30'000'000), 7);
  EXPECT_EQ(DecadeOf(UINT64_MAX), kDecades - 1);
}

SurveyEntry Entry(std::string label, Verdict v, uint64_t nodes, uint64_t moves = 0) {
  SurveyEntry e;
  e.label = std::move(label);
  e.verdict = v;
  e.nodes = nodes;
  e.moves = moves;
  return e;
}

TEST(Survey, ReportCountsListsAndBounds) {
  Survey s;
  s.Add(Entry("1", Verdict::kSolved, 120, 26));
  s.Add(Entry("2", Verdict::kUnknown, 1000));
  s.Add(Entry("3", Verdict::kUnsolvable, 5000));
  s.Add(Entry("4", Verdict::kSolved, 5000, 24));
  s.Add(Entry("5", Verdict::kSolved, 8, 26));
  s.Add(Entry("6", Verdict::kUnknown, 1000));
  SurveyReport r = s.Report();
  EXPECT_EQ(r.deals, 6u);
  EXPECT_EQ(r.solved, 3u);
  EXPECT_EQ(r.unsolvable, 1u);
  EXPECT_EQ(r.unknown, 2u);
  EXPECT_DOUBLE_EQ(r.winnable_at_least.value, 0.5);
  EXPECT_DOUBLE_EQ(r.winnable_at_most.value, 5.0 / 6.0);
  EXPECT_EQ(r.unknown_deals, (std::vector<std::string>{"2", "6"}));
  // Most positions first; 3 and 4 tie at 5000 and keep the order added;
  // unknown deals are not among them.
  EXPECT_EQ(r.hardest, (std::vector<std::string>{"3", "4", "1", "5"}));
  EXPECT_EQ(r.solution_moves.count, 3u);
  EXPECT_EQ(r.solution_moves.min, 24u);
  EXPECT_EQ(r.solution_moves.median, 26u);
  EXPECT_EQ(r.nodes_solved.max, 5000u);
  EXPECT_EQ(r.nodes_unsolvable.count, 1u);
  EXPECT_EQ(r.nodes_unknown.count, 2u);
  // Decided deals by decade: 8 -> 0, 120 -> 2, 5000 twice -> 3.
  EXPECT_EQ(r.nodes_by_decade[0], 1u);
  EXPECT_EQ(r.nodes_by_decade[1], 0u);
  EXPECT_EQ(r.nodes_by_decade[2], 1u);
  EXPECT_EQ(r.nodes_by_decade[3], 2u);
  EXPECT_FALSE(r.score.has_value());
}

TEST(Survey, TextAndCsvForms) {
  cli::SurveyGroup g;
  g.game = FindGame("thirteens");
  g.options = {{"slots", int64_t{15}}};
  g.range = "1-3";
  g.survey.Add(Entry("1", Verdict::kSolved, 20, 28));
  g.survey.Add(Entry("2", Verdict::kUnsolvable, 7));
  g.survey.Add(Entry("3", Verdict::kSolved, 20, 28));
  const std::string text = cli::SurveyText({g}, false);
  EXPECT_EQ(text.rfind("thirteens slots=15: 3 deals (1-3)\n", 0), 0u) << text;
  EXPECT_NE(text.find("winnable     66.67% (95% interval 20.77% to 93.85%)"), std::string::npos) << text;
  EXPECT_EQ(text.find("seconds a deal"), std::string::npos);
  EXPECT_NE(cli::SurveyText({g}, true).find("seconds a deal"), std::string::npos);
  const std::string json = cli::SurveyJson({g}, false);
  EXPECT_NE(json.find("\"solved\": 2"), std::string::npos) << json;
  EXPECT_NE(json.find("\"share\": 0.666667"), std::string::npos) << json;
  EXPECT_EQ(cli::PerDealLine(*g.game, g.options, Entry("1", Verdict::kSolved, 20, 28), 0),
            "thirteens,slots=15,1,solved,20,28,,0\n");
  EXPECT_EQ(cli::PerDealLine(*g.game, g.options, Entry("a,b.jsonl:3", Verdict::kUnknown, 9), 7),
            "thirteens,slots=15,\"a,b.jsonl:3\",unknown,9,,,7\n");
}

}  // namespace
}  // namespace talon
