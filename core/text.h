// Text that is safe to print in a message.
#pragma once

#include <string>
#include <string_view>

namespace talon {

// `text` with each byte that is not part of well-formed UTF-8, and each
// control character (C0 but tab and newline, DEL, C1) replaced by '?', so
// that a message quoting bad input is valid UTF-8 and cannot drive a
// terminal (an escape sequence from a file is shown, not obeyed).
std::string Printable(std::string_view text);

// `text` cut to at most `max` bytes (>= 4), at a character boundary, with
// "..." when cut: how a message quotes input, which may be a whole line of
// a megabyte. Data is quoted with 40; a command-line value with 80.
std::string Excerpt(std::string_view text, size_t max = 40);

}  // namespace talon
