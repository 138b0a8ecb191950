// Reproduces every line of the spec's test vectors (tests/data/shuffle-vectors.txt,
// a verbatim copy of ../shared/spec/shuffle-vectors.txt).
#include "core/shuffle.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "test_util.h"

namespace talon {
namespace {

TEST(Shuffle, ReproducesEverySpecVector) {
  std::ifstream in(test::TestDataPath("shuffle-vectors.txt"));
  ASSERT_TRUE(in) << "missing shuffle-vectors.txt";
  std::string line;
  int checked = 0, kinds[3] = {0, 0, 0};
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    if (kind == "splitmix64") {
      std::string seed;
      words >> seed;
      seed.pop_back();  // the ':'
      SplitMix64 rng(std::stoull(seed));
      std::string hex;
      while (words >> hex) EXPECT_EQ(rng.Next(), std::stoull(hex, nullptr, 16)) << line;
      ++kinds[0];
    } else if (kind == "below") {
      std::string seed, n;
      words >> seed >> n;
      n.pop_back();
      SplitMix64 rng(std::stoull(seed));
      uint64_t want;
      while (words >> want) EXPECT_EQ(rng.Below(std::stoull(n)), want) << line;
      ++kinds[1];
    } else if (kind == "deck") {
      int decks;
      std::string seed;
      words >> decks >> seed;
      seed.pop_back();
      std::vector<Card> deck = ShuffledDeck(std::stoull(seed), decks);
      std::string name;
      size_t i = 0;
      while (words >> name) {
        ASSERT_LT(i, deck.size()) << line;
        EXPECT_EQ(CardName(deck[i++]), name) << line << " at index " << i - 1;
      }
      EXPECT_EQ(i, deck.size()) << line;
      ++kinds[2];
    } else {
      FAIL() << "unknown vector line: " << line;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 20);
  EXPECT_GT(kinds[0], 0);
  EXPECT_GT(kinds[1], 0);
  EXPECT_GT(kinds[2], 0);
}

TEST(Shuffle, CanonicalDeckOrder) {
  std::vector<Card> deck(104);
  CanonicalDeck(2, deck);
  EXPECT_EQ(CardName(deck[0]), "AC");
  EXPECT_EQ(CardName(deck[12]), "KC");
  EXPECT_EQ(CardName(deck[13]), "AD");
  EXPECT_EQ(CardName(deck[51]), "KS");
  EXPECT_EQ(CardName(deck[52]), "AC");
}

TEST(Card, ParsesEveryAcceptedSpelling) {
  EXPECT_EQ(ParseCard("TH"), Card(10, kHearts));
  EXPECT_EQ(ParseCard("10h"), Card(10, kHearts));
  EXPECT_EQ(ParseCard("10\u2665"), Card(10, kHearts));
  EXPECT_EQ(ParseCard("a\u2660"), Card(1, kSpades));
  EXPECT_EQ(ParseCard("kc"), Card(13, kClubs));
  EXPECT_EQ(ParseCard("Q\u2662"), Card(12, kDiamonds));
  EXPECT_FALSE(ParseCard("1H"));
  EXPECT_FALSE(ParseCard("KX"));
  EXPECT_FALSE(ParseCard("KHH"));
  EXPECT_FALSE(ParseCard(""));
  EXPECT_EQ(CardLabel(Card(10, kHearts)), "10\u2665");
  EXPECT_EQ(CardName(Card(1, kSpades)), "AS");
}

}  // namespace
}  // namespace talon

namespace talon {
namespace {

// ShuffledDeck (which may take shortcuts for speed) must
// equal the plain Fisher-Yates with SplitMix64::Below, draw for draw.
TEST(Shuffle, FastPathEqualsPlainFisherYates) {
  for (int decks : {1, 3}) {
    for (uint64_t seed : {uint64_t{0}, uint64_t{1}, uint64_t{77}, uint64_t{123456789},
                          ~uint64_t{0}, uint64_t{1} << 63}) {
      std::vector<Card> plain(static_cast<size_t>(52 * decks));
      CanonicalDeck(decks, plain);
      SplitMix64 rng(seed);
      for (size_t i = plain.size() - 1; i >= 1; --i) std::swap(plain[i], plain[rng.Below(i + 1)]);
      EXPECT_EQ(ShuffledDeck(seed, decks), plain) << decks << " decks, seed " << seed;
    }
  }
  for (uint64_t seed = 0; seed < 20000; ++seed) {
    std::vector<Card> plain(52);
    CanonicalDeck(1, plain);
    SplitMix64 rng(seed);
    for (size_t i = 51; i >= 1; --i) std::swap(plain[i], plain[rng.Below(i + 1)]);
    ASSERT_EQ(ShuffledDeck(seed, 1), plain) << "seed " << seed;
  }
}

}  // namespace
}  // namespace talon
