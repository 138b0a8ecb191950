// Klondike solver internals: the safe moves and the filters of the pruned
// move generator (Solver::Moves), inline.
//
// SAFE MOVES (played without branching when prune is on). Let c, of rank r
// and colour X, be playable to its foundation from the top of a tableau pile
// (or from the talon, see FROM THE TALON below). Then c may be played at once,
// without trying anything else, when
//   (a) r <= 2, or
//   (b) worry=false and both foundations of the other colour Y hold r-1, or
//   (b') worry=false, both foundations of colour Y hold r-2 and the other
//       foundation of colour X (c's twin suit) holds r-3 (session 7).
// PROOF. Take any winning line L from the position P, and let L' be L with
// every move of c itself left out, played from P' = P + (c to its
// foundation). In the tableau c only ever serves to carry cards of rank r-1
// and colour Y. In case (b) those are on their foundations and (worry=false)
// never come back, so L puts nothing on c. In case (a) the only cards c can
// carry are aces (or nothing, for an ace); an ace L puts on c goes in L' to
// its foundation instead (it is legal there: its foundation is empty, as the
// ace is not on it in L), later moves of that ace are left out too, and a
// run moved with c or the ace on top moves in L' without them (still the
// whole face-up run when runs=whole). Every other move of L is legal in L'
// at the same point: the cards under c's old place are only more available,
// and no move of L needed c where it was except to move c. So L' wins and is
// shorter than L (it leaves out at least c's own move to its foundation). By
// induction on the length of the shortest win, a winnable position keeps a
// winning line inside the pruned move graph, which the search explores
// completely. With worry=true a card on a foundation may come back, and an
// r-1 card of colour Y could come back onto c: so only (a) is used.
// Case (b'): the cards L may put on c are the Y cards d of rank r-1 (their
// foundations hold r-2, so d, not yet built, is playable there); on such a
// d only X cards e of rank r-2: c's own suit's is built (its foundation
// holds r-1), so e is the twin's (its foundation holds r-3: playable
// there); on e only Y cards of rank r-3, all built. So L' puts d and e on
// their foundations where L puts them on c and on d (e first, then d, where
// L moves the run d, e onto c: one move more there, but L' leaves out the
// later foundation moves of d and e), and every later move of c, d and e (worry=false:
// nothing comes back, and the cards they could carry are built); a run
// that L moves with c, d or e on top moves in L' without them (still the
// whole face-up run), and the card under c turns up earlier. As before
// every other move of L is legal in L' at the same point, and L' is
// shorter (c's own move is left out).
// FROM THE TALON (TalonSafe) the same proof holds when the position P' the
// talon move reaches offers, all along L' (L without the moves of c), every
// talon card L uses, as P's talon with c simply taken out would:
//   - draw=1, c the waste's top (q = p) or the stock's next card (q = p+1,
//     session 8): the move leaves the pointer at p, so P' is P with c taken
//     out of the talon. Taking out one card does not change which of the
//     others a draw turns next (draws turn one card at a time): every draw
//     of L maps to a draw of L' (the one turning c is left out), the waste
//     of L' is that of L without c (so its top is the same whenever L plays
//     a card other than c from it), and a redeal of L finds the stock of L'
//     empty too, with the same passes left.
//   - draw=1, passes unlimited, any reachable card: as above, and every
//     card of the talon stays reachable (c's play allows a redeal).
//   - draw >= 2, c the talon's last card (q = n, session 8): taking it out
//     shifts no group of a draw before it, in this pass or a later one. The
//     move leaves the pointer at the end of the talon. With the stock empty
//     (p = n: c is the waste's top) P' is P with c taken out. With passes
//     unlimited and p on the chain of a fresh pass (p a multiple of the
//     draw), P' (at the end, a card played: it may redeal) offers the
//     fresh chain's cards, which pass through p, so every card P offers.
//   With passes unlimited a pass of L whose only card played from the
//   waste was c plays none in L', so L' may not redeal after it; L' then
//   leaves out that pass's draws and its redeal (the talon after them is
//   the talon before them, and no card left the waste in between).
// With draw >= 2 no other talon card is played without branching: taking
// it out shifts the groups of a draw after it, which can hide a card L
// needs. On deals 1-1000 with 4 million positions each, the session-8
// cases took 19% fewer positions to prove draw=1 passes=1 deals lost, and
// 4% fewer for draw 3 (docs/rules/klondike.md).
//
// SAFE MOVES WITH WORRY. With worry on, (b) is not enough (a Y card of rank
// r-1 may come back from its foundation onto c, to carry an X card of rank
// r-2). Safe instead, with worry on: (c) both foundations of colour Y hold
// r-2 and the other foundation of colour X (c's twin suit) holds r-3, the
// condition of (b') (session 20; Blake and Gent's rule, JAIR 85:21, 2026,
// section 5.4.1 and Corollary 3; before, (c) asked r-1 and r-2).
// PROOF. Let S be c, the cards of c's suit below r, the Y cards of rank <=
// r-2 and the cards of the twin suit of rank <= r-3. In P every card of S
// but c is on a foundation (so in L any card of S found in the tableau came
// back from one). S is closed downwards in two ways: (1) every card that may
// lie on a card of S is in S, but for the two Y cards of rank r-1 (call
// them D) on c (on a Y card of rank k <= r-2: X of rank k-1 <= r-3, in c's
// suit or the twin's; on an X card of rank k <= r-1 other than c: Y of rank
// k-1 <= r-2); (2) every card of a suit below a card of S is in S.
// Let L' be L, played from P' = P + (c to its foundation), with every move
// of a card of S left out and two changes. A move of L that puts a card d
// of D on c (alone, as the base of a run, or back from its foundation) puts
// d on its foundation instead, or nothing if d is there already; once d is
// there, a move that puts the twin's card e of rank r-2 on d (alone, or with
// d as the run d, e) puts e on its foundation instead (e first), or nothing
// if e is there already; and every later move of such a d or e is left out.
// These are legal: d's foundation then holds r-2 (its r-2 card is in S and
// never moves in L') and not d; e's holds r-3 likewise and not e; above e
// in such a run lie only cards of S (Y of rank r-3, and on), absent in L';
// no later move needs d or e in the tableau (on d may lie only X cards of
// rank r-2: e, or c's suit's, in S; on e only Y cards of rank r-3, in S),
// and later builds on their foundations find them there sooner. A talon
// card d leaves the talon as in L. Every other move of L is legal in L' at
// the same point: a card outside S and D never lies on a card of S (1), so
// in every pile the S cards (with D cards sent up) form the top of the
// face-up run and leaving them out leaves valid runs (still whole runs for
// runs=whole), hosts only less covered, every space of L still a space, and
// the card under c turned up earlier (L moves nothing onto c's pile but
// cards of S, D and e until c leaves it); a card goes to its foundation on a
// predecessor that is either outside S (where it is in L, or sent up
// sooner) or in S (always on its foundation in L'); a card outside S comes
// back from a foundation whose cards above it are outside S (2), as in L;
// the talon is the same (no card of S is in it, and cards never return to
// it). L' wins and is shorter: it leaves out c's own moves (at least one),
// and each move changed lands cards that L builds later (they end on their
// foundations), so the builds it gets (one per card, or none) are paid for
// by those later builds, left out, and the move itself. From the talon as
// for (b) above (FROM THE TALON).
// The same proof shows that bringing back a foundation's top card c is never
// needed when (a) or (c) holds for c (it would be playable again at once from
// the tableau position it reaches, and the first move of L is c's own).
//
// FILTERS (moves left out when prune is on; each is never needed in some
// shortest win: (d) by rewriting the whole line, the others by moving the
// move later in the line without making the line longer until the move
// right after it uses what it changed):
//   (d) A part of a run (runs=any) taken from a face-up card y is kept
//       only if y can go to its foundation next (session 19; before, also
//       when the twin of the run's base could come onto y next). Blake and
//       Gent (JAIR 85:21, 2026, Theorem 4) turn any winning line into one
//       in which every such move is followed at once by y's build, and
//       none of their steps makes the line longer: so some shortest win is
//       of that kind. Their critical case is the one the old clause kept:
//       the run's base b goes from y to a host h and b's twin b' then
//       comes onto y. Leave that move out and put b' onto h instead; the
//       line goes on with the two piles' lower parts swapped until b's run
//       would move onto b' (left out: the piles agree again), h or y would
//       be built (the other one is then free: move b's run across first, a
//       part of a run followed by the build), or the cards on them go
//       (the piles agree again). The other cases swap or merge neighbouring
//       moves. Their measure (how many such moves are not followed by
//       y's build, then how late the last one is) falls at each step.
//       The filters below move a filtered first move to just before its
//       use, which is never a build with runs=any, so they keep every part
//       of a run followed by its y's build.
//   (e) Emptying a pile: likewise the next move puts a King run into it. So
//       it is generated only if a King can move there next (the base of a
//       movable run with cards under it, a reachable talon card, or with
//       worry a foundation's top).
//   (f) With worry, bringing c back onto h: the next move puts a card of the
//       other colour and rank r-1 onto c, or brings back the card under c on
//       its foundation (whose host must then be a tableau top). Never when
//       (a) or (c) holds for c (SAFE MOVES WITH WORRY).
//   (g) FREE TALON (session 14; draw=1, passes unlimited, and a card
//       played since the last redeal or the pointer at 0): every talon card
//       is reachable, now and after any move. Then laying a talon card c on
//       a pile (or a King in a space) is kept only if a card d it can carry
//       (rank r-1, other colour) can come onto it next, or (worry) one of
//       the two is built. In a shortest win, move c's laying to just before
//       its first use: c moving on (to a foundation or a host) or a card
//       put onto it. Until then c only lay on h: nothing else went on h, h
//       stayed a top (it moved at most with c on it, which without c is
//       still a whole run), and c is still reachable in the talon. If the
//       use moves c on, the talon card goes there directly: shorter. So the
//       use is d onto c, right after the laying. With worry the clause
//       "built" keeps the laying when the use brings d back from its
//       foundation, which filter (f)'s move of the card above d may have
//       to uncover first (the two would otherwise wait for each other:
//       FreeTalonLaysAKingForABuiltQueenWithWorry).
//   (h) FREE TALON, runs=whole: a talon card c (no King) goes to its
//       foundation, when not safe, only if the next card of its suit can
//       follow it next (a tableau top or a talon card). In a shortest win
//       its move can wait until just before its first use: that next card
//       built, or (worry) c coming back, which c could do straight from the
//       talon (shorter); until then nothing needs c built (a foundation
//       only takes the next card; with worry, c-1 is only more free), and c
//       stays reachable. (Not with runs=any: a part of a run taken off that
//       next card, kept by (d) only if the card can go up next, would wait
//       for c, and c for it.)
// A pruned position thus keeps a winning line inside the pruned graph by
// induction on the length of its shortest win (the shortest win's first move
// is either kept or forced; after a forced move the shortest win is shorter).
// With several filters: start from a shortest win in which every part of a
// run is followed by its y's build ((d)); in a shortest win whose first move
// is filtered, move that move to just before its use, as above; this leaves
// a shortest win in which one more filtered kind of move is followed by its
// use (no two such moves share a use: each use puts a card on a given card
// or a King in a given space, or builds (h)'s next card, with runs=whole,
// and (g)'s use is no (f)'s thanks to "built"), so after finitely many
// steps the first move is kept.
//
// Other sound reductions: a King run that already lies alone on its pile is
// never moved to an empty pile (the same position up to the order of the
// piles), and a King goes only to the first empty pile (the rest are equal).
//
#pragma once

#include "core/games/klondike/solver_impl.h"

namespace talon::klondike {

// Card c (rank r) may go to its foundation without branching (SAFE MOVES).
inline bool Solver::Safe(const Pos& s, uint8_t c) const {
  const int r = RankOf(c);
  if (r <= 2) return true;
  const int opp = IsRed(c) ? std::min(s.found[kClubs], s.found[kSpades])
                           : std::min(s.found[kDiamonds], s.found[kHearts]);
  const int twin = s.found[SuitOf(Twin(c))];
  if (!r_.worry && opp >= r - 1) return true;  // (b)
  return opp >= r - 2 && twin >= r - 3;        // (b'), or with worry (c)
}

// Whether the talon card at pointer q (reachable) may go to its
// foundation without branching when Safe (FROM THE TALON, at the top).
inline bool Solver::TalonSafe(const Pos& s, int q) const {
  if (r_.draw == 1) return q == s.p || q == s.p + 1 || r_.passes == 0;
  return q == s.n && (s.p == s.n || (r_.passes == 0 && ModDraw(s.p) == 0));
}

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
// Whether a King run could move into pile `emptied` right after it empties:

// a King that is the base of a movable run with cards under it, or one
// reachable in the talon, or (worry) on top of a foundation.
inline bool Solver::KingFor(const Pos& s, int emptied, const Reach& w) const {
  for (int suit = 0; suit < 4; ++suit) {
    const uint8_t k = static_cast<uint8_t>(kKing << 2 | suit);
    if ((w.movable >> k & 1) && w.pile[k] != emptied && w.index[k] >= 1) return true;
    if (w.talon >> k & 1) return true;
    if (r_.worry && s.found[suit] == kKing) return true;
  }
  return false;
}

// Whether card `c` or its twin (the same rank and colour: either can
// lie where the other can) could be moved by the very next move, as the
// base of a movable run, from the talon, or back from its foundation.
inline bool Solver::EitherAvailable(const Pos& s, uint8_t c, const Reach& w) const {
  for (const uint8_t d : {c, Twin(c)}) {
    if ((w.movable | w.talon) >> d & 1) return true;
    if (r_.worry && s.found[SuitOf(d)] == RankOf(d)) return true;
  }
  return false;
}

}  // namespace talon::klondike
