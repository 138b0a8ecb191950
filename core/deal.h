// Deal: every card of a game's starting layout, by area (FORMATS.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.h"
#include "core/options.h"

namespace talon {

// The areas of FORMATS.md. Tableau, foundations and reserve are lists of
// piles; stock, waste and discard are single piles.
enum class Area : uint8_t { kTableau, kStock, kWaste, kReserve, kFoundations, kDiscard };
inline constexpr Area kAllAreas[] = {Area::kTableau, Area::kStock,       Area::kWaste,
                                     Area::kReserve, Area::kFoundations, Area::kDiscard};

std::string_view AreaName(Area a);  // "tableau", "stock", ...
std::optional<Area> ParseArea(std::string_view name);
bool AreaHasPiles(Area a);  // true for tableau, foundations, reserve

// A pile, listed bottom to top: back() is the top card, the one a player can
// reach. For the stock, back() is the next card turned.
using Pile = std::vector<Card>;

// The cards on the table, by area.
struct Areas {
  std::vector<Pile> tableau, foundations, reserve;
  Pile stock, waste, discard;
  // Per tableau pile, how many cards at its bottom lie face down; empty when
  // every card is face up.
  std::vector<int> face_down;

  // The single pile of a single-pile area. REQUIRES: !AreaHasPiles(a).
  Pile& single(Area a);
  const Pile& single(Area a) const;
  // The piles of a piled area. REQUIRES: AreaHasPiles(a).
  std::vector<Pile>& piles(Area a);
  const std::vector<Pile>& piles(Area a) const;
  size_t CardCount() const;
  friend bool operator==(const Areas&, const Areas&) = default;
};

struct Deal {
  std::string game;                // game id, e.g. "fourteen-out"
  std::optional<uint64_t> number;  // absent for a hand-made deal
  std::string shuffle;             // "talon-v1" or "pysol"; empty for a hand-made deal
  Options options;                 // complete, defaults written out
  Areas areas;

  // "fourteen-out#12345", "klondike#pysol-12345" for PySolFC's game 12345
  // (options that differ from their defaults are added by DealName in
  // game.h); "fourteen-out (hand-made)".
  std::string Name() const;
  // The shuffle its solutions name: "pysol", or empty for talon-v1 and
  // hand-made deals (a solution leaves talon-v1 unsaid).
  std::string SolutionShuffle() const { return shuffle == "pysol" ? shuffle : std::string(); }
  friend bool operator==(const Deal&, const Deal&) = default;
};

}  // namespace talon
