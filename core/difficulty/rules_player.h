// The part of a Player (player.h) that a game writes alike when the sensible
// player's options are exactly its solver's moves and no move returns to a
// position seen before (every move puts a card out or draws one).
#pragma once

namespace talon::difficulty {

// `Self` (the Player) gives `const Rules& rules() const`; Rules has
// Position, Move, kMaxMoves, Won, Moves (in a fixed order) and Apply.
template <class Self, class Rules>
class RulesPlayer {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  static constexpr int kMaxOptions = Rules::kMaxMoves;
  static constexpr bool kCycles = false;

  bool Won(const Position& p) const { return Of().Won(p); }
  int Options(const Position& p, Move* out) const { return Of().Moves(p, out); }
  void Apply(Position& p, Move m) const { Of().Apply(p, m); }

 private:
  const Rules& Of() const { return static_cast<const Self&>(*this).rules(); }
};

}  // namespace talon::difficulty
