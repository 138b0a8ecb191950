// Thirteens (docs/rules/thirteens.md): 10 slots (option slots: 5, 10 or
// 15), the rest a stock. Discard two cards whose values sum to 13 (A=1,
// J=11, Q=12) or a King alone; empty slots refill from the stock.
//
// The solver needs no search: no choice ever matters (a confluence proof,
// docs/solvers/adding-games.md, "Thirteens and Take Ten"). With prune,
// Moves() returns one move; SlotsDeals.NoChoiceMattersInThirteensAndTakeTen
// checks the proof against every play and the plain search.
#include "core/games/games.h"
#include "core/games/slots.h"

namespace talon {
namespace {

int RankOf(uint8_t code) { return code >> 2; }

// Kings first, then pairs by lowest slots. The bound: at most 4 Kings, and
// with at most 15 cards in slots, pairs of the six classes number at most
// 4*4 + 4*3 = 28 (a class with a and b cards gives a*b pairs).
struct ThirteensMoves {
  static constexpr int kMaxMoves = 32;
  int operator()(const SlotPosition& p, int slots, SlotMove* out, int max) const {
    int n = 0;
    for (int s = 0; s < slots; ++s)
      if (RankOf(p.code[static_cast<size_t>(s)]) == kKing) {
        out[n].n = 1;
        out[n].slot[0] = static_cast<uint8_t>(s);
        if (++n == max) return n;
      }
    for (int a = 0; a < slots; ++a) {
      const int ra = RankOf(p.code[static_cast<size_t>(a)]);
      if (ra < 1 || ra > 12) continue;
      for (int b = a + 1; b < slots; ++b) {
        if (RankOf(p.code[static_cast<size_t>(b)]) != 13 - ra) continue;
        out[n].n = 2;
        out[n].slot[0] = static_cast<uint8_t>(a);
        out[n].slot[1] = static_cast<uint8_t>(b);
        if (++n == max) return n;
      }
    }
    return n;
  }
};

class Thirteens final : public SlotGame {
 public:
  Thirteens()
      : SlotGame({
            .id = "thirteens",
            .title = "Thirteens",
            .options = {OptionSpec{"slots",
                                   int64_t{10},
                                   {int64_t{5}, int64_t{10}, int64_t{15}},
                                   0,
                                   "number of slots dealt face up: 5, 10 (standard) or 15"}},
            .areas = {Area::kTableau, Area::kStock},
            .sheet = {.tableau = SheetLayout::Tableau::kRows, .row_lengths = {5}},
        }) {}

  int Slots(const Options& options) const override {
    return static_cast<int>(IntOption(options, "slots"));
  }
  std::string RulesText(const Options& options) const override {
    const int slots = Slots(options), rows = (slots + 4) / 5;
    std::string word = NumberWord(slots);
    word[0] = static_cast<char>(word[0] - 'a' + 'A');
    return word + " cards are dealt face up, one per slot, in " +
           (rows == 1 ? std::string("a row") : NumberWord(rows) + " rows") +
           " of five; the rest form the stock. Discard any two cards whose values sum to 13 (A=1, "
           "J=11, Q=12: A+Q, 2+J, 3+10, 4+9, 5+8, 6+7), or a King alone. After each discard the "
           "empty slots are refilled from the stock, in slot order. You win when all 52 cards are "
           "discarded.";
  }

  // PySolFC's Thirteens deals 10 slots in order, then keeps the rest as its
  // talon: the same order as this game's (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options& options) const override {
    if (Slots(options) != 10)
      return Status::Usage("--shuffle pysol: PySolFC's Thirteens deals 10 slots; slots=" +
                           std::to_string(Slots(options)) + " has no PySolFC deal (docs/pysol.md)");
    return std::vector<Card>(dealt.begin(), dealt.end());
  }
  SolveResult SolveWith(const Deal& deal, const SearchLimits& limits, bool prune) const override {
    return SolveSlotRules<ThirteensMoves>(deal, Slots(deal.options), limits, prune);
  }

 protected:
  Status CheckCards(std::span<const Card> cards, const std::vector<Pile>&) const override {
    if (cards.size() == 1) {
      if (cards[0].rank() == kKing) return Status::Ok();
      return Status::IllegalMove("a card alone must be a King; " + CardLabel(cards[0]) +
                                 " needs a partner to make 13");
    }
    if (cards.size() > 2)
      return Status::IllegalMove(
          "Thirteens discards two cards summing to 13 or a King alone, not " +
          std::to_string(cards.size()) + " cards");
    for (Card c : cards)
      if (c.rank() == kKing)
        return Status::IllegalMove("a King is discarded alone, not with " +
                                   CardLabel(cards[c == cards[0] ? 1 : 0]));
    const int sum = cards[0].rank() + cards[1].rank();
    if (sum != 13)
      return Status::IllegalMove(CardList(cards, " + ") + " make " + std::to_string(sum) +
                                 ", not 13");
    return Status::Ok();
  }
};

}  // namespace

const Game& ThirteensGame() {
  static const Thirteens game;
  return game;
}

}  // namespace talon
