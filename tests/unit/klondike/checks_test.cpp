// The premises of the Klondike solver's proofs, checked on random lines of its
// own moves (core/games/klondike/testing.h).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/klondike/testing.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

// The search computes a child's key from its parent and the move
// (KeyAfter) and makes the child only when it enters it: every move of every
// position on random lines, pruned and plain (draws and redeals), under six
// rule sets, must give the key of the position it reaches; pruned with
// draw 3, the draw-1 key derived from it (the relaxation's lookup) must be
// the draw-1 rules' key of that position.
TEST(KlondikeSolver, ChildKeysAreTheKeysOfThePositionsReached) {
  std::vector<Variant> variants = Variants();
  variants.push_back({"worry", {{"worry", true}}});
  for (const Variant& v : variants) {
    for (const bool prune : {true, false}) {
      SolverCheck total;
      for (uint64_t n = 1; n <= 20; ++n) {
        auto deal = MakeDeal(K(), n, v.options);
        ASSERT_TRUE(deal.ok());
        const SolverCheck c = CheckChildKeys(*deal, prune, 20, n);
        total.checked += c.checked;
        total.wrong += c.wrong;
      }
      EXPECT_EQ(total.wrong, 0u) << v.name << (prune ? " pruned" : " plain");
      EXPECT_GT(total.checked, 10000u) << v.name << (prune ? " pruned" : " plain");
      std::printf("%s %s: %llu moves checked\n", v.name, prune ? "pruned" : "plain",
                  static_cast<unsigned long long>(total.checked));
    }
  }
}

// Runs `check` (one of the solver's SolverCheck functions) on 20 random
// lines of each of deals 1-20 of each variant, expecting nothing wrong.
// Returns how many things were checked.
template <class Check>
uint64_t CheckDeals1To20(const std::vector<Variant>& variants, Check check) {
  uint64_t checked = 0;
  for (const Variant& v : variants) {
    for (uint64_t n = 1; n <= 20; ++n) {
      auto deal = MakeDeal(K(), n, v.options);
      EXPECT_TRUE(deal.ok()) << v.name << " deal " << n;
      if (!deal.ok()) continue;
      const SolverCheck c = check(*deal, 20, n);
      EXPECT_EQ(c.wrong, 0u) << v.name << " deal " << n;
      checked += c.checked;
    }
  }
  return checked;
}

// Lost neighbours concludes that a position is lost from a child known to
// be lost when the move to it can be undone: every move the search calls
// undoable must have a move of the game itself leading back.
TEST(KlondikeSolver, UndoableMovesCanBeUndoneByTheNextMove) {
  std::vector<Variant> variants = Variants();
  variants.push_back({"worry", {{"worry", true}}});
  variants.push_back({"draw1-any-worry", {{"draw", int64_t{1}}, {"runs", std::string("any")}, {"worry", true}}});
  const uint64_t checked = CheckDeals1To20(variants, CheckUndoableMoves);
  EXPECT_GT(checked, 10000u);
  std::printf("undoable moves checked: %llu\n", static_cast<unsigned long long>(checked));
}

// Talon returned rests on each position being reached again from its
// returned position by the draw-1 game: the returned cards played back from
// the talon, each by a legal move of the game. (The seed's rules use it;
// the other rule sets with passes unlimited are checked too. With limited
// passes it fails: playing the cards back can need more redeals than are
// left, which is why the solver uses it only with passes unlimited.)
TEST(KlondikeSolver, ReturnedTalonPlaysBackToThePosition) {
  std::vector<Variant> variants;
  for (const Variant& v : Variants())
    if (!v.options.contains("passes")) variants.push_back(v);
  const uint64_t checked = CheckDeals1To20(variants, CheckReturnedTalon);
  EXPECT_GT(checked, 10000u);
  std::printf("positions checked: %llu\n", static_cast<unsigned long long>(checked));
}

// Turn-ups returned: a probe that replaces each child reached by turning a
// card up with its returned position never calls a position lost that the
// plain draw-1 search wins (the seed's rules, where the probes run).
TEST(KlondikeSolver, ProbesReturningTurnUpsNeverLoseAWin) {
  const uint64_t checked = CheckDeals1To20({{"seed", {}}}, CheckReturnedProbes);
  EXPECT_GT(checked, 200u);
  std::printf("probe losses compared: %llu\n", static_cast<unsigned long long>(checked));
}

// Alive after: wherever the search skips the dead test as known to find
// nothing, the test itself, run on random lines of the pruned moves, finds
// nothing either (on the deals and, lost more often, near the ends).
TEST(KlondikeSolver, TheDeadTestSkippedAfterAnAlivePositionWouldFindNothing) {
  std::vector<Variant> variants = Variants();
  variants.push_back({"worry", {{"worry", true}}});
  for (const Variant& v : variants) {
    SolverCheck total;
    for (uint64_t n = 1; n <= 40; ++n) {
      auto deal = MakeDeal(K(), n, v.options);
      ASSERT_TRUE(deal.ok());
      const SolverCheck c = CheckAliveSkips(*deal, 40, n);
      total.checked += c.checked;
      total.wrong += c.wrong;
    }
    for (const Deal& d : NearTheEnd(v)) {
      const SolverCheck c = CheckAliveSkips(d, 20, 7);
      total.checked += c.checked;
      total.wrong += c.wrong;
    }
    EXPECT_EQ(total.wrong, 0u) << v.name << ": " << total.checked << " skips checked";
    // Only with passes unlimited or a redeal left do skips happen at all.
    if (std::string(v.name) != "draw1-pass1") {
      EXPECT_GT(total.checked, 1000u) << v.name;
    }
    std::printf("%s: %llu skips checked\n", v.name, static_cast<unsigned long long>(total.checked));
  }
}

}  // namespace
}  // namespace talon
