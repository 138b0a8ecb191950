#include "core/games/klondike/export.h"

namespace talon {

Expected<std::vector<Card>> KlondikeDealOrder(const Deal& deal) {
  const Areas& a = deal.areas;
  if (deal.game != "klondike")
    return Status::BadInput("game: only klondike deals can be exported to KSolve or PySol, not " + deal.game);
  if (a.tableau.size() != 7 || a.face_down.size() != 7)
    return Status::BadInput("areas.tableau: a klondike starting layout has 7 piles");
  for (size_t p = 0; p < 7; ++p)
    if (a.tableau[p].size() != p + 1 || a.face_down[p] != static_cast<int>(p))
      return Status::BadInput("areas.tableau[" + std::to_string(p) + "]: not a starting layout (pile " +
                              std::to_string(p + 1) + " must hold " + std::to_string(p + 1) + " cards, " +
                              std::to_string(p) + " face down); only starting layouts can be exported");
  if (a.stock.size() != 24 || !a.waste.empty())
    return Status::BadInput("areas.stock: a starting layout has 24 cards in the stock and none in the waste");
  for (const Pile& f : a.foundations)
    if (!f.empty()) return Status::BadInput("areas.foundations: a starting layout has empty foundations");
  std::vector<Card> deck;
  for (size_t row = 0; row < 7; ++row)
    for (size_t p = row; p < 7; ++p) deck.push_back(a.tableau[p][row]);
  deck.insert(deck.end(), a.stock.rbegin(), a.stock.rend());
  return deck;
}

Expected<std::string> KlondikeDeckString(const Deal& deal) {
  auto deck = KlondikeDealOrder(deal);
  if (!deck) return deck.status();
  static const char kSuitDigit[] = {'1', '2', '3', '4'};  // C D H S
  std::string out;
  for (Card c : *deck) {
    out += static_cast<char>('0' + c.rank() / 10);
    out += static_cast<char>('0' + c.rank() % 10);
    out += kSuitDigit[c.suit()];
  }
  return out;
}

Expected<std::string> KlondikePysolBoard(const Deal& deal) {
  auto deck = KlondikeDealOrder(deal);
  if (!deck) return deck.status();
  std::string out = "Talon:";
  for (size_t i = 28; i < 52; ++i) out += " " + CardName((*deck)[i]);
  out += "\n";
  for (size_t p = 0; p < 7; ++p) {
    const Pile& pile = deal.areas.tableau[p];
    for (size_t k = 0; k < pile.size(); ++k) {
      if (k) out += ' ';
      out += k + 1 < pile.size() ? "<" + CardName(pile[k]) + ">" : CardName(pile[k]);
    }
    out += "\n";
  }
  return out;
}

}  // namespace talon
