// The Carpet's solver: the rules for core/search.h (key C1, one build where
// the order never matters C2-C5, the bound C6) and the score. Proofs:
// docs/solvers/carpet.md.
#include <array>
#include <bit>
#include <cassert>
#include <vector>

#include "core/games/carpet/solver.h"
#include "core/games/games.h"
#include "core/search.h"
#include "core/short_search.h"

namespace talon {
namespace {

using carpet::Compulsory;
using carpet::kFoundations;
using carpet::kSlots;

// The slot of the first hole, or -1.
int FirstHole(const std::vector<Pile>& tableau) {
  for (size_t s = 0; s < tableau.size(); ++s)
    if (tableau[s].empty()) return static_cast<int>(s);
  return -1;
}

struct CarpetDeal {
  std::array<uint8_t, 52> draw{};  // Card::code, in drawing order: slots 1-20, then the pack
  std::array<uint8_t, 52> at{};    // at[Card::index()]: its place in draw[]
  bool compulsory = true;
};

uint64_t Bit(Card c) { return uint64_t{1} << c.index(); }

struct CarpetPosition {
  uint64_t carpet = 0;  // Card::index bits of the cards on the carpet
  uint64_t waste = 0;   // bit k: draw[k] lies in the waste
  std::array<uint8_t, kFoundations> found{};  // top rank per suit (0: no ace yet)
  uint8_t drawn = 0;    // cards of draw[] taken so far
  uint8_t phase = 0;    // 1 once turning has begun
  uint8_t built = 0;    // cards on the foundations
};

enum class Kind : uint8_t { kBuildCarpet, kBuildWaste, kTurn, kPatch };
struct CarpetMove {
  Kind kind = Kind::kTurn;
  uint8_t card = 0;  // Card::code for kBuildCarpet
};

// The Rules of core/search.h. Apply records the score: the most cards built
// in any position entered (docs/solvers/carpet.md, "The score").
struct CarpetRules {
  using Position = CarpetPosition;
  using Move = CarpetMove;
  static constexpr int kMaxMoves = 8;  // 4 carpet builds, waste build, patch, turn
  bool prune = true;
  const CarpetDeal* deal = nullptr;
  mutable int best = 0;  // the score: most cards built in a position entered

  static int Holes(const Position& p) { return kSlots - std::popcount(p.carpet); }
  Card WasteTop(const Position& p) const {
    return Card::FromCode(deal->draw[static_cast<size_t>(63 - std::countl_zero(p.waste))]);
  }
  static bool Buildable(const Position& p, Card c) { return p.found[c.suit()] + 1 == c.rank(); }

  bool Won(const Position& p) const { return p.built == 52; }

  // The moves; with prune one build only where C2-C4 prove the choice never
  // matters. Guarded by Carpet.SolverReplaysAgreesWithThePlainSearchAndBeatsGreedy.
  int Moves(const Position& p, Move* out) const {
    int n = 0;
    if (p.waste && Buildable(p, WasteTop(p))) out[n++] = {Kind::kBuildWaste, 0};
    for (int s = 0; s < kFoundations; ++s) {
      if (p.found[static_cast<size_t>(s)] == 13) continue;
      const Card c(p.found[static_cast<size_t>(s)] + 1, static_cast<Suit>(s));
      if (!(p.carpet & Bit(c))) continue;
      out[n++] = {Kind::kBuildCarpet, c.code()};
    }
    if (prune && n > 1) n = 1;  // C2, C3
    if (prune && n == 1 && p.phase == 1 && !deal->compulsory) return 1;  // C4
    if (p.phase == 0) {
      if (n == 0 && p.drawn < 52) out[n++] = {Kind::kTurn, 0};
      return n;
    }
    if (!deal->compulsory && p.waste && Holes(p) > 0) out[n++] = {Kind::kPatch, 0};
    if (p.drawn < 52) out[n++] = {Kind::kTurn, 0};
    return n;
  }

  void Settle(Position& p) const {
    if (p.phase == 0) {
      while (Holes(p) > 0 && p.drawn < 52) Draw(p);
    } else if (deal->compulsory) {
      while (Holes(p) > 0 && p.waste) PatchOne(p);
    }
  }
  // Takes the next card of the deal: an ace to its foundation, else to the
  // carpet (phase 0) or the waste (phase 1).
  void Draw(Position& p) const {
    const int k = p.drawn++;
    const Card c = Card::FromCode(deal->draw[static_cast<size_t>(k)]);
    if (c.rank() == kAce) {
      p.found[c.suit()] = 1;
      ++p.built;
    } else if (p.phase == 0) {
      p.carpet |= Bit(c);
    } else {
      p.waste |= uint64_t{1} << k;
    }
  }
  void PatchOne(Position& p) const {
    const int k = 63 - std::countl_zero(p.waste);
    p.waste &= ~(uint64_t{1} << k);
    p.carpet |= Bit(Card::FromCode(deal->draw[static_cast<size_t>(k)]));
  }

  void Apply(Position& p, Move m) const {
    switch (m.kind) {
      case Kind::kBuildCarpet: {
        const Card c = Card::FromCode(m.card);
        p.carpet &= ~Bit(c);
        p.found[c.suit()] = static_cast<uint8_t>(c.rank());
        ++p.built;
        break;
      }
      case Kind::kBuildWaste: {
        const Card c = WasteTop(p);
        p.waste &= ~(uint64_t{1} << (63 - std::countl_zero(p.waste)));
        p.found[c.suit()] = static_cast<uint8_t>(c.rank());
        ++p.built;
        break;
      }
      case Kind::kTurn:
        p.phase = 1;
        Draw(p);
        break;
      case Kind::kPatch: PatchOne(p); break;
    }
    Settle(p);
    if (p.built > best) best = p.built;
  }

  // C1: the exact key (carpet set, drawn, phase, waste set). drawn <= 52
  // keeps the top bits of lo clear, so never kEmptyKey.
  Key128 KeyOf(const Position& p) const {
    return {p.carpet | uint64_t{p.drawn} << 52 | uint64_t{p.phase} << 58, p.waste};
  }
  // C6 (docs/solvers/carpet.md): an upper bound on the cards `p` can still
  // build, from the order of the waste: a card deep in the waste needs a
  // build (or patch) for every card above it. 52 with an empty waste.
  int Bound(const Position& p) const {
    if (!p.waste) return 52;
    const int n = std::popcount(p.waste), h = Holes(p), stock = 52 - p.drawn;
    // need[s][j]: the turns needed before the j-th card of suit s above the
    // foundation and every card below it in the run are drawn.
    std::array<std::array<uint8_t, 14>, kFoundations> need{};
    for (int s = 0; s < kFoundations; ++s) {
      int m = 0;
      for (int r = p.found[static_cast<size_t>(s)] + 1; r <= 13; ++r) {
        const int k = deal->at[static_cast<size_t>(Card(r, static_cast<Suit>(s)).index())];
        m = std::max(m, k >= p.drawn ? k - p.drawn + 1 : 0);
        need[static_cast<size_t>(s)][static_cast<size_t>(r - p.found[static_cast<size_t>(s)])] = static_cast<uint8_t>(m);
      }
    }
    std::array<int, kFoundations> low = {14, 14, 14, 14};  // lowest rank per suit in w_1..w_i
    int i = 0, bound = 52, best_margin = 0, runs = 0;
    for (uint64_t w = p.waste; w; w &= w - 1) {
      ++i;
      const Card c = Card::FromCode(deal->draw[static_cast<size_t>(std::countr_zero(w))]);
      if (i == 1 || c.rank() < low[c.suit()]) {
        low[c.suit()] = std::min(low[c.suit()], c.rank());
        std::array<uint8_t, 53> count{};
        runs = 0;
        for (int s = 0; s < kFoundations; ++s) {
          const int cap = low[static_cast<size_t>(s)] - 1 - p.found[static_cast<size_t>(s)];
          runs += cap;
          for (int j = 1; j <= cap; ++j) ++count[need[static_cast<size_t>(s)][static_cast<size_t>(j)]];
        }
        best_margin = -1000;
        for (int t = 0, run = 0; t <= stock; ++t) {
          run += count[static_cast<size_t>(t)];
          best_margin = std::max(best_margin, run - t);
        }
      }
      if (best_margin + h < n - i) bound = p.built + runs;
    }
    return bound;
  }
  // True iff the bound cannot beat the best score found so far: sound (no
  // win is cut) and the score stays exact. Guarded by
  // Carpet.SolverReplaysAgreesWithThePlainSearchAndBeatsGreedy.
  bool Dead(const Position& p) const { return Bound(p) <= best; }
};

// The solver's view of a deal: the drawing order and the start position
// (the aces of the carpet out, its holes refilled).
struct Loaded {
  CarpetDeal deal;
  CarpetRules rules;
  CarpetPosition start;
};
void Load(const Deal& deal, bool prune, Loaded& l) {
  CarpetDeal& cd = l.deal;
  cd.compulsory = Compulsory(deal.options);
  for (size_t s = 0; s < kSlots; ++s) cd.draw[s] = deal.areas.tableau[s].back().code();
  const Pile& stock = deal.areas.stock;
  for (size_t i = 0; i < stock.size(); ++i) cd.draw[kSlots + i] = stock[stock.size() - 1 - i].code();
  for (size_t k = 0; k < cd.draw.size(); ++k) cd.at[static_cast<size_t>(Card::FromCode(cd.draw[k]).index())] = static_cast<uint8_t>(k);
  l.rules.prune = prune;
  l.rules.deal = &cd;
  CarpetPosition& start = l.start;
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
  l.rules.Settle(start);
  l.rules.best = start.built;
}

// A winning line as MoveSpecs, played on the checker's table alongside to
// learn the slot of each carpet card and of each hole.
std::vector<MoveSpec> Specs(const Deal& deal, const std::vector<CarpetMove>& line) {
  std::vector<MoveSpec> specs;
  const Game& game = CarpetGame();
  Table table = game.StartTable(deal);
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
    specs.push_back(std::move(spec));
  }
  return specs;
}

// The solver's pruned moves as core/short_search.h's rules: one written move
// each (refills, aces and compulsory patches are not written).
struct ShortRules {
  using Position = CarpetPosition;
  using Move = CarpetMove;
  static constexpr int kMaxMoves = CarpetRules::kMaxMoves;
  const CarpetRules& rules;
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
  Loaded l;
  Load(deal, true, l);
  const auto found = FindShortLine(ShortRules{l.rules}, l.start, {.bound = bound, .max_nodes = work});
  line.clear();
  if (!found.line.empty()) line = Specs(deal, found.line);
  return found.nodes;
}

CarpetSolve SolveCarpet(const Deal& deal, const SearchLimits& limits, bool prune) {
  Loaded l;
  Load(deal, prune, l);
  auto outcome = Search(l.rules, l.start, limits);
  CarpetSolve out;
  out.result.verdict = outcome.verdict;
  out.result.stats = outcome.stats;
  out.score = l.rules.best;
  if (outcome.verdict != Verdict::kSolved) return out;
  out.result.moves = Specs(deal, outcome.line);
  return out;
}

}  // namespace talon
