// Klondike solver internals: class Solver, one rule set's moves, keys and
// tests on positions (docs/solvers/klondike.md). The members the search calls
// per position are inline here or in safe_moves.h; the rest are defined in
// moves.cpp, keys.cpp, dead.cpp and relaxation.cpp.
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

// The moves, keys and tests of one rule set: the pruned search's (prune) or
// the plain search's. REQUIRES: Start() before any other member that reads
// the talon (it records the starting talon's order).
class Solver {
 public:
  Solver(const KlondikeRules& rules, bool prune) : r_(rules), prune_(prune) {}
  // Perturbs the move order by `seed` (0: none; restart phases).
  void set_seed(uint64_t seed) { seed_ = seed; }

  // The deal's position, with `counters`. REQUIRES: CheckDeal(deal).ok().
  Pos Start(const Deal& deal, KlondikeCounters counters = {});
  // Returns true only if card c, playable to its foundation, may go up
  // without branching (Safe, below).
  bool SafeToFoundation(const Pos& s, uint8_t c) const { return Safe(s, c); }
  // s's returned position: the cards from the talon that the draw-1 game
  // could play back, put back, pointer 0, no card played in the pass
  // (docs/solvers/klondike.md#talon-returned). `returned` (may be null) gets
  // them in the order taken, each with its pile (-1: its foundation).
  Pos Returned(const Pos& s, std::vector<std::pair<uint8_t, int>>* returned = nullptr) const;
  // KeyOf(Returned(s)), without making the position.
  Key128 ReturnedKey(const Pos& s) const { return KeyFrom(ReturnedParts(s)); }
  // All 52 cards are built.
  bool Won(const Pos& s) const { return s.found[0] + s.found[1] + s.found[2] + s.found[3] == 52; }
  // Won(s after m): only a card built can complete the foundations.
  bool Wins(const Pos& s, Move m) const {
    return (m.kind == kTabF || m.kind == kTalonF) && s.found[0] + s.found[1] + s.found[2] + s.found[3] == 51;
  }
  // Writes s's moves to `out`, best first, and returns how many (at most
  // kMaxMoves). Pruned: one move if a safe move exists, else the filtered
  // list (docs/solvers/klondike.md#safe-moves, #filters).
  int Moves(const Pos& s, Move* out) const;
  // Plays m, one of Moves(s), on s.
  void Apply(Pos& s, Move m) const;
  // s's key: equal for positions equally winnable (docs/solvers/klondike.md#key).
  Key128 KeyOf(const Pos& s) const;
  // KeyOf(s after m), without making that position. Guarded by
  // ChildKeysAreTheKeysOfThePositionsReached.
  Key128 KeyAfter(const Pos& s, Move m) const;
  // From this solver's key of a position, the key the draw-1 rules give it
  // (the relaxation's lookup): only the pointer differs, read as 0 by draw 1
  // with unlimited passes once a redeal is allowed (pass flag set).
  Key128 Draw1Key(Key128 key) const {
    if (prune_ && r_.passes == 0 && (key.hi >> 49 & 1)) key.hi &= ~(uint64_t{31} << 24);
    return key;
  }
  // Returns true iff m is a tableau move that leaves a face-down card on top
  // of its pile, to be turned up.
  static bool TurnsUp(const Pos& s, Move m) {
    if (m.kind != kTabT && m.kind != kTabF) return false;
    const int left = m.kind == kTabT ? m.c : s.len[m.a] - 1;
    return left > 0 && s.down[m.a] == left;
  }
  // Returns true only if the very next move of the game can undo m from s
  // (docs/solvers/klondike.md#lost-neighbours); false without prune. Guarded
  // by UndoableMovesCanBeUndoneByTheNextMove.
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
  // Returns true only if s cannot be won (docs/solvers/klondike.md#the-dead-test).
  // Meant for the pruned search.
  bool Dead(const Pos& s) const;
  // Dead(s), asked only where move m (from `parent` to s) can have made it
  // true (docs/solvers/klondike.md#when-the-test-runs); false without prune.
  // `parent_alive`: Dead(parent) is known false. `alive` (may be null) is set
  // to whether Dead(s) is now known false.
  bool DeadAfter(const Pos& s, Move m, const Pos& parent, bool parent_alive = false,
                 bool* alive = nullptr) const {
    const bool locked = TalonLocked(s);
    // With no redeal left, only after a talon move that drew a card past (or
    // redealt); otherwise always.
    const bool tested = !locked || ((m.kind == kTalonF || m.kind == kTalonT) &&
                                     (s.redeals != parent.redeals || m.a > parent.p + 1));
    if (alive) *alive = false;
    if (!tested || !prune_) return false;
    const bool known_alive = parent_alive && !locked && StaysAlive(s, m, parent);  // alive after
    const bool dead = !known_alive && Dead(s);
    if (alive) *alive = !dead;
    return dead;
  }
  // Returns true only if, with a redeal left, Dead(parent) false implies
  // Dead(s) false for m from `parent` to s (docs/solvers/klondike.md#alive-after).
  // Guarded by TheDeadTestSkippedAfterAnAlivePositionWouldFindNothing.
  bool StaysAlive(const Pos& s, Move m, const Pos& parent) const;
  // Returns true iff no redeal is left, now or later (limited passes, all made).
  bool TalonLocked(const Pos& s) const { return r_.passes != 0 && s.redeals >= r_.passes - 1; }
  // Returns true iff the pruned move graph has no cycle (runs=whole, no worry).
  bool Acyclic() const { return prune_ && !r_.any_run && !r_.worry; }
  // Writes to xs the keys of the positions that dominate s (key: s's) and
  // prefetches their slots in `table`; returns how many (at most kMaxTalon).
  // docs/solvers/klondike.md#pointer-dominance.
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
  // Returns true iff one of the nx keys xs is in `table`; the first found goes
  // to `by`.
  static bool Dominated(const Key128* xs, int nx, const TranspositionTable& table, Key128& by) {
    for (int i = 0; i < nx; ++i) {
      if (table.Contains(xs[i])) {
        by = xs[i];
        return true;
      }
    }
    return false;
  }
  // Appends m as the game's moves (draws and redeal first) to `out`, and
  // applies it to s.
  void Expand(Pos& s, Move m, std::vector<MoveSpec>& out) const;

 private:
  // The card of the same rank and colour as `c`, of the other suit.
  static uint8_t Twin(uint8_t c) { return static_cast<uint8_t>(c ^ 3); }
  // Defined in safe_moves.h.
  bool Safe(const Pos& s, uint8_t c) const;
  bool TalonSafe(const Pos& s, int q) const;
  // Where the cards that the very next move could pick up are, computed once
  // per Moves call (so the filters cost O(1)).
  struct Reach {
    uint64_t movable = 0;  // face-up tableau cards that are the base of a movable run
    uint64_t talon = 0;    // talon cards some draws bring to the waste's top
    std::array<int8_t, 64> pile;  // for movable cards: the pile
    std::array<uint8_t, 64> index;  // and the index in it
  };
  void FillReach(const Pos& s, const uint8_t* qs, int nq, Reach& w) const;
  bool KingFor(const Pos& s, int emptied, const Reach& w) const;
  bool EitherAvailable(const Pos& s, uint8_t c, const Reach& w) const;
  // x / draw and x % draw (x >= 0), draw 3 a constant (a division by a
  // variable is slow).
  int DivDraw(int x) const { return r_.draw == 3 ? x / 3 : x / r_.draw; }
  int ModDraw(int x) const { return r_.draw == 3 ? x % 3 : x % r_.draw; }
  // Returns true iff s may redeal (after the stock runs out).
  bool CanRedeal(const Pos& s) const {
    return s.n > 0 && (r_.passes == 0 ? s.yield != 0 : s.redeals < r_.passes - 1);
  }
  // True iff pointer q is reached from s.p by draws alone (no redeal).
  bool OwnChain(const Pos& s, int q) const {
    if (q == s.p) return true;
    if (q < s.p) return false;
    return q == s.n || ModDraw(q - s.p) == 0;
  }
  // Writes to `out` the pointers (>= 1) whose waste top some draws (and at
  // most one redeal) bring up; returns how many (at most 2 * kMaxTalon + 2).
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
  // Pile i's share of the key is its raw hashes mixed, so that the sums over
  // the piles forget only their order. Unsum before changing pile i, Resum
  // after; Push, Cut and SetDown keep its raw hashes.
  static constexpr uint64_t kSaltB = 0x632BE59BD9B4E019ULL;
  static void Unsum(Pos& s, int i) {
    s.sa -= Mix64(s.ha[i]);
    s.sb -= Mix64(s.hb[i] + kSaltB);
  }
  static void Resum(Pos& s, int i) {
    s.sa += Mix64(s.ha[i]);
    s.sb += Mix64(s.hb[i] + kSaltB);
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

  // Writes m's effect outside the tableau piles (talon, pointer, redeals,
  // pass flag, foundations) to `k`, a Pos or KeyParts, from s before m.
  // `k` may be s itself: every field is read before it is written.
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
  // exact part (KeyFrom packs them).
  struct KeyParts {
    uint64_t sa, sb;
    uint32_t mask;
    uint8_t n, p, redeals, yield;
    std::array<uint8_t, 4> found;
  };
  Key128 KeyFrom(const KeyParts& k) const;
  KeyParts ReturnedParts(const Pos& s) const;  // KeyParts of Returned(s)
  template <class F>
  void ForEachReturn(const Pos& s, F&& f) const;  // relaxation.cpp
  // Pile i's mixed hashes change from (ha, hb) to (ha2, hb2).
  static void Rehash(KeyParts& k, uint64_t ha, uint64_t hb, uint64_t ha2, uint64_t hb2) {
    k.sa += Mix64(ha2) - Mix64(ha);
    k.sb += Mix64(hb2 + kSaltB) - Mix64(hb + kSaltB);
  }

  KlondikeRules r_;
  bool prune_;
  uint64_t seed_ = 0;
  std::array<uint8_t, 64> talon_index_{};  // starting talon position per code
  std::array<uint8_t, kMaxTalon> start_talon_{};  // the starting talon, in order
};

}  // namespace talon::klondike
