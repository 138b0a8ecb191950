// Grades (core/difficulty/): the cut points, which games have grades, the
// measure's determinism, the check against a different player on a range
// the cut points were not made from, and the "difficulty" of solution lines.
#include "core/difficulty/grade.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <thread>
#include <vector>

#include "core/difficulty/calibration.h"
#include "core/difficulty/model.h"
#include "core/difficulty/player.h"
#include "core/solution_io.h"

namespace talon {
namespace {

Deal Numbered(const Game& game, uint64_t number) {
  auto deal = MakeDeal(game, number, {});
  EXPECT_TRUE(deal.ok());
  return deal.ok() ? *deal : Deal{};
}

SearchLimits Limits() {
  SearchLimits limits;
  limits.max_nodes = 2'000'000;
  return limits;
}

TEST(GradeRange, NumbersNamesAndRanges) {
  int lo = 0, hi = 0;
  EXPECT_TRUE(ParseGradeRange("2-3", lo, hi));
  EXPECT_EQ(lo, 2);
  EXPECT_EQ(hi, 3);
  EXPECT_TRUE(ParseGradeRange("4", lo, hi));
  EXPECT_EQ(lo, 4);
  EXPECT_EQ(hi, 4);
  EXPECT_TRUE(ParseGradeRange("medium-Master", lo, hi));
  EXPECT_EQ(lo, 2);
  EXPECT_EQ(hi, 5);
  for (const char* bad : {"", "0", "6", "3-2", "1-", "-2", "easy-", "hard-x", "1-6", "12"})
    EXPECT_FALSE(ParseGradeRange(bad, lo, hi)) << bad;
}

TEST(GradeCuts, AScoreOnACutTakesTheLowerGrade) {
  const GradeCuts cuts{"g", "", "1-10", {10, 20, 30, 40}};
  EXPECT_EQ(GradeOfScore(cuts, 0), 1);
  EXPECT_EQ(GradeOfScore(cuts, 10), 1);
  EXPECT_EQ(GradeOfScore(cuts, 10.5), 2);
  EXPECT_EQ(GradeOfScore(cuts, 30), 3);
  EXPECT_EQ(GradeOfScore(cuts, 40), 4);
  EXPECT_EQ(GradeOfScore(cuts, 40.5), 5);
  EXPECT_EQ(GradeName(1), "Easy");
  EXPECT_EQ(GradeName(5), "Master");
}

// Games whose choices matter have a model and cut points for their default
// rules, rising; the others (they play themselves) have neither.
TEST(GradeCuts, EveryGameWithChoicesHasItsOwn) {
  const std::vector<std::string> no_choice = {"four-of-a-kind", "thirteens", "take-ten"};
  for (const Game* game : AllGames()) {
    const bool plays_itself =
        std::find(no_choice.begin(), no_choice.end(), std::string(game->id())) != no_choice.end();
    EXPECT_EQ(game->difficulty() == nullptr, plays_itself) << game->id();
    if (plays_itself) continue;
    Options defaults;
    for (const OptionSpec& spec : game->option_specs()) defaults[spec.name] = spec.default_value;
    bool own = false;
    const GradeCuts* cuts = FindGradeCuts(*game, defaults, &own);
    ASSERT_NE(cuts, nullptr) << game->id();
    EXPECT_TRUE(own) << game->id();
    for (int i = 1; i < kGrades - 1; ++i) EXPECT_LT(cuts->cut[i - 1], cuts->cut[i]) << game->id();
  }
}

TEST(GradeDeal, NoGradeWithoutChoicesOrWithoutAWin) {
  const Game& thirteens = *FindGame("thirteens");
  const Deal t = Numbered(thirteens, 1);
  const DealGrade none = GradeDeal(thirteens, t, thirteens.Solve(t, Limits()), Limits());
  EXPECT_EQ(none.grade, 0);
  EXPECT_EQ(none.why, NoGrade::kNoChoices);
  EXPECT_EQ(GradeText(none), "no grade: no choice matters in this game");

  const Game& game = *FindGame("fourteen-out");
  const Deal lost = Numbered(game, 5);  // unsolvable
  const DealGrade g = GradeDeal(game, lost, game.Solve(lost, Limits()), Limits());
  EXPECT_EQ(g.grade, 0);
  EXPECT_EQ(g.why, NoGrade::kNotWinnable);
  EXPECT_FALSE(g.measure.has_value());
}

TEST(GradeDeal, MeasuresAreConsistentAndGradeFollowsTheCuts) {
  const Game& game = *FindGame("fourteen-out");
  const Deal deal = Numbered(game, 1);
  const SolveResult solved = game.Solve(deal, Limits());
  ASSERT_EQ(solved.verdict, Verdict::kSolved);
  const DealGrade g = GradeDeal(game, deal, solved, Limits());
  ASSERT_TRUE(g.measure.has_value());
  const DifficultyMeasure& m = *g.measure;
  EXPECT_EQ(m.playouts, game.difficulty()->settings().playouts);
  EXPECT_LE(m.wins, m.playouts);
  EXPECT_LE(m.critical + m.unsure, m.choices);
  EXPECT_TRUE(m.line_complete);
  EXPECT_DOUBLE_EQ(m.score, DifficultyScore(m, game.difficulty()->settings()));
  const GradeCuts* cuts = FindGradeCuts(game, deal.options, nullptr);
  ASSERT_NE(cuts, nullptr);
  EXPECT_EQ(g.grade, GradeOfScore(*cuts, m.score));
}

// The measure depends on the deal alone: not on the thread, nor on the deals
// measured before on the same thread.
TEST(GradeDeal, SameMeasureOnEveryThreadAndInAnyOrder) {
  for (const char* id : {"fourteen-out", "fifteen", "carpet", "idiots-delight"}) {
    const Game& game = *FindGame(id);
    std::array<Deal, 2> deals = {Numbered(game, 2), Numbered(game, 3)};
    std::array<SolveResult, 2> solved;
    for (int i = 0; i < 2; ++i) solved[i] = game.Solve(deals[i], Limits());
    auto measure = [&](int i) {
      return game.difficulty()->Measure(deals[i], solved[i].moves, Limits());
    };
    for (int i = 0; i < 2; ++i) {
      if (solved[i].verdict != Verdict::kSolved) continue;
      const DifficultyMeasure here = measure(i);
      const DifficultyMeasure again = measure(i);
      DifficultyMeasure other, after_the_other;
      std::thread([&] { other = measure(i); }).join();
      std::thread([&] {
        if (solved[1 - i].verdict == Verdict::kSolved) measure(1 - i);
        after_the_other = measure(i);
      }).join();
      EXPECT_EQ(here, again) << id;
      EXPECT_EQ(here, other) << id;
      EXPECT_EQ(here, after_the_other) << id;
    }
  }
}

// The check of the grades (docs/solvers/difficulty.md, "Validation") on a
// small range outside the calibration's: a different player, its own seed,
// wins a smaller share of the deals of each grade than of the grade below.
void ExpectCheckFalls(const char* id, uint64_t first, uint64_t last) {
  const Game& game = *FindGame(id);
  const DifficultyModel& model = *game.difficulty();
  std::array<uint64_t, kGrades + 1> wins{}, played{};
  for (uint64_t n = first; n <= last; ++n) {
    const Deal deal = Numbered(game, n);
    const SolveResult solved = game.Solve(deal, Limits());
    const DealGrade g = GradeDeal(game, deal, solved, Limits());
    if (g.grade == 0) continue;
    const int k = model.settings().check_playouts;
    wins[g.grade] += model.Wins(deal, k, 2);
    played[g.grade] += k;
  }
  for (int g = 1; g <= kGrades; ++g) ASSERT_GT(played[g], 0u) << id << " grade " << g;
  for (int g = 2; g <= kGrades; ++g)
    EXPECT_LT(static_cast<double>(wins[g]) / static_cast<double>(played[g]),
              static_cast<double>(wins[g - 1]) / static_cast<double>(played[g - 1])) << id << " grade " << g;
}

TEST(GradeCheck, CheckingPlayerWinsLessFromGradeToGradeFourteenOut) { ExpectCheckFalls("fourteen-out", 10001, 10600); }
TEST(GradeCheck, CheckingPlayerWinsLessFromGradeToGradeCarpet) { ExpectCheckFalls("carpet", 10001, 10600); }

TEST(SolutionDifficulty, RoundTripsAndOlderLinesStillRead) {
  Solution s;
  s.game = "fourteen-out";
  s.deal = 1;
  s.result = Verdict::kSolved;
  DifficultyNote note;
  note.grade = 3;
  note.name = "Hard";
  note.measures = DifficultyNote::Measures{96.5, 200, 12, 0.7125, 20, 4, 1};
  s.difficulty = note;
  const std::string line = SolutionToJson(s);
  EXPECT_NE(line.find("\"difficulty\":{"), std::string::npos) << line;
  auto back = SolutionFromJson(line);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, s);

  s.difficulty.reset();
  const std::string old_line = SolutionToJson(s);
  EXPECT_EQ(old_line.find("difficulty"), std::string::npos);
  auto old = SolutionFromJson(old_line);
  ASSERT_TRUE(old.ok());
  EXPECT_FALSE(old->difficulty.has_value());

  DifficultyNote none;
  none.name = "no grade";
  none.reason = "the deal cannot be won";
  s.result = Verdict::kUnsolvable;
  s.difficulty = none;
  auto no_grade = SolutionFromJson(SolutionToJson(s));
  ASSERT_TRUE(no_grade.ok());
  EXPECT_EQ(*no_grade, s);
}

TEST(SolutionDifficulty, BadFieldsAreNamed) {
  const std::string head = R"({"format":"talon-solution/1","game":"fourteen-out","deal":1,"options":{},"result":"unknown","difficulty":)";
  for (auto [body, want] : std::vector<std::pair<std::string, std::string>>{
           {"3", "difficulty: must be an object"},
           {R"({"name":"Hard"})", "difficulty.grade: missing"},
           {R"({"grade":6,"name":"Hard"})", "difficulty.grade: must be a whole number 1-5"},
           {R"({"grade":3})", "difficulty.name: missing"},
           {R"({"grade":3,"name":"Hard","score":-1})", "difficulty.score: must be a number >= 0"},
           {R"({"grade":3,"name":"Hard","score":1})", "difficulty.playouts: missing"},
           {R"({"grade":3,"name":"Hard","color":1})", "difficulty.color: unknown key"},
       }) {
    auto s = SolutionFromJson(head + body + "}");
    ASSERT_FALSE(s.ok()) << body;
    EXPECT_NE(s.status().message().find(want), std::string::npos) << s.status().message();
  }
}

}  // namespace
}  // namespace talon

// A graph of positions for the generic player: 0 -> {1, 2}, 1 -> {0}, 2 ->
// {3}, 3 won; position 1 is worth more than 2 to the lookahead player.
struct CyclePlayer {
  using Position = int;
  using Move = int;  // the position it leads to
  static constexpr int kMaxOptions = 2;
  static constexpr bool kCycles = true;
  bool Won(const Position& p) const { return p == 3; }
  int Options(const Position& p, Move* out) const {
    static constexpr int kNext[4][2] = {{1, 2}, {0, -1}, {3, -1}, {-1, -1}};
    int n = 0;
    for (int to : kNext[p]) if (to >= 0) out[n++] = to;
    return n;
  }
  void Apply(Position& p, Move m) const { p = m; }
  uint64_t KeyOf(const Position& p) const { return uint64_t(p) * 2; }  // KeySet ignores bit 0
  int Value(const Position& p) const { return p == 1 ? 10 : 0; }
};

TEST(LookaheadValue, AForcedMoveIsTheOneToAnUnseenPosition) {
  // From 0 with 1 seen, the only fresh option is 2, then 3: a win. Playing
  // the seen option 1 in thought would value the position at 1's worth.
  talon::difficulty::KeySet seen;
  seen.Insert(CyclePlayer{}.KeyOf(1));
  EXPECT_EQ(talon::difficulty::LookaheadValue(CyclePlayer{}, 0, seen), INT64_MAX);
  // With nothing seen both options are open: the position's own worth.
  talon::difficulty::KeySet none;
  EXPECT_EQ(talon::difficulty::LookaheadValue(CyclePlayer{}, 0, none), 0 * 1024 + 2);
}
