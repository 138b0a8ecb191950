// The Klondike solver agrees with the plain search on positions near the end
// of won lines (and those positions made harder), with each stage of the
// schedule brought into play by tiny budgets.
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "core/game.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

// Solves the NearTheEnd positions of the variants (those with draw 3 only,
// if asked) pruned, with `max_nodes` and `first_phase_nodes`, and plain, and
// expects the same verdict wherever both decide.
struct NearTheEndAgreement {
  int compared = 0, unsolvable = 0;
};

NearTheEndAgreement AgreeNearTheEnd(bool draw3_only, uint64_t max_nodes, uint64_t first_phase_nodes,
                                    const std::vector<size_t>& backs = {12, 20, 30}) {
  NearTheEndAgreement a;
  for (const Variant& v : Variants()) {
    if (draw3_only && v.options.contains("draw")) continue;
    for (const Deal& d : NearTheEnd(v, backs)) {
      SolveResult pruned = SolveAndReplay(d, max_nodes, true, first_phase_nodes);
      SolveResult plain = SolveAndReplay(d, 2000000, false);
      if (pruned.verdict == Verdict::kUnknown || plain.verdict == Verdict::kUnknown) continue;
      EXPECT_EQ(pruned.verdict, plain.verdict) << v.name << " " << d.Name();
      ++a.compared;
      a.unsolvable += plain.verdict == Verdict::kUnsolvable;
    }
  }
  std::printf("compared %d positions, %d unsolvable\n", a.compared, a.unsolvable);
  return a;
}

// The pruned search and the plain one agree near the end.
TEST(KlondikeSolver, AgreesWithThePlainSearchNearTheEnd) {
  const NearTheEndAgreement a = AgreeNearTheEnd(false, 2000000, 20000);
  EXPECT_GE(a.compared, 60);
  EXPECT_GE(a.unsolvable, 3);
}

// The relaxation (draw 3 only): with a first phase of one position and a
// budget of 4000, every position not decided at the start or won by the
// win-finders reaches the draw-1 search, whose losses decide and whose lost
// positions the later phases skip. The verdicts still agree with the plain
// search.
TEST(KlondikeSolver, RelaxationAgreesWithThePlainSearchNearTheEnd) {
  const NearTheEndAgreement a = AgreeNearTheEnd(true, 4000, 1);
  EXPECT_GE(a.compared, 40);
  EXPECT_GE(a.unsolvable, 3);
}

// Relaxation slices (no node limit): with a first phase of one position the
// draw-1 search gets 750 positions, then goes on for four times each restart
// phase's budget (twice with runs=whole worry=false) from the phase of 64 on,
// until it decides or finds a draw-1 win. The verdicts still agree with the
// plain search.
TEST(KlondikeSolver, RelaxationSlicesAgreeWithThePlainSearchNearTheEnd) {
  const NearTheEndAgreement a = AgreeNearTheEnd(true, 0, 1, {40, 50, 60, 70});
  EXPECT_GE(a.compared, 40);
  EXPECT_GE(a.unsolvable, 3);
}

// Talon returned (no node limit, the seed's rules, after a draw-1 win of
// the relaxation): with a first phase of 100 positions the probes start
// with 100 positions. The verdicts still agree with the plain search.
TEST(KlondikeSolver, ReturnedTalonProbesAgreeWithThePlainSearchNearTheEnd) {
  const NearTheEndAgreement a = AgreeNearTheEnd(true, 0, 100, {40, 50, 60, 70});
  EXPECT_GE(a.compared, 40);
  EXPECT_GE(a.unsolvable, 3);
}

}  // namespace
}  // namespace talon
