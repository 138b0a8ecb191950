// Four of a Kind: dealing, the checker on hand-made tables (each rule, each
// illegal move), both methods, and the solver against an independent
// play-out on deals 1-3000, every solution replayed through the checker.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/shuffle.h"
#include "test_util.h"

namespace talon {
namespace {

using namespace test;

const Game& G() { return FourOfAKindGame(); }

Options Method(const std::string& m) { return Options{{"method", std::string(m)}}; }

// The canonical order (clubs A..K, diamonds, hearts, spades): dealt round
// robin, pile p holds only cards of rank p, spades on top.
std::vector<Card> Canonical() {
  std::vector<Card> deck(52);
  CanonicalDeck(1, deck);
  return deck;
}

MoveSpec Turn(int from, int to, const std::string& card) {
  return Mv(Place{Area::kTableau, from}, Place{Area::kTableau, to}, card);
}

TEST(FourOfAKind, DealsRoundRobinAllFaceDown) {
  auto deal = MakeDeal(G(), 7, {});
  ASSERT_TRUE(deal.ok());
  std::vector<Card> deck = ShuffledDeck(7, 1);
  ASSERT_EQ(deal->areas.tableau.size(), 13u);
  for (size_t p = 0; p < 13; ++p) {
    ASSERT_EQ(deal->areas.tableau[p].size(), 4u);
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(deal->areas.tableau[p][i], deck[p + 13 * i]);
  }
  EXPECT_EQ(deal->areas.face_down, std::vector<int>(13, 4));
  EXPECT_TRUE(CheckDeal(G(), *deal).ok());
  EXPECT_EQ(WordOption(deal->options, "method"), "standard");
}

TEST(FourOfAKind, CheckShapeRejectsOtherLayouts) {
  Deal d = DealFromDeck(G(), Canonical());
  Deal bad = d;
  bad.areas.tableau.pop_back();
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("13 piles"), std::string::npos);
  bad = d;
  bad.areas.tableau[0].push_back(bad.areas.tableau[1].back());
  bad.areas.tableau[1].pop_back();
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("areas.tableau[0] (pile 1)"), std::string::npos);
  bad = d;
  bad.areas.face_down.clear();
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("face_down"), std::string::npos);
  bad = d;
  bad.areas.face_down[4] = 3;
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("face_down[4] (pile 5)"), std::string::npos);
  auto opt = MakeDeal(G(), 1, Options{{"method", std::string("spiral")}});
  EXPECT_FALSE(opt.ok());
}

TEST(FourOfAKind, StandardMethodWalksThePilesInTurn) {
  Table t = G().StartTable(DealFromDeck(G(), Canonical()));
  ExpectLegal(G(), t, Turn(1, 1, "AS"));
  EXPECT_EQ(t.areas.face_down[0], 3);
  ASSERT_EQ(t.areas.tableau[0].size(), 4u);
  EXPECT_EQ(t.areas.tableau[0].back(), C("AS"));  // face-up cards kept after the face-down ones
  ExpectIllegal(G(), t, Turn(1, 1, "AH"), "comes from pile 2");
  ExpectLegal(G(), t, Turn(2, 2, "2S"));
  ExpectIllegal(G(), t, Turn(3, 3, "3H"), "top face-down card of pile 3 is 3\u2660");
  ExpectIllegal(G(), t, Turn(3, 4, "3S"), "goes under pile 3");
}

TEST(FourOfAKind, ClockMethodDrawsFromThePileJustPlacedOn) {
  // Pile 1's top is 5S: it goes under pile 5, and the clock draws next from pile 5.
  std::vector<Card> deck = Canonical();
  std::swap(deck[39], deck[43]);  // AS (pile 1 top) <-> 5S (pile 5 top)
  Table standard = G().StartTable(DealFromDeck(G(), deck));
  Table clock = G().StartTable(DealFromDeck(G(), deck, Method("clock")));
  ExpectLegal(G(), standard, Turn(1, 5, "5S"));
  ExpectLegal(G(), clock, Turn(1, 5, "5S"));
  ExpectIllegal(G(), standard, Turn(5, 1, "AS"), "comes from pile 2");
  ExpectLegal(G(), clock, Turn(5, 1, "AS"));
  // Pile 1 is placed on: the clock draws from it (its next face-down card, AH).
  ExpectLegal(G(), clock, Turn(1, 1, "AH"));
  ExpectLegal(G(), clock, Turn(1, 1, "AD"));
  ExpectLegal(G(), clock, Turn(1, 1, "AC"));
  // Pile 1 has no face-down card left: the clock skips on to pile 2.
  EXPECT_EQ(clock.areas.face_down[0], 0);
  ExpectIllegal(G(), clock, Turn(1, 1, "AC"), "comes from pile 2");
  ExpectLegal(G(), clock, Turn(2, 2, "2S"));
}

TEST(FourOfAKind, RejectsMalformedTurns) {
  Table t = G().StartTable(DealFromDeck(G(), Canonical()));
  MoveSpec m = Turn(1, 1, "AS");
  m.from.push_back(Place{Area::kTableau, 2});
  ExpectIllegal(G(), t, m, "one card from one pile");
  m = Turn(1, 1, "AS");
  m.count = 2;
  ExpectIllegal(G(), t, m, "one card from one pile");
  m = Turn(1, 1, "AS");
  m.to = Place{Area::kFoundations, 1};
  ExpectIllegal(G(), t, m, "from one tableau pile to another");
  m = Turn(1, 1, "AS");
  m.from[0].area = Area::kStock;
  ExpectIllegal(G(), t, m, "from one tableau pile to another");
  ExpectIllegal(G(), t, Turn(14, 1, "AS"), "there is no pile 14");
  ExpectIllegal(G(), t, Turn(1, 0, "AS"), "there is no pile 0");
}

TEST(FourOfAKind, WinsWhenTheLastCardLiesInItsOwnPile) {
  // Canonical: every card lies in its own pile, so the play is won.
  Deal deal = DealFromDeck(G(), Canonical());
  SolveResult r = G().Solve(deal, SearchLimits{});
  ASSERT_EQ(r.verdict, Verdict::kSolved);
  ASSERT_EQ(r.moves.size(), 51u);
  Replay rep;
  ASSERT_TRUE(ReplaysToAWin(G(), deal, r.moves, &rep));
  // The last face-down card is KC in pile 13; turning it is allowed, the game stays won.
  Table t = rep.final_table;
  ExpectLegal(G(), t, Turn(13, 13, "KC"));
  EXPECT_TRUE(G().Won(t));
  ExpectIllegal(G(), t, Turn(1, 1, "AC"), "every card is already face up");
}

TEST(FourOfAKind, LosesWhenTheLastCardBelongsElsewhere) {
  // Standard method: the last card turned is the bottom of pile 13, deck[12].
  std::vector<Card> deck = Canonical();
  std::swap(deck[12], deck[0]);  // KC to the bottom of pile 1, AC to the bottom of pile 13
  Deal deal = DealFromDeck(G(), deck);
  SolveResult r = G().Solve(deal, SearchLimits{});
  EXPECT_EQ(r.verdict, Verdict::kUnsolvable);
  EXPECT_TRUE(r.moves.empty());
  EXPECT_EQ(r.stats.nodes, 51u);
  // Play the 51 turns by hand through the checker: every pile in turn.
  Table t = G().StartTable(deal);
  for (int round = 0; round < 4; ++round)
    for (int p = 1; p <= 13; ++p) {
      if (round == 3 && p == 13) break;
      const Card c = t.areas.tableau[static_cast<size_t>(p - 1)][static_cast<size_t>(t.areas.face_down[static_cast<size_t>(p - 1)] - 1)];
      ExpectLegal(G(), t, Turn(p, c.rank(), CardName(c)));
    }
  EXPECT_FALSE(G().Won(t));
  ExpectIllegal(G(), t, Turn(13, 1, "AC"), "the game is lost");
}

// An independent play-out, written from the rules text: returns whether the
// deal is won and the number of turns.
bool PlayOut(const Deal& deal, bool clock) {
  std::array<std::vector<Card>, 13> down;
  for (size_t p = 0; p < 13; ++p) down[p] = deal.areas.tableau[p];
  size_t at = 0;
  for (int left = 52; left > 1; --left) {
    while (down[at].empty()) at = (at + 1) % 13;
    const Card c = down[at].back();
    down[at].pop_back();
    at = clock ? static_cast<size_t>(c.rank() - 1) : (at + 1) % 13;
  }
  while (down[at].empty()) at = (at + 1) % 13;
  return down[at].back().rank() == static_cast<int>(at) + 1;
}

TEST(FourOfAKind, SolverAgreesWithAPlayOutAndReplaysOnDeals1To3000) {
  for (const char* method : {"standard", "clock"}) {
    int won = 0;
    for (uint64_t n = 1; n <= 3000; ++n) {
      auto deal = MakeDeal(G(), n, Method(method));
      ASSERT_TRUE(deal.ok());
      SolveResult r = G().Solve(*deal, SearchLimits{});
      const bool expect = PlayOut(*deal, std::string(method) == "clock");
      ASSERT_EQ(r.verdict, expect ? Verdict::kSolved : Verdict::kUnsolvable) << method << " deal " << n;
      if (std::string(method) == "standard") {
        ASSERT_EQ(expect, deal->areas.tableau[12][0].rank() == kKing) << n;
      }
      if (!expect) continue;
      ++won;
      ASSERT_TRUE(ReplaysToAWin(G(), *deal, r.moves)) << method << " deal " << n;
    }
    EXPECT_GT(won, 100) << method;
  }
}

// Piles are written by the rank they stand for, as the sheet labels them;
// their numbers 1-13 (the older form, and the JSON's) still read.
TEST(FourOfAKind, NotationRoundTrips) {
  MoveSpec m = Turn(1, 11, "JS");
  EXPECT_EQ(G().FormatMove(m), "A>J  J\u2660");
  EXPECT_EQ(G().FormatMove(Turn(10, 12, "QD")), "10>Q  Q\u2666");
  auto back = G().ParseMove(G().FormatMove(m));
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, m);
  for (const char* text : {"1>11 JS", "a>j JS", "A>11 JS"}) {
    auto other = G().ParseMove(text);
    ASSERT_TRUE(other.ok()) << text;
    EXPECT_EQ(*other, m) << text;
  }
  EXPECT_EQ(G().info().sheet.labels,
            (std::vector<std::string>{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}));
  EXPECT_FALSE(G().ParseMove("1+11 JS").ok());
  EXPECT_FALSE(G().ParseMove("1>11").ok());
  EXPECT_FALSE(G().ParseMove("1>11 JS QS").ok());
  EXPECT_FALSE(G().ParseMove("1>11 XX").ok());
}

}  // namespace
}  // namespace talon
