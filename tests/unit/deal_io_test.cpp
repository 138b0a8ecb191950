// The deal format (core/deal_io.h): exact round trips, the written form
// other programs rely on (docs/formats.md), and every kind of malformed
// input rejected with a message naming the field or line. Most tests use
// FakeGame (io_test_util.h); the RealGames tests at the end run the same
// round trips over the registered games.
#include "core/deal_io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/io_common.h"
#include "core/solution_io.h"  // NestingDeeperThanTheLimitIsRefused: both readers
#include "io_test_util.h"

namespace talon {
namespace {

using namespace io_test;

Deal FakeDeal(uint64_t number, const Options& options = {}) {
  auto d = MakeDeal(kFake, number, options);
  EXPECT_TRUE(d.ok()) << d.status().message();
  return *d;
}

// A hand-made deal: the deck in canonical order, dealt as the fake deals.
Deal HandMade() {
  std::vector<Card> deck;
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= 13; ++r) deck.push_back(Card(r, static_cast<Suit>(s)));
  Deal d;
  d.game = "fake";
  d.options = *CompleteOptions(kFake.option_specs(), {});
  d.areas = kFake.DealCards(deck, d.options);
  return d;
}

// Parses `line` with the fake game and expects a kBadInput error containing
// every one of `parts`.
void ExpectDealError(const std::string& line, std::initializer_list<std::string> parts) {
  ExpectBadInput(DealFromJson(line, kGames), line, parts);
}

// The JSON of a numbered fake deal with the "areas" value replaced.
std::string WithAreas(const std::string& areas) {
  return R"({"format":"talon-deal/1","game":"fake","areas":)" + areas + "}";
}

// ---------------------------------------------------------------- deals

TEST(DealJson, WritesTheKeysInFormatOrderOnOneLine) {
  Deal d = FakeDeal(12345);
  std::string json = DealToJson(kFake, d);
  EXPECT_EQ(json.find('\n'), std::string::npos);
  EXPECT_EQ(json.rfind(R"({"format":"talon-deal/1","game":"fake","deal":12345,"shuffle":"talon-v1",)"
                       R"("options":{"lucky":false,"mode":"easy","piles":4},"areas":{"tableau":[[")",
                       0),
            0u)
      << json;
  EXPECT_NE(json.find(R"(],"stock":[")"), std::string::npos) << json;
  EXPECT_EQ(json.find("face_down"), std::string::npos);
  // Pile 1 bottom to top is deck[0..4]; the stock's last card is deck[20].
  EXPECT_NE(json.find("\"tableau\":[[\"" + CardName(d.areas.tableau[0][0]) + "\""),
            std::string::npos);
  EXPECT_NE(json.find("\"" + CardName(d.areas.stock.back()) + "\"]}}"), std::string::npos);
}

TEST(DealJson, RoundTripsExactly) {
  for (uint64_t n : {0ull, 1ull, 2ull, 12345ull, 9223372036854775807ull, 9223372036854775808ull,
                     18446744073709551615ull}) {
    for (const Options& o : {Options{}, Options{{"piles", int64_t{6}}, {"lucky", true},
                                                 {"mode", std::string("hard")}}}) {
      Deal d = FakeDeal(n, o);
      auto back = DealFromJson(DealToJson(kFake, d), kGames);
      ASSERT_TRUE(back.ok()) << back.status().message();
      EXPECT_EQ(*back, d) << n;
      EXPECT_EQ(DealToJson(kFake, *back), DealToJson(kFake, d));
    }
  }
}

TEST(DealJson, DealNumberTwoToTheSixtyFourMinusOne) {
  Deal d = FakeDeal(18446744073709551615ull);
  std::string json = DealToJson(kFake, d);
  EXPECT_NE(json.find(R"("deal":18446744073709551615,)"), std::string::npos) << json;
  auto back = DealFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->number, std::optional<uint64_t>(18446744073709551615ull));
}

TEST(DealJson, HandMadeDealsHaveNoNumberAndNoShuffle) {
  Deal d = HandMade();
  std::string json = DealToJson(kFake, d);
  EXPECT_EQ(json.find("\"deal\""), std::string::npos) << json;
  EXPECT_EQ(json.find("\"shuffle\""), std::string::npos) << json;
  EXPECT_EQ(json.rfind(R"({"format":"talon-deal/1","game":"fake","options":{)", 0), 0u) << json;
  auto back = DealFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, d);
  EXPECT_FALSE(back->number.has_value());
}

TEST(DealJson, FaceDownIsWrittenLastAndOnlyWhenGiven) {
  Deal d = HandMade();  // hand-made: the fake deals no card face down itself
  d.areas.face_down = {0, 1, 4, 5};
  std::string json = DealToJson(kFake, d);
  EXPECT_NE(json.find(R"(]},"face_down":[0,1,4,5]})"), std::string::npos) << json;
  auto back = DealFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, d);
}

TEST(DealJson, MissingOptionsAreCompletedWithDefaults) {
  Deal d = HandMade();
  std::string json = DealToJson(kFake, d);
  Replace(json, R"("options":{"lucky":false,"mode":"easy","piles":4},)", "");
  auto back = DealFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, d);
}

TEST(DealJson, ReadersAcceptTenLowerCaseAndSuitSymbols) {
  Deal d = HandMade();
  std::string json = DealToJson(kFake, d);
  // Canonical order: pile 2 is 6C..TC, pile 4 is 3D..7D.
  Replace(json, R"("TC")", R"("10c")");
  Replace(json, R"("7D")", "\"7\u2666\"");
  Replace(json, R"("KH")", "\"k\u2661\"");
  Replace(json, R"("AS")", R"("as")");
  auto back = DealFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, d);
  EXPECT_EQ(DealToJson(kFake, *back), DealToJson(kFake, d));  // writers write "TC"
}

TEST(DealJson, AcceptsAByteOrderMarkAndACarriageReturnOnTheLine) {
  Deal d = FakeDeal(31);
  auto back = DealFromJson("\xEF\xBB\xBF" + DealToJson(kFake, d) + "\r", kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, d);
}

TEST(DealJson, AcceptsSpacesAndAnyKeyOrder) {
  Deal d = FakeDeal(99);
  std::string json = DealToJson(kFake, d);
  // Move "format" to the end and add spaces.
  Replace(json, R"({"format":"talon-deal/1",)", "{ ");
  json.pop_back();
  json += R"( , "format" : "talon-deal/1" } )";
  auto back = DealFromJson(json, kGames);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, d);
}

TEST(DealJsonErrors, NotJsonSaysWhere) {
  ExpectDealError(R"({"format": "talon-deal/1", "game": fake})", {"not JSON", "at column 38", "last read: '\"game\": fak'"});
  ExpectDealError("", {"not JSON", "one JSON object on one line"});
  ExpectDealError(R"({"format": "talon-deal/1"} extra)", {"not JSON", "column"});
}

TEST(DealJsonErrors, NotAnObject) {
  ExpectDealError("[1,2]", {"must be a JSON object", "not a list"});
  ExpectDealError("17", {"must be a JSON object"});
}

TEST(DealJsonErrors, Format) {
  ExpectDealError(R"({"game":"fake"})", {"format: missing", "talon-deal/1"});
  ExpectDealError(R"({"format":"talon-deal/2","game":"fake"})", {"format: 'talon-deal/2'"});
  ExpectDealError(R"({"format":1,"game":"fake"})", {"format: 1"});
  ExpectDealError(R"({"format":"talon-solution/1","game":"fake"})",
                  {"format: this is a solution"});
}

TEST(DealJsonErrors, UnknownTopLevelKeysAreRejected) {
  Deal d = FakeDeal(5);
  std::string json = DealToJson(kFake, d);
  Replace(json, "\"options\"", "\"optons\"");
  ExpectDealError(json, {"optons: unknown key", "format, game, deal, shuffle, options, areas, face_down"});
}

TEST(DealJsonErrors, DuplicateKeys) {
  std::string json = DealToJson(kFake, FakeDeal(5));
  Replace(json, R"("deal":5,)", R"("deal":5,"deal":6,)");
  ExpectDealError(json, {"\"deal\" appears twice"});
}

TEST(DealJsonErrors, Game) {
  ExpectDealError(R"({"format":"talon-deal/1","areas":{}})", {"game: missing", "known: fake"});
  ExpectDealError(R"({"format":"talon-deal/1","game":"fourten-out","areas":{}})",
                  {"game: unknown game 'fourten-out'", "(known: fake)"});
  ExpectDealError(R"({"format":"talon-deal/1","game":7,"areas":{}})", {"game: must be"});
}

TEST(DealJsonErrors, UnknownGameListsTheRegistry) {
  // Uses the registry (no game list given); the message lists every id.
  auto d = DealFromJson(R"({"format":"talon-deal/1","game":"no-such-game","areas":{}})");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), StatusCode::kBadInput);
  EXPECT_NE(d.status().message().find("(known: " + GameIdList() + ")"), std::string::npos)
      << d.status().message();
}

TEST(DealJsonErrors, DealNumber) {
  std::string json = DealToJson(kFake, FakeDeal(5));
  for (const char* bad : {"-1", "1.5", "\"5\"", "18446744073709551616", "1e3", "null", "true"}) {
    std::string j = json;
    Replace(j, R"("deal":5,)", std::string(R"("deal":)") + bad + ",");
    ExpectDealError(j, {"deal: must be a whole number from 0 to 18446744073709551615"});
  }
}

TEST(DealJsonErrors, Shuffle) {
  std::string json = DealToJson(kFake, FakeDeal(5));
  std::string j = json;
  Replace(j, R"("shuffle":"talon-v1")", R"("shuffle":17)");
  ExpectDealError(j, {"shuffle: must be a string"});
  j = json;
  Replace(j, R"("shuffle":"talon-v1")", R"("shuffle":"talon-v9")");
  ExpectDealError(j, {"fake#5: shuffle: unknown shuffle 'talon-v9'"});
  j = json;
  Replace(j, R"("shuffle":"talon-v1",)", "");  // absent: talon-v1 (old lines read)
  auto without = DealFromJson(j, kGames);
  ASSERT_TRUE(without.ok()) << without.status().message();
  EXPECT_EQ(without->shuffle, "talon-v1");
  EXPECT_EQ(*without, FakeDeal(5));
  j = json;
  Replace(j, R"("deal":5,)", "");
  ExpectDealError(j, {"deal: missing"});
}

TEST(DealJsonErrors, Options) {
  std::string json = DealToJson(kFake, FakeDeal(5));
  const std::string good = R"("options":{"lucky":false,"mode":"easy","piles":4})";
  auto with = [&](const std::string& options) {
    std::string j = json;
    Replace(j, good, "\"options\":" + options);
    return j;
  };
  ExpectDealError(with("[]"), {"options: must be an object"});
  ExpectDealError(with("4"), {"options: must be an object"});
  ExpectDealError(with(R"({"piles":4.5})"), {"options.piles: an option's value is", "not 4.5"});
  ExpectDealError(with(R"({"piles":null})"), {"options.piles:"});
  ExpectDealError(with(R"({"piles":[4]})"), {"options.piles:"});
  ExpectDealError(with(R"({"piles":18446744073709551615})"), {"options.piles:"});
  ExpectDealError(with(R"({"slots":15})"), {"fake#5: options: unknown option 'slots'",
                                            "known: piles, lucky, mode"});
  ExpectDealError(with(R"({"piles":5})"), {"options: option 'piles' cannot be 5", "allowed: 4, 6"});
  ExpectDealError(with(R"({"mode":"medium"})"), {"option 'mode' cannot be medium"});
  ExpectDealError(with(R"({"lucky":"yes"})"), {"option 'lucky' cannot be yes"});
}

// A spec may take listed values and a range of whole numbers together
// (Klondike's passes: "unlimited" or 1-999).
TEST(OptionSpecs, ListedValuesAndANumberRange) {
  const std::vector<OptionSpec> specs = {OptionSpec{.name = "passes",
                                                    .default_value = std::string("unlimited"),
                                                    .allowed = {std::string("unlimited")},
                                                    .min_int = 1,
                                                    .help = "",
                                                    .numbers_too = true,
                                                    .max_int = 999},
                                         OptionSpec{"size", int64_t{3}, {}, 2, ""}};
  for (OptionValue v : {OptionValue{std::string("unlimited")}, OptionValue{int64_t{1}},
                        OptionValue{int64_t{25}}, OptionValue{int64_t{999}}}) {
    auto o = CompleteOptions(specs, {{"passes", v}});
    ASSERT_TRUE(o.ok()) << FormatOptionValue(v) << ": " << o.status().message();
    EXPECT_EQ(o->at("passes"), v);
    EXPECT_EQ(o->at("size"), OptionValue{int64_t{3}});
  }
  for (OptionValue v : {OptionValue{int64_t{0}}, OptionValue{int64_t{1000}}, OptionValue{true},
                        OptionValue{std::string("twice")}}) {
    auto o = CompleteOptions(specs, {{"passes", v}});
    ASSERT_FALSE(o.ok()) << FormatOptionValue(v);
    EXPECT_EQ(o.status().message(), "option 'passes' cannot be " + FormatOptionValue(v) +
                                        " (allowed: unlimited, or a whole number 1-999)");
  }
  EXPECT_TRUE(CompleteOptions(specs, {{"size", int64_t{1000000}}}).ok());
  auto small = CompleteOptions(specs, {{"size", int64_t{1}}});
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(small.status().message(), "option 'size' cannot be 1 (allowed: a whole number >= 2)");
}

TEST(DealJsonErrors, Areas) {
  ExpectDealError(R"({"format":"talon-deal/1","game":"fake"})", {"areas: missing"});
  ExpectDealError(WithAreas("[]"), {"areas: must be an object"});
  ExpectDealError(WithAreas(R"({"tablau":[]})"),
                  {"areas.tablau: unknown area", "fake has tableau, stock"});
  ExpectDealError(WithAreas(R"({"waste":[]})"), {"areas.waste: fake has no waste", "tableau, stock"});
  ExpectDealError(WithAreas(R"({"tableau":["7H"]})"),
                  {"areas.tableau[0] (pile 1): must be a list of cards"});
  ExpectDealError(WithAreas(R"({"tableau":{"1":["7H"]}})"),
                  {"areas.tableau: must be a list of piles"});
  ExpectDealError(WithAreas(R"({"tableau":[["7H"],"KS"]})"),
                  {"areas.tableau[1] (pile 2): must be a list of cards"});
  ExpectDealError(WithAreas(R"({"stock":[["7H"]]})"),
                  {"areas.stock[0] (card 1 from the bottom): must be a card name"});
  ExpectDealError(WithAreas(R"({"stock":"7H"})"), {"areas.stock: must be a list of cards"});
  ExpectDealError(WithAreas(R"({"tableau":[[],[],[],["2C","3C","XY"]]})"),
                  {"areas.tableau[3][2] (pile 4, card 3 from the bottom): 'XY' is not a card"});
  ExpectDealError(WithAreas(R"({"tableau":[["2C",7]]})"),
                  {"areas.tableau[0][1] (pile 1, card 2 from the bottom): must be a card name "
                   "such as \"TH\", not 7"});
  ExpectDealError(WithAreas(R"({"stock":["2C","1H"]})"),
                  {"areas.stock[1] (card 2 from the bottom): '1H' is not a card"});
  ExpectDealError(WithAreas(R"({"stock":["2C","10HH"]})"), {"'10HH' is not a card"});
}

TEST(DealJsonErrors, FaceDown) {
  Deal d = FakeDeal(5);
  std::string json = DealToJson(kFake, d);
  json.pop_back();
  ExpectDealError(json + R"(,"face_down":3})", {"face_down: must be a list of whole numbers"});
  ExpectDealError(json + R"(,"face_down":[0,1]})",
                  {"face_down: lists 2 piles but areas.tableau has 4"});
  ExpectDealError(json + R"(,"face_down":[0,-1,0,0]})",
                  {"face_down[1] (pile 2): must be a whole number >= 0"});
  ExpectDealError(json + R"(,"face_down":[0,0,"2",0]})", {"face_down[2] (pile 3): must be"});
  ExpectDealError(json + R"(,"face_down":[0,0,0,6]})",
                  {"face_down[3] (pile 4): 6 cards face down, but the pile holds 5"});
}

TEST(DealJsonErrors, FaceDownOfANumberedDealMustBeTheGamesOwn) {
  Deal d = FakeDeal(7);
  d.areas.face_down = {0, 1, 4, 5};
  ExpectDealError(DealToJson(kFake, d), {"fake#7: face_down: deal 7 of this game has other face-down counts"});
}

TEST(DealJsonErrors, TamperedDealsAreRejected) {
  const Deal d = FakeDeal(12345);
  const std::string json = DealToJson(kFake, d);
  const std::string a = CardName(d.areas.tableau[0][0]), b = CardName(d.areas.tableau[0][1]);
  const std::string c = CardName(d.areas.tableau[1][0]);
  {  // A card duplicated (b written where a was): a missing, b twice.
    std::string j = json;
    Replace(j, "[[\"" + a + "\",", "[[\"" + b + "\",");
    // Whichever of a (0 times) and b (2 times) comes first in deck order is named.
    ExpectDealError(j, {"fake#12345: areas: ", " appears ", "has it 1 time"});
  }
  {  // A card missing: the stock's bottom card dropped.
    Deal t = d;
    Card gone = t.areas.stock.front();
    t.areas.stock.erase(t.areas.stock.begin());
    ExpectDealError(DealToJson(kFake, t), {"areas: " + CardName(gone) + " appears 0 times"});
  }
  {  // A pile too long: the stock's top card put on pile 3.
    Deal t = d;
    t.areas.tableau[2].push_back(t.areas.stock.back());
    t.areas.stock.pop_back();
    ExpectDealError(DealToJson(kFake, t),
                    {"fake#12345: areas.tableau[2] (pile 3): a pile of fake holds 5 cards, not 6"});
  }
  {  // The right cards, but not those of deal 12345: two cards swapped.
    std::string j = json;
    Replace(j, "[[\"" + a + "\",", "[[\"@@\",");
    Replace(j, "],[\"" + c + "\",", "],[\"" + a + "\",");
    Replace(j, "[[\"@@\",", "[[\"" + c + "\",");
    ExpectDealError(j, {"fake#12345: areas: the cards are not those of deal 12345",
                        "hand-made deal"});
  }
  {  // A hand-made deal with the cards of deal 12345 is fine without its number.
    std::string j = json;
    Replace(j, R"("deal":12345,"shuffle":"talon-v1",)", "");
    auto back = DealFromJson(j, kGames);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(back->areas, d.areas);
  }
}

TEST(DealJsonErrors, NeverThrowsOnGarbage) {
  const std::string good = DealToJson(kFake, FakeDeal(3));
  // Every prefix of a good line, and a few byte-level corruptions.
  for (size_t n = 0; n < good.size(); n += 7) {
    auto d = DealFromJson(good.substr(0, n), kGames);
    EXPECT_FALSE(d.ok());
  }
  for (std::string bad : {std::string("{\"format\":\"\xff\xfe\"}"), std::string("\0\0", 2),
                          std::string("{\"format\":\"talon-deal/1\",\"game\":\"fake\",\"areas\":{"
                                      "\"tableau\":[[[[[[[[]]]]]]]]}}")}) {
    auto d = DealFromJson(bad, kGames);
    EXPECT_FALSE(d.ok());
    EXPECT_EQ(d.status().code(), StatusCode::kBadInput);
    // Bad bytes are not copied into the message.
    EXPECT_EQ(d.status().message().find('\xff'), std::string::npos) << d.status().message();
  }
}

// Deep nesting is refused while parsing: a value nested 500 000 deep in a
// field that a message quotes would otherwise be printed by recursion.
TEST(DealJsonErrors, NestingDeeperThanTheLimitIsRefused) {
  auto nested = [](size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  for (const std::string& line :
       {nested(10'000), "{\"format\":\"talon-deal/1\",\"game\":" + nested(500'000) + "}",
        "{\"format\":\"talon-deal/1\",\"game\":" + nested(kMaxJsonDepth) + "}"}) {
    auto d = DealFromJson(line, kGames);
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.status().code(), StatusCode::kBadInput);
    EXPECT_EQ(d.status().message(), "JSON nested more than 100 levels deep (a deal is one JSON object "
                                    "on one line, nested 5 levels at most)");
    auto s = SolutionFromJson(line, kGames);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.status().message().find("JSON nested more than 100 levels deep"), std::string::npos);
  }
  // At the limit the nesting itself is no error: the field is named.
  auto d = DealFromJson("{\"format\":\"talon-deal/1\",\"game\":" + nested(kMaxJsonDepth - 1) + "}", kGames);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message().rfind("game: must be a game id string", 0), 0u) << d.status().message();
}

TEST(DealReader, ReadsLinesSkipsBlanksHandlesCrlfAndBom) {
  Deal d1 = FakeDeal(1), d2 = FakeDeal(2), d3 = HandMade();
  std::string input = "\xEF\xBB\xBF" + DealToJson(kFake, d1) + "\r\n\r\n   \n" +
                      DealToJson(kFake, d2) + "\r\n\t\n" + DealToJson(kFake, d3);  // no final newline
  std::istringstream in(input);
  DealReader reader(in, "deals.jsonl", kGames);
  Deal d;
  ASSERT_TRUE(reader.Next(d)) << reader.status().message();
  EXPECT_EQ(d, d1);
  EXPECT_EQ(reader.line(), 1u);
  ASSERT_TRUE(reader.Next(d)) << reader.status().message();
  EXPECT_EQ(d, d2);
  EXPECT_EQ(reader.line(), 4u);
  ASSERT_TRUE(reader.Next(d)) << reader.status().message();
  EXPECT_EQ(d, d3);
  EXPECT_FALSE(reader.Next(d));
  EXPECT_TRUE(reader.status().ok());
  EXPECT_FALSE(reader.Next(d));
}

// `json` padded with spaces to exactly `bytes` bytes.
std::string PaddedTo(std::string json, size_t bytes) {
  Replace(json, "\"areas\":", "\"areas\":" + std::string(bytes - json.size(), ' '));
  return json;
}

TEST(DealReader, LinesUpToOneMebibyte) {
  Deal d1 = FakeDeal(1);
  const std::string json = PaddedTo(DealToJson(kFake, d1), kMaxLineBytes);
  std::istringstream in(json + "\n" + json + "\r\n");
  DealReader reader(in, "big.jsonl", kGames);
  Deal d;
  ASSERT_TRUE(reader.Next(d)) << reader.status().message();
  ASSERT_TRUE(reader.Next(d)) << reader.status().message();
  EXPECT_EQ(d, d1);
  EXPECT_FALSE(reader.Next(d));
  EXPECT_TRUE(reader.status().ok());
}

TEST(DealReader, ALongerLineIsRefusedWithItsNumberAndNotReadFurther) {
  const std::string good = DealToJson(kFake, FakeDeal(1));
  const std::string line = PaddedTo(good, kMaxLineBytes + 1);
  std::istringstream in(good + "\n" + line + std::string(5'000'000, ' ') + "\n" + good + "\n");
  DealReader reader(in, "big.jsonl", kGames);
  Deal d;
  ASSERT_TRUE(reader.Next(d)) << reader.status().message();
  EXPECT_FALSE(reader.Next(d));
  EXPECT_EQ(reader.status().code(), StatusCode::kBadInput);
  EXPECT_EQ(reader.status().message().rfind("big.jsonl:2: the line is longer than 1 MiB (1048576 bytes)", 0), 0u)
      << reader.status().message();
  // It stopped reading one byte past the limit, not at the line's end.
  EXPECT_LE(static_cast<size_t>(in.tellg()), good.size() + 1 + kMaxLineBytes + 2);
}

TEST(DealReader, ErrorsNameSourceAndLine) {
  std::string good = DealToJson(kFake, FakeDeal(1));
  std::string bad = good;
  Replace(bad, "\"options\"", "\"optons\"");
  std::istringstream in(good + "\n\n" + good + "\r\n" + bad + "\r\n" + good + "\n");
  DealReader reader(in, "deals.jsonl", kGames);
  Deal d;
  EXPECT_TRUE(reader.Next(d));
  EXPECT_TRUE(reader.Next(d));
  EXPECT_FALSE(reader.Next(d));
  EXPECT_EQ(reader.status().code(), StatusCode::kBadInput);
  EXPECT_EQ(reader.status().message().rfind("deals.jsonl:4: optons: unknown key", 0), 0u)
      << reader.status().message();
  EXPECT_FALSE(reader.Next(d));  // stays stopped
  EXPECT_EQ(reader.line(), 4u);
}

TEST(DealReader, EmptyInput) {
  std::istringstream in("\n\n");
  DealReader reader(in, "<stdin>", kGames);
  Deal d;
  EXPECT_FALSE(reader.Next(d));
  EXPECT_TRUE(reader.status().ok());
}

TEST(DealText, ShowsPilesBottomToTopAndTheStockInTurningOrder) {
  Deal d = HandMade();
  d.areas.face_down = {0, 2, 0, 0};
  std::string text = DealToText(kFake, d);
  EXPECT_EQ(text,
            "fake (hand-made)\n"
            "Options: lucky=false mode=easy piles=4\n"
            "Piles are listed bottom \u2192 top: the last card is on top. [in brackets]: face down.\n"
            "Pile 1: A\u2663 2\u2663 3\u2663 4\u2663 5\u2663\n"
            "Pile 2: [6\u2663] [7\u2663] 8\u2663 9\u2663 10\u2663\n"
            "Pile 3: J\u2663 Q\u2663 K\u2663 A\u2666 2\u2666\n"
            "Pile 4: 3\u2666 4\u2666 5\u2666 6\u2666 7\u2666\n"
            "Stock (turned first \u2192 last): 8\u2666 9\u2666 10\u2666 J\u2666 Q\u2666 K\u2666 "
            "A\u2665 2\u2665 3\u2665 4\u2665 5\u2665 6\u2665 7\u2665 8\u2665 9\u2665 10\u2665 "
            "J\u2665 Q\u2665 K\u2665 A\u2660 2\u2660 3\u2660 4\u2660 5\u2660 6\u2660 7\u2660 "
            "8\u2660 9\u2660 10\u2660 J\u2660 Q\u2660 K\u2660\n");
}

TEST(DealText, NamesNumberedDealsAndPadsPileNumbers) {
  Deal d = FakeDeal(42, {{"piles", int64_t{6}}});
  std::string text = DealToText(kFake, d);
  EXPECT_EQ(text.rfind("fake#42 (piles=6)\n", 0), 0u) << text;
  EXPECT_NE(text.find("\nPile 6: "), std::string::npos) << text;
  EXPECT_EQ(text.find('['), std::string::npos);
  EXPECT_EQ(text, DealToText(kFake, d));  // deterministic
}

// ------------------------------------------------------- real games

TEST(RealGames, DealsRoundTripThroughJsonAndText) {
  for (const char* id : {"fourteen-out", "take-fourteen", "triple-fourteens", "thirteens", "fifteen",
                         "take-ten"})
    EXPECT_NE(FindGame(id), nullptr) << id;
  for (const Game* game : AllGames()) {
    std::vector<Options> variants = {Options{}};
    for (const OptionSpec& spec : game->option_specs())
      for (const OptionValue& v : spec.allowed) variants.push_back({{spec.name, v}});
    for (const Options& o : variants) {
      for (uint64_t n : {0ull, 1ull, 2ull, 12345ull, 18446744073709551615ull}) {
        auto d = MakeDeal(*game, n, o);
        ASSERT_TRUE(d.ok()) << d.status().message();
        std::string json = DealToJson(*game, *d);
        auto back = DealFromJson(json);
        ASSERT_TRUE(back.ok()) << game->id() << " " << n << ": " << back.status().message();
        EXPECT_EQ(*back, *d) << json;
        EXPECT_EQ(DealToJson(*game, *back), json);
        std::string text = DealToText(*game, *d);
        EXPECT_EQ(text.rfind(DealName(*game, *d) + "\n", 0), 0u) << text;
        EXPECT_NE(text.find("Pile "), std::string::npos) << text;
      }
    }
  }
}

TEST(RealGames, TamperedDealsAreRejected) {
  for (const Game* game : AllGames()) {
    auto d = MakeDeal(*game, 77, {});
    ASSERT_TRUE(d.ok());
    Deal t = *d;  // the first card of the deal swapped with the first of another name
    std::vector<Card*> cards;
    for (Area a : game->areas()) {
      if (AreaHasPiles(a))
        for (Pile& p : t.areas.piles(a))
          for (Card& c : p) cards.push_back(&c);
      else
        for (Card& c : t.areas.single(a)) cards.push_back(&c);
    }
    ASSERT_FALSE(cards.empty()) << game->id();
    auto other = std::find_if(cards.begin(), cards.end(), [&](Card* c) { return *c != *cards[0]; });
    ASSERT_NE(other, cards.end()) << game->id();
    std::swap(*cards[0], **other);
    auto r = DealFromJson(DealToJson(*game, t));
    ASSERT_FALSE(r.ok()) << game->id();
    EXPECT_NE(r.status().message().find("not those of deal 77"), std::string::npos)
        << r.status().message();
    t = *d;  // a card missing: the top of the first non-empty pile in area order
    std::vector<Pile*> piles;
    for (Area a : game->areas()) {
      if (AreaHasPiles(a))
        for (Pile& p : t.areas.piles(a)) piles.push_back(&p);
      else
        piles.push_back(&t.areas.single(a));
    }
    auto pile = std::find_if(piles.begin(), piles.end(), [](Pile* p) { return !p->empty(); });
    ASSERT_NE(pile, piles.end()) << game->id();
    (*pile)->pop_back();
    for (size_t p = 0; p < t.areas.face_down.size(); ++p)  // keep face-down counts in range
      t.areas.face_down[p] =
          std::min(t.areas.face_down[p], static_cast<int>(t.areas.tableau[p].size()));
    r = DealFromJson(DealToJson(*game, t));
    ASSERT_FALSE(r.ok()) << game->id();
    EXPECT_NE(r.status().message().find(" appears "), std::string::npos) << r.status().message();
  }
}

}  // namespace
}  // namespace talon
