// Take Ten (docs/rules/take-ten.md): 13 slots in rows of 5, 5 and 3, the
// rest a stock. Discard exactly two cards of A-9 whose values sum to 10, or
// the 10, J, Q and K of one suit together once all four are in the slots;
// empty slots refill from the stock.
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

// The four cards 10-J-Q-K of `suit`, as bits of Card::index().
constexpr uint64_t SetBits(int suit) {
  uint64_t bits = 0;
  for (int r = 10; r <= kKing; ++r) bits |= uint64_t{1} << (suit * 13 + r - 1);
  return bits;
}

// Suit sets first, then pairs by lowest slots. The bound: at most 3 sets
// fit in 13 slots; pairs number at most 4*4 + C(4,2) = 22 (classes {v,10-v}
// give a*b pairs, {5,5} gives C(n,2)); 32 is ample.
struct TakeTenMoves {
  static constexpr int kMaxMoves = 32;
  int operator()(const SlotPosition& p, int slots, SlotMove* out, int max) const {
    int n = 0;
    for (int suit = 0; suit < 4; ++suit) {
      const uint64_t bits = SetBits(suit);
      if ((p.on_table & bits) != bits) continue;
      out[n].n = 0;
      for (int s = 0; s < slots; ++s) {
        const uint8_t c = p.code[static_cast<size_t>(s)];
        if (c != 0 && RankOf(c) >= 10 && (c & 3) == suit)
          out[n].slot[out[n].n++] = static_cast<uint8_t>(s);
      }
      if (++n == max) return n;
    }
    for (int a = 0; a < slots; ++a) {
      const int ra = RankOf(p.code[static_cast<size_t>(a)]);
      if (ra < 1 || ra > 9) continue;
      for (int b = a + 1; b < slots; ++b) {
        if (RankOf(p.code[static_cast<size_t>(b)]) != 10 - ra) continue;
        out[n].n = 2;
        out[n].slot[0] = static_cast<uint8_t>(a);
        out[n].slot[1] = static_cast<uint8_t>(b);
        if (++n == max) return n;
      }
    }
    return n;
  }
};

class TakeTen final : public SlotGame {
 public:
  TakeTen()
      : SlotGame({
            .id = "take-ten",
            .title = "Take Ten",
            .areas = {Area::kTableau, Area::kStock},
            .sheet = {.tableau = SheetLayout::Tableau::kRows, .row_lengths = {5, 5, 3}},
        }) {}

  std::string RulesText(const Options&) const override {
    return "Thirteen cards are dealt face up in rows of 5, 5 and 3; the rest form the stock. "
           "Discard exactly two cards of A-9 whose values sum to 10 (A+9, 2+8, 3+7, 4+6, "
           "5+5). The 10, J, Q and K of one suit are discarded together, and only when all "
           "four are on the table. After each discard the empty slots are refilled from the "
           "stock, in slot order. You win when all 52 cards are discarded.";
  }
  int Slots(const Options&) const override { return 13; }
  // PySolFC's Tens (also named Take Ten there) deals 13 slots in order, then
  // keeps the rest as its talon: this game's order (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    return std::vector<Card>(dealt.begin(), dealt.end());
  }
  SolveResult SolveWith(const Deal& deal, const SearchLimits& limits, bool prune) const override {
    return SolveSlotRules<TakeTenMoves>(deal, 13, limits, prune);
  }

 protected:
  Status CheckCards(std::span<const Card> cards, const std::vector<Pile>& tableau) const override {
    bool court = false, low = false;
    for (Card c : cards) (c.rank() >= 10 ? court : low) = true;
    if (court && low) {
      for (Card c : cards)
        if (c.rank() >= 10)
          return Status::IllegalMove(CardLabel(c) +
                                     " cannot be combined with A-9: a 10, J, Q or K goes out "
                                     "only with the other three of its suit");
    }
    if (court) {
      const Suit suit = cards[0].suit();
      for (Card c : cards)
        if (c.suit() != suit)
          return Status::IllegalMove(CardList(cards) +
                                     " are not of one suit: the 10, J, Q and K of one suit go "
                                     "out together");
      // Distinct slots hold distinct cards, so the named cards are distinct.
      if (cards.size() == 4) return Status::Ok();
      std::vector<Card> missing, unnamed;
      for (int r = 10; r <= kKing; ++r) {
        const Card want(r, suit);
        if (std::find(cards.begin(), cards.end(), want) != cards.end()) continue;
        bool on_table = false;
        for (const Pile& slot : tableau)
          on_table = on_table || (!slot.empty() && slot.back() == want);
        (on_table ? unnamed : missing).push_back(want);
      }
      if (!missing.empty())
        return Status::IllegalMove("the 10, J, Q and K of " + SuitSymbol(suit) +
                                   " go out together, and " + CardList(missing) +
                                   (missing.size() == 1 ? " is" : " are") + " not on the tableau");
      return Status::IllegalMove("the 10, J, Q and K of " + SuitSymbol(suit) +
                                 " go out together: name " + CardList(unnamed) + " too");
    }
    if (cards.size() == 1)
      return Status::IllegalMove("a card alone cannot be discarded; " + CardLabel(cards[0]) +
                                 " needs one partner to make 10");
    if (cards.size() > 2)
      return Status::IllegalMove("only two cards may be used to form 10, not " +
                                 std::to_string(cards.size()));
    const int sum = cards[0].rank() + cards[1].rank();
    if (sum != 10)
      return Status::IllegalMove(CardList(cards, " + ") + " make " + std::to_string(sum) +
                                 ", not 10");
    return Status::Ok();
  }
};

}  // namespace

const Game& TakeTenGame() {
  static const TakeTen game;
  return game;
}

}  // namespace talon
