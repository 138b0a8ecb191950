// The Klondike solver's win-finders: beams and streamliners.
//
// STREAMLINER (runs=any or worry=true only). Every line of the seed's
// rules (runs=whole, worry=false; the same draw and passes) is a line of
// these rules: a whole run is a run, and worry only adds moves. So a win of
// the narrower game is a win here, and its move graph is far smaller
// (acyclic, fewer moves). After the beams, this solver on the narrower game
// (its own phase 0, beams, restarts and last phase, tables of its own) with
// a node limit of B/8 (6 million without a node limit) looks for such a
// win. Only its wins count: the narrower game lost says nothing here.
// Without a node limit, runs=any worry=true with draw >= 2 leave it out
// (session 22): the SECOND STREAMLINER searches a game holding this one's
// lines, where the relaxation can prove nothing. On deals 1-1000 at 10 s
// this streamliner won no deal the rest did not, and it cost up to 3 s of
// a lost deal's time (634 is decided within 10 s without it). Deal
// 711 (runs=any worry=true), undecided with 50 million positions, is won
// that way (docs/rules/klondike.md). MONOTONE now for B' >= 3B: the
// streamliner is the same solver with a limit at least 3 times larger
// (monotone itself for that), and the last phase gets more than B' - B'/4
// (restarts) - B'/4 (beams) - B'/8 (streamliner) = 3B'/8 >= B positions, at
// least what it had with B. (Before it, B' >= 2B: more than B'/2.)
// SECOND STREAMLINER (session 17; runs=any worry=true, draw >= 2, only
// without a node limit). When the relaxation has found draw 1 won, it can
// prove nothing, and no slice runs: the deal needs a draw-3 win or the
// whole draw-3 proof. Then, once, in the place of the first slice (after
// the restart phase of budget kSliceFrom), this solver searches the deal
// with runs=whole worry=true (3 million positions, 6 until session 22;
// and no streamliner of its own: a line of the seed's rules is one of that
// game). As for the STREAMLINER, every line of that game is a line of
// these rules (a whole run is a run; worry is the same), so only its win
// counts, and it is this deal's win. Why: deal 832 (runs=any worry=true),
// undecided with 40 million positions of this game, is won by it after
// 2.2 million (docs/rules/klondike.md, Measurements, Session 17); most
// deals decided by the restarts are decided before it runs. (Session 22:
// 832 is its only win among the 34 deals of 1-1000 that take over 2
// million positions, after 1.5 million of its positions; with 3 million
#include "core/games/klondike/finders.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/games/klondike/phase.h"
#include "core/transposition_table.h"

namespace talon::klondike {

namespace {

// BEAM (the win-finder; see RESTARTS for when it runs). Layer k holds at
// most `width` positions reached by k moves of the pruned move graph, the
// best by BeamScore; a child entered before (in any layer of this beam) or
// dead is dropped. It only ever finds wins: a line it returns ends in a won
// position and replays like any other; it never proves a loss. Every child
// it generates counts as a node, and ties in the score are broken by the
// key, so a node budget gives the same line on every machine.
//
// The score prefers few face-down cards (above all in tall piles: a pile's
// count squared), then cards built, empty piles and a small talon. On the 41
// deals of 1-1000 (runs=any worry=true) that the depth-first search left
// undecided with 30 million positions, beams of widths 256 to 16384 with 6
// million positions in all win 13, 8 of them at width 256 within 100
// thousand positions (docs/rules/klondike.md, Measurements). The width
// 16384 is left out since session 23: its wins (4 of deals 1-1000, 15 of
// 1001-3000, runs=any worry=true; 6 of 1-1000 with the defaults) all come
// from the other stages too, mostly sooner, and it cost about 0.5 s of
// every deal it did not win.
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
  constexpr int kBeamWidths[] = {256, 1024, 4096};  // (BeamScore: why not 16384)
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
                             bool worry, uint64_t max_nodes, std::vector<MoveSpec>& line) {
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
  SolveResult t = Solve(narrow, own, true, first_phase_nodes, /*streamline=*/false);
  out.nodes = t.stats.nodes;
  out.won = t.verdict == Verdict::kSolved;
  if (out.won) line = std::move(t.moves);
  if (t.verdict == Verdict::kUnknown && t.stats.limit != "max-nodes") out.limit = t.stats.limit;
  return out;
}

}  // namespace talon::klondike
