// The Klondike solver's win-finders: beams (RunBeam, RunBeams) and the
// streamliners (RunStreamliner). They only find wins, never prove a loss.
// docs/solvers/klondike.md#beams, #streamliner, #second-streamliner.
#include "core/games/klondike/finders.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/games/klondike/phase.h"
#include "core/transposition_table.h"

namespace talon::klondike {

namespace {

// A position's promise for the beams: few face-down cards (above all in
// tall piles), then cards built, empty piles and a small talon.
int BeamScore(const Pos& s) {
  int down = 0, tall = 0, empty = 0;
  for (int i = 0; i < kPiles; ++i) {
    down += s.down[i];
    tall += s.down[i] * s.down[i];
    empty += s.len[i] == 0;
  }
  const int built = s.found[0] + s.found[1] + s.found[2] + s.found[3];
  return 10 * built - 40 * down - 4 * tall + 6 * empty - 2 * s.n;
}

struct BeamOutcome {
  bool won = false;
  const char* limit = "";  // why it stopped without a win ("" = no child left)
  uint64_t nodes = 0;
};

// One beam of `width` from `start`, within `max_nodes` and the caller's time
// and cancel limits. `seen` is its visited set (cleared first). On a win the
// line goes to `line`.
BeamOutcome RunBeam(const Solver& solver, const Pos& start, int width, uint64_t max_nodes,
                    const SearchLimits& limits, std::chrono::steady_clock::time_point t0,
                    TranspositionTable& seen, std::vector<MoveSpec>& line) {
  // A child is kept as its parent (index in the layer) and move until it
  // survives the cut: only then is its position made again, so the cut
  // moves small records, not positions.
  struct Child {
    Key128 key;
    int score, parent;
    Move move;
    bool alive = false;  // Dead(position) is known to be false
  };
  // Keeps the best `width` children by score, then key (a strict order on
  // distinct positions, so which ones are kept does not depend on when the
  // list is cut).
  auto better = [](const Child& a, const Child& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.key.lo != b.key.lo ? a.key.lo < b.key.lo : a.key.hi < b.key.hi;
  };
  const size_t w = static_cast<size_t>(width);
  auto cut = [&](std::vector<Child>& v) {
    std::nth_element(v.begin(), v.begin() + static_cast<ptrdiff_t>(w), v.end(), better);
    v.resize(w);
  };
  // Per layer, each kept position's parent (index in the layer before) and
  // the move from it: enough to write the line of a win.
  std::vector<std::vector<std::pair<int, Move>>> trace;
  std::vector<Pos> layer, made;  // the positions of the layer, and of the next one
  std::vector<bool> alive, next_alive;
  std::vector<Child> next;
  layer.reserve(w);
  made.reserve(w);
  next.reserve(2 * w + kMaxMoves);
  seen.Clear();
  layer.push_back(start);
  alive.push_back(false);
  seen.Insert(solver.KeyOf(start));
  trace.push_back({{-1, Move{}}});
  BeamOutcome out;
  Move moves[kMaxMoves];
  while (!layer.empty()) {
    next.clear();
    for (int e = 0; e < static_cast<int>(layer.size()); ++e) {
      const Pos& parent = layer[static_cast<size_t>(e)];
      const int n = solver.Moves(parent, moves);
      for (int i = 0; i < n; ++i) {
        if (++out.nodes >= max_nodes) {
          out.limit = "max-nodes";
          return out;
        }
        if ((out.nodes & 1023) == 0) {
          if (const char* limit = CallerLimit(limits, t0)) {
            out.limit = limit;
            return out;
          }
        }
        if (solver.Wins(parent, moves[i])) {
          std::vector<Move> path{moves[i]};
          for (size_t k = trace.size() - 1, j = static_cast<size_t>(e); k > 0; --k) {
            path.push_back(trace[k][j].second);
            j = static_cast<size_t>(trace[k][j].first);
          }
          Pos replay = start;
          for (auto it = path.rbegin(); it != path.rend(); ++it) solver.Expand(replay, *it, line);
          out.won = true;
          return out;
        }
        Child c{solver.KeyAfter(parent, moves[i]), 0, e, moves[i]};
        if (!seen.Insert(c.key)) continue;
        Pos pos = parent;
        solver.Apply(pos, moves[i]);
        if (solver.DeadAfter(pos, moves[i], parent, alive[static_cast<size_t>(e)], &c.alive)) continue;
        c.score = BeamScore(pos);
        next.push_back(c);
        if (next.size() >= 2 * w) cut(next);
      }
    }
    if (next.size() > w) cut(next);
    std::vector<std::pair<int, Move>> links;
    links.reserve(next.size());
    made.clear();
    next_alive.clear();
    for (const Child& c : next) {
      links.emplace_back(c.parent, c.move);
      made.push_back(layer[static_cast<size_t>(c.parent)]);
      solver.Apply(made.back(), c.move);
      next_alive.push_back(c.alive);
    }
    trace.push_back(std::move(links));
    layer.swap(made);
    alive.swap(next_alive);
  }
  return out;
}

}  // namespace

FinderOutcome RunBeams(const Solver& solver, const Pos& start, const SearchLimits& limits,
                       std::chrono::steady_clock::time_point t0, std::vector<MoveSpec>& line) {
  constexpr uint64_t kBeamShare = 4;
  constexpr int kBeamWidths[] = {256, 1024, 4096};  // (docs/solvers/klondike.md#beams)
  constexpr uint64_t kBeamNodesPerWidth = 1000;
  TranspositionTable seen(std::max<size_t>(limits.max_memory / 8, 1024));  // their visited set
  seen.set_deadline(Deadline(limits, t0));
  uint64_t left = limits.max_nodes ? limits.max_nodes / kBeamShare : ~uint64_t{0};
  FinderOutcome out;
  for (const int width : kBeamWidths) {
    const uint64_t cap = std::min<uint64_t>(left, kBeamNodesPerWidth * width);
    if (cap == 0) break;
    const BeamOutcome b = RunBeam(solver, start, width, cap, limits, t0, seen, line);
    out.nodes += b.nodes;
    left -= b.nodes;
    out.won = b.won;
    if (b.won) return out;
    if (std::string(b.limit) != "max-nodes" && b.limit[0] != '\0') {
      out.limit = b.limit;
      return out;
    }
  }
  return out;
}

FinderOutcome RunStreamliner(const Deal& deal, const SearchLimits& limits,
                             std::chrono::steady_clock::time_point t0, uint64_t first_phase_nodes,
                             bool worry, uint64_t max_nodes, std::vector<MoveSpec>& line,
                             KlondikeCounters counters) {
  FinderOutcome out;
  SearchLimits own = limits;
  own.max_nodes = max_nodes;
  if (own.max_nodes == 0) return out;  // (0 would read as "no limit")
  own.max_memory = limits.max_memory / 2;  // the main table is still small
  own.max_seconds =
      SecondsLeft(limits, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  Deal narrow = deal;
  narrow.options["runs"] = std::string("whole");
  narrow.options["worry"] = worry;
  // (With worry, a streamliner of its own would search the seed's rules,
  // whose lines are lines of this game too.)
  SolveResult t = Solve(narrow, own, true, first_phase_nodes, /*streamline=*/false, counters);
  out.nodes = t.stats.nodes;
  out.won = t.verdict == Verdict::kSolved;
  if (out.won) line = std::move(t.moves);
  if (t.verdict == Verdict::kUnknown && t.stats.limit != "max-nodes") out.limit = t.stats.limit;
  return out;
}

}  // namespace talon::klondike
