// Fourteen Out (docs/rules/fourteen-out.md): 52 cards face up in 12 piles,
// dealt pile by pile (piles 1-4 five cards, piles 5-12 four; deck[0] at the
// bottom of pile 1). Remove the top cards of two different piles whose values
// sum to 14. The checker is core/games/fourteens/pairs_game.h, the solver
// docs/solvers/adding-games.md.
#include "core/games/fourteens/pairs_game.h"
#include "core/games/games.h"

namespace talon {
namespace {

constexpr fourteens::Layout kLayout{12, 1, false, {5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4}};

class FourteenOut final : public fourteens::PairsGame<12, 5> {
 public:
  FourteenOut()
      : PairsGame(kLayout, {
            .id = "fourteen-out",
            .title = "Fourteen Out",
            .areas = {Area::kTableau},
        }) {}

  std::string RulesText(const Options&) const override {
    return "All 52 cards are dealt face up into twelve piles, pile by pile: five cards to "
           "each of the first four piles, four to each of the other eight. Remove the top "
           "cards of any two different piles whose values sum to 14 (A=1, J=11, Q=12, K=13: "
           "A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7). Empty piles stay empty. You win when every "
           "card is removed.";
  }

  // PySolFC's Fourteen deals round robin (card k on pile k mod 12): pile p
  // holds dealt[p], dealt[p + 12], ... bottom to top; this game deals pile by
  // pile, so its deck lists pile 1's cards, then pile 2's, ... (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    std::vector<Card> deck;
    deck.reserve(dealt.size());
    for (size_t p = 0; p < 12; ++p)
      for (size_t k = p; k < dealt.size(); k += 12) deck.push_back(dealt[k]);
    return deck;
  }
};

}  // namespace

const Game& FourteenOutGame() {
  static const FourteenOut game;
  return game;
}

}  // namespace talon
