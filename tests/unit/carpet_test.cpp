// The Carpet: dealing, the automatic moves (aces out, refills, patches),
// the checker on hand-made tables (each rule, each illegal move, both
// patching options), and the solver on deals 1-300: every solution replays
// to a win, verdicts and scores agree with the plain search, and the search
// beats greedy play.
#include "core/games/carpet/testing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/shuffle.h"
#include "test_util.h"

namespace talon {
namespace {

using namespace test;

const Game& G() { return CarpetGame(); }

Options Patching(const std::string& p) { return Options{{"patching", std::string(p)}}; }

// A table in phase 1 (turning begun) or 0: slots ("" = hole), foundations
// built up to the given rank per suit (C D H S), the pack in drawing order,
// the waste bottom to top.
Table MakeTable(const std::vector<std::string>& slots, std::array<int, 4> built,
                const std::vector<std::string>& pack, const std::vector<std::string>& waste,
                int phase, const Options& options = {}) {
  Table t;
  t.options = GameOptions(G(), options);
  for (const auto& s : slots) t.areas.tableau.push_back(s.empty() ? Pile{} : Pile{C(s)});
  t.areas.foundations.resize(4);
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= built[static_cast<size_t>(s)]; ++r)
      t.areas.foundations[static_cast<size_t>(s)].push_back(Card(r, static_cast<Suit>(s)));
  for (auto it = pack.rbegin(); it != pack.rend(); ++it) t.areas.stock.push_back(C(*it));
  for (const auto& w : waste) t.areas.waste.push_back(C(w));
  t.counters = {phase};
  return t;
}

Place Slot(int s) { return Place{Area::kTableau, s}; }
Place Found(int f) { return Place{Area::kFoundations, f}; }
const Place kWaste{Area::kWaste, 0};
const Place kPack{Area::kStock, 0};

std::string SlotCard(const Table& t, int s) {
  const Pile& p = t.areas.tableau[static_cast<size_t>(s - 1)];
  return p.empty() ? "" : CardName(p.back());
}

// 19 filler cards that cannot be built early (high spades and hearts).
std::vector<std::string> Filler(int n) {
  const std::vector<std::string> all = {"KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S",
                                        "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H"};
  return std::vector<std::string>(all.begin(), all.begin() + n);
}

TEST(Carpet, DealsTwentySlotsAndThePack) {
  auto deal = MakeDeal(G(), 11, {});
  ASSERT_TRUE(deal.ok());
  std::vector<Card> deck = ShuffledDeck(11, 1);
  ASSERT_EQ(deal->areas.tableau.size(), 20u);
  for (size_t s = 0; s < 20; ++s) EXPECT_EQ(deal->areas.tableau[s], Pile{deck[s]});
  ASSERT_EQ(deal->areas.stock.size(), 32u);
  EXPECT_EQ(deal->areas.stock.back(), deck[20]);
  EXPECT_EQ(deal->areas.stock.front(), deck[51]);
  EXPECT_TRUE(CheckDeal(G(), *deal).ok());
  EXPECT_EQ(WordOption(deal->options, "patching"), "compulsory");

  Deal bad = *deal;
  bad.areas.tableau.pop_back();
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("20 slots"), std::string::npos);
  bad = *deal;
  bad.areas.tableau[3].push_back(bad.areas.stock.back());
  bad.areas.stock.pop_back();
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("areas.tableau[3] (slot 4)"), std::string::npos);
  bad = *deal;
  bad.areas.face_down.assign(20, 0);
  EXPECT_NE(G().CheckShape(bad.areas, bad.options).message().find("face_down"), std::string::npos);
  EXPECT_FALSE(MakeDeal(G(), 1, Patching("never")).ok());
}

TEST(Carpet, AcesGoOutAndHolesRefillFromThePack) {
  // AC in slot 1, AD in slot 6; the pack starts AH, 9S, 8S: slot 1 draws
  // AH (out at once) then 9S, slot 6 draws 8S.
  std::vector<std::string> first = {"AC", "KS", "QS", "JS", "TS", "AD", "7S", "6S", "5S", "4S",
                                    "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H",
                                    "AH", "9S", "8S"};
  Table t = G().StartTable(DealFromDeck(G(), DeckStarting(first)));
  EXPECT_EQ(SlotCard(t, 1), "9S");
  EXPECT_EQ(SlotCard(t, 6), "8S");
  EXPECT_EQ(t.areas.foundations[0], Pile{C("AC")});
  EXPECT_EQ(t.areas.foundations[1], Pile{C("AD")});
  EXPECT_EQ(t.areas.foundations[2], Pile{C("AH")});
  EXPECT_TRUE(t.areas.foundations[3].empty());
  EXPECT_EQ(t.areas.stock.size(), 52u - 23u);
  EXPECT_EQ(t.counters, std::vector<int64_t>{0});
}

TEST(Carpet, BuildingRefillsFromThePackUntilStopped) {
  std::vector<std::string> slots = Filler(19);
  slots.push_back("2C");
  Table t = MakeTable(slots, {1, 0, 0, 0}, {"AS", "3C", "3D"}, {}, 0);
  ExpectIllegal(G(), t, Mv(kPack, kWaste, "AS"), "only when nothing more can be built; 2\u2663");
  ExpectIllegal(G(), t, Mv(Slot(20), Found(2), "2C"), "foundation 2 is for");
  ExpectIllegal(G(), t, Mv(Slot(1), Found(4), "KS"), "needs Q\u2660 on foundation 4, which is empty");
  ExpectIllegal(G(), t, Mv(Slot(20), Found(1), "3C"), "slot 20 holds 2\u2663, not 3\u2663");
  ExpectIllegal(G(), t, Mv(Slot(21), Found(1), "2C"), "there is no slot 21");
  ExpectIllegal(G(), t, Mv(kPack, Found(4), "AS"), "turned onto the waste first");
  ExpectIllegal(G(), t, Mv(kPack, Slot(20), "AS"), "refilled from the pack by the rules");
  ExpectIllegal(G(), t, Mv(Slot(20), Slot(1), "2C"), "goes only to its foundation");
  ExpectIllegal(G(), t, Mv(Place{Area::kFoundations, 1}, Found(1), "AC"), "not from foundations");
  ExpectIllegal(G(), t, Mv(Slot(20), Place{Area::kDiscard, 0}, "2C"), "not to discard");
  MoveSpec two = Mv(Slot(20), Found(1), "2C");
  two.from.push_back(Slot(1));
  ExpectIllegal(G(), t, two, "one card from one place");
  // Build 2C: the hole draws AS (out at once), then 3C; build 3C: it draws 3D.
  ExpectLegal(G(), t, Mv(Slot(20), Found(1), "2C"));
  EXPECT_EQ(SlotCard(t, 20), "3C");
  EXPECT_EQ(t.areas.foundations[3], Pile{C("AS")});
  ExpectLegal(G(), t, Mv(Slot(20), Found(1), "3C"));
  EXPECT_EQ(SlotCard(t, 20), "3D");
  // The pack is used up: the next build leaves a hole.
  t.areas.foundations[1] = {C("AD"), C("2D")};
  ExpectLegal(G(), t, Mv(Slot(20), Found(2), "3D"));
  EXPECT_EQ(SlotCard(t, 20), "");
  ExpectIllegal(G(), t, Mv(kPack, kWaste, "3D"), "the pack is used up");
  ExpectIllegal(G(), t, Mv(Slot(20), Found(2), "3D"), "slot 20 is a hole");
}

TEST(Carpet, TurningStartsWhenStoppedAndPatchesFromTheWaste) {
  std::vector<std::string> slots = Filler(19);
  slots.push_back("3C");
  // Stopped: nothing on the carpet can be built (clubs at A, 3C needs 2C).
  Table t = MakeTable(slots, {1, 1, 0, 0}, {"2C", "9D", "2D"}, {}, 0);
  ExpectIllegal(G(), t, Mv(kPack, kWaste, "9D"), "the next card of the pack is 2\u2663");
  ExpectIllegal(G(), t, Mv(kWaste, Slot(20), "2C"), "the waste is empty");
  ExpectLegal(G(), t, Mv(kPack, kWaste, "2C"));
  EXPECT_EQ(t.counters[0], 1);
  ExpectIllegal(G(), t, Mv(kWaste, Found(1), "9D"), "the waste shows 2\u2663");
  ExpectLegal(G(), t, Mv(kWaste, Found(1), "2C"));
  // Turning is now allowed at any time, even with a build available.
  ExpectLegal(G(), t, Mv(kPack, kWaste, "9D"));
  ExpectLegal(G(), t, Mv(kPack, kWaste, "2D"));
  // Building 3C from slot 20 patches the hole from the waste's top (2D) at once.
  ExpectLegal(G(), t, Mv(Slot(20), Found(1), "3C"));
  EXPECT_EQ(SlotCard(t, 20), "2D");
  EXPECT_EQ(t.areas.waste, Pile{C("9D")});
  ExpectIllegal(G(), t, Mv(kWaste, Slot(20), "9D"), "compulsory");
  ExpectIllegal(G(), t, Mv(kPack, kWaste, "9D"), "the pack is used up");
  ExpectIllegal(G(), t, Mv(kWaste, kWaste, "9D"), "only a card turned from the pack");
}

TEST(Carpet, WithAnEmptyWasteTheHoleWaitsForTheNextTurn) {
  std::vector<std::string> slots = Filler(19);
  slots.push_back("2C");
  Table t = MakeTable(slots, {1, 0, 0, 0}, {"9D", "AD"}, {}, 1);
  ExpectLegal(G(), t, Mv(Slot(20), Found(1), "2C"));
  EXPECT_EQ(SlotCard(t, 20), "");  // never refilled from the pack once turning has begun
  ExpectLegal(G(), t, Mv(kPack, kWaste, "9D"));
  EXPECT_EQ(SlotCard(t, 20), "9D");
  EXPECT_TRUE(t.areas.waste.empty());
  // An ace turned goes out at once.
  ExpectLegal(G(), t, Mv(kPack, kWaste, "AD"));
  EXPECT_EQ(t.areas.foundations[1], Pile{C("AD")});
  EXPECT_TRUE(t.areas.waste.empty());
}

TEST(Carpet, OptionalPatchingIsAMove) {
  std::vector<std::string> slots = Filler(19);
  slots.push_back("2C");
  Table t = MakeTable(slots, {1, 0, 0, 0}, {"9D"}, {"8D", "7D"}, 1, Patching("optional"));
  ExpectLegal(G(), t, Mv(Slot(20), Found(1), "2C"));
  EXPECT_EQ(SlotCard(t, 20), "");  // no patch by the rules
  EXPECT_EQ(t.areas.waste.size(), 2u);
  ExpectIllegal(G(), t, Mv(kWaste, Slot(19), "7D"), "slot 19 holds 5\u2665; only a hole can be patched");
  ExpectIllegal(G(), t, Mv(kWaste, Slot(20), "8D"), "the waste shows 7\u2666");
  ExpectIllegal(G(), t, Mv(kWaste, Slot(0), "7D"), "there is no slot 0");
  ExpectLegal(G(), t, Mv(kPack, kWaste, "9D"));  // the hole may stay open
  EXPECT_EQ(SlotCard(t, 20), "");
  ExpectLegal(G(), t, Mv(kWaste, Slot(20), "9D"));
  EXPECT_EQ(SlotCard(t, 20), "9D");
  EXPECT_EQ(t.areas.waste.back(), C("7D"));
}

TEST(Carpet, WonWhenAllFiftyTwoAreBuilt) {
  Table t = MakeTable(std::vector<std::string>(20, ""), {13, 13, 13, 12}, {}, {"KS"}, 1);
  EXPECT_FALSE(G().Won(t));
  ExpectLegal(G(), t, Mv(kWaste, Found(4), "KS"));
  EXPECT_TRUE(G().Won(t));
}

// Greedy play through the checker: build whatever can be built (waste top
// first, then slots in order), else turn; returns the cards built.
int Greedy(const Deal& deal) {
  Table t = G().StartTable(deal);
  for (;;) {
    bool moved = false;
    auto try_build = [&](Place from, Card c) {
      if (moved) return;
      moved = G().Play(t, Mv(from, Found(c.suit() + 1), CardName(c))).ok();
    };
    if (!t.areas.waste.empty()) try_build(kWaste, t.areas.waste.back());
    for (int s = 1; s <= 20; ++s)
      if (!t.areas.tableau[static_cast<size_t>(s - 1)].empty()) try_build(Slot(s), t.areas.tableau[static_cast<size_t>(s - 1)].back());
    if (!moved && !t.areas.stock.empty()) moved = G().Play(t, Mv(kPack, kWaste, CardName(t.areas.stock.back()))).ok();
    if (!moved) break;
  }
  int built = 0;
  for (const Pile& f : t.areas.foundations) built += static_cast<int>(f.size());
  return built;
}

TEST(Carpet, SolverReplaysAgreesWithThePlainSearchAndBeatsGreedy) {
  for (const char* patching : {"compulsory", "optional"}) {
    int solved = 0, unsolvable = 0, compared = 0, greedy_wins = 0;
    for (uint64_t n = 1; n <= 300; ++n) {
      auto deal = MakeDeal(G(), n, Patching(patching));
      ASSERT_TRUE(deal.ok());
      CarpetSolve r = SolveCarpet(*deal, SearchLimits{}, true);
      ASSERT_NE(r.result.verdict, Verdict::kUnknown) << n;
      const int greedy = Greedy(*deal);
      greedy_wins += greedy == 52;
      EXPECT_GE(r.score, greedy) << patching << " deal " << n;
      if (r.result.verdict == Verdict::kSolved) {
        ++solved;
        EXPECT_EQ(r.score, 52);
        ASSERT_TRUE(ReplaysToAWin(G(), *deal, r.result.moves)) << patching << " deal " << n;
        SearchLimits raw;
        raw.shorten_work = 0;  // the line as the search found it
        EXPECT_EQ(G().Solve(*deal, raw).moves, r.result.moves);
      } else {
        ++unsolvable;
        EXPECT_LT(r.score, 52);
        EXPECT_TRUE(r.result.moves.empty());
      }
      SearchLimits plain_limits;
      plain_limits.max_nodes = 100000;
      CarpetSolve plain = SolveCarpet(*deal, plain_limits, false);
      if (plain.result.verdict == Verdict::kUnknown) continue;
      ++compared;
      ASSERT_EQ(plain.result.verdict, r.result.verdict) << patching << " deal " << n;
      if (plain.result.verdict == Verdict::kUnsolvable) {
        EXPECT_EQ(plain.score, r.score) << patching << " deal " << n;
      }
    }
    EXPECT_GT(solved, 100) << patching;
    EXPECT_GT(unsolvable, 50) << patching;
    EXPECT_GT(compared, 250) << patching;
    EXPECT_LT(greedy_wins + 20, solved) << patching << ": greedy play should win clearly fewer deals";
  }
}

TEST(Carpet, LimitsGiveUnknownNeverUnsolvable) {
  auto deal = MakeDeal(G(), 1, {});
  ASSERT_TRUE(deal.ok());
  SearchLimits limits;
  limits.max_nodes = 1;
  CarpetSolve r = SolveCarpet(*deal, limits, true);
  EXPECT_EQ(r.result.verdict, Verdict::kUnknown);
  EXPECT_EQ(r.result.stats.limit, "max-nodes");
}

TEST(Carpet, NotationRoundTrips) {
  const std::vector<MoveSpec> moves = {Mv(Slot(12), Found(3), "7H"), Mv(kWaste, Found(1), "7C"),
                                       Mv(kPack, kWaste, "7D"), Mv(kWaste, Slot(3), "7S")};
  const std::vector<std::string> text = {"12>F  7\u2665", "W>F  7\u2663", "S>W  7\u2666", "W>3  7\u2660"};
  for (size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(G().FormatMove(moves[i]), text[i]);
    auto back = G().ParseMove(text[i]);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, moves[i]);
  }
  EXPECT_TRUE(G().ParseMove("12>f 7h").ok());
  EXPECT_FALSE(G().ParseMove("12+F 7H").ok());
  EXPECT_FALSE(G().ParseMove("12>F").ok());
  EXPECT_FALSE(G().ParseMove("X>F 7H").ok());
}

}  // namespace
}  // namespace talon
