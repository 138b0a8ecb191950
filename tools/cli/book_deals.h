// The deals of a booklet (talon-book) with their solutions: found by
// scanning deal numbers upward, or given (listed by number, or read from a
// deal file) and then each proved winnable. Solving runs on several threads
// and gives the same deals at every thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/deal.h"
#include "core/game.h"
#include "core/options.h"
#include "core/search_limits.h"
#include "core/solution.h"
#include "core/status.h"
#include "tools/cli/args.h"

namespace talon::cli {

struct BookDeal {
  const Game* game = nullptr;
  Deal deal;
  Solution solution;  // solved
};

// A deal the book is to hold; `where` names it in messages ("deals.jsonl:3",
// or "" for a deal made from its number).
struct GivenDeal {
  const Game* game = nullptr;
  Deal deal;
  std::string where;
};

// How deals are solved: worker threads (>= 1) and one deal's limits; with
// `grade`, each winnable deal is graded too (Solution::difficulty), and with
// grade_lo > 0 a scan keeps only the deals of grades grade_lo..grade_hi.
struct BookSolver {
  int threads = 1;
  SearchLimits limits;
  bool grade = false;
  int grade_lo = 0, grade_hi = 0;
  std::function<void(size_t)> progress;  // called with the deals kept so far; may be empty
};

using GameOptions = std::pair<const Game*, Options>;

// For each game in turn, the first counts[g] deals numbered `from` or more
// that the solver proves winnable (with that game's options), trying at
// most `max_scan` numbers a game; the numbers are those of `shuffle`. Errors: kLimit when a game's scan ends
// first (the message says what was found and what to raise); kBadInput if
// a deal cannot be made. Returns an empty list when interrupted.
Expected<std::vector<BookDeal>> ScanWinnableDeals(const std::vector<GameOptions>& games,
                                                  const std::vector<uint64_t>& counts, uint64_t from,
                                                  uint64_t max_scan, Shuffle shuffle, const BookSolver& solver);

// Solves each deal, in order; the first one not proved winnable stops it:
// kUnsolvable or kLimit naming the deal (and where it came from). Returns
// an empty list when interrupted.
Expected<std::vector<BookDeal>> ProveWinnable(std::vector<GivenDeal> deals, const BookSolver& solver);

// The deals numbered in `ranges` (in order; a number listed twice is a
// kUsage error, as are more than `most` deals), of one game and options,
// dealt with `shuffle`.
Expected<std::vector<GivenDeal>> ListedDeals(const GameOptions& game, const std::vector<Range>& ranges,
                                             Shuffle shuffle, size_t most);

// The deals of a talon-deal/1 JSON Lines file ("-": standard input), in
// order; talon-solution/1 lines (a book's attached file) are skipped. Errors:
// kIoError, kBadInput naming FILE:LINE and the field, kUsage for more than
// `most` deals or none.
Expected<std::vector<GivenDeal>> ReadDealFile(const std::string& path, size_t most);

// The options given as NAME=VALUE for several games: each game takes the
// pairs whose names it has, completed with its defaults. A name no game has
// is a kUsage error naming the games' options.
Expected<std::vector<GameOptions>> OptionsForGames(const std::vector<const Game*>& games,
                                                   const std::vector<std::string>& pairs);

// The deals in turns: the first deal of each game (in the order the games
// first appear), then the second of each, and so on; a game with fewer
// deals drops out when they run out. Each game's deals keep their order.
std::vector<BookDeal> Interleave(std::vector<BookDeal> deals);

// Orders each run of deals of one game by grade, easiest first (no grade
// last), ties in their order.
void SortByGrade(std::vector<BookDeal>& deals);

}  // namespace talon::cli
