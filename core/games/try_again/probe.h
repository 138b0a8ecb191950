// Try Again's probe: randomized greedy playouts that look for a win (one of
// the win-finders, docs/solvers/try-again.md, "The probe"). Deterministic
// (seeded by the caller); never decides "unsolvable".
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/games/try_again/dead.h"
#include "core/games/try_again/rules.h"
#include "core/shuffle.h"

namespace talon::try_again {

// A playout builds every buildable card, deals a card that fits straight to
// a foundation, and puts any other card on the heap the placing rule of
// Moves() likes best, one card in ten on a random heap, never where T2 breaks.
struct Probe {
  const TryRules& rules;
  uint64_t steps = 0;  // moves played, counted as nodes
  bool wild_cards = true;  // false: no card goes to a random heap
  uint64_t limit = ~uint64_t{0};  // a playout stops (lost) when steps reaches it
  int last_left = 52;      // cards not built when the last playout ended

  // One playout from `start`; `line` gets its moves (each one Moves() could
  // offer without pruning). Returns true iff won.
  bool Playout(const TryPosition& start, SplitMix64& rng, std::vector<TryMove>& line) {
    TryPosition p = start;
    const TryDeal& d = *rules.deal;
    line.clear();
    auto play = [&](TryMove m) {
      rules.Apply(p, m);
      line.push_back(m);
      ++steps;
    };
    for (;;) {
      const bool stock = p.dealt < d.size;
      if (d.anytime || !stock) {
        bool built = true;
        while (built) {
          built = false;
          const int first = static_cast<int>(rng.Below(kHeaps));
          for (int i = 0; i < kHeaps && steps < limit; ++i) {
            const int h = (first + i) % kHeaps;
            const size_t hs = static_cast<size_t>(h);
            if (p.len[hs] == 0) continue;
            if (!TryRules::Buildable(p, RankOf(p.heap[hs][p.len[hs] - 1u]))) continue;
            play({Kind::kBuildHeap, static_cast<uint8_t>(h)});
            built = true;
          }
        }
      }
      if (p.dealt >= d.size || steps >= limit) {
        last_left = p.left;
        return rules.Won(p);
      }
      const int r = RankOf(d.order[p.dealt]);
      if (d.anytime && TryRules::Buildable(p, r)) {
        play({Kind::kDealToFoundation, 0});
        continue;
      }
      // Heaps where the card would break T2 at once are never chosen. The
      // T2 counts are needed only to put the card on a lower top, so they
      // are made only then (most cards find a higher top or an empty heap,
      // which rank first and need no test).
      std::array<TryRules::Counts, kHeaps> heap_count;
      TryRules::Counts count;
      bool counted = false;
      auto count_heaps = [&] {
        heap_count = {};
        count = {};
        for (int h = 0; h < kHeaps; ++h) {
          TryRules::HeapBounds(p, h, heap_count[static_cast<size_t>(h)], nullptr);
          for (size_t a = 0; a < 14; ++a)
            for (size_t t = 0; t < 6; ++t) count[a][t] = static_cast<uint8_t>(count[a][t] + heap_count[static_cast<size_t>(h)][a][t]);
        }
        counted = true;
      };
      // The heaps by score, lowest first (ties: lowest number), then the
      // first one that passes the T2 test: the same heap as scanning all.
      const bool wild = wild_cards && rng.Below(10) == 0;
      std::array<int, kHeaps> score{}, by_score{};
      for (int h = 0; h < kHeaps; ++h) {
        const size_t hs = static_cast<size_t>(h);
        const int top = p.len[hs] ? RankOf(p.heap[hs][p.len[hs] - 1u]) : 0;
        score[hs] = top > r ? top - r : top == 0 ? 20 : 40 + r - top;
        if (wild) score[hs] = static_cast<int>(rng.Below(60));
        int i = h;
        for (; i > 0 && score[static_cast<size_t>(by_score[static_cast<size_t>(i - 1)])] > score[hs]; --i)
          by_score[static_cast<size_t>(i)] = by_score[static_cast<size_t>(i - 1)];
        by_score[static_cast<size_t>(i)] = h;
      }
      int best = -1;
      for (const int h : by_score) {
        const size_t hs = static_cast<size_t>(h);
        const int top = p.len[hs] ? RankOf(p.heap[hs][p.len[hs] - 1u]) : 0;
        if (top != 0 && top <= r) {
          if (!counted) count_heaps();
          TryRules::Counts alt{};
          if (!TryRules::HeapBounds(p, h, alt, nullptr, p.len[hs] - 1, r, p.built[static_cast<size_t>(r)] + 1)) continue;
          TryRules::Counts total = count;
          for (size_t a = 0; a < 14; ++a)
            for (size_t t = 0; t < 6; ++t) total[a][t] = static_cast<uint8_t>(total[a][t] - heap_count[hs][a][t] + alt[a][t]);
          if (!TryRules::Hall(total)) continue;
        }
        best = h;
        break;
      }
      if (best < 0) {
        last_left = p.left;
        return false;
      }
      play({Kind::kDealToHeap, static_cast<uint8_t>(best)});
    }
  }
};

}  // namespace talon::try_again
