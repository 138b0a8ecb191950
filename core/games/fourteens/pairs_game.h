// The Game shared by Fourteen Out, Take Fourteen and Triple Fourteens
// (docs/rules/fourteen-out.md, take-fourteen.md, triple-fourteens.md):
// every card face up in piles; a move removes the top cards of two
// different piles whose values sum to 14; won when every pile is empty.
// The checker and notation are here; the solver is solver.h and decide.h.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/games/fourteens/decide.h"
#include "core/games/fourteens/layout.h"
#include "core/games/fourteens/player.h"
#include "core/games/fourteens/solver.h"
#include "core/shorten.h"

namespace talon::fourteens {

// The Game shared by the three games: a layout of N piles of at most H cards.
template <int N, int H>
class PairsGame : public Game {
 public:
  using Rules = Solver<N, H>;

  // REQUIRES: info.decks == layout.decks.
  PairsGame(const Layout& layout, GameInfo info) : Game(std::move(info)), layout_(layout) {}
  const Layout& layout() const { return layout_; }

  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    return DealAreas(layout_, deck);
  }

  Status CheckShape(const Areas& areas, const Options&) const override {
    const std::string game(id());
    if (static_cast<int>(areas.tableau.size()) != layout_.piles)
      return Status::BadInput("areas.tableau: " + game + " has " + std::to_string(layout_.piles) +
                              " piles, not " + std::to_string(areas.tableau.size()));
    for (size_t p = 0; p < areas.tableau.size(); ++p) {
      const size_t want = layout_.sizes[p];
      if (areas.tableau[p].size() != want)
        return Status::BadInput("areas.tableau[" + std::to_string(p) + "] (pile " +
                                std::to_string(p + 1) + "): pile " + std::to_string(p + 1) +
                                " of " + game + " holds " + std::to_string(want) +
                                " cards, not " + std::to_string(areas.tableau[p].size()));
    }
    if (!areas.face_down.empty())
      return Status::BadInput("face_down: " + game + " deals every card face up");
    return Status::Ok();
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    return SolveWith(deal, limits, /*prune=*/true);
  }
  // Every move discards two cards: a win takes half the cards
  // (docs/solvers/adding-games.md#line-length).
  const LineHooks& line_hooks() const override { return OneLengthHooks(); }

  const DifficultyModel* difficulty() const override {
    static const PlayerModel<Player<N, H>> model(
        DifficultySettings{.playouts = 200,
                           .child_nodes = 20000,
                           .max_moves = 200,
                           .critical_weight = 1.0,
                           .check_playouts = N > 12 ? 20 : 50});
    return &model;
  }

  // Solve with the choice of search: prune = false is the plain exhaustive
  // search (every legal move, no dead test) the tests compare against.
  SolveResult SolveWith(const Deal& deal, const SearchLimits& limits, bool prune) const {
    SolveResult result;
    const auto& piles = deal.areas.tableau;
    bool fits = piles.size() == static_cast<size_t>(N);
    for (const Pile& pile : piles) fits = fits && pile.size() <= static_cast<size_t>(H);
    if (!fits) {  // REQUIRES broken: say so rather than guess
      result.stats.limit = "bad deal";
      return result;
    }
    // One solver per thread: it is large (card tables, memo) and reusable.
    static thread_local Rules rules;
    typename Rules::Position start;
    rules.Load(piles, start);
    rules.prune = prune;
    auto out = Decide(rules, start, limits);
    result.verdict = out.verdict;
    result.stats = out.stats;
    if (out.verdict == Verdict::kSolved) result.moves = ToMoveSpecs(rules, start, out.line);
    return result;
  }

  // The solver's moves as MoveSpecs, from places in increasing order.
  static std::vector<MoveSpec> ToMoveSpecs(const Rules& rules, typename Rules::Position pos,
                                           std::span<const typename Rules::Move> line) {
    std::vector<MoveSpec> specs;
    specs.reserve(line.size());
    for (const auto& m : line) {
      MoveSpec spec;
      spec.from = {Place{Area::kTableau, m.a + 1}, Place{Area::kTableau, m.b + 1}};
      spec.to = Place{Area::kDiscard, 0};
      spec.cards = {rules.TopOf(pos, m.a), rules.TopOf(pos, m.b)};
      specs.push_back(std::move(spec));
      rules.Apply(pos, m);
    }
    return specs;
  }

  Status Play(Table& table, const MoveSpec& move) const override {
    std::vector<Pile>& tableau = table.areas.tableau;
    const int piles = static_cast<int>(tableau.size());
    const std::string range = "piles are 1-" + std::to_string(piles);
    if (move.from.size() != 2)
      return Status::IllegalMove("a move takes the top cards of two piles, not of " +
                                 std::to_string(move.from.size()));
    if (move.cards.size() != 2)
      return Status::IllegalMove("a move names the two cards it removes, not " +
                                 std::to_string(move.cards.size()));
    if (move.count > 1)
      return Status::IllegalMove("a move takes one card from each pile, not " +
                                 std::to_string(move.count));
    if (move.to.area != Area::kDiscard)
      return Status::IllegalMove(
          "removed cards go to the discard, not to " + std::string(AreaName(move.to.area)) +
          (move.to.number ? " " + std::to_string(move.to.number) : ""));
    for (const Place& p : move.from) {
      if (p.area != Area::kTableau)
        return Status::IllegalMove("cards are taken from tableau piles, not from " +
                                   std::string(AreaName(p.area)) + " (" + range + ")");
      if (p.number < 1 || p.number > piles)
        return Status::IllegalMove("there is no pile " + std::to_string(p.number) + " (" +
                                   range + ")");
    }
    if (move.from[0].number == move.from[1].number)
      return Status::IllegalMove("pile " + std::to_string(move.from[0].number) +
                                 " is named twice: the two cards must come from two different "
                                 "piles");
    for (size_t i = 0; i < 2; ++i) {
      const int number = move.from[i].number;
      const Pile& pile = tableau[static_cast<size_t>(number - 1)];
      if (pile.empty())
        return Status::IllegalMove("pile " + std::to_string(number) + " is empty (it was to give " +
                                   CardLabel(move.cards[i]) + ")");
      if (pile.back() != move.cards[i])
        return Status::IllegalMove(CardLabel(move.cards[i]) + " is not on top of pile " +
                                   std::to_string(number) + " (" + CardLabel(pile.back()) +
                                   " is)");
    }
    const int sum = move.cards[0].rank() + move.cards[1].rank();
    if (sum != 14)
      return Status::IllegalMove(CardLabel(move.cards[0]) + " and " + CardLabel(move.cards[1]) +
                                 " make " + std::to_string(sum) + ", not 14");
    for (size_t i = 0; i < 2; ++i) {
      Pile& pile = tableau[static_cast<size_t>(move.from[i].number - 1)];
      table.areas.discard.push_back(pile.back());
      pile.pop_back();
    }
    return Status::Ok();
  }

  bool Won(const Table& table) const override {
    for (const Pile& pile : table.areas.tableau)
      if (!pile.empty()) return false;
    return true;
  }

  Notation MoveNotation(const Options&) const override {
    return {.symbols = {{"1-" + std::to_string(layout_.piles), "the piles, numbered as on the layout"},
                        {"+", "and: one card from each pile named, taken off together"},
                        CardSymbol()},
            .unwritten = "Nothing happens by itself in this game: every move is written."};
  }

  // "take K♠ (pile 3) and A♥ (pile 9) off the table: 13 + 1 = 14".
  std::string DescribeMove(const MoveSpec& move) const override {
    std::string out = "take ";
    int sum = 0;
    for (size_t i = 0; i < move.cards.size() && i < move.from.size(); ++i) {
      out += (i ? " and " : "") + CardLabel(move.cards[i]) + " (pile " + std::to_string(move.from[i].number) + ")";
      sum += move.cards[i].rank();
    }
    out += " off the table: ";
    for (size_t i = 0; i < move.cards.size(); ++i)
      out += (i ? " + " : "") + std::to_string(move.cards[i].rank());
    return out + " = " + std::to_string(sum);
  }

 private:
  Layout layout_;
};

}  // namespace talon::fourteens
