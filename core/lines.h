// The limits of talon's readers, shared by core's readers and the tools'
// input files (docs/formats.md, "How files are read").
#pragma once

#include <cstddef>
#include <string>

namespace talon {

// The longest line a reader takes, in bytes without the newline: 1 MiB. A
// deal or solution line is far shorter (a Klondike solution of 300 moves is
// about 20 KB); a longer line is refused with its line number, having read
// at most this much of it.
inline constexpr size_t kMaxLineBytes = size_t{1} << 20;

// The deepest JSON nesting a reader takes: talon's formats nest 5 levels
// (a solution's moves[i].from[k]); deeper input is refused before it is
// built, so that nothing recurses on it.
inline constexpr int kMaxJsonDepth = 100;

// The message for a line over kMaxLineBytes (the reader adds "SOURCE:LINE: ").
inline std::string LineTooLongMessage() {
  return "the line is longer than 1 MiB (1048576 bytes), the most a line may hold "
         "(a deal or a solution is one line of a few kilobytes)";
}

}  // namespace talon
