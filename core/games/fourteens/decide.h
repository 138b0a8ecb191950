// Decide: the "pairs to fourteen" solver's searches, one for one deck, a
// series of restarts for three (docs/solvers/adding-games.md, "Restarts").
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <utility>

#include "core/search.h"
#include "core/search_limits.h"

namespace talon::fourteens {


// Decides the position `start` of `rules`: one search, or (rules.restarts,
// three decks) searches with budgets growing by half and their own move
// orders until one is conclusive; as exact as one search, deterministic, the
// user's limits bounding the total. Guarded by FourteensDeals.SameAnswerEveryRun.
template <class Rules>
SearchOutcome<Rules> Decide(Rules& rules, const typename Rules::Position& start,
                            const SearchLimits& limits) {
  rules.seed = 0;
  if (!rules.restarts || !rules.prune) return Search(rules, start, limits);
  const auto t0 = std::chrono::steady_clock::now();
  SearchOutcome<Rules> total;
  uint64_t budget = 4000;
  for (uint32_t attempt = 0;; ++attempt) {
    SearchLimits l = limits;
    const uint64_t used = total.stats.nodes;
    // Whether the user's node limit, not this search's budget, binds.
    const bool user_bound = limits.max_nodes && used + budget >= limits.max_nodes;
    // (> 0 when user_bound: the last search stopped below the user's limit.)
    l.max_nodes = user_bound ? limits.max_nodes - used : budget;
    l.max_seconds =
        SecondsLeft(limits, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    rules.seed = attempt;
    SearchOutcome<Rules> out = Search(rules, start, l);
    out.stats.nodes += used;
    out.stats.table_bytes = std::max(out.stats.table_bytes, total.stats.table_bytes);
    out.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const bool own_budget =
        out.verdict == Verdict::kUnknown && out.stats.limit == "max-nodes" && !user_bound;
    if (!own_budget) {
      rules.seed = 0;
      return out;
    }
    total = std::move(out);
    budget += budget / 2;
  }
}

}  // namespace talon::fourteens
