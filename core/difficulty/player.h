// The sensible player and what is measured with it: seeded playouts, the
// lookahead player that checks the grades, and the walk that counts critical
// choices on a winning line. Generic over a game's Player (below); each game
// writes its Player in its own files from its solver's compact rules.
// Design: docs/solvers/difficulty.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/hash.h"
#include "core/search_limits.h"
#include "core/shuffle.h"
#include "core/solution.h"

namespace talon::difficulty {

// A game's Player, as the templates below use it:
//
//   struct Player {
//     using Position = ...;  using Move = ...;   // Move has operator==
//     static constexpr int kMaxOptions;          // bound on Options()
//     static constexpr bool kCycles;             // positions can repeat
//     bool Won(const Position&) const;
//     // The sensible player's options, in a fixed order: exactly one when a
//     // move proved safe exists (the game's solver proves it), else every
//     // legal move its habits keep (moves reaching the same position once).
//     // 0: no move is left.
//     int Options(const Position&, Move* out) const;
//     void Apply(Position&, Move) const;
//     uint64_t KeyOf(const Position&) const;     // kCycles: the position's key
//     int Progress(const Position&) const;       // cards out of play (built, discarded)
//     int Value(const Position&) const;          // the lookahead player's value (more is better)
//     // Decides `p` within `limits`; when solved and `line` is not null, the
//     // winning line from `p` in this player's moves.
//     Verdict Decide(const Position& p, const SearchLimits& limits, std::vector<Move>* line) const;
//   };

// A set of 64-bit position keys, reused from playout to playout (clearing
// touches only the slots used).
class KeySet {
 public:
  // Returns false iff `key` was in the set.
  bool Insert(uint64_t key) {
    key |= 1;  // 0 marks an empty slot
    if ((used_.size() + 1) * 2 > slots_.size()) Grow();
    size_t i = Mix64(key) & (slots_.size() - 1);
    for (;; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == key) return false;
      if (slots_[i] == 0) break;
    }
    slots_[i] = key;
    used_.push_back(i);
    return true;
  }
  bool Contains(uint64_t key) const {
    if (slots_.empty()) return false;
    key |= 1;
    for (size_t i = Mix64(key) & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == key) return true;
      if (slots_[i] == 0) return false;
    }
  }
  void Clear() {
    for (size_t i : used_) slots_[i] = 0;
    used_.clear();
  }

 private:
  void Grow() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    slots_.assign(std::max<size_t>(1024, old.size() * 2), 0);
    used_.clear();
    for (uint64_t k : old)
      if (k) Insert(k);
  }
  std::vector<uint64_t> slots_;
  std::vector<size_t> used_;
};

// The options of `p` less those that return to a position in `seen`
// (games with cycles only). Returns how many are left in out[0..n).
template <class Player>
int FreshOptions(const Player& player, const typename Player::Position& p, KeySet& seen,
                 typename Player::Move* out) {
  int n = player.Options(p, out);
  if constexpr (Player::kCycles) {
    int k = 0;
    for (int i = 0; i < n; ++i) {
      typename Player::Position child = p;
      player.Apply(child, out[i]);
      if (!seen.Contains(player.KeyOf(child))) out[k++] = out[i];
    }
    n = k;
  }
  return n;
}

// How a playout ended: won, and the cards out of play (Player::Progress).
struct PlayoutEnd {
  bool won = false;
  int progress = 0;
};

// Plays from `start` until a win, no option left or `max_moves` moves: the
// one option when there is one, else options[choose(p, options, n, seen)]
// (n > 1). A game with cycles never returns to a position it has seen.
// Returns the position reached.
template <class Player, class Choose>
typename Player::Position PlayOut(const Player& player, const typename Player::Position& start, int max_moves,
                                  Choose choose) {
  thread_local KeySet seen;
  seen.Clear();
  typename Player::Position p = start;
  typename Player::Move options[Player::kMaxOptions];
  if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
  for (int move = 0; move < max_moves && !player.Won(p); ++move) {
    const int n = FreshOptions(player, p, seen, options);
    if (n == 0) break;
    player.Apply(p, options[n == 1 ? 0 : choose(p, options, n, seen)]);
    if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
  }
  return p;
}

// One game of the sensible player from `start`: the one option when there is
// one, else an option drawn uniformly with `rng`. A game with cycles never
// returns to a position it has seen. Won only within `max_moves` moves.
template <class Player>
PlayoutEnd RandomPlayout(const Player& player, const typename Player::Position& start, SplitMix64& rng,
                         int max_moves) {
  const typename Player::Position end =
      PlayOut(player, start, max_moves, [&](const typename Player::Position&, const typename Player::Move*, int n,
                                            const KeySet&) { return static_cast<int>(rng.Below(static_cast<uint64_t>(n))); });
  return {player.Won(end), player.Progress(end)};
}

// How the lookahead player values a position: a win above everything, a
// position without moves below everything, else the player's Value, then
// the options left. Forced moves (one option) are played out first.
template <class Player>
int64_t LookaheadValue(const Player& player, typename Player::Position p, const KeySet& seen) {
  typename Player::Move options[Player::kMaxOptions];
  for (int forced = 0; forced < 64; ++forced) {
    if (player.Won(p)) return INT64_MAX;
    int n = player.Options(p, options);
    if constexpr (Player::kCycles) {
      int k = 0;  // keeps the options to unseen positions, in order
      for (int i = 0; i < n; ++i) {
        typename Player::Position child = p;
        player.Apply(child, options[i]);
        if (!seen.Contains(player.KeyOf(child))) options[k++] = options[i];
      }
      n = k;
    }
    if (n == 0) return INT64_MIN;
    if (n > 1) return int64_t{player.Value(p)} * 1024 + std::min(n, 1023);
    player.Apply(p, options[0]);
  }
  return int64_t{player.Value(p)} * 1024;
}

// The lookahead player's choice among options[0..n) from `p`: it plays each
// in thought and takes the best LookaheadValue, ties drawn uniformly with `rng`.
template <class Player>
int LookaheadPick(const Player& player, const typename Player::Position& p, const typename Player::Move* options,
                  int n, const KeySet& seen, SplitMix64& rng) {
  int pick = 0;
  int64_t best = INT64_MIN;
  uint64_t ties = 0;
  for (int i = 0; i < n; ++i) {
    typename Player::Position child = p;
    player.Apply(child, options[i]);
    const int64_t v = LookaheadValue(player, child, seen);
    if (v > best || i == 0) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v == best && rng.Below(++ties) == 0) {  // uniform among the best
      pick = i;
    }
  }
  return pick;
}

// One game of the lookahead player (the check of the grades, not the
// measure): at each choice it plays the option LookaheadPick takes.
template <class Player>
bool LookaheadPlayout(const Player& player, const typename Player::Position& start, SplitMix64& rng,
                      int max_moves) {
  return player.Won(PlayOut(player, start, max_moves,
                            [&](const typename Player::Position& p, const typename Player::Move* options, int n,
                                const KeySet& seen) { return LookaheadPick(player, p, options, n, seen, rng); }));
}

// One game of the thinking player (the check of the grades in games where
// the lookahead player rarely wins): at each choice it looks for a win with
// its solver within `limits` and, when it finds one, plays it out (even
// through positions seen before); until then it plays as the lookahead
// player (ties drawn with `rng`).
template <class Player>
bool ThinkingPlayout(const Player& player, const typename Player::Position& start, SplitMix64& rng,
                     int max_moves, const SearchLimits& limits) {
  thread_local KeySet seen;
  thread_local std::vector<typename Player::Move> line;
  seen.Clear();
  line.clear();
  size_t next = 0;
  typename Player::Position p = start;
  typename Player::Move options[Player::kMaxOptions];
  if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
  for (int move = 0; move < max_moves; ++move) {
    if (player.Won(p)) return true;
    int pick = -1;
    int n = player.Options(p, options);
    if (next < line.size()) {  // a win found before is played out
      options[0] = line[next++];
      pick = 0;
    } else if (n > 1 && (line.clear(), next = 0, player.Decide(p, limits, &line) == Verdict::kSolved) &&
               !line.empty()) {
      options[0] = line[next++];
      pick = 0;
    } else {
      n = FreshOptions(player, p, seen, options);
      if (n == 0) return false;
      pick = n > 1 ? LookaheadPick(player, p, options, n, seen, rng) : 0;
    }
    player.Apply(p, options[pick]);
    if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
  }
  return player.Won(p);
}

// What the walk along a winning line finds.
struct WalkCount {
  int choices = 0;    // positions with two options or more
  int critical = 0;   // ... where every other option was proved lost
  int unsure = 0;     // ... where none was proved winnable, some not decided
  bool complete = false;  // the walk reached a win
};

// Walks a winning line from `start` (the sensible player's forced moves
// included; `line` is a winning line from start in the player's moves) and
// counts, at each position with two options or more, whether another
// option than the line's keeps a win: each is decided with `child_limits`
// until one is proved winnable. When the player's forced move leaves the
// line, the position reached is decided again (with `line_limits`) for a
// new line; the walk stops, incomplete, when that fails.
template <class Player>
WalkCount WalkLine(const Player& player, const typename Player::Position& start,
                   std::vector<typename Player::Move> line, const SearchLimits& child_limits,
                   const SearchLimits& line_limits, int max_moves) {
  using Move = typename Player::Move;
  WalkCount count;
  thread_local KeySet seen;
  seen.Clear();
  typename Player::Position p = start;
  Move options[Player::kMaxOptions];
  size_t next = 0;  // line[next] is the line's move from p, if next < line.size()
  if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
  auto find = [&](int n) {
    if (next >= line.size()) return -1;
    for (int i = 0; i < n; ++i)
      if (options[i] == line[next]) return i;
    return -1;
  };
  for (int move = 0; move < max_moves; ++move) {
    if (player.Won(p)) {
      count.complete = true;
      return count;
    }
    const int n = FreshOptions(player, p, seen, options);
    if (n == 0) return count;
    int k = find(n);
    if (n == 1) {
      next = k == 0 ? next + 1 : line.size();  // off the line: decided at the next choice
      player.Apply(p, options[0]);
      if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
      continue;
    }
    if (k < 0) {  // a new winning line from here
      line.clear();
      next = 0;
      if (player.Decide(p, line_limits, &line) != Verdict::kSolved) return count;
      k = find(n);
      if (k < 0) return count;
    }
    ++count.choices;
    bool other = false, undecided = false;
    for (int i = 0; i < n && !other; ++i) {
      if (i == k) continue;
      typename Player::Position child = p;
      player.Apply(child, options[i]);
      const Verdict v = player.Decide(child, child_limits, nullptr);
      other = v == Verdict::kSolved;
      undecided = undecided || v == Verdict::kUnknown;
      if (v == Verdict::kUnknown && child_limits.cancel &&
          child_limits.cancel->load(std::memory_order_relaxed))
        return count;
    }
    if (!other) ++(undecided ? count.unsure : count.critical);
    player.Apply(p, options[k]);
    ++next;
    if constexpr (Player::kCycles) seen.Insert(player.KeyOf(p));
  }
  return count;
}

}  // namespace talon::difficulty
