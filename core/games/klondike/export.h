// Klondike deals in the formats of other programs (docs/rules/klondike.md),
// so that a deal can be checked with another solver.
#pragma once

#include <string>
#include <vector>

#include "core/card.h"
#include "core/deal.h"
#include "core/status.h"

namespace talon {

// The 52 cards in the order they are dealt (the talon-v1 deck for a numbered
// deal): the 28 tableau cards row by row, then the stock, first turned first.
// Fails (kBadInput) unless the deal is a starting layout: 7 piles of 1..7
// cards with 0..6 face down, 24 cards in the stock, no waste, no foundations.
Expected<std::vector<Card>> KlondikeDealOrder(const Deal& deal);

// KSolve / Klondike-Solver "deck" string (its -deck / /DECK argument): 156
// digits, three per card in dealing order: the rank 01..13, then the suit
// 1 clubs, 2 diamonds, 3 hearts, 4 spades. E.g. "014" is the ace of spades.
Expected<std::string> KlondikeDeckString(const Deal& deal);

// PySol board text, as KSolve reads and writes it for PySolFC's Klondike:
// "Talon: " and the 24 stock cards, first turned first, then one line per
// pile, bottom to top, face-down cards in angle brackets: "<7C> <KD> 5H".
// Cards are written rank then suit (A 2..9 T J Q K, C D H S). Lines end in "\n".
Expected<std::string> KlondikePysolBoard(const Deal& deal);

}  // namespace talon
