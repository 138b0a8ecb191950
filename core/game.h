// Game: the one interface every game implements, and the registry of games.
//
// A game's file (core/games/NAME.cpp, or a folder core/games/NAME/ when its
// solver is large) holds everything about it: its GameInfo (given once, to
// the constructor), its dealing order (and PySolFC's: PysolDeck), the
// checker that plays a MoveSpec on a Table (used by talon-verify,
// independent of the solver), the solver's compact rules run by the generic
// search in core/search.h, and its move notation. core/games/games.h lists
// the games.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/deal.h"
#include "core/game_info.h"
#include "core/move.h"
#include "core/notation.h"
#include "core/options.h"
#include "core/search_limits.h"
#include "core/solution.h"
#include "core/status.h"

namespace talon {

class DifficultyModel;  // core/difficulty/model.h
class LineHooks;  // core/shorten.h

// The checker's state: the areas as a person sees them, plus counters a game
// may need (documented by the game; e.g. passes made through the stock).
struct Table {
  Areas areas;
  Options options;  // complete
  std::vector<int64_t> counters;
};

struct SolveResult {
  Verdict verdict = Verdict::kUnknown;
  std::vector<MoveSpec> moves;  // iff verdict == kSolved
  SearchStats stats;
  // Set by games that keep a score (The Carpet: the most cards built by any
  // play the search entered; exact unless the verdict is unknown, then a
  // lower bound). talon-solve reports it in the text form and --summary.
  std::optional<int> score;
};

class Game {
 public:
  virtual ~Game() = default;

  // The registry entry, and its fields by name.
  const GameInfo& info() const { return info_; }
  std::string_view id() const { return info_.id; }        // "fourteen-out"
  std::string_view title() const { return info_.title; }  // "Fourteen Out"
  int decks() const { return info_.decks; }
  const std::vector<OptionSpec>& option_specs() const { return info_.options; }
  const std::vector<Area>& areas() const { return info_.areas; }

  // Deals a shuffled deck (deck[0] first) onto the layout.
  // REQUIRES: deck.size() == 52 * decks(), options complete.
  virtual Areas DealCards(std::span<const Card> deck, const Options& options) const = 0;
  // PySolFC (docs/pysol.md): the deck that DealCards deals to the layout
  // PySolFC shows for the same game number, from `dealt`, PySolFC's cards in
  // the order it deals them (PysolDealtOrder). A usage error says why when
  // PySolFC has no game with this game's layout and dealing (the default).
  virtual Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt,
                                                const Options& options) const;
  // Checks pile counts and shapes, face-down counts: everything but which
  // cards there are (CheckDeal does that). Messages name the field, e.g.
  // "areas.tableau[3]: a pile of this game holds 4 or 5 cards, not 7".
  virtual Status CheckShape(const Areas& areas, const Options& options) const = 0;

  // Decides the deal (SolveDeal), first setting the calling thread's budget
  // for the table memory it keeps between searches to 3/4 of
  // limits.max_memory (SetHugeBlockBudget), then shortens a winning line
  // (ShortenLine, core/shorten.h, within limits.shorten_work; stats count
  // the search alone). REQUIRES: CheckDeal(deal).ok().
  SolveResult Solve(const Deal& deal, const SearchLimits& limits) const;

  // The checker. StartTable sets up a table from a deal (doing whatever the
  // rules do before the first choice). Play checks `move` against the rules
  // and, if legal, applies it with its automatic consequences (refills,
  // turning cards up); if not, returns kIllegalMove with the reason and
  // leaves `table` unchanged.
  virtual Table StartTable(const Deal& deal) const;
  virtual Status Play(Table& table, const MoveSpec& move) const = 0;
  virtual bool Won(const Table& table) const = 0;

  // The rules in force under complete `options`, one paragraph for a
  // player (sheets, booklets): no notes on other variants.
  virtual std::string RulesText(const Options& options) const = 0;
  // How solution lines read under complete `options`: every symbol
  // FormatMove writes, and the moves the rules make that lines leave out.
  virtual Notation MoveNotation(const Options& options) const = 0;
  // `move` in plain words, e.g. "turn the next card of the pack, 7♦, onto
  // the waste". REQUIRES: a move of this game (e.g. one ParseMove read).
  virtual std::string DescribeMove(const MoveSpec& move) const = 0;

  // Decides the position of a checker table reached by legal moves from a
  // deal (StartTable, then Play), counters included: solved with the rest of
  // a winning line (MoveSpecs that Play accepts from `table`), unsolvable, or
  // unknown at a limit, as Solve. REQUIRES: `table` was reached so. The
  // default solves the table's areas as a hand-made deal (right for a game
  // whose deals may hold any position and whose checker keeps no counters).
  virtual SolveResult SolveTable(const Table& table, const SearchLimits& limits) const;

  // The game's difficulty model (its sensible player), or null for a game
  // whose choices never change the outcome (docs/solvers/difficulty.md).
  virtual const DifficultyModel* difficulty() const { return nullptr; }

  // The short notation printed on solution sheets, e.g. "3+9  K♠ A♥".
  // The default writes the `from` numbers joined by '+', two spaces, the
  // card labels; it suits games whose moves all go to the discard.
  virtual std::string FormatMove(const MoveSpec& move) const;
  // Reads the notation back (ASCII card names are accepted too: "3+9 KS AH").
  virtual Expected<MoveSpec> ParseMove(std::string_view text) const;

  // What the game adds to the shortening of its lines (core/shorten.h):
  // NoLineHooks() unless it overrides this.
  virtual const LineHooks& line_hooks() const;

 protected:
  explicit Game(GameInfo info) : info_(std::move(info)) {}
  // The game's solver (Solve calls it). REQUIRES: CheckDeal(deal).ok().
  virtual SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const = 0;

 private:
  GameInfo info_;
};

// The registry (the list is core/games/games.h), in the order the tools list
// the games. FindGame returns null for an unknown id.
const Game* FindGame(std::string_view id);
std::span<const Game* const> AllGames();
std::string GameIdList();  // "fourteen-out, take-fourteen, ..."

// The solution record of `deal`: its game, number, shuffle and options, and
// the verdict and moves of `result`.
Solution MakeSolution(const Deal& deal, SolveResult result);

// The shuffles that turn a deal number into a deck (Deal::shuffle names
// them): talon-v1 (docs/shuffle.md) and PySolFC's game numbers ("pysol").
enum class Shuffle { kTalonV1, kPysol };
std::string_view ShuffleName(Shuffle s);  // "talon-v1", "pysol"
std::optional<Shuffle> ParseShuffle(std::string_view name);
inline constexpr const char* kShuffleNames = "talon-v1, pysol";

// Deals deal `number` of `game` with `shuffle`. Fails with kBadInput on bad
// options, kUsage when the game has no deal of that shuffle (PysolDeck).
Expected<Deal> MakeDeal(const Game& game, uint64_t number, const Options& options,
                        Shuffle shuffle = Shuffle::kTalonV1);
// Checks a deal completely: known game and options (completed in place),
// the right cards for the game, pile shapes. Messages name the field.
Status CheckDeal(const Game& game, Deal& deal);
// The options that differ from the game's defaults, "slots=15 draw=1" in
// the order of the game's options; "" when there are none.
std::string NonDefaultOptions(const Game& game, const Options& options);
// The name printed on sheets: "thirteens#42", plus " (slots=15)" when an
// option differs from its default.
std::string DealName(const Game& game, const Deal& deal);

// The words of a line of notation (a move, a solution's header), split at
// spaces and tabs.
std::vector<std::string_view> SplitWords(std::string_view text);

// Replays `moves` from the deal's start. Returns the index of the first
// illegal move and its reason, or moves.size() if all are legal; `won` tells
// whether the final table is won.
struct Replay {
  size_t legal_moves = 0;
  Status first_error;  // ok iff every move was legal
  bool won = false;
  Table final_table;
};
Replay ReplayMoves(const Game& game, const Deal& deal, std::span<const MoveSpec> moves);

}  // namespace talon
