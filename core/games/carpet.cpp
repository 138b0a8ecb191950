// The Carpet (docs/rules/carpet.md): 20 cards in four rows of five (slots
// 1-20, row by row); aces go out at once to four foundations (1 clubs,
// 2 diamonds, 3 hearts, 4 spades), built up in suit from the carpet; every
// hole is refilled at once from the pack (aces drawn go out too, and the hole
// is refilled again). When nothing on the carpet can be built, the player
// turns the rest of the pack one card at a time onto the waste, whose top
// may be built; from then on holes are patched from the top of the waste,
// never from the pack (option `patching`: compulsory, done at once by the
// rules; or optional, a move the player may make). One pass, no redeal.
//
// Checker: Table.counters[0] is the phase: 0 while holes are refilled from
// the pack, 1 once the first card has been turned onto the waste.
//
// SOLVER FACTS (proved here; the tests check them against the plain search).
//
// C1. A position is exactly described by: the set of cards on the carpet,
//     the number of cards drawn from the deal (the 20 dealt plus those taken
//     from the pack), which drawn cards lie in the waste, and the phase.
//     The foundations hold exactly the drawn cards that are neither on the
//     carpet nor in the waste; the waste's order is the order of drawing
//     (cards only ever go onto it from the pack, in drawing order, and leave
//     from its top). Which slot holds which carpet card never matters: every
//     carpet card is available and any hole takes any patch. So the key is
//     (carpet set, drawn, phase, waste set), an exact encoding.
//
// C2. Phase 0 is confluent, so with prune it offers a single build. In
//     phase 0 the only moves are builds from the carpet; turning is allowed
//     only when none exists, so there is no choice between building and
//     turning. A build of card c draws the next non-ace card of the pack
//     (and every ace before it) into the carpet. Let a, b be two builds
//     available at once. They are of different suits (one card per suit is
//     buildable), so after a, b is still legal (b stays on the carpet; its
//     foundation is unchanged) and vice versa; a-then-b and b-then-a give the
//     same foundations, hence the same drawn count (the pack supplies one
//     card per hole made, skipping aces) and the same carpet set. The phase-0
//     system terminates (each build adds a card to a foundation), so by
//     Newman's lemma every maximal phase-0 play ends in the same position:
//     taking the first build each time loses nothing, and the score is
//     unchanged (every card built in any phase-0 play is built in the end).
//
// C3. With compulsory patching, in phase 1 it never matters WHICH card is
//     built, only whether the next event is a build or a turn; so with
//     prune Moves() offers the first buildable card and the turn. Proof.
//     While the waste holds cards the carpet is full, so a build of any card
//     x "pops" the waste's top (into the hole x leaves, or x is the top and
//     leaves itself): the waste changes the same way whichever card is
//     built. A turn pushes a card (and pops it at once into a hole if there
//     is one, which the number of builds and turns so far decides). So the
//     sequence of events (T = turn, B = build) alone decides the waste at
//     every moment and when each card is available: on the carpet from its
//     pop on, or while it is the waste's top; a card that is the top when a
//     build happens is popped, so it stays available. Let a line L build y
//     at its first event while x is also buildable and available (x, y of
//     different suits: one card per suit is buildable). Let j1 < ... < jm be
//     the later events of L building the next cards of y's suit before L
//     builds x (at event j, or never). L' builds x first, then y at j1, y+1
//     at j2, ..., y+m at j (if L builds x), every other event as L (no card
//     of x's suit is built before j in L). Each build of L' is legal: the
//     card was available when L built it, at an earlier event, which was a
//     build in L' too, so it was popped then (or was on the carpet) and is
//     still there; its predecessor in its suit is built by construction.
//     Other suits see the same builds at the same events. After event j
//     both lines have built the same cards: same position. So L' wins when
//     L does, and builds as many cards at every event (the score is kept:
//     without event j, L' ends with x built in place of y+m).
//     Repeating this, a line that always builds the first buildable card
//     does as well as any line with the same events.
//
// C4. With optional patching, in phase 1 any build is safe (the search
//     offers it alone). A build from the carpet: let L win; L' builds the
//     card x now and plays L without its build of x. L' has the same waste
//     as L at every moment (the waste changes only by turns, patches and
//     builds of its top, the same in both), the same carpet less x and
//     one more hole until L builds x, then the same position. A patch of
//     L finds a hole in L' too; every build of L is legal in L' (x's suit
//     only gains). A build of the waste's top w: L' builds w now and plays
//     L without its moves of w (its patch of w into a hole, its build of
//     w). Until L builds w, L' has L's waste less w, L's carpet less w and
//     at least as many holes, so every other move of L is legal in L'
//     (tops agree except when L's top is w, and L then moves w, skipped);
//     after it the positions agree. Both keep the score too (L' has built
//     at least as many cards at every step).
//
// C5. Once the pack is used up only builds remain; by C3 (compulsory) or C4
//     (optional) one build suffices. (That is why the search is small.)
//
// The search is the generic one (core/search.h). The score is the most
// cards built in any position it entered (Apply records it): the search
// enters every reachable position except those skipped by C2, which never
// hold more built cards than the phase-0 end they lead to.
#include "core/games/carpet.h"

#include <array>
#include <bit>
#include <cassert>
#include <optional>

#include "core/games/games.h"
#include "core/search.h"

namespace talon {
namespace {

constexpr int kSlots = 20;
constexpr int kFoundations = 4;

bool Compulsory(const Options& options) { return WordOption(options, "patching") == "compulsory"; }

// ---------------------------------------------------------------------------
// The checker's helpers.

int FirstHole(const std::vector<Pile>& tableau) {
  for (size_t s = 0; s < tableau.size(); ++s)
    if (tableau[s].empty()) return static_cast<int>(s);
  return -1;
}

// Takes the pack's top card: an ace goes to its foundation at once and
// nullopt is returned; any other card is returned.
std::optional<Card> DrawFromPack(Areas& a) {
  const Card c = a.stock.back();
  a.stock.pop_back();
  if (c.rank() == kAce) {
    a.foundations[c.suit()].push_back(c);
    return std::nullopt;
  }
  return c;
}

// What the rules do without a choice after every move: in phase 0 every
// hole is refilled from the pack in slot order; in phase 1 with compulsory
// patching every hole is patched from the waste's top, in slot order.
void Settle(Table& t) {
  Areas& a = t.areas;
  if (t.counters[0] == 0) {
    for (Pile& slot : a.tableau)
      while (slot.empty() && !a.stock.empty())
        if (auto c = DrawFromPack(a)) slot.push_back(*c);
    return;
  }
  if (!Compulsory(t.options)) return;
  for (Pile& slot : a.tableau) {
    if (a.waste.empty()) return;
    if (!slot.empty()) continue;
    slot.push_back(a.waste.back());
    a.waste.pop_back();
  }
}

std::string SlotName(int s) { return "slot " + std::to_string(s); }

// ---------------------------------------------------------------------------
// The solver's rules.

struct CarpetDeal {
  std::array<uint8_t, 52> draw{};  // Card::code, in drawing order: slots 1-20, then the pack
  std::array<uint8_t, 52> at{};    // at[Card::index()]: its place in draw[]
  bool compulsory = true;
};

uint64_t Bit(Card c) { return uint64_t{1} << c.index(); }

struct CarpetPosition {
  uint64_t carpet = 0;  // Card::index bits of the cards on the carpet
  uint64_t waste = 0;   // bit k: draw[k] lies in the waste
  std::array<uint8_t, kFoundations> found{};  // top rank per suit (0: no ace yet)
  uint8_t drawn = 0;    // cards of draw[] taken so far
  uint8_t phase = 0;    // 1 once turning has begun
  uint8_t built = 0;    // cards on the foundations
};

enum class Kind : uint8_t { kBuildCarpet, kBuildWaste, kTurn, kPatch };
struct CarpetMove {
  Kind kind = Kind::kTurn;
  uint8_t card = 0;  // Card::code for kBuildCarpet
};

struct CarpetRules {
  using Position = CarpetPosition;
  using Move = CarpetMove;
  static constexpr int kMaxMoves = 8;  // 4 carpet builds, waste build, patch, turn
  bool prune = true;
  const CarpetDeal* deal = nullptr;
  mutable int best = 0;  // the score: most cards built in a position entered

  static int Holes(const Position& p) { return kSlots - std::popcount(p.carpet); }
  Card WasteTop(const Position& p) const {
    return Card::FromCode(deal->draw[static_cast<size_t>(63 - std::countl_zero(p.waste))]);
  }
  static bool Buildable(const Position& p, Card c) { return p.found[c.suit()] + 1 == c.rank(); }

  bool Won(const Position& p) const { return p.built == 52; }

  int Moves(const Position& p, Move* out) const {
    int n = 0;
    if (p.waste && Buildable(p, WasteTop(p))) out[n++] = {Kind::kBuildWaste, 0};
    for (int s = 0; s < kFoundations; ++s) {
      if (p.found[static_cast<size_t>(s)] == 13) continue;
      const Card c(p.found[static_cast<size_t>(s)] + 1, static_cast<Suit>(s));
      if (!(p.carpet & Bit(c))) continue;
      out[n++] = {Kind::kBuildCarpet, c.code()};
    }
    if (prune && n > 1) n = 1;  // C2, C3
    if (prune && n == 1 && p.phase == 1 && !deal->compulsory) return 1;  // C4
    if (p.phase == 0) {
      if (n == 0 && p.drawn < 52) out[n++] = {Kind::kTurn, 0};
      return n;
    }
    if (!deal->compulsory && p.waste && Holes(p) > 0) out[n++] = {Kind::kPatch, 0};
    if (p.drawn < 52) out[n++] = {Kind::kTurn, 0};
    return n;
  }

  void Settle(Position& p) const {
    if (p.phase == 0) {
      while (Holes(p) > 0 && p.drawn < 52) Draw(p);
    } else if (deal->compulsory) {
      while (Holes(p) > 0 && p.waste) PatchOne(p);
    }
  }
  // Takes the next card of the deal: an ace to its foundation, else to the
  // carpet (phase 0) or the waste (phase 1).
  void Draw(Position& p) const {
    const int k = p.drawn++;
    const Card c = Card::FromCode(deal->draw[static_cast<size_t>(k)]);
    if (c.rank() == kAce) {
      p.found[c.suit()] = 1;
      ++p.built;
    } else if (p.phase == 0) {
      p.carpet |= Bit(c);
    } else {
      p.waste |= uint64_t{1} << k;
    }
  }
  void PatchOne(Position& p) const {
    const int k = 63 - std::countl_zero(p.waste);
    p.waste &= ~(uint64_t{1} << k);
    p.carpet |= Bit(Card::FromCode(deal->draw[static_cast<size_t>(k)]));
  }

  void Apply(Position& p, Move m) const {
    switch (m.kind) {
      case Kind::kBuildCarpet: {
        const Card c = Card::FromCode(m.card);
        p.carpet &= ~Bit(c);
        p.found[c.suit()] = static_cast<uint8_t>(c.rank());
        ++p.built;
        break;
      }
      case Kind::kBuildWaste: {
        const Card c = WasteTop(p);
        p.waste &= ~(uint64_t{1} << (63 - std::countl_zero(p.waste)));
        p.found[c.suit()] = static_cast<uint8_t>(c.rank());
        ++p.built;
        break;
      }
      case Kind::kTurn:
        p.phase = 1;
        Draw(p);
        break;
      case Kind::kPatch: PatchOne(p); break;
    }
    Settle(p);
    if (p.built > best) best = p.built;
  }

  // C1. drawn <= 52 keeps the top bits of lo clear, so never all ones.
  Key128 KeyOf(const Position& p) const {
    return {p.carpet | uint64_t{p.drawn} << 52 | uint64_t{p.phase} << 58, p.waste};
  }
  // C6. A bound on the cards a position can still build. Let the waste be
  // w_1 (bottom) .. w_n (top), and let T stock cards be turned before w_i
  // is the top (w_i becomes available only as the top). Every card above
  // w_i then has left the waste: the n - i there now and the turned ones
  // that are not aces (an ace goes out at once). A card leaves the waste
  // only by a build while the waste is not empty (every build pops the top:
  // C3) or, with optional patching, by a patch, which fills a hole: one of
  // the h holes there are now or one made by a build. So
  //   builds + h >= n - i + T - (aces among the T).
  // None of those builds uses w_1..w_i (below the top all along), and a
  // build needs its suit's lower cards built first; so in suit s they form
  // a run from the foundation's next card, below the lowest card of suit s
  // among w_1..w_i, of cards on the carpet, higher in the waste, or among
  // the first T of the stock. Counting the aces among the T in the runs:
  //   run(T) - T + h >= n - i, with run(T) = the sum of those runs.
  // If no T allows it, none of w_1..w_i is ever built, and the position
  // builds at most R_i more cards (the runs with the whole stock) for the
  // largest such i. run(T) - T is largest at a T where a run grows, so the
  // test sweeps T over the stock. Dead() is "this bound cannot beat the
  // best score found so far": sound (the bound is below 52, so no win), and
  // the score stays exact.
  int Bound(const Position& p) const {
    if (!p.waste) return 52;
    const int n = std::popcount(p.waste), h = Holes(p), stock = 52 - p.drawn;
    // need[s][j]: the turns needed before the j-th card of suit s above the
    // foundation and every card below it in the run are drawn.
    std::array<std::array<uint8_t, 14>, kFoundations> need{};
    for (int s = 0; s < kFoundations; ++s) {
      int m = 0;
      for (int r = p.found[static_cast<size_t>(s)] + 1; r <= 13; ++r) {
        const int k = deal->at[static_cast<size_t>(Card(r, static_cast<Suit>(s)).index())];
        m = std::max(m, k >= p.drawn ? k - p.drawn + 1 : 0);
        need[static_cast<size_t>(s)][static_cast<size_t>(r - p.found[static_cast<size_t>(s)])] = static_cast<uint8_t>(m);
      }
    }
    std::array<int, kFoundations> low = {14, 14, 14, 14};  // lowest rank per suit in w_1..w_i
    int i = 0, bound = 52, best_margin = 0, runs = 0;
    for (uint64_t w = p.waste; w; w &= w - 1) {
      ++i;
      const Card c = Card::FromCode(deal->draw[static_cast<size_t>(std::countr_zero(w))]);
      if (i == 1 || c.rank() < low[c.suit()]) {
        low[c.suit()] = std::min(low[c.suit()], c.rank());
        std::array<uint8_t, 53> count{};
        runs = 0;
        for (int s = 0; s < kFoundations; ++s) {
          const int cap = low[static_cast<size_t>(s)] - 1 - p.found[static_cast<size_t>(s)];
          runs += cap;
          for (int j = 1; j <= cap; ++j) ++count[need[static_cast<size_t>(s)][static_cast<size_t>(j)]];
        }
        best_margin = -1000;
        for (int t = 0, run = 0; t <= stock; ++t) {
          run += count[static_cast<size_t>(t)];
          best_margin = std::max(best_margin, run - t);
        }
      }
      if (best_margin + h < n - i) bound = p.built + runs;
    }
    return bound;
  }
  bool Dead(const Position& p) const { return Bound(p) <= best; }
};

// ---------------------------------------------------------------------------

class Carpet final : public Game {
 public:
  std::string_view id() const override { return "carpet"; }
  std::string_view title() const override { return "The Carpet"; }
  std::string_view summary() const override {
    return "Twenty cards are dealt face up in four rows of five: the carpet. Aces go out at once "
           "to start four foundations, built up in suit from the carpet; every hole is refilled "
           "at once from the pack. When nothing more can be built, turn the rest of the pack one "
           "card at a time onto a waste pile, whose top card may be built; from then on holes are "
           "patched from the top of the waste, never from the pack. One pass. You win when all "
           "52 cards are on the foundations; the score is the number of cards built.";
  }
  std::vector<OptionSpec> option_specs() const override {
    return {OptionSpec{"patching", std::string("compulsory"),
                       {std::string("compulsory"), std::string("optional")}, 0,
                       "compulsory: holes are patched at once from the waste; optional: patching "
                       "is a move the player may make"}};
  }
  std::vector<Area> areas() const override { return {Area::kTableau, Area::kStock}; }

  // deck[0..19] to slots 1-20 (row by row); the rest is the pack, deck[20]
  // drawn first (the stock pile lists it last).
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    assert(deck.size() == 52);
    Areas a;
    for (size_t i = 0; i < kSlots; ++i) a.tableau.push_back(Pile{deck[i]});
    a.stock.assign(deck.rbegin(), deck.rend() - kSlots);
    return a;
  }

  Expected<std::vector<Card>> PysolDeck(std::span<const Card>, const Options&) const override {
    return Status::Usage("--shuffle pysol: PySolFC's Carpet puts the four aces on the "
                         "foundations before it deals the carpet, so its carpet never holds an "
                         "ace and its pack 28 cards; no deal of The Carpet is laid out so "
                         "(docs/pysol.md)");
  }

  Status CheckShape(const Areas& areas, const Options&) const override {
    if (areas.tableau.size() != kSlots)
      return Status::BadInput("areas.tableau: the carpet has 20 slots (4 rows of 5), not " +
                              std::to_string(areas.tableau.size()));
    for (size_t s = 0; s < areas.tableau.size(); ++s)
      if (areas.tableau[s].size() != 1)
        return Status::BadInput("areas.tableau[" + std::to_string(s) + "] (slot " + std::to_string(s + 1) + "): a slot of the carpet " +
                                "is dealt one card, not " + std::to_string(areas.tableau[s].size()));
    if (areas.stock.size() != 52 - kSlots)
      return Status::BadInput("areas.stock: the pack holds the other 32 cards, not " +
                              std::to_string(areas.stock.size()));
    if (!areas.face_down.empty())
      return Status::BadInput("face_down: the carpet deals every card face up");
    return Status::Ok();
  }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    t.areas.foundations.assign(kFoundations, Pile{});
    t.counters = {0};
    for (Pile& slot : t.areas.tableau)
      if (!slot.empty() && slot.back().rank() == kAce) {
        t.areas.foundations[slot.back().suit()].push_back(slot.back());
        slot.pop_back();
      }
    Settle(t);
    return t;
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    CarpetSolve solved = SolveCarpet(deal, limits, true);
    solved.result.score = solved.score;
    return std::move(solved.result);
  }

  Status Play(Table& table, const MoveSpec& move) const override {
    Areas& a = table.areas;
    if (a.tableau.size() != kSlots || a.foundations.size() != kFoundations || table.counters.empty())
      return Status::Internal("carpet: the table was not set up by StartTable");
    if (move.from.size() != 1 || move.cards.size() != 1 || move.count > 1)
      return Status::IllegalMove("a move of The Carpet takes one card from one place");
    const Place& src = move.from[0];
    const Place& dst = move.to;
    const Card card = move.cards[0];
    const bool phase0 = table.counters[0] == 0;

    // Where the card comes from, checked first.
    if (src.area == Area::kTableau) {
      if (src.number < 1 || src.number > kSlots)
        return Status::IllegalMove("there is no " + SlotName(src.number) + " (slots are 1-20)");
      const Pile& slot = a.tableau[static_cast<size_t>(src.number - 1)];
      if (slot.empty()) return Status::IllegalMove(SlotName(src.number) + " is a hole (it was to hold " + CardLabel(card) + ")");
      if (slot.back() != card)
        return Status::IllegalMove(SlotName(src.number) + " holds " + CardLabel(slot.back()) + ", not " + CardLabel(card));
    } else if (src.area == Area::kWaste) {
      if (a.waste.empty()) return Status::IllegalMove("the waste is empty (it was to show " + CardLabel(card) + ")");
      if (a.waste.back() != card)
        return Status::IllegalMove("the waste shows " + CardLabel(a.waste.back()) + ", not " + CardLabel(card));
    } else if (src.area == Area::kStock) {
      if (a.stock.empty()) return Status::IllegalMove("the pack is used up: there is no card to turn");
      if (a.stock.back() != card)
        return Status::IllegalMove("the next card of the pack is " + CardLabel(a.stock.back()) + ", not " + CardLabel(card));
    } else {
      return Status::IllegalMove("cards are taken from the carpet, the waste or the pack, not from " +
                                 std::string(AreaName(src.area)));
    }

    if (dst.area == Area::kFoundations) {
      if (src.area == Area::kStock)
        return Status::IllegalMove("a card of the pack is turned onto the waste first; it may then be built from there");
      if (dst.number < 1 || dst.number > kFoundations)
        return Status::IllegalMove("there is no foundation " + std::to_string(dst.number) + " (foundations are 1-4: ♣ ♦ ♥ ♠)");
      if (dst.number != card.suit() + 1)
        return Status::IllegalMove("foundation " + std::to_string(dst.number) + " is for " +
                                   SuitSymbol(static_cast<Suit>(dst.number - 1)) + "; " + CardLabel(card) +
                                   " goes to foundation " + std::to_string(card.suit() + 1));
      const Pile& f = a.foundations[static_cast<size_t>(dst.number - 1)];
      if (f.empty() || f.back().rank() + 1 != card.rank())
        return Status::IllegalMove(CardLabel(card) + " needs " + CardLabel(Card(card.rank() - 1, card.suit())) +
                                   " on foundation " + std::to_string(dst.number) + ", which " +
                                   (f.empty() ? std::string("is empty") : "shows " + CardLabel(f.back())));
      if (src.area == Area::kTableau) a.tableau[static_cast<size_t>(src.number - 1)].pop_back();
      else a.waste.pop_back();
      a.foundations[static_cast<size_t>(dst.number - 1)].push_back(card);
      Settle(table);
      return Status::Ok();
    }

    if (dst.area == Area::kWaste) {
      if (src.area != Area::kStock)
        return Status::IllegalMove("only a card turned from the pack goes onto the waste");
      if (phase0)
        for (const Pile& slot : a.tableau)
          if (!slot.empty()) {
            const Card c = slot.back();
            const Pile& f = a.foundations[c.suit()];
            if (!f.empty() && f.back().rank() + 1 == c.rank())
              return Status::IllegalMove("the pack is turned only when nothing more can be built; " +
                                         CardLabel(c) + " can go to foundation " + std::to_string(c.suit() + 1));
          }
      table.counters[0] = 1;
      if (auto c = DrawFromPack(a)) a.waste.push_back(*c);
      Settle(table);
      return Status::Ok();
    }

    if (dst.area == Area::kTableau) {
      if (src.area != Area::kWaste)
        return Status::IllegalMove(src.area == Area::kStock
                                       ? "holes are refilled from the pack by the rules, not by a move"
                                       : "a carpet card goes only to its foundation");
      if (Compulsory(table.options))
        return Status::IllegalMove("with compulsory patching the rules patch every hole at once; "
                                   "a patch is not a move (option patching=optional makes it one)");
      if (dst.number < 1 || dst.number > kSlots)
        return Status::IllegalMove("there is no " + SlotName(dst.number) + " (slots are 1-20)");
      Pile& slot = a.tableau[static_cast<size_t>(dst.number - 1)];
      if (!slot.empty())
        return Status::IllegalMove(SlotName(dst.number) + " holds " + CardLabel(slot.back()) + "; only a hole can be patched");
      slot.push_back(card);
      a.waste.pop_back();
      return Status::Ok();
    }
    return Status::IllegalMove("cards go to the foundations, the waste or a hole in the carpet, not to " +
                               std::string(AreaName(dst.area)));
  }

  bool Won(const Table& table) const override {
    if (table.areas.foundations.size() != kFoundations) return false;
    for (const Pile& f : table.areas.foundations)
      if (f.size() != 13) return false;
    return true;
  }

  // "12>F  7♥" (slot 12 to its foundation), "W>F  7♥" (waste top to its
  // foundation), "S>W  7♥" (turn the pack's top), "W>12  7♥" (patch slot 12).
  std::string FormatMove(const MoveSpec& move) const override {
    auto place = [](const Place& p) -> std::string {
      switch (p.area) {
        case Area::kTableau: return std::to_string(p.number);
        case Area::kWaste: return "W";
        case Area::kStock: return "S";
        case Area::kFoundations: return "F";
        default: return "?";
      }
    };
    std::string out = (move.from.empty() ? "?" : place(move.from[0])) + ">" + place(move.to) + " ";
    for (Card c : move.cards) out += " " + CardLabel(c);
    return out;
  }
  Expected<MoveSpec> ParseMove(std::string_view text) const override {
    const std::vector<std::string_view> words = SplitWords(text);
    if (words.size() != 2)
      return Status::BadInput("move '" + std::string(text) + "' is not FROM>TO and one card (e.g. 12>F 7H)");
    auto card = ParseCard(words[1]);
    if (!card) return Status::BadInput("'" + std::string(words[1]) + "' is not a card (e.g. 7H, 10H, 7♥)");
    const size_t gt = words[0].find('>');
    auto place = [&](std::string_view w, Place& out) {
      if (w == "W" || w == "w") out = {Area::kWaste, 0};
      else if (w == "S" || w == "s") out = {Area::kStock, 0};
      else if (w == "F" || w == "f") out = {Area::kFoundations, card->suit() + 1};
      else {
        if (w.empty() || w.size() > 2) return false;
        int n = 0;
        for (char c : w) {
          if (c < '0' || c > '9') return false;
          n = n * 10 + (c - '0');
        }
        out = {Area::kTableau, n};
      }
      return true;
    };
    MoveSpec m;
    m.from.resize(1);
    if (gt == std::string_view::npos || !place(words[0].substr(0, gt), m.from[0]) ||
        !place(words[0].substr(gt + 1), m.to))
      return Status::BadInput("'" + std::string(words[0]) +
                              "' is not FROM>TO with a slot number, W (waste), S (pack) or F (foundation)");
    m.cards = {*card};
    return m;
  }
};

}  // namespace

const Game& CarpetGame() {
  static const Carpet game;
  return game;
}

CarpetSolve SolveCarpet(const Deal& deal, const SearchLimits& limits, bool prune) {
  CarpetDeal cd;
  cd.compulsory = Compulsory(deal.options);
  for (size_t s = 0; s < kSlots; ++s) cd.draw[s] = deal.areas.tableau[s].back().code();
  const Pile& stock = deal.areas.stock;
  for (size_t i = 0; i < stock.size(); ++i) cd.draw[kSlots + i] = stock[stock.size() - 1 - i].code();
  for (size_t k = 0; k < cd.draw.size(); ++k) cd.at[static_cast<size_t>(Card::FromCode(cd.draw[k]).index())] = static_cast<uint8_t>(k);

  CarpetRules rules;
  rules.prune = prune;
  rules.deal = &cd;
  CarpetPosition start;
  start.drawn = kSlots;
  for (size_t k = 0; k < kSlots; ++k) {
    const Card c = Card::FromCode(cd.draw[k]);
    if (c.rank() == kAce) {
      start.found[c.suit()] = 1;
      ++start.built;
    } else {
      start.carpet |= Bit(c);
    }
  }
  rules.Settle(start);
  rules.best = start.built;

  auto outcome = Search(rules, start, limits);
  CarpetSolve out;
  out.result.verdict = outcome.verdict;
  out.result.stats = outcome.stats;
  out.score = rules.best;
  if (outcome.verdict != Verdict::kSolved) return out;

  // The winning line as MoveSpecs, played on the checker's table alongside
  // to learn the slot of each carpet card and of each hole.
  const Game& game = CarpetGame();
  Table table = game.StartTable(deal);
  for (const CarpetMove& m : outcome.line) {
    MoveSpec spec;
    switch (m.kind) {
      case Kind::kBuildCarpet: {
        const Card c = Card::FromCode(m.card);
        int slot = 0;
        for (size_t s = 0; s < table.areas.tableau.size(); ++s)
          if (!table.areas.tableau[s].empty() && table.areas.tableau[s].back() == c) slot = static_cast<int>(s) + 1;
        spec.from = {Place{Area::kTableau, slot}};
        spec.to = Place{Area::kFoundations, c.suit() + 1};
        spec.cards = {c};
        break;
      }
      case Kind::kBuildWaste: {
        const Card c = table.areas.waste.back();
        spec.from = {Place{Area::kWaste, 0}};
        spec.to = Place{Area::kFoundations, c.suit() + 1};
        spec.cards = {c};
        break;
      }
      case Kind::kTurn:
        spec.from = {Place{Area::kStock, 0}};
        spec.to = Place{Area::kWaste, 0};
        spec.cards = {table.areas.stock.back()};
        break;
      case Kind::kPatch:
        spec.from = {Place{Area::kWaste, 0}};
        spec.to = Place{Area::kTableau, FirstHole(table.areas.tableau) + 1};
        spec.cards = {table.areas.waste.back()};
        break;
    }
    Status s = game.Play(table, spec);
    assert(s.ok());
    (void)s;
    out.result.moves.push_back(std::move(spec));
  }
  return out;
}

}  // namespace talon
