// The Klondike solver's keys: KeyOf, KeyFrom (the packing) and KeyAfter (a
// child's key from its parent and the move). docs/solvers/klondike.md#key.
#include "core/games/klondike/solver_impl.h"

namespace talon::klondike {

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
  return {Mix64(k.sa), exact | (Mix64(k.sb) << 50)};
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

}  // namespace talon::klondike
