// The Klondike solver's dead test (docs/solvers/klondike.md#the-dead-test):
// a hand-made position lost only through each rule, found dead at the start;
// and agreement with the plain search on random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/game.h"
#include "core/shuffle.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

// Blocked cards: 4♥ lies on 2♥ (face down), so it cannot
// reach its foundation first, and its hosts 5♣, 5♠ are built. With
// worry=false that is lost at once; with worry the black cards may come
// back, so the test must not fire (the plain search wins it).
TEST(KlondikeSolver, BlockedCardLosesOnlyWithoutWorry) {
  Hand h;
  h.options = {{"draw", int64_t{1}}};
  h.heights = {13, 13, 1, 13};
  h.tableau[0] = Cards({"2H", "4H"});
  h.down[0] = 1;
  h.stock = Cards({"KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "3H"});
  for (bool prune : {true, false}) {
    SolveResult lost = SolveAndReplay(h.ToDeal(), 2000000, prune);
    EXPECT_EQ(lost.verdict, Verdict::kUnsolvable) << prune;
    if (prune) {
      EXPECT_EQ(lost.stats.nodes, 0u);  // found dead at the start
    }
    Hand w = h;
    w.options["worry"] = true;
    EXPECT_EQ(SolveAndReplay(w.ToDeal(), 2000000, prune).verdict, Verdict::kSolved) << prune;
  }
}

// Lost (both searches agree) and, with prune, found dead at the start.
void ExpectDeadAtStart(const Hand& h, const std::string& label) {
  Deal d = h.ToDeal();
  ASSERT_TRUE(CheckDeal(K(), d).ok()) << label;
  for (bool prune : {true, false}) {
    const SolveResult lost = SolveAndReplay(d, 2000000, prune);
    EXPECT_EQ(lost.verdict, Verdict::kUnsolvable) << label << " prune " << prune;
    if (prune) {
      EXPECT_EQ(lost.stats.nodes, 0u) << label;
    }
  }
}

// The never-a-top, pinned, covered and barred claims, each on a position
// that only that claim finds dead at the start: lost without worry,
// as the plain search confirms, and (where said) won with worry. Clubs and
// diamonds are built, hearts to 9; J♥ lies on T♥ (face down) and its hosts
// are Q♣ (built) and Q♠; the stock holds Q♥ and K♠ besides what is said.
Hand QueenOfSpadesHand() {
  Hand h;
  h.heights = {13, 13, 9, 10};
  h.tableau[0] = Cards({"KH", "JS", "TH", "JH"});  // K♥ and J♠ face down too
  h.down[0] = 3;
  h.stock = Cards({"KS", "QH", "QS"});
  return h;
}

// Never a top: Q♠ in the stock (redeals left) cannot go onto a host (K♥
// lies under J♥, K♦ is built) nor to its foundation (J♠ lies under J♥), so
// it never becomes a tableau top, and J♥ never moves. With worry K♦ comes
// back into a space.
TEST(KlondikeSolver, DeadTestStuckTalonCardIsNeverATop) {
  const Hand h = QueenOfSpadesHand();
  ExpectDeadAtStart(h, "stuck Q♠");
  Hand w = h;
  w.options["worry"] = true;
  for (bool prune : {true, false})
    EXPECT_EQ(SolveAndReplay(w.ToDeal(), 2000000, prune).verdict, Verdict::kSolved) << prune;
}

// Never a top, with the way up open: spades built to J, so Q♠ may go to its
// foundation; but it never becomes a tableau top (its hosts never do, and
// it cannot come back without worry), so J♥ still has no host.
TEST(KlondikeSolver, DeadTestTalonCardThatMayGoUpIsNeverATop) {
  Hand h = QueenOfSpadesHand();
  h.heights = {13, 13, 9, 11};
  h.tableau[0] = Cards({"KH", "TH", "JH"});
  h.down[0] = 2;
  ExpectDeadAtStart(h, "Q♠ never a top");
}

// Never a top with worry, for built cards: both black Queens are built and
// could come back only onto a red King, both of which lie under J♥; so J♥
// never has a host, with worry as without.
TEST(KlondikeSolver, DeadTestBuiltCardNeverATopWithWorry) {
  Hand h;
  h.heights = {12, 12, 9, 12};
  h.tableau[0] = Cards({"KD", "KH", "TH", "JH"});
  h.down[0] = 3;
  h.stock = Cards({"KC", "KS", "QH"});
  h.options["worry"] = true;
  ExpectDeadAtStart(h, "built Queens, worry");
}

// Covered for good: Q♠ lies on K♥ under J♦, which cannot go to its
// foundation (T♦ lies under J♥): J♦ leaves Q♠ only to its foundation or,
// runs=whole, with the whole run, Q♠ too; runs=any, as a run's base onto a
// black Queen: Q♣ is built and Q♠ is the one it lies on (the greatest set:
// each claim holds if the other does). So Q♠ is never a top, and J♥ has no
// host.
Hand CoveredQueenOfSpadesHand() {
  Hand h;
  h.heights = {13, 9, 9, 11};
  h.tableau[0] = Cards({"TD", "TH", "JH"});
  h.down[0] = 2;
  h.tableau[1] = Cards({"KH", "QS", "JD"});
  h.stock = Cards({"KD", "QD", "KS", "QH"});
  return h;
}

TEST(KlondikeSolver, DeadTestCoveredForGood) {
  Hand h = CoveredQueenOfSpadesHand();
  for (const char* runs : {"whole", "any"}) {
    h.options["runs"] = std::string(runs);
    ExpectDeadAtStart(h, std::string("covered Q♠, runs=") + runs);
  }
}

// Barred by a covered card: J♥ lies alone on its pile; T♥ lies under 9♠,
// which cannot go to its foundation (8♠ lies under J♥), so (runs=whole) T♥
// never becomes a top and J♥ cannot go to its foundation; its hosts are Q♣
// (built) and Q♠ (covered for good as above).
TEST(KlondikeSolver, DeadTestBarredByACoveredCard) {
  Hand h = CoveredQueenOfSpadesHand();
  h.heights[kSpades] = 7;
  h.tableau[0] = Cards({"8S", "TD", "JH"});
  h.tableau[2] = Cards({"JS", "TH", "9S"});
  h.stock.push_back(C("TS"));
  ExpectDeadAtStart(h, "T♥ covered");
}

// The dead test and the pointer dominance on random positions with many
// face-down cards (each suit built to a random height, the other cards laid
// out at random, all but the top of each pile face down, a few talon cards
// in the waste): the pruned search (which tests for blocked cards at the
// start and, with worry=false, after each card built, and skips dominated
// talon pointers) and the plain search agree.
TEST(KlondikeSolver, BlockedCardsAgreeWithThePlainSearch) {
  const Agreement agree = AgreeOnSeeds(160, [](uint64_t seed) {
    SplitMix64 rng(seed * 7919);
    Hand h;
    h.options = {{"draw", int64_t{seed % 3 ? 3 : 1}}};
    VaryWorryAndRuns(h, seed);
    Pile cards = BuildAndShuffle(h, rng, 6, 4);
    // Some talon cards start in the waste, so that the pointer starts off the
    // chain of a fresh pass (pointer dominance).
    LayOut(h, cards, 2 + rng.Below(6), 5, rng);
    return h;
  });
  EXPECT_GE(agree.compared, 100);
  EXPECT_GE(agree.dead_at_start, 5);
}

// Talon stacks (the dead test with no redeal left: the waste and the groups
// of a draw are stacks, like the piles): random positions as above but with
// passes=1 or 2, many cards in the talon and half of them in the waste, so
// that cards lie buried in the waste; the pruned and the plain search agree.
TEST(KlondikeSolver, TalonStacksAgreeWithThePlainSearch) {
  Agreement agree;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    SplitMix64 rng(seed * 104729 + 17);
    Hand h;
    h.options = {{"draw", int64_t{seed % 3 ? 1 : 3}}, {"passes", int64_t{seed % 5 ? 1 : 2}}};
    VaryWorryAndRuns(h, seed);
    Pile cards = BuildAndShuffle(h, rng, 5, 4);
    const size_t in_stock = 4 + rng.Below(9);
    LayOut(h, cards, in_stock, 6, rng);
    agree.Compare(h, seed);
  }
  EXPECT_GE(agree.compared, 100);
  EXPECT_GE(agree.unsolvable, 20);
  EXPECT_GE(agree.dead_at_start, 5);
  agree.Print();
}

// Riders (runs=whole: a face-up card above its run's base moves only with
// the base or to its foundation) together with the talon stacks: random
// positions whose piles have a few face-down cards and a face-up run of one
// to four cards, the rest in the talon; draw 1 or 3, passes 1, 2 or
// unlimited, worry on or off; the pruned and the plain search agree.
TEST(KlondikeSolver, RidersAgreeWithThePlainSearch) {
  Agreement agree;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    SplitMix64 rng(seed * 7727 + 3);
    Hand h;
    h.options = {{"draw", int64_t{seed % 3 ? 1 : 3}}};
    if (seed % 5 < 3) h.options["passes"] = int64_t{seed % 5 == 0 ? 2 : 1};
    if (seed % 2) h.options["worry"] = true;
    Pile pool = BuildAndShuffle(h, rng, 4, 5);
    for (size_t p = 0; p < 6 && !pool.empty(); ++p) {
      const int nd = static_cast<int>(rng.Below(4));
      Pile& pile = h.tableau[p];
      for (int k = 0; k < nd && pool.size() > 1; ++k) pile.push_back(pool.back()), pool.pop_back();
      h.down[p] = static_cast<int>(pile.size());
      pile.push_back(pool.back());
      pool.pop_back();
      for (uint64_t e = rng.Below(4); e > 0; --e) {
        const Card top = pile.back();
        auto fit = std::find_if(pool.begin(), pool.end(), [&](Card c) {
          return c.rank() + 1 == top.rank() && c.red() != top.red();
        });
        if (fit == pool.end()) break;
        pile.push_back(*fit);
        pool.erase(fit);
      }
    }
    while (pool.size() > 14) h.tableau[6].push_back(pool.back()), pool.pop_back();
    h.down[6] = std::max(0, static_cast<int>(h.tableau[6].size()) - 1);
    const size_t in_waste = rng.Below(pool.size() + 1);
    h.waste.assign(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(in_waste));
    h.stock.assign(pool.begin() + static_cast<std::ptrdiff_t>(in_waste), pool.end());
    agree.Compare(h, seed);
  }
  EXPECT_GE(agree.compared, 100);
  EXPECT_GE(agree.unsolvable, 20);
  EXPECT_GE(agree.dead_at_start, 5);
  agree.Print();
}

}  // namespace
}  // namespace talon
