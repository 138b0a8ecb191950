// Reading and writing deals: JSON Lines (talon-deal/1, FORMATS.md) and a
// text table for people. docs/formats.md documents every field and message.
#pragma once

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

#include "core/deal.h"
#include "core/game.h"
#include "core/status.h"

namespace talon {

inline constexpr const char* kDealFormat = "talon-deal/1";

// The games a reader knows by id. Readers default to the registry
// (AllGames()); tests pass games of their own.
using GameList = std::span<const Game* const>;

// One deal as one line of compact JSON (no newline), keys in the order of
// FORMATS.md: format, game, deal, shuffle (both only for a numbered deal),
// options, areas (exactly the game's areas, game.areas(), in that order),
// then face_down only when it is not empty.
// REQUIRES: deal is a deal of `game` (e.g. CheckDeal(game, deal).ok()).
std::string DealToJson(const Game& game, const Deal& deal);

// Parses and fully checks one JSON line (CheckDeal included: the options are
// completed, the cards counted, the shape and the named deal number checked).
// Never throws. Errors are kBadInput and name the field with a 0-based JSON
// path and, for piles and cards, the 1-based numbers people use, e.g.
// "areas.tableau[3][2] (pile 4, card 3 from the bottom): 'XY' is not a card ...".
// Errors found by CheckDeal are prefixed with the deal's name
// ("fourteen-out#12: areas: KS appears 2 times, ...").
Expected<Deal> DealFromJson(std::string_view line, GameList games = AllGames());

// Reads deals one line at a time; blank lines are skipped, a UTF-8 byte
// order mark at the start and a '\r' before each '\n' are ignored, lines may
// be of any length. Errors carry "SOURCE:LINE: " before the message (SOURCE
// is the file name, or "<stdin>"; LINE counts from 1).
class DealReader {
 public:
  DealReader(std::istream& in, std::string source_name, GameList games = AllGames());
  // Returns true and fills `deal`, or false at the end of input or on an
  // error (then status() says which; ok at a clean end). After false, stays false.
  bool Next(Deal& deal);
  const Status& status() const { return status_; }
  size_t line() const { return line_; }  // the line last read, from 1

 private:
  std::istream& in_;
  std::string source_;
  GameList games_;
  size_t line_ = 0;
  bool done_ = false;
  Status status_;
};

// The deal as a person reads it: its name (DealName), its options, each pile
// bottom to top with human card labels (10♥), face-down cards in brackets,
// the stock in the order it is turned. Deterministic. Ends in '\n'.
std::string DealToText(const Game& game, const Deal& deal);

}  // namespace talon
