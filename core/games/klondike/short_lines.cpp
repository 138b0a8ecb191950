#include "core/games/klondike/short_lines.h"

#include <optional>

#include "core/games/klondike/solver_impl.h"
#include "core/short_search.h"

namespace talon::klondike {
namespace {

// The searches' budgets (positions made): from the deal, the first with
// weight 2 and, if it finds nothing, the second with weight 4 (greedier,
// so it finds a line where the first ran out); from three positions of the
// line (a quarter, half and three quarters of the way), one each.
constexpr int kWeights[] = {2, 4};
constexpr size_t kSuffixes = 4;
constexpr uint64_t kSuffixNodes = 2500;

// The checker moves a solver move writes from s: its draws and redeal, then
// the move (as Solver::Expand writes them).
int Cost(const Pos& s, Move m, const KlondikeRules& r) {
  if (m.kind != kTalonF && m.kind != kTalonT) return 1;
  const int q = m.a, p = s.p, n = s.n, d = r.draw;
  auto draws = [d](int count) { return (count + d - 1) / d; };
  if (q == p) return 1;
  if (q > p && (q == n || (q - p) % d == 0)) return 1 + draws(q - p);
  return 2 + draws(n - p) + draws(q);
}

// The solver's moves as ShortRules (core/short_search.h).
struct Rules {
  using Position = Pos;
  using Move = klondike::Move;
  static constexpr int kMaxMoves = klondike::kMaxMoves;
  const Solver& solver;
  KlondikeRules rules;
  int Moves(const Pos& s, Move* out) const { return solver.Moves(s, out); }
  void Apply(Pos& s, Move m) const { solver.Apply(s, m); }
  bool Won(const Pos& s) const { return solver.Won(s); }
  // The solver's key, made exact but for the order of the piles: the talon
  // pointer and the pass flag as they are (KeyOf may merge pointers whose
  // draws cost differently).
  Key128 KeyOf(const Pos& s) const {
    Key128 k = solver.KeyOf(s);
    k.lo ^= Mix64(uint64_t{s.p} << 8 | s.yield | 0x5A00);
    return k;
  }
  bool Lost(const Pos& parent, Move m, const Pos& child) const { return solver.DeadAfter(child, m, parent); }
  int Cost(const Pos& s, Move m) const { return klondike::Cost(s, m, rules); }
  // Every card not built needs a move; a face-down card, about one more to
  // uncover it; the talon, about a pass of draws.
  int Estimate(const Pos& s) const {
    int down = 0;
    for (int i = 0; i < kPiles; ++i) down += s.down[i];
    return Floor(s) + down + (s.n + rules.draw - 1) / rules.draw;
  }
  int Floor(const Pos& s) const { return 52 - (s.found[0] + s.found[1] + s.found[2] + s.found[3]); }
};

// The solver move that plays kept move m from s; nullopt if there is none.
std::optional<Move> ToMove(const Pos& s, const MoveSpec& m) {
  if (m.from.size() != 1 || m.cards.empty()) return std::nullopt;
  const Place f = m.from[0], t = m.to;
  const int to = t.number - 1;
  if (t.area == Area::kTableau && (to < 0 || to >= kPiles)) return std::nullopt;
  auto u8 = [](int x) { return static_cast<uint8_t>(x); };
  if (f.area == Area::kWaste) {
    for (int i = 0; i < s.n; ++i)
      if (s.talon[i] == m.cards[0].code())
        return t.area == Area::kFoundations ? Move{kTalonF, u8(i + 1), 0, 0} : Move{kTalonT, u8(i + 1), u8(to), 0};
    return std::nullopt;
  }
  if (f.area == Area::kTableau) {
    const int a = f.number - 1, k = static_cast<int>(m.cards.size());
    if (a < 0 || a >= kPiles || s.len[a] < k) return std::nullopt;
    if (t.area == Area::kFoundations) return Move{kTabF, u8(a), 0, 0};
    return Move{kTabT, u8(a), u8(to), u8(s.len[a] - k)};
  }
  if (f.area == Area::kFoundations && f.number >= 1 && f.number <= 4) return Move{kFoundT, u8(f.number - 1), u8(to), 0};
  return std::nullopt;
}

// The kept moves (no draws or redeals) of `line` played from s.
std::vector<MoveSpec> Kept(const Solver& solver, Pos s, const std::vector<Move>& line) {
  std::vector<MoveSpec> written, kept;
  for (const Move m : line) solver.Expand(s, m, written);
  for (MoveSpec& m : written)
    if (m.from[0].area != Area::kStock && m.to.area != Area::kStock) kept.push_back(std::move(m));
  return kept;
}

}  // namespace

uint64_t FindShortLine(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) {
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  Solver solver(rules, /*prune=*/true);
  const Pos start = solver.Start(deal);
  uint64_t nodes = 0;
  line.clear();
  for (const int weight : kWeights) {
    const auto found = talon::FindShortLine(Rules{solver, rules}, start,
                                            {.bound = bound, .max_nodes = work / std::size(kWeights), .weight = weight});
    nodes += found.nodes;
    if (found.line.empty()) continue;
    Pos s = start;
    for (const Move m : found.line) solver.Expand(s, m, line);
    break;
  }
  return nodes;
}

uint64_t ProposeShortcuts(const Deal& deal, std::span<const MoveSpec> line, uint64_t work,
                          std::vector<LineEdit>& edits) {
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  Solver solver(rules, /*prune=*/true);
  // The line's positions and the checker moves before each.
  std::vector<Pos> pos{solver.Start(deal)};
  std::vector<uint64_t> cost{0};
  for (const MoveSpec& m : line) {
    const std::optional<Move> mv = ToMove(pos.back(), m);
    if (!mv) return 0;
    Pos next = pos.back();
    cost.push_back(cost.back() + static_cast<uint64_t>(Cost(next, *mv, rules)));
    solver.Apply(next, *mv);
    pos.push_back(next);
  }
  // The suffix that saves the most (they overlap: one is offered).
  const size_t n = line.size();
  uint64_t used = 0, saving = 0;
  LineEdit best;
  for (size_t part = 1; part < kSuffixes && used < work; ++part) {
    const size_t k = n * part / kSuffixes;
    const auto found = talon::FindShortLine(Rules{solver, rules}, pos[k],
                                            {.bound = cost[n] - cost[k], .max_nodes = kSuffixNodes});
    used += found.nodes;
    if (!found.line.empty() && cost[n] - cost[k] - found.cost > saving) {
      saving = cost[n] - cost[k] - found.cost;
      best = {k, n, Kept(solver, pos[k], found.line)};
    }
  }
  if (saving > 0) edits.push_back(std::move(best));
  return used;
}

}  // namespace talon::klondike
