// The Idiot's Delight, also known as King Albert (docs/rules/idiots-delight.md).
//
// 45 cards face up in 9 columns of 9, 8, ..., 1 cards (dealt row by row:
// nine cards on columns 1-9, then eight on columns 1-8, ..., one on column
// 1), 7 reserve cards face up, playable at any time and never refilled.
// One card moves at a time: a column's top card or a reserve card goes onto
// a column's top card one rank higher of the other colour, into an empty
// column (any card), or onto its suit's foundation (A up to K). Option
// worry=true: a foundation's top card may come back to the tableau.
//
// Foundations are numbered by suit: 1 clubs, 2 diamonds, 3 hearts, 4 spades.
// The solver is in this directory (docs/solvers/idiots-delight.md).
#include <algorithm>
#include <array>
#include <cassert>
#include <cctype>
#include <string>

#include "core/games/games.h"
#include "core/games/idiots_delight/solver.h"
#include "core/shorten.h"
#include "core/text.h"

namespace talon {
namespace {

constexpr int kColumns = idiot::kColumns;
constexpr int kReserve = idiot::kReserveSlots;


class IdiotsDelight final : public Game {
 public:
  IdiotsDelight()
      : Game({
            .id = "idiots-delight",
            .title = "The Idiot's Delight",
            .options = {OptionSpec{"worry", false, {false, true}, 0,
                                   "true: a foundation's top card may come back to the tableau"}},
            .areas = {Area::kTableau, Area::kReserve, Area::kFoundations},
        }) {}

  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    Areas a;
    a.tableau.resize(kColumns);
    size_t i = 0;
    for (int row = 0; row < kColumns; ++row)
      for (int col = 0; col < kColumns - row; ++col)
        a.tableau[static_cast<size_t>(col)].push_back(deck[i++]);
    for (int r = 0; r < kReserve; ++r) a.reserve.push_back(Pile{deck[i++]});
    a.foundations.resize(4);
    return a;
  }

  // PySolFC's King Albert deals round by round from the left: round r (1-8)
  // lays a card on columns r+1..9, a last round one on every column, then
  // one card on each of the 7 reserves. Its column 1 is the shortest, this
  // game's the longest: this game's column c is PySolFC's column 10-c.
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    assert(dealt.size() == 52);
    std::array<std::vector<Card>, kColumns> column;  // PySolFC's columns, bottom to top
    size_t k = 0;
    for (int round = 1; round <= kColumns; ++round)
      for (int c = round == kColumns ? 0 : round; c < kColumns; ++c)
        column[static_cast<size_t>(c)].push_back(dealt[k++]);
    std::vector<Card> deck;
    deck.reserve(52);
    for (int row = 0; row < kColumns; ++row)
      for (int col = 0; col < kColumns - row; ++col)
        deck.push_back(column[static_cast<size_t>(kColumns - 1 - col)][static_cast<size_t>(row)]);
    deck.insert(deck.end(), dealt.begin() + static_cast<std::ptrdiff_t>(k), dealt.end());
    return deck;
  }

  Status CheckShape(const Areas& areas, const Options&) const override {
    if (areas.tableau.size() != kColumns)
      return Status::BadInput("areas.tableau: idiots-delight has 9 columns, not " +
                              std::to_string(areas.tableau.size()));
    for (size_t j = 0; j < areas.tableau.size(); ++j)
      if (areas.tableau[j].size() > idiot::kMaxDealtColumn)
        return Status::BadInput("areas.tableau[" + std::to_string(j) + "] (column " +
                                std::to_string(j + 1) + "): holds " +
                                std::to_string(areas.tableau[j].size()) +
                                " cards; a column holds at most 21 in any game of idiots-delight");
    if (areas.reserve.size() != kReserve)
      return Status::BadInput("areas.reserve: idiots-delight has 7 reserve piles, not " +
                              std::to_string(areas.reserve.size()));
    for (size_t i = 0; i < areas.reserve.size(); ++i)
      if (areas.reserve[i].size() > 1)
        return Status::BadInput("areas.reserve[" + std::to_string(i) + "] (reserve " +
                                std::to_string(i + 1) + "): holds " +
                                std::to_string(areas.reserve[i].size()) +
                                " cards; a reserve pile holds one card or none");
    if (!areas.foundations.empty()) {
      if (areas.foundations.size() != 4)
        return Status::BadInput("areas.foundations: 4 piles (clubs, diamonds, hearts, spades) "
                                "or none, not " + std::to_string(areas.foundations.size()));
      for (size_t s = 0; s < 4; ++s)
        for (size_t k = 0; k < areas.foundations[s].size(); ++k) {
          const Card want(static_cast<int>(k) + 1, static_cast<Suit>(s));
          if (areas.foundations[s][k] != want)
            return Status::BadInput("areas.foundations[" + std::to_string(s) + "][" +
                                    std::to_string(k) + "] (foundation " + std::to_string(s + 1) +
                                    ", card " + std::to_string(k + 1) + "): " +
                                    CardName(areas.foundations[s][k]) + " where " +
                                    CardName(want) + " belongs (foundation " +
                                    std::to_string(s + 1) + " holds " + SuitSymbol(want.suit()) +
                                    " from the ace up)");
        }
    }
    if (!areas.face_down.empty())
      return Status::BadInput("face_down: idiots-delight deals every card face up");
    return Status::Ok();
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    return idiot::SolveDeal(deal, limits, /*prune=*/true);
  }
  const LineHooks& line_hooks() const override {
    static const ReplanHooks hooks(idiot::FindShortLine);
    return hooks;
  }

  const DifficultyModel* difficulty() const override { return idiot::Difficulty(); }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    t.areas.foundations.resize(4);
    t.areas.reserve.resize(kReserve);
    return t;
  }

  Status Play(Table& table, const MoveSpec& move) const override {
    Areas& a = table.areas;
    if (move.from.size() != 1)
      return Status::IllegalMove("a move takes one card from one place, not from " +
                                 std::to_string(move.from.size()) + " places");
    if (move.count > 1)
      return Status::IllegalMove("only one card moves at a time (count " +
                                 std::to_string(move.count) + ")");
    if (move.cards.size() != 1)
      return Status::IllegalMove("a move names the one card it moves, not " +
                                 std::to_string(move.cards.size()) + " cards");
    const Place& from = move.from[0];
    const Place& to = move.to;
    const Card card = move.cards[0];
    const std::string label = CardLabel(card);

    // Where the card comes from.
    Pile* src = nullptr;
    switch (from.area) {
      case Area::kTableau:
        if (from.number < 1 || from.number > kColumns)
          return Status::IllegalMove("there is no column " + std::to_string(from.number) +
                                     " (columns are 1-9)");
        src = &a.tableau[static_cast<size_t>(from.number - 1)];
        if (src->empty()) return Status::IllegalMove("column " + std::to_string(from.number) +
                                                     " is empty; " + label + " is not there");
        if (src->back() != card) {
          const bool inside = std::find(src->begin(), src->end(), card) != src->end();
          return Status::IllegalMove(
              label + (inside ? " is covered in column " : " is not in column ") +
              std::to_string(from.number) + "; its top card is " + CardLabel(src->back()) +
              (inside ? " (only the top card moves)" : ""));
        }
        break;
      case Area::kReserve:
        if (from.number < 1 || from.number > kReserve)
          return Status::IllegalMove("there is no reserve " + std::to_string(from.number) +
                                     " (reserve piles are 1-7)");
        src = &a.reserve[static_cast<size_t>(from.number - 1)];
        if (src->empty())
          return Status::IllegalMove("reserve " + std::to_string(from.number) +
                                     " is empty (a reserve pile is never refilled)");
        if (src->back() != card)
          return Status::IllegalMove("reserve " + std::to_string(from.number) + " holds " +
                                     CardLabel(src->back()) + ", not " + label);
        break;
      case Area::kFoundations: {
        if (!BoolOption(table.options, "worry"))
          return Status::IllegalMove("cards on the foundations cannot be taken back (" + label +
                                     "); the option worry=true allows it");
        const int want = card.suit() + 1;
        if (from.number != 0 && from.number != want)
          return Status::IllegalMove(label + " is not on foundation " +
                                     std::to_string(from.number) + " (foundation " +
                                     std::to_string(want) + " holds " + SuitSymbol(card.suit()) + ")");
        src = &a.foundations[static_cast<size_t>(want - 1)];
        if (src->empty() || src->back() != card)
          return Status::IllegalMove(
              label + " is not the top card of foundation " + std::to_string(want) + " (" +
              (src->empty() ? std::string("it is empty") : "its top card is " + CardLabel(src->back())) +
              ")");
        if (to.area == Area::kFoundations)
          return Status::IllegalMove(label + " is already on its foundation");
        break;
      }
      default:
        return Status::IllegalMove("cards are taken from a column, the reserve or (with "
                                   "worry=true) a foundation, not from " +
                                   std::string(AreaName(from.area)));
    }

    // Where it goes.
    switch (to.area) {
      case Area::kTableau: {
        if (to.number < 1 || to.number > kColumns)
          return Status::IllegalMove("there is no column " + std::to_string(to.number) +
                                     " (columns are 1-9)");
        Pile& dst = a.tableau[static_cast<size_t>(to.number - 1)];
        if (&dst == src)
          return Status::IllegalMove(label + " is already in column " + std::to_string(to.number));
        if (!dst.empty()) {
          const Card on = dst.back();
          if (on.rank() != card.rank() + 1)
            return Status::IllegalMove(
                label + " cannot go on " + CardLabel(on) + " in column " +
                std::to_string(to.number) + ": a card goes on one a rank higher" +
                (card.rank() == kKing ? " (a King only into an empty column)" : ""));
          if (on.red() == card.red())
            return Status::IllegalMove(label + " cannot go on " + CardLabel(on) + " in column " +
                                       std::to_string(to.number) +
                                       ": the colours must alternate (red on black, black on red)");
        }
        src->pop_back();
        dst.push_back(card);
        return Status::Ok();
      }
      case Area::kFoundations: {
        const int want = card.suit() + 1;
        if (to.number != 0 && to.number != want)
          return Status::IllegalMove(label + " goes to foundation " + std::to_string(want) + " (" +
                                     SuitSymbol(card.suit()) + "), not " +
                                     std::to_string(to.number) +
                                     " (foundations: 1 ♣, 2 ♦, 3 ♥, 4 ♠)");
        Pile& dst = a.foundations[static_cast<size_t>(want - 1)];
        if (static_cast<int>(dst.size()) + 1 != card.rank())
          return Status::IllegalMove(
              label + " cannot go to foundation " + std::to_string(want) + ": " +
              (dst.empty() ? "it is empty and starts with the ace"
                           : "its top card is " + CardLabel(dst.back()) + ", so it takes " +
                                 (dst.size() == 13 ? std::string("nothing more")
                                                   : CardLabel(Card(static_cast<int>(dst.size()) + 1,
                                                                    card.suit())))));
        src->pop_back();
        dst.push_back(card);
        return Status::Ok();
      }
      case Area::kReserve:
        return Status::IllegalMove("nothing goes to the reserve: it is never refilled");
      default:
        return Status::IllegalMove("cards go to a column or a foundation, not to " +
                                   std::string(AreaName(to.area)));
    }
  }

  bool Won(const Table& table) const override {
    if (table.areas.foundations.size() != 4) return false;
    for (const Pile& f : table.areas.foundations)
      if (f.size() != 13) return false;
    return true;
  }

  std::string RulesText(const Options& options) const override {
    return std::string(
               "Also called King Albert. 45 cards are dealt face up in nine columns of 9, 8, ..., 1 "
               "cards; the other 7 lie face up in a reserve, playable at any time, never refilled. "
               "Move one card at a time: a column's top card or a reserve card goes onto a top card "
               "one rank higher of the other colour (a red 7 on a black 8), into an empty column (any "
               "card), or onto its suit's foundation, built up from the ace to the King. Building is "
               "never compulsory. ") +
           (BoolOption(options, "worry") ? "The top card of a foundation may come back onto a column. "
                                         : "Cards on the foundations stay there. ") +
           "You win when all 52 cards are on the foundations.";
  }

  Notation MoveNotation(const Options&) const override {
    return {.symbols = {{"1-9", "the columns, numbered from the left"},
                        {"R1-R7", "the reserve cards, numbered from the left"},
                        {"F", "the foundation of the card's suit"},
                        {"\u2192", "goes to: the card moves from the place on the left to the place on the right"},
                        CardSymbol()},
            .unwritten = "Nothing happens by itself in this game: every move is written, cards going to "
                         "a foundation included."};
  }

  std::string DescribeMove(const MoveSpec& move) const override {
    if (move.from.empty() || move.cards.empty()) return "no move";
    auto where = [](const Place& p) -> std::string {
      switch (p.area) {
        case Area::kTableau: return "column " + std::to_string(p.number);
        case Area::kReserve: return "reserve place R" + std::to_string(p.number);
        case Area::kFoundations: return "its foundation";
        default: return "?";
      }
    };
    const Place& src = move.from[0];
    const std::string card = CardLabel(move.cards[0]);
    if (src.area == Area::kFoundations)
      return "move " + card + " back from its foundation onto " + where(move.to);
    return "move " + card + " from " + where(src) + (move.to.area == Area::kFoundations ? " to " : " onto ") +
           where(move.to);
  }

  // "3→7  6♥", "R2→F  A♠", "F→4  5♥" (worry), "9→1  K♣" (into an empty column).
  std::string FormatMove(const MoveSpec& move) const override {
    auto place = [](const Place& p) -> std::string {
      switch (p.area) {
        case Area::kTableau: return std::to_string(p.number);
        case Area::kReserve: return "R" + std::to_string(p.number);
        case Area::kFoundations: return "F";
        default: return "?";
      }
    };
    std::string out;
    for (size_t i = 0; i < move.from.size(); ++i) out += (i ? "+" : "") + place(move.from[i]);
    out += "\u2192" + place(move.to) + " ";
    for (Card c : move.cards) out += " " + CardLabel(c);
    return out;
  }

  Expected<MoveSpec> ParseMove(std::string_view text) const override {
    const std::string whole(text);
    auto bad = [&](const std::string& why) {
      return Status::BadInput("move '" + Excerpt(whole) + "': " + why +
                              " (write e.g. \"3\u21927 6\u2665\", \"R2\u2192F A\u2660\" or "
                              "\"3->7 6H\")");
    };
    // The card is the last word; the rest, spaces removed, is FROM arrow TO.
    size_t end = text.find_last_not_of(" \t");
    if (end == std::string_view::npos) return bad("empty move");
    size_t start = text.find_last_of(" \t", end);
    if (start == std::string_view::npos) return bad("no card named");
    auto card = ParseCard(text.substr(start + 1, end - start));
    if (!card) return bad("'" + Excerpt(text.substr(start + 1, end - start)) + "' is not a card");
    std::string places;
    for (char ch : text.substr(0, start))
      if (ch != ' ' && ch != '\t') places += ch;
    size_t arrow = places.find("\u2192");
    size_t arrow_len = 3;
    if (arrow == std::string::npos) {
      arrow = places.find("->");
      arrow_len = 2;
    }
    if (arrow == std::string::npos) {
      arrow = places.find('>');
      arrow_len = 1;
    }
    if (arrow == std::string::npos) return bad("no arrow between the two places");
    auto place = [&](const std::string& s, Place& p) {
      if (s.empty()) return false;
      const char head = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
      std::string digits = s;
      if (head == 'R' || head == 'F') digits = s.substr(1);
      if (digits.size() > 2 ||
          !std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        return false;
      const int n = digits.empty() ? 0 : std::stoi(digits);
      if (head == 'F') {
        p = Place{Area::kFoundations, n ? n : card->suit() + 1};
        return true;
      }
      if (digits.empty()) return false;
      p = Place{head == 'R' ? Area::kReserve : Area::kTableau, n};
      return true;
    };
    MoveSpec m;
    Place from, to;
    if (!place(places.substr(0, arrow), from))
      return bad("'" + Excerpt(places.substr(0, arrow)) + "' is not a column (1-9), reserve (R1-R7) or F");
    if (!place(places.substr(arrow + arrow_len), to))
      return bad("'" + Excerpt(places.substr(arrow + arrow_len)) +
                 "' is not a column (1-9), reserve (R1-R7) or F");
    m.from.push_back(from);
    m.to = to;
    m.cards.push_back(*card);
    return m;
  }
};

}  // namespace

const Game& IdiotsDelightGame() {
  static const IdiotsDelight game;
  return game;
}

}  // namespace talon
