#include "core/notation.h"

namespace talon {

NotationSymbol CardSymbol() {
  return {"7\u2666, K\u2660",
          "a card, rank then suit: A ace, 2-10, J jack, Q queen, K king; \u2663 clubs, \u2666 diamonds, "
          "\u2665 hearts, \u2660 spades"};
}

std::string NumberWord(long long n) {
  static const char* const kWords[] = {"zero",    "one",     "two",       "three",    "four",
                                       "five",    "six",     "seven",     "eight",    "nine",
                                       "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                       "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                                       "twenty"};
  if (n >= 0 && n <= 20) return kWords[n];
  return std::to_string(n);
}

}  // namespace talon
