// The paper says how to read it: a booklet's rules page and the first page
// of a solution sheet name every abbreviation the deal's solution lines use,
// with its meaning, as pdftotext reads the PDF; the rules text is the rules
// in force under the deal's options.
//
// The abbreviations are found by taking real solution lines apart, not from
// the legend, so that a symbol the legend forgets is caught.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "render/pdf_writer.h"
#include "render/sheets.h"
#include "render/template.h"
#include "sheets_test_util.h"
#include "test_util.h"

namespace talon::render {
namespace {

using testing::FirstSolved;
using testing::TestFonts;
using testing::Squeezed;

// The text of pages [first, last] (1-based) of `pdf`, as `pdftotext -layout`
// reads them, blanks squeezed.
std::string PdfText(const std::string& pdf, int first, int last, const std::string& name) {
  const std::string path = testing::ScratchPath(name + ".pdf");
  testing::WriteFile(path, pdf);
  auto r = testing::RunCommand("pdftotext -layout -f " + std::to_string(first) + " -l " + std::to_string(last) +
                               " '" + path + "' - 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  return Squeezed(r.out);
}

// One code point of UTF-8 at s[i], advancing i.
std::string NextCodePoint(const std::string& s, size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  const size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  std::string cp = s.substr(i, n);
  i += n;
  return cp;
}

// The abbreviations of a solution line's places: "S→W" gives S, →, W;
// "R5→F" R5, →, F; "2+5+8" 2, +, 5, +, 8; "10>Q" 10, >, Q.
std::vector<std::string> PlaceTokens(const std::string& places) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < places.size()) {
    const char c = places[i];
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'), digit = c >= '0' && c <= '9';
    if (letter || digit) {  // a letter with the digits after it, or a number
      size_t j = letter ? i + 1 : i;
      while (j < places.size() && places[j] >= '0' && places[j] <= '9') ++j;
      tokens.push_back(places.substr(i, j - i));
      i = j;
      continue;
    }
    tokens.push_back(NextCodePoint(places, i));
  }
  return tokens;
}

// Whether a legend symbol ("1-20", "F1-F4", "A, 2-10, J, Q, K", "→") stands
// for `token`.
bool Covers(const std::string& symbol, const std::string& token) {
  size_t at = 0;
  while (at <= symbol.size()) {
    size_t end = symbol.find(", ", at);
    if (end == std::string::npos) end = symbol.size();
    const std::string part = symbol.substr(at, end - at);
    at = end + 2;
    if (part == token) return true;
    const size_t dash = part.find('-');
    if (dash == std::string::npos || dash == 0) continue;
    auto split = [](const std::string& s, std::string& prefix, int& n) {
      size_t k = 0;
      while (k < s.size() && !(s[k] >= '0' && s[k] <= '9')) ++k;
      if (k == s.size()) return false;
      prefix = s.substr(0, k);
      n = std::stoi(s.substr(k));
      return s.substr(k).find_first_not_of("0123456789") == std::string::npos;
    };
    std::string p_lo, p_hi, p_tok;
    int lo = 0, hi = 0, n = 0;
    if (split(part.substr(0, dash), p_lo, lo) && split(part.substr(dash + 1), p_hi, hi) && split(token, p_tok, n) &&
        p_lo == p_hi && p_lo == p_tok && lo <= n && n <= hi)
      return true;
  }
  return false;
}

// Checks that `text` (a page's, squeezed) explains every abbreviation that
// the lines of `moves` use: each place symbol beside its meaning from the
// game's legend, and each card letter and suit by name.
void ExpectExplains(const std::string& text, const Game& game, const Options& options,
                    const std::vector<MoveSpec>& moves, const std::string& where) {
  const Notation notation = game.MoveNotation(options);
  std::vector<std::string> checked;
  auto check_once = [&](const std::string& what) {
    for (const std::string& c : checked)
      if (c == what) return false;
    checked.push_back(what);
    return true;
  };
  size_t tokens = 0;
  for (const MoveSpec& m : moves) {
    const std::string line = game.FormatMove(m);
    const std::vector<std::string_view> words = SplitWords(line);
    if (words.empty()) continue;
    for (const std::string& token : PlaceTokens(std::string(words[0]))) {
      ++tokens;
      if (!check_once(token)) continue;
      const NotationSymbol* entry = nullptr;
      for (const NotationSymbol& s : notation.symbols)
        if (!entry && Covers(s.symbol, token)) entry = &s;
      if (!entry) {
        ADD_FAILURE() << where << ": the legend has no entry for '" << token << "' (in '" << line << "')";
        continue;
      }
      EXPECT_NE(text.find(Squeezed(entry->symbol + " " + entry->meaning)), std::string::npos)
          << where << ": '" << token << "' (in '" << line << "') is not explained as '" << entry->symbol << " "
          << entry->meaning << "'";
    }
    static const std::vector<std::pair<std::string, std::string>> kNames = {
        {"A", "A ace"},     {"J", "J jack"},        {"Q", "Q queen"},        {"K", "K king"},
        {"\u2663", "\u2663 clubs"}, {"\u2666", "\u2666 diamonds"}, {"\u2665", "\u2665 hearts"}, {"\u2660", "\u2660 spades"}};
    for (size_t w = 1; w < words.size(); ++w) {
      const std::string card(words[w]);
      for (const auto& [symbol, named] : kNames)
        if (card.find(symbol) != std::string::npos && check_once("card " + symbol)) {
          ++tokens;
          EXPECT_NE(text.find(named), std::string::npos) << where << ": '" << symbol << "' of " << card
                                                          << " is not explained ('" << named << "')";
        }
    }
  }
  EXPECT_GT(tokens, 0u) << where;
  EXPECT_NE(text.find(Squeezed(notation.unwritten)), std::string::npos)
      << where << ": the moves not written are not said";
}

// The option sets to try: the defaults; every value of every option, one at
// a time (a number range: its least value and 3); Klondike's documented
// combinations.
std::vector<Options> OptionSets(const Game& game) {
  std::vector<Options> sets = {{}};
  for (const OptionSpec& spec : game.option_specs()) {
    std::vector<OptionValue> values = spec.allowed;
    if (spec.TakesNumbers()) {
      values.push_back(spec.min_int);
      if (spec.max_int >= 3) values.push_back(int64_t{3});
    }
    for (const OptionValue& v : values)
      if (!(v == spec.default_value)) sets.push_back({{spec.name, v}});
  }
  if (game.id() == "klondike") {
    sets.push_back({{"draw", int64_t{1}}, {"passes", int64_t{1}}});
    sets.push_back({{"runs", std::string("any")}, {"worry", true}});
  }
  return sets;
}

TEST(Reading, EveryRulesPageExplainsTheAbbreviationsOfItsSolutions) {
  auto t = ShippedTemplate("a4", 2, false);
  ASSERT_TRUE(t.ok());
  size_t books = 0;
  for (const Game* game : AllGames())
    for (const Options& options : OptionSets(*game)) {
      const std::string where = std::string(game->id()) + " " + FormatOptions(options);
      // Two won deals under these options.
      std::vector<BookEntry> entries;
      uint64_t from = 1;
      for (int k = 0; k < 2; ++k) {
        auto solved = FirstSolved(*game, options, from, 20000);  // Thirteens with 5 slots: 1 deal in 7900
        ASSERT_TRUE(solved) << where << ": no won deal";
        from = *solved->deal.number + 1;
        entries.push_back({game, solved->deal, solved->solution});
      }
      BookOptions book;
      book.title = "Test";
      auto doc = RenderBook(entries, book, *t, TestFonts());
      ASSERT_TRUE(doc.ok()) << where << ": " << doc.status().message();
      int rules = -1, deals = -1;
      for (const Bookmark& b : doc->bookmarks) {
        if (b.title == "Rules") rules = b.page;
        if (b.title == "Deals") deals = b.page;
      }
      ASSERT_GT(rules, 0);
      ASSERT_GT(deals, rules);
      auto pdf = WritePdf(*doc, TestFonts());
      ASSERT_TRUE(pdf.ok());
      const std::string text = PdfText(*pdf, rules + 1, deals, "rules-" + std::string(game->id()));
      std::vector<MoveSpec> moves;
      for (const BookEntry& e : entries) moves.insert(moves.end(), e.solution.moves.begin(), e.solution.moves.end());
      ExpectExplains(text, *game, entries.front().deal.options, moves, where);
      EXPECT_NE(text.find(Squeezed(game->RulesText(entries.front().deal.options))), std::string::npos)
          << where << ": the rules page does not print the rules in force";
      ++books;
    }
  EXPECT_GE(books, AllGames().size() + 10);
}

TEST(Reading, EverySolutionSheetExplainsItsAbbreviationsOnItsFirstPage) {
  auto t = ShippedTemplate("letter", 1, false);
  ASSERT_TRUE(t.ok());
  for (const Game* game : AllGames()) {
    auto solved = FirstSolved(*game, {});
    ASSERT_TRUE(solved) << game->id();
    auto doc = RenderDealSheets(*game, solved->deal, &solved->solution, SheetKind::kSolution, *t, TestFonts());
    ASSERT_TRUE(doc.ok()) << doc.status().message();
    auto pdf = WritePdf(*doc, TestFonts());
    ASSERT_TRUE(pdf.ok());
    const std::string text = PdfText(*pdf, 1, 1, "solution-" + std::string(game->id()));
    ExpectExplains(text, *game, solved->deal.options, solved->solution.moves, std::string(game->id()) + " sheet");
    // One move of the deal worked in words.
    const MoveSpec& first = solved->solution.moves.front();
    EXPECT_NE(text.find(Squeezed("Move 1, \u201C" + game->FormatMove(first) + "\u201D: " +
                                 game->DescribeMove(first))),
              std::string::npos)
        << game->id() << ": no worked move";
  }
}

// docs/rules/<game>.md, "Reading a solution", gives the legend the sheets
// print under the default options, word for word, and the same sentence on
// the moves not written.
TEST(Reading, TheRulesPagesOfTheDocsGiveTheSheetsLegend) {
  for (const Game* game : AllGames()) {
    const std::string path = talon::test::TestDataPath("../../docs/rules/" + std::string(game->id()) + ".md");
    const std::string doc = testing::ReadFile(path);
    ASSERT_FALSE(doc.empty()) << path;
    const size_t from = doc.find("## Reading a solution");
    ASSERT_NE(from, std::string::npos) << path;
    const std::string section = Squeezed(doc.substr(from, doc.find("\n## ", from + 1) - from));
    auto defaults = CompleteOptions(game->option_specs(), {});
    const Notation notation = game->MoveNotation(*defaults);
    for (const NotationSymbol& sym : notation.symbols)
      EXPECT_NE(section.find("| `" + sym.symbol + "` | " + sym.meaning), std::string::npos)
          << path << " lacks the row '| `" << sym.symbol << "` | " << sym.meaning << "'";
    EXPECT_NE(section.find(Squeezed(notation.unwritten)), std::string::npos)
        << path << " lacks '" << notation.unwritten << "'";
  }
}

std::string Rules(const char* game, const Options& options) {
  auto complete = CompleteOptions(FindGame(game)->option_specs(), options);
  EXPECT_TRUE(complete.ok());
  return FindGame(game)->RulesText(*complete);
}

bool Has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The rules text is the rules in force, with no notes on other variants.
TEST(Reading, RulesTextFollowsTheOptions) {
  EXPECT_TRUE(Has(Rules("thirteens", {}), "Ten cards are dealt"));
  EXPECT_TRUE(Has(Rules("thirteens", {{"slots", int64_t{15}}}), "Fifteen cards are dealt face up, one per slot, in three rows of five"));
  EXPECT_TRUE(Has(Rules("thirteens", {{"slots", int64_t{5}}}), "Five cards are dealt face up, one per slot, in a row of five"));
  EXPECT_FALSE(Has(Rules("thirteens", {{"slots", int64_t{15}}}), "Ten"));
  EXPECT_TRUE(Has(Rules("klondike", {}), "three cards at a time"));
  EXPECT_TRUE(Has(Rules("klondike", {{"draw", int64_t{1}}}), "one card at a time"));
  EXPECT_FALSE(Has(Rules("klondike", {{"draw", int64_t{1}}}), "three"));
  EXPECT_TRUE(Has(Rules("klondike", {{"passes", int64_t{3}}}), "three passes through the stock in all"));
  EXPECT_TRUE(Has(Rules("klondike", {{"passes", int64_t{1}}}), "once only"));
  EXPECT_TRUE(Has(Rules("klondike", {{"runs", std::string("any")}}), "Any face-up card may move"));
  EXPECT_TRUE(Has(Rules("klondike", {{"worry", true}}), "may come back"));
  EXPECT_TRUE(Has(Rules("idiots-delight", {{"worry", true}}), "may come back"));
  EXPECT_TRUE(Has(Rules("idiots-delight", {}), "stay there"));
  EXPECT_TRUE(Has(Rules("carpet", {{"patching", std::string("optional")}}), "you may patch a hole"));
  EXPECT_TRUE(Has(Rules("carpet", {}), "each hole is patched at once"));
  EXPECT_TRUE(Has(Rules("try-again", {{"build", std::string("after-deal")}}), "until the whole pack is dealt"));
  EXPECT_FALSE(Has(Rules("try-again", {{"build", std::string("after-deal")}}), "straight to a foundation"));
  EXPECT_TRUE(Has(Rules("four-of-a-kind", {{"method", std::string("clock")}}), "from the pile you just put it under"));
  for (const Game* game : AllGames())
    for (const Options& options : OptionSets(*game)) {
      const std::string text = Rules(std::string(game->id()).c_str(), options);
      EXPECT_FALSE(Has(text, "option")) << game->id() << ": " << text;
      for (const OptionSpec& spec : game->option_specs())
        EXPECT_FALSE(Has(text, spec.name + "=")) << game->id() << " mentions a variant: " << text;
    }
}

}  // namespace
}  // namespace talon::render
