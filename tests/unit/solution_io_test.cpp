// The solution formats (core/solution_io.h): exact round trips of JSON Lines
// and numbered text, the written form other programs rely on
// (docs/formats.md), and every kind of malformed input rejected with a
// message naming the field or line. Most tests use FakeGame
// (io_test_util.h); the RealGames test at the end runs the round trips over
// the registered games.
#include "core/solution_io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/io_common.h"
#include "io_test_util.h"

namespace talon {
namespace {

using namespace io_test;

// ---------------------------------------------------------------- notation

TEST(SplitWords, SplitsAtSpacesAndTabsAndDropsEmptyWords) {
  using Words = std::vector<std::string_view>;
  EXPECT_EQ(SplitWords(" 3>7\t 9S  8H \t"), (Words{"3>7", "9S", "8H"}));
  EXPECT_EQ(SplitWords("S>W  7\u2665"), (Words{"S>W", "7\u2665"}));  // a suit symbol is one word's bytes
  EXPECT_EQ(SplitWords("R"), (Words{"R"}));
  EXPECT_TRUE(SplitWords("").empty());
  EXPECT_TRUE(SplitWords(" \t ").empty());
}

TEST(SplitWords, EveryGameReadsItsMovesWithTabsAndExtraSpaces) {
  // A move written with tabs and doubled spaces reads as the one written
  // with single spaces, in every game's notation (most split it with
  // SplitWords).
  const std::vector<std::pair<std::string, std::string>> moves = {
      {"klondike", "3->7 9S 8H 7C"}, {"carpet", "12>F 7H"}, {"try-again", "S>2 7H"},
      {"fourteen-out", "3+9 KS AH"}, {"four-of-a-kind", "1>11 JS"}, {"idiots-delight", "3->7 6H"}};
  for (const auto& [id, text] : moves) {
    const Game* game = FindGame(id);
    ASSERT_NE(game, nullptr) << id;
    auto plain = game->ParseMove(text);
    ASSERT_TRUE(plain.ok()) << id << ": " << plain.status().message();
    std::string spaced = "\t";
    for (char c : text) spaced += c == ' ' ? std::string(" \t ") : std::string(1, c);
    auto back = game->ParseMove(spaced + "  ");
    ASSERT_TRUE(back.ok()) << id << ": " << back.status().message();
    EXPECT_EQ(game->FormatMove(*back), game->FormatMove(*plain)) << id;
  }
}

TEST(SolutionRead, ALineOverOneMebibyteIsRefusedInBothForms) {
  const std::string big(kMaxLineBytes + 1, 'x');
  for (const std::string& input :
       {"{\"format\":\"talon-solution/1\"," + big + "\n", "fake#1 solved\n" + big + "\n",
        "# comment\n\nfake#1 " + big + " solved\n"}) {
    std::istringstream in(input);
    auto r = ReadSolutions(in, "s.txt", kGames);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), StatusCode::kBadInput);
    EXPECT_NE(r.status().message().find(": the line is longer than 1 MiB"), std::string::npos)
        << r.status().message();
    EXPECT_EQ(r.status().message().rfind(input[0] == '#' ? "s.txt:3: " : input[0] == '{' ? "s.txt:1: " : "s.txt:2: ", 0), 0u)
        << r.status().message();
  }
}

// ------------------------------------------------------------ solutions

Solution FakeSolution() {
  Solution s;
  s.game = "fake";
  s.deal = 7;
  s.options = *CompleteOptions(kFake.option_specs(), {});
  s.result = Verdict::kSolved;
  MoveSpec m1;
  m1.from = {{Area::kTableau, 3}, {Area::kTableau, 9}};
  m1.to = {Area::kDiscard, 0};
  m1.cards = {Card(kKing, kSpades), Card(kAce, kHearts)};
  MoveSpec m2;
  m2.from = {{Area::kTableau, 12}};
  m2.cards = {Card(10, kDiamonds)};
  MoveSpec m3;  // not a move of the fake's notation, but JSON carries it
  m3.from = {{Area::kStock, 0}};
  m3.to = {Area::kFoundations, 2};
  m3.cards = {Card(2, kClubs), Card(3, kClubs)};
  m3.count = 2;
  s.moves = {m1, m2, m3};
  return s;
}

// Parses `line` with the fake game and expects a kBadInput error containing
// every one of `parts`.
void ExpectSolutionError(const std::string& line, std::initializer_list<std::string> parts) {
  ExpectBadInput(SolutionFromJson(line, kGames), line, parts);
}

TEST(SolutionJson, WritesTheFormatsShape) {
  EXPECT_EQ(SolutionToJson(FakeSolution()),
            R"({"format":"talon-solution/1","game":"fake","deal":7,)"
            R"("options":{"lucky":false,"mode":"easy","piles":4},"result":"solved","moves":[)"
            R"({"from":[["tableau",3],["tableau",9]],"to":["discard"],"cards":["KS","AH"]},)"
            R"({"from":[["tableau",12]],"to":["discard"],"cards":["TD"]},)"
            R"({"from":[["stock"]],"to":["foundations",2],"cards":["2C","3C"],"count":2}]})");
  Solution s;
  s.game = "fake";
  s.result = Verdict::kUnsolvable;
  EXPECT_EQ(SolutionToJson(s),
            R"({"format":"talon-solution/1","game":"fake","options":{},"result":"unsolvable","moves":[]})");
}

TEST(SolutionJson, RoundTripsExactly) {
  Solution s = FakeSolution();
  for (uint64_t n : {0ull, 7ull, 18446744073709551615ull}) {
    s.deal = n;
    auto back = SolutionFromJson(SolutionToJson(s), kGames);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, s);
  }
  s.deal.reset();  // hand-made
  std::string json = SolutionToJson(s);
  EXPECT_EQ(json.find("\"deal\""), std::string::npos);
  auto back = SolutionFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, s);
  for (Verdict v : {Verdict::kUnsolvable, Verdict::kUnknown}) {
    Solution u = FakeSolution();
    u.result = v;
    u.moves.clear();
    auto b = SolutionFromJson(SolutionToJson(u), kGames);
    ASSERT_TRUE(b.ok()) << b.status().message();
    EXPECT_EQ(*b, u);
  }
}

TEST(SolutionJson, OptionsAreCompletedAndMovesMayBeLeftOutWhenNotSolved) {
  auto s = SolutionFromJson(R"({"format":"talon-solution/1","game":"fake","deal":3,)"
                            R"("options":{"piles":6},"result":"unknown"})",
                            kGames);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->options, *CompleteOptions(kFake.option_specs(), {{"piles", int64_t{6}}}));
  EXPECT_TRUE(s->moves.empty());
  EXPECT_EQ(s->result, Verdict::kUnknown);
}

// Several cards from one place are that many taken, whether or not the file
// says "count": the JSON and the text form of one move read the same.
TEST(SolutionJson, AMissingCountOfCardsFromOnePlaceIsTheirNumber) {
  auto s = SolutionFromJson(R"({"format":"talon-solution/1","game":"fake","deal":3,"result":"solved","moves":[)"
                            R"({"from":[["stock"]],"to":["waste"],"cards":["9C","3S","9D"]},)"
                            R"({"from":[["tableau",1],["tableau",2]],"to":["discard"],"cards":["KS","AH"]},)"
                            R"({"from":[["stock"]],"to":["waste"],"cards":["9C","3S"],"count":2},)"
                            R"({"from":[["stock"]],"to":["waste"],"cards":["9C"]}]})",
                            kGames);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->moves.size(), 4u);
  EXPECT_EQ(s->moves[0].count, 3);
  EXPECT_EQ(s->moves[1].count, 0);  // one card from each of two places
  EXPECT_EQ(s->moves[2].count, 2);
  EXPECT_EQ(s->moves[3].count, 0);
}

TEST(SolutionJsonErrors, TopLevel) {
  const std::string good = SolutionToJson(FakeSolution());
  auto with = [&](const std::string& from, const std::string& to) {
    std::string j = good;
    Replace(j, from, to);
    return j;
  };
  ExpectSolutionError("{", {"not JSON", "column"});
  ExpectSolutionError("[]", {"must be a JSON object"});
  ExpectSolutionError(with(R"("format":"talon-solution/1",)", ""), {"format: missing"});
  ExpectSolutionError(with("talon-solution/1", "talon-deal/1"), {"format: this is a deal"});
  ExpectSolutionError(with("\"result\"", "\"reslut\""), {"reslut: unknown key",
                                                         "format, game, deal, shuffle, options, result, difficulty, moves"});
  ExpectSolutionError(with(R"("game":"fake")", R"("game":"faek")"),
                      {"game: unknown game 'faek'", "known: fake"});
  ExpectSolutionError(with(R"("deal":7)", R"("deal":-7)"), {"deal: must be a whole number"});
  ExpectSolutionError(with(R"("piles":4)", R"("piles":5)"), {"options: option 'piles' cannot be 5"});
  ExpectSolutionError(with(R"("piles":4)", R"("piles":4.0)"), {"options.piles:"});
  ExpectSolutionError(with(R"("result":"solved")", R"("result":"won")"),
                      {"result: 'won' is not a result"});
  ExpectSolutionError(with(R"("result":"solved",)", ""), {"result: missing"});
  ExpectSolutionError(with(R"("result":"solved")", R"("result":"unsolvable")"),
                      {"moves: a solution whose result is unsolvable lists no moves"});
  ExpectSolutionError(with(R"("moves":[)", R"("moves":{"a":[)") + "}",  // an object, not a list
                      {"moves: must be a list of moves"});
  ExpectSolutionError(R"({"format":"talon-solution/1","game":"fake","result":"solved","moves":3})",
                      {"moves: must be a list of moves"});
  ExpectSolutionError(R"({"format":"talon-solution/1","game":"fake","result":"solved"})",
                      {"moves: missing"});
}

TEST(SolutionJsonErrors, MovesNameTheMoveAndField) {
  // Five moves; the fifth (moves[4]) is broken in each case.
  const std::string head =
      R"({"format":"talon-solution/1","game":"fake","deal":1,"result":"solved","moves":[)";
  const std::string ok = R"({"from":[["tableau",1],["tableau",2]],"to":["discard"],"cards":["KS","AH"]},)";
  auto line = [&](const std::string& fifth) { return head + ok + ok + ok + ok + fifth + "]}"; };
  ASSERT_TRUE(SolutionFromJson(line(ok.substr(0, ok.size() - 1)), kGames).ok());
  ExpectSolutionError(line(R"({"from":[["tableau",1],["tablau",2]],"to":["discard"],"cards":[]})"),
                      {"moves[4].from[1] (move 5): 'tablau' is not an area"});
  ExpectSolutionError(line(R"({"from":[["tableau",1],["tableau",0]],"to":["discard"],"cards":[]})"),
                      {"moves[4].from[1] (move 5): the number must be a whole number from 1"});
  ExpectSolutionError(line(R"({"from":[["tableau",1],"tableau"],"to":["discard"],"cards":[]})"),
                      {"moves[4].from[1] (move 5): a place is [area] or [area, number]"});
  ExpectSolutionError(line(R"({"from":[["tableau",1,2]],"to":["discard"],"cards":[]})"),
                      {"moves[4].from[0] (move 5): a place is"});
  ExpectSolutionError(line(R"({"from":[[3]],"to":["discard"],"cards":[]})"),
                      {"moves[4].from[0] (move 5): the area must be a name"});
  ExpectSolutionError(line(R"({"from":[],"to":["discard"],"cards":[]})"),
                      {"moves[4].from (move 5): must be a list of one or more places"});
  ExpectSolutionError(line(R"({"to":["discard"],"cards":[]})"), {"moves[4].from (move 5): missing"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"cards":[]})"), {"moves[4].to (move 5): missing"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"to":"discard","cards":[]})"),
                      {"moves[4].to (move 5): a place is"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"to":["discard"]})"),
                      {"moves[4].cards (move 5): missing"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"to":["discard"],"cards":"KS"})"),
                      {"moves[4].cards (move 5): must be a list of cards"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"to":["discard"],"cards":["KS","ZZ"]})"),
                      {"moves[4].cards[1] (move 5): 'ZZ' is not a card"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"to":["discard"],"cards":[],"count":0})"),
                      {"moves[4].count (move 5): must be a whole number from 1"});
  ExpectSolutionError(line(R"({"from":[["stock"]],"to":["discard"],"cards":[],"cnt":2})"),
                      {"moves[4].cnt (move 5): unknown key", "from, to, cards, count"});
  ExpectSolutionError(line("[]"), {"moves[4] (move 5): a move is an object"});
}

// ------------------------------------------------------ solution text

TEST(SolutionText, WritesHeaderAndNumberedMoves) {
  Solution s = FakeSolution();
  s.moves.pop_back();  // the fake's notation is the default: piles to the discard
  EXPECT_EQ(SolutionToText(kFake, s),
            "fake#7 lucky=false mode=easy piles=4 solved\n"
            "1. 3+9  K\u2660 A\u2665\n"
            "2. 12  10\u2666\n"
            "\n");
  s.deal.reset();
  s.result = Verdict::kUnsolvable;
  s.moves.clear();
  s.options.clear();
  EXPECT_EQ(SolutionToText(kFake, s), "fake unsolvable\n\n");
}

TEST(SolutionText, RoundTrips) {
  Solution a = FakeSolution();
  a.moves.pop_back();
  Solution b = a;
  b.deal = 18446744073709551615ull;
  b.options["piles"] = int64_t{6};
  b.options["mode"] = std::string("hard");
  b.options["lucky"] = true;
  Solution c = a;
  c.deal.reset();
  c.result = Verdict::kUnknown;
  c.moves.clear();
  Solution d = a;
  d.deal = 0;
  d.result = Verdict::kUnsolvable;
  d.moves.clear();
  std::string text = "# solutions of the fake game\n" + SolutionToText(kFake, a) +
                     SolutionToText(kFake, b) + SolutionToText(kFake, c) + SolutionToText(kFake, d);
  std::istringstream in(text);
  auto read = ReadSolutions(in, "s.txt", kGames);
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->size(), 4u);
  EXPECT_EQ((*read)[0], a);
  EXPECT_EQ((*read)[1], b);
  EXPECT_EQ((*read)[2], c);
  EXPECT_EQ((*read)[3], d);
}

TEST(SolutionText, ToleratesCommentsCrlfBomAsciiCardsAndMissingBlankLines) {
  std::string text =
      "\xEF\xBB\xBF# a comment\r\n\r\n"
      "fake#7 solved\r\n"
      "1. 3+9  KS AH\r\n"
      "# a comment between moves\r\n"
      "  2.   12 10d  \r\n"
      "fake#8 piles=6 unknown\r\n";
  std::istringstream in(text);
  auto read = ReadSolutions(in, "s.txt", kGames);
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->size(), 2u);
  Solution want = FakeSolution();
  want.moves.pop_back();
  EXPECT_EQ((*read)[0], want);
  EXPECT_EQ((*read)[1].deal, std::optional<uint64_t>(8));
  EXPECT_EQ(std::get<int64_t>((*read)[1].options.at("piles")), 6);
  EXPECT_EQ((*read)[1].result, Verdict::kUnknown);
}

// Reads `text` as s.txt and expects a kBadInput error containing every one
// of `parts`.
void ExpectReadError(const std::string& text, std::initializer_list<std::string> parts) {
  std::istringstream in(text);
  ExpectBadInput(ReadSolutions(in, "s.txt", kGames), text, parts);
}

TEST(SolutionTextErrors, NameTheLine) {
  ExpectReadError("fake#7 solved\n1. 3+9 KS AH\n3. 1+2 QS 2H\n",
                  {"s.txt:3: move numbered 3, but this is move 2 of fake#7", "1, 2, 3"});
  ExpectReadError("fake#7 solved\n0. 3+9 KS AH\n", {"s.txt:2: move numbered 0"});
  ExpectReadError("fake#7 solved\n01. 3+9 KS AH\n", {"s.txt:2: move numbered 01"});
  ExpectReadError("fake#7 solved\n1. 3+9 KS AH\n\nfake#8 solved\n2. 3+9 KS AH\n",
                  {"s.txt:5: move numbered 2, but this is move 1 of fake#8"});
  ExpectReadError("\n1. 3+9 KS AH\n", {"s.txt:2: a move before any header line"});
  ExpectReadError("fake#7 solved\n1) 3+9 KS AH\n", {"s.txt:2: '1) 3+9 KS AH' is not a move line"});
  ExpectReadError("fake#7 solved\n1. 3+9 KS ZZ\n", {"s.txt:2: move 1: 'ZZ' is not a card"});
  ExpectReadError("fake#7 solved\n1. 3+9 KS\n", {"s.txt:2: move 1: move '3+9 KS' names 2 piles"});
  ExpectReadError("fake#7 solved\n1.\n", {"s.txt:2: move 1: empty move"});
  ExpectReadError("fake#7 unsolvable\n1. 3+9 KS AH\n",
                  {"s.txt:2: a solution whose result is unsolvable lists no moves"});
  ExpectReadError("# c\nfaek#7 solved\n", {"s.txt:2: game: unknown game 'faek'", "known: fake"});
  ExpectReadError("fake#x7 solved\n", {"s.txt:1: deal: 'x7' is not a deal number"});
  ExpectReadError("fake#18446744073709551616 solved\n", {"s.txt:1: deal: '18446744073709551616'"});
  ExpectReadError("fake# solved\n", {"s.txt:1: deal: '' is not a deal number"});
  ExpectReadError("fake#7 won\n", {"s.txt:1: 'won' is not a result"});
  ExpectReadError("fake#7\n", {"s.txt:1: 'fake#7' is not a header"});
  ExpectReadError("fake#7 piles solved\n", {"s.txt:1: 'piles' is not an option written k=v"});
  ExpectReadError("fake#7 piles=5 solved\n", {"s.txt:1: options: option 'piles' cannot be 5"});
  ExpectReadError("fake#7 slots=5 solved\n", {"s.txt:1: options: unknown option 'slots'"});
}

TEST(SolutionTextErrors, EveryGamesNotationQuotesLittle) {
  // A bad move of any game, however long its parts, gives a short message.
  const std::string big(1000, 'x');
  for (const Game* game : AllGames())
    for (const std::string& text : {big, big + " KS", "1->" + big + " KS", big + "->1 KS", "1->2 " + big,
                                    "1\u2192" + big + " KS", big + "\u21921 KS", "F" + big + "->1 KS",
                                    "1+" + big + "  KS AH", "S " + big, big + ">F 7H", "1>" + big + " 7H"}) {
      auto m = game->ParseMove(text);
      if (m.ok()) continue;
      EXPECT_LT(m.status().message().size(), 400u) << game->id() << ": " << m.status().message();
    }
}

TEST(SolutionTextErrors, QuoteAtMostFortyBytes) {
  const std::string big(2000, '7');
  for (const std::string& text : {"fake#7 " + big + "\n", "fake#7 solved\n" + big + ". 3+9 KS AH\n"}) {
    std::istringstream in(text);
    auto read = ReadSolutions(in, "s.txt", kGames);
    ASSERT_FALSE(read.ok());
    EXPECT_LT(read.status().message().size(), 300u) << read.status().message();
    EXPECT_NE(read.status().message().find("777..."), std::string::npos) << read.status().message();
  }
}

TEST(SolutionRead, DetectsJsonLines) {
  Solution a = FakeSolution(), b = FakeSolution();
  b.deal = 8;
  b.result = Verdict::kUnsolvable;
  b.moves.clear();
  std::istringstream in("\n  \n" + SolutionToJson(a) + "\r\n\n" + SolutionToJson(b) + "\n");
  auto read = ReadSolutions(in, "s.jsonl", kGames);
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[0], a);
  EXPECT_EQ((*read)[1], b);
}

TEST(SolutionRead, JsonLinesErrorsNameTheLine) {
  std::string good = SolutionToJson(FakeSolution());
  std::string bad = good;
  Replace(bad, R"("cards":["KS","AH"])", R"("cards":["KS","1H"])");
  ExpectReadError(good + "\n\n" + bad + "\n", {"s.txt:3: moves[0].cards[1] (move 1): '1H' is not a card"});
  ExpectReadError(good + "\nfake#7 solved\n", {"s.txt:2: not JSON"});
}

TEST(SolutionRead, EmptyInputHasNoSolutions) {
  std::istringstream in("\n# nothing\n");
  auto read = ReadSolutions(in, "s.txt", kGames);
  ASSERT_TRUE(read.ok());
  EXPECT_TRUE(read->empty());
}

TEST(RealGames, SolutionsRoundTripThroughJsonAndText) {
  SearchLimits limits;
  limits.max_nodes = 20000;
  for (const Game* game : AllGames()) {
    int solved = 0;
    // Deals 1-20, and on until one is solved (some games are rarely won).
    for (uint64_t n = 1; n <= 20 || (solved == 0 && n <= 300); ++n) {
      auto d = MakeDeal(*game, n, {});
      ASSERT_TRUE(d.ok());
      SolveResult r = game->Solve(*d, limits);
      Solution s;
      s.game = std::string(game->id());
      s.deal = n;
      s.options = d->options;
      s.result = r.verdict;
      s.moves = r.moves;
      solved += r.verdict == Verdict::kSolved;
      const std::string line = SolutionToJson(s);
      auto j = SolutionFromJson(line);
      ASSERT_TRUE(j.ok()) << j.status().message();
      EXPECT_EQ(*j, s) << line;
      // The moves are written by hand: the line is exactly nlohmann's
      // compact dump of itself, key order included.
      EXPECT_EQ(io::Dump(nlohmann::ordered_json::parse(line)), line);
      std::istringstream in(SolutionToText(*game, s));
      auto t = ReadSolutions(in, "text");
      ASSERT_TRUE(t.ok()) << game->id() << " " << n << ": " << t.status().message();
      ASSERT_EQ(t->size(), 1u);
      EXPECT_EQ((*t)[0], s) << SolutionToText(*game, s);
    }
    EXPECT_GT(solved, 0) << game->id() << ": no deal of 1-300 solved, so no moves were tested";
  }
}

}  // namespace
}  // namespace talon
