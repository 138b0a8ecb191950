// Reading and writing solutions: JSON (talon-solution/1, FORMATS.md) and the
// numbered text form printed on solution sheets. docs/formats.md documents
// every field, the text form and the messages.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/solution.h"
#include "core/status.h"

namespace talon {

inline constexpr const char* kSolutionFormat = "talon-solution/1";

// One line of compact JSON (no newline): format, game, deal (only when
// numbered), options, result, moves (always; [] when there are none). Each
// move is {"from": [[area, n], ...], "to": [area] or [area, n], "cards": [...]}
// plus "count": n when count > 0. A place's number 0 is written as [area].
std::string SolutionToJson(const Solution& solution);

// Parses one JSON solution line. Never throws. The game must be known; the
// options are checked and completed with the game's defaults; moves are
// allowed only when the result is "solved". Errors are kBadInput naming the
// field, e.g. "moves[4].cards[1] (move 5): 'ZZ' is not a card ...".
Expected<Solution> SolutionFromJson(std::string_view line, GameList games = AllGames());

// The text form: a header line "GAME#DEAL [k=v ...] RESULT" (a hand-made deal:
// "GAME [k=v ...] RESULT"; every option written, FormatOptions), then one line
// per move "N. NOTATION" (N = 1, 2, 3 ...; NOTATION = game.FormatMove), then a
// blank line. REQUIRES: solution.game == game.id().
std::string SolutionToText(const Game& game, const Solution& solution);

// Reads every solution in a stream, JSON Lines or text form (told apart by
// the first line that is not blank and not a '#' comment: '{' means JSON
// Lines). In both forms blank lines and lines starting with '#' are skipped
// (in the text form a blank line also ends a solution); a UTF-8 byte order
// mark and '\r' line ends are ignored. Errors carry "SOURCE:LINE: " before
// the message.
Expected<std::vector<Solution>> ReadSolutions(std::istream& in, const std::string& source_name,
                                              GameList games = AllGames());

}  // namespace talon
