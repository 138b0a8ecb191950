// Try Again's sensible player (core/difficulty/player.h). Its options are the
// solver's moves: a safe build (T3) alone when there is one, else every
// build, the dealt card to a foundation, and the dealt card onto each heap,
// heaps of equal ranks counted once (T1). docs/solvers/try-again.md,
// docs/solvers/difficulty.md.
#include <vector>

#include "core/difficulty/model.h"
#include "core/difficulty/rules_player.h"
#include "core/games/try_again/decide.h"
#include "core/games/try_again/solver.h"

namespace talon {
namespace {

using namespace try_again;

// Every move deals or builds a card: no cycles.
class Player : public difficulty::RulesPlayer<Player, TryRules> {
 public:
  bool Load(const Deal& deal, Position& start) {
    try_again::Load(deal, /*prune=*/true, loaded_);
    start = loaded_.start;
    return true;
  }
  const TryRules& rules() const { return loaded_.rules; }
  uint64_t KeyOf(const Position& p) const {
    const Key128 k = loaded_.rules.KeyOf(p);
    return k.lo ^ Mix64(k.hi);
  }
  int Progress(const Position& p) const { return 52 - p.left; }
  // Cards built, then order: a card lying on a lower one counts against.
  int Value(const Position& p) const {
    int v = 8 * Progress(p);
    for (int h = 0; h < kHeaps; ++h)
      for (int i = 1; i < p.len[h]; ++i)
        v -= 3 * (RankOf(p.heap[h][static_cast<size_t>(i)]) > RankOf(p.heap[h][static_cast<size_t>(i - 1)]));
    return v;
  }

  Verdict Decide(const Position& p, const SearchLimits& limits, std::vector<Move>* line) const {
    std::vector<Move> won;
    const Verdict v = SolveFrom(loaded_.rules, p, limits, won).verdict;
    if (line && v == Verdict::kSolved) *line = std::move(won);
    return v;
  }

  LineStep ToMove(const Position&, const MoveSpec& spec, Move& move) const {
    if (spec.from.size() != 1) return LineStep::kNone;
    const Place& from = spec.from[0];
    if (from.area == Area::kStock && spec.to.area == Area::kTableau && spec.to.number >= 1 && spec.to.number <= kHeaps)
      move = {Kind::kDealToHeap, static_cast<uint8_t>(spec.to.number - 1)};
    else if (from.area == Area::kStock && spec.to.area == Area::kFoundations)
      move = {Kind::kDealToFoundation, 0};
    else if (from.area == Area::kTableau && from.number >= 1 && from.number <= kHeaps)
      move = {Kind::kBuildHeap, static_cast<uint8_t>(from.number - 1)};
    else
      return LineStep::kNone;
    return LineStep::kMove;
  }

 private:
  Loaded loaded_;
};

}  // namespace

const DifficultyModel* TryAgainDifficulty() {
  static const PlayerModel<Player> model(
      DifficultySettings{.playouts = 200, .child_nodes = 2000, .max_moves = 200, .progress_weight = 1.0, .critical_weight = 1.0, .check_nodes = 2000, .check_playouts = 5});
  return &model;
}

}  // namespace talon
