// Try Again's solver rules for core/search.h: the pack, the position, the
// moves (with the safe build T3), Apply and the key (T1); the dead test (T2,
// T4) is defined in dead.h. Proofs: docs/solvers/try-again.md.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/card.h"
#include "core/position_key.h"

namespace talon::try_again {

inline constexpr int kHeaps = 4;
inline constexpr int kFoundations = 4;

__extension__ typedef unsigned __int128 U128;

// The solver's view of a deal: the pack in dealing order.
struct TryDeal {
  std::array<uint8_t, 52> order{};  // Card::code of the pack in dealing order
  int size = 0;
  bool anytime = true;
};

struct TryPosition {
  std::array<std::array<uint8_t, 52>, kHeaps> heap{};  // Card::code, bottom to top
  std::array<uint8_t, kHeaps> len{};
  std::array<uint8_t, 14> built{};  // built[r]: rank-r cards built; built[0] = 4
  uint8_t dealt = 0;                // cards of order[] dealt
  uint8_t left = 0;                 // cards not yet built
};

enum class Kind : uint8_t { kBuildHeap, kDealToFoundation, kDealToHeap };
struct TryMove {
  Kind kind = Kind::kDealToHeap;
  uint8_t heap = 0;
  friend bool operator==(TryMove, TryMove) = default;
};

inline int RankOf(uint8_t code) { return code >> 2; }

struct TryRules {
  using Position = TryPosition;
  using Move = TryMove;
  static constexpr int kMaxMoves = 9;  // 4 heap builds, 1 deal to foundation, 4 heaps
  bool prune = true;
  const TryDeal* deal = nullptr;

  bool Won(const Position& p) const { return p.left == 0; }
  static bool Buildable(const Position& p, int r) { return p.built[static_cast<size_t>(r - 1)] > p.built[static_cast<size_t>(r)]; }

  // True iff building the buildable rank-r card with `below` rank-r cards
  // under it on heap `from` (-1: the card being dealt) keeps every win: T3
  // and T3b, guarded by TryAgain.VerdictsAgreeWithThePlainSearchOnSmallPositions.
  static bool SafeBuild(const Position& p, int r, int below, int from) {
    const int br = p.built[static_cast<size_t>(r)];
    const int k = p.built[static_cast<size_t>(r - 1)] - br;
    const int m = 4 - br - 1 - below;
    if (m < k) return true;
    // T3b: no competitor can be the next rank-r card built.
    int blocked = 0;
    for (int h = 0; h < kHeaps; ++h) {
      if (h == from) continue;
      bool stuck = false;
      for (int i = p.len[static_cast<size_t>(h)] - 1; i >= 0; --i) {
        const int a = RankOf(p.heap[static_cast<size_t>(h)][static_cast<size_t>(i)]);
        if (a == r) blocked += stuck;
        if (a > r && p.built[static_cast<size_t>(a)] == br) stuck = true;
      }
    }
    return blocked == m;
  }
  static int BelowOfRank(const Position& p, int h, int r) {
    int n = 0;
    const auto& heap = p.heap[static_cast<size_t>(h)];
    for (int i = 0; i + 1 < p.len[static_cast<size_t>(h)]; ++i) n += RankOf(heap[static_cast<size_t>(i)]) == r;
    return n;
  }
  static bool SameHeap(const Position& p, int a, int b) {
    if (p.len[static_cast<size_t>(a)] != p.len[static_cast<size_t>(b)]) return false;
    for (int i = 0; i < p.len[static_cast<size_t>(a)]; ++i)
      if (RankOf(p.heap[static_cast<size_t>(a)][static_cast<size_t>(i)]) != RankOf(p.heap[static_cast<size_t>(b)][static_cast<size_t>(i)])) return false;
    return true;
  }

  int Moves(const Position& p, Move* out) const { return Moves(p, out, false, nullptr); }
  // The moves to try, best first; with prune a safe build (T3) alone, and
  // one heap of each set of twins (T1). With builds_only, the moves to a
  // foundation only; `safe` (if given) is set iff the one move is a safe build.
  int Moves(const Position& p, Move* out, bool builds_only, bool* safe) const {
    int n = 0;
    if (safe) *safe = false;
    const bool stock = p.dealt < deal->size;
    if (deal->anytime || !stock) {
      for (int h = 0; h < kHeaps; ++h) {
        if (p.len[static_cast<size_t>(h)] == 0) continue;
        const int r = RankOf(p.heap[static_cast<size_t>(h)][p.len[static_cast<size_t>(h)] - 1u]);
        if (!Buildable(p, r)) continue;
        if (prune && SafeBuild(p, r, BelowOfRank(p, h, r), h)) {
          out[0] = {Kind::kBuildHeap, static_cast<uint8_t>(h)};
          if (safe) *safe = true;
          return 1;
        }
        out[n++] = {Kind::kBuildHeap, static_cast<uint8_t>(h)};
      }
      if (stock && Buildable(p, RankOf(deal->order[p.dealt]))) {
        if (prune && SafeBuild(p, RankOf(deal->order[p.dealt]), 0, -1)) {
          out[0] = {Kind::kDealToFoundation, 0};
          return 1;
        }
        out[n++] = {Kind::kDealToFoundation, 0};
      }
    }
    if (!stock || builds_only) return n;
    // Places for the dealt card, best first: on a higher card (the closest
    // first), then an empty heap, then on a lower card (the closest first).
    const int r = RankOf(deal->order[p.dealt]);
    std::array<int, kHeaps> score{}, idx{};
    int m = 0;
    for (int h = 0; h < kHeaps; ++h) {
      if (prune) {
        bool twin = false;
        for (int g = 0; g < h && !twin; ++g) twin = SameHeap(p, g, h);
        if (twin) continue;
      }
      const int len = p.len[static_cast<size_t>(h)];
      const int top = len ? RankOf(p.heap[static_cast<size_t>(h)][static_cast<size_t>(len - 1)]) : 0;
      const int s = top > r ? top : top == 0 ? 20 : 40 - top;
      int i = m++;
      while (i > 0 && score[static_cast<size_t>(i - 1)] > s) {
        score[static_cast<size_t>(i)] = score[static_cast<size_t>(i - 1)];
        idx[static_cast<size_t>(i)] = idx[static_cast<size_t>(i - 1)];
        --i;
      }
      score[static_cast<size_t>(i)] = s;
      idx[static_cast<size_t>(i)] = h;
    }
    for (int i = 0; i < m; ++i) out[n++] = {Kind::kDealToHeap, static_cast<uint8_t>(idx[static_cast<size_t>(i)])};
    return n;
  }

  void Settle(Position& p) const {
    while (p.dealt < deal->size && RankOf(deal->order[p.dealt]) == kAce) {
      ++p.built[1];
      ++p.dealt;
      --p.left;
    }
  }

  void Apply(Position& p, Move m) const {
    switch (m.kind) {
      case Kind::kBuildHeap: {
        const uint8_t c = p.heap[m.heap][--p.len[m.heap]];
        ++p.built[static_cast<size_t>(RankOf(c))];
        --p.left;
        break;
      }
      case Kind::kDealToFoundation:
        ++p.built[static_cast<size_t>(RankOf(deal->order[p.dealt++]))];
        --p.left;
        break;
      case Kind::kDealToHeap:
        p.heap[m.heap][p.len[m.heap]++] = deal->order[p.dealt++];
        break;
    }
    Settle(p);
  }

  // T1 (docs/solvers/try-again.md, "T1"): with prune the rank form
  // (at most 26 cards on the heaps) or the exact form with the heaps sorted;
  // without prune the exact form, heaps as numbered. Never kEmptyKey.
  static constexpr std::array<uint64_t, 26> kPow5 = [] {  // 5^0 .. 5^25
    std::array<uint64_t, 26> t{};
    t[0] = 1;
    for (size_t i = 1; i < 26; ++i) t[i] = t[i - 1] * 5;
    return t;
  }();
  Key128 KeyOf(const Position& p) const {
    int total = 0;
    for (uint8_t l : p.len) total += l;
    if (prune && total <= 26) return RankKey(p);
    std::array<int, kHeaps> label = {1, 2, 3, 4};
    if (prune) {
      std::array<int, kHeaps> h = {0, 1, 2, 3};
      auto bottom = [&](int i) { return p.len[static_cast<size_t>(i)] ? p.heap[static_cast<size_t>(i)][0] : 255; };
      std::sort(h.begin(), h.end(), [&](int a, int b) { return bottom(a) < bottom(b); });
      for (int i = 0; i < kHeaps; ++i) label[static_cast<size_t>(h[static_cast<size_t>(i)])] = i + 1;
    }
    // Two base-5 halves of 26 digits in 64-bit words (5^26 < 2^61), joined:
    // lo = sum of digit[i] 5^i over cards i < 26, hi the same over the
    // others with i - 26 (cards off the heaps have digit 0).
    uint64_t lo = 0, hi = 0;
    for (int h = 0; h < kHeaps; ++h) {
      const uint64_t d = static_cast<uint64_t>(label[static_cast<size_t>(h)]);
      for (int i = 0; i < p.len[static_cast<size_t>(h)]; ++i) {
        const int c = Card::FromCode(p.heap[static_cast<size_t>(h)][static_cast<size_t>(i)]).index();
        if (c < 26) lo += d * kPow5[static_cast<size_t>(c)];
        else hi += d * kPow5[static_cast<size_t>(c - 26)];
      }
    }
    constexpr uint64_t pow26 = kPow5[25] * 5;
    U128 v = U128{hi} * pow26 + lo;
    v = v * 64 + p.dealt;
    if (prune) v |= U128{1} << 127;
    return {static_cast<uint64_t>(v), static_cast<uint64_t>(v >> 64)};
  }
  static int CompareHeaps(const Position& p, int a, int b) {
    const int la = p.len[static_cast<size_t>(a)], lb = p.len[static_cast<size_t>(b)];
    for (int i = 0; i < la && i < lb; ++i) {
      const int ra = RankOf(p.heap[static_cast<size_t>(a)][static_cast<size_t>(i)]);
      const int rb = RankOf(p.heap[static_cast<size_t>(b)][static_cast<size_t>(i)]);
      if (ra != rb) return ra < rb ? -1 : 1;
    }
    return la < lb ? -1 : la > lb ? 1 : 0;
  }
  Key128 RankKey(const Position& p) const {
    std::array<int, kHeaps> h = {0, 1, 2, 3};
    for (int i = 1; i < kHeaps; ++i)
      for (int j = i; j > 0 && CompareHeaps(p, h[static_cast<size_t>(j - 1)], h[static_cast<size_t>(j)]) > 0; --j)
        std::swap(h[static_cast<size_t>(j - 1)], h[static_cast<size_t>(j)]);
    U128 v = 1;
    v = v << 6 | p.dealt;
    for (int k : h) {
      for (int i = 0; i < p.len[static_cast<size_t>(k)]; ++i)
        v = v << 4 | static_cast<unsigned>(RankOf(p.heap[static_cast<size_t>(k)][static_cast<size_t>(i)]));
      v <<= 4;
    }
    return {static_cast<uint64_t>(v), static_cast<uint64_t>(v >> 64)};
  }

  // The dead test, defined in dead.h. Counts[rank][lb]: the cards with that
  // bound; Bounds: the bound of each heap card.
  using Counts = std::array<std::array<uint8_t, 6>, 14>;
  using Bounds = std::array<std::array<uint8_t, 52>, kHeaps>;
  static bool HeapBounds(const Position& p, int h, Counts& count, std::array<uint8_t, 52>* lbs,
                         int at = -1, int z_rank = 0, int z_lb = 0);
  static bool Hall(const Counts& count, int max_rank = 13);
  bool Dead(const Position& p) const;
  bool FutureDead(const Position& p, const std::array<Counts, kHeaps>& heap_count, const Bounds& lbs,
                  const Counts& count) const;
};

}  // namespace talon::try_again
