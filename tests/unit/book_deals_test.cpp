// The deals of a booklet (tools/cli/book_deals.h) and the list syntax of
// --deals (ParseRangeList).
#include "tools/cli/book_deals.h"

#include <gtest/gtest.h>

#include "tools/cli/args.h"

namespace talon::cli {
namespace {

std::string Names(const std::vector<BookDeal>& deals) {
  std::string s;
  for (const BookDeal& d : deals) s += (s.empty() ? "" : " ") + DealName(*d.game, d.deal);
  return s;
}

BookDeal Entry(const char* game, uint64_t n) {
  const Game& g = *FindGame(game);
  return {&g, *MakeDeal(g, n, {}), {}};
}

TEST(ParseRangeList, NumbersAndRangesInTheOrderGiven) {
  auto list = ParseRangeList("--deals", "12,40,97-99,3");
  ASSERT_TRUE(list.ok()) << list.status().message();
  ASSERT_EQ(list->size(), 4u);
  EXPECT_EQ((*list)[0].first, 12u);
  EXPECT_EQ((*list)[0].last, 12u);
  EXPECT_EQ((*list)[2].first, 97u);
  EXPECT_EQ((*list)[2].last, 99u);
  EXPECT_EQ((*list)[3].first, 3u);
  for (const char* bad : {"", ",", "1,", ",1", "1,,2", "5-1", "x", "1-", "1,2-a"}) {
    auto r = ParseRangeList("--deals", bad);
    EXPECT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.status().code(), StatusCode::kUsage) << bad;
    EXPECT_EQ(r.status().message().rfind("--deals: ", 0), 0u) << r.status().message();
  }
}

TEST(CheckFormat, NamesTheFormatsAsAList) {
  EXPECT_TRUE(CheckFormat("json", {"text", "json"}).ok());
  const Status bad = CheckFormat("jsn", {"text", "json"});
  EXPECT_EQ(bad.code(), StatusCode::kUsage);
  EXPECT_EQ(bad.message(), "--format: 'jsn' is not a format (use text or json)");
  EXPECT_EQ(CheckFormat("x", {"pdf", "png", "svg"}).message(), "--format: 'x' is not a format (use pdf, png or svg)");
  EXPECT_EQ(OrList({"a"}), "a");
}

TEST(BookDeals, InterleaveTakesTurnsInTheOrderFirstMet) {
  std::vector<BookDeal> deals;
  for (uint64_t n : {1, 2, 3}) deals.push_back(Entry("fifteen", n));
  deals.push_back(Entry("thirteens", 7));
  for (uint64_t n : {4, 5}) deals.push_back(Entry("take-ten", n));
  EXPECT_EQ(Names(Interleave(std::move(deals))),
            "fifteen#1 thirteens#7 take-ten#4 fifteen#2 take-ten#5 fifteen#3");
  std::vector<BookDeal> mixed = {Entry("take-ten", 1), Entry("fifteen", 1), Entry("take-ten", 2)};
  EXPECT_EQ(Names(Interleave(std::move(mixed))), "take-ten#1 fifteen#1 take-ten#2");
}

TEST(BookDeals, EachGameTakesTheOptionsItHas) {
  const std::vector<const Game*> games = {FindGame("fifteen"), FindGame("thirteens")};
  auto o = OptionsForGames(games, {"slots=15"});
  ASSERT_TRUE(o.ok()) << o.status().message();
  EXPECT_TRUE((*o)[0].second.empty());
  EXPECT_EQ(FormatOptions((*o)[1].second), "slots=15");
  auto none = OptionsForGames(games, {"colour=red"});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), StatusCode::kUsage);
  EXPECT_NE(none.status().message().find("no game chosen has an option 'colour' (fifteen has none; thirteens has: slots)"),
            std::string::npos)
      << none.status().message();
  EXPECT_EQ(OptionsForGames(games, {"slots=7"}).status().code(), StatusCode::kUsage);
  EXPECT_EQ(OptionsForGames(games, {"slots"}).status().code(), StatusCode::kUsage);
}

TEST(BookDeals, ListedDealsAreEachListedOnce) {
  const GameOptions g{FindGame("fifteen"), {}};
  auto deals = ListedDeals(g, {{5, 5}, {1, 3}}, Shuffle::kTalonV1, 10);
  ASSERT_TRUE(deals.ok()) << deals.status().message();
  ASSERT_EQ(deals->size(), 4u);
  EXPECT_EQ((*deals)[0].deal.number, 5u);
  EXPECT_EQ((*deals)[3].deal.number, 3u);
  auto twice = ListedDeals(g, {{1, 3}, {2, 2}}, Shuffle::kTalonV1, 10);
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.status().message().find("deal 2 is listed twice"), std::string::npos);
  EXPECT_EQ(ListedDeals(g, {{1, 11}}, Shuffle::kTalonV1, 10).status().code(), StatusCode::kUsage);
  EXPECT_TRUE(ListedDeals(g, {{1, 10}}, Shuffle::kTalonV1, 10).ok());
}

// With --shuffle pysol the numbers are PySolFC's: fourteen-out#pysol-1 is
// its "Fourteen" game #1, whose first pile is JD AD 4C 8H 6S.
TEST(BookDeals, ListedAndScannedDealsFollowTheShuffle) {
  const Game& game = *FindGame("fourteen-out");
  auto listed = ListedDeals({&game, {}}, {{1, 1}}, Shuffle::kPysol, 10);
  ASSERT_TRUE(listed.ok()) << listed.status().message();
  EXPECT_EQ(DealName(game, (*listed)[0].deal), "fourteen-out#pysol-1");
  const Deal want = *MakeDeal(game, 1, {}, Shuffle::kPysol);
  EXPECT_EQ((*listed)[0].deal, want);
  BookSolver solver;
  auto scanned = ScanWinnableDeals({{&game, {}}}, {2}, 1, 1000, Shuffle::kPysol, solver);
  ASSERT_TRUE(scanned.ok()) << scanned.status().message();
  for (const BookDeal& d : *scanned) EXPECT_EQ(DealName(game, d.deal).rfind("fourteen-out#pysol-", 0), 0u);
  EXPECT_EQ(ListedDeals({FindGame("carpet"), {}}, {{1, 1}}, Shuffle::kPysol, 10).status().code(),
            StatusCode::kUsage);
}

// The deals kept are the first winnable ones, whatever the thread count.
TEST(BookDeals, ScanKeepsTheFirstWinnableDealsAtEveryThreadCount) {
  const Game& game = *FindGame("fourteen-out");
  std::string want;
  size_t found = 0;
  for (uint64_t n = 3; found < 6; ++n) {
    Deal d = *MakeDeal(game, n, {});
    if (game.Solve(d, SearchLimits{}).verdict != Verdict::kSolved) continue;
    want += (want.empty() ? "" : " ") + DealName(game, d);
    ++found;
  }
  for (int threads : {1, 2, 3}) {
    BookSolver solver;
    solver.threads = threads;
    auto got = ScanWinnableDeals({{&game, {}}}, {6}, 3, 1000, Shuffle::kTalonV1, solver);
    ASSERT_TRUE(got.ok()) << got.status().message();
    EXPECT_EQ(Names(*got), want) << threads << " threads";
    for (const BookDeal& d : *got) EXPECT_EQ(d.solution.result, Verdict::kSolved);
  }
  BookSolver solver;
  auto short_scan = ScanWinnableDeals({{&game, {}}}, {6}, 3, 4, Shuffle::kTalonV1, solver);
  ASSERT_FALSE(short_scan.ok());
  EXPECT_EQ(short_scan.status().code(), StatusCode::kLimit);
}

// The first deal not proved winnable stops it, named with where it came from.
TEST(BookDeals, ProveWinnableNamesTheFirstDealNotProved) {
  const Game& game = *FindGame("fourteen-out");
  std::vector<GivenDeal> given;
  uint64_t lost = 0;
  for (uint64_t n = 1; given.size() < 5 || lost == 0; ++n) {
    Deal d = *MakeDeal(game, n, {});
    const Verdict v = game.Solve(d, SearchLimits{}).verdict;
    if (v == Verdict::kUnsolvable && lost == 0 && given.size() >= 2) lost = n;
    if (v == Verdict::kSolved || n == lost) given.push_back({&game, d, "f.jsonl:" + std::to_string(n)});
  }
  for (int threads : {1, 2}) {
    BookSolver solver;
    solver.threads = threads;
    auto r = ProveWinnable(given, solver);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), StatusCode::kUnsolvable);
    EXPECT_EQ(r.status().message(), "f.jsonl:" + std::to_string(lost) + ": fourteen-out#" + std::to_string(lost) +
                                        " is unsolvable; a book holds only deals proved winnable");
  }
  given.resize(2);
  BookSolver solver;
  auto ok = ProveWinnable(given, solver);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ(ok->size(), 2u);
  solver.limits.max_nodes = 1;
  std::vector<GivenDeal> hard = {{FindGame("triple-fourteens"), *MakeDeal(*FindGame("triple-fourteens"), 1, {}), ""}};
  auto limit = ProveWinnable(hard, solver);
  ASSERT_FALSE(limit.ok());
  EXPECT_EQ(limit.status().code(), StatusCode::kLimit);
  EXPECT_EQ(limit.status().message().rfind("triple-fourteens#1 was not decided", 0), 0u) << limit.status().message();
}

}  // namespace
}  // namespace talon::cli
