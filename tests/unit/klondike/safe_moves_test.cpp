// The Klondike solver's safe moves (docs/solvers/klondike.md#safe-moves): the
// pruned search, which plays them without branching, agrees with the plain
// search on random layouts built around the safe card.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/game.h"
#include "core/shuffle.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

// The safe-move agreement tests: for seeds 1-150, the cards above the
// foundation `heights` shuffled (SplitMix64 of seed * rng_factor), 3 to 12
// of them in the stock, the rest dealt at random onto the first
// piles(seed) piles, all but each pile's top face down, under the options
// options(seed); the pruned and the plain search must agree wherever the
// plain one decides. Counts the positions compared, the lost ones, and those
// with `watched` on a pile's top at the start.
struct SafeMoveCounts {
  int compared = 0, unsolvable = 0, watched_on_top = 0;
  void Print() const {
    std::printf("compared %d positions, %d unsolvable, the watched card on top at the start in %d\n", compared,
                unsolvable, watched_on_top);
  }
};

template <typename OptionsOf, typename PilesOf>
SafeMoveCounts CompareOnRandomLayouts(const std::vector<int>& heights, uint64_t rng_factor, Card watched,
                                      OptionsOf options, PilesOf piles) {
  const Pile rest = CardsAbove(heights);
  SafeMoveCounts n;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    SplitMix64 rng(seed * rng_factor);
    Pile cards = rest;
    ShufflePile(cards, rng);
    Hand h;
    h.options = options(seed);
    h.heights = heights;
    const size_t in_stock = 3 + rng.Below(10);
    h.stock.assign(cards.begin(), cards.begin() + static_cast<std::ptrdiff_t>(in_stock));
    const uint64_t used_piles = piles(seed);
    for (size_t i = in_stock; i < cards.size(); ++i) h.tableau[rng.Below(used_piles)].push_back(cards[i]);
    for (size_t p = 0; p < 7; ++p) {
      h.down[p] = std::max(0, static_cast<int>(h.tableau[p].size()) - 1);
      if (!h.tableau[p].empty() && h.tableau[p].back() == watched) ++n.watched_on_top;
    }
    Deal d = h.ToDeal();
    EXPECT_TRUE(CheckDeal(K(), d).ok()) << "seed " << seed;
    SolveResult pruned = SolveAndReplay(d, 2000000, true);
    SolveResult plain = SolveAndReplay(d, 2000000, false);
    if (plain.verdict == Verdict::kUnknown) continue;
    EXPECT_EQ(pruned.verdict, plain.verdict) << "seed " << seed;
    ++n.compared;
    n.unsolvable += plain.verdict == Verdict::kUnsolvable;
  }
  return n;
}

// The worry-safe foundation rule: with clubs and spades built to 7 and
// diamonds to 6, 8♥ may go up at once (both black foundations hold 7,
// diamonds 6), though diamonds are below 7 (so the rule "every foundation
// holds rank-1" does not apply); with worry the cards can come back. On
// positions of the 25 remaining cards laid out at random (the top card of
// each pile face up, the rest face down or in the stock), the pruned and the
// plain search must agree, for both draws.
TEST(KlondikeSolver, WorrySafeFoundationMoveAgreesWithThePlainSearch) {
  const SafeMoveCounts n = CompareOnRandomLayouts(
      {7, 6, 7, 7}, 1, C("8H"),
      [](uint64_t seed) -> Options {
        return {{"worry", true}, {"runs", std::string("any")}, {"draw", int64_t{seed % 2 ? 3 : 1}}};
      },
      [](uint64_t) -> uint64_t { return 7; });
  EXPECT_GE(n.compared, 120);
  EXPECT_GE(n.unsolvable, 3);
  n.Print();
}

// Safe move (b'), worry=false: with clubs and spades at 7, diamonds at 6
// and hearts at 8, 9♥ goes to its foundation without branching (both black
// foundations hold 7 = r-2, the twin diamonds 6 = r-3), though (b) does not
// hold (the black foundations do not hold 8); so do 8♣ and 8♠ once clubs or
// spades reach 7 and the red ones 6 and 7. On random layouts of the other
// cards (draw 1 and 3, runs whole and any, 3 to 7 piles) the pruned search,
// which plays them at once, and the plain search agree.
TEST(KlondikeSolver, SafeMoveBPrimeAgreesWithThePlainSearch) {
  const SafeMoveCounts n = CompareOnRandomLayouts(
      {7, 6, 8, 7}, 104729, C("9H"),  // clubs, diamonds, hearts, spades
      [](uint64_t seed) -> Options {
        Options o = {{"draw", int64_t{seed % 2 ? 3 : 1}}};
        if (seed % 4 >= 2) o["runs"] = std::string("any");
        return o;
      },
      [](uint64_t seed) -> uint64_t { return 3 + seed % 5; });  // few piles: more lost positions
  EXPECT_GE(n.compared, 120);
  EXPECT_GE(n.unsolvable, 10);  // (a weaker rule, r-3 and r-4, turns some of them into losses)
  EXPECT_GE(n.watched_on_top, 5);
  n.Print();
}

// Safe move (c): with worry, the condition of (b'). With clubs and spades at
// 7, diamonds at 6 and hearts at 8, 9♥ goes up at once, though the black
// sevens and 6♦ may come back from their foundations. A second layout has
// diamonds at 5, where the rule must not fire for 9♥. On random layouts of
// the other cards (draw 1 and 3, runs whole and any, 3 to 7 piles) the
// pruned search and the plain one agree.
TEST(KlondikeSolver, SafeMoveBPrimeWithWorryAgreesWithThePlainSearch) {
  auto options = [](uint64_t seed) -> Options {
    Options o = {{"draw", int64_t{seed % 2 ? 3 : 1}}, {"worry", true}};
    if (seed % 4 >= 2) o["runs"] = std::string("any");
    return o;
  };
  auto piles = [](uint64_t seed) -> uint64_t { return 3 + seed % 5; };
  const SafeMoveCounts n = CompareOnRandomLayouts({7, 6, 8, 7}, 7919, C("9H"), options, piles);
  EXPECT_GE(n.compared, 120);
  EXPECT_GE(n.unsolvable, 10);  // (a weaker rule, r-3 and r-4, turns some of them into losses)
  EXPECT_GE(n.watched_on_top, 5);
  n.Print();
  const SafeMoveCounts m = CompareOnRandomLayouts({7, 5, 8, 7}, 7919, C("9H"), options, piles);
  EXPECT_GE(m.compared, 120);
  EXPECT_GE(m.unsolvable, 10);  // (the rule without the twin's r-3 turns some of them into losses)
  m.Print();
}

// From the talon: a safe card that is the stock's next card
// (draw=1, passes 1 or 2, the pointer anywhere) or the talon's last card
// (draw=3: passes unlimited with the pointer on a fresh pass's chain, or
// passes 1 or 2 with the stock empty) goes to its foundation without
// branching. 9♥ is safe by (b') (clubs and spades at 7, diamonds at 6,
// hearts at 8); it is put there, or (a third of the seeds) just where the
// rule must not fire: second in the stock with draw=1 passes=1, or last
// with draw=3 and the pointer off the fresh chain. The other cards are laid
// out at random (3 to 10 more in the talon, the rest on 3 to 7 piles, all
// but each pile's top face down). The pruned and the plain search must
// agree; and where the rule fires and the pruned search wins, its line
// sends 9♥ up before any move that is neither a turn of the stock nor a
// card to a foundation (so the rule did fire).
TEST(KlondikeSolver, SafeTalonCardsAgreeWithThePlainSearch) {
  Agreement agree;
  int nine_first = 0;
  const Card nine = C("9H");
  for (uint64_t seed = 1; seed <= 240; ++seed) {
    SplitMix64 rng(seed * 6151 + 5);
    Hand h;
    h.heights = {7, 6, 8, 7};
    Pile cards = CardsAbove(h.heights);
    cards.erase(std::find(cards.begin(), cards.end(), nine));
    ShufflePile(cards, rng);
    const size_t in_talon = 3 + rng.Below(8);
    Pile talon(cards.begin(), cards.begin() + static_cast<std::ptrdiff_t>(in_talon));
    const int kind = static_cast<int>(seed % 6);
    size_t in_waste = 0;
    if (kind <= 1 || kind == 4) {  // draw 1
      h.options = {{"draw", int64_t{1}}, {"passes", int64_t{kind == 1 ? 2 : 1}}};
      in_waste = rng.Below(in_talon);
    } else if (kind == 2) {  // draw 3, unlimited, the pointer on the fresh chain
      h.options = {{"draw", int64_t{3}}};
      in_waste = 3 * rng.Below(in_talon / 3 + 1);
    } else if (kind == 5) {  // draw 3, unlimited, the pointer off it
      h.options = {{"draw", int64_t{3}}};
      in_waste = 3 * rng.Below(std::max<size_t>((in_talon - 1) / 3, 1)) + 1 + rng.Below(2);
    } else {  // draw 3, limited, the stock empty
      h.options = {{"draw", int64_t{3}}, {"passes", int64_t{seed % 12 < 6 ? 1 : 2}}};
      in_waste = in_talon;
    }
    if (seed % 12 >= 6) h.options["runs"] = std::string("any");
    h.waste.assign(talon.begin(), talon.begin() + static_cast<std::ptrdiff_t>(in_waste));
    h.stock.assign(talon.rbegin(), talon.rend() - static_cast<std::ptrdiff_t>(in_waste));  // top last
    if (kind <= 1) h.stock.push_back(nine);
    if (kind == 4) h.stock.insert(h.stock.end() - 1, nine);  // second from the top
    if (kind == 2 || kind == 5) h.stock.insert(h.stock.begin(), nine);
    if (kind == 3) h.waste.push_back(nine);
    const uint64_t piles = 3 + seed % 5;
    for (size_t i = in_talon; i < cards.size(); ++i) h.tableau[rng.Below(piles)].push_back(cards[i]);
    for (size_t p = 0; p < 7; ++p) h.down[p] = std::max(0, static_cast<int>(h.tableau[p].size()) - 1);
    agree.Compare(h, seed);
    const SolveResult won = SolveAndReplay(h.ToDeal(), 3000000, true);
    if (kind >= 4 || won.verdict != Verdict::kSolved) continue;
    for (const MoveSpec& m : won.moves) {
      if (m.to.area == Area::kFoundations && m.cards == Pile{nine}) {
        ++nine_first;
        break;
      }
      const bool turn = m.to.area == Area::kWaste || m.to.area == Area::kStock;
      if (!turn && m.to.area != Area::kFoundations) break;
    }
  }
  EXPECT_GE(agree.compared, 200);
  EXPECT_GE(agree.unsolvable, 20);
  EXPECT_GE(nine_first, 100);
  agree.Print();
  std::printf("9H up first in %d winning lines\n", nine_first);
}

}  // namespace
}  // namespace talon
