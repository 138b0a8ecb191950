// Try Again's dead test, TryRules::Dead (T2: bounds on ordinals and Hall's
// condition; T4: the cards still to come). Proofs: docs/solvers/try-again.md.
// Include it wherever TryRules::Dead or its helpers are called.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/games/try_again/rules.h"

namespace talon::try_again {

// T2 on heap h: the lower bounds of its cards, added to `count` (and to
// `lbs` if given). With z_rank > 0, a card of rank z_rank and bound z_lb
// is taken to lie just above the card at index `at` (T4). Returns false
// iff some bound exceeds 4.
inline bool TryRules::HeapBounds(const Position& p, int h, Counts& count, std::array<uint8_t, 52>* lbs,
                                 int at, int z_rank, int z_lb) {
  const size_t hs = static_cast<size_t>(h);
  std::array<uint8_t, 14> above{};  // above[r]: max lb of the cards above with rank >= r
  for (int i = p.len[hs] - 1; i >= 0; --i) {
    if (i == at)
      for (int r = z_rank; r >= 1 && above[static_cast<size_t>(r)] < z_lb; --r) above[static_cast<size_t>(r)] = static_cast<uint8_t>(z_lb);
    const int a = RankOf(p.heap[hs][static_cast<size_t>(i)]);
    const int lb = std::max<int>(p.built[static_cast<size_t>(a)], above[static_cast<size_t>(a)]) + 1;
    if (lb > 4) return false;
    ++count[static_cast<size_t>(a)][static_cast<size_t>(lb)];
    if (lbs) (*lbs)[static_cast<size_t>(i)] = static_cast<uint8_t>(lb);
    for (int r = a; r >= 1 && above[static_cast<size_t>(r)] < lb; --r) above[static_cast<size_t>(r)] = static_cast<uint8_t>(lb);
  }
  return true;
}
// Hall's condition for intervals [lb, 4], rank by rank (ranks 2 to
// max_rank).
inline bool TryRules::Hall(const Counts& count, int max_rank) {
  for (int a = 2; a <= max_rank; ++a) {
    int at_least = 0;
    for (int t = 4; t >= 2; --t) {
      at_least += count[static_cast<size_t>(a)][static_cast<size_t>(t)];
      if (at_least > 5 - t) return false;
    }
  }
  return true;
}

// True only if `p` cannot be won: T2 (bounds on ordinals down each heap,
// then Hall's condition), then T4. Guarded by
// TryAgain.DeadTestProvesACardAboveItsOwnLastNeedImmediately and
// TryAgain.VerdictsAgreeWithThePlainSearchOnSmallPositions.
inline bool TryRules::Dead(const Position& p) const {
  std::array<Counts, kHeaps> heap_count{};
  Bounds lbs;
  Counts count{};
  for (int h = 0; h < kHeaps; ++h) {
    if (!HeapBounds(p, h, heap_count[static_cast<size_t>(h)], &lbs[static_cast<size_t>(h)])) return true;
    for (size_t a = 0; a < 14; ++a)
      for (size_t t = 0; t < 6; ++t) count[a][t] = static_cast<uint8_t>(count[a][t] + heap_count[static_cast<size_t>(h)][a][t]);
  }
  if (!Hall(count)) return true;
  return FutureDead(p, heap_count, lbs, count);
}

// T4: true only if the first card still to come of some rank, when it
// cannot be built as it comes, breaks T2 on every heap it may land on.
// Guarded by TryAgain.FutureCardTestProvesAForcedCoverImmediately.
inline bool TryRules::FutureDead(const Position& p, const std::array<Counts, kHeaps>& heap_count,
                                 const Bounds& lbs, const Counts& count) const {
  // The relaxed closure (T4): cnt[r] counts rank-r cards built, taken off
  // the heaps, or come from the pack and then built, where a card of rank
  // r may go when chain(r-1) >= its bound and chain(r) = min(chain(r-1),
  // cnt[r]). top[h]: the cards of heap h at index < top[h] are still there.
  std::array<int, 14> cnt{}, waiting{};  // waiting: dealt cards not yet counted
  for (size_t r = 0; r < 14; ++r) cnt[r] = p.built[r];
  std::array<int, kHeaps> top{};
  for (int h = 0; h < kHeaps; ++h) top[static_cast<size_t>(h)] = p.len[static_cast<size_t>(h)];
  std::array<int, 14> chain{};
  auto close = [&] {
    for (bool changed = true; changed;) {
      changed = false;
      chain[0] = 4;
      for (size_t r = 1; r < 14; ++r) chain[r] = std::min(chain[r - 1], cnt[r]);
      for (size_t r = 2; r < 14; ++r)
        if (waiting[r] && chain[r - 1] > p.built[r]) {
          cnt[r] += waiting[r];
          waiting[r] = 0;
          changed = true;
        }
      for (int h = 0; h < kHeaps; ++h) {
        const size_t hs = static_cast<size_t>(h);
        while (top[hs] > 0) {
          const int i = top[hs] - 1;
          const int a = RankOf(p.heap[hs][static_cast<size_t>(i)]);
          if (chain[static_cast<size_t>(a - 1)] < lbs[hs][static_cast<size_t>(i)]) break;
          ++cnt[static_cast<size_t>(a)];
          --top[hs];
          changed = true;
          for (size_t r = static_cast<size_t>(a); r < 14; ++r) chain[r] = std::min(chain[r - 1], cnt[r]);
        }
      }
    }
  };
  close();
  uint16_t seen = 0;
  for (int j = p.dealt; j < deal->size; ++j) {
    const int c = RankOf(deal->order[static_cast<size_t>(j)]);
    if (c != kAce && !(seen >> c & 1)) {
      seen = static_cast<uint16_t>(seen | 1u << c);
      const int bc = p.built[static_cast<size_t>(c)];
      const bool forced = !deal->anytime || chain[static_cast<size_t>(c - 1)] <= bc;
      if (forced) {
        bool everywhere = true;
        for (int h = 0; h < kHeaps && everywhere; ++h) {
          const size_t hs = static_cast<size_t>(h);
          if (top[hs] == 0) {
            everywhere = false;
            break;
          }
          Counts alt{};
          if (!HeapBounds(p, h, alt, nullptr, top[hs] - 1, c, bc + 1)) continue;  // fatal here
          // z changes only the bounds of ranks <= c (HeapBounds raises
          // above[r] only for r <= the rank of the card it passes), and
          // `count` meets Hall's condition (Dead() checked it), so only
          // ranks 2..c need the test.
          Counts total;
          for (size_t a = 2; a <= static_cast<size_t>(c); ++a)
            for (size_t t = 0; t < 6; ++t)
              total[a][t] = static_cast<uint8_t>(count[a][t] - heap_count[hs][a][t] + alt[a][t]);
          if (Hall(total, c)) everywhere = false;
        }
        if (everywhere) return true;
      }
    }
    // Every rank has had its first card: nothing more to test.
    if (seen == 0x3FFC) break;
    // The closure is a fixed point with `chain` up to date; a dealt card
    // that cannot go yet (chain(c-1) <= b[c]) changes nothing, so the
    // closure is rerun only for an ace or a card that goes at once.
    if (c == kAce) {
      ++cnt[1];
      close();
    } else {
      ++waiting[static_cast<size_t>(c)];
      if (chain[static_cast<size_t>(c - 1)] > p.built[static_cast<size_t>(c)]) close();
    }
  }
  return false;
}

}  // namespace talon::try_again
