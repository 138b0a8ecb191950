// Helpers shared by the unit tests: cards by name, hand-made deals from a
// deck order, the checker's verdict on one move, replays to a win, and the
// test data. The test data directory (tests/data) comes from
// $TALON_TEST_DATA, which ctest sets; run the unit tests by hand with
//   TALON_TEST_DATA=tests/data build/bin/talon_unit_tests
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/shuffle.h"

namespace talon::test {

// The path of `name` in the test data; a test failure when TALON_TEST_DATA
// is not set.
inline std::string TestDataPath(const std::string& name) {
  const char* dir = std::getenv("TALON_TEST_DATA");
  if (!dir || !*dir) {
    ADD_FAILURE() << "TALON_TEST_DATA is not set (ctest sets it to tests/data)";
    return name;
  }
  return std::string(dir) + "/" + name;
}

// The card `name` ("QH", "10♥"); a test failure if it names no card.
inline Card C(std::string_view name) {
  auto c = ParseCard(name);
  EXPECT_TRUE(c.has_value()) << name;
  return c.value_or(Card());
}

// The cards `names`, in that order (a pile bottom to top, or a deck).
inline Pile Cards(const std::vector<std::string>& names) {
  Pile p;
  for (const auto& n : names) p.push_back(C(n));
  return p;
}

// One deck: `first` in that order, then every other card in canonical order.
inline std::vector<Card> DeckStarting(const std::vector<std::string>& first) {
  std::vector<Card> deck = Cards(first);
  std::vector<Card> all(52);
  CanonicalDeck(1, all);
  for (Card c : all)
    if (std::find(deck.begin(), deck.end(), c) == deck.end()) deck.push_back(c);
  return deck;
}

// `game`'s options: `given`, the others at their defaults; a test failure if
// `given` is not allowed.
inline Options GameOptions(const Game& game, const Options& given = {}) {
  auto o = CompleteOptions(game.option_specs(), given);
  EXPECT_TRUE(o.ok()) << o.status().message();
  return o.ok() ? *o : Options{};
}

// A hand-made deal of `game` from a deck order (deck[0] dealt first); a test
// failure if the checker rejects it.
inline Deal DealFromDeck(const Game& game, std::span<const Card> deck, const Options& options = {}) {
  Deal d;
  d.game = std::string(game.id());
  d.options = GameOptions(game, options);
  d.areas = game.DealCards(deck, d.options);
  Status s = CheckDeal(game, d);
  EXPECT_TRUE(s.ok()) << s.message();
  return d;
}

// The move of the one card `card` from `from` to `to`.
inline MoveSpec Mv(Place from, Place to, std::string_view card) {
  MoveSpec m;
  m.from = {from};
  m.to = to;
  m.cards = {C(card)};
  return m;
}

// Plays `move` on a copy of `table`: expects kIllegalMove, a reason that
// contains `why`, and the table (areas and counters) unchanged.
inline void ExpectIllegal(const Game& game, const Table& table, const MoveSpec& move, std::string_view why) {
  Table t = table;
  Status s = game.Play(t, move);
  EXPECT_EQ(s.code(), StatusCode::kIllegalMove) << game.FormatMove(move);
  EXPECT_NE(s.message().find(why), std::string::npos)
      << game.FormatMove(move) << ": '" << s.message() << "' lacks '" << why << "'";
  EXPECT_TRUE(t.areas == table.areas && t.counters == table.counters) << "an illegal move changed the table";
}

// Plays `move` on `table`; a test failure if it is illegal.
inline void ExpectLegal(const Game& game, Table& table, const MoveSpec& move) {
  Status s = game.Play(table, move);
  ASSERT_TRUE(s.ok()) << game.FormatMove(move) << ": " << s.message();
}

// Success iff `moves` replay through the checker from `deal` to a won table;
// else the failure names the first illegal step and its reason. `replay`, if
// given, receives the replay.
inline ::testing::AssertionResult ReplaysToAWin(const Game& game, const Deal& deal,
                                                std::span<const MoveSpec> moves, Replay* replay = nullptr) {
  Replay rep = ReplayMoves(game, deal, moves);
  if (replay) *replay = rep;
  if (!rep.first_error.ok())
    return ::testing::AssertionFailure() << "step " << rep.legal_moves + 1 << ": " << rep.first_error.message();
  if (!rep.won) return ::testing::AssertionFailure() << "every move is legal, but the game is not won";
  return ::testing::AssertionSuccess();
}

}  // namespace talon::test
