// The notation of games whose every move takes one card from one place to
// another, "FROM>TO  card" ("12>F  7♥", "S>2  7♥"): each game names its
// places; these write and read the line around them.
#pragma once

#include <string>
#include <string_view>

#include "core/card.h"
#include "core/move.h"
#include "core/status.h"

namespace talon {

// "FROM>TO " and, for each card, a space and its label; FROM is "?" when the
// move has no place to come from.
std::string FormatArrowMove(const MoveSpec& move, std::string (*label)(const Place&));

// Reads "FROM>TO CARD" into a move of that card from one place to another.
// `read_place` reads one place (the card given, for places named by it);
// `example` is a move written right and `places` says what a place may be,
// both for the messages.
Expected<MoveSpec> ParseArrowMove(std::string_view text, std::string_view example, std::string_view places,
                                  bool (*read_place)(std::string_view word, Card card, Place& out));

// Reads one or two decimal digits ("7", "12") into `out`; false (`out`
// unspecified) if `word` is anything else.
bool ParseSmallNumber(std::string_view word, int& out);

}  // namespace talon
