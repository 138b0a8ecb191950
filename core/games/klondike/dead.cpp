// The Klondike solver's dead test: Dead, and StaysAlive (when it may be skipped).
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
#include <algorithm>
#include <array>

#include "core/games/klondike/solver_impl.h"

namespace talon::klondike {

namespace {

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

  // Card c is the top of a tableau pile.
static bool IsTop(const Pos& s, uint8_t c) {
  for (int i = 0; i < kPiles; ++i)
    if (s.len[i] > 0 && s.pile[i][s.len[i] - 1] == c) return true;
  return false;
}

}  // namespace

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

// ALIVE AFTER: with a redeal left, move m took the position `parent`,
// where Dead() is false, to s, where it is then false too.
bool Solver::StaysAlive(const Pos& s, Move m, const Pos& parent) const {
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

}  // namespace talon::klondike
