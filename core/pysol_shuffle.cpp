#include "core/pysol_shuffle.h"

#include <algorithm>
#include <utility>

namespace talon {

namespace {

// MT19937's constants (Matsumoto and Nishimura), as in CPython's _randommodule.c.
constexpr int kN = 624, kM = 397;
constexpr uint32_t kMatrixA = 0x9908b0dfU, kUpper = 0x80000000U, kLower = 0x7fffffffU;

}  // namespace

PysolTwister::PysolTwister(uint64_t seed) {
  // init_genrand(19650218)
  mt_[0] = 19650218U;
  for (int i = 1; i < kN; ++i)
    mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
  // init_by_array(key): the seed's 32-bit words, least significant first.
  uint32_t key[2] = {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
  const int key_length = (seed >> 32) != 0 ? 2 : 1;
  int i = 1, j = 0;
  for (int k = std::max(kN, key_length); k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
    ++i;
    ++j;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
    if (j >= key_length) j = 0;
  }
  for (int k = kN - 1; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
    ++i;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000U;
  index_ = kN;
}

void PysolTwister::Twist() {
  for (int k = 0; k < kN; ++k) {
    const uint32_t y = (mt_[k] & kUpper) | (mt_[(k + 1) % kN] & kLower);
    mt_[k] = mt_[(k + kM) % kN] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
  }
  index_ = 0;
}

uint32_t PysolTwister::Next() {
  if (index_ >= kN) Twist();
  uint32_t y = mt_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

double PysolTwister::Random() {
  const uint32_t a = Next() >> 5, b = Next() >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

std::vector<Card> PysolPack(uint64_t number, int decks) {
  static constexpr Suit kPysolSuits[4] = {kClubs, kSpades, kHearts, kDiamonds};
  std::vector<Card> pack;
  pack.reserve(static_cast<size_t>(52 * decks));
  for (int d = 0; d < decks; ++d)
    for (Suit s : kPysolSuits)
      for (int rank = 1; rank <= 13; ++rank) pack.emplace_back(rank, s);
  if (number < kPysolLcgBound && pack.size() == 52) {
    // FreeCell's order: rank by rank, taking the cards at 0, 39, 26, 13 from
    // each rank's place (clubs, diamonds, hearts, spades).
    std::vector<Card> ms;
    ms.reserve(52);
    for (size_t i = 0; i < 13; ++i)
      for (size_t j : {0, 39, 26, 13}) ms.push_back(pack[i + j]);
    pack = std::move(ms);
  }
  return pack;
}

namespace {

template <class Rng>
void ShuffleWith(Rng rng, std::vector<Card>& cards) {
  for (size_t n = cards.size() - 1; n > 0; --n) {
    const size_t j = rng.Below(static_cast<uint32_t>(n));
    std::swap(cards[n], cards[j]);
  }
}

}  // namespace

std::vector<Card> PysolShuffledTalon(uint64_t number, int decks) {
  std::vector<Card> cards = PysolPack(number, decks);
  if (number < kPysolLcgBound)
    ShuffleWith(PysolLcg(number), cards);
  else
    ShuffleWith(PysolTwister(number), cards);
  return cards;
}

std::vector<Card> PysolDealtOrder(uint64_t number, int decks) {
  std::vector<Card> cards = PysolShuffledTalon(number, decks);
  std::reverse(cards.begin(), cards.end());
  return cards;
}

}  // namespace talon
