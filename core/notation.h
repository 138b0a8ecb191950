// Notation: how a game's solution lines read, for a player: every symbol the
// lines use with its meaning, and the moves the rules make that lines leave
// out. Each game gives its own (Game::MoveNotation, in the game's file); the
// sheets print it, and docs/rules/<game>.md, "Reading a solution", says the same.
#pragma once

#include <string>
#include <vector>

namespace talon {

struct NotationSymbol {
  // As lines write it: "S", "→", "+"; a range of places "1-7", "F1-F4",
  // "R1-R7"; or names separated by ", " ("A, 2-10, J, Q, K").
  std::string symbol;
  std::string meaning;  // "the stock, face down"
};

struct Notation {
  std::vector<NotationSymbol> symbols = {};  // places first, then joiners, then cards
  // One or two sentences: the moves the rules make at once, which lines
  // never write ("Not written: ..."), or that every move is written.
  std::string unwritten = {};
  // What the rules do before move 1, which a sheet shows done ("" if nothing).
  std::string at_start = {};
};

// The entry every game shares: how a card is written.
NotationSymbol CardSymbol();

// "one", "two", ..., "twenty"; larger numbers in digits.
std::string NumberWord(long long n);

}  // namespace talon
