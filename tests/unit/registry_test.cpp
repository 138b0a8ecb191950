// The registry: every game's entry (GameInfo) is complete and agrees with
// the game's deals, every id is found, and what talon-deal --help says
// about the games comes from the entries.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "tools/cli/args.h"

namespace talon {
namespace {

bool IsId(const std::string& id) {
  return !id.empty() && id.front() != '-' && id.back() != '-' &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; });
}

TEST(Registry, EveryEntryIsCompleteAndFoundByItsId) {
  ASSERT_FALSE(AllGames().empty());
  std::set<std::string> ids;
  std::string list;
  for (const Game* game : AllGames()) {
    const GameInfo& info = game->info();
    SCOPED_TRACE(info.id);
    EXPECT_TRUE(IsId(info.id));
    EXPECT_TRUE(ids.insert(info.id).second) << "id given twice";
    EXPECT_EQ(FindGame(info.id), game);
    list += (list.empty() ? "" : ", ") + info.id;
    EXPECT_FALSE(info.title.empty());
    auto defaults = CompleteOptions(info.options, {});
    ASSERT_TRUE(defaults.ok());
    EXPECT_GT(game->RulesText(*defaults).size(), 80u) << "a rules reminder is a paragraph";
    EXPECT_FALSE(game->MoveNotation(*defaults).symbols.empty());
    EXPECT_FALSE(game->MoveNotation(*defaults).unwritten.empty());
    EXPECT_GE(info.decks, 1);
    ASSERT_FALSE(info.areas.empty());
    EXPECT_EQ(info.areas.front(), Area::kTableau);
    EXPECT_EQ(std::set<Area>(info.areas.begin(), info.areas.end()).size(), info.areas.size());
    EXPECT_TRUE(CompleteOptions(info.options, {}).ok()) << "the defaults are allowed";
    if (info.sheet.tableau == SheetLayout::Tableau::kRows) {
      ASSERT_FALSE(info.sheet.row_lengths.empty());
      for (int n : info.sheet.row_lengths) EXPECT_GT(n, 0);
    } else {
      EXPECT_TRUE(info.sheet.row_lengths.empty()) << "row lengths without rows";
    }
    std::set<std::string> formats = {"jsonl", "text"};
    for (const DealExport& e : info.exports) {
      EXPECT_TRUE(formats.insert(e.format).second) << "--format " << e.format << " is taken";
      EXPECT_FALSE(e.help.empty());
      EXPECT_NE(e.write, nullptr);
    }
  }
  EXPECT_EQ(GameIdList(), list);
  EXPECT_EQ(FindGame("fourteen-outs"), nullptr);
  EXPECT_EQ(FindGame(""), nullptr);
}

// A deal holds the entry's decks, and cards only in the entry's areas.
TEST(Registry, DealsAgreeWithTheirEntries) {
  for (const Game* game : AllGames()) {
    const GameInfo& info = game->info();
    SCOPED_TRACE(info.id);
    auto deal = MakeDeal(*game, 1, {});
    ASSERT_TRUE(deal.ok()) << deal.status().message();
    EXPECT_EQ(deal->areas.CardCount(), static_cast<size_t>(52 * info.decks));
    for (Area a : kAllAreas) {
      if (std::find(info.areas.begin(), info.areas.end(), a) != info.areas.end()) continue;
      if (AreaHasPiles(a))
        EXPECT_TRUE(deal->areas.piles(a).empty()) << AreaName(a);
      else
        EXPECT_TRUE(deal->areas.single(a).empty()) << AreaName(a);
    }
    for (const DealExport& e : info.exports) {
      auto text = e.write(*deal);
      ASSERT_TRUE(text.ok()) << e.format << ": " << text.status().message();
      EXPECT_FALSE(text->empty()) << e.format;
    }
  }
}

// The lines of --help's list of games, one group per game: its line, then
// the indented lines of its options and formats.
std::vector<std::vector<std::string>> GameGroups(const std::string& help) {
  std::vector<std::vector<std::string>> groups;
  size_t i = help.find('\n', help.find("(--format):")) + 1;  // after the heading
  while (i < help.size()) {
    const size_t end = help.find('\n', i);
    if (end == std::string::npos) break;
    const std::string line = help.substr(i, end - i);
    if (line.rfind("    ", 0) == 0 && !groups.empty())
      groups.back().push_back(line);
    else if (line.rfind("  ", 0) == 0)
      groups.push_back({line});
    i = end + 1;
  }
  return groups;
}

// talon-deal --help lists every game of the registry, in its order, with
// its areas, options and export formats; and nothing else.
TEST(Registry, DealHelpListsTheEntries) {
  const auto groups = GameGroups(cli::GamesHelp());
  ASSERT_EQ(groups.size(), AllGames().size()) << cli::GamesHelp();
  for (size_t g = 0; g < groups.size(); ++g) {
    const GameInfo& info = AllGames()[g]->info();
    SCOPED_TRACE(info.id);
    const std::vector<std::string>& lines = groups[g];
    std::string head = "  " + info.id;
    head.resize(20, ' ');
    EXPECT_EQ(lines[0].rfind(head + info.title, 0), 0u) << lines[0];
    std::string areas = "; areas:";
    for (size_t k = 0; k < info.areas.size(); ++k) areas += (k ? ", " : " ") + std::string(AreaName(info.areas[k]));
    EXPECT_EQ(lines[0].substr(lines[0].size() - std::min(lines[0].size(), areas.size())), areas);
    std::vector<std::string> want;  // the starts of the group's indented lines, in order
    for (const OptionSpec& spec : info.options) want.push_back("    " + spec.name + "=");
    for (const DealExport& e : info.exports) want.push_back("    --format " + e.format + ": ");
    std::vector<std::string> got;
    for (size_t k = 1; k < lines.size(); ++k)
      if (lines[k].rfind("      ", 0) != 0) got.push_back(lines[k]);  // not a wrapped continuation
    ASSERT_EQ(got.size(), want.size());
    for (size_t k = 0; k < want.size(); ++k) EXPECT_EQ(got[k].rfind(want[k], 0), 0u) << got[k];
    for (const DealExport& e : info.exports)
      EXPECT_NE(cli::ExportFormatsHelp().find(e.format), std::string::npos) << e.format;
  }
}

}  // namespace
}  // namespace talon
