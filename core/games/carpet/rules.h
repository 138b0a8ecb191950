// The Carpet's solver rules for core/search.h: the deal in drawing order, the
// position (key C1), the moves (C2-C5), Apply and the bound (C6). Shared by
// the solver (solver.cpp) and the sensible player (player.cpp). Proofs:
// docs/solvers/carpet.md.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/game.h"
#include "core/games/carpet/solver.h"
#include "core/position_key.h"

namespace talon::carpet {

struct CarpetDeal {
  std::array<uint8_t, 52> draw{};  // Card::code, in drawing order: slots 1-20, then the pack
  std::array<uint8_t, 52> at{};    // at[Card::index()]: its place in draw[]
  bool compulsory = true;
};

inline uint64_t Bit(Card c) { return uint64_t{1} << c.index(); }

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
  friend bool operator==(CarpetMove, CarpetMove) = default;
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


// The rules' view of a deal (the dealt slots, aces out, holes refilled).
// REQUIRES: CheckDeal(deal).ok() for game "carpet".
void LoadDeal(const Deal& deal, CarpetDeal& cd, CarpetPosition& start);
// The rules' view of a checker table (Table.counters[0] the phase).
// Returns false if the table is not one of The Carpet.
bool LoadTable(const Table& table, CarpetDeal& cd, CarpetPosition& start);
// The rules' line as MoveSpecs, played from `table` on the checker alongside
// (to learn each carpet card's slot and each hole's).
std::vector<MoveSpec> LineSpecs(Table table, std::span<const CarpetMove> line);

}  // namespace talon::carpet
