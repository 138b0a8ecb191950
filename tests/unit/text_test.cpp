// Printable (core/text.h): what messages quoting bad input may contain.
#include "core/text.h"

#include <gtest/gtest.h>

#include <string>

namespace talon {
namespace {

TEST(Printable, KeepsWellFormedUtf8TabsAndNewlines) {
  EXPECT_EQ(Printable("fourteen-out#1: K\u2660 10\u2665\tok\n"), "fourteen-out#1: K\u2660 10\u2665\tok\n");
  EXPECT_EQ(Printable("\U0001F0A1"), "\U0001F0A1");  // four bytes
  EXPECT_EQ(Printable(""), "");
}

TEST(Printable, ReplacesEachBadByte) {
  EXPECT_EQ(Printable("game '\xff\xfe'"), "game '\?\?'");
  EXPECT_EQ(Printable("\xC0\xAF"), "??");          // an overlong '/'
  EXPECT_EQ(Printable("\xED\xA0\x80"), "???");     // a surrogate
  EXPECT_EQ(Printable("\xF4\x90\x80\x80"), "????");  // above U+10FFFF
  EXPECT_EQ(Printable("ab\xE2\x99"), "ab??");      // cut short at the end
  EXPECT_EQ(Printable(std::string("a\0b", 3)), "a?b");
}

TEST(Printable, ReplacesControlCharacters) {
  EXPECT_EQ(Printable("\x1b[31mred\x1b[0m"), "?[31mred?[0m");  // no terminal escapes
  EXPECT_EQ(Printable("a\rb\x7f"), "a?b?");
  EXPECT_EQ(Printable("\xC2\x9B" "2J"), "?2J");  // C1 CSI
}

}  // namespace
}  // namespace talon
