// Klondike's game: dealing, options, every rule and illegal move of the
// checker on hand-made positions, the notation and the export formats.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/games/klondike/export.h"
#include "klondike_test_util.h"

namespace talon {
namespace {

using namespace klondike_test;

MoveSpec Mv(Place from, Place to, const std::vector<std::string>& cards) {
  MoveSpec m;
  m.from = {from};
  m.to = to;
  for (const auto& c : cards) m.cards.push_back(C(c));
  m.count = m.cards.size() > 1 ? static_cast<int>(m.cards.size()) : 0;
  return m;
}

Place T(int n) { return Place{Area::kTableau, n}; }

Place F(int n) { return Place{Area::kFoundations, n}; }

const Place kStock{Area::kStock, 0};

const Place kWaste{Area::kWaste, 0};

// Dealing and options.

TEST(Klondike, DealsRowByRowAsTheText) {
  auto deal = MakeDeal(K(), 7, {});
  ASSERT_TRUE(deal.ok());
  const std::vector<Card> deck = ShuffledDeck(7, 1);
  const Areas& a = deal->areas;
  ASSERT_EQ(a.tableau.size(), 7u);
  // Row 1: deck[0] face up on pile 1, deck[1..6] face down on piles 2-7.
  EXPECT_EQ(a.tableau[0], Pile{deck[0]});
  for (size_t p = 1; p < 7; ++p) EXPECT_EQ(a.tableau[p][0], deck[p]);
  // Row 2: deck[7] face up on pile 2, deck[8..12] on piles 3-7; ...; row 7: deck[27].
  EXPECT_EQ(a.tableau[1][1], deck[7]);
  EXPECT_EQ(a.tableau[2][1], deck[8]);
  EXPECT_EQ(a.tableau[2][2], deck[13]);
  EXPECT_EQ(a.tableau[6][6], deck[27]);
  for (size_t p = 0; p < 7; ++p) EXPECT_EQ(a.tableau[p].size(), p + 1);
  EXPECT_EQ(a.face_down, (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
  ASSERT_EQ(a.stock.size(), 24u);
  EXPECT_EQ(a.stock.back(), deck[28]);  // turned first
  EXPECT_EQ(a.stock.front(), deck[51]);
  EXPECT_TRUE(a.waste.empty());
  Deal copy = *deal;
  EXPECT_TRUE(CheckDeal(K(), copy).ok());
}

TEST(Klondike, OptionsAreWrittenOutAndChecked) {
  auto deal = MakeDeal(K(), 1, {});
  ASSERT_TRUE(deal.ok());
  EXPECT_EQ(FormatOptions(deal->options), "draw=3 passes=unlimited runs=whole worry=false");
  EXPECT_EQ(DealName(K(), *deal), "klondike#1");
  auto v = MakeDeal(K(), 1, {{"draw", int64_t{1}}, {"passes", int64_t{1}}});
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(DealName(K(), *v), "klondike#1 (draw=1 passes=1)");
  EXPECT_FALSE(MakeDeal(K(), 1, {{"draw", int64_t{2}}}).ok());
  EXPECT_FALSE(MakeDeal(K(), 1, {{"passes", int64_t{0}}}).ok());
  EXPECT_FALSE(MakeDeal(K(), 1, {{"runs", std::string("some")}}).ok());
  EXPECT_FALSE(MakeDeal(K(), 1, {{"worry", std::string("maybe")}}).ok());
}

TEST(Klondike, CheckShapeNamesTheField) {
  auto deal = MakeDeal(K(), 3, {});
  ASSERT_TRUE(deal.ok());
  {
    Deal d = *deal;
    d.areas.face_down[2] = 3;  // pile 3 holds 3 cards: its top must be face up
    Status s = CheckDeal(K(), d);
    EXPECT_NE(s.message().find("face_down[2] (pile 3)"), std::string::npos) << s.message();
  }
  {
    Deal d = *deal;
    d.areas.face_down.clear();
    EXPECT_NE(CheckDeal(K(), d).message().find("face_down"), std::string::npos);
  }
  {
    Deal d = *deal;
    d.areas.tableau.pop_back();
    EXPECT_NE(K().CheckShape(d.areas, d.options).message().find("7 piles"), std::string::npos);
  }
  {
    Hand h;  // face-up cards that are not a run
    h.tableau[0] = Cards({"9S", "8S"});
    Deal d = h.ToDeal();
    d.areas.stock.clear();
    EXPECT_NE(K().CheckShape(d.areas, d.options).message().find("cannot lie on"), std::string::npos);
  }
  {
    Hand h;
    h.heights = {2, 0, 0, 0};
    Deal d = h.ToDeal();
    d.areas.foundations[0][1] = C("3C");
    EXPECT_NE(K().CheckShape(d.areas, d.options).message().find("foundations[0]: foundation 1"), std::string::npos);
  }
}

// The checker, rule by rule.

TEST(Klondike, DrawTurnsThreeAndTheLastIsOnTop) {
  Hand h;
  h.stock = Cards({"5C", "4C", "3C", "2C", "AC"});  // AC turned first
  Table t = h.ToTable();
  EXPECT_TRUE(K().Play(t, Mv(kStock, kWaste, {"AC", "2C", "3C"})).ok());
  EXPECT_EQ(t.areas.waste, Cards({"AC", "2C", "3C"}));
  ExpectIllegal(K(), t, Mv(kStock, kWaste, {"4C", "5C", "6C"}), "the draw turns 4\u2663 5\u2663");
  EXPECT_TRUE(K().Play(t, Mv(kStock, kWaste, {"4C", "5C"})).ok());  // fewer left: all of them
  ExpectIllegal(K(), t, Mv(kStock, kWaste, {"AC"}), "the stock is empty");
  h.options = {{"draw", int64_t{1}}};
  Table one = h.ToTable();
  ExpectIllegal(K(), one, Mv(kStock, kWaste, {"AC", "2C", "3C"}), "the draw turns A\u2663, not");
  EXPECT_TRUE(K().Play(one, Mv(kStock, kWaste, {"AC"})).ok());
}

TEST(Klondike, RedealNeedsAnEmptyStockAndAPassLeft) {
  Hand h;
  h.stock = Cards({"KC", "5C", "4C", "3C", "2C", "AC"});
  h.tableau[0] = Cards({"QH"});
  Table t = h.ToTable();
  const MoveSpec redeal = Mv(kWaste, kStock, {});
  ExpectIllegal(K(), t, redeal, "the stock still holds 6 cards");
  ASSERT_TRUE(K().Play(t, Mv(kStock, kWaste, {"AC", "2C", "3C"})).ok());
  ASSERT_TRUE(K().Play(t, Mv(kStock, kWaste, {"4C", "5C", "KC"})).ok());
  // passes=unlimited: a pass that used no waste card ends the game.
  ExpectIllegal(K(), t, redeal, "the last pass used no card from the waste");
  ASSERT_TRUE(K().Play(t, Mv(kWaste, T(2), {"KC"})).ok());  // a King into a space
  Table again = t;
  ASSERT_TRUE(K().Play(again, redeal).ok());
  EXPECT_EQ(again.areas.stock, Cards({"5C", "4C", "3C", "2C", "AC"}));  // same order again
  EXPECT_TRUE(again.areas.waste.empty());
  ExpectIllegal(K(), again, redeal, "the stock still holds");
  ExpectIllegal(K(), again, Mv(kWaste, F(1), {"AC"}), "the waste is empty");
  // passes=1: no redeal at all; passes=2: one.
  for (int64_t passes : {1, 2}) {
    Hand p = h;
    p.options = {{"passes", passes}};
    Table u = p.ToTable();
    ASSERT_TRUE(K().Play(u, Mv(kStock, kWaste, {"AC", "2C", "3C"})).ok());
    ASSERT_TRUE(K().Play(u, Mv(kStock, kWaste, {"4C", "5C", "KC"})).ok());
    if (passes == 1) {
      ExpectIllegal(K(), u, redeal, "passes=1: no pass through the stock is left");
    } else {
      ASSERT_TRUE(K().Play(u, redeal).ok());  // allowed even without using a card
      ASSERT_TRUE(K().Play(u, Mv(kStock, kWaste, {"AC", "2C", "3C"})).ok());
      ASSERT_TRUE(K().Play(u, Mv(kStock, kWaste, {"4C", "5C", "KC"})).ok());
      ExpectIllegal(K(), u, redeal, "passes=2: no pass");
    }
  }
}

TEST(Klondike, WasteTopPlaysToFoundationAndTableau) {
  Hand h;
  h.options = {{"draw", int64_t{1}}};
  h.stock = Cards({"9D", "AS", "AH"});
  h.tableau[0] = Cards({"TS"});
  Table t = h.ToTable();
  ASSERT_TRUE(K().Play(t, Mv(kStock, kWaste, {"AH"})).ok());
  ExpectIllegal(K(), t, Mv(kWaste, F(3), {"AS"}), "the waste's top card is A\u2665, not A\u2660");
  ExpectIllegal(K(), t, Mv(kWaste, F(4), {"AH"}), "foundation 4 holds spades, not A\u2665");
  ExpectIllegal(K(), t, Mv(kWaste, T(1), {"AH"}), "it must be one rank lower");
  ASSERT_TRUE(K().Play(t, Mv(kWaste, F(3), {"AH"})).ok());
  ASSERT_TRUE(K().Play(t, Mv(kStock, kWaste, {"AS"})).ok());
  ASSERT_TRUE(K().Play(t, Mv(kWaste, F(4), {"AS"})).ok());
  ASSERT_TRUE(K().Play(t, Mv(kStock, kWaste, {"9D"})).ok());
  ASSERT_TRUE(K().Play(t, Mv(kWaste, T(1), {"9D"})).ok());
  EXPECT_EQ(t.areas.tableau[0], Cards({"TS", "9D"}));
  EXPECT_EQ(t.counters[1], 1);  // the pass used a waste card
}

TEST(Klondike, TableauBuildsDownInAlternatingColours) {
  Hand h;
  h.tableau[0] = Cards({"4C", "9H"});
  h.down[0] = 1;
  h.tableau[1] = Cards({"TS"});
  h.tableau[2] = Cards({"TD"});
  h.tableau[3] = Cards({"JC"});
  h.tableau[4] = Cards({"8S"});
  Table t = h.ToTable();
  ExpectIllegal(K(), t, Mv(T(1), T(3), {"9H"}), "same colour");
  ExpectIllegal(K(), t, Mv(T(1), T(4), {"9H"}), "it must be one rank lower");
  ExpectIllegal(K(), t, Mv(T(1), T(6), {"9H"}), "only a King");
  ExpectIllegal(K(), t, Mv(T(1), T(1), {"9H"}), "their own pile");
  ExpectIllegal(K(), t, Mv(T(1), T(9), {"9H"}), "there is no tableau pile 9");
  ExpectIllegal(K(), t, Mv(T(1), T(2), {"4C", "9H"}), "is face down");
  ExpectIllegal(K(), t, Mv(T(1), T(2), {"9S"}), "is not in pile 1");
  ASSERT_TRUE(K().Play(t, Mv(T(1), T(2), {"9H"})).ok());
  EXPECT_EQ(t.areas.tableau[1], Cards({"TS", "9H"}));
  EXPECT_EQ(t.areas.face_down[0], 0);  // 4C turned up by itself
  ExpectIllegal(K(), t, Mv(T(2), T(5), {"TS", "9H"}), "same colour");
  ASSERT_TRUE(K().Play(t, Mv(T(5), T(2), {"8S"})).ok());
  ExpectIllegal(K(), t, Mv(T(2), T(4), {"9H"}), "is covered");
  ExpectIllegal(K(), t, Mv(T(2), F(4), {"TS"}), "is covered");
}

TEST(Klondike, RunsMoveWholeUnlessRunsAny) {
  Hand h;
  h.tableau[0] = Cards({"2D", "9C", "8H", "7S"});
  h.down[0] = 1;
  h.tableau[1] = Cards({"9S"});
  h.tableau[2] = Cards({"TD"});
  Table t = h.ToTable();
  ExpectIllegal(K(), t, Mv(T(1), T(2), {"8H", "7S"}), "runs=whole: the face-up run of pile 1 (3 cards, from 9\u2663)");
  ExpectIllegal(K(), t, Mv(T(1), F(4), {"8H", "7S"}), "only one card at a time");
  MoveSpec bad_count = Mv(T(1), T(3), {"9C", "8H", "7S"});
  bad_count.count = 2;
  ExpectIllegal(K(), t, bad_count, "count 2 does not match the 3 cards");
  Table whole = t;
  ASSERT_TRUE(K().Play(whole, Mv(T(1), T(3), {"9C", "8H", "7S"})).ok());
  EXPECT_EQ(whole.areas.tableau[2], Cards({"TD", "9C", "8H", "7S"}));
  EXPECT_EQ(whole.areas.face_down[0], 0);
  h.options = {{"runs", std::string("any")}};
  Table any = h.ToTable();
  ASSERT_TRUE(K().Play(any, Mv(T(1), T(2), {"8H", "7S"})).ok());
  EXPECT_EQ(any.areas.tableau[0], Cards({"2D", "9C"}));
  EXPECT_EQ(any.areas.face_down[0], 1);  // 2D still face down
}

TEST(Klondike, TopOfARunMayStillGoToAFoundation) {
  Hand h;
  h.tableau[0] = Cards({"5S", "4H", "3C"});
  h.down[0] = 0;
  h.heights = {2, 0, 3, 0};
  Table t = h.ToTable();
  ExpectIllegal(K(), t, Mv(T(1), F(3), {"4H"}), "is covered");
  ExpectIllegal(K(), t, Mv(T(1), F(2), {"3C"}), "foundation 2 holds diamonds");
  ExpectIllegal(K(), t, Mv(T(1), F(5), {"3C"}), "there is no foundation 5");
  ASSERT_TRUE(K().Play(t, Mv(T(1), F(1), {"3C"})).ok());
  ExpectIllegal(K(), t, Mv(T(1), F(3), {"5S"}), "is covered");
  ASSERT_TRUE(K().Play(t, Mv(T(1), F(3), {"4H"})).ok());
  ExpectIllegal(K(), t, Mv(T(1), F(4), {"5S"}), "foundation 4 needs A\u2660 next, not 5\u2660");
}

TEST(Klondike, OnlyKingsFillSpaces) {
  Hand h;
  h.tableau[0] = Cards({"3H", "KS", "QD"});
  h.down[0] = 1;
  h.tableau[1] = Cards({"QC"});
  Table t = h.ToTable();
  ExpectIllegal(K(), t, Mv(T(2), T(3), {"QC"}), "only a King (or a run from a King) may fill a space, not Q\u2663");
  ASSERT_TRUE(K().Play(t, Mv(T(1), T(3), {"KS", "QD"})).ok());
  EXPECT_EQ(t.areas.face_down[0], 0);
}

TEST(Klondike, WorryLetsTheTopOfAFoundationComeBack) {
  Hand h;
  h.tableau[0] = Cards({"6D"});
  h.heights = {5, 0, 0, 0};
  Table t = h.ToTable();
  ExpectIllegal(K(), t, Mv(F(1), T(1), {"5C"}), "worry=false: cards never come back from a foundation");
  h.options = {{"worry", true}};
  Table w = h.ToTable();
  ExpectIllegal(K(), w, Mv(F(1), T(1), {"4C"}), "the top card of foundation 1 is 5\u2663, not 4\u2663");
  ExpectIllegal(K(), w, Mv(F(2), T(1), {"5D"}), "foundation 2 is empty");
  ExpectIllegal(K(), w, Mv(F(1), T(2), {"5C"}), "only a King");
  ASSERT_TRUE(K().Play(w, Mv(F(1), T(1), {"5C"})).ok());
  EXPECT_EQ(w.areas.tableau[0], Cards({"6D", "5C"}));
  EXPECT_EQ(w.areas.foundations[0].size(), 4u);
}

TEST(Klondike, RejectsMovesOfNoKlondikeShape) {
  Hand h;
  h.tableau[0] = Cards({"KH"});
  h.stock = Cards({"2C"});
  Table t = h.ToTable();
  ExpectIllegal(K(), t, Mv(T(1), kWaste, {"KH"}), "no Klondike move goes from tableau 1 to waste");
  ExpectIllegal(K(), t, Mv(kStock, T(2), {"2C"}), "no Klondike move goes from stock to tableau 2");
  MoveSpec two;
  two.from = {T(1), T(2)};
  two.to = F(3);
  ExpectIllegal(K(), t, two, "from one place, not 2");
  ExpectIllegal(K(), t, Mv(Place{Area::kStock, 2}, kWaste, {"2C"}), "single pile");
}

TEST(Klondike, WonWhenAllFiftyTwoAreBuilt) {
  Hand h;
  h.heights = {13, 13, 13, 12};
  h.tableau[0] = Cards({"KS"});
  Table t = h.ToTable();
  EXPECT_FALSE(K().Won(t));
  ASSERT_TRUE(K().Play(t, Mv(T(1), F(4), {"KS"})).ok());
  EXPECT_TRUE(K().Won(t));
}

// Notation.

TEST(Klondike, NotationRoundTrips) {
  const std::vector<std::pair<MoveSpec, std::string>> cases = {
      {Mv(kStock, kWaste, {"4H", "9C", "KD"}), "S\u2192W  4\u2665 9\u2663 K\u2666"},
      {Mv(kStock, kWaste, {"4H"}), "S\u2192W  4\u2665"},
      {Mv(kWaste, kStock, {}), "W\u2192S"},
      {Mv(kWaste, F(4), {"AS"}), "W\u2192F  A\u2660"},
      {Mv(kWaste, T(3), {"QH"}), "W\u21923  Q\u2665"},
      {Mv(T(3), F(2), {"5D"}), "3\u2192F  5\u2666"},
      {Mv(T(3), T(7), {"9S", "8H", "7C"}), "3\u21927  9\u2660 8\u2665 7\u2663"},
      {Mv(F(2), T(3), {"5D"}), "F\u21923  5\u2666"},
  };
  for (const auto& [move, text] : cases) {
    EXPECT_EQ(K().FormatMove(move), text);
    auto back = K().ParseMove(text);
    ASSERT_TRUE(back.ok()) << text << ": " << back.status().message();
    EXPECT_EQ(*back, move) << text;
  }
  auto ascii = K().ParseMove("3->7 9S 8H 7C");
  ASSERT_TRUE(ascii.ok());
  EXPECT_EQ(*ascii, Mv(T(3), T(7), {"9S", "8H", "7C"}));
  auto numbered = K().ParseMove("W->F4 AS");
  ASSERT_TRUE(numbered.ok());
  EXPECT_EQ(*numbered, Mv(kWaste, F(4), {"AS"}));
  // The older forms of a draw ("S" and the cards) and a redeal ("R") still read.
  for (const auto& [text, move] : std::vector<std::pair<std::string, MoveSpec>>{
           {"S  4\u2665 9\u2663 K\u2666", Mv(kStock, kWaste, {"4H", "9C", "KD"})},
           {"s 4H", Mv(kStock, kWaste, {"4H"})},
           {"R", Mv(kWaste, kStock, {})},
           {"w->s", Mv(kWaste, kStock, {})},
           {"S->W 4H 9C", Mv(kStock, kWaste, {"4H", "9C"})}}) {
    auto old = K().ParseMove(text);
    ASSERT_TRUE(old.ok()) << text << ": " << old.status().message();
    EXPECT_EQ(*old, move) << text;
  }
  EXPECT_FALSE(K().ParseMove("S->W").ok()) << "a draw names its cards";
  EXPECT_FALSE(K().ParseMove("W->S 5C").ok()) << "a redeal names none";
  EXPECT_FALSE(K().ParseMove("").ok());
  EXPECT_FALSE(K().ParseMove("3 7 9S").ok());
  EXPECT_FALSE(K().ParseMove("3->7").ok());
  EXPECT_FALSE(K().ParseMove("R 5C").ok());
  EXPECT_FALSE(K().ParseMove("X->7 5C").ok());
  EXPECT_FALSE(K().ParseMove("3->W 5C").ok());
  EXPECT_FALSE(K().ParseMove("3->7 ZZ").ok());
}

// Export.

TEST(Klondike, ExportsKSolveDeckAndPysolBoard) {
  auto deal = MakeDeal(K(), 11, {});
  ASSERT_TRUE(deal.ok());
  const std::vector<Card> deck = ShuffledDeck(11, 1);
  auto order = KlondikeDealOrder(*deal);
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, deck);  // the deal order is the talon-v1 deck itself
  auto s = KlondikeDeckString(*deal);
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->size(), 156u);
  for (size_t i = 0; i < 52; ++i) {
    const int rank = ((*s)[3 * i] - '0') * 10 + ((*s)[3 * i + 1] - '0');
    const int suit = (*s)[3 * i + 2] - '1';
    EXPECT_EQ(Card(rank, static_cast<Suit>(suit)), deck[i]) << i;
  }
  auto b = KlondikePysolBoard(*deal);
  ASSERT_TRUE(b.ok());
  std::string want = "Talon:";
  for (size_t i = 28; i < 52; ++i) want += " " + CardName(deck[i]);
  want += "\n" + CardName(deck[0]) + "\n<" + CardName(deck[1]) + "> " + CardName(deck[7]) + "\n";
  EXPECT_EQ(b->substr(0, want.size()), want);
  EXPECT_EQ(std::count(b->begin(), b->end(), '\n'), 8);
  Hand h;
  h.tableau[0] = Cards({"KS"});
  EXPECT_FALSE(KlondikeDeckString(h.ToDeal()).ok());
}

}  // namespace
}  // namespace talon
