// The Idiot's Delight: dealing, the checker (every rule, every illegal move
// type, the worry option), the notation, the safe-move rule, and the solver
// (deal | solve | replay; pruned verdicts against the plain search on
// positions near the end of real games, perturbed).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/games.h"
#include "core/games/idiots_delight/testing.h"
#include "core/shuffle.h"
#include "test_util.h"

namespace talon {
namespace {

using namespace test;

const Game& G() { return IdiotsDelightGame(); }

// A hand-made position: the given columns and reserve; every other card on
// its foundation (they must be, per suit, the ace and up).
Deal Hand(std::vector<Pile> columns, std::vector<std::string_view> reserve, bool worry = false) {
  Deal d;
  d.game = "idiots-delight";
  d.options["worry"] = worry;
  columns.resize(9);
  d.areas.tableau = columns;
  for (auto r : reserve) d.areas.reserve.push_back(r.empty() ? Pile{} : Pile{C(r)});
  d.areas.reserve.resize(7);
  std::vector<bool> out(52, false);
  for (const Pile& p : d.areas.tableau)
    for (Card c : p) out[static_cast<size_t>(c.index())] = true;
  for (const Pile& p : d.areas.reserve)
    for (Card c : p) out[static_cast<size_t>(c.index())] = true;
  d.areas.foundations.resize(4);
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= 13 && !out[static_cast<size_t>(s * 13 + r - 1)]; ++r)
      d.areas.foundations[static_cast<size_t>(s)].push_back(Card(r, static_cast<Suit>(s)));
  Status st = CheckDeal(G(), d);
  EXPECT_TRUE(st.ok()) << st.message();
  return d;
}

// Ranks 7-K of every suit in play, 1-6 on the foundations; column 5 empty.
//   1: K♠ Q♥ 9♣ 8♥    2: J♣ 10♦ 8♠   3: 7♥   4: Q♣ J♥   5: -
//   6: K♦ 9♥ 10♠      7: 7♣ K♥       8: 10♣ 9♦ Q♠       9: J♦ 8♦ 10♥
//   reserve: 7♠ J♠ Q♦ 8♣ 9♠ K♣ 7♦
Deal Sevens(bool worry = false) {
  return Hand({Cards({"KS", "QH", "9C", "8H"}), Cards({"JC", "TD", "8S"}), Cards({"7H"}),
               Cards({"QC", "JH"}), {}, Cards({"KD", "9H", "TS"}), Cards({"7C", "KH"}),
               Cards({"TC", "9D", "QS"}), Cards({"JD", "8D", "TH"})},
              {"7S", "JS", "QD", "8C", "9S", "KC", "7D"}, worry);
}

// No move at all without worry; with worry, 5♣ can come back onto 6♥, 4♥
// onto it, and column 1 empties.
//   1: 3♥ 4♥   2: 7♠ 5♥ 6♥   3: 6♣ 8♥ K♣   4: 6♠ 9♥ K♠   5: K♥ 10♥ 9♣
//   6: Q♥ 8♣ 8♠   7: J♥ 10♣ J♣  8: 7♥ 10♠ Q♣  9: 7♣ 9♠ J♠ Q♠   reserve empty
Deal Locked(bool worry) {
  return Hand({Cards({"3H", "4H"}), Cards({"7S", "5H", "6H"}), Cards({"6C", "8H", "KC"}),
               Cards({"6S", "9H", "KS"}), Cards({"KH", "TH", "9C"}), Cards({"QH", "8C", "8S"}),
               Cards({"JH", "TC", "JC"}), Cards({"7H", "TS", "QC"}), Cards({"7C", "9S", "JS", "QS"})},
              {}, worry);
}

MoveSpec M(std::string_view text) {
  auto m = G().ParseMove(text);
  EXPECT_TRUE(m.ok()) << text << ": " << m.status().message();
  return m.ok() ? *m : MoveSpec{};
}

// Plays `text` on `t`; returns "" if legal, else the reason.
std::string Try(Table& t, std::string_view text) { return G().Play(t, M(text)).message(); }
std::string TrySpec(Table& t, const MoveSpec& m) { return G().Play(t, m).message(); }

bool Has(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

TEST(IdiotsDelight, DealsRowByRowNineColumnsAndSevenReserve) {
  auto deal = MakeDeal(G(), 42, {});
  ASSERT_TRUE(deal.ok());
  const auto deck = ShuffledDeck(42, 1);
  const Areas& a = deal->areas;
  ASSERT_EQ(a.tableau.size(), 9u);
  size_t i = 0;
  for (size_t row = 0; row < 9; ++row)
    for (size_t col = 0; col < 9 - row; ++col) EXPECT_EQ(a.tableau[col][row], deck[i++]);
  for (size_t col = 0; col < 9; ++col) EXPECT_EQ(a.tableau[col].size(), 9 - col);
  ASSERT_EQ(a.reserve.size(), 7u);
  for (size_t r = 0; r < 7; ++r) EXPECT_EQ(a.reserve[r], Pile{deck[45 + r]});
  EXPECT_EQ(a.foundations, std::vector<Pile>(4));
  EXPECT_TRUE(a.face_down.empty());
  Deal copy = *deal;
  EXPECT_TRUE(CheckDeal(G(), copy).ok());
  EXPECT_EQ(copy.options.at("worry"), OptionValue(false));
}

TEST(IdiotsDelight, ShapeErrorsNameTheField) {
  Deal d = *MakeDeal(G(), 7, {});
  d.number.reset();
  d.shuffle.clear();
  {
    Deal e = d;
    e.areas.tableau.pop_back();
    e.areas.tableau[0].push_back(d.areas.tableau[8][0]);
    Status s = CheckDeal(G(), e);
    EXPECT_TRUE(Has(s.message(), "9 columns")) << s.message();
  }
  {
    Deal e = d;
    e.areas.reserve[1].push_back(e.areas.reserve[0][0]);
    e.areas.reserve[0].clear();
    Status s = CheckDeal(G(), e);
    EXPECT_TRUE(Has(s.message(), "reserve 2")) << s.message();
  }
  {
    Deal e = d;  // aces of clubs and diamonds on the wrong foundations
    Card ac = C("AC"), ad = C("AD");
    for (Pile& p : e.areas.tableau) std::erase_if(p, [&](Card c) { return c == ac || c == ad; });
    for (Pile& p : e.areas.reserve) std::erase_if(p, [&](Card c) { return c == ac || c == ad; });
    e.areas.foundations = {Pile{ad}, Pile{ac}, {}, {}};
    Status s = CheckDeal(G(), e);
    EXPECT_TRUE(Has(s.message(), "foundation 1")) << s.message();
  }
  {
    Deal e = d;
    e.areas.face_down = std::vector<int>(9, 0);
    EXPECT_FALSE(CheckDeal(G(), e).ok());
  }
  {
    Deal e = d;  // a hand-made deal may have any column lengths up to 21
    for (size_t c = 1; c < 9; ++c) {
      e.areas.tableau[0].insert(e.areas.tableau[0].end(), e.areas.tableau[c].begin(),
                                e.areas.tableau[c].end());
      e.areas.tableau[c].clear();
    }
    Status s = CheckDeal(G(), e);
    EXPECT_TRUE(Has(s.message(), "at most 21")) << s.message();
    e.areas.tableau[1].assign(e.areas.tableau[0].begin() + 20, e.areas.tableau[0].begin() + 40);
    e.areas.tableau[2].assign(e.areas.tableau[0].begin() + 40, e.areas.tableau[0].end());
    e.areas.tableau[0].resize(20);
    EXPECT_TRUE(CheckDeal(G(), e).ok());
  }
  {
    Deal e = d;  // a numbered deal must be that deal
    Deal f = *MakeDeal(G(), 7, {});
    std::swap(f.areas.tableau[0][0], f.areas.tableau[1][0]);
    EXPECT_FALSE(CheckDeal(G(), f).ok());
  }
}

TEST(IdiotsDelight, LegalMoves) {
  Table t = G().StartTable(Sevens());
  EXPECT_EQ(Try(t, "3→2  7♥"), "");  // red on black, one lower
  EXPECT_EQ(t.areas.tableau[1].back(), C("7H"));
  EXPECT_TRUE(t.areas.tableau[2].empty());
  EXPECT_EQ(Try(t, "R5→9  9♠"), "");  // from the reserve
  EXPECT_TRUE(t.areas.reserve[4].empty());
  EXPECT_EQ(Try(t, "7→5  K♥"), "");  // any card into an empty column
  EXPECT_EQ(Try(t, "7→F  7♣"), "");  // up in suit on the foundation
  EXPECT_EQ(t.areas.foundations[0].size(), 7u);
  EXPECT_EQ(Try(t, "R4→F  8♣"), "");
  EXPECT_EQ(Try(t, "R1->F4 7S"), "");
  EXPECT_EQ(Try(t, "2>3 7h"), "");  // into the column emptied above
  EXPECT_FALSE(G().Won(t));
}

TEST(IdiotsDelight, EveryIllegalMoveHasItsReason) {
  Table t = G().StartTable(Sevens());
  const Table before = t;
  EXPECT_TRUE(Has(Try(t, "3→1  7♥"), "colours must alternate"));
  EXPECT_TRUE(Has(Try(t, "1→6  8♥"), "one a rank higher"));
  EXPECT_TRUE(Has(Try(t, "7→8  K♥"), "only into an empty column"));
  EXPECT_TRUE(Has(Try(t, "1→5  9♣"), "covered in column 1"));
  EXPECT_TRUE(Has(Try(t, "2→5  7♥"), "not in column 2"));
  EXPECT_TRUE(Has(Try(t, "5→1  7♠"), "column 5 is empty"));
  EXPECT_TRUE(Has(Try(t, "R2→5  7♠"), "reserve 2 holds J♠"));
  EXPECT_TRUE(Has(Try(t, "3→3  7♥"), "already in column 3"));
  EXPECT_TRUE(Has(Try(t, "10→3  7♥"), "no column 10"));
  EXPECT_TRUE(Has(Try(t, "3→0  7♥"), "no column 0"));
  EXPECT_TRUE(Has(Try(t, "R8→3  7♥"), "no reserve 8"));
  EXPECT_TRUE(Has(Try(t, "6→F  10♠"), "takes 7♠"));
  EXPECT_TRUE(Has(Try(t, "3→F1  7♥"), "goes to foundation 3"));
  EXPECT_TRUE(Has(Try(t, "F→3  6♣"), "cannot be taken back"));
  EXPECT_TRUE(Has(Try(t, "3→R1  7♥"), "nothing goes to the reserve"));
  MoveSpec two = M("3→2  7♥");
  two.from.push_back(Place{Area::kTableau, 1});
  two.cards.push_back(C("8H"));
  EXPECT_TRUE(Has(TrySpec(t, two), "one card from one place"));
  MoveSpec count = M("3→2  7♥");
  count.count = 2;
  EXPECT_TRUE(Has(TrySpec(t, count), "one card moves at a time"));
  MoveSpec cards = M("3→2  7♥");
  cards.cards.push_back(C("8H"));
  EXPECT_TRUE(Has(TrySpec(t, cards), "names the one card"));
  MoveSpec stock = M("3→2  7♥");
  stock.from[0] = Place{Area::kStock, 0};
  EXPECT_TRUE(Has(TrySpec(t, stock), "not from stock"));
  MoveSpec discard = M("3→2  7♥");
  discard.to = Place{Area::kDiscard, 0};
  EXPECT_TRUE(Has(TrySpec(t, discard), "not to discard"));
  EXPECT_EQ(t.areas, before.areas);  // nothing changed
  // A reserve slot is never refilled.
  EXPECT_EQ(Try(t, "R1→F  7♠"), "");
  EXPECT_TRUE(Has(Try(t, "R1→F  7♠"), "reserve 1 is empty"));
  // An empty foundation starts with the ace.
  Table u = G().StartTable(*MakeDeal(G(), 1, {}));
  const Card top = u.areas.tableau[8].back();
  ASSERT_NE(top.rank(), 1);
  EXPECT_TRUE(Has(TrySpec(u, MoveSpec{{Place{Area::kTableau, 9}}, Place{Area::kFoundations, 0}, {top}, 0}),
                  "empty and starts with the ace"));
}

TEST(IdiotsDelight, WorryTakesBackFromTheFoundations) {
  Table t = G().StartTable(Sevens(/*worry=*/true));
  EXPECT_TRUE(Has(Try(t, "F→3  5♣"), "not the top card of foundation 1"));
  EXPECT_TRUE(Has(Try(t, "F2→3  6♣"), "not on foundation 2"));
  EXPECT_TRUE(Has(Try(t, "F→F  6♣"), "already on its foundation"));
  EXPECT_TRUE(Has(Try(t, "F→4  6♣"), "one a rank higher"));  // onto J♥: wrong rank
  EXPECT_TRUE(Has(Try(t, "F→3  6♦"), "colours must alternate"));  // onto 7♥
}

TEST(IdiotsDelight, WorryMoveOntoAnOppositeColour) {
  Table t = G().StartTable(Sevens(/*worry=*/true));
  // 6♣ comes back onto 7♥ (column 3), then returns to its foundation.
  EXPECT_EQ(Try(t, "F→3  6♣"), "");
  EXPECT_EQ(t.areas.tableau[2].back(), C("6C"));
  EXPECT_EQ(t.areas.foundations[0].size(), 5u);
  EXPECT_EQ(Try(t, "3→F  6♣"), "");
  EXPECT_EQ(t.areas.foundations[0].size(), 6u);
}

TEST(IdiotsDelight, WonWhenAllFoundationsAreFull) {
  Deal d = Hand({Cards({"KS"})}, {});
  Table t = G().StartTable(d);
  EXPECT_FALSE(G().Won(t));
  EXPECT_EQ(Try(t, "1→F  K♠"), "");
  EXPECT_TRUE(G().Won(t));
}

TEST(IdiotsDelight, NotationRoundTrips) {
  const MoveSpec a{{Place{Area::kTableau, 3}}, Place{Area::kTableau, 7}, {C("6H")}, 0};
  EXPECT_EQ(G().FormatMove(a), "3→7  6♥");
  const MoveSpec b{{Place{Area::kReserve, 2}}, Place{Area::kFoundations, 4}, {C("AS")}, 0};
  EXPECT_EQ(G().FormatMove(b), "R2→F  A♠");
  const MoveSpec c{{Place{Area::kFoundations, 3}}, Place{Area::kTableau, 9}, {C("5H")}, 0};
  EXPECT_EQ(G().FormatMove(c), "F→9  5♥");
  for (const MoveSpec& m : {a, b, c}) {
    auto back = G().ParseMove(G().FormatMove(m));
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, m);
  }
  EXPECT_EQ(M("r2 -> f  as"), b);
  EXPECT_EQ(M("3->7 6H"), a);
  EXPECT_EQ(M("3 > 7 10h").cards[0], C("TH"));
  for (std::string_view bad : {"", "3 7♥", "X→3 7♥", "3→2 ZZ", "3→2", "→2 7♥", "R→2 7♥", "100→2 7H"})
    EXPECT_FALSE(G().ParseMove(bad).ok()) << bad;
}

TEST(IdiotsDelight, SafeMoveRule) {
  idiot::Rules r;
  idiot::Position p;
  // 3♥: safe without worry iff both black aces are up (then a black 2 put
  // on it can go up instead, and so can the A♦ put on that 2).
  p.found = {2, 0, 2, 2};
  EXPECT_TRUE(r.SafeToFoundation(p, C("3H").code()));
  p.found = {1, 0, 2, 1};
  EXPECT_TRUE(r.SafeToFoundation(p, C("3H").code()));
  p.found = {0, 1, 2, 2};
  EXPECT_FALSE(r.SafeToFoundation(p, C("3H").code()));
  // 5♥: safe iff black >= 4, or black >= 3 with 3♦ up (a black 4 on it and
  // a 3♦ on that can go up in their turn; nothing goes on the 3♦).
  p.found = {4, 0, 4, 4};
  EXPECT_TRUE(r.SafeToFoundation(p, C("5H").code()));
  p.found = {3, 2, 4, 3};
  EXPECT_TRUE(r.SafeToFoundation(p, C("5H").code()));
  p.found = {3, 1, 4, 3};
  EXPECT_FALSE(r.SafeToFoundation(p, C("5H").code()));
  p.found = {2, 4, 4, 3};
  EXPECT_FALSE(r.SafeToFoundation(p, C("5H").code()));
  p.found = {0, 0, 0, 0};
  EXPECT_TRUE(r.SafeToFoundation(p, C("2S").code()));  // twos always, aces always
  EXPECT_TRUE(r.SafeToFoundation(p, C("AD").code()));
  // With worry: black >= 2 and 2♦ up.
  r.worry = true;
  p.found = {2, 0, 2, 2};
  EXPECT_FALSE(r.SafeToFoundation(p, C("3H").code()));
  p.found = {2, 1, 2, 2};
  EXPECT_TRUE(r.SafeToFoundation(p, C("3H").code()));
  p.found = {0, 0, 0, 0};
  EXPECT_FALSE(r.SafeToFoundation(p, C("2S").code()));
  EXPECT_TRUE(r.SafeToFoundation(p, C("AD").code()));
}

SearchLimits Nodes(uint64_t n) {
  SearchLimits l;
  l.max_nodes = n;
  l.max_memory = size_t{64} << 20;
  return l;
}

// The safe-move rule's chain case (opp >= r-2, same >= r-3): 9♥ with the
// black foundations at 7 and diamonds at 6. A black 8 put on 9♥ could go up
// instead, and so could the 7♦ put on that 8; nothing goes on a 7♦. Random
// layouts of the 24 cards left (every column holding one at least; half of
// them with each column sorted, low cards at the bottom): 9♥ goes
// up at once when it is on top, and the pruned verdict agrees with the plain
// search every time (an unsound safe move would show as a false
// "unsolvable"; these layouts all turn out winnable).
TEST(IdiotsDelight, ChainSafeMoveAgreesWithPlainSearch) {
  const std::vector<std::string_view> left = {
      "8C", "9C", "TC", "JC", "QC", "KC", "7D", "8D", "9D", "TD", "JD", "QD",
      "KD", "9H", "TH", "JH", "QH", "KH", "8S", "9S", "TS", "JS", "QS", "KS"};
  SplitMix64 rng(77);
  int compared = 0, up = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<std::string_view> cards = left;
    for (size_t i = cards.size() - 1; i > 0; --i) std::swap(cards[i], cards[rng.Below(i + 1)]);
    std::vector<Pile> cols(9);
    std::vector<std::string_view> reserve;
    for (size_t i = 0; i < cards.size(); ++i) {
      if (i < 9) cols[i].push_back(C(cards[i]));
      else if (rng.Below(8) == 0 && reserve.size() < 7) reserve.push_back(cards[i]);
      else cols[rng.Below(9)].push_back(C(cards[i]));
    }
    if (trial % 2) {  // low cards under high ones: the harder layouts
      for (Pile& c : cols)
        std::sort(c.begin(), c.end(), [](Card a, Card b) { return a.rank() < b.rank(); });
    }
    Deal d = Hand(cols, reserve);
    ASSERT_EQ(d.areas.foundations[2].size(), 8u);  // hearts to the 8, 9♥ out
    idiot::Rules rules;
    idiot::Position p = rules.Setup(d.areas);
    bool on_top = false;
    for (const Pile& c : cols) on_top |= c.back() == C("9H");
    for (auto r : reserve) on_top |= r == "9H";
    rules.Autoplay(p);
    if (on_top) {
      EXPECT_GE(p.found[2], 9) << trial;
      ++up;
    }
    auto pruned = idiot::SolveDeal(d, Nodes(3'000'000), true);
    auto plain = idiot::SolveDeal(d, Nodes(3'000'000), false);
    if (pruned.verdict == Verdict::kUnknown || plain.verdict == Verdict::kUnknown) continue;
    ++compared;
    EXPECT_EQ(pruned.verdict, plain.verdict) << "trial " << trial;
    if (pruned.verdict == Verdict::kSolved) {
      EXPECT_TRUE(ReplaysToAWin(G(), d, pruned.moves)) << trial;
    }
  }
  EXPECT_GE(compared, 40);
  EXPECT_GE(up, 5);
}

// Undo takes back a move and its automatic moves exactly: random walks on
// real deals (with and without worry, pruned and plain), every step undone
// and compared with the position before (cards, foundations, reserve, key,
// weights, last/idle), then redone.
TEST(IdiotsDelight, UndoRestoresThePositionExactly) {
  SplitMix64 rng(5);
  int undone = 0;
  for (uint64_t n = 1; n <= 12; ++n)
    for (bool worry : {false, true})
      for (bool prune : {true, false}) {
        Options o;
        o["worry"] = worry;
        Deal d = *MakeDeal(G(), n, o);
        idiot::Rules rules;
        rules.worry = worry;
        rules.prune = prune;
        idiot::Position p = rules.Setup(d.areas);
        rules.Autoplay(p);
        idiot::Move moves[idiot::kMaxMoves];
        for (int step = 0; step < 150; ++step) {
          const int k = rules.Moves(p, moves);
          if (k == 0) break;
          const idiot::Move m = moves[rng.Below(static_cast<uint64_t>(k))];
          const idiot::Position before = p;
          const uint8_t c = rules.CardOf(p, m);
          std::vector<idiot::Move> autos;
          std::vector<uint8_t> cards;
          rules.Apply(p, m, &autos, &cards);
          ASSERT_EQ(autos.size(), cards.size());
          const idiot::Position after = p;
          rules.Undo(p, m, c, autos.data(), cards.data(), autos.size(), before.last, before.idle);
          ++undone;
          EXPECT_EQ(p.len, before.len);
          for (size_t j = 0; j < idiot::kColumns; ++j)
            for (size_t i = 0; i < p.len[j]; ++i) EXPECT_EQ(p.card[j][i], before.card[j][i]);
          EXPECT_EQ(p.found, before.found);
          EXPECT_EQ(p.reserve, before.reserve);
          EXPECT_EQ(p.weight, before.weight);
          EXPECT_EQ(p.last, before.last);
          EXPECT_EQ(p.idle, before.idle);
          EXPECT_EQ(rules.KeyOf(p), rules.KeyOf(before));
          p = after;
          if (rules.Won(p)) break;
        }
      }
  EXPECT_GE(undone, 1000);
}

TEST(IdiotsDelight, LockedPositionNeedsWorry) {
  for (bool prune : {true, false}) {
    auto off = idiot::SolveDeal(Locked(false), Nodes(1'000'000), prune);
    EXPECT_EQ(off.verdict, Verdict::kUnsolvable) << prune;
    EXPECT_EQ(off.stats.nodes, 0u);  // no legal move at all
    Deal on = Locked(true);
    auto r = idiot::SolveDeal(on, Nodes(1'000'000), prune);
    ASSERT_EQ(r.verdict, Verdict::kSolved) << prune;
    EXPECT_TRUE(ReplaysToAWin(G(), on, r.moves));
    bool took_back = false;
    for (const MoveSpec& m : r.moves) took_back |= m.from[0].area == Area::kFoundations;
    EXPECT_TRUE(took_back);
    // And the same line is illegal without worry.
    Deal off_deal = Locked(false);
    EXPECT_FALSE(ReplayMoves(G(), off_deal, r.moves).first_error.ok());
  }
}

TEST(IdiotsDelight, HandMadePositionAgreesWithPlainSearch) {
  for (bool worry : {false, true}) {
    Deal d = Sevens(worry);
    auto pruned = idiot::SolveDeal(d, Nodes(5'000'000), true);
    auto plain = idiot::SolveDeal(d, Nodes(5'000'000), false);
    ASSERT_NE(pruned.verdict, Verdict::kUnknown);
    ASSERT_NE(plain.verdict, Verdict::kUnknown);
    EXPECT_EQ(pruned.verdict, plain.verdict);
    for (const auto* r : {&pruned, &plain})
      if (r->verdict == Verdict::kSolved) {
        EXPECT_TRUE(ReplaysToAWin(G(), d, r->moves));
      }
  }
}

// Deal | solve | replay: every solution replays to a win through the checker.
TEST(IdiotsDelight, DealSolveReplay) {
  int solved = 0, unsolvable = 0;
  for (uint64_t n = 1; n <= 40; ++n) {
    Deal d = *MakeDeal(G(), n, {});
    SolveResult r = G().Solve(d, Nodes(400'000));
    if (r.verdict == Verdict::kSolved) {
      ++solved;
      EXPECT_TRUE(ReplaysToAWin(G(), d, r.moves)) << n;
      for (const MoveSpec& m : r.moves) {  // the notation reads back
        auto back = G().ParseMove(G().FormatMove(m));
        ASSERT_TRUE(back.ok());
        EXPECT_EQ(*back, m);
      }
    } else if (r.verdict == Verdict::kUnsolvable) {
      ++unsolvable;
      EXPECT_TRUE(r.moves.empty());
    } else {
      EXPECT_EQ(r.stats.limit, "max-nodes");
    }
  }
  EXPECT_GE(solved, 15);
  EXPECT_GE(unsolvable, 10);
}

// Pruned verdicts against the plain search (every legal move, no safe
// moves, no move pruning, columns told apart).
//
// First on whole deals the pruned search proves unsolvable quickly: the
// plain search must never find a win, and must itself prove most of them.
TEST(IdiotsDelight, UnsolvableAgreesWithPlainSearch) {
  for (bool worry : {false, true}) {
    int proved = 0, confirmed = 0;
    Options o;
    o["worry"] = worry;
    for (uint64_t n = 1; n <= (worry ? 80u : 160u); ++n) {
      Deal d = *MakeDeal(G(), n, o);
      auto pruned = idiot::SolveDeal(d, Nodes(20'000), true);
      if (pruned.verdict != Verdict::kUnsolvable) continue;
      ++proved;
      auto plain = idiot::SolveDeal(d, Nodes(400'000), false);
      EXPECT_NE(plain.verdict, Verdict::kSolved) << "deal " << n << " worry " << worry;
      confirmed += plain.verdict == Verdict::kUnsolvable;
    }
    EXPECT_GE(proved, worry ? 10 : 25);
    EXPECT_GE(confirmed * 10, proved * 9) << worry;
  }
}

// Then on small positions: a real game's position when some 20 cards are
// left (a dozen or so moves from the end), with 0-7 pairs of cards swapped.
TEST(IdiotsDelight, AgreesWithPlainSearchNearTheEnd) {
  int compared = 0;
  SplitMix64 rng(2024);
  for (uint64_t n = 1; n <= 40 && compared < 120; ++n) {
    for (bool worry : {false, true}) {
      Options o;
      o["worry"] = worry;
      Deal d = *MakeDeal(G(), n, o);
      SolveResult r = G().Solve(d, Nodes(300'000));
      if (r.verdict != Verdict::kSolved) continue;
      Table t = G().StartTable(d);
      std::vector<Table> tables{t};
      for (const MoveSpec& m : r.moves) {
        ASSERT_TRUE(G().Play(t, m).ok());
        tables.push_back(t);
      }
      auto off = [](const Table& x) {
        size_t k = 52;
        for (const Pile& f : x.areas.foundations) k -= f.size();
        return k;
      };
      size_t at = tables.size() - 1;
      while (at > 0 && off(tables[at]) < 20) --at;
      for (int trial = 0; trial < 8; ++trial) {
        Deal h;
        h.game = d.game;
        h.options = d.options;
        h.areas = tables[at].areas;
        std::vector<Card*> loose;
        for (Pile& p : h.areas.tableau)
          for (Card& c : p) loose.push_back(&c);
        for (Pile& p : h.areas.reserve)
          for (Card& c : p) loose.push_back(&c);
        for (int swaps = 0; swaps < trial; ++swaps) {
          const size_t i = rng.Below(loose.size()), j = rng.Below(loose.size());
          std::swap(*loose[i], *loose[j]);
        }
        ASSERT_TRUE(CheckDeal(G(), h).ok());
        auto pruned = idiot::SolveDeal(h, Nodes(2'000'000), true);
        auto plain = idiot::SolveDeal(h, Nodes(2'000'000), false);
        if (pruned.verdict == Verdict::kUnknown || plain.verdict == Verdict::kUnknown) continue;
        ++compared;
        EXPECT_EQ(pruned.verdict, plain.verdict) << "deal " << n << " worry " << worry << " trial " << trial;
        if (pruned.verdict == Verdict::kSolved) {
          EXPECT_TRUE(ReplaysToAWin(G(), h, pruned.moves));
        }
        if (plain.verdict == Verdict::kSolved) {
          EXPECT_TRUE(ReplaysToAWin(G(), h, plain.moves));
        }
      }
    }
  }
  EXPECT_GE(compared, 60);
}

// The looks with one and two idle moves in a row find the wins of deals on
// which the complete search alone needs millions of positions (801: more
// than 19 million, 57: 10 million); the lines replay to a win.
TEST(IdiotsDelight, LowIdleLooksFindHardWins) {
  for (uint64_t n : {801, 57}) {
    Deal d = *MakeDeal(G(), n, {});
    SolveResult r = G().Solve(d, Nodes(2'000'000));
    ASSERT_EQ(r.verdict, Verdict::kSolved) << n;
    EXPECT_LT(r.stats.nodes, 1'000'000u) << n;
    EXPECT_TRUE(ReplaysToAWin(G(), d, r.moves)) << n;
  }
}

TEST(IdiotsDelight, LimitsGiveUnknown) {
  Deal d = *MakeDeal(G(), 2, {});
  SolveResult r = G().Solve(d, Nodes(100));
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_EQ(r.stats.limit, "max-nodes");
  EXPECT_EQ(r.stats.nodes, 100u);
  std::atomic<bool> cancel{true};
  SearchLimits l = Nodes(0);
  l.cancel = &cancel;
  EXPECT_EQ(G().Solve(d, l).stats.limit, "interrupted");
}

// A tiny table forgets positions all the time; the on-path check must keep
// the search finite and the verdicts unchanged. Every case is decided by
// both searches, and its tiny-table search enters more positions than its
// table has slots. With 64 KiB: 19 and 36 are proved unsolvable (the
// complete search exhausts them), 10, 20, 21 and 26 solved. With 2 KiB,
// 36's search goes round cycles to the node limit without the check.
TEST(IdiotsDelight, TinyTableStillDecides) {
  struct Case {
    uint64_t deal;
    size_t memory;
  };
  const std::vector<Case> cases = {{10, 64 << 10}, {19, 64 << 10}, {20, 64 << 10}, {21, 64 << 10},
                                   {26, 64 << 10}, {36, 64 << 10}, {19, 2 << 10},  {36, 2 << 10}};
  size_t compared = 0;
  int unsolvable = 0;
  for (const Case& c : cases) {
    Deal d = *MakeDeal(G(), c.deal, {});
    SolveResult big = G().Solve(d, Nodes(3'000'000));
    SearchLimits tiny = Nodes(20'000'000);
    tiny.max_memory = c.memory;
    SolveResult small = G().Solve(d, tiny);
    const std::string what = "deal " + std::to_string(c.deal) + ", " + std::to_string(c.memory) + " bytes";
    EXPECT_NE(big.verdict, Verdict::kUnknown) << what;
    if (big.verdict == Verdict::kUnknown) continue;
    ++compared;
    EXPECT_EQ(small.verdict, big.verdict) << what << ": " << small.stats.limit;
    EXPECT_LE(small.stats.table_bytes, tiny.max_memory) << what;
    EXPECT_GT(small.stats.nodes, small.stats.table_bytes / sizeof(Key128)) << what << ": the table never had to forget";
    unsolvable += small.verdict == Verdict::kUnsolvable;
    if (small.verdict == Verdict::kSolved) {
      EXPECT_TRUE(ReplaysToAWin(G(), d, small.moves)) << what;
    }
  }
  EXPECT_EQ(compared, cases.size());
  EXPECT_EQ(unsolvable, 4);
}

}  // namespace
}  // namespace talon
