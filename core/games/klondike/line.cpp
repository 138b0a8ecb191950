#include "core/games/klondike/line.h"

#include <algorithm>
#include <vector>

#include "core/game.h"
#include "core/games/klondike/short_lines.h"

namespace talon {
namespace {

bool IsDraw(const MoveSpec& m) {
  return m.from.size() == 1 && m.from[0].area == Area::kStock && m.to.area == Area::kWaste;
}
bool IsRedeal(const MoveSpec& m) {
  return m.from.size() == 1 && m.from[0].area == Area::kWaste && m.to.area == Area::kStock;
}

// How many draws from a stock (back() turned first) of `stock` cards, `draw`
// at a time, bring stock[at] to the top of the waste; -1 if none do (it ends
// inside a draw).
int DrawsTo(size_t stock, size_t at, size_t draw) {
  int draws = 0;
  while (stock > 0) {
    stock -= std::min(draw, stock);
    ++draws;
    if (stock == at) return draws;
    if (stock < at) return -1;
  }
  return -1;
}

class Hooks final : public LineHooks {
 public:
  bool Derived(const MoveSpec& m) const override { return IsDraw(m) || IsRedeal(m); }

  // A waste card is brought up by the draws of this pass if they reach it,
  // else by drawing the stock out, redealing and drawing again (no route
  // with more redeals reaches a card these do not: a pass after a redeal
  // with nothing played turns the same groups).
  Expected<int> Derive(const Game& game, Table& t, const MoveSpec& next,
                       std::vector<MoveSpec>* out) const override {
    if (next.from.size() != 1 || next.from[0].area != Area::kWaste || next.cards.size() != 1) return 0;
    const Card c = next.cards[0];
    const Areas& a = t.areas;
    if (!a.waste.empty() && a.waste.back() == c) return 0;
    const size_t draw = static_cast<size_t>(IntOption(t.options, "draw"));
    int played = 0;
    auto play = [&](const MoveSpec& m) -> Status {
      TALON_RETURN_IF_ERROR(game.Play(t, m));
      ++played;
      if (out) out->push_back(m);
      return Status::Ok();
    };
    auto draws = [&](int count) -> Status {
      for (int d = 0; d < count; ++d) {
        const size_t k = std::min(draw, a.stock.size());
        MoveSpec m;
        m.from = {Place{Area::kStock, 0}};
        m.to = Place{Area::kWaste, 0};
        m.cards.assign(a.stock.rbegin(), a.stock.rbegin() + static_cast<std::ptrdiff_t>(k));
        m.count = k > 1 ? static_cast<int>(k) : 0;
        TALON_RETURN_IF_ERROR(play(m));
      }
      return Status::Ok();
    };
    const auto in_stock = std::find(a.stock.begin(), a.stock.end(), c);
    if (in_stock != a.stock.end()) {
      const int d = DrawsTo(a.stock.size(), static_cast<size_t>(in_stock - a.stock.begin()), draw);
      if (d > 0) {
        TALON_RETURN_IF_ERROR(draws(d));
        return played;
      }
    }
    // Through a redeal: the new stock turns the waste from its bottom, then
    // what is left of the stock.
    std::vector<Card> order(a.waste.begin(), a.waste.end());
    order.insert(order.end(), a.stock.rbegin(), a.stock.rend());
    const auto pos = std::find(order.begin(), order.end(), c);
    if (pos == order.end()) return Status::IllegalMove("not in the talon");
    const size_t from_top = static_cast<size_t>(pos - order.begin());
    const int d = DrawsTo(order.size(), order.size() - 1 - from_top, draw);
    if (d < 0) return Status::IllegalMove("no draw brings the card up");
    TALON_RETURN_IF_ERROR(draws(static_cast<int>((a.stock.size() + draw - 1) / draw)));
    MoveSpec r;
    r.from = {Place{Area::kWaste, 0}};
    r.to = Place{Area::kStock, 0};
    TALON_RETURN_IF_ERROR(play(r));
    TALON_RETURN_IF_ERROR(draws(d));
    return played;
  }

  uint64_t Replan(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) const override {
    return klondike::FindShortLine(deal, bound, work, line);
  }

  uint64_t Propose(const Deal& deal, std::span<const MoveSpec> line, uint64_t work,
                   std::vector<LineEdit>& edits) const override {
    return klondike::ProposeShortcuts(deal, line, work, edits);
  }
};

}  // namespace

const LineHooks& KlondikeLineHooks() {
  static const Hooks hooks;
  return hooks;
}

}  // namespace talon
