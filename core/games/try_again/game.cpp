// Try Again (docs/rules/try-again.md): the pack is dealt one card at a time
// onto any of four heaps, or straight to a foundation; each ace goes out at
// once to start a foundation (numbered 1-4 in the order the aces come), built
// up by one regardless of suit; heap tops may be built at any time. Won when
// all 52 cards are built. Option `build`: anytime (default) or after-deal
// (nothing but the aces is built until the whole pack is dealt; no card is
// dealt straight to a foundation).
//
// This file is the game: dealing, the checker and the notation. The solver
// is solver.cpp (docs/solvers/try-again.md).
#include <cassert>
#include <string>
#include <vector>

#include "core/games/arrow_move.h"
#include "core/games/games.h"
#include "core/games/try_again/solver.h"
#include "core/shorten.h"
#include "core/text.h"

namespace talon {
namespace {

constexpr int kHeaps = 4;
constexpr int kFoundations = 4;

using try_again::Anytime;

// Aces at the top of the pack go out at once, each to the first empty foundation.
void Settle(Areas& a) {
  while (!a.stock.empty() && a.stock.back().rank() == kAce) {
    for (Pile& f : a.foundations)
      if (f.empty()) {
        f.push_back(a.stock.back());
        break;
      }
    a.stock.pop_back();
  }
}

class TryAgain final : public Game {
 public:
  TryAgain()
      : Game({
            .id = "try-again",
            .title = "Try Again",
            .options = {OptionSpec{"build", std::string("anytime"),
                                   {std::string("anytime"), std::string("after-deal")}, 0,
                                   "anytime: heap tops and the dealt card may be built at any "
                                   "time; after-deal: building starts when the whole pack is "
                                   "dealt"}},
            .areas = {Area::kTableau, Area::kStock, Area::kFoundations},
        }) {}

  // The whole pack is the stock, deck[0] dealt first (listed last); four empty heaps.
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    assert(deck.size() == 52);
    Areas a;
    a.tableau.assign(kHeaps, Pile{});
    a.stock.assign(deck.rbegin(), deck.rend());
    return a;
  }

  // PySolFC's Numerica (also named Try Again there) deals nothing before
  // play: its talon is this game's pack, top card first (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    return std::vector<Card>(dealt.begin(), dealt.end());
  }

  // A shuffled deal has four empty heaps and the whole pack; a hand-made one
  // may start later in the game: cards on the heaps (no aces: they go out
  // at once) and foundations built A, 2, 3, ... regardless of suit.
  Status CheckShape(const Areas& areas, const Options&) const override {
    if (areas.tableau.size() != kHeaps)
      return Status::BadInput("areas.tableau: try-again has 4 heaps, not " + std::to_string(areas.tableau.size()) +
                              " (write [[],[],[],[]] for four empty heaps)");
    for (size_t h = 0; h < areas.tableau.size(); ++h)
      for (Card c : areas.tableau[h])
        if (c.rank() == kAce)
          return Status::BadInput("areas.tableau[" + std::to_string(h + 1) + "]: " + CardName(c) +
                                  " cannot lie on a heap: an ace goes out at once to start a foundation");
    if (areas.foundations.size() > kFoundations)
      return Status::BadInput("areas.foundations: try-again has at most 4 foundations, not " +
                              std::to_string(areas.foundations.size()));
    for (size_t f = 0; f < areas.foundations.size(); ++f)
      for (size_t i = 0; i < areas.foundations[f].size(); ++i)
        if (areas.foundations[f][i].rank() != static_cast<int>(i) + 1)
          return Status::BadInput("areas.foundations[" + std::to_string(f + 1) + "]: a foundation is built A, 2, 3, ... "
                                  "regardless of suit; card " + std::to_string(i + 1) + " is " +
                                  CardName(areas.foundations[f][i]) + ", not a " + RankLabel(static_cast<int>(i) + 1));
    if (!areas.face_down.empty()) return Status::BadInput("face_down: try-again deals every card face up");
    return Status::Ok();
  }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    t.areas.foundations.resize(kFoundations);
    Settle(t.areas);
    return t;
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    return SolveTryAgain(deal, limits, true);
  }

  const DifficultyModel* difficulty() const override { return TryAgainDifficulty(); }

  // With build=after-deal every winning line has one length
  // (docs/solvers/try-again.md#line-length).
  const LineHooks& line_hooks() const override {
    class Hooks final : public LineHooks {
     public:
      bool OneLength(const Options& options) const override { return !try_again::Anytime(options); }
    };
    static const Hooks hooks;
    return hooks;
  }

  Status Play(Table& table, const MoveSpec& move) const override {
    Areas& a = table.areas;
    if (a.tableau.size() != kHeaps || a.foundations.size() != kFoundations)
      return Status::Internal("try-again: the table was not set up by StartTable");
    if (move.from.size() != 1 || move.cards.size() != 1 || move.count > 1)
      return Status::IllegalMove("a move of Try Again takes one card from one place");
    const Place& src = move.from[0];
    const Place& dst = move.to;
    const Card card = move.cards[0];
    const bool anytime = Anytime(table.options);

    if (src.area == Area::kStock) {
      if (a.stock.empty()) return Status::IllegalMove("the pack is all dealt");
      if (a.stock.back() != card)
        return Status::IllegalMove("the next card of the pack is " + CardLabel(a.stock.back()) + ", not " + CardLabel(card));
    } else if (src.area == Area::kTableau) {
      if (src.number < 1 || src.number > kHeaps)
        return Status::IllegalMove("there is no heap " + std::to_string(src.number) + " (heaps are 1-4)");
      const Pile& heap = a.tableau[static_cast<size_t>(src.number - 1)];
      if (heap.empty()) return Status::IllegalMove("heap " + std::to_string(src.number) + " is empty (it was to show " + CardLabel(card) + ")");
      if (heap.back() != card)
        return Status::IllegalMove("heap " + std::to_string(src.number) + " shows " + CardLabel(heap.back()) + ", not " + CardLabel(card));
      if (dst.area != Area::kFoundations) return Status::IllegalMove("a card on a heap goes only to a foundation");
    } else {
      return Status::IllegalMove("cards are dealt from the pack or built from the heaps, not taken from " +
                                 std::string(AreaName(src.area)));
    }

    if (dst.area == Area::kTableau) {
      if (dst.number < 1 || dst.number > kHeaps)
        return Status::IllegalMove("there is no heap " + std::to_string(dst.number) + " (heaps are 1-4)");
      a.tableau[static_cast<size_t>(dst.number - 1)].push_back(card);
      a.stock.pop_back();
      Settle(a);
      return Status::Ok();
    }
    if (dst.area != Area::kFoundations)
      return Status::IllegalMove("cards go to a heap or a foundation, not to " + std::string(AreaName(dst.area)));
    if (!anytime && !a.stock.empty())
      return Status::IllegalMove("with build=after-deal nothing is built until the whole pack is dealt (" +
                                 std::to_string(a.stock.size()) + " cards left)");
    if (dst.number < 1 || dst.number > kFoundations)
      return Status::IllegalMove("there is no foundation " + std::to_string(dst.number) + " (foundations are 1-4)");
    Pile& f = a.foundations[static_cast<size_t>(dst.number - 1)];
    if (f.empty())
      return Status::IllegalMove("foundation " + std::to_string(dst.number) + " has not been started (an ace starts it)");
    if (f.back().rank() + 1 != card.rank())
      return Status::IllegalMove("foundation " + std::to_string(dst.number) + " shows " + CardLabel(f.back()) + "; " +
                                 CardLabel(card) + " needs a " + RankLabel(card.rank() - 1) + " on top");
    f.push_back(card);
    if (src.area == Area::kStock) a.stock.pop_back();
    else a.tableau[static_cast<size_t>(src.number - 1)].pop_back();
    Settle(a);
    return Status::Ok();
  }

  bool Won(const Table& table) const override {
    size_t built = 0;
    for (const Pile& f : table.areas.foundations) built += f.size();
    return built == 52;
  }

  std::string RulesText(const Options& options) const override {
    const bool anytime = Anytime(options);
    return std::string("Deal the pack one card at a time onto any of four heaps, as you choose") +
           (anytime ? ", or straight to a foundation. " : ". ") +
           "Each ace goes out at once to start a foundation, built up by one regardless of suit (A, 2, "
           "3, ... K). " +
           (anytime ? "The top cards of the heaps may be built at any time. "
                    : "Nothing else is built until the whole pack is dealt; then build the top cards of "
                      "the heaps. ") +
           "You win when all 52 cards are built.";
  }

  Notation MoveNotation(const Options&) const override {
    return {.symbols = {{"S", "the pack (the stock), dealt one card at a time"},
                        {"1-4", "the heaps"},
                        {"F1-F4", "the foundations, numbered in the order their aces came out"},
                        {">", "goes to: the card moves from the place on the left to the place on the right"},
                        CardSymbol()},
            .unwritten = "Not written: aces going out. When the next card of the pack is an ace, put it "
                         "out at once as the next foundation, before the next written move.",
            .at_start = "the aces on top of the pack are out as foundations"};
  }

  std::string DescribeMove(const MoveSpec& move) const override {
    if (move.from.empty() || move.cards.empty()) return "no move";
    const std::string card = CardLabel(move.cards[0]);
    const std::string to = move.to.area == Area::kFoundations ? "foundation " + std::to_string(move.to.number)
                                                              : "heap " + std::to_string(move.to.number);
    if (move.from[0].area == Area::kStock)
      return "deal the next card of the pack, " + card + ", " +
             (move.to.area == Area::kFoundations ? "straight onto " : "onto ") + to;
    return "build the top card of heap " + std::to_string(move.from[0].number) + ", " + card + ", onto " + to;
  }

  // "S>2  7♥" (deal to heap 2), "S>F3  7♥" (deal to foundation 3),
  // "2>F3  7♥" (build heap 2's top on foundation 3).
  std::string FormatMove(const MoveSpec& move) const override {
    return FormatArrowMove(move, [](const Place& p) -> std::string {
      switch (p.area) {
        case Area::kTableau: return std::to_string(p.number);
        case Area::kStock: return "S";
        case Area::kFoundations: return "F" + std::to_string(p.number);
        default: return "?";
      }
    });
  }
  Expected<MoveSpec> ParseMove(std::string_view text) const override {
    return ParseArrowMove(text, "S>2 7H", "S (the pack), a heap number or F and a foundation number",
                          [](std::string_view w, Card, Place& out) {
                            if (w == "S" || w == "s") {
                              out = {Area::kStock, 0};
                              return true;
                            }
                            const bool foundation = !w.empty() && (w[0] == 'F' || w[0] == 'f');
                            int n = 0;
                            if (!ParseSmallNumber(foundation ? w.substr(1) : w, n)) return false;
                            out = {foundation ? Area::kFoundations : Area::kTableau, n};
                            return true;
                          });
  }
};

}  // namespace

const Game& TryAgainGame() {
  static const TryAgain game;
  return game;
}

}  // namespace talon
