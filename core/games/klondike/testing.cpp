#include "core/games/klondike/testing.h"

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "core/games/klondike/phase.h"
#include "core/games/klondike/solver_impl.h"
#include "core/shuffle.h"
#include "core/transposition_table.h"

namespace talon {

using namespace klondike;

SolverCheck CheckAliveSkips(const Deal& deal, int lines, uint64_t seed) {
  Solver dealer(ReadKlondikeRules(deal.options), /*prune=*/true);
  const Pos start = dealer.Start(deal);
  SplitMix64 rng(seed);
  SolverCheck out;
  Move moves[kMaxMoves];
  for (int line = 0; line < lines; ++line) {
    Pos s = start;
    bool alive = !dealer.Dead(s);
    for (int step = 0; alive && step < 400; ++step) {
      const int n = dealer.Moves(s, moves);
      if (n == 0) break;
      const Move m = moves[rng.Below(static_cast<uint64_t>(n))];
      Pos child = s;
      dealer.Apply(child, m);
      const bool dead = dealer.Dead(child);
      if (!dealer.TalonLocked(child) && dealer.StaysAlive(child, m, s)) {
        ++out.checked;
        out.wrong += dead;
      }
      s = child;
      alive = !dead;
    }
  }
  return out;
}

namespace {

// Plays `lines` random lines of `solver`'s moves from `start` (each until no
// move is left or 400 moves), calling visit(s, moves, n) at every position.
template <class Visit>
void ForRandomLines(const Solver& solver, const Pos& start, int lines, uint64_t seed, Visit visit) {
  SplitMix64 rng(seed);
  Move moves[kMaxMoves];
  for (int line = 0; line < lines; ++line) {
    Pos s = start;
    for (int step = 0; step < 400; ++step) {
      const int n = solver.Moves(s, moves);
      if (n == 0) break;
      visit(s, moves, n);
      solver.Apply(s, moves[rng.Below(static_cast<uint64_t>(n))]);
    }
  }
}

}  // namespace

SolverCheck CheckChildKeys(const Deal& deal, bool prune, int lines, uint64_t seed) {
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  KlondikeRules draw1 = rules;
  draw1.draw = 1;
  Solver solver(rules, prune), relaxed(draw1, prune);
  const bool relaxes = prune && rules.draw >= 2;  // the relaxation's key too
  SolverCheck out;
  ForRandomLines(solver, solver.Start(deal), lines, seed, [&](const Pos& s, const Move* moves, int n) {
    for (int i = 0; i < n; ++i) {
      Pos child = s;
      solver.Apply(child, moves[i]);
      const Key128 key = solver.KeyAfter(s, moves[i]);
      ++out.checked;
      out.wrong += !(key == solver.KeyOf(child));
      if (relaxes) {
        ++out.checked;
        out.wrong += !(solver.Draw1Key(key) == relaxed.KeyOf(child));
      }
    }
  });
  return out;
}

SolverCheck CheckUndoableMoves(const Deal& deal, int lines, uint64_t seed) {
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  Solver solver(rules, /*prune=*/true), plain(rules, /*prune=*/false);
  SolverCheck out;
  Move back[kMaxMoves];
  ForRandomLines(solver, solver.Start(deal), lines, seed, [&](const Pos& s, const Move* moves, int n) {
    const Key128 key = solver.KeyOf(s);
    for (int i = 0; i < n; ++i) {
      if (!solver.Undoable(s, moves[i])) continue;
      // Some move of the game itself leads back to s.
      Pos child = s;
      solver.Apply(child, moves[i]);
      bool found = false;
      const int nb = plain.Moves(child, back);
      for (int j = 0; j < nb && !found; ++j) {
        Pos undone = child;
        plain.Apply(undone, back[j]);
        found = solver.KeyOf(undone) == key;
      }
      ++out.checked;
      out.wrong += !found;
    }
  });
  return out;
}

SolverCheck CheckReturnedTalon(const Deal& deal, int lines, uint64_t seed) {
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  KlondikeRules draw1 = rules;
  draw1.draw = 1;
  Solver solver(rules, /*prune=*/true), plain(draw1, /*prune=*/false);
  plain.Start(deal);
  SolverCheck out;
  Move moves[kMaxMoves];
  std::vector<std::pair<uint8_t, int>> returned;
  ForRandomLines(solver, solver.Start(deal), lines, seed, [&](const Pos& s, const Move* next, int n_next) {
    returned.clear();
    const Pos back = solver.Returned(s, &returned);
    ++out.checked;
    // Nothing is left to return, and ReturnedKey is the returned key.
    bool ok = solver.KeyOf(solver.Returned(back)) == solver.KeyOf(back) && solver.ReturnedKey(s) == solver.KeyOf(back);
    // TurnsUp says which moves turn a card up (turn-ups returned).
    for (int i = 0; i < n_next && ok; ++i) {
      Pos after = s;
      solver.Apply(after, next[i]);
      int down = 0, down_after = 0;
      for (int j = 0; j < kPiles; ++j) down += s.down[j], down_after += after.down[j];
      ok = Solver::TurnsUp(s, next[i]) == (down_after < down);
    }
    // The draw-1 game plays the returned cards back, the last first: draws
    // (and redeals) until the card shows, then the game's own move of it.
    Pos r = back;
    for (auto it = returned.rbegin(); it != returned.rend() && ok; ++it) {
      bool played = false;
      for (int step = 0; step <= 2 * kMaxTalon + 2 && !played && ok; ++step) {
        const int n = plain.Moves(r, moves);
        const bool shows = r.p > 0 && r.talon[r.p - 1] == it->first;
        int pick = -1;
        for (int i = 0; i < n && pick < 0; ++i) {
          const Move m = moves[i];
          if (shows && it->second < 0 && m.kind == kTalonF) pick = i;
          if (shows && it->second >= 0 && m.kind == kTalonT && m.b == it->second) pick = i;
          if (!shows && (m.kind == kDraw || m.kind == kRedeal)) pick = i;
        }
        if (pick < 0) ok = false;
        else plain.Apply(r, moves[pick]), played = shows;
      }
      ok = ok && played;
    }
    // ... reaching s itself but for the pointer and the pass flag.
    if (ok) {
      ok = r.len == s.len && r.down == s.down && r.found == s.found && r.n == s.n && r.mask == s.mask &&
           r.ha == s.ha && r.hb == s.hb && r.sa == s.sa && r.sb == s.sb && r.redeals == s.redeals;
      for (int i = 0; i < kPiles && ok; ++i)
        ok = std::equal(r.pile[i].begin(), r.pile[i].begin() + r.len[i], s.pile[i].begin());
      ok = ok && std::equal(r.talon.begin(), r.talon.begin() + r.n, s.talon.begin());
    }
    out.wrong += !ok;
  });
  return out;
}

SolverCheck CheckReturnedProbes(const Deal& deal, int lines, uint64_t seed) {
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  KlondikeRules draw1 = rules;
  draw1.draw = 1;
  Solver solver(rules, /*prune=*/true), probe(draw1, /*prune=*/true);
  const Pos start = solver.Start(deal);
  probe.Start(deal);
  SolverCheck out;
  SearchLimits limits;
  limits.max_memory = size_t{64} << 20;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Frame> stack(64);
  std::vector<MoveSpec> line;
  TranspositionTable table(limits.max_memory);
  SplitMix64 rng(seed);
  Move moves[kMaxMoves];
  for (int l = 0; l < lines; ++l) {
    // A random line of the pruned search, then positions some moves before
    // its end (small enough for the plain search to decide).
    std::vector<Pos> path{start};
    for (int step = 0; step < 400; ++step) {
      const int n = solver.Moves(path.back(), moves);
      if (n == 0) break;
      Pos next = path.back();
      solver.Apply(next, moves[rng.Below(static_cast<uint64_t>(n))]);
      path.push_back(next);
    }
    for (const size_t back_moves : {2, 5, 9, 14, 20}) {
      if (back_moves >= path.size()) break;
      const Pos back = solver.Returned(path[path.size() - 1 - back_moves]);
      const PhaseOutcome p = RunPhase(probe, back, limits, 20000, t0, stack, table, TableUse::kFresh, nullptr,
                                      nullptr, /*probe=*/true);
      if (p.verdict != Verdict::kUnsolvable) continue;  // (only a loss claims anything)
      const PhaseOutcome q = RunPhase(probe, back, limits, 1000000, t0, stack, table, TableUse::kFresh, &line);
      line.clear();
      if (q.verdict == Verdict::kUnknown) continue;
      ++out.checked;
      out.wrong += q.verdict == Verdict::kSolved;
    }
  }
  return out;
}

}  // namespace talon
