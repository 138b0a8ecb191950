// The Idiot's Delight's sensible player (core/difficulty/player.h): it makes
// the safe moves to the foundations (S1, S2) at once, as the solver does,
// and chooses among every other legal move, with one empty column standing
// for all (they are alike) and no lone card moved into an empty column (the
// same position). docs/solvers/idiots-delight.md, docs/solvers/difficulty.md.
#include <bit>
#include <vector>

#include "core/difficulty/model.h"
#include "core/games/idiots_delight/rules.h"
#include "core/games/idiots_delight/search.h"
#include "core/games/idiots_delight/solver.h"

namespace talon::idiot {
namespace {

class Player {
 public:
  using Position = idiot::Position;
  using Move = idiot::Move;
  static constexpr int kMaxOptions = kMaxMoves;
  static constexpr bool kCycles = true;  // cards move back and forth

  bool Load(const Deal& deal, Position& start) {
    rules_ = Rules{};
    rules_.worry = BoolOption(deal.options, "worry");
    start = rules_.Setup(deal.areas);
    plain_ = rules_;
    plain_.prune = false;
    rules_.Autoplay(start);
    return true;
  }
  bool Won(const Position& p) const { return rules_.Won(p); }

  int Options(const Position& p, Move* out) const {
    const int n = plain_.Moves(p, out);
    int first_empty = -1;
    for (int j = 0; j < kColumns && first_empty < 0; ++j)
      if (p.len[j] == 0) first_empty = j;
    int k = 0;
    for (int i = 0; i < n; ++i) {
      const Move m = out[i];
      if (m.to < kColumns && p.len[m.to] == 0) {
        if (m.to != first_empty) continue;                  // one empty column stands for all
        if (m.from < kColumns && p.len[m.from] == 1) continue;  // a lone card: the same position
      }
      out[k++] = m;
    }
    return k;
  }
  void Apply(Position& p, Move m) const { rules_.Apply(p, m); }
  uint64_t KeyOf(const Position& p) const {
    const Key128 k = rules_.KeyOf(p);
    return k.lo ^ Mix64(k.hi);
  }
  int Progress(const Position& p) const { return p.found[0] + p.found[1] + p.found[2] + p.found[3]; }
  // Cards built, then order: a card lying on one it does not fit, a
  // reserve card still out and a column not empty each count against.
  int Value(const Position& p) const {
    int v = 8 * Progress(p) - 2 * std::popcount(p.reserve);
    for (int j = 0; j < kColumns; ++j) {
      if (p.len[j] == 0) v += 2;
      for (int k = 1; k < p.len[j]; ++k) v -= 3 * !Fits(p.card[j][k], p.card[j][k - 1]);
    }
    return v;
  }

  // Decided as a position of its own: the move-pruning fields cleared.
  Verdict Decide(const Position& p, const SearchLimits& limits, std::vector<Move>* line) const {
    Position start = p;
    start.last = 0;
    start.idle = 0;
    Outcome outcome = SolveFrom(rules_, start, limits);
    if (line && outcome.verdict == Verdict::kSolved) {
      // The line without the automatic moves, which Apply makes itself.
      line->clear();
      std::vector<Move> autos;
      Position q = start;
      rules_.Autoplay(q, &autos);
      size_t skip = autos.size();
      for (Move m : outcome.line) {
        if (skip > 0) {
          --skip;
          continue;
        }
        line->push_back(m);
        autos.clear();
        rules_.Apply(q, m, &autos);
        skip = autos.size();
      }
    }
    return outcome.verdict;
  }

  LineStep ToMove(const Position& p, const MoveSpec& spec, Move& move) const {
    if (spec.from.size() != 1 || spec.cards.size() != 1) return LineStep::kNone;
    const Card c = spec.cards[0];
    if (spec.to.area == Area::kFoundations && p.found[c.suit()] >= c.rank()) return LineStep::kDone;
    const Place& from = spec.from[0];
    if (from.area == Area::kTableau && from.number >= 1 && from.number <= kColumns)
      move.from = static_cast<uint8_t>(from.number - 1);
    else if (from.area == Area::kReserve && from.number >= 1 && from.number <= kReserveSlots)
      move.from = static_cast<uint8_t>(kFromReserve + from.number - 1);
    else if (from.area == Area::kFoundations && from.number >= 1 && from.number <= 4)
      move.from = static_cast<uint8_t>(kFromFoundation + from.number - 1);
    else
      return LineStep::kNone;
    if (spec.to.area == Area::kFoundations) move.to = kToFoundation;
    else if (spec.to.area == Area::kTableau && spec.to.number >= 1 && spec.to.number <= kColumns)
      move.to = static_cast<uint8_t>(spec.to.number - 1);
    else
      return LineStep::kNone;
    return LineStep::kMove;
  }

 private:
  Rules rules_;  // prune: the safe moves made by Apply, the canonical key
  Rules plain_;  // every legal move
};

}  // namespace

const DifficultyModel* Difficulty() {
  static const PlayerModel<Player> model(
      DifficultySettings{.playouts = 200, .child_nodes = 2000, .max_moves = 1000, .progress_weight = 1.0, .critical_weight = 1.0, .check_nodes = 2000, .check_playouts = 5});
  return &model;
}

}  // namespace talon::idiot
