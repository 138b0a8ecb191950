// The sensible player of Fourteen Out, Take Fourteen and Triple Fourteens
// (core/difficulty/player.h): it always makes the safe pair of F3 when there
// is one (docs/solvers/adding-games.md), else chooses among every legal pair.
// Its positions and moves are the solver's.
#pragma once

#include <bit>
#include <vector>

#include "core/difficulty/model.h"
#include "core/games/fourteens/decide.h"
#include "core/games/fourteens/solver.h"

namespace talon::fourteens {

template <int N, int H>
class Player {
 public:
  using Rules = Solver<N, H>;
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  static constexpr int kMaxOptions = Rules::kMaxMoves;
  static constexpr bool kCycles = false;  // every move removes two cards

  bool Load(const Deal& deal, Position& start) {
    const auto& piles = deal.areas.tableau;
    if (piles.size() != static_cast<size_t>(N)) return false;
    cards_ = 0;
    for (const Pile& pile : piles) {
      if (pile.size() > static_cast<size_t>(H)) return false;
      cards_ += static_cast<int>(pile.size());
    }
    rules_.Load(piles, start);
    return true;
  }

  bool Won(const Position& p) const { return rules_.Won(p); }

  int Options(const Position& p, Move* out) const {
    if (Rules::SafeMove(p, out)) return 1;
    int n = 0;
    auto add = [&](int x, int y) {
      out[n++] = x < y ? Move{static_cast<uint8_t>(x), static_cast<uint8_t>(y)}
                       : Move{static_cast<uint8_t>(y), static_cast<uint8_t>(x)};
    };
    using Mask = typename Rules::Mask;
    for (int r = 1; r <= 6; ++r)
      for (Mask x = p.tops[r]; x; x &= x - 1)
        for (Mask y = p.tops[14 - r]; y; y &= y - 1) add(std::countr_zero(x), std::countr_zero(y));
    for (Mask x = p.tops[7]; x; x &= x - 1)
      for (Mask y = x & (x - 1); y; y &= y - 1) add(std::countr_zero(x), std::countr_zero(y));
    return n;
  }

  void Apply(Position& p, Move m) const { rules_.Apply(p, m); }
  uint64_t KeyOf(const Position& p) const { return p.key.lo ^ Mix64(p.key.hi); }

  // Cards removed.
  int Progress(const Position& p) const {
    int left = 0;
    for (int i = 0; i < N; ++i) left += p.h[i];
    return cards_ - left;
  }
  int Value(const Position& p) const { return Progress(p); }

  Verdict Decide(const Position& p, const SearchLimits& limits, std::vector<Move>* line) const {
    rules_.prune = true;
    auto outcome = fourteens::Decide(rules_, p, limits);
    if (line && outcome.verdict == Verdict::kSolved) *line = std::move(outcome.line);
    return outcome.verdict;
  }

  LineStep ToMove(const Position&, const MoveSpec& spec, Move& move) const {
    if (spec.from.size() != 2) return LineStep::kNone;
    const int a = spec.from[0].number - 1, b = spec.from[1].number - 1;
    if (a < 0 || b < 0 || a >= N || b >= N || a == b) return LineStep::kNone;
    move = a < b ? Move{static_cast<uint8_t>(a), static_cast<uint8_t>(b)}
                 : Move{static_cast<uint8_t>(b), static_cast<uint8_t>(a)};
    return LineStep::kMove;
  }

 private:
  mutable Rules rules_;  // Decide runs searches on it
  int cards_ = 0;
};

}  // namespace talon::fourteens
