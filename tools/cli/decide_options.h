// The command line of the tools that decide many deals, talon-solve and
// talon-stats: where the deals come from (FILE... or --game, --deals,
// --shuffle, --option) and the solver's options (--threads, --max-nodes,
// --max-seconds, --max-memory), which talon-book shares.
#pragma once

#include "core/search_limits.h"
#include "core/status.h"
#include "tools/cli/args.h"
#include "tools/cli/deal_source.h"

namespace talon::cli {

// A tool's words for the deal options in --help.
struct DealOptionsHelp {
  const char* game_value;  // "G" or "G[,G2...]"
  const char* game;
  const char* deals;
  const char* option;
};

class DecideOptions {
 public:
  // Adds --game, --deals, --shuffle and --option to `options`.
  void AddDealOptions(po::options_description& options, const DealOptionsHelp& help);
  // Adds --threads (-j), --max-nodes (default `max_nodes`, or none when
  // null), --max-seconds, --max-memory (default 2G, the total of the
  // threads' tables) and --raw-lines (no shortening of the winning lines:
  // SearchLimits::shorten_work = 0).
  void AddSolverOptions(po::options_description& options, const char* max_nodes = nullptr);
  // ParseCommandLine, with the FILE arguments as hidden positional options.
  int Parse(int argc, char** argv, const ToolHelp& help, po::options_description& options,
            po::variables_map& vm);
  // Reads the thread count and one deal's limits (each thread's table gets
  // max-memory / threads, a usage error below 1M; limits.cancel is
  // StopWorkFlag()), then selects the deals (DealSource::Select; `many_games`:
  // --game takes a list) and opens the files.
  Status Finish(const po::variables_map& vm, bool many_games, int& threads, SearchLimits& limits,
                DealSource& source);
  // The FILE arguments, as given.
  const std::vector<std::string>& files() const { return selection_.files; }
  // The solver's part of Finish alone: the thread count and one deal's limits.
  Status FinishSolver(const po::variables_map& vm, int& threads, SearchLimits& limits);

 private:
  DealSelection selection_;
  std::string threads_, max_nodes_, max_seconds_, max_memory_;
};

}  // namespace talon::cli
