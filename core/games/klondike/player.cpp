// Klondike's sensible player (core/difficulty/player.h), on the plain
// search's moves (single draws and redeals): it builds at once a card the
// solver proves safe to build (docs/solvers/klondike.md#safe-moves), from a
// pile's top or the waste; it moves cards between piles only to turn a card
// up, to empty a pile while some King could fill it, or (runs=any) to free a
// card that goes to its foundation (filter (d)); it chooses among every other
// legal move, never returning to a position it has seen.
// docs/solvers/difficulty.md.
#include <optional>
#include <vector>

#include "core/difficulty/model.h"
#include "core/games/klondike/solver.h"
#include "core/games/klondike/safe_moves.h"
#include "core/games/klondike/solver_impl.h"

namespace talon {
namespace {

using namespace klondike;

class Player {
 public:
  using Position = Pos;
  using Move = klondike::Move;
  static constexpr int kMaxOptions = kMaxMoves;
  static constexpr bool kCycles = true;  // runs move back and forth

  bool Load(const Deal& deal, Position& start) {
    options_ = deal.options;
    plain_.emplace(ReadKlondikeRules(deal.options), /*prune=*/false);
    start = plain_->Start(deal);
    return true;
  }
  bool Won(const Position& s) const { return plain_->Won(s); }

  int Options(const Position& s, Move* out) const {
    const Solver& plain = *plain_;
    auto playable = [&](uint8_t c) { return s.found[SuitOf(c)] == RankOf(c) - 1; };
    for (int i = 0; i < kPiles; ++i) {
      if (s.len[i] == 0) continue;
      const uint8_t c = s.pile[i][s.len[i] - 1];
      if (playable(c) && plain.SafeToFoundation(s, c)) {
        out[0] = Move{kTabF, static_cast<uint8_t>(i), 0, 0};
        return 1;
      }
    }
    if (s.p > 0 && playable(s.talon[s.p - 1]) && plain.SafeToFoundation(s, s.talon[s.p - 1])) {
      out[0] = Move{kTalonF, s.p, 0, 0};
      return 1;
    }
    // A King not yet at the bottom of a pile or built could fill a space.
    int settled = 0;
    for (int i = 0; i < kPiles; ++i) settled += s.len[i] > 0 && RankOf(s.pile[i][0]) == kKing && s.down[i] == 0;
    for (int f = 0; f < 4; ++f) settled += s.found[f] == kKing;
    const bool king_waits = settled < 4;
    int first_empty = -1;
    for (int i = 0; i < kPiles && first_empty < 0; ++i)
      if (s.len[i] == 0) first_empty = i;
    const int n = plain.Moves(s, out);
    int k = 0;
    for (int j = 0; j < n; ++j) {
      const Move m = out[j];
      const bool to_pile = m.kind == kTabT || m.kind == kTalonT || m.kind == kFoundT;
      if (to_pile && s.len[m.b] == 0 && m.b != first_empty) continue;  // empty piles are alike
      if (m.kind == kTabT) {
        const int i = m.a, start = m.c;
        bool keep;
        if (start == s.down[i] && start > 0) keep = true;               // turns a card up
        else if (start == 0) keep = king_waits && s.len[m.b] > 0;       // empties a pile
        else keep = start > s.down[i] && playable(s.pile[i][start - 1]);  // frees a card to build
        if (!keep) continue;
      }
      out[k++] = m;
    }
    return k;
  }
  void Apply(Position& s, Move m) const { plain_->Apply(s, m); }
  uint64_t KeyOf(const Position& s) const {
    const Key128 k = plain_->KeyOf(s);
    return k.lo ^ Mix64(k.hi);
  }
  int Progress(const Position& s) const { return s.found[0] + s.found[1] + s.found[2] + s.found[3]; }
  // Cards built (twice) less cards face down.
  int Value(const Position& s) const {
    int down = 0;
    for (int i = 0; i < kPiles; ++i) down += s.down[i];
    return 2 * Progress(s) - down;
  }

  Verdict Decide(const Position& s, const SearchLimits& limits, std::vector<Move>* line) const {
    Deal deal;
    deal.game = "klondike";
    deal.options = options_;
    Areas& a = deal.areas;
    a.tableau.resize(kPiles);
    a.face_down.resize(kPiles);
    for (int i = 0; i < kPiles; ++i) {
      for (int k = 0; k < s.len[i]; ++k) a.tableau[static_cast<size_t>(i)].push_back(Card::FromCode(s.pile[i][k]));
      a.face_down[static_cast<size_t>(i)] = s.down[i];
    }
    a.foundations.resize(4);
    for (int f = 0; f < 4; ++f)
      for (int r = 1; r <= s.found[f]; ++r) a.foundations[static_cast<size_t>(f)].push_back(Card(r, static_cast<Suit>(f)));
    for (int k = 0; k < s.p; ++k) a.waste.push_back(Card::FromCode(s.talon[k]));
    for (int k = s.n; k-- > s.p;) a.stock.push_back(Card::FromCode(s.talon[k]));
    KlondikeCounters counters;
    counters.redeals = s.redeals;
    counters.used = s.yield != 0;
    SolveResult solved = SolveKlondike(deal, limits, /*prune=*/true, 20000, counters);
    if (line && solved.verdict == Verdict::kSolved) {
      line->clear();
      Position q = s;
      for (const MoveSpec& spec : solved.moves) {
        Move m;
        if (ToMove(q, spec, m) != LineStep::kMove) break;
        line->push_back(m);
        Apply(q, m);
      }
    }
    return solved.verdict;
  }

  LineStep ToMove(const Position& s, const MoveSpec& spec, Move& m) const {
    if (spec.from.size() != 1) return LineStep::kNone;
    const Place& from = spec.from[0];
    const Place& to = spec.to;
    auto pile = [](const Place& p) { return p.number >= 1 && p.number <= kPiles; };
    if (from.area == Area::kStock && to.area == Area::kWaste) {
      m = Move{kDraw, 0, 0, 0};
    } else if (from.area == Area::kWaste && to.area == Area::kStock) {
      m = Move{kRedeal, 0, 0, 0};
    } else if (from.area == Area::kWaste && to.area == Area::kFoundations) {
      m = Move{kTalonF, s.p, 0, 0};
    } else if (from.area == Area::kWaste && to.area == Area::kTableau && pile(to)) {
      m = Move{kTalonT, s.p, static_cast<uint8_t>(to.number - 1), 0};
    } else if (from.area == Area::kTableau && pile(from) && to.area == Area::kFoundations) {
      m = Move{kTabF, static_cast<uint8_t>(from.number - 1), 0, 0};
    } else if (from.area == Area::kTableau && pile(from) && to.area == Area::kTableau && pile(to)) {
      const int i = from.number - 1;
      const int cards = static_cast<int>(spec.cards.size());
      if (cards < 1 || cards > s.len[i]) return LineStep::kNone;
      m = Move{kTabT, static_cast<uint8_t>(i), static_cast<uint8_t>(to.number - 1),
               static_cast<uint8_t>(s.len[i] - cards)};
    } else if (from.area == Area::kFoundations && from.number >= 1 && from.number <= 4 &&
               to.area == Area::kTableau && pile(to)) {
      m = Move{kFoundT, static_cast<uint8_t>(from.number - 1), static_cast<uint8_t>(to.number - 1), 0};
    } else {
      return LineStep::kNone;
    }
    return LineStep::kMove;
  }

 private:
  talon::Options options_;
  std::optional<Solver> plain_;  // the plain search's moves
};

}  // namespace

const DifficultyModel* KlondikeDifficulty() {
  static const PlayerModel<Player> model(
      DifficultySettings{.playouts = 200, .child_nodes = 20000, .max_moves = 1000, .progress_weight = 0.5, .critical_weight = 1.0});
  return &model;
}

}  // namespace talon
