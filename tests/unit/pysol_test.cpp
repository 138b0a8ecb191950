// Shuffle "pysol": PySolFC's game numbers. The vectors (tests/data/pysol-vectors.txt)
// come from a model of PySolFC's dealing written from its sources; the Mersenne
// Twister lines are CPython's own outputs.
#include "core/pysol_shuffle.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/solution_io.h"
#include "test_util.h"

namespace talon {
namespace {
using test::TestDataPath;

std::vector<Card> ParseCards(std::istream& in) {
  std::vector<Card> cards;
  std::string word;
  while (in >> word) {
    auto c = ParseCard(word);
    EXPECT_TRUE(c.has_value()) << word;
    if (c) cards.push_back(*c);
  }
  return cards;
}

std::string Names(const Pile& cards) {
  std::string out;
  for (Card c : cards) out += (out.empty() ? "" : " ") + CardName(c);
  return out;
}

Deal Pysol(std::string_view game, uint64_t number, const Options& options = {}) {
  auto d = MakeDeal(*FindGame(game), number, options, Shuffle::kPysol);
  EXPECT_TRUE(d.ok()) << d.status().message();
  return d.ok() ? *d : Deal{};
}

TEST(PysolShuffle, FourteenOneIsPySolFCsFourteenOne) {
  const Deal d = Pysol("fourteen-out", 1);
  const char* const want[12] = {"JD AD 4C 8H 6S", "2D QC 5C 2C 9C", "9H KH TS JH 2H", "JC 3H QH 7D 6H",
                                "5D 2S 4H 6D",    "7H KS AC 8S",    "7C 9D 4D 8D",    "5H QD 7S QS",
                                "KD JS 3S 6C",    "KC AS TD 3D",    "9S AH 4S 8C",    "5S 3C TH TC"};
  ASSERT_EQ(d.areas.tableau.size(), 12u);
  for (size_t p = 0; p < 12; ++p) EXPECT_EQ(Names(d.areas.tableau[p]), want[p]) << "pile " << p + 1;
  EXPECT_EQ(d.shuffle, "pysol");
  EXPECT_EQ(d.Name(), "fourteen-out#pysol-1");
}

TEST(PysolShuffle, ReproducesEveryVector) {
  std::ifstream in(test::TestDataPath("pysol-vectors.txt"));
  ASSERT_TRUE(in) << "missing pysol-vectors.txt";
  std::string line;
  int games = 0, dealt = 0, twisters = 0, above = 0, below = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, number_text;
    words >> kind >> number_text;
    ASSERT_FALSE(number_text.empty()) << line;
    number_text.pop_back();  // the ':'
    const uint64_t n = std::strtoull(number_text.c_str(), nullptr, 10);
    if (kind == "mt") {
      PysolTwister mt(n);
      uint64_t a, b, c;
      double x;
      words >> a >> b >> c >> x;
      EXPECT_EQ(mt.Next(), a) << line;
      EXPECT_EQ(mt.Next(), b) << line;
      EXPECT_EQ(mt.Next(), c) << line;
      EXPECT_EQ(mt.Random(), x) << line;  // 17 digits: the double exactly
      ++twisters;
    } else if (kind == "dealt") {
      EXPECT_EQ(PysolDealtOrder(n, 1), ParseCards(words)) << line;
      ++dealt;
    } else {
      const Game* game = FindGame(kind);
      ASSERT_NE(game, nullptr) << line;
      const std::vector<Card> deck = ParseCards(words);
      ASSERT_EQ(deck.size(), 52u) << line;
      const Deal d = Pysol(kind, n);
      EXPECT_EQ(d.areas, game->DealCards(deck, d.options)) << line;
      ++games;
      (n < kPysolLcgBound ? below : above)++;
    }
  }
  EXPECT_EQ(games, 8 * 7);  // every covered game at 7 numbers
  EXPECT_EQ(dealt, 8);
  EXPECT_EQ(twisters, 6);
  EXPECT_GT(below, 0);
  EXPECT_GT(above, 0);
}

TEST(PysolShuffle, TheLcgBoundIs32000) {
  // 31999 is the FreeCell LCG's, 32000 the Mersenne Twister's: PySolFC's
  // constructRandom takes the LCG for 0 <= seed < 32000.
  std::vector<Card> lcg = PysolPack(31999, 1), mt = PysolPack(32000, 1);
  EXPECT_EQ(Names(Pile(lcg.begin(), lcg.begin() + 4)), "AC AD AH AS");
  EXPECT_EQ(Names(Pile(mt.begin(), mt.begin() + 4)), "AC 2C 3C 4C");
  EXPECT_EQ(Names(Pile(mt.begin() + 13, mt.begin() + 14)), "AS");  // clubs, spades, hearts, diamonds
}

TEST(PysolShuffle, GamesWithoutAPySolFCDealRefuseWithTheReason) {
  struct Case {
    const char* game;
    Options options;
    const char* reason;
  };
  const Case cases[] = {
      {"carpet", {}, "aces on the foundations"},
      {"four-of-a-kind", {}, "no Four of a Kind"},
      {"triple-fourteens", {}, "no three-deck Fourteens"},
      {"thirteens", {{"slots", int64_t{15}}}, "slots=15"},
  };
  for (const Case& c : cases) {
    auto d = MakeDeal(*FindGame(c.game), 1, c.options, Shuffle::kPysol);
    ASSERT_FALSE(d.ok()) << c.game;
    EXPECT_EQ(d.status().code(), StatusCode::kUsage) << c.game;
    EXPECT_NE(d.status().message().find(c.reason), std::string::npos) << d.status().message();
  }
}

TEST(PysolShuffle, DealLinesRoundTripAndNameTheShuffle) {
  for (const char* game : {"klondike", "idiots-delight", "try-again", "thirteens"}) {
    const Deal d = Pysol(game, 123456);
    const std::string json = DealToJson(*FindGame(game), d);
    EXPECT_NE(json.find(R"("deal":123456,"shuffle":"pysol")"), std::string::npos) << json;
    auto back = DealFromJson(json);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, d);
    EXPECT_EQ(back->Name(), std::string(game) + "#pysol-123456");
  }
}

TEST(PysolShuffle, ReadersCheckAPysolLine) {
  const Deal d = Pysol("thirteens", 5);
  std::string json = DealToJson(*FindGame("thirteens"), d);
  // The cards of talon-v1's deal 5 named as PySolFC's: rejected, naming the field.
  const Deal v1 = *MakeDeal(*FindGame("thirteens"), 5, {});
  std::string swapped = DealToJson(*FindGame("thirteens"), v1);
  swapped.replace(swapped.find("talon-v1"), 8, "pysol");
  auto bad = DealFromJson(swapped);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("thirteens#pysol-5: areas: the cards are not those of deal 5 "
                                        "(shuffle pysol)"),
            std::string::npos)
      << bad.status().message();
  // A game without PySolFC deals: the shuffle field is rejected.
  const Deal carpet = *MakeDeal(*FindGame("carpet"), 5, {});
  std::string c = DealToJson(*FindGame("carpet"), carpet);
  c.replace(c.find("talon-v1"), 8, "pysol");
  auto refused = DealFromJson(c);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kBadInput);
  EXPECT_NE(refused.status().message().find("carpet#pysol-5: shuffle: --shuffle pysol: PySolFC's Carpet"),
            std::string::npos)
      << refused.status().message();
  // An unknown shuffle names the ones this version knows.
  json.replace(json.find("\"pysol\""), 7, "\"pysol2\"");
  auto unknown = DealFromJson(json);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("shuffle: unknown shuffle 'pysol2' (this version knows "
                                            "talon-v1, pysol)"),
            std::string::npos)
      << unknown.status().message();
}

TEST(PysolShuffle, SolutionsNameTheShuffleInBothForms) {
  Solution s;
  s.game = "thirteens";
  s.deal = 42;
  s.shuffle = "pysol";
  s.options = {{"slots", int64_t{10}}};
  s.result = Verdict::kUnsolvable;
  const std::string json = SolutionToJson(s);
  EXPECT_NE(json.find(R"("deal":42,"shuffle":"pysol")"), std::string::npos) << json;
  auto back = SolutionFromJson(json);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, s);
  const std::string text = SolutionToText(*FindGame("thirteens"), s);
  EXPECT_EQ(text.substr(0, text.find('\n')), "thirteens#pysol-42 slots=10 unsolvable");
  std::istringstream in(text);
  auto read = ReadSolutions(in, "t");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0], s);
  // talon-v1 solutions are written as before: no "shuffle", "GAME#N".
  s.shuffle.clear();
  EXPECT_EQ(SolutionToJson(s).find("shuffle"), std::string::npos);
  EXPECT_EQ(SolutionToText(*FindGame("thirteens"), s).substr(0, 13), "thirteens#42 ");
}

}  // namespace
}  // namespace talon
