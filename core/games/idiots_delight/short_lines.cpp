// The Idiot's Delight search for a short line (FindShortLine): the solver's
// pruned moves as core/short_search.h's rules, each costing one move plus the
// safe foundation moves Apply makes after it (all written on the sheet).
#include <vector>

#include "core/games/idiots_delight/solver.h"
#include "core/short_search.h"

namespace talon::idiot {
namespace {

int Built(const Position& p) { return p.found[0] + p.found[1] + p.found[2] + p.found[3]; }

struct ShortRules {
  using Position = idiot::Position;
  using Move = idiot::Move;
  static constexpr int kMaxMoves = idiot::kMaxMoves;
  const Rules& rules;
  int Moves(const Position& p, Move* out) const { return rules.Moves(p, out); }
  void Apply(Position& p, Move m) const { rules.Apply(p, m); }
  bool Won(const Position& p) const { return rules.Won(p); }
  Key128 KeyOf(const Position& p) const { return rules.KeyOf(p); }
  bool Lost(const Position&, Move, const Position&) const { return false; }
  // The move, and every card Apply then built by itself.
  int Cost(const Position& p, Move m) const {
    Position after = p;
    rules.Apply(after, m);
    const int built = (m.to == kToFoundation) - (m.from >= kFromFoundation);
    return 1 + Built(after) - Built(p) - built;
  }
  // Every card not built needs a move; a card lying above a lower card of
  // its own suit needs one more (it must leave before that card goes up).
  int Estimate(const Position& p) const {
    int extra = 0;
    for (int j = 0; j < kColumns; ++j) {
      int low[4] = {14, 14, 14, 14};
      for (int k = 0; k < p.len[static_cast<size_t>(j)]; ++k) {
        const uint8_t c = p.card[static_cast<size_t>(j)][static_cast<size_t>(k)];
        extra += low[SuitOf(c)] < Rank(c);
        if (Rank(c) < low[SuitOf(c)]) low[SuitOf(c)] = Rank(c);
      }
    }
    return Floor(p) + extra;
  }
  int Floor(const Position& p) const { return 52 - Built(p); }
};

}  // namespace

uint64_t FindShortLine(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) {
  Rules rules;
  rules.worry = BoolOption(deal.options, "worry");
  const Position start = rules.Setup(deal.areas);
  // The safe moves at the start are in every line.
  std::vector<Move> moves, autos;
  Position p = start;
  rules.Autoplay(p, &moves);
  line.clear();
  if (moves.size() >= bound) return 0;
  const auto found = talon::FindShortLine(ShortRules{rules}, p, {.bound = bound - moves.size(), .max_nodes = work});
  if (found.line.empty()) return found.nodes;
  // The moves with the automatic ones after each, written one by one.
  for (const Move m : found.line) {
    moves.push_back(m);
    autos.clear();
    rules.Apply(p, m, &autos);
    moves.insert(moves.end(), autos.begin(), autos.end());
  }
  Rules plain = rules;
  plain.prune = false;
  p = start;
  for (const Move m : moves) {
    line.push_back(ToMoveSpec(plain, p, m));
    plain.Apply(p, m);
  }
  return found.nodes;
}

}  // namespace talon::idiot
