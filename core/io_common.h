// Helpers shared by deal_io.cpp and solution_io.cpp: reading JSON without
// exceptions, field checks with messages that name the field, and line
// handling for the line-based readers. Not part of the public interface.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/card.h"
#include "core/deal_io.h"
#include "core/game.h"
#include "core/lines.h"
#include "core/options.h"
#include "core/status.h"

namespace talon::io {

using Json = nlohmann::json;

// Parses `text` as one JSON value. Never throws. Fails (kBadInput) when it
// is not JSON, saying at which column ("not JSON: at column 17: ..."), when
// it nests deeper than kMaxJsonDepth, or when an object repeats a key.
// `what` names the expected thing ("a deal").
Expected<Json> ParseJson(std::string_view text, std::string_view what);

// A short rendering of a value for messages: 'XY' for strings, else compact
// JSON, cut to about 40 characters.
std::string Describe(const Json& v);
// "a string", "a number", "a list", ...
std::string KindOf(const Json& v);

// Fails naming the first key of `object` not in `known`:
// "PREFIXkeyNOTE: unknown key (WHAT has: a, b, c)".
Status CheckKeys(const Json& object, std::string_view prefix, std::string_view what,
                 std::initializer_list<std::string_view> known, std::string_view note = "");

// A whole number 0..2^64-1 (JSON numbers above 2^63 included), or nullopt.
std::optional<uint64_t> AsUint64(const Json& v);
// A whole number in [lo, hi], or nullopt.
std::optional<int64_t> AsInt(const Json& v, int64_t lo, int64_t hi);

// The card `v` names, or an error "WHERE: ..." saying why not.
Expected<Card> CardFromJson(const Json& v, const std::string& where);

// The "format" member: present and equal to `want`. `other` is the other
// talon format, named in the message when it is the one given.
Status CheckFormat(const Json& object, std::string_view want, std::string_view what,
                   std::string_view other, std::string_view other_what);

// The game named by the "game" member, looked up in `games`.
Expected<const Game*> GameFromJson(const Json& object, GameList games);
const Game* FindIn(GameList games, std::string_view id);
std::string IdList(GameList games);
Status UnknownGame(std::string_view id, GameList games);

// An "options" object: each value a whole number, true/false or a word.
// (Not checked against the game: CompleteOptions does that.)
Expected<Options> OptionsFromJson(const Json& v);
// Options as a JSON object (written by both formats).
nlohmann::ordered_json OptionsToJson(const Options& options);

// Compact one-line JSON; invalid UTF-8 is replaced, never thrown about.
std::string Dump(const nlohmann::ordered_json& j);

// Reads the next line of a line-based input: strips a '\r' before the
// newline, and a UTF-8 byte order mark on the first line. `line_number`
// counts lines read, from 1. A line over kMaxLineBytes is read no further
// than that (kTooLong; line_number is its number).
enum class LineRead { kLine, kEnd, kTooLong };
LineRead ReadLine(std::istream& in, std::string& line, size_t& line_number);
// True iff the line holds only spaces and tabs.
bool IsBlank(std::string_view line);
// The line without leading and trailing spaces and tabs.
std::string_view Trim(std::string_view line);

}  // namespace talon::io
