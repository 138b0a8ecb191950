// Every solver keeps to a node limit, however small: it stops within one
// position of the limit and says "unknown" (or decides within the limit).
// Four of a Kind has no search (the deal is played out) and is left out.
#include <gtest/gtest.h>

#include <chrono>

#include "core/game.h"
#include "test_util.h"

namespace talon {
namespace {

// A search started partway through a caller's time gets what is left; no
// time limit stays none; a limit already spent stays a limit (never 0).
TEST(TimeLimits, SecondsLeftIsWhatRemainsOfTheCallers) {
  SearchLimits none;
  EXPECT_EQ(SecondsLeft(none, 3.0), 0.0);
  SearchLimits ten;
  ten.max_seconds = 10;
  EXPECT_DOUBLE_EQ(SecondsLeft(ten, 2.5), 7.5);
  EXPECT_GT(SecondsLeft(ten, 12.0), 0.0);
  EXPECT_LE(SecondsLeft(ten, 12.0), 1e-3);
}

// The deadline a table keeps to: t0 + max_seconds; none without a limit,
// and none for a limit too large for the clock (1e300 s would overflow).
TEST(TimeLimits, DeadlineIsTheStartPlusTheLimit) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto never = std::chrono::steady_clock::time_point::max();
  SearchLimits limits;
  EXPECT_EQ(Deadline(limits, t0), never);
  limits.max_seconds = 2.5;
  EXPECT_EQ(Deadline(limits, t0) - t0, std::chrono::milliseconds(2500));
  limits.max_seconds = 1e300;
  EXPECT_EQ(Deadline(limits, t0), never);
}

TEST(NodeLimits, EverySearchingGameKeepsToTinyLimits) {
  for (const Game* game : AllGames()) {
    if (game->id() == "four-of-a-kind") continue;
    for (uint64_t limit : {1u, 2u, 7u, 63u, 500u}) {
      for (uint64_t n = 1; n <= 4; ++n) {
        SCOPED_TRACE(std::string(game->id()) + "#" + std::to_string(n) + " max_nodes " +
                     std::to_string(limit));
        Deal deal = *MakeDeal(*game, n, {});
        SearchLimits limits;
        limits.max_nodes = limit;
        limits.max_memory = size_t{64} << 20;
        SolveResult r = game->Solve(deal, limits);
        EXPECT_LE(r.stats.nodes, limit + 1);
        if (r.verdict == Verdict::kUnknown) {
          EXPECT_EQ(r.stats.limit, "max-nodes");
        }
        if (r.verdict == Verdict::kSolved) {
          EXPECT_TRUE(test::ReplaysToAWin(*game, deal, r.moves));
        }
      }
    }
  }
}

}  // namespace
}  // namespace talon
