// The "pairs to fourteen" games' layouts (Fourteen Out, Take Fourteen,
// Triple Fourteens): how a deck is dealt into piles, shared by the games'
// dealing and the solver's allocation-free deal.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/deal.h"

namespace talon::fourteens {

inline constexpr int kMaxPiles = 24;

// How a game lays out its deck.
struct Layout {
  int piles = 12;
  int decks = 1;
  bool round_robin = false;  // card i on top of pile (i mod piles); else pile by pile
  std::array<uint8_t, kMaxPiles> sizes{};  // cards dealt to each pile
};

// Calls put(pile, card) for every card of `deck` in dealing order (deck[0]
// first; each card goes on top of its pile). Allocates nothing.
// REQUIRES: deck.size() == sum of layout.sizes.
template <class Put>
void DealInOrder(const Layout& layout, std::span<const Card> deck, Put&& put) {
  if (layout.round_robin) {  // card i on pile i mod piles, counted without dividing
    int p = 0;
    for (const Card c : deck) {
      put(p, c);
      if (++p == layout.piles) p = 0;
    }
    return;
  }
  size_t i = 0;
  for (int p = 0; p < layout.piles; ++p)
    for (int c = 0; c < layout.sizes[static_cast<size_t>(p)]; ++c) put(p, deck[i++]);
}

inline Areas DealAreas(const Layout& layout, std::span<const Card> deck) {
  Areas a;
  a.tableau.resize(static_cast<size_t>(layout.piles));
  for (int p = 0; p < layout.piles; ++p)
    a.tableau[static_cast<size_t>(p)].reserve(layout.sizes[static_cast<size_t>(p)]);
  DealInOrder(layout, deck, [&](int p, Card c) { a.tableau[static_cast<size_t>(p)].push_back(c); });
  return a;
}

}  // namespace talon::fourteens
