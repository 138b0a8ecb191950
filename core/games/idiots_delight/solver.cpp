// The Idiot's Delight solver: the quick looks for a win, then the complete
// search (docs/solvers/idiots-delight.md, "Quick looks"), and the line
// written as MoveSpecs.
#include <algorithm>
#include <vector>

#include "core/games/idiots_delight/rules.h"
#include "core/games/idiots_delight/search.h"
#include "core/games/idiots_delight/solver.h"

namespace talon::idiot {

MoveSpec ToMoveSpec(const Rules& rules, const Position& p, Move m) {
  MoveSpec spec;
  const uint8_t c = rules.CardOf(p, m);
  if (m.from < kFromReserve)
    spec.from.push_back(Place{Area::kTableau, m.from + 1});
  else if (m.from < kFromFoundation)
    spec.from.push_back(Place{Area::kReserve, m.from - kFromReserve + 1});
  else
    spec.from.push_back(Place{Area::kFoundations, m.from - kFromFoundation + 1});
  if (m.to == kToFoundation)
    spec.to = Place{Area::kFoundations, SuitOf(c) + 1};
  else
    spec.to = Place{Area::kTableau, m.to + 1};
  spec.cards.push_back(Card::FromCode(c));
  return spec;
}

Outcome SolveFrom(const Rules& rules, const Position& start, const SearchLimits& limits) {
  const bool prune = rules.prune;
  Outcome outcome;
  uint64_t quick_nodes = 0;
  double quick_seconds = 0;
  bool done = false;
  // With a node limit under 64 the quick looks are skipped: an eighth of it
  // would be 0, which a search reads as "no limit".
  if (prune && (limits.max_nodes == 0 || limits.max_nodes >= 64)) {
    // First quick looks for a win with few idle moves in a row (incomplete,
    // so only a win counts), each on an eighth of the limits and at most a
    // fixed number of nodes (so that they are the same on every machine).
    struct Quick {
      int idle_limit;  // 0: the best-first look
      uint64_t max_nodes;
      int share;  // of the time limit, in sixteenths
    };
    for (const Quick q : {Quick{1, 700'000, 1}, Quick{2, 1'000'000, 1}, Quick{0, 1'300'000, 2},
                          Quick{3, 800'000, 1}, Quick{6, 900'000, 1},
                          Quick{12, 1'000'000, 1}}) {
      Rules quick = rules;
      quick.idle_limit = q.idle_limit;
      SearchLimits share = limits;
      share.max_nodes = limits.max_nodes ? std::min(limits.max_nodes / 8, q.max_nodes) : q.max_nodes;
      if (limits.max_seconds > 0) share.max_seconds = limits.max_seconds * q.share / 16;
      share.max_memory = limits.max_memory / 4;
      outcome = q.idle_limit ? Search(quick, start, share) : BestFirst(quick, start, share);
      quick_nodes += outcome.stats.nodes;
      quick_seconds += outcome.stats.seconds;
      done = outcome.verdict == Verdict::kSolved || outcome.stats.limit == "interrupted";
      if (done) break;
    }
  }
  if (!done) {
    SearchLimits rest = limits;
    if (rest.max_nodes) rest.max_nodes = rest.max_nodes > quick_nodes ? rest.max_nodes - quick_nodes : 1;
    rest.max_seconds = SecondsLeft(limits, quick_seconds);
    outcome = Search(rules, start, rest);
    outcome.stats.nodes += quick_nodes;
    outcome.stats.seconds += quick_seconds;
  } else {
    outcome.stats.nodes = quick_nodes;
    outcome.stats.seconds = quick_seconds;
  }
  return outcome;
}

SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits, bool prune) {
  Rules rules;
  rules.worry = BoolOption(deal.options, "worry");
  rules.prune = prune;
  const Position start = rules.Setup(deal.areas);
  const Outcome outcome = SolveFrom(rules, start, limits);
  SolveResult result;
  result.verdict = outcome.verdict;
  result.stats = outcome.stats;
  if (outcome.verdict != Verdict::kSolved) return result;
  // The line holds the automatic moves too: replay it without them.
  Rules plain = rules;
  plain.prune = false;
  Position p = start;
  for (Move m : outcome.line) {
    result.moves.push_back(ToMoveSpec(plain, p, m));
    plain.Apply(p, m);
  }
  return result;
}

}  // namespace talon::idiot
