// Try Again's win-finders: the beam searches and FindWin, which runs them
// in turn with the probe (probe.h). Design: docs/solvers/try-again.md, "The
// win-finders". They only ever return a line that reached a won position by
// Apply(), made of moves Moves() offered; they never say "unsolvable".
#include "core/games/try_again/finders.h"

#include <algorithm>
#include <array>
#include <functional>
#include <vector>

#include "core/games/try_again/dead.h"
#include "core/games/try_again/probe.h"
#include "core/shuffle.h"

namespace talon::try_again {
namespace {

constexpr size_t kBeamFirstWidth = 256;  // the beam with the static score
constexpr size_t kPilotFirstWidth = 16;  // the beam scored by playouts
constexpr size_t kBeamMaxWidth = size_t{1} << 16;
constexpr int kClosureCap = 256;     // positions per build closure while dealing
constexpr int kEndClosureCap = 20000;  // ... once the pack is dealt

// The beam (docs: "The beam"). A layer holds positions after the same number
// of deals; a child is a deal move then a build closure; children are ranked
// by Score() (plus a seeded jitter), twins (T1) kept once, dead ones (T2/T4)
// dropped, and the best `width` form the next layer.
struct Beam {
  explicit Beam(const TryRules& r) : rules(r), probe{r} { probe.wild_cards = false; }
  const TryRules& rules;
  Probe probe;
  bool diverse = false;      // jitter and each parent's best first (docs: "Diversity")
  uint64_t jitter_seed = 0;  // this run's seed for Jitter()
  std::vector<uint32_t> later;   // WithoutTwins()'s buffers
  std::vector<uint8_t> has_child;
  int64_t pilot = 0;  // weight of the greedy playout's cards built in the score
  std::vector<TryMove> playout;
  uint64_t nodes = 0;   // Apply() calls, counted as nodes
  uint64_t budget = 0;  // stop when nodes reaches it
  bool exhausted = false;  // the budget ran out (or stop() said so)
  const std::function<bool()>* stop = nullptr;  // checked every few thousand nodes
  uint64_t next_check = 0;
  bool truncated = false;  // the last run dropped a child for lack of room or capped a closure

  // Whether n more nodes fit the budget; if not, marks the run exhausted.
  bool Afford(uint64_t n) {
    if (nodes + n <= budget) return true;
    exhausted = true;
    return false;
  }
  // The score's weights (tuned on hard deals), and how many cards to come
  // the misfit count looks at.
  static constexpr int64_t kPerCardOnHeaps = 100, kPerBlockedPair = 10, kPerExcess = 20,
                           kPerEmptyHeap = 30, kPerMisfit = 60;
  static constexpr int kMisfitLookahead = 10;
  static constexpr uint64_t kJitter = 100;  // a card on the heaps weighs kPerCardOnHeaps = 100

  struct Cand {  // a child: its position is its parent's after the moves
    Key128 key;
    int64_t score;
    uint32_t parent, first, count;  // moves: pool[first, first+count)
  };
  struct Node {
    uint32_t parent, first, count;  // moves: layer pool
  };
  std::vector<TryPosition> cur, next;  // the positions of the last layer
  std::vector<Cand> cands;
  std::vector<TryMove> pool, path;
  std::vector<Key128> visited;
  std::vector<std::vector<Node>> layers;
  std::vector<std::vector<TryMove>> layer_moves;
  bool won = false;
  uint32_t won_parent = 0;
  std::vector<TryMove> won_path;

  // kRanksUpTo[a]: a one in bytes 1..a of a 16-byte pair of words (Score()).
  static constexpr std::array<std::array<uint64_t, 2>, 14> kRanksUpTo = [] {
    std::array<std::array<uint64_t, 2>, 14> t{};
    for (size_t a = 1; a < 14; ++a) {
      t[a] = t[a - 1];
      t[a][a >> 3] += uint64_t{1} << (8 * (a & 7));
    }
    return t;
  }();

  // Higher is better. Positions of a layer have the same cards dealt, so
  // fewer cards on the heaps means more built. Blocked pairs: a card above
  // one of lower or equal rank (T2's constraint). Excess: T2's lower bound
  // on a card's ordinal above the least it could be.
  int64_t Score(const TryPosition& p) const {
    int64_t cards = 0, empty = 0, pairs = 0, excess = 0;
    for (int h = 0; h < kHeaps; ++h) {
      const size_t hs = static_cast<size_t>(h);
      const int len = p.len[hs];
      cards += len;
      if (len == 0) {
        ++empty;
        continue;
      }
      // Byte r of `geq` (r = 1..13; ranks 0-7 in the low word, 8-15 in
      // the high one): the cards above with rank >= r, so a card's pairs
      // are one byte and adding a card is two additions (at most 51 cards
      // above: a byte never carries).
      std::array<uint64_t, 2> geq{};
      std::array<int, 14> maxlb{};   // as HeapBounds
      for (int i = len - 1; i >= 0; --i) {
        const int a = RankOf(p.heap[hs][static_cast<size_t>(i)]);
        pairs += static_cast<int64_t>(geq[static_cast<size_t>(a >> 3)] >> (8 * (a & 7)) & 0xFF);
        geq[0] += kRanksUpTo[static_cast<size_t>(a)][0];
        geq[1] += kRanksUpTo[static_cast<size_t>(a)][1];
        const int lb = std::max<int>(p.built[static_cast<size_t>(a)], maxlb[static_cast<size_t>(a)]) + 1;
        excess += lb - p.built[static_cast<size_t>(a)] - 1;
        for (int r = a; r >= 1 && maxlb[static_cast<size_t>(r)] < lb; --r) maxlb[static_cast<size_t>(r)] = lb;
      }
    }
    // Misfits: the next cards to come, placed greedily (built if they fit a
    // foundation, else on the heap with the lowest higher top), that find
    // no higher top and no empty heap.
    int64_t misfit = 0;
    {
      std::array<int, kHeaps> top{};
      for (int h = 0; h < kHeaps; ++h)
        top[static_cast<size_t>(h)] = p.len[static_cast<size_t>(h)] ? RankOf(p.heap[static_cast<size_t>(h)][p.len[static_cast<size_t>(h)] - 1u]) : 14;
      std::array<uint8_t, 14> b = p.built;
      int seen = 0;
      for (int j = p.dealt; j < rules.deal->size && seen < kMisfitLookahead; ++j) {
        const int c = RankOf(rules.deal->order[static_cast<size_t>(j)]);
        if (c == kAce) {
          ++b[1];
          continue;
        }
        ++seen;
        if (rules.deal->anytime && b[static_cast<size_t>(c - 1)] > b[static_cast<size_t>(c)]) {
          ++b[static_cast<size_t>(c)];
          continue;
        }
        int best = -1;
        for (int h = 0; h < kHeaps; ++h)
          if (top[static_cast<size_t>(h)] > c && (best < 0 || top[static_cast<size_t>(h)] < top[static_cast<size_t>(best)])) best = h;
        if (best < 0) {
          ++misfit;
          for (int h = 0; h < kHeaps; ++h)
            if (best < 0 || top[static_cast<size_t>(h)] > top[static_cast<size_t>(best)]) best = h;
        }
        top[static_cast<size_t>(best)] = c;
      }
    }
    return -(kPerCardOnHeaps * cards + kPerBlockedPair * pairs + kPerExcess * excess + kPerMisfit * misfit) +
           kPerEmptyHeap * empty;
  }

  // A seeded jitter in [0, kJitter) added to a child's score (docs:
  // "Diversity"): a pure function of the key and the run's seed.
  int64_t Jitter(Key128 key) const {
    if (!diverse) return 0;
    return static_cast<int64_t>(HashKey(Key128{key.lo ^ jitter_seed, key.hi}) % kJitter);
  }

  // The build closure of s (builds Moves() offers, depth first with a
  // visited set of at most `cap` keys), adding the children to `cands`.
  // Returns true on a win (won_path set).
  bool Closure(const TryPosition& s, uint32_t parent, int cap) {
    if (nodes >= budget) {
      exhausted = true;
      return false;
    }
    if (stop && nodes >= next_check) {
      next_check = nodes + 4096;
      if ((*stop)()) {
        exhausted = true;
        return false;
      }
    }
    const Key128 key = rules.KeyOf(s);
    if (std::find(visited.begin(), visited.end(), key) != visited.end()) return false;
    if (static_cast<int>(visited.size()) >= cap) {
      truncated = true;
      return false;
    }
    visited.push_back(key);
    if (rules.Won(s)) {
      won = true;
      won_parent = parent;
      won_path = path;
      return true;
    }
    TryMove ms[TryRules::kMaxMoves];
    bool safe_build = false;
    const int n = rules.Moves(s, ms, true, &safe_build);
    const bool stock = s.dealt < rules.deal->size;
    const bool safe = stock && safe_build;
    if (stock && !safe) {
      int64_t score = Score(s);
      if (pilot) {
        SplitMix64 rng(1);
        const uint64_t before = probe.steps;
        probe.limit = before + (budget - nodes);
        const bool w = probe.Playout(s, rng, playout);
        nodes += probe.steps - before;
        if (w) {
          won = true;
          won_parent = parent;
          won_path = path;
          won_path.insert(won_path.end(), playout.begin(), playout.end());
          return true;
        }
        score += pilot * (52 - probe.last_left);
      }
      score += Jitter(key);
      cands.push_back(Cand{key, score, parent, static_cast<uint32_t>(pool.size()),
                           static_cast<uint32_t>(path.size())});
      pool.insert(pool.end(), path.begin(), path.end());
    }
    for (int i = 0; i < n; ++i) {
      if (ms[i].kind != Kind::kBuildHeap) continue;
      if (!Afford(1)) return false;
      TryPosition t = s;
      rules.Apply(t, ms[i]);
      ++nodes;
      path.push_back(ms[i]);
      const bool w = Closure(t, parent, cap);
      path.pop_back();
      if (w) return true;
      if (exhausted) return false;
    }
    return false;
  }

  // `order`: the children by score (higher first), then key, then index: a
  // total order, so the ranking does not depend on the sort. Sorted as
  // compact copies (no indirection in the comparisons).
  struct Ranked {
    int64_t score;
    uint64_t hi, lo;
    uint32_t index;
  };
  std::vector<Ranked> ranked;
  std::vector<uint32_t> order;
  void RankChildren() {
    ranked.resize(cands.size());
    for (uint32_t i = 0; i < cands.size(); ++i) ranked[i] = Ranked{cands[i].score, cands[i].key.hi, cands[i].key.lo, i};
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& x, const Ranked& y) {
      if (x.score != y.score) return x.score > y.score;
      if (x.hi != y.hi) return x.hi < y.hi;
      if (x.lo != y.lo) return x.lo < y.lo;
      return x.index < y.index;
    });
    order.resize(ranked.size());
    for (size_t k = 0; k < ranked.size(); ++k) order[k] = ranked[k].index;
  }

  // `order` without T1 twins (equal keys have equal scores and
  // jitters, so they are adjacent; the first is kept); with `diverse`, each
  // parent's best child first, then the others, each part in rank order.
  void WithoutTwins() {
    has_child.assign(std::max<size_t>(cur.size(), 1), 0);
    later.clear();
    size_t n = 0;
    Key128 prev = kEmptyKey;
    for (size_t k = 0; k < order.size(); ++k) {
      const uint32_t i = order[k];
      const Cand& c = cands[i];
      if (k > 0 && c.key == prev) continue;
      prev = c.key;
      if (diverse && has_child[c.parent]) {
        later.push_back(i);
      } else {
        has_child[c.parent] = 1;
        order[n++] = i;
      }
    }
    order.resize(n);
    order.insert(order.end(), later.begin(), later.end());
  }

  // One run at `width`. Returns true with the winning line.
  bool Run(const TryPosition& start, size_t width, std::vector<TryMove>& line) {
    truncated = false;
    won = false;
    layers.clear();
    layer_moves.clear();
    cands.clear();
    pool.clear();
    path.clear();
    visited.clear();
    cur.clear();
    next.clear();
    auto finish = [&] {
      line.clear();
      std::vector<TryMove> tail = won_path;
      uint32_t at = won_parent;
      for (size_t l = layers.size(); l-- > 0;) {
        const Node& nd = layers[l][at];
        std::vector<TryMove> seg(layer_moves[l].begin() + nd.first, layer_moves[l].begin() + nd.first + nd.count);
        tail.insert(tail.begin(), seg.begin(), seg.end());
        at = nd.parent;
      }
      line = std::move(tail);
      return true;
    };
    const int start_cap = start.dealt < rules.deal->size ? kClosureCap : kEndClosureCap;
    if (Closure(start, 0, start_cap)) return finish();
    for (;;) {
      if (exhausted || cands.empty()) return false;
      // The best `width` distinct children: by score, then key (equal keys
      // have equal scores, so they are adjacent).
      RankChildren();
      layers.emplace_back();
      layer_moves.emplace_back();
      std::vector<Node>& layer = layers.back();
      std::vector<TryMove>& moves = layer_moves.back();
      WithoutTwins();
      for (size_t k = 0; k < order.size(); ++k) {
        const Cand& c = cands[order[k]];
        if (layer.size() == width) {
          truncated = true;
          break;
        }
        if (!Afford(c.count)) return false;
        TryPosition q = layers.size() == 1 ? start : cur[c.parent];
        for (uint32_t m = c.first; m < c.first + c.count; ++m) rules.Apply(q, pool[m]);
        nodes += c.count;
        if (rules.Dead(q)) continue;  // T2/T4, tested only on the children that would be kept
        layer.push_back(Node{c.parent, static_cast<uint32_t>(moves.size()), c.count});
        moves.insert(moves.end(), pool.begin() + c.first, pool.begin() + c.first + c.count);
        next.push_back(q);
      }
      std::swap(cur, next);
      next.clear();
      cands.clear();
      pool.clear();
      for (uint32_t i = 0; i < layer.size(); ++i) {
        const TryPosition& p = cur[i];
        TryMove ms[TryRules::kMaxMoves];
        const int n = rules.Moves(p, ms);
        for (int j = 0; j < n; ++j) {
          if (ms[j].kind == Kind::kBuildHeap) continue;
          if (!Afford(1)) return false;
          TryPosition q = p;
          rules.Apply(q, ms[j]);
          ++nodes;
          path.assign(1, ms[j]);
          visited.clear();
          if (Closure(q, i, q.dealt < rules.deal->size ? kClosureCap : kEndClosureCap)) return finish();
          if (exhausted) return false;
        }
      }
    }
  }
};

// Each beam run's jitter seed: a different one for every width, score and
// variant, so no run repeats another's ranking.
uint64_t JitterSeed(size_t width, int64_t pilot, int variant) {
  return width * 7919 + static_cast<uint64_t>(pilot) + static_cast<uint64_t>(variant) * 7;
}

}  // namespace

bool FindWin(const TryRules& rules, const TryPosition& start, uint64_t budget, const std::function<bool()>& stop,
             std::vector<TryMove>& line, uint64_t& spent) {
  Beam beam(rules);
  beam.stop = &stop;
  Probe probe{rules};
  uint64_t playout = 0, chunk = kProbeFirstChunk;
  struct Config {
    int64_t pilot;
    size_t width;
    bool done;
    int variant;
  };
  // The diverse static beam three times per width, with three jitter seeds
  // (at a given width each seed is a fresh chance), then the two
  // playout-scored beams.
  std::array<Config, 5> configs = {{{0, kBeamFirstWidth, false, 0},
                                    {0, kBeamFirstWidth, false, 1},
                                    {0, kBeamFirstWidth, false, 2},
                                    {100, kPilotFirstWidth, false, 0},
                                    {1000, kPilotFirstWidth, false, 0}}};
  bool won = false;
  auto used = [&] { return beam.nodes + probe.steps; };
  for (bool any = true; any && !won && used() < budget;) {
    any = false;
    for (Config& c : configs) {
      if (c.done || won || used() >= budget || stop()) continue;
      any = true;
      beam.pilot = c.pilot;
      beam.jitter_seed = JitterSeed(c.width, c.pilot, c.variant);
      beam.diverse = c.pilot == 0;
      beam.budget = beam.nodes + (budget - used());
      won = beam.Run(start, c.width, line);
      c.done = !beam.truncated || c.width >= kBeamMaxWidth;  // a wider run would be the same
      c.width *= 2;
    }
    if (!won && used() < budget && !stop()) {
      any = true;
      const uint64_t until = probe.steps + std::min(chunk, budget - used());
      probe.limit = until;
      for (uint64_t n = 0; probe.steps < until && !won; ++n, ++playout) {
        if ((n & 63) == 63 && stop()) break;
        SplitMix64 rng(playout);
        const uint64_t before = probe.steps;
        won = probe.Playout(start, rng, line);
        if (probe.steps == before) ++probe.steps;  // a playout stuck at once still costs a node
      }
      chunk *= 2;
    }
  }
  spent += used();
  return won;
}

}  // namespace talon::try_again
