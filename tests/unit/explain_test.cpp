// Where a game went wrong (core/explain.h): hand-made games of every game
// with choices (tests/data/explain/<game>.txt) whose last move is known to
// lose: the position before it can be won, the one after it cannot.
#include "core/explain.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/solution_io.h"
#include "test_util.h"

namespace talon {
namespace {

struct Played {
  const Game* game = nullptr;
  Deal deal;
  std::vector<MoveSpec> moves;
};

Played Load(const std::string& game_id) {
  Played p;
  const std::string path = test::TestDataPath("explain/" + game_id + ".txt");
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << path;
  auto read = ReadSolutions(in, path);
  EXPECT_TRUE(read.ok()) << read.status().message();
  if (!read.ok() || read->size() != 1) return p;
  Solution& s = read->front();
  EXPECT_EQ(s.result, Verdict::kPlayed);
  p.game = FindGame(s.game);
  auto deal = MakeDeal(*p.game, s.deal.value_or(0), s.options);
  EXPECT_TRUE(deal.ok());
  p.deal = *deal;
  p.moves = std::move(s.moves);
  return p;
}

SearchLimits Limits() {
  SearchLimits limits;
  limits.max_nodes = 5'000'000;
  return limits;
}

// A line from the position after `prefix` that the checker accepts and that wins.
bool WinsAfter(const Played& p, size_t prefix, const std::vector<MoveSpec>& rest) {
  std::vector<MoveSpec> all(p.moves.begin(), p.moves.begin() + static_cast<long>(prefix));
  all.insert(all.end(), rest.begin(), rest.end());
  const Replay r = ReplayMoves(*p.game, p.deal, all);
  return r.first_error.ok() && r.won;
}

class LosingMove : public testing::TestWithParam<const char*> {};

TEST_P(LosingMove, FoundWithAWinFromBeforeIt) {
  const Played p = Load(GetParam());
  ASSERT_NE(p.game, nullptr);
  ASSERT_GE(p.moves.size(), 2u);
  ASSERT_TRUE(ReplayMoves(*p.game, p.deal, p.moves).first_error.ok());
  const LossPoint loss = FindLoss(*p.game, p.deal, p.moves, Limits());
  ASSERT_EQ(loss.kind, LossPoint::Kind::kLostAt);
  EXPECT_EQ(loss.move, p.moves.size());
  ASSERT_FALSE(loss.line.empty());
  EXPECT_TRUE(WinsAfter(p, loss.move - 1, loss.line));
  EXPECT_FALSE(loss.line.front() == p.moves.back());  // the win starts with another move
}

TEST_P(LosingMove, PositionsBeforeAndAfterItDecided) {
  const Played p = Load(GetParam());
  ASSERT_NE(p.game, nullptr);
  const size_t n = p.moves.size();
  const SolveResult before = DecideAfter(*p.game, p.deal, p.moves, n - 1, Limits());
  ASSERT_EQ(before.verdict, Verdict::kSolved);
  EXPECT_TRUE(WinsAfter(p, n - 1, before.moves));
  EXPECT_EQ(DecideAfter(*p.game, p.deal, p.moves, n, Limits()).verdict, Verdict::kUnsolvable);
  // Short of the losing move, the game is still winnable.
  const std::span<const MoveSpec> shorter(p.moves.data(), n - 1);
  const LossPoint still = FindLoss(*p.game, p.deal, shorter, Limits());
  ASSERT_EQ(still.kind, LossPoint::Kind::kStillWinnable);
  EXPECT_TRUE(WinsAfter(p, n - 1, still.line));
}

INSTANTIATE_TEST_SUITE_P(EveryGameWithChoices, LosingMove,
                         testing::Values("fourteen-out", "take-fourteen", "triple-fourteens", "fifteen", "carpet",
                                         "idiots-delight", "try-again", "klondike"),
                         [](const testing::TestParamInfo<const char*>& param) {
                           std::string name = param.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

TEST(FindLoss, NeverWinnableDeal) {
  const Game& game = *FindGame("fourteen-out");
  auto deal = MakeDeal(game, 5, {});  // unsolvable (talon-solve --game fourteen-out --deals 5-5)
  ASSERT_TRUE(deal.ok());
  const SolveResult solved = game.Solve(*deal, Limits());
  ASSERT_EQ(solved.verdict, Verdict::kUnsolvable);
  // Any legal opening: the first pair the solver's search would try is not
  // needed; an empty game is enough to ask.
  const LossPoint loss = FindLoss(game, *deal, {}, Limits());
  EXPECT_EQ(loss.kind, LossPoint::Kind::kNeverWinnable);
}

TEST(FindLoss, UndecidedAtALimit) {
  const Played p = Load("klondike");
  ASSERT_NE(p.game, nullptr);
  SearchLimits tiny;
  tiny.max_nodes = 1;
  const LossPoint loss = FindLoss(*p.game, p.deal, p.moves, tiny);
  EXPECT_EQ(loss.kind, LossPoint::Kind::kUndecided);
  EXPECT_LE(loss.lo, loss.hi);
  EXPECT_LE(loss.hi, p.moves.size());
}

}  // namespace
}  // namespace talon
