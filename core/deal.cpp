#include "core/deal.h"

#include <cassert>

namespace talon {

std::string_view AreaName(Area a) {
  switch (a) {
    case Area::kTableau: return "tableau";
    case Area::kStock: return "stock";
    case Area::kWaste: return "waste";
    case Area::kReserve: return "reserve";
    case Area::kFoundations: return "foundations";
    case Area::kDiscard: return "discard";
  }
  return "?";
}

std::optional<Area> ParseArea(std::string_view name) {
  for (Area a : kAllAreas)
    if (AreaName(a) == name) return a;
  return std::nullopt;
}

bool AreaHasPiles(Area a) {
  return a == Area::kTableau || a == Area::kFoundations || a == Area::kReserve;
}

Pile& Areas::single(Area a) {
  return const_cast<Pile&>(static_cast<const Areas*>(this)->single(a));
}
const Pile& Areas::single(Area a) const {
  switch (a) {
    case Area::kStock: return stock;
    case Area::kWaste: return waste;
    case Area::kDiscard: return discard;
    default: assert(false && "not a single-pile area"); return stock;
  }
}
std::vector<Pile>& Areas::piles(Area a) {
  return const_cast<std::vector<Pile>&>(static_cast<const Areas*>(this)->piles(a));
}
const std::vector<Pile>& Areas::piles(Area a) const {
  switch (a) {
    case Area::kTableau: return tableau;
    case Area::kFoundations: return foundations;
    case Area::kReserve: return reserve;
    default: assert(false && "not a piled area"); return tableau;
  }
}

size_t Areas::CardCount() const {
  size_t n = stock.size() + waste.size() + discard.size();
  for (const auto* v : {&tableau, &foundations, &reserve})
    for (const Pile& p : *v) n += p.size();
  return n;
}

std::string Deal::Name() const {
  if (number && shuffle == "pysol") return game + "#pysol-" + std::to_string(*number);
  if (number) return game + "#" + std::to_string(*number);
  return game + " (hand-made)";
}

}  // namespace talon
