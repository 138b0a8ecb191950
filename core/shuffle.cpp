#include "core/shuffle.h"

#include <cassert>
#include <utility>

namespace talon {

void CanonicalDeck(int decks, std::span<Card> deck) {
  assert(deck.size() == static_cast<size_t>(52 * decks));
  size_t i = 0;
  for (int copy = 0; copy < decks; ++copy)
    for (int suit = 0; suit < 4; ++suit)
      for (int rank = 1; rank <= 13; ++rank) deck[i++] = Card(rank, static_cast<Suit>(suit));
}

void ShuffledDeck(uint64_t deal_number, int decks, std::span<Card> deck) {
  CanonicalDeck(decks, deck);
  SplitMix64 rng(deal_number);
  for (size_t i = deck.size() - 1; i >= 1; --i) {
    size_t j = static_cast<size_t>(rng.Below(i + 1));
    std::swap(deck[i], deck[j]);
  }
}

std::vector<Card> ShuffledDeck(uint64_t deal_number, int decks) {
  std::vector<Card> deck(static_cast<size_t>(52 * decks));
  ShuffledDeck(deal_number, decks, deck);
  return deck;
}

}  // namespace talon
