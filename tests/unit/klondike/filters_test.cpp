// The Klondike solver's free-talon filters (docs/solvers/klondike.md#filters):
// agreement with the plain search, and the positions each clause is for.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/game.h"
#include "core/shuffle.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

// Free talon (filter (g): with draw 1 and passes unlimited, a talon card
// is laid on a pile only if a card it can carry may come onto it next, or
// with worry is built): random positions with many talon cards (half of
// them with some in the waste), the rest on 4 to 6 piles, worry on or off,
// runs whole or any; the pruned and the plain search agree.
TEST(KlondikeSolver, FreeTalonAgreesWithThePlainSearch) {
  const Agreement agree = AgreeOnSeeds(240, [](uint64_t seed) {
    SplitMix64 rng(seed * 2971 + 11);
    Hand h;
    h.options = {{"draw", int64_t{1}}};
    VaryWorryAndRuns(h, seed);
    Pile cards = BuildAndShuffle(h, rng, 4, 4);
    LayOut(h, cards, std::min(cards.size() - 1, 6 + rng.Below(10)), 4 + seed % 3, rng);
    if (seed % 3 == 0) {  // the pointer at 0
      h.stock.insert(h.stock.begin(), h.waste.rbegin(), h.waste.rend());
      h.waste.clear();
    }
    return h;
  });
  EXPECT_GE(agree.compared, 200);
  EXPECT_GE(agree.unsolvable, 20);
}

// Free talon with worry: J♥ covers 10♥ and needs Q♠, which lies under K♠
// on its foundation. The only win lays K♥ from the talon in a space, brings
// K♠ back into another and Q♠ back onto K♥. Q♠ cannot come onto K♥ right
// after K♥ is laid (K♠ covers it), and K♠ coming back first is useless to
// filter (f) (no red Queen can come onto it, and Q♠ has no host yet): K♥
// must be kept because Q♠ is built. Without that clause the pruned search
// finds no move and calls the deal lost.
TEST(KlondikeSolver, FreeTalonLaysAKingForABuiltQueenWithWorry) {
  Hand h;
  h.options = {{"draw", int64_t{1}}, {"worry", true}};
  h.heights = {11, 11, 9, 13};
  h.tableau[0] = Cards({"KD", "QD", "QH", "QC", "TH", "JH"});
  h.down[0] = 5;
  h.stock = Cards({"KC", "KH"});
  for (bool prune : {true, false})
    EXPECT_EQ(SolveAndReplay(h.ToDeal(), 1000000, prune).verdict, Verdict::kSolved) << prune;
  h.options["worry"] = false;
  for (bool prune : {true, false})
    EXPECT_EQ(SolveAndReplay(h.ToDeal(), 1000000, prune).verdict, Verdict::kUnsolvable) << prune;
}

// Free talon, filter (h): Q♥ covers 7♣ (and Q♣, K♣) and goes up only after
// 9♥, 10♥ and J♥, all in the talon; 9♥ is not safe (clubs at 6). It must go
// up because 10♥, the next heart, is in the talon (counting only tableau
// tops, the pruned search would lose the deal: 10♥ can lie on J♣ on Q♥, but
// then J♣ buries Q♥ for good).
TEST(KlondikeSolver, FreeTalonBuildsACardWhoseNextIsInTheTalon) {
  Hand h;
  h.options = {{"draw", int64_t{1}}};
  h.heights = {6, 13, 8, 13};
  h.tableau[0] = Cards({"KC", "QC", "7C", "QH"});
  h.down[0] = 3;
  h.stock = Cards({"KH", "JC", "TC", "9C", "8C", "JH", "TH", "9H"});
  for (bool prune : {true, false})
    EXPECT_EQ(SolveAndReplay(h.ToDeal(), 1000000, prune).verdict, Verdict::kSolved) << prune;
}

}  // namespace
}  // namespace talon
