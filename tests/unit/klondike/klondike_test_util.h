// Helpers shared by the Klondike tests: hand-made positions, solving with a
// replay of the line, the pruned and the plain search compared, and the
// positions near the end of won lines.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/games/klondike/solver.h"
#include "core/shuffle.h"
#include "../test_util.h"

namespace talon::klondike_test {

using namespace ::talon::test;

inline const Game& K() { return KlondikeGame(); }

// A hand-made position: `tableau` piles bottom to top with `down` face-down
// cards each; foundation f (C D H S) built up to heights[f]; every card not
// placed elsewhere goes to the stock unless `stock` is given.
struct Hand {
  std::vector<Pile> tableau = std::vector<Pile>(7);
  std::vector<int> down = std::vector<int>(7, 0);
  std::vector<int> heights = {0, 0, 0, 0};
  Pile stock, waste;
  Options options;

  Deal ToDeal() const {
    Deal d;
    d.game = "klondike";
    d.options = GameOptions(K(), options);
    d.areas.tableau = tableau;
    d.areas.face_down = down;
    d.areas.foundations.resize(4);
    for (int f = 0; f < 4; ++f)
      for (int r = 1; r <= heights[static_cast<size_t>(f)]; ++r)
        d.areas.foundations[static_cast<size_t>(f)].push_back(Card(r, static_cast<Suit>(f)));
    d.areas.stock = stock;
    d.areas.waste = waste;
    return d;
  }
  Table ToTable() const { return K().StartTable(ToDeal()); }
};

// Solves `deal`, and if solved, replays the line through the checker.
// `first_phase_nodes`: see SolveKlondike.
inline SolveResult SolveAndReplay(const Deal& deal, uint64_t max_nodes, bool prune = true,
                           uint64_t first_phase_nodes = 20000) {
  SearchLimits limits;
  limits.max_nodes = max_nodes;
  limits.max_memory = size_t{64} << 20;
  SolveResult r = SolveKlondike(deal, limits, prune, first_phase_nodes);
  if (r.verdict == Verdict::kSolved) {
    EXPECT_TRUE(ReplaysToAWin(K(), deal, r.moves)) << deal.Name() << " " << FormatOptions(deal.options);
  }
  return r;
}

// The cards above the foundation `heights` (C D H S), suit by suit, rank
// by rank.
inline Pile CardsAbove(const std::vector<int>& heights) {
  Pile cards;
  for (int f = 0; f < 4; ++f)
    for (int r = heights[static_cast<size_t>(f)] + 1; r <= kKing; ++r) cards.push_back(Card(r, static_cast<Suit>(f)));
  return cards;
}

// Shuffles `cards` (Fisher-Yates, from the top) with `rng`.
inline void ShufflePile(Pile& cards, SplitMix64& rng) {
  for (size_t i = cards.size() - 1; i > 0; --i) std::swap(cards[i], cards[rng.Below(i + 1)]);
}

// The pruned and the plain search on random positions: every position both
// decide must get the same verdict from each.
struct Agreement {
  int compared = 0, unsolvable = 0, dead_at_start = 0, phased = 0;
  void Compare(const Hand& h, uint64_t seed) {
    Deal d = h.ToDeal();
    ASSERT_TRUE(CheckDeal(K(), d).ok()) << "seed " << seed;
    SolveResult pruned = SolveAndReplay(d, 3000000, true);
    SolveResult plain = SolveAndReplay(d, 3000000, false);
    if (plain.verdict == Verdict::kUnknown || pruned.verdict == Verdict::kUnknown) return;
    EXPECT_EQ(pruned.verdict, plain.verdict) << "seed " << seed;
    // Again with restart phases of 4, 8, 16, ... positions, each starting
    // from the positions the earlier ones proved lost (lost positions kept):
    // a position wrongly kept as lost would turn a win into "unsolvable".
    if (pruned.stats.nodes > 8) {
      SolveResult many = SolveAndReplay(d, 3000000, true, 4);
      EXPECT_EQ(many.verdict, plain.verdict) << "seed " << seed << " (phases from 4 positions)";
      ++phased;
    }
    ++compared;
    unsolvable += plain.verdict == Verdict::kUnsolvable;
    dead_at_start += pruned.verdict == Verdict::kUnsolvable && pruned.stats.nodes == 0;
  }
  void Print() const {
    std::printf("compared %d positions, %d unsolvable, %d found dead at the start, %d with many phases\n",
                compared, unsolvable, dead_at_start, phased);
  }
};

// Compares the pruned and the plain search on the hands `make` builds for
// seeds 1..n, and prints the counts.
template <typename Make>
Agreement AgreeOnSeeds(uint64_t n, Make make) {
  Agreement agree;
  for (uint64_t seed = 1; seed <= n; ++seed) agree.Compare(make(seed), seed);
  agree.Print();
  return agree;
}

// Worry on for odd seeds, runs=any for half of each four (every mix).
inline void VaryWorryAndRuns(Hand& h, uint64_t seed) {
  if (seed % 2) h.options["worry"] = true;
  if (seed % 4 < 2) h.options["runs"] = std::string("any");
}

// Builds each foundation to a random height lo .. lo+spread-1 and returns
// the cards above, shuffled.
inline Pile BuildAndShuffle(Hand& h, SplitMix64& rng, int lo, uint64_t spread) {
  for (int f = 0; f < 4; ++f) h.heights[static_cast<size_t>(f)] = lo + static_cast<int>(rng.Below(spread));
  Pile cards = CardsAbove(h.heights);
  ShufflePile(cards, rng);
  return cards;
}

// Lays `cards` out at random: the first `in_stock` go to the talon, a random
// number of those (below `in_stock`) to the waste, the rest to the first
// `piles` piles, all but each pile's top face down.
inline void LayOut(Hand& h, const Pile& cards, size_t in_stock, uint64_t piles, SplitMix64& rng) {
  h.stock.assign(cards.begin(), cards.begin() + static_cast<std::ptrdiff_t>(in_stock));
  const size_t in_waste = rng.Below(in_stock);
  h.waste.assign(h.stock.begin(), h.stock.begin() + static_cast<std::ptrdiff_t>(in_waste));
  h.stock.erase(h.stock.begin(), h.stock.begin() + static_cast<std::ptrdiff_t>(in_waste));
  for (size_t i = in_stock; i < cards.size(); ++i) h.tableau[rng.Below(piles)].push_back(cards[i]);
  for (size_t p = 0; p < 7; ++p) h.down[p] = std::max(0, static_cast<int>(h.tableau[p].size()) - 1);
}

struct Variant {
  const char* name;
  Options options;
};

inline std::vector<Variant> Variants() {
  return {
      {"default", {}},
      {"draw1-pass1", {{"draw", int64_t{1}}, {"passes", int64_t{1}}}},
      {"any-worry", {{"runs", std::string("any")}, {"worry", true}}},
      {"draw1-any", {{"draw", int64_t{1}}, {"runs", std::string("any")}}},
      {"passes2", {{"passes", int64_t{2}}}},
  };
}

// Positions a dozen moves from the end of a won line, and the same with two
// cards swapped or a foundation card buried (often unsolvable).
inline std::vector<Deal> NearTheEnd(const Variant& v, const std::vector<size_t>& backs = {12, 20, 30}) {
  std::vector<Deal> out;
  for (uint64_t n = 1; n <= 24; ++n) {
    auto deal = MakeDeal(K(), n, v.options);
    EXPECT_TRUE(deal.ok());
    if (!deal.ok()) continue;
    SolveResult full = SolveAndReplay(*deal, 30000);
    if (full.verdict != Verdict::kSolved) continue;
    for (size_t back : backs) {
      if (full.moves.size() < back) continue;
      const size_t at = full.moves.size() - back;
      Replay part = ReplayMoves(K(), *deal, std::span(full.moves).first(at));
      EXPECT_TRUE(part.first_error.ok());
      Deal near;
      near.game = "klondike";
      near.options = deal->options;
      near.areas = part.final_table.areas;
      for (int swap = 0; swap < 4; ++swap) {
        Deal d = near;
        if (swap >= 2) {
          // Bury the top card of a foundation face down under the pile
          // that holds the next card of its suit (else the longest pile).
          const size_t f = (n + static_cast<size_t>(swap)) % 4;
          Pile& found = d.areas.foundations[f];
          if (found.empty()) continue;
          const Card next(found.back().rank() + 1, found.back().suit());
          size_t longest = 0;
          for (size_t p = 1; p < 7; ++p)
            if (d.areas.tableau[p].size() > d.areas.tableau[longest].size()) longest = p;
          for (size_t p = 0; p < 7; ++p)
            if (std::find(d.areas.tableau[p].begin(), d.areas.tableau[p].end(), next) !=
                d.areas.tableau[p].end())
              longest = p;
          if (d.areas.tableau[longest].empty()) continue;
          Pile& pile = d.areas.tableau[longest];
          pile.insert(pile.begin(), found.back());
          found.pop_back();
          ++d.areas.face_down[longest];
        } else if (swap == 1) {
          // Swap two cards outside the foundations (deterministically).
          std::vector<Card*> loose;
          for (Pile& p : d.areas.tableau)
            for (Card& c : p) loose.push_back(&c);
          for (Card& c : d.areas.stock) loose.push_back(&c);
          for (Card& c : d.areas.waste) loose.push_back(&c);
          if (loose.size() < 2) continue;
          SplitMix64 rng(n * 131 + back * 7 + static_cast<uint64_t>(swap));
          const size_t i = rng.Below(loose.size()), j = rng.Below(loose.size());
          std::swap(*loose[i], *loose[j]);
          if (!CheckDeal(K(), d).ok()) continue;  // e.g. a face-up run broken
        }
        out.push_back(d);
      }
    }
  }
  return out;
}

}  // namespace talon::klondike_test
