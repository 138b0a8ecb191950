// GameInfo: what the registry knows about a game without playing it: its
// names, decks, options, areas, how a sheet pictures its deals, and the other
// programs' formats it can write. (What depends on the options, the rules
// text and the notation, are Game's virtual functions.) Each game gives its
// GameInfo once, to its constructor (core/games/NAME.cpp), with designated
// initializers; a field left out takes the default below.
#pragma once

#include <string>
#include <vector>

#include "core/deal.h"
#include "core/options.h"
#include "core/status.h"

namespace talon {

// How a printed sheet pictures a deal's tableau, in the cards' terms; the
// renderer chooses sizes and positions. Other areas are the same for every
// game: reserve and foundations as columns, the stock listed in the order
// its cards are turned, the waste and discard bottom card first.
struct SheetLayout {
  enum class Tableau {
    // Each pile a column of overlapping cards, its top card at the foot. A
    // tableau whose piles all hold one card at most is a row of places
    // (rows of five when there are more than eight).
    kColumns,
    // One card (or none) per place, the places in rows of `row_lengths`.
    kRows,
  };
  Tableau tableau = Tableau::kColumns;
  // kRows: the places in each row, top row first; the last length repeats:
  // {5} is rows of five, {5, 5, 3} Take Ten's three rows.
  std::vector<int> row_lengths = {};
  // The tableau piles' names on the sheet and in the notation, pile 1 first
  // (Four of a Kind: "A", "2", ..., "K"); empty: numbered from 1.
  std::vector<std::string> labels = {};
};

// A deal written in another program's format (talon-deal --format NAME).
struct DealExport {
  std::string format;  // the --format name, e.g. "ksolve"
  std::string help;    // one line for --help: what the text is and who reads it
  // One deal's text. Errors (kBadInput) for a deal the format cannot hold.
  // REQUIRES: CheckDeal(game, deal).ok().
  Expected<std::string> (*write)(const Deal& deal) = nullptr;
  // Deals are separated by an empty line (else each is one line).
  bool blank_line_between = false;
  // Set when the text holds the cards only, not the rules: how the program
  // that reads it is told them ("KSolve: -draw 1 or -draw 3"). talon-deal then
  // refuses --option (a usage error) rather than drop it unsaid.
  std::string rules_elsewhere;
};

struct GameInfo {
  std::string id;       // "fourteen-out": lower case and hyphens; never changes
  std::string title;    // "Fourteen Out"
  int decks = 1;
  std::vector<OptionSpec> options = {};
  std::vector<Area> areas = {};  // the areas a deal lists, in order (a reader rejects others)
  SheetLayout sheet = {};
  std::vector<DealExport> exports = {};
};

}  // namespace talon
