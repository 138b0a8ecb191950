// MoveSpec: a move as people and other programs see it (FORMATS.md): cards
// taken from one or more places and put to one place. Each game's solver has
// its own compact move type; this is the interchange and checking form.
#pragma once

#include <string>
#include <vector>

#include "core/card.h"
#include "core/deal.h"

namespace talon {

// [area] (number 0) or [area, number] with number from 1.
struct Place {
  Area area = Area::kTableau;
  int number = 0;
  friend bool operator==(const Place&, const Place&) = default;
};

struct MoveSpec {
  std::vector<Place> from;
  Place to{Area::kDiscard, 0};
  std::vector<Card> cards;  // the cards moved, in the order of `from`
  int count = 0;            // cards taken from one place when more than one; else 0
  friend bool operator==(const MoveSpec&, const MoveSpec&) = default;
};

}  // namespace talon
