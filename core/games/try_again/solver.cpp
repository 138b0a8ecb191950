// Try Again's solver: three phases (docs/solvers/try-again.md, "Phases"),
// the deal loaded into the solver's rules, and the line written as MoveSpecs.
#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>
#include <vector>

#include "core/games/games.h"
#include "core/games/try_again/dead.h"
#include "core/games/try_again/decide.h"
#include "core/games/try_again/finders.h"
#include "core/games/try_again/rules.h"
#include "core/games/try_again/solver.h"
#include "core/games/try_again/testing.h"
#include "core/search.h"

namespace talon {
namespace {

using namespace try_again;

constexpr uint64_t kFinderNodes = 16'000'000;  // the win-finders' nodes without a node limit
constexpr int kProbeEighths = 7;               // the win-finders' share of a node or time limit
constexpr uint64_t kFirstNodes = 50'000;     // the first complete search
constexpr int kProbeMinPack = 30;            // cards still to deal for the win-finders to run
constexpr int kAllToFindersPack = 40;        // from this many cards to deal, phase 3 gets only leftovers

}  // namespace

void try_again::Load(const Deal& deal, bool prune, Loaded& out) {
  TryDeal& td = out.td;
  td.anytime = Anytime(deal.options);
  const Pile& stock = deal.areas.stock;
  td.size = static_cast<int>(stock.size());
  for (size_t i = 0; i < stock.size(); ++i) td.order[i] = stock[stock.size() - 1 - i].code();
  out.rules.prune = prune;
  out.rules.deal = &td;
  TryPosition& start = out.start;
  start = TryPosition{};
  start.built[0] = 4;
  start.left = 52;
  for (const Pile& f : deal.areas.foundations)
    for (Card c : f) {
      ++start.built[static_cast<size_t>(c.rank())];
      --start.left;
    }
  for (size_t h = 0; h < kHeaps && h < deal.areas.tableau.size(); ++h)
    for (Card c : deal.areas.tableau[h]) start.heap[h][start.len[h]++] = c.code();
  out.rules.Settle(start);
}

namespace {

// The winning line as MoveSpecs, played on the checker's table alongside
// (the solver's heap h is the table's heap h; a card goes to the first
// foundation one below it).
std::vector<MoveSpec> Specs(const Deal& deal, const std::vector<TryMove>& line) {
  std::vector<MoveSpec> specs;
  const Game& game = TryAgainGame();
  Table table = game.StartTable(deal);
  auto foundation_for = [&](Card c) {
    for (size_t f = 0; f < table.areas.foundations.size(); ++f) {
      const Pile& pile = table.areas.foundations[f];
      if (!pile.empty() && pile.back().rank() + 1 == c.rank()) return static_cast<int>(f) + 1;
    }
    return 0;
  };
  for (const TryMove& m : line) {
    MoveSpec spec;
    Card c;
    switch (m.kind) {
      case Kind::kBuildHeap:
        c = table.areas.tableau[m.heap].back();
        spec.from = {Place{Area::kTableau, m.heap + 1}};
        spec.to = Place{Area::kFoundations, foundation_for(c)};
        break;
      case Kind::kDealToFoundation:
        c = table.areas.stock.back();
        spec.from = {Place{Area::kStock, 0}};
        spec.to = Place{Area::kFoundations, foundation_for(c)};
        break;
      case Kind::kDealToHeap:
        c = table.areas.stock.back();
        spec.from = {Place{Area::kStock, 0}};
        spec.to = Place{Area::kTableau, m.heap + 1};
        break;
    }
    spec.cards = {c};
    Status s = game.Play(table, spec);
    assert(s.ok());
    (void)s;
    specs.push_back(std::move(spec));
  }
  return specs;
}

}  // namespace

SolveResult TryAgainWinFinder(const Deal& deal, uint64_t max_nodes) {
  Loaded l;
  Load(deal, true, l);
  SolveResult result;
  std::vector<TryMove> line;
  uint64_t spent = 0;
  const std::function<bool()> never = [] { return false; };
  if (l.rules.Won(l.start)) {
    result.verdict = Verdict::kSolved;
  } else if (FindWin(l.rules, l.start, max_nodes, never, line, spent)) {
    result.verdict = Verdict::kSolved;
    result.moves = Specs(deal, line);
  } else {
    result.stats.limit = "max-nodes";
  }
  result.stats.nodes = spent;
  return result;
}

uint64_t TryAgainFinderBudget(const SearchLimits& limits, uint64_t spent, int eighths) {
  // A node limit: their eighths of what is left. Only a time limit: no node
  // cap, the clock stops them (2^62 leaves room for the sums made with it).
  // No limit: kFinderNodes, then the complete search runs to the end.
  if (limits.max_nodes) return (limits.max_nodes - std::min(limits.max_nodes, spent)) / 8 * eighths;
  return limits.max_seconds > 0 ? uint64_t{1} << 62 : kFinderNodes;
}

namespace try_again {

SolveResult SolveFrom(const TryRules& rules, const TryPosition& start, const SearchLimits& limits,
                      std::vector<TryMove>& line) {
  const bool prune = rules.prune;
  const int pack = rules.deal->size;
  // Three phases: a short complete search (small positions end there), the
  // win-finders, then the complete search with what is left of the limits.
  SolveResult result;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  uint64_t spent = 0;  // nodes and win-finder moves so far
  auto rest = [&] {
    SearchLimits l = limits;
    if (l.max_nodes) l.max_nodes -= std::min(l.max_nodes - 1, spent);
    l.max_seconds = SecondsLeft(limits, elapsed());
    return l;
  };
  bool done = false;
  auto search = [&](SearchLimits l) {
    auto outcome = Search(rules, start, l);
    spent += outcome.stats.nodes;
    result.verdict = outcome.verdict;
    result.stats = outcome.stats;
    if (outcome.verdict == Verdict::kSolved) line = std::move(outcome.line);
    done = outcome.verdict != Verdict::kUnknown || outcome.stats.limit != "max-nodes" ||
           (limits.max_nodes && spent >= limits.max_nodes);
  };
  if (prune) {
    SearchLimits first = rest();
    first.max_nodes = limits.max_nodes ? std::max<uint64_t>(1, std::min(limits.max_nodes / 4, kFirstNodes)) : kFirstNodes;
    search(first);
  }
  if (prune && !done && (pack - start.dealt) >= kProbeMinPack) {
    // The win-finders' share of what is left: all of it from
    // kAllToFindersPack cards to deal, else 7/8 (docs: "Phases"). They never
    // prove a loss, so "unsolvable" still comes only from the complete search.
    const int eighths = (pack - start.dealt) >= kAllToFindersPack ? 8 : kProbeEighths;
    const uint64_t budget = TryAgainFinderBudget(limits, spent, eighths);
    const std::function<bool()> stop = [&] {
      return (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) ||
             (limits.max_seconds > 0 && elapsed() > limits.max_seconds * eighths / 8);
    };
    if (FindWin(rules, start, budget, stop, line, spent)) {
      result.verdict = Verdict::kSolved;
      result.stats = SearchStats{};
      done = true;
    }
  }
  if (!done && limits.max_nodes && spent >= limits.max_nodes) {
    // The win-finders used the whole node limit: nothing is left for the
    // complete search (rest() would give it 1 node, one past the limit).
    result.verdict = Verdict::kUnknown;
    result.stats = SearchStats{};
    result.stats.limit = "max-nodes";
    done = true;
  }
  if (!done) search(rest());
  result.stats.nodes = spent;
  result.stats.seconds = elapsed();
  return result;
}

}  // namespace try_again

SolveResult SolveTryAgain(const Deal& deal, const SearchLimits& limits, bool prune) {
  Loaded loaded;
  Load(deal, prune, loaded);
  std::vector<TryMove> line;
  SolveResult result = SolveFrom(loaded.rules, loaded.start, limits, line);
  if (result.verdict != Verdict::kSolved) return result;
  result.moves = Specs(deal, line);
  return result;
}

}  // namespace talon
