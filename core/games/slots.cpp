#include "core/games/slots.h"

#include <cassert>

namespace talon {

Areas SlotGame::DealCards(std::span<const Card> deck, const Options& options) const {
  const size_t slots = static_cast<size_t>(Slots(options));
  assert(deck.size() == 52 && slots <= deck.size());
  Areas a;
  for (size_t i = 0; i < slots; ++i) a.tableau.push_back(Pile{deck[i]});
  // The stock's back() is turned first, so deck[slots] goes last.
  a.stock.assign(deck.rbegin(), deck.rend() - static_cast<std::ptrdiff_t>(slots));
  return a;
}

Status SlotGame::CheckShape(const Areas& areas, const Options& options) const {
  const int slots = Slots(options);
  const std::string game(id());
  if (static_cast<int>(areas.tableau.size()) != slots)
    return Status::BadInput(
        "areas.tableau: " + game + (options.empty() ? "" : " (" + FormatOptions(options) + ")") +
        " has " + std::to_string(slots) + " slots, not " + std::to_string(areas.tableau.size()));
  for (size_t i = 0; i < areas.tableau.size(); ++i)
    if (areas.tableau[i].size() != 1)
      return Status::BadInput("areas.tableau: slot " + std::to_string(i + 1) + " holds " +
                              std::to_string(areas.tableau[i].size()) + " cards; a deal of " +
                              game + " has one card in each slot");
  if (!areas.face_down.empty())
    return Status::BadInput("face_down: " + game + " deals every card face up");
  return Status::Ok();
}

Notation SlotGame::MoveNotation(const Options& options) const {
  return {.symbols = {{"1-" + std::to_string(Slots(options)), "the slots, numbered row by row from the top left"},
                      {"+", "and: the cards of the slots named are discarded together"},
                      CardSymbol()},
          .unwritten = "Not written: after each move, fill the empty slots from the stock, lowest "
                       "number first."};
}

std::string SlotGame::DescribeMove(const MoveSpec& move) const {
  std::string cards, slots;
  for (size_t i = 0; i < move.from.size() && i < move.cards.size(); ++i) {
    const std::string sep = i == 0 ? "" : i + 1 == move.from.size() ? " and " : ", ";
    cards += sep + CardLabel(move.cards[i]) + " (slot " + std::to_string(move.from[i].number) + ")";
    slots += sep + std::to_string(move.from[i].number);
  }
  return "discard " + cards + ", then fill slot" + (move.from.size() > 1 ? "s " : " ") + slots +
         " from the stock";
}

std::string CardList(std::span<const Card> cards, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < cards.size(); ++i) {
    if (i) out += sep;
    out += CardLabel(cards[i]);
  }
  return out;
}

void RefillSlots(std::vector<Pile>& tableau, Pile& stock) {
  for (Pile& slot : tableau) {
    if (stock.empty()) return;
    if (!slot.empty()) continue;
    slot.push_back(stock.back());
    stock.pop_back();
  }
}

Status SlotGame::Play(Table& table, const MoveSpec& move) const {
  std::vector<Pile>& tableau = table.areas.tableau;
  const std::string range = "slots are 1-" + std::to_string(tableau.size());
  if (move.to.area != Area::kDiscard)
    return Status::IllegalMove("cards go to the discard, not to " +
                               std::string(AreaName(move.to.area)) +
                               (move.to.number ? " " + std::to_string(move.to.number) : ""));
  if (move.from.empty()) return Status::IllegalMove("the move takes no cards");
  if (move.cards.size() != move.from.size())
    return Status::IllegalMove("the move names " + std::to_string(move.from.size()) + " slot" +
                               (move.from.size() == 1 ? "" : "s") + " but " +
                               std::to_string(move.cards.size()) + " card" +
                               (move.cards.size() == 1 ? "" : "s"));
  if (move.count > 1)
    return Status::IllegalMove(
        "a slot holds one card, so a move takes one card from each slot"
        " (count " +
        std::to_string(move.count) + ")");
  std::vector<bool> named(tableau.size(), false);
  for (size_t i = 0; i < move.from.size(); ++i) {
    const Place& p = move.from[i];
    if (p.area != Area::kTableau)
      return Status::IllegalMove("cards are taken from tableau slots, not from " +
                                 std::string(AreaName(p.area)) + " (" + range + ")");
    if (p.number < 1 || p.number > static_cast<int>(tableau.size()))
      return Status::IllegalMove("there is no slot " + std::to_string(p.number) + " (" + range +
                                 ")");
    const size_t s = static_cast<size_t>(p.number - 1);
    if (named[s])
      return Status::IllegalMove("slot " + std::to_string(p.number) + " is named twice");
    named[s] = true;
    if (tableau[s].empty())
      return Status::IllegalMove("slot " + std::to_string(p.number) + " is empty (it was to hold " +
                                 CardLabel(move.cards[i]) + ")");
    if (tableau[s].back() != move.cards[i])
      return Status::IllegalMove("slot " + std::to_string(p.number) + " holds " +
                                 CardLabel(tableau[s].back()) + ", not " +
                                 CardLabel(move.cards[i]));
  }
  TALON_RETURN_IF_ERROR(CheckCards(move.cards, tableau));
  for (size_t i = 0; i < move.from.size(); ++i) {
    Pile& slot = tableau[static_cast<size_t>(move.from[i].number - 1)];
    table.areas.discard.push_back(slot.back());
    slot.pop_back();
  }
  RefillSlots(tableau, table.areas.stock);
  return Status::Ok();
}

bool SlotGame::Won(const Table& table) const {
  if (!table.areas.stock.empty()) return false;
  for (const Pile& slot : table.areas.tableau)
    if (!slot.empty()) return false;
  return true;
}

SlotDeal MakeSlotDeal(const Deal& deal, int slots) {
  SlotDeal sd;
  sd.slots = slots;
  const Pile& stock = deal.areas.stock;
  sd.stock_size = static_cast<int>(stock.size());
  for (size_t i = 0; i < stock.size(); ++i) sd.draw[i] = stock[stock.size() - 1 - i].code();
  for (size_t s = 0; s < deal.areas.tableau.size() && s < kMaxSlots; ++s) {
    if (deal.areas.tableau[s].empty()) continue;
    const Card c = deal.areas.tableau[s].back();
    sd.start.code[s] = c.code();
    sd.start.on_table |= uint64_t{1} << c.index();
  }
  return sd;
}

}  // namespace talon
