// Fourteen Out, Take Fourteen and Triple Fourteens: dealing orders, the
// checker on hand-made positions, and the solver (hand-made deals with known
// answers; numbered deals replayed through the checker, unsolvable verdicts
// checked against the plain exhaustive search).
#include "core/games/fourteens/pairs_game.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/games/games.h"
#include "core/shuffle.h"
#include "test_util.h"

namespace talon {
namespace {

using namespace test;

using fourteens::PairsGame;
using OneDeck = PairsGame<12, 5>;
using ThreeDecks = PairsGame<24, 7>;

MoveSpec M(int a, int b, const char* ca, const char* cb) {
  MoveSpec m;
  m.from = {Place{Area::kTableau, a}, Place{Area::kTableau, b}};
  m.to = Place{Area::kDiscard, 0};
  m.cards = {C(ca), C(cb)};
  return m;
}

Deal Numbered(const Game& game, uint64_t number) {
  auto deal = MakeDeal(game, number, {});
  EXPECT_TRUE(deal.ok()) << deal.status().message();
  return *deal;
}

Deal HandMade(const Game& game, std::vector<Pile> tableau) {
  Deal deal;
  deal.game = std::string(game.id());
  deal.areas.tableau = std::move(tableau);
  Status s = CheckDeal(game, deal);
  EXPECT_TRUE(s.ok()) << s.message();
  return deal;
}

// ---------------------------------------------------------------- dealing

TEST(FourteensDeal, FourteenOutDealsPileByPile) {
  const Game& g = FourteenOutGame();
  EXPECT_EQ(g.decks(), 1);
  for (uint64_t n : {1u, 2u, 12345u}) {
    const std::vector<Card> deck = ShuffledDeck(n, 1);
    const Deal deal = Numbered(g, n);
    const auto& t = deal.areas.tableau;
    ASSERT_EQ(t.size(), 12u);
    size_t i = 0;
    for (size_t p = 0; p < 12; ++p) {
      ASSERT_EQ(t[p].size(), p < 4 ? 5u : 4u) << "pile " << p + 1;
      for (Card c : t[p]) EXPECT_EQ(c, deck[i++]);
    }
    EXPECT_EQ(t[0].front(), deck[0]);  // deck[0] at the bottom of pile 1
    EXPECT_EQ(t[0].back(), deck[4]);   // pile 1's top
    EXPECT_EQ(t[4].front(), deck[20]);
    EXPECT_EQ(t[11].back(), deck[51]);
    Deal copy = deal;
    EXPECT_TRUE(CheckDeal(g, copy).ok());
  }
}

TEST(FourteensDeal, TakeFourteenDealsRoundRobin) {
  const Game& g = TakeFourteenGame();
  for (uint64_t n : {1u, 7u, 999u}) {
    const std::vector<Card> deck = ShuffledDeck(n, 1);
    const Deal deal = Numbered(g, n);
    const auto& t = deal.areas.tableau;
    ASSERT_EQ(t.size(), 12u);
    for (size_t p = 0; p < 12; ++p) {
      ASSERT_EQ(t[p].size(), p < 4 ? 5u : 4u);
      for (size_t j = 0; j < t[p].size(); ++j) EXPECT_EQ(t[p][j], deck[j * 12 + p]);
    }
    EXPECT_EQ(t[0].front(), deck[0]);   // card 0 at the bottom of pile 1
    EXPECT_EQ(t[1].front(), deck[1]);   // card 1 at the bottom of pile 2
    EXPECT_EQ(t[0][1], deck[12]);       // card 12 on card 0
    EXPECT_EQ(t[3].back(), deck[51]);   // the last card tops pile 4
    Deal copy = deal;
    EXPECT_TRUE(CheckDeal(g, copy).ok());
  }
}

TEST(FourteensDeal, TripleFourteensDealsThreeDecksPileByPile) {
  const Game& g = TripleFourteensGame();
  EXPECT_EQ(g.decks(), 3);
  const std::vector<Card> deck = ShuffledDeck(5, 3);
  const Deal deal = Numbered(g, 5);
  const auto& t = deal.areas.tableau;
  ASSERT_EQ(t.size(), 24u);
  size_t i = 0;
  for (size_t p = 0; p < 24; ++p) {
    ASSERT_EQ(t[p].size(), p < 12 ? 7u : 6u);
    for (Card c : t[p]) EXPECT_EQ(c, deck[i++]);
  }
  EXPECT_EQ(i, 156u);
  EXPECT_EQ(t[12].front(), deck[84]);
  Deal copy = deal;
  EXPECT_TRUE(CheckDeal(g, copy).ok());
}

TEST(FourteensDeal, SolverDealsTheSameLayoutWithoutAllocating) {
  std::array<Card, 52> deck;
  for (const Game* g : {&FourteenOutGame(), &TakeFourteenGame()}) {
    const auto& game = dynamic_cast<const OneDeck&>(*g);
    for (uint64_t n = 1; n <= 20; ++n) {
      ShuffledDeck(n, 1, deck);
      static OneDeck::Rules rules;
      OneDeck::Rules::Position start;
      rules.Deal(game.layout(), deck, start);
      const Deal deal = Numbered(game, n);
      for (int p = 0; p < 12; ++p) {
        const Pile& pile = deal.areas.tableau[static_cast<size_t>(p)];
        ASSERT_EQ(start.h[p], pile.size());
        for (size_t j = 0; j < pile.size(); ++j) EXPECT_EQ(rules.CardAt(p, static_cast<int>(j)), pile[j]);
      }
    }
  }
}

TEST(FourteensDeal, ShapeErrorsNameThePile) {
  const Game& g = FourteenOutGame();
  Deal deal = Numbered(g, 3);
  deal.areas.tableau[5].push_back(deal.areas.tableau[6].back());
  deal.areas.tableau[6].pop_back();
  Status s = g.CheckShape(deal.areas, {});
  EXPECT_EQ(s.message(), "areas.tableau[5] (pile 6): pile 6 of fourteen-out holds 4 cards, not 5");
  deal.areas.tableau.pop_back();
  s = g.CheckShape(deal.areas, {});
  EXPECT_EQ(s.message(), "areas.tableau: fourteen-out has 12 piles, not 11");
  EXPECT_EQ(g.areas(), std::vector<Area>{Area::kTableau});
  EXPECT_TRUE(g.option_specs().empty());
}

// ---------------------------------------------------------------- checker

// Piles 1-4 of a small hand-made table; pile 4 is empty.
Table SmallTable() {
  Table t;
  t.areas.tableau = {Cards({"5D", "KS"}), Cards({"7C", "AH"}), Cards({"9C", "5D"}), Pile{}, Cards({"7H"})};
  return t;
}

Status PlayOn(Table& t, const MoveSpec& m) { return FourteenOutGame().Play(t, m); }

// `m` is illegal on SmallTable(), changes nothing, and its reason is `reason`.
void ExpectIllegal(const MoveSpec& m, const std::string& reason) {
  test::ExpectIllegal(FourteenOutGame(), SmallTable(), m, reason);
  Table t = SmallTable();
  EXPECT_EQ(PlayOn(t, m).message(), reason);
}

TEST(FourteensChecker, LegalMovesRemoveBothTopsToTheDiscard) {
  Table t = SmallTable();
  ASSERT_TRUE(PlayOn(t, M(1, 2, "KS", "AH")).ok());
  EXPECT_EQ(t.areas.tableau[0], Cards({"5D"}));
  EXPECT_EQ(t.areas.tableau[1], Cards({"7C"}));
  EXPECT_EQ(t.areas.discard, Cards({"KS", "AH"}));
  // 7 + 7 from two different piles; the order of the places does not matter.
  ASSERT_TRUE(PlayOn(t, M(5, 2, "7H", "7C")).ok());
  EXPECT_TRUE(t.areas.tableau[1].empty());
  EXPECT_TRUE(t.areas.tableau[4].empty());
  EXPECT_FALSE(FourteenOutGame().Won(t));
  ASSERT_TRUE(PlayOn(t, M(1, 3, "5D", "9C")).ok() == false);  // 9C is covered by 5D
  EXPECT_EQ(t.areas.discard.size(), 4u);
}

TEST(FourteensChecker, WonWhenEveryPileIsEmpty) {
  Table t;
  t.areas.tableau = {Cards({"6C"}), Cards({"8S"}), Pile{}};
  EXPECT_FALSE(FourteenOutGame().Won(t));
  ASSERT_TRUE(PlayOn(t, M(1, 2, "6C", "8S")).ok());
  EXPECT_TRUE(FourteenOutGame().Won(t));
}

TEST(FourteensChecker, RejectsEachKindOfIllegalMoveWithItsReason) {
  MoveSpec m = M(1, 2, "KS", "AH");
  m.from.pop_back();
  ExpectIllegal(m, "a move takes the top cards of two piles, not of 1");
  m = M(1, 2, "KS", "AH");
  m.cards.pop_back();
  ExpectIllegal(m, "a move names the two cards it removes, not 1");
  m = M(1, 2, "KS", "AH");
  m.count = 2;
  ExpectIllegal(m, "a move takes one card from each pile, not 2");
  m = M(1, 2, "KS", "AH");
  m.to = Place{Area::kTableau, 3};
  ExpectIllegal(m, "removed cards go to the discard, not to tableau 3");
  m = M(1, 2, "KS", "AH");
  m.from[1] = Place{Area::kStock, 0};
  ExpectIllegal(m, "cards are taken from tableau piles, not from stock (piles are 1-5)");
  ExpectIllegal(M(1, 6, "KS", "AH"), "there is no pile 6 (piles are 1-5)");
  ExpectIllegal(M(0, 1, "AH", "KS"), "there is no pile 0 (piles are 1-5)");
  ExpectIllegal(M(5, 5, "7H", "7H"),
                "pile 5 is named twice: the two cards must come from two different piles");
  ExpectIllegal(M(1, 4, "KS", "AH"), "pile 4 is empty (it was to give A\u2665)");
  ExpectIllegal(M(3, 1, "9C", "5D"), "9\u2663 is not on top of pile 3 (5\u2666 is)");
  ExpectIllegal(M(1, 3, "KS", "5D"), "K\u2660 and 5\u2666 make 18, not 14");
  ExpectIllegal(M(2, 5, "AH", "7H"), "A\u2665 and 7\u2665 make 8, not 14");
}

TEST(FourteensChecker, NotationRoundTrips) {
  const Game& g = FourteenOutGame();
  const MoveSpec m = M(3, 9, "KS", "AH");
  EXPECT_EQ(g.FormatMove(m), "3+9  K\u2660 A\u2665");
  auto back = g.ParseMove("3+9  K\u2660 A\u2665");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, m);
  back = g.ParseMove("3+9 KS AH");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, m);
}

// ---------------------------------------------------------------- solver rules

TEST(FourteensRules, PlainMovesAreEveryLegalPairInIncreasingPileOrder) {
  OneDeck::Rules rules;
  rules.prune = false;
  OneDeck::Rules::Position pos;
  const Deal deal = Numbered(FourteenOutGame(), 77);
  rules.Load(deal.areas.tableau, pos);
  OneDeck::Rules::Move moves[OneDeck::Rules::kMaxMoves];
  for (int step = 0; step < 30; ++step) {
    const int n = rules.Moves(pos, moves);
    int want = 0;
    for (int a = 0; a < 12; ++a)
      for (int b = a + 1; b < 12; ++b)
        if (pos.h[a] && pos.h[b] && rules.TopOf(pos, a).rank() + rules.TopOf(pos, b).rank() == 14)
          ++want;
    ASSERT_EQ(n, want);
    for (int i = 0; i < n; ++i) {
      EXPECT_LT(moves[i].a, moves[i].b);
      EXPECT_EQ(rules.TopOf(pos, moves[i].a).rank() + rules.TopOf(pos, moves[i].b).rank(), 14);
    }
    if (!n) break;
    rules.Apply(pos, moves[0]);
  }
}

TEST(FourteensRules, KeyEncodesEveryPileHeight) {
  ThreeDecks::Rules rules;
  ThreeDecks::Rules::Position pos;
  const Deal deal = Numbered(TripleFourteensGame(), 1);
  rules.Load(deal.areas.tableau, pos);
  std::vector<Key128> keys{rules.KeyOf(pos)};
  EXPECT_EQ(rules.KeyOf(pos), ThreeDecks::Rules::HeightsKey(pos.h));
  for (int p = 0; p < 24; ++p) {
    auto h = pos.h;
    --h[p];
    keys.push_back(ThreeDecks::Rules::HeightsKey(h));
  }
  for (size_t i = 0; i < keys.size(); ++i)
    for (size_t j = i + 1; j < keys.size(); ++j) EXPECT_FALSE(keys[i] == keys[j]) << i << " " << j;
  EXPECT_NE(rules.KeyOf(pos).hi, 0u);  // piles 17-24 live in the high word
}

// The piles left in `pos` (bottom to top), as a deal to Load.
template <class Rules>
std::vector<Pile> PilesLeft(const Rules& rules, const typename Rules::Position& pos, int n) {
  std::vector<Pile> piles(static_cast<size_t>(n));
  for (int p = 0; p < n; ++p)
    for (int i = 0; i < pos.h[p]; ++i) piles[static_cast<size_t>(p)].push_back(rules.CardAt(p, i));
  return piles;
}

// Apply keeps every derived field of a Position (key, tops, buried cards,
// class counts, lonely ranks) equal to what Prepare computes from scratch for
// the cards left, along whole lines of play in both layouts; KeyAfter and
// WonKey agree with Apply, KeyOf and Won.
template <class G>
void ExpectApplyMatchesPrepare(const Game& game, int piles, uint64_t deals) {
  using Rules = typename G::Rules;
  static Rules rules, fresh;
  rules.prune = false;
  for (uint64_t n = 1; n <= deals; ++n) {
    typename Rules::Position pos, again;
    rules.Load(Numbered(game, n).areas.tableau, pos);
    typename Rules::Move moves[Rules::kMaxMoves];
    for (int step = 0;; ++step) {
      fresh.Load(PilesLeft(rules, pos, piles), again);
      ASSERT_EQ(pos.h, again.h);
      EXPECT_EQ(pos.key, again.key) << n << " step " << step;
      EXPECT_EQ(pos.key, Rules::HeightsKey(pos.h));
      EXPECT_EQ(pos.left, again.left);
      EXPECT_EQ(pos.hidden, again.hidden);
      EXPECT_EQ(pos.open, again.open);
      EXPECT_EQ(pos.ntop, again.ntop);
      EXPECT_EQ(pos.tops, again.tops) << n << " step " << step;
      for (int r = 1; r <= 13; ++r) EXPECT_EQ(pos.buried[r], again.buried[r]) << n << " rank " << r;
      EXPECT_EQ(pos.lonely, again.lonely) << n << " step " << step;
      EXPECT_EQ(rules.Won(pos), rules.Won(again));
      EXPECT_EQ(rules.WonKey(pos.key), rules.Won(pos));
      const int count = rules.Moves(pos, moves);
      if (!count) break;
      // KeyAfter predicts the key of every child without building it.
      for (int i = 0; i < count; ++i) {
        typename Rules::Position child = pos;
        rules.Apply(child, moves[i]);
        EXPECT_EQ(rules.KeyAfter(pos, moves[i]), rules.KeyOf(child)) << n << " step " << step;
      }
      // Vary the line: not always the first move.
      rules.Apply(pos, moves[(static_cast<uint64_t>(step) * 7 + n) % static_cast<uint64_t>(count)]);
    }
  }
}

TEST(FourteensRules, ApplyKeepsTheDerivedFieldsExact) {
  ExpectApplyMatchesPrepare<OneDeck>(FourteenOutGame(), 12, 40);
  ExpectApplyMatchesPrepare<OneDeck>(TakeFourteenGame(), 12, 20);
  ExpectApplyMatchesPrepare<ThreeDecks>(TripleFourteensGame(), 24, 5);
}

// F4: when a top card has no partner below another pile's top, the solver
// tries only that card's moves, and it finds a position dead when such a
// card has no partner at all on top.
TEST(FourteensRules, StubbornSetKeepsOnlyTheMovesOfAFreeTopCard) {
  std::vector<Pile> piles(12);
  piles[0] = Cards({"5C", "KC"});
  piles[1] = Cards({"9C", "AD"});
  piles[2] = Cards({"9D", "AH"});
  piles[3] = Cards({"AS", "QC"});  // Q's partner 2 lies under pile 5's top
  piles[4] = Cards({"2C", "KD"});
  piles[5] = Cards({"5D", "5H"});
  OneDeck::Rules rules;
  OneDeck::Rules::Position pos;
  rules.Load(piles, pos);
  OneDeck::Rules::Move moves[OneDeck::Rules::kMaxMoves];
  rules.stubborn = false;
  const int all = rules.Moves(pos, moves);
  EXPECT_EQ(all, 4);  // K(1) and K(5) each with A(2) or A(3)
  rules.stubborn = true;
  const int kept = rules.Moves(pos, moves);
  // Pile 2's A: both Kings are on top, so it links nowhere; pile 1's K
  // links to pile 4 (AS under QC), so its moves are not the set kept.
  ASSERT_EQ(kept, 2);
  for (int i = 0; i < kept; ++i) EXPECT_TRUE(moves[i].a == 1 || moves[i].b == 1);
  // Two Kings on top and no Ace anywhere (a hand-made position): they can
  // never go, and the Kings' pile has no move at all, so it is dead at once
  // although 5H can still pair with a 9.
  piles[1] = Cards({"9C", "9H"});
  piles[2] = Cards({"9D", "9S"});
  piles[3] = Cards({"QC"});
  piles[4] = Cards({"2C", "KD"});
  rules.Load(piles, pos);
  EXPECT_EQ(rules.Moves(pos, moves), 0);
}

// ---------------------------------------------------------------- solver on hand-made deals

// A deal whose piles pair off layer by layer: pile 2k-1 and pile 2k hold
// partners at every height.
std::vector<Pile> LayeredDeal() {
  std::vector<Pile> t = {
      Cards({"AC", "2C", "3C", "4C", "5C"}), Cards({"KC", "QC", "JC", "TC", "9C"}),
      Cards({"AD", "2D", "3D", "4D", "5D"}), Cards({"KD", "QD", "JD", "TD", "9D"}),
      Cards({"AH", "2H", "3H", "4H"}),       Cards({"KH", "QH", "JH", "TH"}),
      Cards({"AS", "2S", "3S", "4S"}),       Cards({"KS", "QS", "JS", "TS"}),
      Cards({"5H", "6C", "6D", "7C"}),       Cards({"9H", "8C", "8D", "7D"}),
      Cards({"5S", "6H", "6S", "7H"}),       Cards({"9S", "8H", "8S", "7S"}),
  };
  return t;
}

TEST(FourteensSolver, SolvesALayeredDealAndTheLineReplays) {
  for (const Game* g : {&FourteenOutGame(), &TakeFourteenGame()}) {
    const Deal deal = HandMade(*g, LayeredDeal());
    SolveResult r = g->Solve(deal, SearchLimits{});
    ASSERT_EQ(r.verdict, Verdict::kSolved);
    ASSERT_EQ(r.moves.size(), 26u);
    EXPECT_TRUE(ReplaysToAWin(*g, deal, r.moves));
    for (const MoveSpec& m : r.moves) EXPECT_LT(m.from[0].number, m.from[1].number);
  }
}

void ExpectUnsolvableByBothSearches(const std::vector<Pile>& tableau, uint64_t max_plain_nodes) {
  const auto& g = dynamic_cast<const OneDeck&>(FourteenOutGame());
  const Deal deal = HandMade(g, tableau);
  SolveResult pruned = g.SolveWith(deal, SearchLimits{}, true);
  EXPECT_EQ(pruned.verdict, Verdict::kUnsolvable);
  SearchLimits limits;
  limits.max_nodes = max_plain_nodes;
  SolveResult plain = g.SolveWith(deal, limits, false);
  EXPECT_EQ(plain.verdict, Verdict::kUnsolvable);
  EXPECT_LE(pruned.stats.nodes, plain.stats.nodes);
}

TEST(FourteensSolver, AllFourSevensInOnePileIsUnsolvable) {
  std::vector<Pile> t = LayeredDeal();
  // Pile 9 becomes 5H 7C 7D 7H ... : gather the 7s in pile 1 instead.
  t[0] = Cards({"7C", "7D", "7H", "7S", "5C"});
  t[8] = Cards({"5H", "6C", "6D", "AC"});
  t[9] = Cards({"9H", "8C", "8D", "2C"});
  t[10] = Cards({"5S", "6H", "6S", "3C"});
  t[11] = Cards({"9S", "8H", "8S", "4C"});
  const auto& g = FourteenOutGame();
  const Deal deal = HandMade(g, t);
  SolveResult r = g.Solve(deal, SearchLimits{});
  EXPECT_EQ(r.verdict, Verdict::kUnsolvable);
  EXPECT_EQ(r.stats.nodes, 0u);  // the counting test proves it at once
  ExpectUnsolvableByBothSearches(t, 5'000'000);
}

// The solver's rules on a hand-made position (not a whole deck): the only
// two 7s left lie in one pile, 7S on 7H.
TEST(FourteensSolver, TwoSevensAloneInOnePileAreNeverFreed) {
  std::vector<Pile> piles(12);
  piles[0] = Cards({"7H", "7S"});
  piles[1] = Cards({"KC"});
  piles[2] = Cards({"AC"});
  OneDeck::Rules rules;
  OneDeck::Rules::Position start;
  rules.Load(piles, start);
  EXPECT_TRUE(rules.Dead(start));
  EXPECT_EQ(Search(rules, start, SearchLimits{}).verdict, Verdict::kUnsolvable);
  rules.prune = false;
  auto plain = Search(rules, start, SearchLimits{});
  EXPECT_EQ(plain.verdict, Verdict::kUnsolvable);
  EXPECT_EQ(plain.stats.nodes, 1u);  // K+A, then nothing
  // The same cards with the 7s in two piles: won in two moves.
  piles[0] = Cards({"7H"});
  piles[3] = Cards({"7S"});
  rules.prune = true;
  rules.Load(piles, start);
  EXPECT_FALSE(rules.Dead(start));
  auto won = Search(rules, start, SearchLimits{});
  ASSERT_EQ(won.verdict, Verdict::kSolved);
  EXPECT_EQ(won.line.size(), 2u);
}

TEST(FourteensSolver, KingsEachOnTheirOwnAceAreUnsolvable) {
  // Every K lies directly on an A: a K needs an A from another pile, and
  // each A lies under a K. Only the exact projection of {A,K} sees it.
  std::vector<Pile> t = LayeredDeal();
  t[0] = Cards({"AC", "KC", "3C", "4C", "5C"});
  t[1] = Cards({"2C", "QC", "JC", "TC", "9C"});
  t[2] = Cards({"AD", "KD", "3D", "4D", "5D"});
  t[3] = Cards({"2D", "QD", "JD", "TD", "9D"});
  t[4] = Cards({"AH", "KH", "3H", "4H"});
  t[5] = Cards({"2H", "QH", "JH", "TH"});
  t[6] = Cards({"AS", "KS", "3S", "4S"});
  t[7] = Cards({"2S", "QS", "JS", "TS"});
  ExpectUnsolvableByBothSearches(t, 5'000'000);
}

// ---------------------------------------------------------------- numbered deals

struct Tally {
  int solved = 0, unsolvable = 0, compared = 0;
};

// Solves deals [from, to]: every solution must replay to a win; every
// unsolvable verdict must be confirmed by the plain search; for deals up to
// `compare_to`, the plain search's verdict must equal the pruned one.
template <class G>
Tally CheckDeals(const G& g, uint64_t from, uint64_t to, uint64_t compare_to, uint64_t plain_nodes) {
  Tally t;
  SearchLimits plain_limits;
  plain_limits.max_nodes = plain_nodes;
  for (uint64_t n = from; n <= to; ++n) {
    const Deal deal = Numbered(g, n);
    SolveResult r = g.Solve(deal, SearchLimits{});
    if (r.verdict == Verdict::kSolved) {
      ++t.solved;
      EXPECT_TRUE(ReplaysToAWin(g, deal, r.moves)) << g.id() << "#" << n;
    } else {
      EXPECT_EQ(r.verdict, Verdict::kUnsolvable) << g.id() << "#" << n;
      ++t.unsolvable;
    }
    if (r.verdict == Verdict::kUnsolvable || n <= compare_to) {
      SolveResult plain = g.SolveWith(deal, plain_limits, false);
      if (r.verdict == Verdict::kUnsolvable) {
        EXPECT_EQ(plain.verdict, Verdict::kUnsolvable) << g.id() << "#" << n;
      }
      if (plain.verdict != Verdict::kUnknown) {
        EXPECT_EQ(plain.verdict, r.verdict) << g.id() << "#" << n;
        ++t.compared;
      }
    }
  }
  return t;
}

TEST(FourteensDeals, FourteenOutDeals1To300) {
  const auto& g = dynamic_cast<const OneDeck&>(FourteenOutGame());
  Tally t = CheckDeals(g, 1, 300, 300, 0);
  EXPECT_EQ(t.compared, 300);
  EXPECT_GT(t.unsolvable, 0);  // both verdicts occur, so both are exercised
  EXPECT_GT(t.solved, 0);
}

TEST(FourteensDeals, TakeFourteenDeals1To300) {
  const auto& g = dynamic_cast<const OneDeck&>(TakeFourteenGame());
  Tally t = CheckDeals(g, 1, 300, 300, 0);
  EXPECT_EQ(t.compared, 300);
  EXPECT_GT(t.unsolvable, 0);
  EXPECT_GT(t.solved, 0);
}

TEST(FourteensDeals, TripleFourteensDeals1To300) {
  const auto& g = dynamic_cast<const ThreeDecks&>(TripleFourteensGame());
  // The plain search is slow on a few three-deck deals: it gets a node
  // budget, and a deal it cannot finish within it is not compared.
  Tally t = CheckDeals(g, 1, 300, 300, 300'000);
  EXPECT_GT(t.solved, 0);
  EXPECT_GE(t.compared, 250);
}

// The stubborn-set reduction (F4, on by default) keeps every verdict.
TEST(FourteensDeals, StubbornSetsKeepEveryVerdict) {
  for (const Game* game : {&FourteenOutGame(), &TakeFourteenGame()}) {
    const auto& g = dynamic_cast<const OneDeck&>(*game);
    OneDeck::Rules rules;
    OneDeck::Rules::Position start;
    int unsolvable = 0, solved = 0;
    for (uint64_t n = 1; n <= 300; ++n) {
      const Deal deal = Numbered(g, n);
      rules.Load(deal.areas.tableau, start);
      rules.stubborn = false;
      const auto plain = Search(rules, start, SearchLimits{});
      rules.stubborn = true;
      const auto reduced = Search(rules, start, SearchLimits{});
      EXPECT_EQ(plain.verdict, reduced.verdict) << g.id() << "#" << n;
      // Unsolvable: the reduced search visits a subset of the positions.
      if (plain.verdict == Verdict::kUnsolvable) {
        EXPECT_LE(reduced.stats.nodes, plain.stats.nodes) << g.id() << "#" << n;
      }
      unsolvable += reduced.verdict == Verdict::kUnsolvable;
      if (reduced.verdict == Verdict::kSolved) {
        ++solved;
        auto moves = OneDeck::ToMoveSpecs(rules, start, reduced.line);
        EXPECT_TRUE(ReplaysToAWin(g, deal, moves)) << g.id() << "#" << n;
      }
    }
    EXPECT_GT(unsolvable, 0);
    EXPECT_GT(solved, 250);
  }
}

// The solver's rules without KeyAfter/WonKey: core/search.h then builds
// every child before looking it up, as it does for the other games.
struct BuildFirst {
  using Inner = OneDeck::Rules;
  using Position = Inner::Position;
  using Move = Inner::Move;
  static constexpr int kMaxMoves = Inner::kMaxMoves;
  const Inner* inner;
  bool prune = true;
  bool Won(const Position& p) const { return inner->Won(p); }
  int Moves(const Position& p, Move* out) const { return inner->Moves(p, out); }
  void Apply(Position& p, Move m) const { inner->Apply(p, m); }
  Key128 KeyOf(const Position& p) const { return inner->KeyOf(p); }
  bool Dead(const Position& p) const { return inner->Dead(p); }
};

// Looking a child up before building it (KeyAfter) is bookkeeping only: the
// same verdicts, node counts and lines as the search that builds first.
TEST(FourteensDeals, LookupBeforeBuildChangesNothing) {
  for (const Game* game : {&FourteenOutGame(), &TakeFourteenGame()}) {
    const auto& g = dynamic_cast<const OneDeck&>(*game);
    OneDeck::Rules rules;
    OneDeck::Rules::Position start;
    const BuildFirst plain{&rules};
    for (uint64_t n = 1; n <= 300; ++n) {
      rules.Load(Numbered(g, n).areas.tableau, start);
      const auto a = Search(rules, start, SearchLimits{});
      const auto b = Search(plain, start, SearchLimits{});
      EXPECT_EQ(a.verdict, b.verdict) << g.id() << "#" << n;
      EXPECT_EQ(a.stats.nodes, b.stats.nodes) << g.id() << "#" << n;
      EXPECT_EQ(a.line, b.line) << g.id() << "#" << n;
    }
  }
}

TEST(FourteensDeals, SameAnswerEveryRun) {
  const Game& g = TripleFourteensGame();
  const Deal deal = Numbered(g, 41);
  SolveResult a = g.Solve(deal, SearchLimits{});
  SolveResult b = g.Solve(Numbered(g, 42), SearchLimits{});
  SolveResult c = g.Solve(deal, SearchLimits{});
  EXPECT_EQ(a.verdict, c.verdict);
  EXPECT_EQ(a.moves, c.moves);
  EXPECT_EQ(a.stats.nodes, c.stats.nodes);
  (void)b;
}

}  // namespace
}  // namespace talon
