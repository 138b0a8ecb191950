// The Klondike solver. See klondike_solver.h and docs/rules/klondike.md.
//
// MODEL. The stock and the waste together are the TALON: its cards in the
// order they are turned (the waste bottom to top, then the stock top to
// bottom), with a pointer p = the number of cards in the waste. A draw moves
// p to min(p + draw, n); a redeal sets p = 0; the waste's top is talon[p-1].
// Playing the waste's top removes talon[p-1] and leaves p - 1. Drawing never
// changes the tableau, and a tableau move never changes the talon, so a line
// can always be reordered to draw only right before a waste card is played.
// The pruned search therefore has no draw or redeal moves: a TALON MOVE
// plays a card that some sequence of draws (with at most one redeal, when
// the rules allow one) brings to the top of the waste, straight to its
// destination; the printed line expands it into the actual draws (S) and
// redeal (R). Drawing without then playing is never needed: from p every
// pointer p + k*draw of the same pass is still reachable later, and a pass
// that plays nothing only spends a pass (or, with passes=unlimited, is not
// even allowed). The plain search (prune=false) has single draws and
// redeals as moves, so the tests check this model against it.
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
// BLOCKED CARDS (the dead test, prune only). Call a CANDIDATE a tableau card
// that is not a King and lies face down or at the base of its pile's face-up
// run (nothing under it can carry it: the cards under it are face down). A
// candidate stays one until its first move: cards only land on it, and a
// face-down card is turned up as a pile's top, the base of a one-card run.
// For a set S of candidates, a card is BLOCKED if it is in S or lies under a
// card of S in its pile, and a card h can NEVER BE A TOP if a card of S lies
// strictly above it in its pile, or (worry=false) h is on its foundation. If
// every card X of S
//   (1) has a card of its own suit, of lower rank and not yet built, that is
//       blocked (so X cannot go to its foundation first), and
//   (2) has both possible hosts (rank + 1, other colour) never a top,
// (and X is no King, so a space does not take it), then no card of S ever
// moves, and the position is lost (every card must reach a foundation).
// PROOF. Suppose a line moves a card of S; let X be the first card of S to
// move, at move t. Until t no card of S has moved, so a blocked card has not
// moved (it is in S, or covered by one) and is not built, and a card under a
// card of S is still covered. X is a candidate, so it moves as the base of a
// run or from a pile top: to its foundation — impossible by (1), the blocked
// card of its suit is not built; onto a host h — h must be a pile top, but h
// is covered by an unmoved card of S or, with worry=false, built for good
// (2); into a space — X is no King. The union of two such sets is one, so
// the greatest one exists; Dead() finds it by starting from every candidate
// and removing cards with a way out until none has. (NEVER A TOP below
// widens "never a top" and "blocked"; when the test runs is said there.)
//
// Two more kinds of candidate make the test stronger (same proof, with the
// cases below added; the union of two sets is still one, so the greatest
// set still exists and Dead() still finds it):
//   TALON STACKS. With no redeal left (passes=N, all N-1 redeals made), the
//   talon is a set of stacks. The waste is one: a waste card can leave only
//   from the top, so only after every card above it has left, and the
//   pointer never goes back. The stock splits into the groups of a draw
//   (from the pointer p: cards p..p+draw-1, and so on; playing a waste card
//   shifts the waste and the stock alike, so the groups never change): a
//   stock card can leave only once drawn, and a draw lays the next card of
//   its group on it, so it leaves only after that card (draw=1: every stock
//   card is its own group). So the talon is cut into SEGMENTS ending at an
//   uncovered card (the waste's top, the last card of a group), in each of
//   which a card leaves only after every card above it. Every non-King
//   talon card is a candidate (it moves alone, from the waste's top); a card
//   under a card of S in its segment is blocked; a talon host h never
//   becomes a tableau top unless it leaves the talon, so it never is one
//   before t if it is blocked (in S or under a card of S). In the proof, a
//   talon card X of S moving first goes to its foundation (impossible by
//   (1)), onto a host (a tableau top: not a blocked talon card, and a
//   tableau card as in (2)) or into a space (X is no King).
//   RIDERS (runs=whole). A face-up card Y above its run's base B leaves its
//   pile only to its foundation (from the top) or in a run move, which moves
//   the whole face-up run, so B with it; and B stays Y's base until Y moves
//   (cards leave a pile only from the top or as the whole run, which holds
//   Y). Y may be in S if (1) holds for it and B is in S. In the proof: the
//   first move t of a card of S is a run move only if its base is in S (a
//   rider of S moves with its base, which is in S; a card of S that was face
//   down or a base is the base of the run that moves it), and that base is a
//   candidate as above (a rider never becomes a base without moving).
//   Riders are sound with any passes, but are used only with no redeal
//   left (draw=1 passes=1 is where they were measured to help; elsewhere
//   the test runs only after cards are built, and the search of the other
//   rule sets is kept exactly as it was).
//   NEVER A TOP (session 9). Three more kinds of claim, each about the
//   time before t (the first move of a card of S):
//   - a talon card h (no King) NEVER BECOMES A TABLEAU TOP if both its
//     hosts never do: it leaves the talon only onto a host that is a top or
//     to its foundation, and (worry) comes back from there only onto such a
//     host. With worry the same holds for a built card (no King); without
//     worry a built card is never a top anyway;
//   - a face-up card y above its run's base is PINNED (never leaves the
//     card under it) if y is in S or under a card of S, or if y moves
//     neither as the base of a run (runs=whole: a part of a run never
//     moves; runs=any: both y's hosts never tops) nor to its foundation
//     (y is barred, or y is never a top: the card above it is pinned).
//     The card under a pinned card is COVERED: never a top (runs=whole: a
//     covered card moves only with the whole run, the pinned card on it);
//   - a card is BARRED (never goes to its foundation) if a card of its suit
//     below it, not yet built, is blocked or is a covered tableau card (a
//     tableau card goes to its foundation only as a top).
//   In (1) a candidate qualifies if it is barred or covered, in (2) a host
//   is never a top also if it is such a talon or built card or covered.
//   Talon cards are candidates only with no redeal left (TALON STACKS):
//   with a redeal left, a talon card that would qualify for S (barred,
//   hosts never tops) is one that never becomes a top, which is all S
//   would say of it (it has no cards under it).
//   PROOF. Take a set of such claims closed under the rules above (each
//   claim follows from the others and from S), and suppose one fails
//   before t; take the first failure. A talon or built card h becomes a
//   top: it moved onto a host that was a top, so that host's claim failed
//   earlier (or it is under a card of S, or built without worry: never a
//   top). A pinned y leaves the card under it: as a run's base onto a host
//   that is a top (an earlier failure, as before), or to its foundation,
//   so y is a top (the card above it left it earlier: an earlier failure)
//   and not barred, or a card of its suit below it that is blocked (not
//   before t) or covered went up earlier, as a top (an earlier failure).
//   So no claim fails before t, and the proof of BLOCKED CARDS goes through
//   with them: X moving first goes to its foundation (barred, or X never a
//   top), onto a host (never a top) or into a space (no King). Since the
//   claims may lean on each other (Q♠ covered because J♦ on it is pinned,
//   because J♦'s hosts never are tops, Q♠ among them), Dead() finds the
//   greatest closed set along with S: it starts from every face-up card
//   but the tops covered and every talon card (and, with worry, built
//   card) but the Kings never a top, and each sweep recomputes the claims
//   from those of the sweep before and from S, until a sweep changes
//   nothing (then all claims and S are closed at once).
// WHEN THE TEST RUNS. At the start; with no redeal left, after every talon
// move that drew cards past (they go under the waste's top; then nothing
// else); otherwise after every move (but those ALIVE AFTER skips). A test
// skipped only costs pruning. (Until session 21 the test did not run
// after a card moved onto a pile with runs=any, nor after a card brought
// back: it had never been found true there. With the test as it is now,
// it is: deal 1, runs=any worry=true, a position reached by a talon card
// laid on a pile was found dead 3.6 million times in 4.8 million, and the
// search had gone on from each. Running it everywhere proves deal 1 lost
// in 11.3 million positions instead of 28.3.)
//
// ALIVE AFTER (session 14). With a redeal left, some moves cannot make the
// test true where it was false before the move, so it is skipped after them
// when the position before was found alive (or skipped so itself):
//   - a talon card c laid on a pile (or a King into a space), unless a card
//     of c's suit below it, not yet built, lies in the tableau;
//   - a card c built from the talon, with worry, or without worry when the
//     cards c can host (rank r-1, other colour) are built;
//   - a card c built from the tableau, likewise without worry; with worry
//     when c is an ace (it hosts nothing) or a King (never called a
//     never-top when built).
// PROOF. Take the closed set (S and the claims) the test finds after the
// move and keep it, less c's claims, before the move: it is closed there
// too, so the test found it then. With a redeal left no talon card is in S,
// blocked or covered, so c in the talon is in nothing but (perhaps) NEVER
// A TOP's set, which the set before the move need not claim. Laid on h, c is
// a top: pinned only if barred (nothing lies on it), which needs a card of
// its suit below it, unbuilt and blocked or covered, so in the tableau;
// unpinned, it covers nothing, and everything under it is as before. Built
// from the tableau, c was a top before, playable, so neither in S, blocked,
// covered nor barred; the card under it was a candidate as it is now (face
// down, or under c: then c, playable, did not pin it). What the move adds is
// only that c, built, may be never a top: without worry for good, which
// matters only to the cards c hosts, none left when they are built; with
// worry on NEVER A TOP's terms, those it had in the talon (from the
// tableau c was a top, so only an ace, which hosts nothing, or a King,
// which the test never calls never a top, is skipped).
// Session 21 adds, for the test now run after every move:
//   - a card c brought back from its foundation onto a pile;
//   - with runs=any, a run or a part of one moved onto a pile when its
//     base b leaves a face-up card (b's other host, then a top), or goes
//     into a space, or lands on h while h's twin (b's other host) is a
//     tableau top; and a talon card laid on h while h's twin is a top,
//     or a talon King laid in a space (a pile's base pins nothing).
// PROOF (these). The card landed on h is not pinned, so h is not covered
// and the cards it carries are as before: with runs=any a face-up card
// above its run's base is pinned only if both its hosts are never tops
// (or it is blocked, which a card that is no candidate, with no card of S
// above it, is not), and a tableau top is never a never-top (nothing lies
// on it; it is no talon or built card); a card back from its foundation
// is not barred (every card of its suit below it is built) and nothing
// lies on it, so it pins nothing with any runs. Everything else the move
// changes makes the position before only more blocked: the card b leaves
// is a top after (so in no claim) and under b before; a card turned up
// was a face-down candidate before, as it is a candidate after, and
// nothing of S lay on it (b is no candidate after); the card brought back
// is a top after and a built card before (with worry perhaps a
// never-top); the moved cards lie on each other as before. The candidates
// after are candidates before, with the same cards under them. So every
// card of S and every claim after keeps its reasons before (they are that
// some cards are blocked, covered, barred or never tops, sets only larger
// before), and the set is closed there.
// CheckAliveSkips (random lines of every rule set in the tests) runs the
// test wherever it is skipped: three wrong variants of these conditions
// each make it find lost positions there. The search is the same, position
// for position (per-deal positions byte-identical on deals 1-300), only
// faster: the test found nothing in 98.7% of its runs after talon cards
// laid on piles on deal 270 (defaults).
//
// POINTER DOMINANCE (prune, draw=3, unlimited passes). Let X and Y differ
// only in the talon pointer, X's at x and Y's at y, with a card played in
// the current pass in both (so either may redeal), and either y on the chain
// of a fresh pass (0, 3, 6, ..., n: Y offers the chain's cards) or x < y
// with x = y (mod 3). Then X offers every talon card Y offers (from x the
// draws pass through y; the fresh chain is one redeal away), and playing the
// card at pointer q gives the same position from both (pointer q - 1, the
// card gone). Tableau and foundation moves are the same and keep the
// relation. So X wins whenever Y does, in at most as many moves. The search
// skips Y when such an X is in the table. SOUND: suppose the search ends
// without a win although a visited position is winnable; take the winnable
// visited v whose shortest win (in talon moves as above, all legal moves) is
// shortest, d moves. The pruned move list keeps a first move of a shortest
// win (FILTERS, SAFE MOVES), to a child c with a win of d - 1 moves; c is
// the win itself (found), or visited (contradiction), or not dead (it is
// winnable), or skipped for an X in the table that wins in <= d - 1 moves.
// X itself may have been skipped (dominated by a position entered earlier
// still, by transitivity dominating c too) or found dead (then c would be
// lost); following the skips, which go to ever earlier positions, ends at a
// visited position winning in <= d - 1 moves: a contradiction with the
// choice of v. (A table that forgets positions only makes fewer skips.)
//
// LOST NEIGHBOURS (session 16, prune). If position N reaches position A by
// one move of the game and N cannot be won, neither can A (a win from A
// would be one from N). The search uses it where N is a child of A by a
// move the next move can undo (so N reaches A): a part of a run moved off
// a face-up card y (y is then a top that the run's base fits: the run goes
// back), and with worry a card c built off a face-up card h or a lone King
// (h is then a top that c fits, or the pile a space: c comes back), and a
// card brought back (it is then a top, playable to its foundation again).
// When such a child is known to be lost, A is lost, and the search leaves
// A's other moves. A child is known to be lost when the dead test says so,
// when its draw-1 key is in the RELAXATION's table, when it is in the
// phase's own table and its strongly connected part has closed (cycles
// tracked; with cycles not tracked an entered position may only have been
// cut off by the path), or when the position dominating it (POINTER
// DOMINANCE) is such a one. A position left this way counts as one the
// search found lost (it is in the table, and not open once it leaves the
// path with its part), and it is lost in the game: the complete search and
// LOST POSITIONS KEPT need nothing more of the positions they call lost
// (a part that closes with A in it has, from A too, only moves to lost
// positions, as every move from a lost position leads to one). No shortest
// win is involved, so the other rules' proofs are untouched. Only the rule
// sets with cycles (runs=any or worry) have such moves. CheckUndoableMoves
// (random lines of seven rule sets) checks each move called undoable for a
// move of the game back. Effect: deal 320's draw-1 game with runs=any
// worry=true is proved lost in 34.7 million positions instead of 71.3.
//
// KEY. Two positions equal up to the order of the tableau piles are equally
// winnable (every rule treats the seven piles alike), so the key sums one
// hash per pile. The rest is exact: which talon cards are left (a 24-bit
// mask over the starting talon, whose order never changes), the pointer, the
// four foundation heights, the redeals made (limited passes only) and
// whether the current pass has played a card. The tableau part is two
// independent 64-bit hashes (64 + 14 bits kept): a false match needs a
// collision of both, about 2^-78 per pair of positions. A pile's hash is a
// random term per (card, height) and one for its face-down count, summed
// (Zobrist), then mixed, so a move updates it per card moved; the mixing
// keeps the sum over the piles from mistaking two piles' cards for each
// other's.
//
// CYCLES. Positions repeat (a card moved back and forth). The table is the
// visited set: a position is entered at most once, which keeps reachability
// intact. When the table reaches its memory limit it starts forgetting
// positions; from then on a child is also checked against the keys on the
// current path (restart phases with cycles ask their open set, which holds
// the path: LOST POSITIONS KEPT), so the search never walks a cycle forever.
#include "core/games/klondike_solver.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "core/open_positions.h"
#include "core/shuffle.h"
#include "core/transposition_table.h"

namespace talon {

KlondikeRules ReadKlondikeRules(const Options& options) {
  KlondikeRules r;
  r.draw = static_cast<int>(IntOption(options, "draw"));
  const OptionValue& passes = options.at("passes");
  r.passes = std::holds_alternative<int64_t>(passes) ? static_cast<int>(std::get<int64_t>(passes)) : 0;
  r.any_run = WordOption(options, "runs") == "any";
  r.worry = BoolOption(options, "worry");
  return r;
}

namespace {

constexpr int kPiles = 7;
constexpr int kMaxPile = 32;
constexpr int kMaxTalon = 24;
constexpr int kMaxMoves = 320;

constexpr int RankOf(uint8_t c) { return c >> 2; }
constexpr int SuitOf(uint8_t c) { return c & 3; }
constexpr bool IsRed(uint8_t c) { return ((c ^ (c >> 1)) & 1) != 0; }  // diamonds 01, hearts 10
constexpr uint64_t kAllCards = ((uint64_t{1} << 56) - 1) & ~uint64_t{15};  // codes 4..55
constexpr uint64_t kKings = uint64_t{15} << (kKing << 2);

// The cards of one suit, as a card-code mask.
constexpr uint64_t SuitCards(int suit) {
  uint64_t m = 0;
  for (int r = 1; r <= kKing; ++r) m |= uint64_t{1} << (r << 2 | suit);
  return m;
}
// The cards both of whose hosts (rank + 1, the other colour) are in `nt`,
// all at once: a black card's hosts are the diamond and the heart one rank
// higher, a red card's the club and the spade. (A King's would be of rank
// 14, never in `nt`.)
inline uint64_t HostsIn(uint64_t nt) {
  const uint64_t red = nt & (nt >> 1) & SuitCards(kDiamonds) & kAllCards;  // ♦ and ♥ of a rank
  const uint64_t black = nt & (nt >> 3) & SuitCards(kClubs) & kAllCards;   // ♣ and ♠ of a rank
  const uint64_t r = red >> 4, b = black >> 4;  // one rank lower: the cards they host
  return ((r >> 1) | (r << 2) | (b << 1) | (b << 2)) & kAllCards;
}
// The cards with a card of their suit below them in `m`.
inline uint64_t AboveIn(uint64_t m) {
  uint64_t out = 0;
  for (int suit = 0; suit < 4; ++suit) {
    const uint64_t x = m & SuitCards(suit);
    if (x) out |= SuitCards(suit) & ~((uint64_t{2} << __builtin_ctzll(x)) - 1);
  }
  return out;
}

// The card of the other colour one rank below c, of the lower suit (clubs
// or diamonds): with its twin, the two cards that may lie on c.
constexpr uint8_t Carried(uint8_t c) {
  return static_cast<uint8_t>((RankOf(c) - 1) << 2 | (IsRed(c) ? kClubs : kDiamonds));
}

// Card b may lie on card h in the tableau.
inline bool Fits(uint8_t b, uint8_t h) { return RankOf(h) == RankOf(b) + 1 && IsRed(h) != IsRed(b); }

inline uint64_t Mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  return h ^ (h >> 33);
}

// The terms of the pile hashes (Zobrist): a pile's raw hash is the sum of a
// term per (card, height) and one for its face-down count, so a move updates
// it in time proportional to the cards it moves, not to the pile's length.
// Two independent sets (a, b), from SplitMix64, fixed at compile time.
struct PileTerms {
  uint64_t card[2][64][kMaxPile];
  uint64_t down[2][kMaxPile + 1];
};
constexpr PileTerms MakePileTerms() {
  PileTerms t{};
  uint64_t x = 0x7A1F0C3D5B2E9184ULL;
  auto next = [&x]() {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (int h = 0; h < 2; ++h) {
    for (int c = 0; c < 64; ++c)
      for (int k = 0; k < kMaxPile; ++k) t.card[h][c][k] = next();
    for (int d = 0; d <= kMaxPile; ++d) t.down[h][d] = next();
  }
  return t;
}
constexpr PileTerms kTerms = MakePileTerms();

struct Pos {
  std::array<std::array<uint8_t, kMaxPile>, kPiles> pile;  // codes, bottom to top
  std::array<uint8_t, kPiles> len, down;
  std::array<uint8_t, 4> found;          // height per suit (C D H S)
  std::array<uint8_t, kMaxTalon> talon;  // in turning order
  uint8_t n = 0, p = 0;                  // talon size, cards in the waste
  uint8_t redeals = 0;                   // counted only with limited passes
  uint8_t yield = 0;                     // a card left the waste since the last redeal
  uint32_t mask = 0;                     // starting-talon cards still in the talon
  std::array<uint64_t, kPiles> ha, hb;   // per-pile raw hashes (PileTerms)
  uint64_t sa = 0, sb = 0;               // sums of the piles' mixed hashes
};

enum Kind : uint8_t { kTalonF, kTalonT, kTabF, kTabT, kFoundT, kDraw, kRedeal };
// kTalonF: a = q (the pointer at which the card shows); kTalonT: a = q, b = pile;
// kTabF: a = pile; kTabT: a = from, b = to, c = index of the run's base;
// kFoundT: a = suit, b = pile.
struct Move {
  uint8_t kind = 0, a = 0, b = 0, c = 0;
};

class Solver {
 public:
  Solver(const KlondikeRules& rules, bool prune) : r_(rules), prune_(prune) {}
  // Perturbs the move order (0: none). See RESTARTS.
  void set_seed(uint64_t seed) { seed_ = seed; }

  Pos Start(const Deal& deal);
  // TALON RETURNED: s with each card that came from the talon and could be
  // played back where it lies (a pile's top on a face-up card, a King alone
  // in a space, a foundation's top), again and again, put back into the
  // talon in its starting order, with the pointer at 0 and no card played
  // in the pass. `returned` (may be null) gets those cards in the order
  // they were taken, each with its pile (-1: its foundation). Only with
  // passes unlimited does it dominate s (see there). REQUIRES: Start().
  Pos Returned(const Pos& s, std::vector<std::pair<uint8_t, int>>* returned = nullptr) const;
  // KeyOf(Returned(s)), without making the position (it is asked of every
  // child of the draw-3 search and of the probes: docs/performance.md).
  Key128 ReturnedKey(const Pos& s) const { return KeyFrom(ReturnedParts(s)); }
  bool Won(const Pos& s) const { return s.found[0] + s.found[1] + s.found[2] + s.found[3] == 52; }
  // Won(s after m): only a card built can complete the foundations.
  bool Wins(const Pos& s, Move m) const {
    return (m.kind == kTabF || m.kind == kTalonF) && s.found[0] + s.found[1] + s.found[2] + s.found[3] == 51;
  }
  int Moves(const Pos& s, Move* out) const;
  void Apply(Pos& s, Move m) const;
  Key128 KeyOf(const Pos& s) const;
  // KeyOf(s after m), without making that position: most children are
  // found in the table and never entered. The same cases as Apply.
  Key128 KeyAfter(const Pos& s, Move m) const;
  // The key KeyOf gives the same position under the draw-1 rules (the
  // RELAXATION's), from this solver's key for it: KeyFrom is the same but
  // for the pointer, which draw 1 (passes unlimited) reads as 0 whenever a
  // redeal is allowed (every pointer is on the fresh chain), where draw 3
  // did so only on its chain. A key with the pass flag set has either
  // pointer 0 already or a pointer draw 1 reads as 0. (Without prune
  // neither reads pointers so: the key is the same.)
  Key128 Draw1Key(Key128 key) const {
    if (prune_ && r_.passes == 0 && (key.hi >> 49 & 1)) key.hi &= ~(uint64_t{31} << 24);
    return key;
  }
  // LOST NEIGHBOURS: move m from s can be undone by the very next move
  // of the game: a part of a run moved off a face-up card (it can go back),
  // and with worry a card built off a face-up card or a lone King (it can
  // come back) or a card brought back (it can be built again).
  // Move m (a tableau move) leaves a face-down card on top of its pile, to
  // be turned up.
  static bool TurnsUp(const Pos& s, Move m) {
    if (m.kind != kTabT && m.kind != kTabF) return false;
    const int left = m.kind == kTabT ? m.c : s.len[m.a] - 1;
    return left > 0 && s.down[m.a] == left;
  }
  bool Undoable(const Pos& s, Move m) const {
    if (!prune_) return false;
    switch (m.kind) {
      case kTabT:
        return m.c > s.down[m.a];
      case kTabF: {
        const int len = s.len[m.a];
        return r_.worry && (len >= 2 ? s.down[m.a] <= len - 2 : RankOf(s.pile[m.a][0]) == kKing && s.down[m.a] == 0);
      }
      case kFoundT:
        return true;
      default:
        return false;
    }
  }
  // True only if the position cannot be won (BLOCKED CARDS). Only with prune.
  bool Dead(const Pos& s) const;
  // Dead(s) where move m (just applied to `parent` to reach s) can have
  // made it true (WHEN THE TEST RUNS, at the top of the file).
  // With no redeal left the test runs only after talon moves that drew a
  // card past (or redealt): on deal 8 with draw=1 passes=1 (3 million
  // positions) it found 99859 of 219258 such positions dead, but only 8 of
  // 146592 after drawing just the card played, none of 102459 after
  // playing the waste's top to the tableau (and none of the 4505 other
  // talon cards built), and 136 of 368455 after a card built from the
  // tableau, so those are left untested (about a third of the tests).
  // `parent_alive`: Dead(parent) is known to be false. `alive` (may be
  // null) is set to whether Dead(s) is now known to be false.
  bool DeadAfter(const Pos& s, Move m, const Pos& parent, bool parent_alive = false,
                 bool* alive = nullptr) const {
    const bool locked = TalonLocked(s);
    // The test runs here (WHEN THE TEST RUNS): with no redeal left, after a
    // talon move that drew a card past (or redealt); otherwise always.
    const bool tested = !locked || ((m.kind == kTalonF || m.kind == kTalonT) &&
                                     (s.redeals != parent.redeals || m.a > parent.p + 1));
    if (alive) *alive = false;
    if (!tested || !prune_) return false;
    const bool known_alive = parent_alive && !locked && StaysAlive(s, m, parent);  // ALIVE AFTER
    const bool dead = !known_alive && Dead(s);
    if (alive) *alive = !dead;
    return dead;
  }
  // ALIVE AFTER: with a redeal left, move m took the position `parent`,
  // where Dead() is false, to s, where it is then false too.
  bool StaysAlive(const Pos& s, Move m, const Pos& parent) const {
    if (m.kind == kFoundT) return true;  // (session 21)
    if (r_.any_run && (m.kind == kTabT || m.kind == kTalonT)) {
      // The card landed (a run's base, or a talon card) is not pinned: its
      // other host is the card it left (a part of a run) or a top, or it
      // lies in a space.
      if (m.kind == kTabT && m.c > parent.down[m.a]) return true;
      const int h = parent.len[m.b];
      if (h == 0 || IsTop(s, Twin(parent.pile[m.b][h - 1]))) return true;
      if (m.kind == kTabT) return false;
    }
    if (m.kind == kTalonT) {
      // The card landed is barred only if a card of its suit below it, not
      // yet built, lies in the tableau (no talon card is blocked or covered).
      const uint8_t c = s.pile[m.b][s.len[m.b] - 1];
      const int suit = SuitOf(c);
      for (int rank = s.found[suit] + 1; rank < RankOf(c); ++rank) {
        const uint8_t j = talon_index_[rank << 2 | suit];
        if (j == 0xFF || !(s.mask >> j & 1)) return false;
      }
      return true;
    }
    if (m.kind != kTalonF && m.kind != kTabF) return false;
    // The card built, c, is a host that the dead test may now call never a
    // top; nothing else changes for it.
    const uint8_t c = m.kind == kTalonF ? parent.talon[m.a - 1] : parent.pile[m.a][parent.len[m.a] - 1];
    const int r = RankOf(c);
    // With worry: on the same terms as in the talon; an ace hosts nothing,
    // and a King is never called never a top.
    if (r_.worry) return m.kind == kTalonF || r == 1 || r == kKing;
    const int other = SuitOf(Carried(c));  // the cards it hosts are built
    return s.found[other] >= r - 1 && s.found[other ^ 3] >= r - 1;
  }
  // Card c is the top of a tableau pile.
  static bool IsTop(const Pos& s, uint8_t c) {
    for (int i = 0; i < kPiles; ++i)
      if (s.len[i] > 0 && s.pile[i][s.len[i] - 1] == c) return true;
    return false;
  }
  // No redeal is left, now or later (limited passes, all redeals made).
  bool TalonLocked(const Pos& s) const { return r_.passes != 0 && s.redeals >= r_.passes - 1; }
  bool prune() const { return prune_; }
  // The pruned move graph has no cycle (LOST POSITIONS KEPT).
  bool Acyclic() const { return prune_ && !r_.any_run && !r_.worry; }
  // POINTER DOMINANCE (see the top of the file): the keys of the positions
  // that offer every talon card s offers (same everything else; key: s's),
  // asked of the memory at once. Their probes nearly always miss the cache,
  // so the search asks for them before the dead test and looks them up
  // (Dominated) after it. Returns how many there are (at most kMaxTalon).
  int DominatingKeys(const Pos& s, Key128 key, const TranspositionTable& table, Key128* xs) const {
    if (!prune_ || r_.passes != 0 || r_.draw == 1 || !s.yield) return 0;
    const bool fresh = s.p == 0 || ModDraw(s.p) == 0 || s.p == s.n;
    const uint64_t base = key.hi & ~(uint64_t{31} << 24);
    int nx = 0;
    for (int q = fresh ? s.n - 1 : s.p - r_.draw; q >= 1; q -= fresh ? 1 : r_.draw) {
      if (ModDraw(q) == 0) continue;
      xs[nx] = Key128{key.lo, base | uint64_t(q) << 24};
      table.Prefetch(xs[nx++]);
    }
    return nx;
  }
  // True if one of the nx keys xs (DominatingKeys) is in `table`; the
  // first found goes to `by`.
  static bool Dominated(const Key128* xs, int nx, const TranspositionTable& table, Key128& by) {
    for (int i = 0; i < nx; ++i) {
      if (table.Contains(xs[i])) {
        by = xs[i];
        return true;
      }
    }
    return false;
  }
  // Appends the MoveSpecs of `m` (draws and redeal first) and applies it.
  void Expand(Pos& s, Move m, std::vector<MoveSpec>& out) const;

 private:
  // The card of the same rank and colour as `c`, of the other suit.
  static uint8_t Twin(uint8_t c) { return static_cast<uint8_t>(c ^ 3); }
  static int MinFound(const Pos& s) {
    return std::min(std::min(s.found[0], s.found[1]), std::min(s.found[2], s.found[3]));
  }
  // Card c (rank r) may go to its foundation without branching (SAFE MOVES).
  bool Safe(const Pos& s, uint8_t c) const {
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
  bool TalonSafe(const Pos& s, int q) const {
    if (r_.draw == 1) return q == s.p || q == s.p + 1 || r_.passes == 0;
    return q == s.n && (s.p == s.n || (r_.passes == 0 && ModDraw(s.p) == 0));
  }
  // Where the cards that the very next move could pick up are, computed once
  // per Moves call (so the filters below cost O(1)).
  struct Reach {
    uint64_t movable = 0;  // face-up tableau cards that are the base of a movable run
    uint64_t talon = 0;    // talon cards some draws bring to the waste's top
    std::array<int8_t, 64> pile;  // for movable cards: the pile
    std::array<uint8_t, 64> index;  // and the index in it
  };
  void FillReach(const Pos& s, const uint8_t* qs, int nq, Reach& w) const {
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
  bool KingFor(const Pos& s, int emptied, const Reach& w) const {
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
  bool EitherAvailable(const Pos& s, uint8_t c, const Reach& w) const {
    for (const uint8_t d : {c, Twin(c)}) {
      if ((w.movable | w.talon) >> d & 1) return true;
      if (r_.worry && s.found[SuitOf(d)] == RankOf(d)) return true;
    }
    return false;
  }
  // x / draw and x % draw (x >= 0), with the usual draw 3 a constant: a
  // division by a variable is slow, and the move generator and the keys
  // do many.
  int DivDraw(int x) const { return r_.draw == 3 ? x / 3 : x / r_.draw; }
  int ModDraw(int x) const { return r_.draw == 3 ? x % 3 : x % r_.draw; }
  bool CanRedeal(const Pos& s) const {
    return s.n > 0 && (r_.passes == 0 ? s.yield != 0 : s.redeals < r_.passes - 1);
  }
  // True iff pointer q is reached from s.p by draws alone (no redeal).
  bool OwnChain(const Pos& s, int q) const {
    if (q == s.p) return true;
    if (q < s.p) return false;
    return q == s.n || ModDraw(q - s.p) == 0;
  }
  // The pointers (>= 1) whose waste top some draws (and at most one redeal)
  // bring up. Returns how many.
  int Reachable(const Pos& s, uint8_t* out) const {
    int k = 0;
    bool seen[kMaxTalon + 1] = {};
    int q = s.p;
    if (q > 0) seen[q] = true, out[k++] = static_cast<uint8_t>(q);
    while (q < s.n) {
      q = std::min(q + r_.draw, static_cast<int>(s.n));
      seen[q] = true;
      out[k++] = static_cast<uint8_t>(q);
    }
    if (CanRedeal(s)) {
      for (q = 0; q < s.n;) {
        q = std::min(q + r_.draw, static_cast<int>(s.n));
        if (!seen[q]) seen[q] = true, out[k++] = static_cast<uint8_t>(q);
      }
    }
    return k;
  }
  // Pile i's share of the key: its raw hashes mixed (so that the sums over
  // the piles forget only the piles' order). Unsum before changing pile i,
  // Resum after.
  static constexpr uint64_t kSaltB = 0x632BE59BD9B4E019ULL;
  static void Unsum(Pos& s, int i) {
    s.sa -= Mix(s.ha[i]);
    s.sb -= Mix(s.hb[i] + kSaltB);
  }
  static void Resum(Pos& s, int i) {
    s.sa += Mix(s.ha[i]);
    s.sb += Mix(s.hb[i] + kSaltB);
  }
  static void Push(Pos& s, int i, uint8_t c) {
    const int k = s.len[i]++;
    s.pile[i][k] = c;
    s.ha[i] += kTerms.card[0][c][k];
    s.hb[i] += kTerms.card[1][c][k];
  }
  // Cuts pile i down to `len` cards.
  static void Cut(Pos& s, int i, int len) {
    for (int k = len; k < s.len[i]; ++k) {
      s.ha[i] -= kTerms.card[0][s.pile[i][k]][k];
      s.hb[i] -= kTerms.card[1][s.pile[i][k]][k];
    }
    s.len[i] = static_cast<uint8_t>(len);
  }
  static void SetDown(Pos& s, int i, int down) {
    s.ha[i] += kTerms.down[0][down] - kTerms.down[0][s.down[i]];
    s.hb[i] += kTerms.down[1][down] - kTerms.down[1][s.down[i]];
    s.down[i] = static_cast<uint8_t>(down);
  }
  // Turns up the top card of pile i if it is face down.
  static void Flip(Pos& s, int i) {
    if (s.len[i] > 0 && s.down[i] == s.len[i]) SetDown(s, i, s.down[i] - 1);
  }

  // A move's effect outside the tableau piles (the talon's size, pointer
  // and mask, the redeals, the pass flag, the foundations), written to `k`,
  // a Pos or KeyParts, from the position `s` before the move. `k` may be
  // `s` itself: every field is read before it is written.
  template <class Counts>
  void CountsAfter(Counts& k, const Pos& s, Move m) const {
    switch (m.kind) {
      case kTalonF:
      case kTalonT: {
        const int q = m.a;
        if (!OwnChain(s, q) && r_.passes != 0) ++k.redeals;
        const uint8_t c = s.talon[q - 1];
        --k.n;
        k.p = static_cast<uint8_t>(q - 1);
        k.mask &= ~(1u << talon_index_[c]);
        k.yield = 1;
        if (m.kind == kTalonF) ++k.found[SuitOf(c)];
        break;
      }
      case kTabF:
        ++k.found[SuitOf(s.pile[m.a][s.len[m.a] - 1])];
        break;
      case kFoundT:
        --k.found[m.a];
        break;
      case kDraw:
        k.p = static_cast<uint8_t>(std::min(s.p + r_.draw, static_cast<int>(s.n)));
        break;
      case kRedeal:
        k.p = 0;
        k.yield = 0;
        if (r_.passes != 0) ++k.redeals;
        break;
      default:
        break;
    }
  }
  // What a key is made of: the sums of the piles' mixed hashes and the
  // exact part.
  struct KeyParts {
    uint64_t sa, sb;
    uint32_t mask;
    uint8_t n, p, redeals, yield;
    std::array<uint8_t, 4> found;
  };
  Key128 KeyFrom(const KeyParts& k) const;
  KeyParts ReturnedParts(const Pos& s) const;
  template <class F>
  void ForEachReturn(const Pos& s, F&& f) const;
  // Pile i's mixed hashes change from (ha, hb) to (ha2, hb2).
  static void Rehash(KeyParts& k, uint64_t ha, uint64_t hb, uint64_t ha2, uint64_t hb2) {
    k.sa += Mix(ha2) - Mix(ha);
    k.sb += Mix(hb2 + kSaltB) - Mix(hb + kSaltB);
  }

  KlondikeRules r_;
  bool prune_;
  uint64_t seed_ = 0;
  std::array<uint8_t, 64> talon_index_{};  // starting talon position per code
  std::array<uint8_t, kMaxTalon> start_talon_{};  // the starting talon, in order
};

Pos Solver::Start(const Deal& deal) {
  Pos s{};
  const Areas& a = deal.areas;
  for (int i = 0; i < kPiles; ++i) {
    const Pile& pile = a.tableau[static_cast<size_t>(i)];
    s.ha[i] = kTerms.down[0][0];
    s.hb[i] = kTerms.down[1][0];
    for (size_t k = 0; k < pile.size(); ++k) Push(s, i, pile[k].code());
    SetDown(s, i, a.face_down.empty() ? 0 : a.face_down[static_cast<size_t>(i)]);
    Flip(s, i);
    Resum(s, i);
  }
  for (size_t f = 0; f < a.foundations.size() && f < 4; ++f)
    s.found[f] = static_cast<uint8_t>(a.foundations[f].size());
  std::vector<Card> talon(a.waste.begin(), a.waste.end());
  talon.insert(talon.end(), a.stock.rbegin(), a.stock.rend());
  s.n = static_cast<uint8_t>(talon.size());
  s.p = static_cast<uint8_t>(a.waste.size());
  talon_index_.fill(0xFF);
  for (size_t i = 0; i < talon.size(); ++i) {
    s.talon[i] = talon[i].code();
    talon_index_[talon[i].code()] = static_cast<uint8_t>(i);
    start_talon_[i] = talon[i].code();
  }
  s.mask = s.n >= 32 ? ~0u : (1u << s.n) - 1u;
  return s;
}

// The cards Returned takes back, each as f(c, pile, height) (pile -1: its
// foundation, height then unused), pile by pile from the top down, then
// foundation by foundation from the top down. A pile's returns and a
// foundation's never enable one another (a pile's next card is returnable
// or not whatever the foundations hold, and the other way round), so one
// pass finds what taking cards back again and again would.
template <class F>
void Solver::ForEachReturn(const Pos& s, F&& f) const {
  for (int i = 0; i < kPiles; ++i) {
    for (int h = s.len[i] - 1; h >= 0; --h) {
      const uint8_t c = s.pile[i][h];
      if (talon_index_[c] == 0xFF) break;
      // On a face-up card (the run it tops is in sequence), or a King alone.
      const bool on_face_up = h > s.down[i];
      const bool lone_king = h == 0 && s.down[i] == 0 && RankOf(c) == kKing;
      if (!on_face_up && !lone_king) break;
      f(c, i, h);
    }
  }
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = s.found[suit]; rank > 0; --rank) {
      const uint8_t c = static_cast<uint8_t>(rank << 2 | suit);
      if (talon_index_[c] == 0xFF) break;
      f(c, -1, 0);
    }
  }
}

Pos Solver::Returned(const Pos& s0, std::vector<std::pair<uint8_t, int>>* returned) const {
  Pos s = s0;
  ForEachReturn(s0, [&](uint8_t c, int i, int h) {
    if (i >= 0) {
      if (h + 1 == s0.len[i]) Unsum(s, i);  // (the pile's first card returned)
      Cut(s, i, h);
    } else {
      --s.found[SuitOf(c)];
    }
    s.mask |= 1u << talon_index_[c];
    if (returned) returned->push_back({c, i});
  });
  for (int i = 0; i < kPiles; ++i)
    if (s.len[i] != s0.len[i]) Resum(s, i);
  s.n = static_cast<uint8_t>(__builtin_popcount(s.mask));
  int n = 0;
  for (int j = 0; j < kMaxTalon; ++j)
    if (s.mask >> j & 1) s.talon[n++] = start_talon_[j];
  s.p = 0;
  s.yield = 0;
  return s;
}

Solver::KeyParts Solver::ReturnedParts(const Pos& s) const {
  KeyParts k{s.sa, s.sb, s.mask, s.n, 0, s.redeals, 0, s.found};
  std::array<uint64_t, kPiles> ha = s.ha, hb = s.hb;
  unsigned cut = 0;  // the piles that lost cards
  ForEachReturn(s, [&](uint8_t c, int i, int h) {
    if (i >= 0) {
      ha[i] -= kTerms.card[0][c][h];
      hb[i] -= kTerms.card[1][c][h];
      cut |= 1u << i;
    } else {
      --k.found[SuitOf(c)];
    }
    k.mask |= 1u << talon_index_[c];
  });
  for (int i = 0; i < kPiles; ++i)
    if (cut >> i & 1) Rehash(k, s.ha[i], s.hb[i], ha[i], hb[i]);
  k.n = static_cast<uint8_t>(__builtin_popcount(k.mask));
  return k;
}

bool Solver::Dead(const Pos& s) const {
  // BLOCKED CARDS (see the top of this file): the greatest set S of
  // candidates (non-King tableau cards face down or at the base of the
  // face-up run, riders, and with no redeal left the non-King talon cards)
  // none of which has a way out given S and the claims of NEVER A TOP.
  // Every tableau pile and every talon segment is a "pile" here: `upto`
  // holds the cards of a card's pile from the bottom up to it (tableau
  // cards, and talon cards with no redeal left), so the cards blocked by S
  // are the union of upto[c] over the cards c of S.
  std::array<uint64_t, 64> upto;
  uint64_t cand = 0;
  // RIDERS (runs=whole): a face-up card above its run's base leaves its pile
  // only to its foundation or with the whole run, i.e. with the base. (Used
  // only with no redeal left, where they were measured; sound everywhere.)
  const bool locked = TalonLocked(s);
  const bool use_riders = locked && !r_.any_run;
  uint64_t riders = 0, tableau_cards = 0;
  uint64_t face_up = 0, above_base = 0, tops = 0;  // face-up cards; those above their run's base; the tops
  std::array<uint8_t, 64> base;
  std::array<uint64_t, kPiles> pile_above{};  // per pile, its cards above the run's base
  for (int i = 0; i < kPiles; ++i) {
    uint64_t below = 0;
    for (int k = 0; k < s.len[i]; ++k) {
      const uint8_t c = s.pile[i][k];
      below |= uint64_t{1} << c;
      upto[c] = below;
      if (k <= s.down[i] && RankOf(c) != kKing) cand |= uint64_t{1} << c;
      if (k >= s.down[i]) face_up |= uint64_t{1} << c;
      if (k > s.down[i]) {
        pile_above[i] |= uint64_t{1} << c;
        if (use_riders) {
          riders |= uint64_t{1} << c;
          base[c] = s.pile[i][s.down[i]];
        }
      }
    }
    tableau_cards |= below;
    above_base |= pile_above[i];
    if (s.len[i] > 0) tops |= uint64_t{1} << s.pile[i][s.len[i] - 1];
  }
  cand |= riders;
  // TALON STACKS: with no redeal left, the talon is a set of stacks too
  // (see BLOCKED CARDS): a segment ends at each uncovered card, a card lies
  // under the cards above it in its segment, and every non-King talon card
  // is a candidate. With a redeal left talon cards are no candidates (NEVER
  // A TOP says all there is to say of them), so they need no place here.
  uint64_t whole_talon = 0;
  for (int j = 0; j < s.n; ++j) whole_talon |= uint64_t{1} << s.talon[j];
  const uint64_t talon = whole_talon & ~kKings;
  if (locked) {
    uint64_t below = 0;
    for (int j = 0; j < s.n; ++j) {
      const uint8_t c = s.talon[j];
      below |= uint64_t{1} << c;
      upto[c] = below;
      // Talon[j] is uncovered (ends its segment) if it is the waste's top,
      // or a stock card that a draw leaves on the waste's top.
      const bool exposed = j == s.p - 1 || (j >= s.p && (ModDraw(j - s.p + 1) == 0 || j == s.n - 1));
      if (exposed) below = 0;
    }
    cand |= talon;
  }
  uint64_t in = cand;
  // NEVER A TOP: a talon card (no King) both of whose hosts never become
  // tableau tops (before the first move of a card of S) never becomes one
  // either: it leaves the talon only onto a host that is a top, or to its
  // foundation (and comes back from there only onto such a host too). The
  // greatest such set, found alongside S; every talon card of S is in it.
  // With worry a built card (no King) comes back only onto a host that is
  // a top, so it is in the set on the same terms.
  uint64_t never = talon;
  if (r_.worry)
    for (int suit = 0; suit < 4; ++suit)
      for (int rank = 1; rank <= std::min<int>(s.found[suit], kKing - 1); ++rank)
        never |= uint64_t{1} << (rank << 2 | suit);
  // Per sweep: the BLOCKED cards (in S or under a card of S), and the
  // COVERED ones: tableau cards that never become tops (PINNED below). A
  // card is BARRED (cannot go to its foundation) if a card of its suit below
  // it, not yet built, is blocked or covered (a tableau card goes to its
  // foundation only as a top): `barred` holds them all, from AboveIn.
  // The cards that are never tops (a card strictly under a card of S in a
  // tableau pile; a talon card in S or under one in its segment; a covered
  // card; a card in `never`; without worry a built card) are `nt`, and the
  // cards both of whose hosts are in it `hosts_nt`; both are refreshed
  // whenever their parts change.
  uint64_t blocked = 0, under_s = 0, cov = 0, nt = 0, hosts_nt = 0, barred = 0;
  const uint64_t built_for_good = r_.worry ? 0 : ~(tableau_cards | whole_talon) & kAllCards;
  auto refresh = [&]() {
    nt = under_s | cov | never | built_for_good;
    hosts_nt = HostsIn(nt);
  };
  // PINNED: a face-up card y above its run's base that never leaves the
  // card under it: y is in S or under a card of S, or y moves neither as a
  // run's base (runs=whole: never; runs=any: both its hosts never tops) nor
  // to its foundation (barred, or y never a top: the card above it is
  // pinned). The card under a pinned card is covered. The greatest such
  // set, found alongside S (it starts with every face-up card but the tops
  // covered); one pass per sweep, from the top of each pile down. Returns
  // whether it changed.
  cov = face_up & ~tops;
  auto fill_cov = [&]() {
    uint64_t next = 0;
    if (!r_.any_run) {
      // No card moves as a base but the run's own: a card blocked or barred
      // is pinned, and so is every face-up card above the base under it.
      for (uint64_t m = (blocked | barred) & above_base; m; m &= m - 1) {
        const int y = __builtin_ctzll(m);
        next |= upto[y] & face_up & ~(uint64_t{1} << y);
      }
    } else {
      // y is pinned if in `start` (blocked, or both hosts never tops and
      // barred), or if both hosts are never tops and the card above is
      // pinned: a pile none of whose cards above the base is in `start`
      // pins nothing. Branch-free: the outcomes are unpredictable.
      const uint64_t start = blocked | (hosts_nt & barred);
      for (int i = 0; i < kPiles; ++i) {
        if (!(start & pile_above[i])) continue;
        uint64_t pin = 0;
        for (int k = s.len[i] - 1; k > s.down[i]; --k) {
          const int y = s.pile[i][k];
          pin = ((start >> y) | (hosts_nt >> y & pin)) & 1;
          next |= pin << s.pile[i][k - 1];
        }
      }
    }
    const bool changed = next != cov;
    cov = next;
    return changed;
  };
  // Removes cards with a way out until none has. A card removed had a way
  // out given a superset of the current S and of the current claims, so it
  // is not in the greatest set (ways out only grow as S and the claims
  // shrink); a sweep that changes nothing saw S and the claims as they are,
  // none with a way out: a valid set, so the greatest one. (Each sweep
  // decides every card on what the sweep started from, so the order of the
  // cards does not matter.)
  for (bool removed = true; removed && in;) {
    blocked = under_s = 0;
    for (uint64_t m = in; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      blocked |= upto[c];
      under_s |= (talon >> c & 1) ? upto[c] : upto[c] & ~(uint64_t{1} << c);
    }
    refresh();
    barred = AboveIn(blocked | cov);
    removed = fill_cov();
    if (removed) {  // (barred and nt depend on the covered cards)
      refresh();
      barred = AboveIn(blocked | cov);
    }
    if (const uint64_t kept = never & hosts_nt; kept != never) {
      never = kept;
      removed = true;
      refresh();
    }
    // A way out to its foundation: every card of its suit below it not yet
    // built must get there first (barred if one of them is blocked), and it
    // must be a top (not when covered). Onto a host: one of the two cards
    // one rank higher of the other colour may become a top. A rider moves
    // with its base instead (or to its foundation).
    uint64_t out = ~(barred | cov) | (~hosts_nt & ~riders);
    for (uint64_t m = in & riders; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      if (!(in >> base[c] & 1)) out |= uint64_t{1} << c;
    }
    if (in & out) {
      in &= ~out;
      removed = true;
    }
  }
  return in != 0;
}

Key128 Solver::KeyOf(const Pos& s) const {
  return KeyFrom({s.sa, s.sb, s.mask, s.n, s.p, s.redeals, s.yield, s.found});
}

Key128 Solver::KeyFrom(const KeyParts& k) const {
  // With unlimited passes, once a redeal is allowed, every pointer on the
  // chain of a fresh pass (0, draw, 2*draw, ..., n) offers exactly the cards
  // of that chain, as pointer 0 does: those positions are one.
  uint8_t p = k.p, yield = k.yield;
  // (Only with prune: the plain search's single draws make those positions
  // differ in their next moves, and the visited set needs equal keys to have
  // equal successors.)
  if (prune_ && r_.passes == 0 && (p == 0 || (yield && (ModDraw(p) == 0 || p == k.n))))
    p = 0, yield = 1;
  const uint64_t exact = uint64_t{k.mask} | uint64_t{p} << 24 | uint64_t{k.found[0]} << 29 |
                         uint64_t{k.found[1]} << 33 | uint64_t{k.found[2]} << 37 |
                         uint64_t{k.found[3]} << 41 | uint64_t{k.redeals & 15u} << 45 |
                         uint64_t{yield} << 49;
  return {Mix(k.sa), exact | (Mix(k.sb) << 50)};
}

Key128 Solver::KeyAfter(const Pos& s, Move m) const {
  KeyParts k{s.sa, s.sb, s.mask, s.n, s.p, s.redeals, s.yield, s.found};
  // Pile i with `c` pushed on it.
  auto push = [&](int i, uint8_t c) {
    const int h = s.len[i];
    Rehash(k, s.ha[i], s.hb[i], s.ha[i] + kTerms.card[0][c][h], s.hb[i] + kTerms.card[1][c][h]);
  };
  // Pile i cut down to `len` cards (the cards above go elsewhere), and its
  // new top turned up.
  auto cut = [&](int i, int len) {
    uint64_t ha = s.ha[i], hb = s.hb[i];
    for (int j = len; j < s.len[i]; ++j) {
      ha -= kTerms.card[0][s.pile[i][j]][j];
      hb -= kTerms.card[1][s.pile[i][j]][j];
    }
    if (len > 0 && s.down[i] == len) {
      ha += kTerms.down[0][len - 1] - kTerms.down[0][len];
      hb += kTerms.down[1][len - 1] - kTerms.down[1][len];
    }
    Rehash(k, s.ha[i], s.hb[i], ha, hb);
  };
  CountsAfter(k, s, m);
  switch (m.kind) {
    case kTalonT:
      push(m.b, s.talon[m.a - 1]);
      break;
    case kTabF:
      cut(m.a, s.len[m.a] - 1);
      break;
    case kTabT: {
      uint64_t ha = s.ha[m.b], hb = s.hb[m.b];
      for (int j = m.c, h = s.len[m.b]; j < s.len[m.a]; ++j, ++h) {
        ha += kTerms.card[0][s.pile[m.a][j]][h];
        hb += kTerms.card[1][s.pile[m.a][j]][h];
      }
      Rehash(k, s.ha[m.b], s.hb[m.b], ha, hb);
      cut(m.a, m.c);
      break;
    }
    case kFoundT:
      push(m.b, static_cast<uint8_t>(s.found[m.a] << 2 | m.a));
      break;
    default:
      break;
  }
  return KeyFrom(k);
}

int Solver::Moves(const Pos& s, Move* out) const {
  struct Scored {  // no initialisers: the buffer is not cleared per call
    uint8_t kind, a, b, c;
    int score;
  };
  Scored buf[kMaxMoves];
  int n = 0;
  auto add = [&](Kind kind, int a, int b, int c, int score) {
    if (seed_) score += static_cast<int>(Mix(seed_ ^ (uint64_t{kind} << 24 | uint64_t(a) << 16 | uint64_t(b) << 8 |
                                                     uint64_t(c))) % 400);
    buf[n++] = {kind, static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(c), score};
  };
  auto forced = [&](Kind kind, int a) {
    out[0] = Move{kind, static_cast<uint8_t>(a), 0, 0};
    return 1;
  };

  // The tableau tops, and the pile of each: a card's two hosts are found
  // at once (in the order of their piles, as a loop over the piles would).
  int first_empty = -1;
  uint64_t top_cards = 0;
  std::array<int8_t, 64> top_pile;  // read only for the cards in top_cards
  for (int i = 0; i < kPiles; ++i) {
    if (s.len[i] == 0) {
      if (first_empty < 0) first_empty = i;
    } else {
      const uint8_t t = s.pile[i][s.len[i] - 1];
      top_cards |= uint64_t{1} << t;
      top_pile[t] = static_cast<int8_t>(i);
    }
  }
  // Calls to(j) for each pile j where card c may be laid: a top that hosts
  // it, or for a King the first empty pile; in increasing j.
  auto for_each_place = [&](uint8_t c, auto to) {
    if (RankOf(c) == kKing) {
      if (first_empty >= 0) to(first_empty);
      return;
    }
    const uint8_t h = static_cast<uint8_t>((RankOf(c) + 1) << 2 | (IsRed(c) ? kClubs : kDiamonds));
    int j1 = (top_cards >> h & 1) ? top_pile[h] : kPiles;
    int j2 = (top_cards >> Twin(h) & 1) ? top_pile[Twin(h)] : kPiles;
    if (j1 > j2) std::swap(j1, j2);
    if (j1 < kPiles) to(j1);
    if (j2 < kPiles) to(j2);
  };

  // Tableau tops to the foundations.
  for (int i = 0; i < kPiles; ++i) {
    if (s.len[i] == 0) continue;
    const uint8_t c = s.pile[i][s.len[i] - 1];
    if (s.found[SuitOf(c)] != RankOf(c) - 1) continue;
    if (prune_ && Safe(s, c)) return forced(kTabF, i);
    const bool reveals = s.len[i] - 1 == s.down[i] && s.down[i] > 0;
    add(kTabF, i, 0, 0, 900 + (reveals ? 100 + s.down[i] : 0));
  }

  // Talon cards.
  uint8_t qs[2 * kMaxTalon + 2];
  const int nq = prune_ ? Reachable(s, qs) : 0;
  Reach w;
  FillReach(s, qs, nq, w);
  if (prune_) {
    // FREE TALON: every talon card is reachable, now and after any move.
    const bool free_talon = r_.draw == 1 && r_.passes == 0 && (s.yield || s.p == 0);
    uint64_t tops = 0;  // for (h)
    if (free_talon && !r_.any_run)
      for (int j = 0; j < kPiles; ++j)
        if (s.len[j] > 0) tops |= uint64_t{1} << s.pile[j][s.len[j] - 1];
    for (int k = 0; k < nq; ++k) {
      const int q = qs[k];
      const uint8_t c = s.talon[q - 1];
      const int cost = OwnChain(s, q) ? DivDraw(q - s.p) : 8 + DivDraw(q);
      if (s.found[SuitOf(c)] == RankOf(c) - 1) {
        if (TalonSafe(s, q) && Safe(s, c)) return forced(kTalonF, q);
        // Built from a free talon only for the next card of its suit to
        // follow (runs=whole: FILTERS, (h)).
        const bool kept = !free_talon || r_.any_run || RankOf(c) == kKing || ((w.talon | tops) >> (c + 4) & 1);
        if (kept) add(kTalonF, q, 0, 0, 700 - cost);
      }
      if (free_talon && RankOf(c) > 1) {
        // Laid on a pile only to carry a card next (FILTERS, (g)): one of
        // the cards d it hosts can move next, or (worry) is built.
        const uint8_t d = Carried(c);
        const bool built = r_.worry && std::max(s.found[SuitOf(d)], s.found[SuitOf(Twin(d))]) >= RankOf(d);
        if (!built && !EitherAvailable(s, d, w)) continue;
      }
      for_each_place(c, [&](int j) { add(kTalonT, q, j, 0, (s.len[j] == 0 ? 450 : 500) - cost); });
    }
  } else {
    if (s.p > 0) {
      const uint8_t c = s.talon[s.p - 1];
      if (s.found[SuitOf(c)] == RankOf(c) - 1) add(kTalonF, s.p, 0, 0, 700);
      for (int j = 0; j < kPiles; ++j)
        if (s.len[j] == 0 ? RankOf(c) == kKing : Fits(c, s.pile[j][s.len[j] - 1]))
          add(kTalonT, s.p, j, 0, 500);
    }
    if (s.p < s.n) add(kDraw, 0, 0, 0, 100);
    if (s.p == s.n && CanRedeal(s)) add(kRedeal, 0, 0, 0, 90);
  }

  // Runs between piles: for each destination, the (at most two) cards that
  // may lie on its top, found through `w` when they are the base of a
  // movable run.
  auto run_move = [&](int i, int j, int start) {
    const int lo = s.down[i];
    if (prune_ && start > lo) {
      // A part of a run leaves the face-up card y it lay on: some shortest
      // win builds y right after such a move (filter (d) above).
      const uint8_t y = s.pile[i][start - 1];
      if (s.found[SuitOf(y)] != RankOf(y) - 1) return;
    }
    if (prune_ && start == 0 && !KingFor(s, i, w)) return;
    int score;
    if (start == lo && lo > 0) {
      score = 800 + lo;  // turns a card up
    } else if (start == 0) {
      score = 300;  // empties a pile
    } else {
      const uint8_t under = s.pile[i][start - 1];
      score = s.found[SuitOf(under)] == RankOf(under) - 1 ? 600 : 50;
    }
    add(kTabT, i, j, start, score);
  };
  for (int j = 0; j < kPiles; ++j) {
    if (s.len[j] == 0) {
      if (prune_ && j != first_empty) continue;  // the empty piles are all alike
      for (int suit = 0; suit < 4; ++suit) {
        const uint8_t k = static_cast<uint8_t>(kKing << 2 | suit);  // a King is always a base
        if (!(w.movable >> k & 1) || w.pile[k] == j) continue;
        if (prune_ && w.index[k] == 0) continue;  // alone on its pile: the same position
        run_move(w.pile[k], j, w.index[k]);
      }
      continue;
    }
    const uint8_t h = s.pile[j][s.len[j] - 1];
    if (RankOf(h) <= 1) continue;
    const uint8_t b0 = Carried(h);
    for (const uint8_t b : {b0, Twin(b0)})
      if ((w.movable >> b & 1) && w.pile[b] != j) run_move(w.pile[b], j, w.index[b]);
  }

  // Foundation cards back to the tableau.
  if (r_.worry) {
    for (int f = 0; f < 4; ++f) {
      if (s.found[f] == 0) continue;
      const uint8_t c = static_cast<uint8_t>(s.found[f] << 2 | f);
      if (prune_) {
        // Useless unless a card of the other colour and one rank lower can
        // come onto c right after, and never when c is safe (FILTERS above).
        if (Safe(s, c)) continue;
        const uint8_t d1 = Carried(c);
        if (!EitherAvailable(s, d1, w)) {
          // Or the card under c on its foundation comes back next.
          const uint8_t under = static_cast<uint8_t>((RankOf(c) - 1) << 2 | f);
          bool host = false;
          for (int j = 0; j < kPiles && !host; ++j)
            host = s.len[j] > 0 && Fits(under, s.pile[j][s.len[j] - 1]);
          if (!host) continue;
        }
      }
      for (int j = 0; j < kPiles; ++j) {
        if (s.len[j] == 0) {
          if (RankOf(c) == kKing && (!prune_ || j == first_empty)) add(kFoundT, f, j, 0, 10);
        } else if (Fits(c, s.pile[j][s.len[j] - 1])) {
          add(kFoundT, f, j, 0, 20);
        }
      }
    }
  }

  // Best first; an insertion sort (no allocation), stable, so equal scores
  // keep the generation order.
  for (int k = 1; k < n; ++k) {
    const Scored x = buf[k];
    int j = k;
    for (; j > 0 && buf[j - 1].score < x.score; --j) buf[j] = buf[j - 1];
    buf[j] = x;
  }
  for (int k = 0; k < n; ++k) out[k] = Move{buf[k].kind, buf[k].a, buf[k].b, buf[k].c};
  return n;
}

void Solver::Apply(Pos& s, Move m) const {
  switch (m.kind) {
    case kTalonF:
    case kTalonT: {
      const int q = m.a;
      const uint8_t c = s.talon[q - 1];
      CountsAfter(s, s, m);
      for (int k = q - 1; k < s.n; ++k) s.talon[k] = s.talon[k + 1];
      if (m.kind == kTalonT) {
        Unsum(s, m.b);
        Push(s, m.b, c);
        Resum(s, m.b);
      }
      break;
    }
    case kTabF:
      CountsAfter(s, s, m);
      Unsum(s, m.a);
      Cut(s, m.a, s.len[m.a] - 1);
      Flip(s, m.a);
      Resum(s, m.a);
      break;
    case kTabT:
      Unsum(s, m.a);
      Unsum(s, m.b);
      for (int k = m.c; k < s.len[m.a]; ++k) Push(s, m.b, s.pile[m.a][k]);
      Cut(s, m.a, m.c);
      Flip(s, m.a);
      Resum(s, m.a);
      Resum(s, m.b);
      break;
    case kFoundT: {
      const uint8_t c = static_cast<uint8_t>(s.found[m.a] << 2 | m.a);
      CountsAfter(s, s, m);
      Unsum(s, m.b);
      Push(s, m.b, c);
      Resum(s, m.b);
      break;
    }
    default:
      CountsAfter(s, s, m);
      break;
  }
}

void Solver::Expand(Pos& s, Move m, std::vector<MoveSpec>& out) const {
  auto draws_to = [&](int target) {
    while (s.p < target) {
      const int k = std::min(r_.draw, s.n - s.p);
      MoveSpec d;
      d.from = {Place{Area::kStock, 0}};
      d.to = Place{Area::kWaste, 0};
      for (int i = 0; i < k; ++i) d.cards.push_back(Card::FromCode(s.talon[s.p + i]));
      d.count = k > 1 ? k : 0;
      out.push_back(std::move(d));
      s.p = static_cast<uint8_t>(s.p + k);
    }
  };
  auto redeal = [&]() {
    MoveSpec r;
    r.from = {Place{Area::kWaste, 0}};
    r.to = Place{Area::kStock, 0};
    out.push_back(std::move(r));
    s.p = 0;
    s.yield = 0;
    if (r_.passes != 0) ++s.redeals;
  };
  MoveSpec spec;
  switch (m.kind) {
    case kDraw:
      draws_to(std::min(s.p + r_.draw, static_cast<int>(s.n)));
      return;
    case kRedeal:
      redeal();
      return;
    case kTalonF:
    case kTalonT: {
      const int q = m.a;
      if (OwnChain(s, q)) {
        draws_to(q);
      } else {
        draws_to(s.n);
        redeal();
        draws_to(q);
      }
      const uint8_t c = s.talon[q - 1];
      spec.from = {Place{Area::kWaste, 0}};
      spec.to = m.kind == kTalonF ? Place{Area::kFoundations, SuitOf(c) + 1} : Place{Area::kTableau, m.b + 1};
      spec.cards = {Card::FromCode(c)};
      break;
    }
    case kTabF: {
      const uint8_t c = s.pile[m.a][s.len[m.a] - 1];
      spec.from = {Place{Area::kTableau, m.a + 1}};
      spec.to = Place{Area::kFoundations, SuitOf(c) + 1};
      spec.cards = {Card::FromCode(c)};
      break;
    }
    case kTabT: {
      spec.from = {Place{Area::kTableau, m.a + 1}};
      spec.to = Place{Area::kTableau, m.b + 1};
      for (int k = m.c; k < s.len[m.a]; ++k) spec.cards.push_back(Card::FromCode(s.pile[m.a][k]));
      spec.count = spec.cards.size() > 1 ? static_cast<int>(spec.cards.size()) : 0;
      break;
    }
    case kFoundT: {
      spec.from = {Place{Area::kFoundations, m.a + 1}};
      spec.to = Place{Area::kTableau, m.b + 1};
      spec.cards = {Card::FromCode(static_cast<uint8_t>(s.found[m.a] << 2 | m.a))};
      break;
    }
    default:
      return;
  }
  out.push_back(std::move(spec));
  Apply(s, m);
}

// The caller's limits other than the node budget: "interrupted" or
// "max-seconds" once one is reached, else nullptr. Asked every 1024 nodes.
const char* CallerLimit(const SearchLimits& limits, std::chrono::steady_clock::time_point t0) {
  if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) return "interrupted";
  if (limits.max_seconds > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limits.max_seconds)
    return "max-seconds";
  return nullptr;
}

struct Frame {
  Pos pos;
  Key128 key;
  int n = 0, next = 0;
  OpenPositions::Mark mark;  // LOST POSITIONS KEPT, with cycles
  bool alive = false;        // Dead(pos) is known to be false
  Move moves[kMaxMoves];
  Key128 keys[kMaxMoves];  // the key each move leads to
};

// Generates the moves of frame f's position and the keys of the positions
// they lead to, and asks the memory for those keys' table slots at once:
// nearly every probe of a large table misses the cache, and most children
// are positions already entered (skipped after the probe alone), so the
// misses of one frame's children overlap instead of coming one by one.
void GenerateChildren(const Solver& solver, const TranspositionTable& table, Frame& f) {
  f.n = solver.Moves(f.pos, f.moves);
  f.next = 0;
  for (int i = 0; i < f.n; ++i) {
    f.keys[i] = solver.KeyAfter(f.pos, f.moves[i]);
    table.Prefetch(f.keys[i]);
  }
}

// One complete depth-first search from `start`, stopped by `max_nodes` (0:
// none), the caller's time and cancel limits, or the table's memory bound.
struct PhaseOutcome {
  Verdict verdict = Verdict::kUnknown;
  const char* limit = "";
  uint64_t nodes = 0;
  size_t table_bytes = 0;
};

// How a phase treats the table (LOST POSITIONS KEPT, after RESTARTS below).
enum class TableUse {
  kFresh,      // starts empty; left as it is
  kKeep,       // starts with the lost positions earlier phases left; left as it is
  kKeepAcyclic,  // kKeep, and a stop leaves only lost positions (no cycles)
  kKeepTarjan,   // kKeep, and a stop leaves only lost positions (with cycles)
};

// The RELAXATION (see there): the draw-1 solver, and the positions its
// phase proved lost, which every later phase skips; and the TALON RETURNED
// probes, which add to them.
struct Relaxation {
  Relaxation(const KlondikeRules& draw1, size_t table_bytes) : solver(draw1, true), lost(table_bytes) {}
  Solver solver;
  TranspositionTable lost;
  bool won = false;  // draw 1 wins: going on would prove nothing
  // TALON RETURNED: whether the draw-3 phases probe (set in Solve), the
  // first probe's budget, and per returned position probed its state (see
  // ReturnedLost); the probes' positions, counted into the stats by Solve;
  // how many probes found draw 1 lost and won (the probes stop when wins
  // outnumber losses); the probes' own stack and (dropped) line.
  bool probes = false;
  uint64_t first_probe = 0;
  KeyNumberMap probed;
  uint64_t probe_nodes = 0;
  uint64_t probes_lost = 0, probes_won = 0;
  std::vector<Frame> probe_stack;  // (made at the first probe)
};

bool ReturnedLost(Relaxation& rx, const Solver& solver, const Pos& pos, Key128 key, const SearchLimits& limits,
                  std::chrono::steady_clock::time_point t0);

// `probe` (the TALON RETURNED probes' own searches, which start from such
// positions): a child whose returned position is in the table, not on the
// path, is lost; a child reached by turning a card up is replaced by its
// returned position (TURN-UPS RETURNED); a win ends the search without a
// line (`line` may be null). Otherwise `line` gets the winning line.
PhaseOutcome RunPhase(const Solver& solver, const Pos& start, const SearchLimits& limits,
                      uint64_t max_nodes, std::chrono::steady_clock::time_point t0,
                      std::vector<Frame>& stack, TranspositionTable& table, TableUse use,
                      std::vector<MoveSpec>* line, Relaxation* relaxation = nullptr, bool probe = false) {
  PhaseOutcome out;
  // Keep the slots the last phase grew to: the next phase needs as many.
  if (use == TableUse::kFresh)
    table.Reset(std::max<size_t>(limits.max_memory, 1024), table.bytes() / sizeof(Key128));
  const bool tarjan = use == TableUse::kKeepTarjan;
  // The positions entered and not proved lost (core/open_positions.h).
  OpenPositions open;
  // Bounded so that the bookkeeping stays a small part of --max-memory
  // (about 80 bytes a position: 24-byte slots of a map a quarter to half
  // full, and a pending entry):
  // beyond it the phase stops early.
  const size_t max_open = std::max<size_t>(limits.max_memory / 8 / 80, 1024);
  size_t depth = 0;
  uint64_t nodes = 0;
  stack[0].pos = start;
  stack[0].key = solver.KeyOf(start);
  stack[0].alive = false;
  table.Insert(stack[0].key);
  GenerateChildren(solver, table, stack[0]);
  if (tarjan) stack[0].mark = open.Enter(stack[0].key, 0);
  auto stop = [&](Verdict v, const char* limit) {
    // The positions on the path (and, with cycles, those left in a cycle
    // through it) are entered but not proved lost: forget them, so that the
    // table holds only lost positions for the next phase.
    if (v != Verdict::kUnsolvable) {
      if (use == TableUse::kKeepAcyclic)
        for (size_t d = 0; d <= depth; ++d) table.Erase(stack[d].key);
      if (tarjan) open.ForEachOpen([&](Key128 key) { table.Erase(key); });
    }
    out.verdict = v;
    out.limit = limit;
    out.nodes = nodes;
    out.table_bytes = table.bytes();
    return out;
  };
  Key128 xs[kMaxTalon];  // the dominating keys of a child (made once: Key128 is zeroed)
  for (;;) {
    Frame& top = stack[depth];
    if (top.next == top.n) {
      if (tarjan) open.Leave(top.key, top.mark, depth > 0 ? &stack[depth - 1].mark : nullptr);
      if (depth == 0) break;
      --depth;
      continue;
    }
    const Move move = top.moves[top.next];
    Key128 key = top.keys[top.next++];
    const bool won = solver.Wins(top.pos, move);
    ++nodes;

    if (max_nodes && nodes >= max_nodes) return stop(Verdict::kUnknown, "max-nodes");
    if ((nodes & 1023) == 0) {
      if (const char* limit = CallerLimit(limits, t0)) return stop(Verdict::kUnknown, limit);
      if (tarjan && open.size() > max_open) return stop(Verdict::kUnknown, "max-nodes");
    }

    if (won) {
      if (!probe) {
        Pos replay = start;
        for (size_t d = 0; d <= depth; ++d) solver.Expand(replay, stack[d].moves[stack[d].next - 1], *line);
      }
      return stop(Verdict::kSolved, "");
    }
    // TURN-UPS RETURNED (probes): the child is its returned position. The
    // child is made in its frame first, for its returned key.
    if (depth + 1 == stack.size()) stack.resize(stack.size() * 2);  // (`top` is not used below)
    const bool returned_up = probe && solver.TurnsUp(stack[depth].pos, move);
    if (returned_up) {
      stack[depth + 1].pos = stack[depth].pos;
      solver.Apply(stack[depth + 1].pos, move);
      key = solver.ReturnedKey(stack[depth + 1].pos);
    }
    // LOST NEIGHBOURS: a move the next move can undo, to a position known to
    // be lost, shows that the position it leaves is lost too (the lost one
    // reaches it): its other moves are left.
    auto lost_child = [&] {
      if (solver.Undoable(stack[depth].pos, move)) stack[depth].next = stack[depth].n;
    };
    // With cycles tracked, an open position (asked first: a full table may
    // have forgotten it) links the path to it; any other one in the table is
    // lost.
    if (tarjan && open.Link(key, stack[depth].mark)) continue;
    if (!table.Insert(key)) {  // entered before
      if (tarjan) lost_child();  // (and not open: proved lost)
      continue;
    }
    Frame& child = stack[depth + 1];
    if (returned_up) {
      child.pos = solver.Returned(child.pos);
    } else {
      child.pos = stack[depth].pos;
      solver.Apply(child.pos, move);
    }
    child.key = key;
    // Ask the memory for what is looked up after the dead test (the
    // relaxation's key, the dominating keys): the test hides the misses.
    const Key128 draw1_key = relaxation ? solver.Draw1Key(key) : key;
    if (relaxation) relaxation->lost.Prefetch(draw1_key);
    const bool returned = relaxation && relaxation->probes;  // TALON RETURNED
    const Key128 returned_key = returned ? relaxation->solver.ReturnedKey(child.pos) : key;
    if (returned) relaxation->lost.Prefetch(returned_key);
    const int nx = solver.DominatingKeys(child.pos, key, table, xs);
    // (ALIVE AFTER compares the child with its parent: not after a return.)
    if (solver.DeadAfter(child.pos, move, stack[depth].pos, stack[depth].alive && !returned_up, &child.alive) ||
        (relaxation && relaxation->lost.Contains(draw1_key))) {
      lost_child();
      continue;
    }
    // A talon move's child has its parent's returned position (the card
    // played is returned first, then all the parent's): that one is on the
    // path or would have cut the parent, and no talon card comes back to
    // enter it later. So only the other moves are asked (the same search:
    // deal 832's positions are the same).
    // (A child returned already is its own returned position.)
    if (probe && !returned_up && move.kind != kTalonF && move.kind != kTalonT) {
      // In a search that keeps lost positions without cycles, a position in
      // the table and not on the path is lost (the probes run only so).
      const Key128 back = solver.ReturnedKey(child.pos);
      if (!(back == key) && table.Contains(back)) {
        bool on_path = false;
        for (size_t d = 0; d <= depth && !on_path; ++d) on_path = stack[d].key == back;
        if (!on_path) {
          lost_child();
          continue;
        }
      }
    }
    if (returned && ReturnedLost(*relaxation, solver, child.pos, returned_key, limits, t0)) {
      lost_child();
      continue;
    }
    // The children's keys are asked of the memory here, so that the
    // dominance test and the open set's bookkeeping hide the misses of their
    // probes (a dominated child wastes its moves: measured faster still).
    GenerateChildren(solver, table, child);
    Key128 by;
    if (Solver::Dominated(xs, nx, table, by)) {
      if (tarjan && open.IsOpen(by)) {
        open.Defer(child.key, by, stack[depth].mark);  // lost if `by` is
      } else if (tarjan) {
        lost_child();  // `by` is proved lost, so the child is
      }
      continue;
    }
    if (!tarjan && table.overwrites() > 0) {
      // The table forgets: make sure the child is not on the current path.
      bool on_path = false;
      for (size_t d = 0; d <= depth && !on_path; ++d) on_path = stack[d].key == child.key;
      if (on_path) continue;
    }
    if (tarjan) child.mark = open.Enter(child.key, nodes);
    ++depth;
  }
  return stop(Verdict::kUnsolvable, "");
}

// TALON RETURNED (see there): whether the position `pos` of the draw-3
// search is lost because its returned position is lost with draw 1: known
// so, or so proved by a probe now. A returned position is probed when first
// met, with the first budget, and again with twice the budget of the last
// probe each time it has been met kProbeAgain more times since, until a
// probe decides it (a draw-1 win: never again). The probes keep their lost
// positions in the relaxation's table. At most kMaxProbed positions are
// followed (a bound on the map's memory, 24 bytes a slot, at most half
// full: 12 MiB); others are only looked up.
bool ReturnedLost(Relaxation& rx, const Solver& solver, const Pos& pos, Key128 key, const SearchLimits& limits,
                  std::chrono::steady_clock::time_point t0) {
  constexpr uint64_t kProbeAgain = 300;
  constexpr uint64_t kTrial = 256, kWonPerLost = 16;
  constexpr size_t kMaxProbed = size_t{1} << 18;
  constexpr uint64_t kWon = uint64_t{1} << 63;  // the state: won, or the last budget's doubling count and the
  constexpr int kShift = 32;                    // meetings since (hits | doublings << kShift)
  if (rx.lost.Contains(key)) return true;
  uint64_t doublings = 0;
  if (const uint64_t* state = rx.probed.Find(key)) {
    if (*state & kWon) return false;
    const uint64_t hits = (*state & ((uint64_t{1} << kShift) - 1)) + 1;
    doublings = *state >> kShift;
    if (hits < kProbeAgain) {
      rx.probed.Set(key, doublings << kShift | hits);
      return false;
    }
    ++doublings;
  } else if (rx.probed.size() >= kMaxProbed) {
    return false;
  }
  if (rx.probe_stack.empty()) rx.probe_stack.resize(64);
  const Pos back = solver.Returned(pos);
  const PhaseOutcome o = RunPhase(rx.solver, back, limits, rx.first_probe << std::min<uint64_t>(doublings, 30), t0,
                                  rx.probe_stack, rx.lost, TableUse::kKeepAcyclic, nullptr, nullptr,
                                  /*probe=*/true);
  rx.probe_nodes += o.nodes;
  rx.probed.Set(key, o.verdict == Verdict::kSolved ? kWon : doublings << kShift);
  rx.probes_lost += o.verdict == Verdict::kUnsolvable;
  rx.probes_won += o.verdict == Verdict::kSolved;
  // Where nearly every returned position is won with draw 1 the probes
  // only cost: after kTrial probes, they stop once the wins outnumber the
  // losses kWonPerLost times.
  if (rx.probes_lost + rx.probes_won >= kTrial && rx.probes_won > kWonPerLost * (rx.probes_lost + 1))
    rx.probes = false;
  return o.verdict == Verdict::kUnsolvable;
}


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

// RESTARTS. A depth-first search that takes a wrong turn early can spend
// millions of positions in a subtree without a win, while another order of
// the same moves wins at once (search times are heavy-tailed). So the pruned
// search runs in phases: phase i is a complete search with the move order
// perturbed by seed i (phase 0 unperturbed) and a budget of kFirstBudget * 2^i
// positions; with a node limit B, such restart phases run while their budget
// is at most B/8 (so they use less than B/4 in all), and the last phase, again
// unperturbed, has the rest (more than B/2, or 3B/8 after the STREAMLINER's
// B/8, B/4 after the RELAXATION's B/8 as well) for a complete search of
// unsolvable deals. Between phase 0 and phase 1 (so that the many deals
// phase 0 decides pay nothing for them) BEAMs of widths 256, 1024 and 4096
// look for a win, each with at most 1000 positions per unit of width,
// all of them together with at most B/4 (passes unlimited only: with
// draw=1 passes=1, deals 1-1000 at 4 million positions, they won no deal
// the depth-first search did not and doubled the time of the range).
// Every phase is complete, so a phase
// that ends without reaching its budget gives the exact verdict.
// Deterministic for a given max_nodes, and MONOTONE in it: with B' >= 3B the
// beams are the same ones with budgets as large or larger (a beam with more
// budget does the same work first, so it meets the same win), the restart
// phases are the same ones and more, the STREAMLINER (below) is the same
// search with more budget, and the last phase (the same unperturbed search)
// gets more than 3B'/8 >= B positions, at least what it had with B; so a
// deal decided with B is decided with B' (with the same verdict, as both
// are sound; for draw >= 2, with the RELAXATION, B' >= 4B: see there).
// (Without max_nodes, the beams have their 1000 positions per unit of
// width, and restart phases go on until a time or memory limit, with
// RELAXATION SLICES between them, or once the SECOND STREAMLINER.)
//
// LOST POSITIONS KEPT. Every phase but the first starts from the table the
// earlier ones left, which holds only positions proved lost, and skips them
// (they are in the table); a phase stopped by its budget leaves only lost
// positions in it. Nothing of a win is skipped: a skipped position is lost.
//   Without cycles (runs=whole, worry=false: Acyclic()): every move raises
// (cards built, -talon cards, -face-down cards, -piles holding cards) in
// lexicographic order. A build raises the first; a talon move lowers the
// talon (building at most); a run move (runs=whole: the whole face-up run)
// turns a card up, or else empties its pile onto another pile's top (a King
// alone on its pile never goes to a space, see FILTERS); nothing comes back
// from a foundation, and the pruned search has no draws or redeals. So a
// position entered and left without a win is lost: each of its children was
// won-tested and searched to the end, or dead, or dominated by a position in
// the table (never one on the path: equal in the four counts, so neither
// reaches the other) and so lost, or in the table, so entered earlier and
// left (no cycle) without a win, or kept from an earlier phase: lost, by
// induction on the order of leaving. A stopped phase forgets the positions
// on its path; the rest of the table is lost.
//   With cycles (runs=any or worry=true): a position left without a win may
// only have been cut off by a move back to a position on the path. The
// phase tracks strongly connected parts (Tarjan; core/open_positions.h): a
// position whose moves lead back no higher than itself closes a part; every
// move from the part leads into it or to a lost, dead or kept position, or
// (dominance) the part's position is lost if a position in it or a lost one
// is; no position of the part is a win; so by the shortest-win induction of
// POINTER DOMINANCE (a winnable position of the part with the shortest win
// would have a kept first move leading to a win, or into the part with a
// shorter win, or to a lost position) the part is lost. A stopped phase
// forgets the positions still open (on the path, or left in a part whose
// root is on the path). The open set is kept under an eighth of
// --max-memory (about 80 bytes a position); a phase that would exceed it
// stops early, which only ends its restart sooner.
//   The last phase (no later phase to use its table) skips this
// bookkeeping. MONOTONE still: a budget B' >= 3B runs the same phases as B
// and more, leaving a superset of lost positions to the unperturbed last
// phase; a search skipping more lost positions meets the same first win in
// the same order (lost positions never lead to one) after no more
// positions, or ends after no more. (A table that forgets positions only
// skips less.)
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
// RELAXATION (draw >= 2, session 10). Every line of draw 3 is a line of
// draw 1 with the same passes, runs and worry: a draw of three cards is
// three draws of one (or fewer at the end of the stock), which leave the
// same waste and stock; a redeal finds the stock empty at the same points,
// after the same cards left the waste in the pass and with the same
// redeals made; every other move is the same. So a position (its cards
// where they lie, the pointer, the redeals, the pass flag: the same Pos)
// lost with draw 1 is lost with draw 3. After the streamliner, one
// depth-first phase of this solver with draw=1 (unperturbed, a cap of B/8,
// 15 million without a node limit, its own table of a quarter of
// --max-memory, the main table keeping the rest) searches the deal: lost
// decides the deal lost; a win says nothing (its line is dropped). Run
// as a phase that keeps lost positions (kKeepAcyclic or kKeepTarjan, and
// a win also forgets its open positions), it leaves in its table only
// positions proved lost with draw 1, and every later phase skips a child
// whose draw-1 key (the same Pos under the draw-1 rules' KeyOf) is in it,
// as it skips a dead one: it is lost. Why: on the deals of 1-1000 that the
// seed's rules left undecided or took long over, the draw-1 search proved
// most of them lost in a fraction of the positions (deal 634: 13.9 million
// positions, not decided by the draw-3 search in 64 million), though not
// all (deal 544: 36.6 million against 8.3; the skipped positions then cut
// the draw-3 search to about 5.5 million; session 22 tried a first run of
// 30 million without a node limit: 544 is then decided within 10 s, but
// 1475 and 1691 no longer are). MONOTONE now for B' >= 4B: the
// relaxation with B'/8 runs the same search further, so it decides what it
// decided with B/8 and leaves a superset of lost positions (a table that
// forgets positions aside, as above), and the last phase gets more than
// B' - B'/4 - B'/4 - B'/8 - B'/8 = B'/4 >= B positions.
// RELAXATION SLICES (session 14; only without a node limit). The draw-1
// search runs about twice as many positions a second as the draw-3 one and
// decides some deals the draw-3 search cannot within a time limit (defaults
// 737: lost after 21.3 million draw-1 positions, 6.2 s, where the draw-3
// search needs 64 million). So while it has found no win, after each
// restart phase of budget b >= kSliceFrom it goes on for 4b positions, as
// another phase that keeps lost positions: it starts from those it proved
// lost, so going on costs little more than its path. With the seed's rules
// (no cycles; session 23) for 2b positions: a draw-1 position costs about
// half a draw-3 one, so the two searches then get about the same time. Deal
// 270 (defaults), whose draw-1 game is not decided in 95 million positions
// and whose draw-3 proof takes 10 million, is then lost at 8.6 s instead of
// 11.2; 737, decided by the slices, takes 7.0 s instead of 6.8; deals
// 1-3000 give the same verdicts otherwise. With runs=any or worry, 4b
// still: 2b gave the same verdicts on deals 1-1000, one hard deal sooner
// (544, 7.9 s instead of 9.3) and one later (634, which a slice decides:
// 9.3 s instead of 8.2).
// TALON RETURNED (session 24; the seed's runs=whole worry=false, draw >= 2,
// passes unlimited, only without a node limit, once the RELAXATION has found
// draw 1 won from the start, so that no slice runs). Let P be a position and
// R its returned position (Solver::Returned): every card that came from the
// talon and lies where the draw-1 game could play it back from the talon (a
// pile's top on a face-up card, a King alone in a space, a foundation's
// top), taken back into the talon, again and again, the talon in its
// starting order, the pointer at 0, no card played in the pass. R reaches P
// by moves of the draw-1 game: with the pointer at 0 (and, once a card is
// played, a redeal allowed) every talon card can be drawn up, and the cards
// taken go back the last first, each onto the card it lay on (the top again
// by then; a face-up card above a run's base fits the card under it), a
// King into the space, a foundation card onto its foundation (which holds
// its rank less one again); that is P but for the pointer and the pass
// flag, and with draw 1 and passes unlimited the pointer of a position with
// a redeal allowed reads as any other (the RELAXATION's Draw1Key), while
// P's own pass flag can only take options away. So if R is lost with draw
// 1, so is P, and by the RELAXATION a draw-3 P is lost with draw 3.
// Why: the positions of a deal share few returned positions (deal 832, the
// seed's rules: the draw-3 search's 33.4 million positions have 57 945),
// and most of them are lost with draw 1 even where the draw-1 game from the
// start is won (88% of a sample of 1668 of the draw-3 positions).
// The PROBES. Each child of the draw-3 search (not dead, not skipped
// already) has its returned position looked up in the relaxation's table;
// if it is not there it may be probed (ReturnedLost): a depth-first search
// of the draw-1 game from it in that table, keeping lost positions, with
// 20000 positions the first time (the restarts' first budget), then with
// twice the last budget each time it has been met 300 more times, until
// decided (a draw-1 win: never again). A probe that finds it lost makes the
// child lost. Inside a probe, a child whose returned position is in the
// table and not on the probe's path is lost: the table holds lost positions
// and the probe's path (the child itself, entered, is its own returned
// position only if nothing changes, which is not asked). After 256 probes
// they stop for good once the draw-1 wins outnumber the losses sixteen
// times (four until session 28; deal 689, 256 wins in its first 256
// probes: without the stop it took 13.0 s instead of 6.6). Deal 832 (the
// seed's rules) is lost in 18 to 20 s instead of 48; 1087, 1141 and 1213,
// undecided at 10 s before, in about 3 s (docs/rules/klondike.md,
// Measurements, Session 24). Tests: ReturnedTalonPlaysBackToThePosition
// (random lines of three rule sets: every returned position played back to
// its position by the game's own moves; with limited passes it fails, as it
// should: playing the cards back can take more redeals than are left), the
// agreement tests without a node limit, and
// ReturnedTalonProbesKeepDeals137And229Won.
// TURN-UPS RETURNED (session 28; inside the probes). A probe's child
// reached by a move that turns a card up (Solver::TurnsUp) is replaced by
// its returned position R. SOUND: the probes search the draw-1 game with
// passes unlimited, where R wins whenever the child does (TALON RETURNED:
// R reaches it), so R lost makes the child lost. The probe's graph, with
// those edges redirected, has no cycle: no move turns a card face down,
// and R has the child's face-down cards, so a redirected edge lowers the
// number of face-down cards, and every other edge keeps it and raises
// (cards built, -talon cards, -piles holding cards) as in LOST POSITIONS
// KEPT (a move that keeps the face-down cards raises the rest of that
// order). So LOST POSITIONS KEPT's induction holds as before: a position
// left without a win has every child lost (searched, dead, in the table, or
// redirected to a lost R), and the pruned move list of a winnable position
// keeps a move to a winnable child (FILTERS, SAFE MOVES: properties of the
// position alone), whose R is winnable too. A "win" met inside a probe may
// be no win of the game (R is not reached from the child); it only means
// "not proved lost", which is all a probe's win ever said, and its line is
// not made. Returning a child's cards at every move would be unsound (a
// talon card laid for the next move would go straight back: the win
// through it would be cut off); CheckReturnedProbes catches that variant.
// Why: a probe's positions are mostly one tableau with different talon
// cards laid on it, and a turn-up is where those lines meet again: deal 832
// takes 40.3 million positions instead of 53.1 (docs/rules/klondike.md).
// The stop rule moved from four to sixteen with it: R is won more often,
// and 832's first 256 probes counted 209 wins against 47 losses.
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
// instead of 6, a lost deal keeps about 1 s more for its proof.)
namespace {

// What the win-finders run after phase 0 came to: a win (its line written),
// a caller's limit that stopped them ("interrupted", "max-seconds"), or
// neither (their budget spent, or nothing left to try).
struct FinderOutcome {
  bool won = false;
  std::string limit;  // the caller's limit, or empty
  uint64_t nodes = 0;
};

// The BEAMs (RESTARTS): widths 256 to 4096, each with at most 1000
// positions per unit of width, all together with at most B/4.
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

SolveResult Solve(const Deal& deal, const SearchLimits& limits, bool prune, uint64_t first_phase_nodes,
                  bool streamline);

// A STREAMLINER: this solver on `runs=whole` and the given worry (false: the
// seed's rules; true: the SECOND STREAMLINER's game, searched without a
// streamliner of its own) with `max_nodes` positions and what is left of the
// caller's time.
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

}  // namespace

SolveResult SolveKlondike(const Deal& deal, const SearchLimits& limits, bool prune,
                          uint64_t first_phase_nodes) {
  return Solve(deal, limits, prune, first_phase_nodes, /*streamline=*/true);
}

namespace {

// SolveKlondike; `streamline` false leaves out the streamliners (the
// SECOND STREAMLINER's own search).
SolveResult Solve(const Deal& deal, const SearchLimits& limits, bool prune, uint64_t first_phase_nodes,
                  bool streamline) {
  const uint64_t kFirstBudget = std::max<uint64_t>(first_phase_nodes, 1);
  // With max_nodes = B, restart phases run while their budget is at most
  // B/8 (together less than B/4), the beams get at most B/4, the
  // STREAMLINER (runs=any or worry=true) B/8, the RELAXATION (draw >= 2)
  // B/8, and the last phase the rest (more than B/4).
  constexpr uint64_t kRestartShare = 8;
  constexpr uint64_t kRelaxShare = 8;
  // (The tests scale these down with first_phase_nodes.)
  const uint64_t kRelaxNodes = 750 * kFirstBudget;  // 15 million by default
  const uint64_t kSliceFrom = 64 * kFirstBudget;    // RELAXATION SLICES: 1.28 million
  constexpr size_t kRelaxMemoryShare = 4;
  constexpr uint64_t kStreamShare = 8;
  constexpr uint64_t kStreamNodes = 6000000;
  const uint64_t kSecondStreamNodes = 150 * kFirstBudget;  // SECOND STREAMLINER: 3 million
  const auto t0 = std::chrono::steady_clock::now();
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  Solver solver(rules, prune);
  const uint64_t kSliceFactor = solver.Acyclic() ? 2 : 4;  // RELAXATION SLICES
  SolveResult result;
  const Pos start = solver.Start(deal);
  auto finish = [&](Verdict v, const std::string& limit, size_t bytes) {
    result.verdict = v;
    result.stats.limit = limit;
    result.stats.table_bytes = bytes;
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
  };
  if (solver.Won(start)) return finish(Verdict::kSolved, "", 0);
  if (prune && solver.Dead(start)) return finish(Verdict::kUnsolvable, "", 0);

  // Frames are reused level by level; the stack only grows when the search
  // goes deeper than before, so no node allocates.
  std::vector<Frame> stack(64);
  // The RELAXATION's table takes a quarter of --max-memory, the main one the
  // rest (with the default 2 GiB both limits give the main table the same
  // largest size, 1 GiB: it grows while its old and new arrays fit).
  const bool relaxes = prune && rules.draw >= 2;
  const size_t relax_memory = std::max<size_t>(limits.max_memory / kRelaxMemoryShare, 1024);
  SearchLimits main_limits = limits;
  if (relaxes) main_limits.max_memory = std::max<size_t>(limits.max_memory - relax_memory, 1024);
  TranspositionTable table(main_limits.max_memory);
  table.set_deadline(Deadline(limits, t0));
  uint64_t used = 0, budget = kFirstBudget;
  // The SECOND STREAMLINER is for this rule set and these limits (it then
  // takes the first one's place); it has run.
  const bool has_second = streamline && !limits.max_nodes && relaxes && rules.any_run && rules.worry;
  bool second_tried = false;
  std::unique_ptr<Relaxation> relaxation;  // made when it runs; asked from then on
  // One phase of the RELAXATION with `cap` positions (the first makes it).
  // Returns the result if it ends the search.
  auto relax = [&](uint64_t cap, size_t table_bytes) -> std::optional<SolveResult> {
    if (!relaxation) {
      KlondikeRules draw1 = rules;
      draw1.draw = 1;
      relaxation = std::make_unique<Relaxation>(draw1, relax_memory);
      relaxation->lost.set_deadline(Deadline(limits, t0));
    }
    Solver& relaxed = relaxation->solver;
    std::vector<MoveSpec> unused;  // (a win of draw 1 is no win here)
    const PhaseOutcome r =
        RunPhase(relaxed, relaxed.Start(deal), limits, cap, t0, stack, relaxation->lost,
                 relaxed.Acyclic() ? TableUse::kKeepAcyclic : TableUse::kKeepTarjan, &unused);
    used += r.nodes;
    result.stats.nodes = used;
    relaxation->won = r.verdict == Verdict::kSolved;
    // TALON RETURNED: once draw 1 is won (no slice runs), without a node
    // limit, with the seed's rules (no cycles) and passes unlimited.
    relaxation->probes = relaxation->won && !limits.max_nodes && solver.Acyclic() && rules.passes == 0;
    relaxation->first_probe = kFirstBudget;
    if (r.verdict == Verdict::kUnsolvable) return finish(Verdict::kUnsolvable, "", table_bytes);
    if (r.verdict == Verdict::kUnknown && std::string(r.limit) != "max-nodes")
      return finish(Verdict::kUnknown, r.limit, table_bytes);
    return std::nullopt;
  };
  for (uint64_t phase = 0;; ++phase, budget *= 2) {
    uint64_t cap = 0;  // 0: no budget but the caller's
    if (limits.max_nodes) cap = limits.max_nodes - used;
    const bool last = !prune || (limits.max_nodes && budget * kRestartShare > limits.max_nodes);
    if (!last) cap = budget;
    solver.set_seed(phase == 0 || last ? 0 : Mix(phase * 0x9E3779B97F4A7C15ULL));
    // LOST POSITIONS KEPT: every phase but the first starts from the lost
    // positions the earlier ones left; every phase but the last leaves only
    // lost positions.
    TableUse use = phase == 0 ? TableUse::kFresh : TableUse::kKeep;
    if (!last && prune) {
      use = solver.Acyclic() ? TableUse::kKeepAcyclic : TableUse::kKeepTarjan;
    }
    PhaseOutcome o = RunPhase(solver, start, main_limits, cap, t0, stack, table, use, &result.moves,
                              relaxation.get());
    used += o.nodes;
    if (relaxation) used += std::exchange(relaxation->probe_nodes, 0);  // TALON RETURNED
    result.stats.nodes = used;
    if (o.verdict != Verdict::kUnknown || last || std::string(o.limit) != "max-nodes")
      return finish(o.verdict, o.limit, o.table_bytes);
    if (phase == 0) {
      // The win-finders (RESTARTS): the beams (passes unlimited), then the
      // streamliner (where no SECOND STREAMLINER takes its place).
      FinderOutcome f;
      if (rules.passes == 0) f = RunBeams(solver, start, limits, t0, result.moves);
      if (!f.won && f.limit.empty() && streamline && (rules.any_run || rules.worry) && !has_second) {
        const uint64_t stream_cap = limits.max_nodes ? limits.max_nodes / kStreamShare : kStreamNodes;
        const FinderOutcome narrow =
            RunStreamliner(deal, limits, t0, first_phase_nodes, /*worry=*/false, stream_cap, result.moves);
        f = {narrow.won, narrow.limit, f.nodes + narrow.nodes};
      }
      used += f.nodes;
      result.stats.nodes = used;
      if (f.won) return finish(Verdict::kSolved, "", o.table_bytes);
      if (!f.limit.empty()) return finish(Verdict::kUnknown, f.limit, o.table_bytes);
      // The RELAXATION (draw >= 2): draw 1 on the same deal. Its "lost"
      // decides; otherwise the positions it proved lost stay for the
      // phases below to skip.
      const uint64_t relax_cap = limits.max_nodes ? limits.max_nodes / kRelaxShare : kRelaxNodes;
      if (relaxes && relax_cap > 0)  // (a cap of 0 would read as "no limit")
        if (auto ended = relax(relax_cap, o.table_bytes)) return *ended;
    } else if (relaxation && !relaxation->won && !limits.max_nodes && budget >= kSliceFrom) {
      if (auto ended = relax(budget * kSliceFactor, o.table_bytes)) return *ended;  // RELAXATION SLICES
    } else if (has_second && relaxation && relaxation->won && budget >= kSliceFrom && !second_tried) {
      second_tried = true;  // the SECOND STREAMLINER
      const FinderOutcome narrow =
          RunStreamliner(deal, limits, t0, first_phase_nodes, /*worry=*/true, kSecondStreamNodes, result.moves);
      used += narrow.nodes;
      result.stats.nodes = used;
      if (narrow.won) return finish(Verdict::kSolved, "", o.table_bytes);
      if (!narrow.limit.empty()) return finish(Verdict::kUnknown, narrow.limit, o.table_bytes);
    }
  }
}

}  // namespace

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
  const bool relaxes = prune && rules.draw >= 2;  // the RELAXATION's key too
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
    // TurnsUp says which moves turn a card up (TURN-UPS RETURNED).
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
