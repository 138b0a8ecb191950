// The shortening of winning lines (core/shorten.h, docs/solvers/shortening.md):
// shortened lines replay to a win and are never longer than the search's,
// and known detours (a pass through the stock that plays nothing, a move
// undone later, a card moved back and forth) are cut.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/shorten.h"
#include "klondike/klondike_test_util.h"

namespace talon {
namespace {

using test::Cards;
using klondike_test::Hand;
using klondike_test::K;

std::vector<MoveSpec> Parse(const Game& game, const std::vector<std::string>& texts) {
  std::vector<MoveSpec> moves;
  for (const std::string& t : texts) {
    auto m = game.ParseMove(t);
    EXPECT_TRUE(m.ok()) << t << ": " << m.status().message();
    if (m.ok()) moves.push_back(*m);
  }
  return moves;
}

// Replays `moves` on `deal`, expecting a win; returns the shortened line
// (which must replay to a win too).
std::vector<MoveSpec> ReplayAndShorten(const Game& game, const Deal& deal, const std::vector<MoveSpec>& moves) {
  const Replay before = ReplayMoves(game, deal, moves);
  EXPECT_TRUE(before.first_error.ok() && before.won) << before.first_error.message();
  std::vector<MoveSpec> shorter = ShortenLine(game, deal, moves);
  const Replay after = ReplayMoves(game, deal, shorter);
  EXPECT_TRUE(after.first_error.ok()) << "step " << after.legal_moves + 1 << ": " << after.first_error.message();
  EXPECT_TRUE(after.won);
  return shorter;
}

// Five kings and a queen left: QS on KH (pile 3), kings alone on piles 1,
// 2 and 4. Every winning line takes five moves, one card each.
Deal FiveCardsLeft() {
  Hand h;
  h.tableau[0] = Cards({"KS"});
  h.tableau[1] = Cards({"KC"});
  h.tableau[2] = Cards({"KH", "QS"});
  h.tableau[3] = Cards({"KD"});
  h.heights = {12, 12, 12, 11};
  h.options = {{"runs", std::string("any")}};  // QS moves alone
  return h.ToDeal();
}

TEST(Shorten, CardMovedBackAndForthIsCut) {
  const Deal deal = FiveCardsLeft();
  // QS to KD and back to KH before the five moves.
  const auto line = Parse(K(), {"3→4 QS", "4→3 QS", "3→F QS", "1→F KS", "3→F KH", "2→F KC", "4→F KD"});
  EXPECT_EQ(ReplayAndShorten(K(), deal, line).size(), 5u);
}

TEST(Shorten, TwoMovesOfOneCardAreMerged) {
  const Deal deal = FiveCardsLeft();
  // QS to KD, then from there to its foundation: one move from pile 3.
  const auto line = Parse(K(), {"3→4 QS", "4→F QS", "1→F KS", "3→F KH", "2→F KC", "4→F KD"});
  const auto shorter = ReplayAndShorten(K(), deal, line);
  ASSERT_EQ(shorter.size(), 5u);
  const std::string merged = K().FormatMove(Parse(K(), {"3→F QS"})[0]);
  EXPECT_TRUE(std::any_of(shorter.begin(), shorter.end(), [&](const MoveSpec& m) { return K().FormatMove(m) == merged; }));
}

TEST(Shorten, MoveUndoneLaterIsCut) {
  const Deal deal = FiveCardsLeft();
  // QS to KD, KC built, QS back to KH: the first and third are left out.
  const auto line = Parse(K(), {"3→4 QS", "2→F KC", "4→3 QS", "3→F QS", "1→F KS", "3→F KH", "4→F KD"});
  EXPECT_EQ(ReplayAndShorten(K(), deal, line).size(), 5u);
}

// Draw 1, three passes: the last eight cards in the stock, turned in the
// order they are built (queen then king of each suit).
Deal EightInTheStock() {
  Hand h;
  h.options = {{"draw", int64_t{1}}, {"passes", int64_t{3}}};
  h.heights = {11, 11, 11, 11};
  h.stock = Cards({"KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC"});  // back() is turned first
  return h.ToDeal();
}

TEST(Shorten, PassThroughTheStockThatPlaysNoCardIsCut) {
  const Deal deal = EightInTheStock();
  std::vector<std::string> texts;
  // A pass that plays nothing, the redeal, then draw and build card by card.
  const std::vector<std::string> order = {"QC", "KC", "QD", "KD", "QH", "KH", "QS", "KS"};
  for (const std::string& c : order) texts.push_back("S " + c);
  texts.push_back("R");
  for (const std::string& c : order) {
    texts.push_back("S " + c);
    texts.push_back("W→F " + c);
  }
  const auto line = Parse(K(), texts);
  ASSERT_EQ(line.size(), 25u);
  const auto shorter = ReplayAndShorten(K(), deal, line);
  EXPECT_EQ(shorter.size(), 16u);
  for (const MoveSpec& m : shorter) EXPECT_NE(K().FormatMove(m), "R");
}

// Lines the solvers found, over a few deals of every game whose lines can
// differ in length: each shortened line replays to a win and is no longer
// than the search's; over the deals, the lines are shorter in all.
TEST(Shorten, SolversLinesReplayAndAreNoLonger) {
  struct Case {
    std::string game;
    Options options;
    uint64_t deals;
    bool shorter = true;  // false: the search's lines are seldom improved
  };
  const std::vector<Case> cases = {
      {"klondike", {}, 12},
      {"klondike", {{"draw", int64_t{1}}}, 12},
      {"klondike", {{"runs", std::string("any")}, {"worry", true}}, 12},
      {"idiots-delight", {}, 12},
      {"carpet", {{"patching", std::string("optional")}}, 40},
      {"try-again", {}, 12, false},
  };
  for (const Case& c : cases) {
    const Game* game = FindGame(c.game);
    ASSERT_NE(game, nullptr) << c.game;
    size_t raw_total = 0, short_total = 0;
    for (uint64_t n = 1; n <= c.deals; ++n) {
      auto complete = CompleteOptions(game->option_specs(), c.options);
      ASSERT_TRUE(complete.ok());
      auto deal = MakeDeal(*game, n, *complete);
      ASSERT_TRUE(deal.ok()) << c.game << " " << n;
      SearchLimits limits;
      limits.max_nodes = 200000;
      limits.max_memory = size_t{64} << 20;
      limits.shorten_work = 0;
      const SolveResult raw = game->Solve(*deal, limits);
      if (raw.verdict != Verdict::kSolved) continue;
      const auto shorter = ShortenLine(*game, *deal, raw.moves);
      const Replay r = ReplayMoves(*game, *deal, shorter);
      EXPECT_TRUE(r.first_error.ok() && r.won) << c.game << " " << n << " step " << r.legal_moves + 1;
      EXPECT_LE(shorter.size(), raw.moves.size()) << c.game << " " << n;
      // Game::Solve writes the same shortened line.
      limits.shorten_work = ShortenLimits{}.max_work;
      EXPECT_EQ(game->Solve(*deal, limits).moves, shorter) << c.game << " " << n;
      raw_total += raw.moves.size();
      short_total += shorter.size();
    }
    if (c.shorter) {
      EXPECT_LT(short_total, raw_total) << c.game << " " << FormatOptions(c.options);
    }
  }
}

// Games whose winning lines all have one length are left as they are; the
// lengths their pages prove are those of the solvers' wins.
TEST(Shorten, OneLengthGamesAreLeftAlone) {
  struct Case {
    const char* id;
    Options options;
    size_t moves;
    std::vector<uint64_t> won;  // deals the solver wins
  };
  const std::vector<Case> cases = {
      {"fourteen-out", {}, 26, {1, 2}},
      {"take-fourteen", {}, 26, {1, 2}},
      {"triple-fourteens", {}, 78, {1, 2}},
      {"thirteens", {}, 28, {1, 2}},
      {"take-ten", {}, 22, {9, 35}},
      {"fifteen", {}, 16, {1, 2}},
      {"four-of-a-kind", {}, 51, {7, 40}},
      {"try-again", {{"build", std::string("after-deal")}}, 96, {12, 14}},
  };
  for (const Case& c : cases) {
    const Game* game = FindGame(c.id);
    ASSERT_NE(game, nullptr);
    auto complete = CompleteOptions(game->option_specs(), c.options);
    ASSERT_TRUE(complete.ok());
    EXPECT_TRUE(game->line_hooks().OneLength(*complete)) << c.id;
    for (const uint64_t n : c.won) {
      SearchLimits limits;
      limits.max_memory = size_t{64} << 20;
      const SolveResult r = game->Solve(*MakeDeal(*game, n, *complete), limits);
      ASSERT_EQ(r.verdict, Verdict::kSolved) << c.id << " deal " << n;
      EXPECT_EQ(r.moves.size(), c.moves) << c.id << " deal " << n;
    }
  }
  const Game* carpet = FindGame("carpet");
  auto compulsory = CompleteOptions(carpet->option_specs(), {});
  auto optional = CompleteOptions(carpet->option_specs(), {{"patching", std::string("optional")}});
  ASSERT_TRUE(compulsory.ok() && optional.ok());
  EXPECT_TRUE(carpet->line_hooks().OneLength(*compulsory));
  EXPECT_FALSE(carpet->line_hooks().OneLength(*optional));
  const Game* try_again = FindGame("try-again");
  auto anytime = CompleteOptions(try_again->option_specs(), {});
  auto after_deal = CompleteOptions(try_again->option_specs(), {{"build", std::string("after-deal")}});
  ASSERT_TRUE(anytime.ok() && after_deal.ok());
  EXPECT_FALSE(try_again->line_hooks().OneLength(*anytime));
  EXPECT_TRUE(try_again->line_hooks().OneLength(*after_deal));
}

}  // namespace
}  // namespace talon
