// Triple Fourteens (docs/rules/triple-fourteens.md): three decks (156 cards)
// face up in 24 piles, dealt pile by pile: piles 1-12 seven cards, piles
// 13-24 six. Remove the top cards of two different piles whose values sum to
// 14. The checker is core/games/fourteens/pairs_game.h, the solver
// docs/solvers/adding-games.md.
#include "core/games/fourteens/pairs_game.h"
#include "core/games/games.h"

namespace talon {
namespace {

constexpr fourteens::Layout kLayout{24, 3, false, {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
                                                   6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6}};

class TripleFourteens final : public fourteens::PairsGame<24, 7> {
 public:
  TripleFourteens()
      : PairsGame(kLayout, {
            .id = "triple-fourteens",
            .title = "Triple Fourteens",
            .decks = 3,
            .areas = {Area::kTableau},
        }) {}

  std::string RulesText(const Options&) const override {
    return "Three decks (156 cards) are dealt face up into 24 piles, pile by pile: seven "
           "cards to each of the first twelve piles, six to each of the other twelve. Remove "
           "the top cards of any two different piles whose values sum to 14 (A=1, J=11, Q=12, "
           "K=13: A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7). Empty piles stay empty. You win when "
           "every card is removed.";
  }

  Expected<std::vector<Card>> PysolDeck(std::span<const Card>, const Options&) const override {
    return Status::Usage("--shuffle pysol: PySolFC has no three-deck Fourteens (its nearest, "
                         "Double Fourteen, deals two decks to 18 piles), so no PySolFC game "
                         "number names a deal of Triple Fourteens (docs/pysol.md)");
  }
};

}  // namespace

const Game& TripleFourteensGame() {
  static const TripleFourteens game;
  return game;
}

}  // namespace talon
