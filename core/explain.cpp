#include "core/explain.h"

namespace talon {

SolveResult DecideAfter(const Game& game, const Deal& deal, std::span<const MoveSpec> moves, size_t k,
                        const SearchLimits& limits) {
  const Replay replay = ReplayMoves(game, deal, moves.first(k));
  if (game.Won(replay.final_table)) {
    SolveResult won;
    won.verdict = Verdict::kSolved;
    return won;
  }
  return game.SolveTable(replay.final_table, limits);
}

LossPoint FindLoss(const Game& game, const Deal& deal, std::span<const MoveSpec> moves,
                   const SearchLimits& limits) {
  LossPoint out;
  auto decide = [&](size_t k) {
    SolveResult r = DecideAfter(game, deal, moves, k, limits);
    out.nodes += r.stats.nodes;
    return r;
  };
  SolveResult last = decide(moves.size());
  if (last.verdict == Verdict::kSolved) {
    out.kind = LossPoint::Kind::kStillWinnable;
    out.line = std::move(last.moves);
    return out;
  }
  size_t hi = moves.size();  // the position after hi moves is lost (or undecided)
  if (last.verdict == Verdict::kUnknown) {
    out.lo = 0;
    out.hi = hi;
    return out;
  }
  SolveResult first = decide(0);
  if (first.verdict == Verdict::kUnsolvable) {
    out.kind = LossPoint::Kind::kNeverWinnable;
    return out;
  }
  if (first.verdict == Verdict::kUnknown) {
    out.lo = 0;
    out.hi = hi;
    return out;
  }
  size_t lo = 0;  // the position after lo moves is winnable, with line `won`
  std::vector<MoveSpec> won = std::move(first.moves);
  while (hi - lo > 1) {
    const size_t mid = lo + (hi - lo) / 2;
    SolveResult r = decide(mid);
    if (r.verdict == Verdict::kSolved) {
      lo = mid;
      won = std::move(r.moves);
    } else if (r.verdict == Verdict::kUnsolvable) {
      hi = mid;
    } else {
      out.lo = lo;
      out.hi = hi;
      return out;
    }
  }
  out.kind = LossPoint::Kind::kLostAt;
  out.move = hi;
  out.line = std::move(won);
  return out;
}

}  // namespace talon
