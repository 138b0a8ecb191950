#include "tools/cli/decide_options.h"

#include "tools/cli/shuffle_option.h"
#include "tools/cli/signals.h"

namespace talon::cli {

void DecideOptions::AddDealOptions(po::options_description& options, const DealOptionsHelp& help) {
  auto add = options.add_options();
  add("game", po::value(&selection_.games)->value_name(help.game_value), help.game);
  add("deals", po::value(&selection_.deals)->value_name("A-B"), help.deals);
  AddShuffleOption(options, selection_.shuffle);
  add("option", po::value(&selection_.option_pairs)->value_name("NAME=VALUE")->composing(), help.option);
}

void DecideOptions::AddSolverOptions(po::options_description& options, const char* max_nodes) {
  auto add = options.add_options();
  add("threads,j", po::value(&threads_)->value_name("N"),
      "worker threads (default: every core; 0 = every core)");
  if (max_nodes)
    add("max-nodes", po::value(&max_nodes_)->value_name("N")->default_value(max_nodes),
        "give up on a deal after N positions (0 = no limit)");
  else
    add("max-nodes", po::value(&max_nodes_)->value_name("N"),
        "give up on a deal after N positions (default: no limit)");
  add("max-seconds", po::value(&max_seconds_)->value_name("S"),
      "give up on a deal after S seconds (default: no limit)");
  add("max-memory", po::value(&max_memory_)->value_name("SIZE")->default_value("2G"),
      "total transposition-table memory, e.g. 512M (suffixes K, M, G, T)");
  add("raw-lines", "keep each winning line as the search found it (not shortened)");
}

int DecideOptions::Parse(int argc, char** argv, const ToolHelp& help, po::options_description& options,
                         po::variables_map& vm) {
  po::options_description hidden;
  hidden.add_options()("input", po::value(&selection_.files)->composing(), "input file ('-' = stdin)");
  po::positional_options_description positional;
  positional.add("input", -1);
  return ParseCommandLine(argc, argv, help, options, &hidden, &positional, vm);
}

Status DecideOptions::Finish(const po::variables_map& vm, bool many_games, int& threads, SearchLimits& limits,
                             DealSource& source) {
  TALON_RETURN_IF_ERROR(FinishSolver(vm, threads, limits));
  return source.Select(vm, selection_, many_games);
}

Status DecideOptions::FinishSolver(const po::variables_map& vm, int& threads, SearchLimits& limits) {
  threads = DefaultThreads();
  if (vm.count("threads")) {
    auto t = ParseThreads("--threads", threads_);
    if (!t) return t.status();
    threads = *t;
  }
  if (Status s = ParseLimitOptions(vm, limits); !s.ok()) return s;
  auto memory = ParseByteSize("--max-memory", max_memory_);
  if (!memory) return memory.status();
  limits.max_memory = *memory / static_cast<size_t>(threads);
  if (limits.max_memory < (size_t{1} << 20))
    return Status::Usage("--max-memory: " + max_memory_ + " is too small for " + std::to_string(threads) +
                         " thread(s): each needs at least 1M");
  limits.cancel = &StopWorkFlag();
  if (vm.count("raw-lines")) limits.shorten_work = 0;
  return Status();
}

}  // namespace talon::cli
