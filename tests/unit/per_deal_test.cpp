// The per-deal table (talon-per-deal/1): the writer's lines read back, every
// error of the strict reader (each names file:line and the field), shards,
// and the merge's rules (order, duplicates, missing shards, mixed groups).
#include "tools/cli/per_deal.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tools/cli/shard.h"
#include "tools/cli/survey_merge.h"

namespace talon::cli {
namespace {

const std::string kHead = "# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=1000 max-seconds=none version=0.1.0\n";
const std::string kCols = "game,options,deal,result,nodes,moves,score,index\n";

// The message of reading `bytes` as "t.csv", or "" when it reads.
std::string Error(const std::string& bytes) {
  auto t = ParsePerDeal("t.csv", bytes);
  return t ? "" : t.status().message();
}

TEST(Shard, ParsesKOfN) {
  auto s = ParseShard("--shard", "2/4");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->k, 2u);
  EXPECT_EQ(s->n, 4u);
  EXPECT_EQ(s->Text(), "2/4");
  EXPECT_TRUE(ParseShard("--shard", "1/1").ok());
  EXPECT_TRUE(ParseShard("--shard", "7/7").ok());
  for (const char* bad : {"", "2", "0/4", "5/4", "1/0", "a/4", "1/b", "-1/4", "1/4/2", " 1/4", "1/4 "}) {
    auto e = ParseShard("--shard", bad);
    ASSERT_FALSE(e.ok()) << bad;
    EXPECT_EQ(e.status().code(), StatusCode::kUsage);
    EXPECT_EQ(e.status().message().rfind("--shard: '" + std::string(bad) + "'", 0), 0u) << e.status().message();
  }
}

TEST(Shard, PartitionsEveryIndexOnce) {
  // Every index lands in exactly one shard, and consecutive indices in
  // different shards (hard deals spread out).
  for (uint64_t n : {1, 2, 3, 7, 16}) {
    std::vector<int> taken(1000, 0);
    for (uint64_t k = 1; k <= n; ++k) {
      Shard s{k, n};
      for (uint64_t i = 0; i < taken.size(); ++i) taken[i] += s.Takes(i);
      EXPECT_TRUE(s.Takes(k - 1));
      if (n > 1) {
        EXPECT_FALSE(s.Takes(k));
      }
    }
    for (int t : taken) ASSERT_EQ(t, 1);
  }
}

TEST(PerDeal, WritesAndReadsBack) {
  PerDealRun run;
  run.deals = "5-9";
  run.shard = {2, 3};
  run.max_nodes = 2000000;
  run.max_seconds = 2.5;
  run.version = "0.1.0";
  const Game& carpet = *FindGame("carpet");
  Options options{{"patching", std::string("optional")}};
  SurveyEntry won{"6", Verdict::kSolved, 120, 77, 52, 0};
  SurveyEntry lost{"9", Verdict::kUnsolvable, 57, 0, 14, 0};
  const std::string text = PerDealHeader(run) + PerDealLine(carpet, options, won, 1) + PerDealLine(carpet, options, lost, 4);
  EXPECT_EQ(text,
            "# talon-per-deal/1 deals=5-9 shard=2/3 max-nodes=2000000 max-seconds=2.5 version=0.1.0\n"
            "game,options,deal,result,nodes,moves,score,index\n"
            "carpet,patching=optional,6,solved,120,77,52,1\n"
            "carpet,patching=optional,9,unsolvable,57,,14,4\n");
  auto t = ParsePerDeal("t.csv", text);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_TRUE(t->run.ranged());
  EXPECT_EQ(t->run.first, 5u);
  EXPECT_EQ(t->run.last, 9u);
  EXPECT_EQ(t->run.shard.Text(), "2/3");
  EXPECT_EQ(t->run.max_nodes, 2000000u);
  EXPECT_EQ(t->run.max_seconds, 2.5);
  EXPECT_EQ(t->run.LimitsText(), "max-nodes=2000000 max-seconds=2.5");
  ASSERT_EQ(t->groups.size(), 1u);
  EXPECT_EQ(t->groups[0].game, &carpet);
  EXPECT_EQ(t->groups[0].options_text, "patching=optional");
  ASSERT_EQ(t->records.size(), 2u);
  const PerDealRecord& r = t->records[0];
  EXPECT_EQ(r.label, "6");
  EXPECT_EQ(r.verdict, Verdict::kSolved);
  EXPECT_EQ(r.nodes, 120u);
  EXPECT_EQ(r.moves, 77u);
  EXPECT_EQ(r.score, 52);
  EXPECT_EQ(r.index, 1u);
  EXPECT_EQ(r.line, 3u);
  EXPECT_EQ(t->records[1].verdict, Verdict::kUnsolvable);
  EXPECT_EQ(t->records[1].line, 4u);
}

TEST(PerDeal, AGradedTableReadsBackAsWritten) {
  PerDealRun run;
  run.deals = "1-2";
  run.version = "0.1.0";
  run.graded = true;
  const Game& game = *FindGame("fourteen-out");
  SurveyEntry a{"1", Verdict::kSolved, 26, 26, std::nullopt, 0};
  a.graded = true;
  a.grade = 3;
  SurveyEntry b{"2", Verdict::kUnsolvable, 9, 0, std::nullopt, 0};
  b.graded = true;
  const std::string text = PerDealHeader(run) + PerDealLine(game, {}, a, 0) + PerDealLine(game, {}, b, 1);
  auto t = ParsePerDeal("t.csv", text);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_TRUE(t->run.graded);
  ASSERT_EQ(t->records.size(), 2u);
  EXPECT_EQ(t->records[0].grade, 3u);
  EXPECT_FALSE(t->records[1].grade.has_value());
  EXPECT_EQ(PerDealHeader(t->run), PerDealHeader(run));
  t = ParsePerDeal("t.csv", kHead + kCols);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_FALSE(t->run.graded);
}

TEST(PerDeal, ReadsFilesKeysQuotesOldFilesAndSpreadsheetHabits) {
  EXPECT_EQ(PerDealFilesKey({"a b,c.jsonl", "-"}), "files:a%20b%2Cc.jsonl,-");
  // A run over files: a label quoted as RFC 4180 says, with a line end inside.
  auto t = ParsePerDeal("t.csv",
                        "\xEF\xBB\xBF# talon-per-deal/1 deals=files:a%20b.jsonl shard=1/1 max-nodes=none "
                        "max-seconds=10 version=0.1.0 x-note=mine\r\n"
                        "index,x-comment,deal,game,options,result,nodes,moves,score,grade\r\n"
                        "0,hi,\"a b.jsonl:1\",thirteens,,solved,28,28,,3\r\n"
                        "\r\n"
                        "1,,\"odd\"\"name\nx:2\",thirteens,slots=10,unknown,5,,,\r\n");
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_FALSE(t->run.ranged());
  EXPECT_EQ(t->run.LimitsText(), "max-nodes=none max-seconds=10");
  ASSERT_EQ(t->records.size(), 2u);
  ASSERT_EQ(t->groups.size(), 1u);  // missing options take their defaults
  EXPECT_EQ(t->groups[0].options_text, "slots=10");
  EXPECT_EQ(t->records[0].label, "a b.jsonl:1");
  EXPECT_EQ(t->records[0].grade, 3u);
  EXPECT_EQ(t->records[1].label, "odd\"name\nx:2");
  EXPECT_EQ(t->records[1].line, 5u);
  EXPECT_FALSE(t->records[1].grade.has_value());
  // An old file: the columns alone; positions are the line order.
  t = ParsePerDeal("old.csv",
                   "game,options,deal,result,nodes,moves,score\nfifteen,,4,solved,20,20,\nfifteen,,2,unsolvable,9,,\n");
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_TRUE(t->run.legacy);
  EXPECT_EQ(t->run.LimitsText(), "limits not recorded");
  ASSERT_EQ(t->records.size(), 2u);
  EXPECT_EQ(t->records[1].index, 1u);
  // A shard with no deals (more shards than deals) is a header alone.
  t = ParsePerDeal("t.csv", "# talon-per-deal/1 deals=1-2 shard=3/4 max-nodes=none max-seconds=none version=0.1.0\n" +
                                kCols);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_TRUE(t->records.empty());
}

TEST(PerDeal, EveryFieldMayBeQuoted) {
  // Each quoted field is unquoted into its own buffer; a later one must not
  // move an earlier one (ASan saw a use after free here).
  auto t = ParsePerDeal("t.csv", "# talon-per-deal/1 deals=files:x shard=1/1 max-nodes=none max-seconds=none version=1\n"
                                 "\"game\",\"options\",\"deal\",\"result\",\"nodes\",\"moves\",\"score\",\"index\"\n"
                                 "\"carpet\",\"patching=optional\",\"a\"\"b:1\",\"solved\",\"93\",\"93\",\"52\",\"0\"\n");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->records.size(), 1u);
  EXPECT_EQ(t->groups[0].options_text, "patching=optional");
  EXPECT_EQ(t->records[0].label, "a\"b:1");
  EXPECT_EQ(t->records[0].nodes, 93u);
  EXPECT_EQ(t->records[0].score, 52);
}

TEST(PerDeal, RefusesWhatIsNotAPerDealFile) {
  EXPECT_EQ(Error(""), "t.csv:1: empty: not a per-deal file");
  EXPECT_EQ(Error("{\"format\":\"talon-deal/1\"}\n").rfind("t.csv:1: not a per-deal file (a per-deal file starts with", 0), 0u);
  EXPECT_EQ(Error("# something else\n").rfind("t.csv:1: not a per-deal file", 0), 0u);
  EXPECT_EQ(Error("# talon-per-deal/2 deals=1-4\n" + kCols),
            "t.csv:1: format: 'talon-per-deal/2' is not a format this version reads (talon-per-deal/1)");
  EXPECT_EQ(Error("game,options,deal\nfifteen,,1\n").rfind("t.csv:1: not a per-deal file", 0), 0u);
}

TEST(PerDeal, RefusesABadHeaderLine) {
  const std::string ok = "deals=1-4 shard=1/1 max-nodes=1000 max-seconds=none version=0.1.0";
  auto head = [&](const std::string& words) { return Error("# talon-per-deal/1 " + words + "\n" + kCols); };
  EXPECT_EQ(head(ok), "");
  EXPECT_EQ(head(ok + " oops"), "t.csv:1: 'oops' is not KEY=VALUE");
  EXPECT_EQ(head(ok + " shard=1/1"), "t.csv:1: shard: given twice");
  EXPECT_EQ(head("deals=files: shard=1/1 max-nodes=1 max-seconds=none version=1"),
            "t.csv:1: deals: 'files:' names no file");
  EXPECT_EQ(head("deals=files:a%2 shard=1/1 max-nodes=1 max-seconds=none version=1"),
            "t.csv:1: deals: a '%' is not followed by two hex digits");
  EXPECT_EQ(head("deals=files:a=b shard=1/1 max-nodes=1 max-seconds=none version=1"),
            "t.csv:1: deals: a file name holds '=' (written as %XX)");
  EXPECT_EQ(head("deals=5-1 shard=1/1 max-nodes=1 max-seconds=none version=1"),
            "t.csv:1: deals: '5-1' is neither a range A-B (A <= B) nor files:NAME,...");
  EXPECT_EQ(head("deals=x shard=1/1 max-nodes=1 max-seconds=none version=1"),
            "t.csv:1: deals: 'x' is neither a range A-B (A <= B) nor files:NAME,...");
  EXPECT_EQ(head("deals=1-4 shard=5/4 max-nodes=1 max-seconds=none version=1").rfind("t.csv:1: shard: '5/4' has K outside 1 to N", 0), 0u);
  EXPECT_EQ(head("deals=1-4 shard=1/1 max-nodes=0 max-seconds=none version=1"),
            "t.csv:1: max-nodes: '0' is neither none nor a whole number from 1");
  EXPECT_EQ(head("deals=1-4 shard=1/1 max-nodes=1 max-seconds=-2 version=1"),
            "t.csv:1: max-seconds: '-2' is neither none nor a number of seconds above 0");
  EXPECT_EQ(head("deals=1-4 shard=1/1 max-nodes=1 max-seconds=inf version=1"),
            "t.csv:1: max-seconds: 'inf' is neither none nor a number of seconds above 0");
  EXPECT_EQ(head("deals=1-4 shard=1/1 max-nodes=1 max-seconds=none version="), "t.csv:1: version: empty");
  EXPECT_EQ(head(ok + " threads=2"),
            "t.csv:1: 'threads' is not a key of talon-per-deal/1 (the keys are deals, shard, max-nodes, max-seconds, "
            "shuffle, version; x-NAME is ignored)");
  EXPECT_EQ(head(ok + " x-threads=2"), "");
  EXPECT_EQ(head(ok + " shuffle=pysol"), "");
  EXPECT_EQ(head(ok + " shuffle=pysol shuffle=pysol"), "t.csv:1: shuffle: given twice");
  EXPECT_EQ(head("deals=1-4 shard=1/1 max-nodes=1 version=1").rfind("t.csv:1: max-seconds: missing (", 0), 0u);
  EXPECT_EQ(Error(kHead), "t.csv:2: the column names are missing");
}

TEST(PerDeal, RefusesBadColumns) {
  EXPECT_EQ(Error(kHead + "game,options,deal,result,nodes,moves,score,index,speed\n"),
            "t.csv:2: column 'speed' is not a per-deal column (the columns are game, options, deal, result, nodes, "
            "moves, score, index and optionally grade; a column named x-NAME is ignored)");
  EXPECT_EQ(Error(kHead + "game,options,deal,result,nodes,moves,score,index,game\n"),
            "t.csv:2: column 'game' is named twice");
  EXPECT_EQ(Error(kHead + "game,options,deal,result,nodes,moves,score\n").rfind("t.csv:2: column 'index' is missing (", 0),
            0u);
  EXPECT_EQ(Error(kHead + "game,\"options\n").rfind("t.csv:2: a quoted field has no closing quote", 0), 0u);
}

TEST(PerDeal, RefusesBadLinesNamingTheField) {
  auto line = [&](const std::string& l) { return Error(kHead + kCols + "fifteen,,1,solved,20,20,,0\n" + l + "\n"); };
  // A second row after a good one, and the message it gets: whole, or (ending
  // in "...") its start.
  const std::pair<std::string, std::string> cases[] = {
      {"fifteen,,2,solved,20,20,,1", ""},
      {"fifteen,,2,solved,20,20,1", "t.csv:4: 7 fields, but the header names 8 columns"},
      {"fiveteen,,2,solved,20,20,,1", "t.csv:4: game: unknown game 'fiveteen' (the games are: fourteen-out..."},
      {"thirteens,slots,2,solved,20,20,,1", "t.csv:4: options: 'slots' is not NAME=VALUE"},
      {"thirteens,slots=5 slots=5,2,solved,20,20,,1", "t.csv:4: options: 'slots' is given twice"},
      {"thirteens,slots=7,2,solved,20,20,,1", "t.csv:4: options: option 'slots' cannot be 7..."},
      {"fifteen,draw=1,2,solved,20,20,,1", "t.csv:4: options: unknown option 'draw'..."},
      {"fifteen,,,solved,20,20,,1", "t.csv:4: deal: empty (a deal number, or FILE:LINE for a deal without one)"},
      {"fifteen,,2,won,20,20,,1", "t.csv:4: result: 'won' is not a result (solved, unsolvable or unknown)"},
      {"fifteen,,2,solved,2e3,20,,1", "t.csv:4: nodes: '2e3' is not a whole number"},
      {"fifteen,,2,solved,20,,,1", "t.csv:4: moves: '' is not a whole number"},
      {"fifteen,,2,unsolvable,20,20,,1", "t.csv:4: moves: '20' given for a deal that is not solved (leave it empty)"},
      {"fifteen,,2,solved,20,20,x,1", "t.csv:4: score: 'x' is not a whole number"},
      {"fifteen,,2,solved,20,20,,one", "t.csv:4: index: 'one' is not a whole number"},
      {"fifteen,,9,solved,20,20,,1", "t.csv:4: deal: '9' is not a deal number of 1-4"},
      {"fifteen,,t.jsonl:2,solved,20,20,,1", "t.csv:4: deal: 't.jsonl:2' is not a deal number of 1-4"},
      {"fifteen,,3,solved,20,20,,1", "t.csv:4: index: 1 is not the position of deal 3 in 1-4"},
      {"fifteen,,\"2\"x,solved,20,20,,1",
       "t.csv:4: text after a quoted field (a quote inside a field is written twice: \"\")"},
      {"fifteen,,2\"\",solved,20,20,,1", "t.csv:4: a quote inside a field that does not start with one"},
  };
  for (const auto& [row, message] : cases) {
    const std::string got = line(row);
    if (message.ends_with("..."))
      EXPECT_EQ(got.rfind(message.substr(0, message.size() - 3), 0), 0u) << row << ": " << got;
    else
      EXPECT_EQ(got, message) << row;
  }
  // The shard's rule: index 1 is not in shard 1/2.
  EXPECT_EQ(Error("# talon-per-deal/1 deals=1-4 shard=1/2 max-nodes=none max-seconds=none version=1\n" + kCols +
                  "fifteen,,2,solved,20,20,,1\n"),
            "t.csv:3: index: 1 is not in shard 1/2 (its index modulo 2 would be 0)");
  // grade, when present, is a whole number or empty.
  EXPECT_EQ(Error(kHead + "game,options,deal,result,nodes,moves,score,index,grade\nfifteen,,1,solved,20,20,,0,hard\n"),
            "t.csv:3: grade: 'hard' is not a whole number");
  EXPECT_EQ(Error(kHead + "game,options,deal,result,nodes,moves,score,index,grade\nfifteen,,1,solved,20,20,,0,0\n"),
            "t.csv:3: grade: 0 is not a grade (1 to 5, or empty for none)");
  EXPECT_EQ(Error(kHead + "game,options,deal,result,nodes,moves,score,index,grade\nfifteen,,1,solved,20,20,,0,6\n"),
            "t.csv:3: grade: 6 is not a grade (1 to 5, or empty for none)");
}

TEST(PerDeal, QuotesAtMostFortyBytesOfABadField) {
  const std::string big(3000, 'x');
  auto line = [&](const std::string& l) { return Error(kHead + kCols + l + "\n"); };
  for (const std::string& m :
       {line("fifteen,,1," + big + ",20,20,,0"), line(big + ",,1,solved,20,20,,0"),
        line("fifteen,,1,solved," + big + ",20,,0"), line("fifteen,," + big + ",solved,20,20,,0"),
        line("thirteens," + big + "=1 " + big + "=1,1,solved,20,20,,0"),
        Error("# talon-per-deal/1 deals=1-4 shard=1/" + big + " max-nodes=none max-seconds=none version=1\n" + kCols),
        Error(kHead.substr(0, kHead.size() - 1) + " " + big + "\n" + kCols)}) {
    EXPECT_EQ(m.rfind("t.csv:", 0), 0u) << m;
    EXPECT_LT(m.size(), 400u) << m;
    EXPECT_NE(m.find("xxx..."), std::string::npos) << m;
  }
}

TEST(PerDeal, FirstLineWordsEndAtACarriageReturn) {
  // A word never keeps a '\r': what is read is what the writer writes again.
  auto t = ParsePerDeal("t.csv", "# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=none max-seconds=none version=a\r\r\n" + kCols);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->run.version, "a");
  EXPECT_EQ(Error("# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=none max-seconds=none version=a\rb\n" + kCols),
            "t.csv:1: 'b' is not KEY=VALUE");
}

// Tables from texts, for the merge.
std::vector<PerDealTable> Tables(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<PerDealTable> out;
  for (const auto& [name, text] : files) {
    auto t = ParsePerDeal(name, text);
    EXPECT_TRUE(t.ok()) << name << ": " << t.status().message();
    if (t) out.push_back(std::move(*t));
  }
  return out;
}

std::string Head(const std::string& deals, const std::string& shard, const std::string& nodes = "none") {
  return "# talon-per-deal/1 deals=" + deals + " shard=" + shard + " max-nodes=" + nodes +
         " max-seconds=none version=0.1.0\n" + kCols;
}

TEST(Merge, OrdersGroupsAndDealsAsOneRun) {
  // --game fifteen,take-ten --deals 1-3 in two shards: indices 0-2 fifteen, 3-5 take-ten.
  auto tables = Tables({{"b.csv", Head("1-3", "2/2") + "fifteen,,2,solved,20,20,,1\ntake-ten,,1,unsolvable,5,,,3\n"
                                                       "take-ten,,3,solved,22,22,,5\n"},
                        {"a.csv", Head("1-3", "1/2") + "fifteen,,1,solved,21,20,,0\nfifteen,,3,unknown,1000,,,2\n"
                                                       "take-ten,,2,unsolvable,6,,,4\n"}});
  auto merged = MergePerDeal(tables);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->size(), 2u);
  EXPECT_EQ((*merged)[0].game->id(), "fifteen");
  EXPECT_EQ((*merged)[0].range, "1-3");
  EXPECT_EQ((*merged)[1].game->id(), "take-ten");
  const SurveyReport r = (*merged)[0].survey.Report();
  EXPECT_EQ(r.deals, 3u);
  EXPECT_EQ(r.unknown_deals, std::vector<std::string>{"3"});
  EXPECT_EQ(r.hardest, (std::vector<std::string>{"1", "2"}));  // 21 then 20 positions
  EXPECT_EQ((*merged)[1].survey.Report().hardest, (std::vector<std::string>{"3", "2", "1"}));
}

TEST(Merge, JoinsRangesAndCountsARepeatedDealOnce) {
  auto tables = Tables({{"hi.csv", Head("3-4", "1/1") + "fifteen,,3,solved,20,20,,0\nfifteen,,4,solved,20,20,,1\n"},
                        {"lo.csv", Head("1-3", "1/1") + "fifteen,,1,solved,20,20,,0\nfifteen,,2,solved,9,20,,1\n"
                                                        "fifteen,,3,solved,20,20,,2\n"},
                        {"far.csv", Head("9", "1/1") + "fifteen,,9,unsolvable,4,,,0\n"}});
  auto merged = MergePerDeal(tables);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->size(), 1u);
  EXPECT_EQ((*merged)[0].range, "1-4, 9");
  EXPECT_EQ((*merged)[0].survey.size(), 5u);  // deal 3 once
  EXPECT_EQ((*merged)[0].survey.Report().hardest, (std::vector<std::string>{"1", "3", "4", "2", "9"}));
}

TEST(Merge, OrdersRunsOverFilesByRunAndPosition) {
  // Two shards of one run over files, and a second run: the first run's
  // deals by position, then the second run's.
  const std::string f1 = "# talon-per-deal/1 deals=files:d.jsonl shard=1/2 max-nodes=none max-seconds=none version=1\n";
  const std::string f2 = "# talon-per-deal/1 deals=files:d.jsonl shard=2/2 max-nodes=none max-seconds=none version=1\n";
  const std::string g = "# talon-per-deal/1 deals=files:e.jsonl shard=1/1 max-nodes=none max-seconds=none version=1\n";
  auto tables = Tables({{"e.csv", g + kCols + "fifteen,,7,solved,5,20,,0\n"},
                        {"d2.csv", f2 + kCols + "fifteen,,5,solved,5,20,,1\n"},
                        {"d1.csv", f1 + kCols + "fifteen,,9,solved,5,20,,0\nfifteen,,8,solved,5,20,,2\n"}});
  auto merged = MergePerDeal(tables);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->size(), 1u);
  EXPECT_EQ((*merged)[0].range, "");
  // Order (ties keep it): e.jsonl's deal 7 (its run is met first), then d.jsonl's 9, 5, 8.
  EXPECT_EQ((*merged)[0].survey.Report().hardest, (std::vector<std::string>{"7", "9", "5", "8"}));
}

TEST(Merge, RefusesWhatNoSingleRunGives) {
  auto error = [](const std::vector<std::pair<std::string, std::string>>& files) {
    auto merged = MergePerDeal(Tables(files));
    return merged ? std::string() : merged.status().message();
  };
  // Different limits in one group.
  EXPECT_EQ(error({{"a.csv", Head("1", "1/1", "1000") + "fifteen,,1,solved,20,20,,0\n"},
                   {"b.csv", Head("2", "1/1", "2000") + "fifteen,,2,solved,20,20,,0\n"}}),
            "b.csv:3: fifteen: max-nodes=2000 max-seconds=none, but a.csv:3 has max-nodes=1000 max-seconds=none "
            "(the deals of one group must be decided with the same limits)");
  // Different shuffles: the same numbers name other deals.
  const std::string pysol = "# talon-per-deal/1 deals=2 shard=1/1 max-nodes=1000 max-seconds=none shuffle=pysol "
                            "version=0.1.0\n" + std::string(kCols);
  EXPECT_EQ(error({{"a.csv", Head("1", "1/1", "1000") + "fifteen,,1,solved,20,20,,0\n"},
                   {"b.csv", pysol + "fifteen,,2,solved,20,20,,0\n"}}),
            "b.csv:3: fifteen: max-nodes=1000 max-seconds=none shuffle=pysol, but a.csv:3 has max-nodes=1000 "
            "max-seconds=none (the deals of one group must be dealt by the same shuffle)");
  // ... but in different groups they may differ.
  EXPECT_EQ(error({{"a.csv", Head("1", "1/1", "1000") + "fifteen,,1,solved,20,20,,0\n"},
                   {"b.csv", Head("1", "1/1", "2000") + "take-ten,,1,solved,20,20,,0\n"}}),
            "");
  // Numbered deals and deals read from files in one group.
  EXPECT_EQ(error({{"a.csv", Head("1", "1/1") + "fifteen,,1,solved,20,20,,0\n"},
                   {"b.csv", Head("files:x", "1/1") + "fifteen,,1,solved,20,20,,0\n"}}),
            "b.csv:3: fifteen: deals read from files, but a.csv:3 has numbered deals (--game --deals) (one group "
            "cannot mix them: no single run does)");
  // An old file has no limits recorded.
  EXPECT_EQ(error({{"a.csv", Head("files:x", "1/1") + "fifteen,,1,solved,20,20,,0\n"},
                   {"old.csv", "game,options,deal,result,nodes,moves,score\nfifteen,,1,solved,20,20,\n"}}),
            "old.csv:2: fifteen: an old per-deal file (no header line), but a.csv:3 has deals read from files (one "
            "group cannot mix them: no single run does)");
  // A deal twice with different results.
  EXPECT_EQ(error({{"a.csv", Head("1", "1/1") + "fifteen,,1,solved,20,20,,0\n"},
                   {"b.csv", Head("1", "1/1") + "fifteen,,1,solved,21,20,,0\n"}}),
            "b.csv:3: fifteen deal 1: solved, 21 positions, 20 moves, but a.csv:3 has solved, 20 positions, 20 "
            "moves (a deal given twice must have the same result)");
  // A shard missing: from a range, and from a run over files.
  EXPECT_EQ(error({{"a.csv", Head("1-4", "1/2") + "fifteen,,1,solved,20,20,,0\nfifteen,,3,solved,20,20,,2\n"}}),
            "a.csv: fifteen: deal 2 of deals=1-4 (max-nodes=none max-seconds=none) is in no file given: it is in "
            "shard 2/2; give every shard's file (a shard can be run again alone)");
  EXPECT_EQ(error({{"a.csv", Head("files:x", "2/2") + "fifteen,,1,solved,20,20,,1\n"}}),
            "a.csv: deals=files:x (max-nodes=none max-seconds=none): the deal of index 0 is in no file given: it is "
            "in shard 1/2; give every shard's file (a shard can be run again alone)");
}

}  // namespace
}  // namespace talon::cli
