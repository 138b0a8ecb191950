// A game's difficulty model: its sensible player's measures of a deal (the
// share of seeded playouts won, the critical choices on a winning line) and
// the lookahead player that checks the grades. A game with choices that
// matter returns one from Game::difficulty(); PlayerModel makes it from the
// game's Player (core/difficulty/player.h). Design: docs/solvers/difficulty.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "core/deal.h"
#include "core/difficulty/player.h"
#include "core/move.h"
#include "core/search_limits.h"

namespace talon {

// What the measure of a deal costs and how its parts combine, per game.
struct DifficultySettings {
  int playouts = 200;           // K: the sensible player's playouts per deal
  uint64_t child_nodes = 20000; // the solver's budget (positions) to decide one option
                                // (ten times that for a new winning line)
  int max_moves = 2000;         // a playout or walk ends (lost) after this many moves
  // score = 100 * (1 - won share) + progress_weight * 100 * (1 - progress)
  //       + critical_weight * (critical + unsure / 2)
  double progress_weight = 0.0;
  double critical_weight = 1.0;
  // The check of the grades: the lookahead player (check_nodes 0) or the
  // thinking player with this budget per look, and its playouts per deal.
  uint64_t check_nodes = 0;
  int check_playouts = 50;
};

// The measures of one winnable deal.
struct DifficultyMeasure {
  int playouts = 0;   // K
  int wins = 0;       // playouts the sensible player won
  int cards = 0;      // the cards the game puts out of play (52 a deck)
  // The mean share of the cards out of play at the end of the playouts
  // (1 for a win), in [0, 1].
  double progress = 0;
  int choices = 0;    // positions on the winning line walked with two options or more
  int critical = 0;   // ... where every other option was proved lost
  int unsure = 0;     // ... where no other option was proved winnable, some undecided
  bool line_complete = false;  // the walk reached a win (else it stopped undecided)
  double score = 0;   // the combined score (DifficultySettings)
  friend bool operator==(const DifficultyMeasure&, const DifficultyMeasure&) = default;
};

// The seed of everything random about a deal: a hash of its game, options,
// number and shuffle (or, hand-made, its cards), never of the clock or the
// thread.
uint64_t DealSeed(const Deal& deal);
// The generator of playout `index` of the player `tag` (1 the sensible
// player, 2 the lookahead player) of a deal with seed `deal_seed`.
SplitMix64 PlayoutRng(uint64_t deal_seed, uint64_t tag, uint64_t index);

class DifficultyModel {
 public:
  explicit DifficultyModel(DifficultySettings settings) : settings_(settings) {}
  virtual ~DifficultyModel() = default;
  const DifficultySettings& settings() const { return settings_; }

  // The measures of `deal`, won by `line` (the solver's winning line).
  // Children are decided with settings().child_nodes positions and `base`'s
  // memory and cancel flag. REQUIRES: CheckDeal(deal).ok(); `line` wins.
  virtual DifficultyMeasure Measure(const Deal& deal, std::span<const MoveSpec> line,
                                    const SearchLimits& base) const = 0;
  // The wins of `n` playouts of the sensible player (tag 1) or the checking
  // player (tag 2: settings().check_nodes), seeded from the deal.
  virtual int Wins(const Deal& deal, int n, int tag) const = 0;

 private:
  DifficultySettings settings_;
};

// Combines the parts as `settings` says.
double DifficultyScore(const DifficultyMeasure& m, const DifficultySettings& settings);

// How a solver's MoveSpec reads as a player's move (Player::ToMove).
enum class LineStep { kMove, kDone, kNone };

// The model of a game from its Player, which also has
//   bool Load(const Deal&, Position& start);  // false: the deal does not fit
//   // A solver's MoveSpec played from p: kMove (the player's `move`), kDone
//   // (a safe move the player's Apply made already), kNone (no such move).
//   LineStep ToMove(const Position& p, const MoveSpec& spec, Move& move) const;
// Load may keep per-deal tables in the Player, so each thread has its own.
template <class Player>
class PlayerModel final : public DifficultyModel {
 public:
  using DifficultyModel::DifficultyModel;

  DifficultyMeasure Measure(const Deal& deal, std::span<const MoveSpec> line,
                            const SearchLimits& base) const override {
    DifficultyMeasure m;
    m.playouts = settings().playouts;
    m.cards = static_cast<int>(deal.areas.CardCount());
    thread_local Player player;
    typename Player::Position start;
    if (!player.Load(deal, start)) return m;
    const uint64_t seed = DealSeed(deal);
    int64_t out = 0;
    for (int i = 0; i < m.playouts; ++i) {
      SplitMix64 rng = PlayoutRng(seed, 1, static_cast<uint64_t>(i));
      const difficulty::PlayoutEnd end = difficulty::RandomPlayout(player, start, rng, settings().max_moves);
      m.wins += end.won;
      out += end.won ? m.cards : end.progress;
    }
    m.progress = m.playouts && m.cards ? static_cast<double>(out) / (double{1} * m.playouts * m.cards) : 0;
    // The solver's line in the player's moves, as far as they go.
    std::vector<typename Player::Move> moves;
    typename Player::Position p = start;
    for (const MoveSpec& spec : line) {
      typename Player::Move move;
      const LineStep step = player.ToMove(p, spec, move);
      if (step == LineStep::kNone) break;
      if (step == LineStep::kDone) continue;
      moves.push_back(move);
      player.Apply(p, move);
    }
    SearchLimits child = base;
    child.max_nodes = settings().child_nodes;
    child.max_seconds = 0;
    SearchLimits again = child;  // a new line, where the player's forced move leaves the old one
    again.max_nodes = 10 * settings().child_nodes;
    const difficulty::WalkCount walk =
        difficulty::WalkLine(player, start, std::move(moves), child, again, settings().max_moves);
    m.choices = walk.choices;
    m.critical = walk.critical;
    m.unsure = walk.unsure;
    m.line_complete = walk.complete;
    m.score = DifficultyScore(m, settings());
    return m;
  }

  int Wins(const Deal& deal, int n, int tag) const override {
    thread_local Player player;
    typename Player::Position start;
    if (!player.Load(deal, start)) return 0;
    const uint64_t seed = DealSeed(deal);
    SearchLimits think;
    think.max_nodes = settings().check_nodes;
    int wins = 0;
    for (int i = 0; i < n; ++i) {
      SplitMix64 rng = PlayoutRng(seed, static_cast<uint64_t>(tag), static_cast<uint64_t>(i));
      if (tag == 1)
        wins += difficulty::RandomPlayout(player, start, rng, settings().max_moves).won;
      else if (settings().check_nodes == 0)
        wins += difficulty::LookaheadPlayout(player, start, rng, settings().max_moves);
      else
        wins += difficulty::ThinkingPlayout(player, start, rng, settings().max_moves, think);
    }
    return wins;
  }
};

}  // namespace talon
