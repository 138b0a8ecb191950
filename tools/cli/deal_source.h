// DealSource: where talon-solve and talon-stats get their deals: the deal
// numbers A..B of one or more games (made on the spot), or JSON Lines deals
// (talon-deal/1) read from files in turn ("-" is standard input).
//
// Next() runs on the calling thread and hands out tasks in input order;
// Make() turns a task into a deal on any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/deal.h"
#include "core/game.h"
#include "core/options.h"
#include "core/status.h"
#include "tools/cli/args.h"
#include "tools/cli/io.h"

namespace talon::cli {

// One deal to make: a game's deal number, or a JSON line of an input file.
struct DealTask {
  size_t game = 0;         // index into the games given to UseNumbers
  uint64_t number = 0;
  std::string line;
  size_t line_number = 0;
  int source = -1;         // index of the input file; -1 for a numbered deal
};

// What the command line says about the deals: FILE... or --game G[,G2...]
// --deals A-B [--option NAME=VALUE]... (the options are those of the tool).
struct DealSelection {
  std::vector<std::string> files, option_pairs;
  std::string games, deals, shuffle;  // shuffle: --shuffle's text (AddShuffleOption)
};

// In a JSON Lines input, blanks every line that is a JSON object whose
// "format" is `skip` (e.g. "talon-solution/1" in a file of deals and
// solutions mixed), keeping line numbers for messages. Lines that do not
// parse are kept: their reader reports them. A text-form input (first
// non-blank character not '{') is left alone.
void SkipRecordsOfFormat(std::string& bytes, std::string_view skip);

class DealSource {
 public:
  // Checks the selection (usage errors: --deals without --game, files and
  // --game together, an unknown game, a game given twice, a comma list when
  // !many_games, an option a game lacks, --option or --shuffle without
  // --game, a game without deals of the shuffle) and sets
  // the source up; no files means standard input. Opening a file can fail
  // with kIoError.
  Status Select(const boost::program_options::variables_map& vm, DealSelection selection,
                bool many_games);
  // With --game: the games and their options, and "A-B" (or "N"); else empty.
  const std::vector<std::pair<const Game*, Options>>& games() const { return games_; }
  std::string RangeText() const;
  Shuffle shuffle() const { return shuffle_; }

  // Deals range.first..range.last of each game in turn, with its options.
  void UseNumbers(std::vector<std::pair<const Game*, Options>> games, Range range);
  // Opens every file before any work, so that a bad path fails at once
  // (kIoError naming the file). Blank lines are skipped.
  Status OpenFiles(const std::vector<std::string>& paths);

  // The next task in input order; false at the end, on a read error (then
  // status() says which) or when interrupted.
  bool Next(DealTask& task);
  const Status& status() const { return status_; }

  // Makes the task's deal. Errors are kBadInput naming "FILE:LINE" and the
  // field, or "GAME#N" for bad options. Safe on any thread.
  Expected<Deal> Make(const DealTask& task) const;
  // How a survey names the task's deal: "42", or "FILE:LINE" for a hand-made
  // deal read from a file (it has no number).
  std::string Label(const DealTask& task, const Deal& deal) const;

 private:
  std::vector<std::pair<const Game*, Options>> games_;
  Shuffle shuffle_ = Shuffle::kTalonV1;
  Range range_;
  size_t next_game_ = 0;
  uint64_t next_number_ = 0;
  std::vector<std::unique_ptr<InputFile>> inputs_;
  size_t current_ = 0;
  Status status_;
};

}  // namespace talon::cli
