// Fifteen (docs/rules/fifteen.md): 16 slots in a 4x4 grid, the rest a
// stock. Discard two or more cards of A-9 whose values sum to 15, or all four
// cards of one rank among 10, J, Q, K together; empty slots refill from the
// stock.
//
// The solver is the generic search over rank counts (a bisimulation), with
// one safe move and no dead test: docs/solvers/adding-games.md, "Fifteen".
// A move is a multiset of ranks; SolveWith turns each into concrete slots
// (the lowest-numbered slots holding those ranks).
#include <array>
#include <vector>

#include "core/difficulty/model.h"
#include "core/difficulty/rules_player.h"
#include "core/games/games.h"
#include "core/games/slots.h"

namespace talon {
namespace {

constexpr int kSlots = 16;
constexpr int kDrawnShift = 56;
constexpr uint64_t One(int rank) { return uint64_t{1} << (4 * (rank - 1)); }
constexpr int Count(uint64_t p, int rank) { return static_cast<int>((p >> (4 * (rank - 1))) & 15); }
// The nibbles of A-9, and their high bits (for the packed "every count at
// least" test: counts are at most 4, so (a | 8) - b never borrows across
// nibbles and keeps bit 3 iff a >= b).
constexpr uint64_t kLowNibbles = (uint64_t{1} << 36) - 1;
constexpr uint64_t kLowHigh = 0x888888888ULL;

// Every multiset of A-9 values summing to 15 with at least two cards and at
// most four of a value: 109 of them.
constexpr int kCombos = 109;
struct Combo {
  uint64_t counts = 0;  // packed like a position
  uint8_t size = 0;     // number of cards
};

struct ComboTable {
  std::array<Combo, kCombos> combo{};
  int n = 0;
};

constexpr void Enumerate(ComboTable& t, int value, int left, uint64_t counts, int size) {
  if (left == 0) {
    if (size >= 2) t.combo[static_cast<size_t>(t.n++)] = Combo{counts, static_cast<uint8_t>(size)};
    return;
  }
  if (value == 0) return;
  for (int k = 0; k <= 4 && k * value <= left; ++k)
    Enumerate(t, value - 1, left - k * value, counts + static_cast<uint64_t>(k) * One(value),
              size + k);
}

constexpr int MaxValue(const Combo& c) {
  int v = 9;
  while (Count(c.counts, v) == 0) --v;
  return v;
}
// True iff the search tries a before b.
constexpr bool Before(const Combo& a, const Combo& b) {
  if (MaxValue(a) != MaxValue(b)) return MaxValue(a) > MaxValue(b);
  return a.size < b.size;
}

// The combos in the order the search tries them: largest value first, then
// fewest cards (ties: enumeration order); docs: "Fifteen", move ordering.
constexpr ComboTable MakeCombos() {
  ComboTable t;
  Enumerate(t, 9, 15, 0, 0);
  for (int i = 1; i < t.n; ++i) {  // stable insertion sort
    Combo c = t.combo[static_cast<size_t>(i)];
    int j = i;
    while (j > 0 && Before(c, t.combo[static_cast<size_t>(j - 1)])) {
      t.combo[static_cast<size_t>(j)] = t.combo[static_cast<size_t>(j - 1)];
      --j;
    }
    t.combo[static_cast<size_t>(j)] = c;
  }
  return t;
}
constexpr ComboTable kComboTable = MakeCombos();
static_assert(kComboTable.n == kCombos);

// Moves 0..kCombos-1 are the combos; kCombos + (r - 10) is "four of rank r".
constexpr int kFaceMove = kCombos;

struct FifteenDeal {
  int stock_size = 0;
  std::array<uint8_t, 52> draw{};  // ranks, draw[0] turned first
  // prefix[i]: packed rank counts of draw[0, i). A rank has at most 4 cards,
  // so no nibble overflows.
  std::array<uint64_t, 53> prefix{};
  uint64_t start = 0;
};

struct FifteenRules {
  using Position = uint64_t;  // 4 bits per rank count (rank r at 4(r-1)), drawn at bit 56
  using Move = uint8_t;
  static constexpr int kMaxMoves = kCombos + 4;
  bool prune = true;
  const FifteenDeal* deal = nullptr;

  bool Won(const Position& p) const {
    return p == static_cast<uint64_t>(deal->stock_size) << kDrawnShift;
  }

  int Moves(const Position& p, Move* out) const {
    int n = 0;
    for (int r = 10; r <= kKing; ++r)
      if (Count(p, r) == 4) {
        out[n++] = static_cast<Move>(kFaceMove + r - 10);
        if (prune) return n;  // the safe move (docs; SlotsDeals.FifteenPrunedAgreesWithPlain)
      }
    const uint64_t have = (p & kLowNibbles) | kLowHigh;
    for (int i = 0; i < kCombos; ++i)
      if (((have - kComboTable.combo[static_cast<size_t>(i)].counts) & kLowHigh) == kLowHigh)
        out[n++] = static_cast<Move>(i);
    return n;
  }

  void Apply(Position& p, Move m) const {
    int size = 4;
    if (m >= kFaceMove) {
      p -= 4 * One(m - kFaceMove + 10);
    } else {
      p -= kComboTable.combo[m].counts;
      size = kComboTable.combo[m].size;
    }
    const int drawn = static_cast<int>(p >> kDrawnShift);
    const int k = std::min(size, deal->stock_size - drawn);
    p += deal->prefix[static_cast<size_t>(drawn + k)] - deal->prefix[static_cast<size_t>(drawn)];
    p += static_cast<uint64_t>(k) << kDrawnShift;
  }

  Key128 KeyOf(const Position& p) const { return {p, 0}; }

  bool Dead(const Position&) const { return false; }  // no sound test pays (docs)
};

class Fifteen final : public SlotGame {
 public:
  Fifteen()
      : SlotGame({
            .id = "fifteen",
            .title = "Fifteen",
            .areas = {Area::kTableau, Area::kStock},
            .sheet = {.tableau = SheetLayout::Tableau::kRows, .row_lengths = {4}},
        }) {}

  std::string RulesText(const Options&) const override {
    return "Sixteen cards are dealt face up in a 4x4 grid; the rest form the stock. Discard "
           "any two or more cards of A-9 whose values sum to 15. 10s, Jacks, Queens and Kings "
           "are discarded only as all four of one rank together, never with other cards. "
           "After each discard the empty slots are refilled from the stock, in slot order. "
           "You win when all 52 cards are discarded.";
  }
  int Slots(const Options&) const override { return kSlots; }
  // PySolFC's Fifteens (not its Fifteen, another game) deals 16 slots row by
  // row, then keeps the rest as its talon: this game's order (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    return std::vector<Card>(dealt.begin(), dealt.end());
  }
  SolveResult SolveWith(const Deal& deal, const SearchLimits& limits, bool prune) const override;
  const DifficultyModel* difficulty() const override;

 protected:
  Status CheckCards(std::span<const Card> cards, const std::vector<Pile>& tableau) const override;
};

FifteenDeal MakeFifteenDeal(const Deal& deal) {
  FifteenDeal fd;
  const Pile& stock = deal.areas.stock;
  fd.stock_size = static_cast<int>(stock.size());
  for (size_t i = 0; i < stock.size(); ++i) {
    fd.draw[i] = static_cast<uint8_t>(stock[stock.size() - 1 - i].rank());
    fd.prefix[i + 1] = fd.prefix[i] + One(fd.draw[i]);
  }
  for (const Pile& slot : deal.areas.tableau)
    if (!slot.empty()) fd.start += One(slot.back().rank());
  return fd;
}

// The sensible player (core/difficulty/player.h): the solver's positions and
// moves. It discards four of a rank 10-K at once (the safe move), else
// chooses among the distinct sets of ranks that make 15 (which slots hold
// them never matters: docs/solvers/adding-games.md, "Fifteen").
// Every move discards cards: no cycles.
class Player : public difficulty::RulesPlayer<Player, FifteenRules> {
 public:
  bool Load(const Deal& deal, Position& start) {
    deal_ = MakeFifteenDeal(deal);
    rules_.deal = &deal_;
    rules_.prune = true;
    start = deal_.start;
    return true;
  }
  const FifteenRules& rules() const { return rules_; }
  uint64_t KeyOf(const Position& p) const { return p; }
  int Progress(const Position& p) const {
    int left = deal_.stock_size - static_cast<int>(p >> kDrawnShift);
    for (int r = 1; r <= kKing; ++r) left += Count(p, r);
    return 52 - left;
  }

  int Value(const Position& p) const { return Progress(p); }
  Verdict Decide(const Position& p, const SearchLimits& limits, std::vector<Move>* line) const {
    auto outcome = Search(rules_, p, limits);
    if (line && outcome.verdict == Verdict::kSolved) *line = std::move(outcome.line);
    return outcome.verdict;
  }
  LineStep ToMove(const Position&, const MoveSpec& spec, Move& move) const {
    uint64_t counts = 0;
    for (Card c : spec.cards) counts += One(c.rank());
    for (int r = 10; r <= kKing; ++r)
      if (counts == 4 * One(r)) {
        move = static_cast<Move>(kFaceMove + r - 10);
        return LineStep::kMove;
      }
    for (int i = 0; i < kCombos; ++i)
      if (kComboTable.combo[static_cast<size_t>(i)].counts == counts) {
        move = static_cast<Move>(i);
        return LineStep::kMove;
      }
    return LineStep::kNone;
  }

 private:
  FifteenDeal deal_;
  FifteenRules rules_;
};

SolveResult Fifteen::SolveWith(const Deal& deal, const SearchLimits& limits, bool prune) const {
  const FifteenDeal fd = MakeFifteenDeal(deal);
  FifteenRules rules;
  rules.prune = prune;
  rules.deal = &fd;
  auto outcome = Search(rules, fd.start, limits);

  SolveResult result;
  result.verdict = outcome.verdict;
  result.stats = outcome.stats;
  if (outcome.verdict != Verdict::kSolved) return result;
  // Replay on concrete slots: each rank multiset takes the lowest-numbered
  // slots holding those ranks.
  std::vector<Pile> tableau = deal.areas.tableau;
  Pile rest = deal.areas.stock;
  for (uint8_t m : outcome.line) {
    std::array<int, 14> need{};
    if (m >= kFaceMove) {
      need[static_cast<size_t>(m - kFaceMove + 10)] = 4;
    } else {
      for (int r = 1; r <= 9; ++r)
        need[static_cast<size_t>(r)] = Count(kComboTable.combo[m].counts, r);
    }
    MoveSpec spec;
    for (size_t s = 0; s < tableau.size(); ++s) {
      if (tableau[s].empty()) continue;
      int& want = need[static_cast<size_t>(tableau[s].back().rank())];
      if (want == 0) continue;
      --want;
      spec.from.push_back(Place{Area::kTableau, static_cast<int>(s) + 1});
      spec.cards.push_back(tableau[s].back());
    }
    for (const Place& p : spec.from) tableau[static_cast<size_t>(p.number - 1)].clear();
    RefillSlots(tableau, rest);
    result.moves.push_back(std::move(spec));
  }
  return result;
}

const DifficultyModel* Fifteen::difficulty() const {
  static const PlayerModel<Player> model(
      DifficultySettings{.playouts = 200, .child_nodes = 20000, .max_moves = 100, .critical_weight = 2.0});
  return &model;
}

Status Fifteen::CheckCards(std::span<const Card> cards, const std::vector<Pile>& tableau) const {
  bool high = false, low = false;
  for (Card c : cards) (c.rank() >= 10 ? high : low) = true;
  if (high && low) {
    for (Card c : cards)
      if (c.rank() >= 10)
        return Status::IllegalMove(CardLabel(c) +
                                   " cannot be combined with other cards: 10s, Jacks, Queens and "
                                   "Kings go out only as all four of one rank");
  }
  if (high) {
    const int rank = cards[0].rank();
    for (Card c : cards)
      if (c.rank() != rank)
        return Status::IllegalMove(CardList(cards) +
                                   " are not of one rank: 10s, Jacks, Queens and Kings go out "
                                   "only as all four of one rank");
    if (cards.size() == 4) return Status::Ok();
    std::vector<Card> missing, unnamed;
    for (int s = 0; s < 4; ++s) {
      const Card want(rank, static_cast<Suit>(s));
      if (std::find(cards.begin(), cards.end(), want) != cards.end()) continue;
      bool on_table = false;
      for (const Pile& slot : tableau)
        on_table = on_table || (!slot.empty() && slot.back() == want);
      (on_table ? unnamed : missing).push_back(want);
    }
    static const char* const kPlural[] = {"10s", "Jacks", "Queens", "Kings"};
    const std::string all = std::string("the four ") + kPlural[rank - 10] + " go out together";
    if (!missing.empty())
      return Status::IllegalMove(all + ", and " + CardList(missing) +
                                 (missing.size() == 1 ? " is" : " are") + " not on the tableau");
    return Status::IllegalMove(all + ": name " + CardList(unnamed) + " too");
  }
  if (cards.size() == 1)
    return Status::IllegalMove("a card alone cannot be discarded; " + CardLabel(cards[0]) +
                               " needs partners to make 15");
  int sum = 0;
  for (Card c : cards) sum += c.rank();
  if (sum != 15)
    return Status::IllegalMove(CardList(cards, " + ") + " make " + std::to_string(sum) +
                               ", not 15");
  return Status::Ok();
}

}  // namespace

const Game& FifteenGame() {
  static const Fifteen game;
  return game;
}

}  // namespace talon
