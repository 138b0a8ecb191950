// The Klondike solver on whole deals and tiny positions: verdicts, lines that
// replay, the node limit, and each win-finder and the relaxation deciding the
// deals they are there for (docs/solvers/klondike.md).
#include <gtest/gtest.h>

#include <cstdio>

#include "core/game.h"
#include "core/games/klondike/solver.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

TEST(KlondikeSolver, TinyPositionsWithKnownAnswers) {
  // Clubs built to 10, everything else done; the stock turns J♣, Q♣, K♣.
  Hand h;
  h.heights = {10, 13, 13, 13};
  h.stock = Cards({"KC", "QC", "JC"});
  for (bool prune : {true, false}) {
    // Draw 3 shows K♣ first: it goes to a space, then Q♣ sits on J♣ forever.
    EXPECT_EQ(SolveAndReplay(h.ToDeal(), 100000, prune).verdict, Verdict::kUnsolvable) << prune;
    Hand one = h;
    one.options = {{"draw", int64_t{1}}};
    EXPECT_EQ(SolveAndReplay(one.ToDeal(), 100000, prune).verdict, Verdict::kSolved) << prune;
  }
}

TEST(KlondikeSolver, WorryWinsWhatNoWorryCannot) {
  // 4♥ covers 3♥ and its only hosts, the black fives, are built: only
  // bringing 5♣ back onto 6♦ frees it.
  Hand h;
  h.options = {{"draw", int64_t{1}}};
  h.heights = {5, 5, 2, 13};
  h.tableau[0] = Cards({"3H", "4H"});
  h.down[0] = 1;
  h.tableau[1] = Cards({"6D"});
  h.tableau[2] = Cards({"KC", "QD", "JC", "TD", "9C", "8D", "7C"});
  h.tableau[3] = Cards({"KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C"});
  for (int r = 5; r <= 13; ++r) h.stock.push_back(Card(r, kHearts));
  for (bool prune : {true, false}) {
    EXPECT_EQ(SolveAndReplay(h.ToDeal(), 2000000, prune).verdict, Verdict::kUnsolvable) << prune;
    Hand w = h;
    w.options["worry"] = true;
    EXPECT_EQ(SolveAndReplay(w.ToDeal(), 2000000, prune).verdict, Verdict::kSolved) << prune;
  }
}

// The node limit ends the search with unknown after exactly that many
// positions. Deal 1 with runs=any worry=true is undecided at 2 million
// positions, so at any limit up to 500 thousand (the schedule is monotone:
// docs/solvers/klondike.md#restarts-and-the-schedule). 50 positions end in
// phase 0; 400 thousand run every stage (beams, streamliner, relaxation, a
// restart phase, the last phase).
TEST(KlondikeSolver, StopsAtTheNodeLimitWithUnknown) {
  auto deal = MakeDeal(K(), 1, {{"runs", std::string("any")}, {"worry", true}});
  ASSERT_TRUE(deal.ok());
  for (const uint64_t max_nodes : {uint64_t{50}, uint64_t{400000}}) {
    SearchLimits limits;
    limits.max_nodes = max_nodes;
    limits.max_memory = size_t{256} << 20;
    limits.max_seconds = 120;  // (reached only if the node limit is not)
    const SolveResult r = K().Solve(*deal, limits);
    EXPECT_EQ(r.verdict, Verdict::kUnknown) << max_nodes;
    EXPECT_EQ(r.stats.limit, "max-nodes") << max_nodes;
    EXPECT_EQ(r.stats.nodes, max_nodes);
    EXPECT_TRUE(r.moves.empty()) << max_nodes;
  }
}

TEST(KlondikeSolver, DealSolveReplay) {
  for (const Variant& v : Variants()) {
    int solved = 0, unsolvable = 0;
    for (uint64_t n = 1; n <= 25; ++n) {
      auto deal = MakeDeal(K(), n, v.options);
      ASSERT_TRUE(deal.ok());
      SolveResult r = SolveAndReplay(*deal, 100000);
      solved += r.verdict == Verdict::kSolved;
      unsolvable += r.verdict == Verdict::kUnsolvable;
    }
    // Draw 1 with one pass wins few deals (about 1 in 6 here).
    EXPECT_GE(solved, 3) << v.name;
    EXPECT_GE(solved + unsolvable, 10) << v.name;
  }
}

// Deals 65 and 108 (runs=any worry=true), where the depth-first search with
// restarts gets lost: the beams win both within 2 million positions
// (docs/solvers/klondike.md#beams). The line replays, and the same budget
// gives the same line again.
TEST(KlondikeSolver, BeamsWinWhereTheDepthFirstSearchGetsLost) {
  for (const uint64_t n : {uint64_t{65}, uint64_t{108}}) {
    auto deal = MakeDeal(K(), n, {{"runs", std::string("any")}, {"worry", true}});
    ASSERT_TRUE(deal.ok());
    const SolveResult a = SolveAndReplay(*deal, 2000000);
    EXPECT_EQ(a.verdict, Verdict::kSolved) << n;
    EXPECT_LE(a.stats.nodes, 2000000u);
    const SolveResult b = SolveAndReplay(*deal, 2000000);
    EXPECT_TRUE(a.moves == b.moves) << n;
    EXPECT_EQ(a.stats.nodes, b.stats.nodes) << n;
  }
}

// The streamliner: a win of the seed's rules (runs=whole, worry=false) is a
// win with runs=any worry=true. Deal 145 with runs=any worry=true: the
// seed's rules' solver with 100 thousand positions wins it, and the
// runs=any worry=true solver (800 thousand) returns that very line, which
// replays under its rules.
TEST(KlondikeSolver, AWinOfTheSeedsRulesIsAWinWithAnyRunsAndWorry) {
  auto wide = MakeDeal(K(), 145, {{"runs", std::string("any")}, {"worry", true}});
  auto narrow = MakeDeal(K(), 145, {});
  ASSERT_TRUE(wide.ok());
  ASSERT_TRUE(narrow.ok());
  const SolveResult w = SolveAndReplay(*wide, 800000);
  ASSERT_EQ(w.verdict, Verdict::kSolved);
  EXPECT_LE(w.stats.nodes, 800000u);
  SearchLimits eighth;
  eighth.max_nodes = 100000;
  eighth.max_memory = size_t{32} << 20;
  const SolveResult n = SolveKlondike(*narrow, eighth);
  ASSERT_EQ(n.verdict, Verdict::kSolved);
  EXPECT_TRUE(w.moves == n.moves);
  EXPECT_LT(n.stats.nodes, w.stats.nodes);  // found after the wide phase 0 and beams
}

// The relaxation: every line of draw 3 is a line of draw 1 (a draw of three
// is three draws of one), so a deal lost with draw 1 is lost with draw 3.
// Deal 657 with the seed's rules: the draw-3 search alone needs millions of
// positions to prove it lost; with a budget of 8 million the relaxation's
// million (an eighth) decides it.
TEST(KlondikeSolver, ALossWithDrawOneIsALossWithDrawThree) {
  auto three = MakeDeal(K(), 657, {});
  auto one = MakeDeal(K(), 657, {{"draw", int64_t{1}}});
  ASSERT_TRUE(three.ok());
  ASSERT_TRUE(one.ok());
  const SolveResult a = SolveAndReplay(*one, 1000000);
  EXPECT_EQ(a.verdict, Verdict::kUnsolvable);
  const SolveResult b = SolveAndReplay(*three, 8000000);
  EXPECT_EQ(b.verdict, Verdict::kUnsolvable);
  EXPECT_LT(b.stats.nodes, 2000000u);
}

// Talon returned on whole deals (the seed's rules, no node limit): deals
// 137 and 229 are won, and their lines replay. Both have probes running
// (draw 1 is won from the start), and both are called unsolvable by an
// unsound variant (probes nested inside probes, which could take the child
// being searched, already in the table, for a lost position).
TEST(KlondikeSolver, ReturnedTalonProbesKeepDeals137And229Won) {
  for (const uint64_t n : {uint64_t{137}, uint64_t{229}}) {
    auto deal = MakeDeal(K(), n, {});
    ASSERT_TRUE(deal.ok());
    SearchLimits limits;
    limits.max_seconds = 600;  // (under a second each here)
    limits.max_memory = size_t{512} << 20;
    const SolveResult r = SolveKlondike(*deal, limits);
    ASSERT_EQ(r.verdict, Verdict::kSolved) << n << " " << r.stats.limit;
    EXPECT_TRUE(ReplaysToAWin(K(), *deal, r.moves)) << n;
  }
}

// The second streamliner (no node limit, runs=any worry=true, after a
// draw-1 win of the relaxation): deal 832, whose draw-1 game is won at once
// and which the restarts leave undecided with 40 million positions, is won
// by the search of runs=whole worry=true. Its line replays with the rules
// asked for. (Without a node limit only the time could stop it: none is
// reached here.)
TEST(KlondikeSolver, SecondStreamlinerWinsDeal832) {
  auto deal = MakeDeal(K(), 832, {{"runs", std::string("any")}, {"worry", true}});
  ASSERT_TRUE(deal.ok());
  SearchLimits limits;
  limits.max_seconds = 600;  // (about 6 s here; far more under the sanitizers)
  limits.max_memory = size_t{512} << 20;
  const SolveResult r = SolveKlondike(*deal, limits);
  ASSERT_EQ(r.verdict, Verdict::kSolved) << r.stats.limit;
  EXPECT_TRUE(ReplaysToAWin(K(), *deal, r.moves));
  EXPECT_LT(r.stats.nodes, 20000000u);  // the restarts alone are far from it
  std::printf("deal 832: won after %llu positions, %zu moves\n",
              static_cast<unsigned long long>(r.stats.nodes), r.moves.size());
}

}  // namespace
}  // namespace talon
