// The readers' fixed point: for seeded random deals of every game (random
// numbers, options and shuffles) and their solutions, reading what talon
// wrote and writing it again gives the same bytes: deals as JSON Lines,
// solutions as JSON Lines and as numbered text, and each solution form
// read back writes the other form's bytes too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/search_limits.h"
#include "core/solution_io.h"

namespace talon {
namespace {

// A random complete set of options of `game`: each option one of its
// allowed values, or a whole number in its range.
Options RandomOptions(const Game& game, std::mt19937_64& rng) {
  Options given;
  for (const OptionSpec& spec : game.option_specs()) {
    const size_t choices = spec.allowed.size() + (spec.TakesNumbers() ? 1 : 0);
    const size_t pick = rng() % choices;
    if (pick < spec.allowed.size()) {
      given[spec.name] = spec.allowed[pick];
    } else {
      const int64_t hi = std::min<int64_t>(spec.max_int, spec.min_int + 1000);
      given[spec.name] = spec.min_int + static_cast<int64_t>(rng() % static_cast<uint64_t>(hi - spec.min_int + 1));
    }
  }
  auto complete = CompleteOptions(game.option_specs(), given);
  EXPECT_TRUE(complete.ok()) << game.id() << ": " << complete.status().message();
  return complete.ok() ? *complete : Options{};
}

// Reads `bytes` as solutions (either form) and expects exactly one.
Solution ReadOne(const std::string& bytes) {
  std::istringstream in(bytes);
  auto read = ReadSolutions(in, "s");
  EXPECT_TRUE(read.ok()) << read.status().message() << "\n" << bytes;
  EXPECT_EQ(read.ok() ? read->size() : 0u, 1u) << bytes;
  return read.ok() && read->size() == 1 ? (*read)[0] : Solution{};
}

TEST(RoundTrip, DealsAndSolutionsOfEveryGameReadAndWriteTheSameBytes) {
  std::mt19937_64 rng(20240601);
  SearchLimits limits;
  limits.max_nodes = 20000;
  for (const Game* game : AllGames()) {
    SCOPED_TRACE(std::string(game->id()));
    int solved = 0, pysol = 0, hand_made = 0;
    std::string stream;          // every deal's line, read again as one file
    std::vector<Deal> streamed;  // what it holds
    // 12 random deals, and on until 2 are solved (some games are rarely won).
    for (int k = 0; k < 12 || (solved < 2 && k < 300); ++k) {
      const Options options = RandomOptions(*game, rng);
      uint64_t number = rng();
      Shuffle shuffle = rng() % 2 ? Shuffle::kPysol : Shuffle::kTalonV1;
      auto deal = MakeDeal(*game, number, options, shuffle);
      if (!deal.ok() && shuffle == Shuffle::kPysol && deal.status().code() == StatusCode::kUsage) {
        shuffle = Shuffle::kTalonV1;  // PySolFC has no such game
        deal = MakeDeal(*game, number, options, shuffle);
      }
      ASSERT_TRUE(deal.ok()) << number << ": " << deal.status().message();
      pysol += shuffle == Shuffle::kPysol;
      if (rng() % 4 == 0) {  // a hand-made deal: the same cards without a number
        deal->number.reset();
        deal->shuffle.clear();
        ++hand_made;
      }
      // The deal: JSON read back is the same deal and the same bytes.
      const std::string json = DealToJson(*game, *deal);
      auto back = DealFromJson(json);
      ASSERT_TRUE(back.ok()) << json << "\n" << back.status().message();
      EXPECT_EQ(*back, *deal) << json;
      EXPECT_EQ(DealToJson(*game, *back), json);
      stream += json + "\n";
      streamed.push_back(*deal);

      // Its solution, in both forms.
      const Solution s = MakeSolution(*deal, game->Solve(*deal, limits));
      solved += s.result == Verdict::kSolved;
      const std::string sjson = SolutionToJson(s) + "\n";
      const std::string text = SolutionToText(*game, s);
      const Solution from_json = ReadOne(sjson);
      EXPECT_EQ(from_json, s) << sjson;
      EXPECT_EQ(SolutionToJson(from_json) + "\n", sjson);
      EXPECT_EQ(SolutionToText(*game, from_json), text);
      const Solution from_text = ReadOne(text);
      EXPECT_EQ(from_text, s) << text;
      EXPECT_EQ(SolutionToText(*game, from_text), text);
      EXPECT_EQ(SolutionToJson(from_text) + "\n", sjson);
    }
    // The deals read as one stream (DealReader, as the tools read a file).
    std::istringstream in(stream);
    DealReader reader(in, "deals.jsonl");
    std::string again;
    Deal d;
    size_t n = 0;
    while (reader.Next(d)) {
      ASSERT_LT(n, streamed.size());
      EXPECT_EQ(d, streamed[n++]);
      again += DealToJson(*game, d) + "\n";
    }
    ASSERT_TRUE(reader.status().ok()) << reader.status().message();
    EXPECT_EQ(n, streamed.size());
    EXPECT_EQ(again, stream);
    EXPECT_GE(solved, 2) << "too few deals solved: the moves were hardly tested";
    EXPECT_GT(hand_made, 0);
    if (game->id() == "klondike") {
      EXPECT_GT(pysol, 0);
    }
  }
}

}  // namespace
}  // namespace talon
