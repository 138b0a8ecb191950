// The "pairs to fourteen" games' solver: the Rules of core/search.h over
// pile heights, with the class-projection dead test (F2), the safe move
// (F3), stubborn sets (F4) and glued pairs (F5). Proofs:
// docs/solvers/adding-games.md.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "core/deal.h"
#include "core/games/fourteens/layout.h"
#include "core/position_key.h"

namespace talon::fourteens {

inline constexpr int kClasses = 7;

// {A,K}=0 {2,Q}=1 {3,J}=2 {4,T}=3 {5,9}=4 {6,8}=5 {7}=6 (F1).
constexpr int ClassOf(int rank) { return rank <= 7 ? rank - 1 : 13 - rank; }
// ClassOf as a table, for the solver's inner loop (index 0 unused).
inline constexpr std::array<uint8_t, 14> kClassOfRank{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1, 0};

// The Rules of core/search.h for a layout of N piles of at most H cards.
// The cards live here (dealt once per deal); a Position is the pile heights
// and facts derived from them that Apply keeps up to date.
template <int N, int H>
class Solver {
 public:
  static_assert(N <= kMaxPiles && H <= 15 && N * 4 <= 128);
  static constexpr int kNone = kClasses;  // Position::last before any move
  static constexpr uint32_t kMemo = 256;   // largest projection solved exactly

  using Mask = uint32_t;  // a set of piles, bit p for pile p
  // A Mask as a Position stores it: 16 bits suffice for one deck, and a
  // smaller Position is cheaper to copy.
  using PileSet = std::conditional_t<(N <= 16), uint16_t, uint32_t>;

  // The pile heights and what Apply keeps up to date from them, so that no
  // position has to be scanned pile by pile (Prepare fills in a start).
  struct Position {
    std::array<uint8_t, N> h;               // cards left in each pile
    std::array<uint8_t, kClasses> left;     // cards of each class left
    uint8_t last;                           // class of the move that led here, or kNone
    uint8_t open;                           // bit k: class k has cards, all on top (F3)
    std::array<uint8_t, kClasses> hidden;   // cards of class k below a top card
    std::array<uint8_t, 14> ntop;           // piles with rank r on top
    uint16_t ranks;                         // bit r: some pile has rank r on top
    // The state number of each class's projection, where it has at most
    // kMemo states (elsewhere unused: it may wrap).
    std::array<uint16_t, kClasses> idx;
    Key128 key;                             // HeightsKey(h)
    std::array<PileSet, 14> tops;           // piles with rank r on top
    std::array<PileSet, 14> buried;         // piles holding rank r below their top ([0]: unused)
    uint16_t lonely;                        // bit r (1-13): buried[14 - r] has at most one pile
  };
  struct Move {
    uint8_t a, b;  // pile indexes, a < b
    friend bool operator==(Move x, Move y) { return x.a == y.a && x.b == y.b; }
  };
  static constexpr int kMaxMoves = N * (N - 1) / 2;
  bool prune = true;
  // With prune: also cut moves to a stubborn set (F4). The tests check it
  // keeps every verdict.
  bool stubborn = true;
  // Move ordering only: 0 = taller piles first (and see Moves); other
  // values mix in a fixed pseudo-random order of their own (see Decide).
  uint32_t seed = 0;
  // Decide() restarts with growing budgets and other seeds (three decks).
  bool restarts = N > 12;

  // Deals `deck` (deck[0] first) in `layout`'s order into the card table
  // and sets the pile heights of `start`: the bare deal, nothing derived
  // (Prepare does that). Allocates nothing. REQUIRES: layout.piles == N,
  // sizes <= H, deck.size() == sum of sizes.
  void DealCards(const Layout& layout, std::span<const Card> deck, Position& start) {
    std::memset(size_, 0, sizeof size_);
    DealInOrder(layout, deck, [&](int p, Card c) { code_[p][size_[p]++] = c.code(); });
    std::memcpy(start.h.data(), size_, N);
  }
  // DealCards, then Prepare: ready to search. Allocates nothing.
  void Deal(const Layout& layout, std::span<const Card> deck, Position& start) {
    DealCards(layout, deck, start);
    Prepare(start);
  }
  // Loads piles listed bottom to top. REQUIRES: piles.size() == N, each <= H cards.
  void Load(const std::vector<Pile>& piles, Position& start) {
    assert(piles.size() == static_cast<size_t>(N));
    for (int p = 0; p < N; ++p) {
      const Pile& pile = piles[static_cast<size_t>(p)];
      assert(pile.size() <= static_cast<size_t>(H));
      size_[p] = static_cast<uint8_t>(pile.size());
      for (size_t i = 0; i < pile.size(); ++i) code_[p][i] = pile[i].code();
    }
    Prepare(start);
  }

  Card CardAt(int pile, int index) const { return Card::FromCode(code_[pile][index]); }
  Card TopOf(const Position& pos, int pile) const { return CardAt(pile, pos.h[pile] - 1); }

  bool Won(const Position& pos) const { return pos.key == Key128{}; }

  // Every legal pair, taller piles first; with prune one safe move (F3), or
  // the moves of one free top card (F4), or none when F4 proves `pos` dead.
  // Guarded by FourteensDeals.*Deals1To300 and FourteensDeals.StubbornSetsKeepEveryVerdict.
  int Moves(const Position& pos, Move* out) const {
    auto pair = [](int x, int y) {
      return x < y ? Move{static_cast<uint8_t>(x), static_cast<uint8_t>(y)}
                   : Move{static_cast<uint8_t>(y), static_cast<uint8_t>(x)};
    };
    const auto& tops = pos.tops;
    int n = 0;
    int score[kMaxMoves];
    auto add = [&](int x, int y) {
      const Move m = pair(x, y);
      // Taller piles first: keeps piles (and so choices) alive longer. A
      // non-zero seed mixes in a fixed pseudo-random order of its own, strong
      // enough to overrule small differences of height (see Decide).
      int s = pos.h[m.a] + pos.h[m.b];
      if (seed) s = s * 4 + static_cast<int>(TieBreak(m) & 63);
      int i = n++;
      while (i > 0 && score[i - 1] < s) {
        out[i] = out[i - 1];
        score[i] = score[i - 1];
        --i;
      }
      out[i] = m;
      score[i] = s;
    };
    if (prune) {
      if (SafeMove(pos, out)) return 1;
      if (stubborn) {
        // F4 with M a single pile p without links: no partner of p's top
        // lies below another pile's top. Keep the one with fewest moves.
        int best = -1, best_count = kMaxMoves + 1;
        // Only ranks whose partners lie below at most one pile's top can
        // have such a pile (`lonely`); the others are skipped unexamined.
        for (unsigned ranks = pos.ranks & pos.lonely; ranks && best_count > 1; ranks &= ranks - 1) {
          const int r = std::countr_zero(ranks);
          const int want = 14 - r;
          const Mask below = pos.buried[want];
          // Piles of tops[r] whose link set buried[want] - {p} is empty.
          // (`lonely`: below holds at most one pile.)
          const Mask free = below == 0 ? Mask{tops[r]} : tops[r] & below;
          if (!free) continue;
          const int count = pos.ntop[want] - (want == 7);
          if (count < best_count) {
            if (count == 0) return 0;  // T is empty: dead (F4)
            best_count = count;
            best = std::countr_zero(free);
          }
        }
        if (best >= 0) {
          const int want = 14 - rank_[best][pos.h[best] - 1];
          for (Mask y = tops[want] & ~(Mask{1} << best); y; y &= y - 1) add(best, std::countr_zero(y));
          return n;
        }
      }
    }
    for (int r = 1; r <= 6; ++r)
      for (Mask x = tops[r]; x; x &= x - 1)
        for (Mask y = tops[14 - r]; y; y &= y - 1) add(std::countr_zero(x), std::countr_zero(y));
    for (Mask x = tops[7]; x; x &= x - 1)
      for (Mask y = x & (x - 1); y; y &= y - 1) add(std::countr_zero(x), std::countr_zero(y));
    return n;
  }

  // F3: a class whose every card is on top has a safe move (the lowest
  // piles' cards), if it has a legal pair (a dealt deck always does: its
  // classes keep as many low cards as high ones). Returns true iff there is
  // one, written to *out.
  static bool SafeMove(const Position& pos, Move* out) {
    const auto& tops = pos.tops;
    for (unsigned open = pos.open; open; open &= open - 1) {
      const int k = std::countr_zero(open);
      const int lo = k + 1, hi = 13 - k;
      const Mask t = tops[lo];
      if (lo == 7 ? pos.ntop[7] < 2 : !pos.ntop[lo] || !pos.ntop[hi]) continue;
      const int x = std::countr_zero(t);
      const int y = std::countr_zero(lo == hi ? t & (t - 1) : Mask{tops[hi]});
      *out = x < y ? Move{static_cast<uint8_t>(x), static_cast<uint8_t>(y)}
                   : Move{static_cast<uint8_t>(y), static_cast<uint8_t>(x)};
      return true;
    }
    return false;
  }

  uint32_t TieBreak(Move m) const {
    uint32_t x = seed * 0x9E3779B1u ^ m.a * 0x85EBCA6Bu ^ m.b * 0xC2B2AE35u;
    x ^= x >> 15;
    x *= 0x2C1B3C6Du;
    return x ^ (x >> 12);
  }

  void Apply(Position& pos, Move m) const {
    const int k = kClassOfRank[rank_[m.a][pos.h[m.a] - 1]];
    pos.left[k] = static_cast<uint8_t>(pos.left[k] - 2);
    pos.last = static_cast<uint8_t>(k);
    if (!pos.left[k]) pos.open = static_cast<uint8_t>(pos.open & ~(1u << k));
    for (const int p : {int{m.a}, int{m.b}}) {
      const Mask bit = Mask{1} << p;
      const int h = --pos.h[p];
      const int r = rank_[p][h];
      pos.tops[r] = static_cast<PileSet>(pos.tops[r] & ~bit);
      if (!--pos.ntop[r]) pos.ranks = static_cast<uint16_t>(pos.ranks & ~(1u << r));
      pos.idx[k] = static_cast<uint16_t>(pos.idx[k] - pradix_[k][p]);
      // The pile's 4-bit height in the key drops by one (never below zero,
      // so no borrow crosses into another pile).
      if constexpr (N <= 16)
        pos.key.lo -= uint64_t{1} << (4 * p);
      else
        (p < 16 ? pos.key.lo : pos.key.hi) -= uint64_t{1} << (4 * (p & 15));
      if (!h) continue;
      const int below = rank_[p][h - 1];  // the new top
      pos.tops[below] = static_cast<PileSet>(pos.tops[below] | bit);
      ++pos.ntop[below];
      pos.ranks = static_cast<uint16_t>(pos.ranks | 1u << below);
      const int c = kClassOfRank[below];
      if (!--pos.hidden[c]) pos.open = static_cast<uint8_t>(pos.open | 1u << c);
      const int w = unburied_[p][h];
      PileSet& buried = pos.buried[w];
      buried = static_cast<PileSet>(buried & ~bit);
      if (w && (buried & (buried - 1)) == 0) pos.lonely = static_cast<uint16_t>(pos.lonely | 1u << (14 - w));
    }
  }

  Key128 KeyOf(const Position& pos) const { return pos.key; }
  // KeyOf(pos after Apply(m)) without applying it: piles m.a and m.b lose one
  // card each (as Apply does to the key), so the search can look the child up
  // before building it.
  Key128 KeyAfter(const Position& pos, Move m) const {
    Key128 key = pos.key;
    if constexpr (N <= 16) {
      key.lo -= (uint64_t{1} << (4 * m.a)) + (uint64_t{1} << (4 * m.b));
    } else {
      for (const int p : {int{m.a}, int{m.b}}) (p < 16 ? key.lo : key.hi) -= uint64_t{1} << (4 * (p & 15));
    }
    return key;
  }
  bool WonKey(Key128 key) const { return key == Key128{}; }

  // Exact: four bits per pile height, piles 1-16 in lo, 17-24 in hi. Never
  // the reserved all-ones key: hi's top 32 bits are always zero. All zero
  // iff every pile is empty.
  static Key128 HeightsKey(const std::array<uint8_t, N>& h) {
    Key128 key;
    for (int p = 0; p < N && p < 16; ++p) key.lo |= uint64_t{h[p]} << (4 * p);
    for (int p = 16; p < N; ++p) key.hi |= uint64_t{h[p]} << (4 * (p - 16));
    return key;
  }

  // True only if `pos` cannot be won: a class projection that cannot be won
  // (F2), or glued pairs in a cycle (F5). Guarded by FourteensDeals.*Deals1To300
  // and FourteensSolver.KingsEachOnTheirOwnAceAreUnsolvable.
  bool Dead(const Position& pos) const {
    if (pos.last != kNone)
      return ClassDead(pos, pos.last) || (pos.left[pos.last] == 2 && PairCycle(pos));
    for (int k = 0; k < kClasses; ++k)
      if (ClassDead(pos, k)) return true;
    return PairCycle(pos);
  }

  // Computes the tables derived from the cards (ranks, class counts, the
  // projections) and the whole of `start`. Allocates nothing.
  void Prepare(Position& start) {
    start.left.fill(0);
    start.last = kNone;
    for (int p = 0; p < N; ++p) {
      start.h[p] = size_[p];
      for (int k = 0; k < kClasses; ++k) cnt_[k][p][0] = 0;
      above_[p][0] = 0;
      unsigned classes = 0;  // classes met so far, from the bottom
      unsigned seen = 0;  // ranks met so far, from the bottom
      for (int i = 0; i < size_[p]; ++i) {
        const int r = code_[p][i] >> 2;
        rank_[p][i] = static_cast<uint8_t>(r);
        const int k = ClassOf(r);
        ++start.left[k];
        for (int c = 0; c < kClasses; ++c)
          cnt_[c][p][i + 1] = static_cast<uint8_t>(cnt_[c][p][i] + (c == k));
        // When card i becomes the top (height i + 1), rank r is no longer
        // below the top of p unless a lower card has it too.
        unburied_[p][i + 1] = static_cast<uint8_t>(seen >> r & 1 ? 0 : r);
        seen |= 1u << r;
        above_[p][i + 1] = above_[p][i] | uint64_t{classes} << (7 * k);
        classes |= 1u << k;
      }
    }
    // The projections: for each class, the piles holding its cards, their
    // card sequences (1 = the high card of the class), and a mixed-radix
    // numbering of the projected states.
    for (int k = 0; k < kClasses; ++k) {
      int np = 0;
      uint32_t radix = 1;
      for (int p = 0; p < N; ++p) {
        const int total = cnt_[k][p][size_[p]];
        pradix_[k][p] = total ? radix : 0;
        if (!total) continue;
        pile_of_[k][np] = static_cast<uint8_t>(p);
        radix_[k][np] = radix;
        radix *= static_cast<uint32_t>(total + 1);
        int j = 0;
        for (int i = 0; i < size_[p]; ++i)
          if (ClassOf(rank_[p][i]) == k) seq_[k][np][j++] = rank_[p][i] > 7;
        ++np;
      }
      np_[k] = static_cast<uint8_t>(np);
      states_[k] = radix;
    }
    // What Apply keeps up to date.
    start.key = HeightsKey(start.h);
    start.ntop.fill(0);
    start.ranks = 0;
    start.tops.fill(0);
    start.buried.fill(0);
    start.hidden = start.left;
    for (int p = 0; p < N; ++p) {
      if (!size_[p]) continue;
      --start.hidden[ClassOf(rank_[p][size_[p] - 1])];
      const int r = rank_[p][size_[p] - 1];
      start.tops[r] = static_cast<PileSet>(start.tops[r] | Mask{1} << p);
      ++start.ntop[r];
      start.ranks = static_cast<uint16_t>(start.ranks | 1u << r);
      for (int i = 0; i + 1 < size_[p]; ++i) {
        PileSet& buried = start.buried[rank_[p][i]];
        buried = static_cast<PileSet>(buried | Mask{1} << p);
      }
    }
    start.lonely = 0;
    for (int r = 1; r <= 13; ++r)
      if ((start.buried[14 - r] & (start.buried[14 - r] - 1)) == 0)
        start.lonely = static_cast<uint16_t>(start.lonely | 1u << r);
    start.open = 0;
    for (int k = 0; k < kClasses; ++k)
      if (start.left[k] && !start.hidden[k]) start.open = static_cast<uint8_t>(start.open | 1u << k);
    for (int k = 0; k < kClasses; ++k) {
      uint32_t idx = 0;
      for (int i = 0; i < np_[k]; ++i) idx += radix_[k][i] * cnt_[k][pile_of_[k][i]][size_[pile_of_[k][i]]];
      start.idx[k] = static_cast<uint16_t>(idx);
    }
    std::memset(memo_, 0, sizeof memo_);
    stamp_ = (stamp_ + 1) & 0x7FFFFFFF;
    if (stamp_ == 0) {  // wrapped: forget every entry
      for (BigMemo& e : big_memo_) e = BigMemo{};
      stamp_ = 1;
    }
  }

 private:
  // F2: only class k changed since the parent, which was not dead.
  bool ClassDead(const Position& pos, int k) const {
    const int left = pos.left[k];
    if (!left) return false;
    // Small projections: (b) alone, memoised on the state number (it
    // implies (a); for {7} it is (a)).
    if (states_[k] <= kMemo) {
      const uint8_t memo = memo_[k][pos.idx[k]];
      if (memo) return memo == 1;
      uint8_t c[N];
      for (int i = 0; i < np_[k]; ++i) c[i] = cnt_[k][pile_of_[k][i]][pos.h[pile_of_[k][i]]];
      return !ProjectionWins(k, c, pos.idx[k]);
    }
    // (a) counting.
    uint8_t c[N];
    uint64_t idx = 0;
    const int np = np_[k];
    for (int i = 0; i < np; ++i) {
      const int p = pile_of_[k][i];
      c[i] = cnt_[k][p][pos.h[p]];
      if (c[i] * 2 > left) return true;
      idx += c[i] * radix_[k][i];
    }
    if (k == 6) return false;  // {7}: the count test is exact
    // (b) exact projection, with a budget.
    int budget = kProjectionBudget;
    return BigProjectionWins(k, c, static_cast<uint32_t>(idx), budget) == 0;
  }

  // As ProjectionWins, for projections too large for a flat memo (three
  // decks): the memo is a hash table whose entries carry the deal's stamp, and
  // the sub-search stops after `budget` positions. Returns 1 won, 0 lost, 2
  // not known (budget spent; "not known" is never stored).
  int BigProjectionWins(int k, uint8_t* c, uint32_t idx, int& budget) const {
    if (idx == 0) return 1;
    const uint32_t key = idx << 3 | static_cast<uint32_t>(k);
    size_t slot = (key * 0x9E3779B1u) >> (32 - kBigMemoBits);
    for (int probe = 0; probe < 4; ++probe) {
      const BigMemo& e = big_memo_[(slot + probe) & (kBigMemoSize - 1)];
      if ((e.stamp >> 1) != stamp_) break;
      if (e.key == key) return static_cast<int>(e.stamp & 1);
    }
    if (--budget < 0) return 2;
    const int np = np_[k];
    int result = 0;
    for (int i = 0; i < np && result != 1; ++i) {
      if (!c[i] || seq_[k][i][c[i] - 1]) continue;
      for (int j = 0; j < np && result != 1; ++j) {
        if (!c[j] || !seq_[k][j][c[j] - 1]) continue;
        --c[i], --c[j];
        const int r = BigProjectionWins(k, c, idx - radix_[k][i] - radix_[k][j], budget);
        ++c[i], ++c[j];
        if (r == 1) result = 1;
        else if (r == 2) result = 2;
        if (budget < 0 && result != 1) return 2;
      }
    }
    if (result == 2) return 2;
    for (int probe = 0; probe < 4; ++probe) {
      BigMemo& e = big_memo_[(slot + probe) & (kBigMemoSize - 1)];
      if ((e.stamp >> 1) != stamp_ || probe == 3) {
        e.key = key;
        e.stamp = stamp_ << 1 | static_cast<uint32_t>(result);
        break;
      }
    }
    return result;
  }

  // F5: whether the classes with one pair left force a cycle.
  bool PairCycle(const Position& pos) const {
    unsigned paired = 0;
    for (int k = 0; k < kClasses; ++k)
      if (pos.left[k] == 2) paired |= 1u << k;
    if ((paired & (paired - 1)) == 0) return false;  // fewer than two
    uint64_t above = 0;  // bit 7f+g: a card of class f lies above one of class g
    for (int p = 0; p < N; ++p) above |= above_[p][pos.h[p]];
    unsigned after[kClasses];  // after[g]: paired classes whose pair must go after g's
    for (unsigned s = paired; s; s &= s - 1) {
      const int g = std::countr_zero(s);
      after[g] = static_cast<unsigned>(above >> (7 * g)) & paired;
    }
    for (unsigned sm = paired; sm; sm &= sm - 1) {
      const int m = std::countr_zero(sm);
      for (unsigned s = paired; s; s &= s - 1) {
        const int g = std::countr_zero(s);
        if (after[g] >> m & 1) after[g] |= after[m];
      }
    }
    for (unsigned s = paired; s; s &= s - 1) {
      const int g = std::countr_zero(s);
      if (after[g] >> g & 1) return true;
    }
    return false;
  }

  // Whether the k-projection with c[i] cards left in its i-th pile (state
  // number idx) can be won. Memoised per deal.
  bool ProjectionWins(int k, uint8_t* c, uint32_t idx) const {
    if (idx == 0) return true;
    uint8_t& memo = memo_[k][idx];
    if (memo) return memo == 2;
    const int np = np_[k];
    bool win = false;
    for (int i = 0; i < np && !win; ++i) {
      if (!c[i] || seq_[k][i][c[i] - 1]) continue;  // low card (or a 7) on top of i
      for (int j = k == 6 ? i + 1 : 0; j < np && !win; ++j) {
        // A high card on top of j; for {7}, any 7 on a later pile.
        if (!c[j] || (k != 6 && !seq_[k][j][c[j] - 1])) continue;
        --c[i], --c[j];
        win = ProjectionWins(k, c, idx - radix_[k][i] - radix_[k][j]);
        ++c[i], ++c[j];
      }
    }
    memo = win ? 2 : 1;
    return win;
  }

  uint8_t size_[N];
  uint8_t code_[N][H];
  uint8_t unburied_[N][H + 1];  // rank that leaves Position::buried at height h of p, or 0
  uint32_t pradix_[kClasses][N];  // radix of pile p in the class-k state number (0: none)
  uint8_t rank_[N][H];
  uint8_t cnt_[kClasses][N][H + 1];  // class-k cards among the bottom h of pile p
  uint64_t above_[N][H + 1];  // bit 7f+g: among the bottom h of pile p, class f lies above g
  uint8_t np_[kClasses];
  uint8_t pile_of_[kClasses][N];
  uint32_t radix_[kClasses][N];
  uint8_t seq_[kClasses][N][H];
  uint32_t states_[kClasses];  // projected states of class k (the radix product)
  mutable uint8_t memo_[kClasses][kMemo];  // 0 unknown, 1 lost, 2 won
  struct BigMemo {
    uint32_t key = 0;
    uint32_t stamp = 0;  // deal stamp << 1 | won
  };
  static constexpr int kBigMemoBits = N > 12 ? 14 : 2;  // one deck: never used
  static constexpr size_t kBigMemoSize = size_t{1} << kBigMemoBits;
  static constexpr int kProjectionBudget = 200;
  uint32_t stamp_ = 0;
  mutable BigMemo big_memo_[kBigMemoSize];
};

}  // namespace talon::fourteens
