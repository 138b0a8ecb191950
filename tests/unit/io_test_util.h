// What the interchange-format tests (deal_io_test.cpp, solution_io_test.cpp)
// share: FakeGame, a tiny game defined here so that the readers are tested
// apart from any real game's rules, and the checks of a refused input.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "core/game.h"
#include "core/io_common.h"
#include "core/status.h"

namespace talon::io_test {

// A one-deck game: `piles` (4 or 6) tableau piles of 5 cards dealt pile by
// pile, deck[0] at the bottom of pile 1; the rest is the stock, deck[5*piles]
// turned first. Face-down counts are allowed (checked for shape by the
// reader). Every move is legal; nothing is ever won.
class FakeGame : public Game {
 public:
  FakeGame()
      : Game({
            .id = "fake",
            .title = "Fake",
            .options = {
                {"piles", int64_t{4}, {int64_t{4}, int64_t{6}}, 0, "tableau piles"},
                {"lucky", false, {true, false}, 0, "a yes/no option"},
                {"mode", std::string("easy"), {std::string("easy"), std::string("hard")}, 0, "a word"},
            },
            .areas = {Area::kTableau, Area::kStock},
        }) {}
  Areas DealCards(std::span<const Card> deck, const Options& options) const override {
    Areas a;
    const size_t piles = static_cast<size_t>(IntOption(options, "piles"));
    a.tableau.resize(piles);
    for (size_t i = 0; i < 5 * piles; ++i) a.tableau[i / 5].push_back(deck[i]);
    a.stock.assign(deck.begin() + static_cast<std::ptrdiff_t>(5 * piles), deck.end());
    std::reverse(a.stock.begin(), a.stock.end());
    return a;
  }
  Status CheckShape(const Areas& areas, const Options& options) const override {
    const size_t piles = static_cast<size_t>(IntOption(options, "piles"));
    if (areas.tableau.size() != piles)
      return Status::BadInput("areas.tableau: fake has " + std::to_string(piles) + " piles, not " +
                              std::to_string(areas.tableau.size()));
    for (size_t p = 0; p < piles; ++p)
      if (areas.tableau[p].size() != 5)
        return Status::BadInput("areas.tableau[" + std::to_string(p) + "] (pile " +
                                std::to_string(p + 1) + "): a pile of fake holds 5 cards, not " +
                                std::to_string(areas.tableau[p].size()));
    return Status::Ok();
  }
  std::string RulesText(const Options&) const override { return "A game for testing the formats."; }
  Notation MoveNotation(const Options&) const override { return {}; }
  std::string DescribeMove(const MoveSpec&) const override { return "a move"; }
  SolveResult SolveDeal(const Deal&, const SearchLimits&) const override { return {}; }
  Status Play(Table&, const MoveSpec&) const override { return Status::Ok(); }
  bool Won(const Table&) const override { return false; }
};

inline const FakeGame kFake;
inline const Game* const kFakeList[] = {&kFake};
inline const GameList kGames(kFakeList);

inline void Replace(std::string& s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  ASSERT_NE(at, std::string::npos) << from << " not in " << s;
  s.replace(at, from.size(), to);
}

// Expects `read` (what reading `input` gave) to be a kBadInput error whose
// message contains every one of `parts`.
template <class T>
void ExpectBadInput(const Expected<T>& read, const std::string& input, std::initializer_list<std::string> parts) {
  ASSERT_FALSE(read.ok()) << "accepted: " << input;
  EXPECT_EQ(read.status().code(), StatusCode::kBadInput);
  for (const auto& p : parts)
    EXPECT_NE(read.status().message().find(p), std::string::npos)
        << "message: " << read.status().message() << "\nwanted: " << p << "\ninput: " << input;
}

}  // namespace talon::io_test
