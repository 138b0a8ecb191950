#include "core/shuffle.h"

#include <array>
#include <cassert>
#include <cstring>
#include <utility>

namespace talon {
namespace {

// below(n) for a divisor known at compile time. The spec's `(2^64 - n) mod n`
// and `r mod n` then compile to multiplications instead of 64-bit divisions,
// which were most of the shuffle's time (one per card). Same arithmetic,
// same results: shuffle_test checks it against the plain loop and the vectors.
template <uint64_t n>
inline uint64_t BelowConst(SplitMix64& rng) {
  constexpr uint64_t threshold = (0 - n) % n;
  for (;;) {
    uint64_t r = rng.Next();
    if (r >= threshold) return r % n;
  }
}

// Fisher-Yates from the end with every step's divisor a constant: step k
// (k = 0, 1, ...) has i = size-1-k and draws below(i+1). The comma fold runs
// the steps left to right, in the spec's order.
template <size_t kSize, size_t... k>
inline void FisherYatesConst(SplitMix64& rng, Card* deck, std::index_sequence<k...>) {
  ((std::swap(deck[kSize - 1 - k], deck[BelowConst<kSize - k>(rng)])), ...);
}

template <int kDecks>
constexpr std::array<Card, 52 * kDecks> MakeCanonical() {
  std::array<Card, 52 * kDecks> deck{};
  size_t i = 0;
  for (int copy = 0; copy < kDecks; ++copy)
    for (int suit = 0; suit < 4; ++suit)
      for (int rank = 1; rank <= 13; ++rank) deck[i++] = Card(rank, static_cast<Suit>(suit));
  return deck;
}

template <int kDecks>
void ShuffleConst(uint64_t deal_number, std::span<Card> deck) {
  static constexpr auto kCanonical = MakeCanonical<kDecks>();
  constexpr size_t kSize = kCanonical.size();
  std::memcpy(deck.data(), kCanonical.data(), sizeof kCanonical);
  SplitMix64 rng(deal_number);
  FisherYatesConst<kSize>(rng, deck.data(), std::make_index_sequence<kSize - 1>());
}

}  // namespace

void CanonicalDeck(int decks, std::span<Card> deck) {
  assert(deck.size() == static_cast<size_t>(52 * decks));
  size_t i = 0;
  for (int copy = 0; copy < decks; ++copy)
    for (int suit = 0; suit < 4; ++suit)
      for (int rank = 1; rank <= 13; ++rank) deck[i++] = Card(rank, static_cast<Suit>(suit));
}

void ShuffledDeck(uint64_t deal_number, int decks, std::span<Card> deck) {
  assert(deck.size() == static_cast<size_t>(52 * decks));
  if (decks == 1) return ShuffleConst<1>(deal_number, deck);
  if (decks == 3) return ShuffleConst<3>(deal_number, deck);
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
