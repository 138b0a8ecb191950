// Reading and writing deals: JSON Lines (talon-deal/1, FORMATS.md) and a
// text table for people.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "core/deal.h"
#include "core/game.h"
#include "core/status.h"

namespace talon {

inline constexpr const char* kDealFormat = "talon-deal/1";

// One deal as one line of JSON (no newline), keys in the order of FORMATS.md:
// format, game, deal, shuffle, options, areas (only the game's areas), then
// face_down where the game deals cards face down.
std::string DealToJson(const Game& game, const Deal& deal);

// Parses and fully checks one JSON line (CheckDeal included). Errors are
// kBadInput and name the field, e.g. "areas.tableau[3][2]: 'XY' is not a card".
Expected<Deal> DealFromJson(std::string_view line);

// Reads deals one line at a time; blank lines are skipped. Errors carry
// "SOURCE:LINE: " before the message (SOURCE is the file name, or
// "<stdin>").
class DealReader {
 public:
  DealReader(std::istream& in, std::string source_name);
  // Returns true and fills `deal`, or false at the end of input or on an
  // error (then status() says which).
  bool Next(Deal& deal);
  const Status& status() const { return status_; }
  size_t line() const { return line_; }

 private:
  std::istream& in_;
  std::string source_;
  size_t line_ = 0;
  Status status_;
};

// The deal as a person reads it: its name, options, each pile bottom to top
// with human card labels (10♥), the stock in turning order. Ends in '\n'.
std::string DealToText(const Game& game, const Deal& deal);

}  // namespace talon
