// Where a game went wrong: deciding the position a prefix of moves reaches,
// and the first move after which no win existed (talon-solve --after,
// talon-verify --explain; docs/tools.md).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/game.h"

namespace talon {

// Decides the position after moves[0..k) from the deal's start (replayed
// through the checker; Game::SolveTable). REQUIRES: those moves are legal.
SolveResult DecideAfter(const Game& game, const Deal& deal, std::span<const MoveSpec> moves, size_t k,
                        const SearchLimits& limits);

struct LossPoint {
  enum class Kind {
    kNeverWinnable,  // the deal itself cannot be won
    kStillWinnable,  // the position after every move can still be won (`line` the rest)
    kLostAt,         // move `move` (from 1) lost: a win existed before it, none after
    kUndecided,      // a limit stopped a search; the loss lies in moves lo+1..hi
  };
  Kind kind = Kind::kUndecided;
  size_t move = 0;              // kLostAt
  std::vector<MoveSpec> line;   // kLostAt: a winning line from before move `move`; kStillWinnable: the rest
  size_t lo = 0, hi = 0;        // kUndecided: the position after lo moves is winnable (or lo = 0 undecided)
  uint64_t nodes = 0;           // positions searched in all
};

// Finds the first move of `moves` after which the position cannot be won:
// the positions after each prefix are decided by binary search (once lost,
// always lost). Each search gets `limits`. REQUIRES: every move is legal.
LossPoint FindLoss(const Game& game, const Deal& deal, std::span<const MoveSpec> moves,
                   const SearchLimits& limits);

}  // namespace talon
