// Take Fourteen (docs/rules/take-fourteen.md): the play of Fourteen Out, but
// the 52 cards are dealt one at a time round the twelve piles (card i on top
// of pile (i mod 12) + 1), so piles 1-4 get five cards and 5-12 four. The
// checker is core/games/fourteens/pairs_game.h, the solver
// docs/solvers/adding-games.md.
#include "core/games/fourteens/pairs_game.h"
#include "core/games/games.h"

namespace talon {
namespace {

constexpr fourteens::Layout kLayout{12, 1, true, {5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4}};

class TakeFourteen final : public fourteens::PairsGame<12, 5> {
 public:
  TakeFourteen()
      : PairsGame(kLayout, {
            .id = "take-fourteen",
            .title = "Take Fourteen",
            .areas = {Area::kTableau},
        }) {}

  std::string RulesText(const Options&) const override {
    return "All 52 cards are dealt face up one at a time round twelve piles, so the first "
           "four piles get five cards and the others four. Remove the top cards of any two "
           "different piles whose values sum to 14 (A=1, J=11, Q=12, K=13: A+K, 2+Q, 3+J, "
           "4+10, 5+9, 6+8, 7+7); every card stays in view, but only top cards may be taken. "
           "Empty piles stay empty. You win when every card is removed.";
  }

  // PySolFC's Fourteen (also named Take Fourteen there) deals round robin
  // too, so its order is this game's (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    return std::vector<Card>(dealt.begin(), dealt.end());
  }
};

}  // namespace

const Game& TakeFourteenGame() {
  static const TakeFourteen game;
  return game;
}

}  // namespace talon
