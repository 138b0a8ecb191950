// Klondike solver internals: the predicates behind the pruned move generator's
// safe moves and filters (Solver::Moves in moves.cpp), inline because Moves
// asks them for every position. The proofs: docs/solvers/klondike.md#safe-moves
// and #filters.
#pragma once

#include "core/games/klondike/solver_impl.h"

namespace talon::klondike {

// Returns true only if card c, playable to its foundation, may go up without
// branching ((a) to (c) of docs/solvers/klondike.md#safe-moves; guarded by
// the SafeMove...AgreesWithThePlainSearch tests).
inline bool Solver::Safe(const Pos& s, uint8_t c) const {
  const int r = RankOf(c);
  if (r <= 2) return true;
  const int opp = IsRed(c) ? std::min(s.found[kClubs], s.found[kSpades])
                           : std::min(s.found[kDiamonds], s.found[kHearts]);
  const int twin = s.found[SuitOf(Twin(c))];
  if (!r_.worry && opp >= r - 1) return true;  // (b)
  return opp >= r - 2 && twin >= r - 3;        // (b'), or with worry (c)
}

// Returns true only if the talon card at pointer q (reachable), when Safe,
// may go up without branching (docs/solvers/klondike.md#from-the-talon).
// Guarded by SafeTalonCardsAgreeWithThePlainSearch.
inline bool Solver::TalonSafe(const Pos& s, int q) const {
  if (r_.draw == 1) return q == s.p || q == s.p + 1 || r_.passes == 0;
  return q == s.n && (s.p == s.n || (r_.passes == 0 && ModDraw(s.p) == 0));
}

// Fills w for s, whose reachable talon pointers are qs[0..nq).
inline void Solver::FillReach(const Pos& s, const uint8_t* qs, int nq, Reach& w) const {
  for (int i = 0; i < kPiles; ++i) {
    const int hi = r_.any_run ? s.len[i] : std::min<int>(s.len[i], s.down[i] + 1);
    for (int k = s.down[i]; k < hi; ++k) {
      const uint8_t c = s.pile[i][k];
      w.movable |= uint64_t{1} << c;
      w.pile[c] = static_cast<int8_t>(i);
      w.index[c] = static_cast<uint8_t>(k);
    }
  }
  for (int k = 0; k < nq; ++k) w.talon |= uint64_t{1} << s.talon[qs[k] - 1];
}

// Returns true iff a King could move into pile `emptied` right after it
// empties: the base of a movable run with cards under it, a reachable talon
// card, or (worry) a foundation's top. Filter (e).
inline bool Solver::KingFor(const Pos& s, int emptied, const Reach& w) const {
  for (int suit = 0; suit < 4; ++suit) {
    const uint8_t k = static_cast<uint8_t>(kKing << 2 | suit);
    if ((w.movable >> k & 1) && w.pile[k] != emptied && w.index[k] >= 1) return true;
    if (w.talon >> k & 1) return true;
    if (r_.worry && s.found[suit] == kKing) return true;
  }
  return false;
}

// Returns true iff card c or its twin (same rank and colour: either lies
// where the other can) could be moved by the very next move: as the base of
// a movable run, from the talon, or back from its foundation. Filters (f), (g).
inline bool Solver::EitherAvailable(const Pos& s, uint8_t c, const Reach& w) const {
  for (const uint8_t d : {c, Twin(c)}) {
    if ((w.movable | w.talon) >> d & 1) return true;
    if (r_.worry && s.found[SuitOf(d)] == RankOf(d)) return true;
  }
  return false;
}

}  // namespace talon::klondike
