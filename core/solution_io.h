// Reading and writing solutions: JSON (talon-solution/1, FORMATS.md) and the
// numbered text form printed on solution sheets.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/solution.h"
#include "core/status.h"

namespace talon {

inline constexpr const char* kSolutionFormat = "talon-solution/1";

// One line of JSON: format, game, deal (when numbered), options, result,
// moves (each {"from": [[area, n]...], "to": [area] or [area, n],
// "cards": [...], "count": n only when > 1 from one place}).
std::string SolutionToJson(const Solution& solution);
// Parses one JSON solution line. Errors are kBadInput naming the field,
// e.g. "moves[4].cards[1]: 'ZZ' is not a card".
Expected<Solution> SolutionFromJson(std::string_view line);

// The text form: a header line "GAME#DEAL [k=v ...] RESULT" (a hand-made deal:
// "GAME [k=v ...] RESULT"), then one line per move "N. NOTATION" in the
// game's notation, then a blank line. Lines starting with '#' are comments.
std::string SolutionToText(const Game& game, const Solution& solution);

// Reads every solution in a stream, JSON Lines or text form (told apart by
// the first non-blank character: '{' means JSON). Errors carry
// "SOURCE:LINE: " before the message.
Expected<std::vector<Solution>> ReadSolutions(std::istream& in, const std::string& source_name);

}  // namespace talon
