// Four of a Kind (docs/rules/four-of-a-kind.md): 13 piles of four cards face
// down, dealt round robin, standing for A..K. A pointer starts at the ace
// pile; the top face-down card of the next pile that still has one is turned
// up and put under the pile of its own rank, and the pointer moves on. When
// one face-down card remains, the deal is won iff it lies in its own pile.
// Option `method`: standard (draw from the pile after the one last drawn
// from) or clock (draw from the pile just placed on).
//
// The game has no choices, so the "solver" plays it out: the deal is solved
// (the 51 turns are the solution) or unsolvable (that play is the only one,
// so the search space is exhausted).
//
// The checker's table keeps each pile's face-down cards first in its list
// (Areas::face_down counts them) and the face-up cards after them. On the
// table the face-up cards lie under the pile; as they never move again,
// where they are kept changes nothing. counters[0] is the pointer: the pile
// (0-based) from which the search for the next face-down card starts.
#include <array>
#include <cassert>
#include <chrono>

#include "core/games/arrow_move.h"
#include "core/games/games.h"
#include "core/shorten.h"
#include "core/text.h"

namespace talon {
namespace {

constexpr int kPiles = 13;
constexpr int kPerPile = 4;

bool IsClock(const Options& options) { return WordOption(options, "method") == "clock"; }

// The pile (0-based) the next card comes from: the first pile at or after
// `pointer`, cyclically, that has a face-down card; -1 if none has.
template <class HasDown>
int NextPile(int pointer, HasDown has_down) {
  for (int i = 0; i < kPiles; ++i) {
    const int p = (pointer + i) % kPiles;
    if (has_down(p)) return p;
  }
  return -1;
}

// "Q": pile p (1-13) by the rank it stands for, as the sheet labels it.
std::string PileLabel(int p) { return p >= 1 && p <= kPiles ? RankLabel(p) : std::to_string(p); }
std::string PileName(int p) { return "pile " + PileLabel(p); }

// Reads "A>B" into two pile numbers; false if `word` is not of that form. A
// pile is its label (A, 2-10, J, Q, K, any case) or its number (1-13).
bool ParseArrow(std::string_view word, int& a, int& b) {
  const size_t gt = word.find('>');
  if (gt == std::string_view::npos) return false;
  auto pile = [](std::string_view s, int& out) {
    if (s.size() == 1) {
      switch (s[0]) {
        case 'A': case 'a': out = kAce; return true;
        case 'J': case 'j': out = kJack; return true;
        case 'Q': case 'q': out = kQueen; return true;
        case 'K': case 'k': out = kKing; return true;
        default: break;
      }
    }
    return ParseSmallNumber(s, out);
  };
  return pile(word.substr(0, gt), a) && pile(word.substr(gt + 1), b);
}

std::vector<std::string> PileLabels() {
  std::vector<std::string> labels;
  for (int r = kAce; r <= kKing; ++r) labels.push_back(RankLabel(r));
  return labels;
}

class FourOfAKind final : public Game {
 public:
  FourOfAKind()
      : Game({
            .id = "four-of-a-kind",
            .title = "Four of a Kind",
            .options = {OptionSpec{"method", std::string("standard"),
                                   {std::string("standard"), std::string("clock")}, 0,
                                   "standard: draw from the next pile in turn; clock: draw from "
                                   "the pile just placed on"}},
            .areas = {Area::kTableau},
            .sheet = {.tableau = SheetLayout::Tableau::kRows, .row_lengths = {5, 5, 3}, .labels = PileLabels()},
        }) {}

  std::string RulesText(const Options& options) const override {
    return std::string(
               "Thirteen piles of four cards are dealt face down, round robin, in rows of 5, 5 and 3; "
               "they stand for A, 2, ..., 10, J, Q, K. Turn up the top face-down card of the ace "
               "pile and put it face up under the pile of its own rank; then ") +
           (IsClock(options) ? "take the next card from the pile you just put it under, or, when that "
                               "pile has no face-down card left, from the next pile in turn that has one. "
                             : "do the same with the next pile in turn (A, 2, ..., K, then A again), "
                               "skipping piles with no face-down card left. ") +
           "When one face-down card remains, you win if it lies in the pile of its own rank.";
  }

  Notation MoveNotation(const Options&) const override {
    return {.symbols = {{"A, 2-10, J, Q, K", "the piles, named by the rank they stand for"},
                        {">", "put under: the card turned up on the pile on the left goes face up under "
                              "the pile on the right"},
                        CardSymbol()},
            .unwritten = "Not written: the last turn, turning the last face-down card over in its own pile."};
  }

  std::string DescribeMove(const MoveSpec& move) const override {
    if (move.from.empty() || move.cards.empty()) return "no move";
    return "turn up the top face-down card of " + PileName(move.from[0].number) + ", " +
           CardLabel(move.cards[0]) + ", and put it face up under " + PileName(move.to.number);
  }

  // Round robin: deck[i] goes on top of pile (i mod 13) + 1, so pile p
  // (1-based), bottom to top, is deck[p-1], deck[p+12], deck[p+25], deck[p+38].
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    assert(deck.size() == 52);
    Areas a;
    a.tableau.resize(kPiles);
    for (size_t i = 0; i < deck.size(); ++i) a.tableau[i % kPiles].push_back(deck[i]);
    a.face_down.assign(kPiles, kPerPile);
    return a;
  }

  Expected<std::vector<Card>> PysolDeck(std::span<const Card>, const Options&) const override {
    return Status::Usage("--shuffle pysol: PySolFC has no Four of a Kind (its Clock is "
                         "another game), so no PySolFC game number names a deal of it "
                         "(docs/pysol.md)");
  }

  Status CheckShape(const Areas& areas, const Options&) const override {
    if (areas.tableau.size() != kPiles)
      return Status::BadInput("areas.tableau: four-of-a-kind has 13 piles (A..K), not " +
                              std::to_string(areas.tableau.size()));
    for (size_t p = 0; p < areas.tableau.size(); ++p)
      if (areas.tableau[p].size() != kPerPile)
        return Status::BadInput("areas.tableau[" + std::to_string(p) + "] (pile " + std::to_string(p + 1) + "): a pile of " +
                                "four-of-a-kind holds 4 cards, not " +
                                std::to_string(areas.tableau[p].size()));
    if (areas.face_down.size() != kPiles)
      return Status::BadInput("face_down: four-of-a-kind deals every card face down; write "
                              "\"face_down\": [4,4,4,4,4,4,4,4,4,4,4,4,4]");
    for (size_t p = 0; p < areas.face_down.size(); ++p)
      if (areas.face_down[p] != kPerPile)
        return Status::BadInput("face_down[" + std::to_string(p) + "] (pile " + std::to_string(p + 1) + "): every card of the deal "
                                "is face down (4), not " + std::to_string(areas.face_down[p]));
    return Status::Ok();
  }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    t.counters = {0};
    return t;
  }

  // No choices: the one line there is (docs/solvers/README.md).
  const LineHooks& line_hooks() const override { return OneLengthHooks(); }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits&) const override {
    const auto t0 = std::chrono::steady_clock::now();
    const bool clock = IsClock(deal.options);
    // down[p][0..n[p]) are pile p's face-down cards, bottom to top.
    std::array<std::array<uint8_t, kPerPile>, kPiles> down{};
    std::array<int, kPiles> n{};
    for (int p = 0; p < kPiles; ++p) {
      const Pile& pile = deal.areas.tableau[static_cast<size_t>(p)];
      n[static_cast<size_t>(p)] = kPerPile;
      for (int i = 0; i < kPerPile; ++i)
        down[static_cast<size_t>(p)][static_cast<size_t>(i)] = pile[static_cast<size_t>(i)].code();
    }
    // The turns as (from, to); the cards are read back from `code`.
    std::array<uint8_t, 52> from{}, code{};
    int turns = 0, pointer = 0;
    auto has_down = [&](int p) { return n[static_cast<size_t>(p)] > 0; };
    for (int left = kPiles * kPerPile; left > 1; --left) {
      const int p = NextPile(pointer, has_down);
      const uint8_t c = down[static_cast<size_t>(p)][static_cast<size_t>(--n[static_cast<size_t>(p)])];
      from[static_cast<size_t>(turns)] = static_cast<uint8_t>(p);
      code[static_cast<size_t>(turns++)] = c;
      const int q = Card::FromCode(c).rank() - 1;
      pointer = clock ? q : (p + 1) % kPiles;
    }
    SolveResult r;
    r.stats.nodes = static_cast<uint64_t>(turns);
    const int last = NextPile(pointer, has_down);
    const Card last_card = Card::FromCode(down[static_cast<size_t>(last)][0]);
    const bool won = last_card.rank() - 1 == last;
    r.verdict = won ? Verdict::kSolved : Verdict::kUnsolvable;
    if (won) {
      r.moves.resize(static_cast<size_t>(turns));
      for (size_t i = 0; i < r.moves.size(); ++i) {
        const Card c = Card::FromCode(code[i]);
        r.moves[i].from = {Place{Area::kTableau, from[i] + 1}};
        r.moves[i].to = Place{Area::kTableau, c.rank()};
        r.moves[i].cards = {c};
      }
    }
    r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  }

  // The turns are forced: play them out on the checker.
  SolveResult SolveTable(const Table& table, const SearchLimits&) const override {
    SolveResult r;
    Table t = table;
    while (!Won(t)) {
      const auto& down = t.areas.face_down;
      const int p = t.counters.empty() || down.size() != kPiles
                        ? -1
                        : NextPile(static_cast<int>(t.counters[0]),
                                   [&](int i) { return down[static_cast<size_t>(i)] > 0; });
      if (p < 0) break;
      const Card top = t.areas.tableau[static_cast<size_t>(p)][static_cast<size_t>(down[static_cast<size_t>(p)] - 1)];
      MoveSpec m;
      m.from = {Place{Area::kTableau, p + 1}};
      m.to = Place{Area::kTableau, top.rank()};
      m.cards = {top};
      if (!Play(t, m).ok()) break;  // the last card lies in another pile: lost
      r.moves.push_back(std::move(m));
      ++r.stats.nodes;
    }
    r.verdict = Won(t) ? Verdict::kSolved : Verdict::kUnsolvable;
    if (r.verdict != Verdict::kSolved) r.moves.clear();
    return r;
  }

  Status Play(Table& table, const MoveSpec& move) const override {
    std::vector<Pile>& piles = table.areas.tableau;
    std::vector<int>& down = table.areas.face_down;
    if (piles.size() != kPiles || down.size() != kPiles || table.counters.empty())
      return Status::Internal("four-of-a-kind: the table was not set up by StartTable");
    if (move.from.size() != 1 || move.cards.size() != 1 || move.count > 1)
      return Status::IllegalMove("a turn takes one card from one pile");
    const Place& src = move.from[0];
    if (src.area != Area::kTableau || move.to.area != Area::kTableau)
      return Status::IllegalMove("a turn moves a card from one tableau pile to another");
    for (int number : {src.number, move.to.number})
      if (number < 1 || number > kPiles)
        return Status::IllegalMove("there is no pile " + std::to_string(number) + " (piles are 1-13, A-K)");
    int left = 0;
    for (int d : down) left += d;
    const int p = NextPile(static_cast<int>(table.counters[0]),
                           [&](int i) { return down[static_cast<size_t>(i)] > 0; });
    if (p < 0) return Status::IllegalMove("every card is already face up: the game is over");
    const Card top = piles[static_cast<size_t>(p)][static_cast<size_t>(down[static_cast<size_t>(p)] - 1)];
    if (left == 1 && top.rank() != p + 1)
      return Status::IllegalMove("the game is lost: the last face-down card, " + CardLabel(top) +
                                 ", lies in " + PileName(p + 1) + ", not in its own " +
                                 PileName(top.rank()));
    if (src.number != p + 1)
      return Status::IllegalMove("the next card comes from " + PileName(p + 1) +
                                 " (the pointer's pile or the next one with a face-down card), not "
                                 "from " + PileName(src.number));
    if (move.cards[0] != top)
      return Status::IllegalMove("the top face-down card of " + PileName(p + 1) + " is " +
                                 CardLabel(top) + ", not " + CardLabel(move.cards[0]));
    if (move.to.number != top.rank())
      return Status::IllegalMove(CardLabel(top) + " goes under " + PileName(top.rank()) +
                                 " (its rank), not " + PileName(move.to.number));
    // Take it out of the face-down part and append it to pile q's face-up part.
    Pile& source = piles[static_cast<size_t>(p)];
    source.erase(source.begin() + (down[static_cast<size_t>(p)] - 1));
    --down[static_cast<size_t>(p)];
    piles[static_cast<size_t>(top.rank() - 1)].push_back(top);
    table.counters[0] = IsClock(table.options) ? top.rank() - 1 : (p + 1) % kPiles;
    return Status::Ok();
  }

  // Won iff at most one card is face down, that card (if any) lies in its
  // own pile, and so does every face-up card.
  bool Won(const Table& table) const override {
    const auto& piles = table.areas.tableau;
    if (piles.size() != kPiles || table.areas.face_down.size() != kPiles) return false;
    int left = 0;
    for (size_t p = 0; p < piles.size(); ++p) {
      left += table.areas.face_down[p];
      for (Card c : piles[p])
        if (c.rank() != static_cast<int>(p) + 1) return false;
    }
    return left <= 1;
  }

  // "A>J  J♠": from the ace pile, under the Jack pile, the card.
  std::string FormatMove(const MoveSpec& move) const override {
    std::string out;
    if (!move.from.empty()) out += PileLabel(move.from[0].number);
    out += ">" + PileLabel(move.to.number) + " ";
    for (Card c : move.cards) out += " " + CardLabel(c);
    return out;
  }
  Expected<MoveSpec> ParseMove(std::string_view text) const override {
    const std::vector<std::string_view> words = SplitWords(text);
    if (words.empty()) return Status::BadInput("empty move");
    int a = 0, b = 0;
    if (!ParseArrow(words[0], a, b))
      return Status::BadInput("'" + Excerpt(words[0]) +
                              "' is not a turn FROM>TO with piles A, 2-10, J, Q, K or 1-13 (e.g. A>J)");
    if (words.size() < 2) return Status::BadInput("move '" + Excerpt(text) + "' names no card");
    auto card = ParseCard(words[1]);
    if (!card) return Status::BadInput("'" + Excerpt(words[1]) + "' is not a card (e.g. JS, 10H, J\u2660)");
    if (words.size() > 2) return Status::BadInput("move '" + Excerpt(text) + "' names more than one card");
    MoveSpec m;
    m.from = {Place{Area::kTableau, a}};
    m.to = Place{Area::kTableau, b};
    m.cards = {*card};
    return m;
  }
};

}  // namespace

const Game& FourOfAKindGame() {
  static const FourOfAKind game;
  return game;
}

}  // namespace talon
