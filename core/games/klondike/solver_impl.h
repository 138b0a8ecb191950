// Klondike solver internals: class Solver, one rule set's moves, keys and
// tests on positions.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/games/klondike/position.h"
#include "core/games/klondike/solver.h"
#include "core/position_key.h"
#include "core/transposition_table.h"

namespace talon::klondike {

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
  bool StaysAlive(const Pos& s, Move m, const Pos& parent) const;
  // No redeal is left, now or later (limited passes, all redeals made).
  bool TalonLocked(const Pos& s) const { return r_.passes != 0 && s.redeals >= r_.passes - 1; }
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
  // Card c (rank r) may go to its foundation without branching (SAFE MOVES).
  bool Safe(const Pos& s, uint8_t c) const;
  // Whether the talon card at pointer q (reachable) may go to its
  // foundation without branching when Safe (FROM THE TALON, at the top).
  bool TalonSafe(const Pos& s, int q) const;
  // Where the cards that the very next move could pick up are, computed once
  // per Moves call (so the filters below cost O(1)).
  struct Reach {
    uint64_t movable = 0;  // face-up tableau cards that are the base of a movable run
    uint64_t talon = 0;    // talon cards some draws bring to the waste's top
    std::array<int8_t, 64> pile;  // for movable cards: the pile
    std::array<uint8_t, 64> index;  // and the index in it
  };
  void FillReach(const Pos& s, const uint8_t* qs, int nq, Reach& w) const;
  // a King that is the base of a movable run with cards under it, or one
  // reachable in the talon, or (worry) on top of a foundation.
  bool KingFor(const Pos& s, int emptied, const Reach& w) const;
  // Whether card `c` or its twin (the same rank and colour: either can
  // lie where the other can) could be moved by the very next move, as the
  // base of a movable run, from the talon, or back from its foundation.
  bool EitherAvailable(const Pos& s, uint8_t c, const Reach& w) const;
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

}  // namespace talon::klondike
