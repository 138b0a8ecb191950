// The Carpet's solver: the rules for core/search.h (key C1, one build where
// the order never matters C2-C5, the bound C6) and the score. Proofs:
// docs/solvers/carpet.md.
#include <array>
#include <bit>
#include <cassert>
#include <vector>

#include "core/games/carpet/rules.h"
#include "core/games/carpet/solver.h"
#include "core/games/games.h"
#include "core/search.h"
#include "core/short_search.h"

namespace talon {
namespace {

using carpet::Compulsory;
using carpet::kFoundations;
using carpet::kSlots;
using carpet::Kind;

// The slot of the first hole, or -1.
int FirstHole(const std::vector<Pile>& tableau) {
  for (size_t s = 0; s < tableau.size(); ++s)
    if (tableau[s].empty()) return static_cast<int>(s);
  return -1;
}

}  // namespace

namespace carpet {

void LoadDeal(const Deal& deal, CarpetDeal& cd, CarpetPosition& start) {
  cd = CarpetDeal{};
  cd.compulsory = Compulsory(deal.options);
  for (size_t s = 0; s < kSlots; ++s) cd.draw[s] = deal.areas.tableau[s].back().code();
  const Pile& stock = deal.areas.stock;
  for (size_t i = 0; i < stock.size(); ++i) cd.draw[kSlots + i] = stock[stock.size() - 1 - i].code();
  for (size_t k = 0; k < cd.draw.size(); ++k) cd.at[static_cast<size_t>(Card::FromCode(cd.draw[k]).index())] = static_cast<uint8_t>(k);
  start = CarpetPosition{};
  start.drawn = kSlots;
  for (size_t k = 0; k < kSlots; ++k) {
    const Card c = Card::FromCode(cd.draw[k]);
    if (c.rank() == kAce) {
      start.found[c.suit()] = 1;
      ++start.built;
    } else {
      start.carpet |= Bit(c);
    }
  }
  CarpetRules rules;
  rules.deal = &cd;
  rules.Settle(start);
}

// The drawing order of a table: the cards already drawn (carpet and
// foundations, then the waste bottom to top), then the pack in turning
// order; only the waste's order and the pack's matter to the rules.
bool LoadTable(const Table& table, CarpetDeal& cd, CarpetPosition& start) {
  const Areas& a = table.areas;
  if (a.tableau.size() != kSlots || a.foundations.size() != kFoundations || table.counters.empty())
    return false;
  cd = CarpetDeal{};
  cd.compulsory = Compulsory(table.options);
  start = CarpetPosition{};
  size_t k = 0;
  auto put = [&](Card c) {
    if (k < cd.draw.size()) cd.draw[k++] = c.code();
  };
  for (const Pile& slot : a.tableau)
    for (Card c : slot) {
      put(c);
      start.carpet |= Bit(c);
    }
  for (size_t s = 0; s < kFoundations; ++s) {
    for (Card c : a.foundations[s]) put(c);
    start.found[s] = static_cast<uint8_t>(a.foundations[s].size());
    start.built = static_cast<uint8_t>(start.built + a.foundations[s].size());
  }
  for (Card c : a.waste) {
    start.waste |= uint64_t{1} << k;
    put(c);
  }
  start.drawn = static_cast<uint8_t>(k);
  for (size_t i = a.stock.size(); i-- > 0;) put(a.stock[i]);
  if (k != cd.draw.size()) return false;
  for (size_t j = 0; j < cd.draw.size(); ++j) cd.at[static_cast<size_t>(Card::FromCode(cd.draw[j]).index())] = static_cast<uint8_t>(j);
  start.phase = static_cast<uint8_t>(table.counters[0] != 0);
  return true;
}

std::vector<MoveSpec> LineSpecs(Table table, std::span<const CarpetMove> line) {
  const Game& game = CarpetGame();
  std::vector<MoveSpec> out;
  for (const CarpetMove& m : line) {
    MoveSpec spec;
    switch (m.kind) {
      case Kind::kBuildCarpet: {
        const Card c = Card::FromCode(m.card);
        int slot = 0;
        for (size_t s = 0; s < table.areas.tableau.size(); ++s)
          if (!table.areas.tableau[s].empty() && table.areas.tableau[s].back() == c) slot = static_cast<int>(s) + 1;
        spec.from = {Place{Area::kTableau, slot}};
        spec.to = Place{Area::kFoundations, c.suit() + 1};
        spec.cards = {c};
        break;
      }
      case Kind::kBuildWaste: {
        const Card c = table.areas.waste.back();
        spec.from = {Place{Area::kWaste, 0}};
        spec.to = Place{Area::kFoundations, c.suit() + 1};
        spec.cards = {c};
        break;
      }
      case Kind::kTurn:
        spec.from = {Place{Area::kStock, 0}};
        spec.to = Place{Area::kWaste, 0};
        spec.cards = {table.areas.stock.back()};
        break;
      case Kind::kPatch:
        spec.from = {Place{Area::kWaste, 0}};
        spec.to = Place{Area::kTableau, FirstHole(table.areas.tableau) + 1};
        spec.cards = {table.areas.waste.back()};
        break;
    }
    Status s = game.Play(table, spec);
    assert(s.ok());
    (void)s;
    out.push_back(std::move(spec));
  }
  return out;
}

}  // namespace carpet

namespace {

CarpetSolve Run(const carpet::CarpetDeal& cd, const carpet::CarpetPosition& start,
                const SearchLimits& limits, bool prune, const Table& from) {
  carpet::CarpetRules rules;
  rules.prune = prune;
  rules.deal = &cd;
  rules.best = start.built;
  auto outcome = Search(rules, start, limits);
  CarpetSolve out;
  out.result.verdict = outcome.verdict;
  out.result.stats = outcome.stats;
  out.score = rules.best;
  if (outcome.verdict == Verdict::kSolved) out.result.moves = carpet::LineSpecs(from, outcome.line);
  return out;
}

}  // namespace

CarpetSolve SolveCarpet(const Deal& deal, const SearchLimits& limits, bool prune) {
  carpet::CarpetDeal cd;
  carpet::CarpetPosition start;
  carpet::LoadDeal(deal, cd, start);
  return Run(cd, start, limits, prune, CarpetGame().StartTable(deal));
}

CarpetSolve SolveCarpetTable(const Table& table, const SearchLimits& limits) {
  carpet::CarpetDeal cd;
  carpet::CarpetPosition start;
  if (!carpet::LoadTable(table, cd, start)) {
    CarpetSolve bad;
    bad.result.stats.limit = "bad table";
    return bad;
  }
  return Run(cd, start, limits, /*prune=*/true, table);
}

namespace {

// The solver's pruned moves as core/short_search.h's rules: one written move
// each (refills, aces and compulsory patches are not written).
struct ShortRules {
  using Position = carpet::CarpetPosition;
  using Move = carpet::CarpetMove;
  static constexpr int kMaxMoves = carpet::CarpetRules::kMaxMoves;
  const carpet::CarpetRules& rules;
  int Moves(const Position& p, Move* out) const { return rules.Moves(p, out); }
  void Apply(Position& p, Move m) const { rules.Apply(p, m); }
  bool Won(const Position& p) const { return rules.Won(p); }
  Key128 KeyOf(const Position& p) const { return rules.KeyOf(p); }
  bool Lost(const Position&, Move, const Position& child) const { return rules.Bound(child) < 52; }
  int Cost(const Position&, Move) const { return 1; }
  // Every card not built needs a build, every card of the pack a turn; a
  // waste card that is not the next of its suit, about half a patch.
  int Estimate(const Position& p) const { return Floor(p) + std::popcount(p.waste) / 2; }
  int Floor(const Position& p) const { return (52 - p.built) + (52 - p.drawn); }
};

}  // namespace

uint64_t FindShortCarpetLine(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) {
  carpet::CarpetDeal cd;
  carpet::CarpetPosition start;
  carpet::LoadDeal(deal, cd, start);
  carpet::CarpetRules rules;
  rules.deal = &cd;
  rules.best = start.built;
  const auto found = FindShortLine(ShortRules{rules}, start, {.bound = bound, .max_nodes = work});
  line.clear();
  if (!found.line.empty()) line = carpet::LineSpecs(CarpetGame().StartTable(deal), found.line);
  return found.nodes;
}

}  // namespace talon
