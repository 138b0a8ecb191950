// The Klondike solver's dead test (Dead: blocked cards, talon stacks, riders,
// never-a-top claims) and when it may be skipped (StaysAlive). The proofs:
// docs/solvers/klondike.md#the-dead-test.
#include <algorithm>
#include <array>

#include "core/games/klondike/solver_impl.h"

namespace talon::klondike {

namespace {

// Returns the cards both of whose hosts (rank + 1, the other colour) are in
// `nt`: a black card's hosts are the diamond and the heart one rank higher, a
// red card's the club and the spade. (A King's would be of rank 14.)
inline uint64_t HostsIn(uint64_t nt) {
  const uint64_t red = nt & (nt >> 1) & SuitCards(kDiamonds) & kAllCards;  // ♦ and ♥ of a rank
  const uint64_t black = nt & (nt >> 3) & SuitCards(kClubs) & kAllCards;   // ♣ and ♠ of a rank
  const uint64_t r = red >> 4, b = black >> 4;  // one rank lower: the cards they host
  return ((r >> 1) | (r << 2) | (b << 1) | (b << 2)) & kAllCards;
}
// Returns the cards with a card of their suit below them in `m`.
inline uint64_t AboveIn(uint64_t m) {
  uint64_t out = 0;
  for (int suit = 0; suit < 4; ++suit) {
    const uint64_t x = m & SuitCards(suit);
    if (x) out |= SuitCards(suit) & ~((uint64_t{2} << __builtin_ctzll(x)) - 1);
  }
  return out;
}

// Returns true iff card c is the top of a tableau pile.
bool IsTop(const Pos& s, uint8_t c) {
  for (int i = 0; i < kPiles; ++i)
    if (s.len[i] > 0 && s.pile[i][s.len[i] - 1] == c) return true;
  return false;
}

}  // namespace

bool Solver::Dead(const Pos& s) const {
  // Blocked cards: the greatest set S of candidates (non-King tableau cards
  // face down or at the base of the face-up run, riders, and with no redeal
  // left the non-King talon cards) none of which has a way out given S and
  // the never-a-top claims.
  // Every tableau pile and every talon segment is a "pile" here: `upto`
  // holds the cards of a card's pile from the bottom up to it (tableau
  // cards, and talon cards with no redeal left), so the cards blocked by S
  // are the union of upto[c] over the cards c of S.
  std::array<uint64_t, 64> upto;
  uint64_t cand = 0;
  // Riders (runs=whole): a face-up card above its run's base leaves its pile
  // only to its foundation or with the whole run, i.e. with the base. (Used
  // only with no redeal left; sound everywhere.)
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
  // Talon stacks: with no redeal left, the talon is a set of stacks too: a
  // segment ends at each uncovered card, a card lies under the cards above
  // it in its segment, and every non-King talon card is a candidate. With a
  // redeal left talon cards are no candidates (the never-a-top claims say
  // all there is to say of them), so they need no place here.
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
  // Never a top: a talon card (no King) both of whose hosts never become
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
  // Per sweep: the blocked cards (in S or under a card of S), and the
  // covered ones: tableau cards that never become tops (pinned below). A
  // card is barred (cannot go to its foundation) if a card of its suit below
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
  // Pinned: a face-up card y above its run's base that never leaves the
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

bool Solver::StaysAlive(const Pos& s, Move m, const Pos& parent) const {
  if (m.kind == kFoundT) return true;  // a card brought back pins nothing
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
