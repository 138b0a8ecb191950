// talon-deal: deals by number (or drawn at random), optionally only winnable ones.
#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/difficulty/grade.h"
#include "core/game.h"
#include "core/words.h"
#include "tools/cli/args.h"
#include "tools/cli/exit.h"
#include "tools/cli/io.h"
#include "tools/cli/parallel.h"
#include "tools/cli/report.h"
#include "tools/cli/shuffle_option.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

const ToolHelp kHelp = {
    "talon-deal --game G (--deal N | --deals A-B | --random) [options]",
    "Deals cards: writes deal N of game G, deals A to B, or deals whose numbers are\n"
    "drawn at random from the operating system, as JSON Lines (talon-deal/1; one\n"
    "deal a line) or as text tables for people. The same number always gives the\n"
    "same deal (shuffle talon-v1), on every machine.",
    "Which deals:\n"
    "  --deal N          deal N; with --count K, the K deals N, N+1, ...\n"
    "  --deals A-B       every deal from A to B; --count K stops after K deals\n"
    "  --random          K deals (--count, default 1) whose numbers are drawn from\n"
    "                    the OS (getrandom), between 1 and 999999999, without\n"
    "                    repeats; each deal carries its number, so it can be dealt\n"
    "                    again with --deal.\n"
    "With --solvable only deals proved winnable (the solver says \"solved\") are\n"
    "written: --deal N writes the first K winnable deals numbered N or more,\n"
    "--deals A-B the winnable deals in A..B (at most K with --count), --random\n"
    "K winnable deals among random draws. Deals the solver cannot decide within\n"
    "--max-nodes are skipped. At most --max-scan deals (default 100000) are\n"
    "examined: when the scan stops there before it is done, talon-deal says so\n"
    "and exits 3, having written the winnable deals it found.\n"
    "\n"
    "--difficulty A-B (with --solvable) keeps only the winnable deals whose grade\n"
    "is A to B: 1 Easy, 2 Medium, 3 Hard, 4 Expert, 5 Master (names work too:\n"
    "--difficulty hard-master; docs/solvers/difficulty.md). Grading costs more\n"
    "than solving (up to about a second a deal of Klondike). A game whose choices\n"
    "never matter (thirteens, take-ten, four-of-a-kind) has no grades: asking for\n"
    "them is a usage error.\n"
    "\n"
    "Output forms (--format): jsonl, one deal a line (docs/formats.md); text, the\n"
    "readable form, deals separated by an empty line; and for some games the\n"
    "formats of other programs, listed with the games below.\n"
    "\n"
    "--shuffle pysol numbers the deals as PySolFC numbers its games: deal N is the\n"
    "deal PySolFC shows as game #N (named GAME#pysol-N), for fourteen-out,\n"
    "take-fourteen, thirteens (slots=10), fifteen, take-ten, try-again, klondike\n"
    "and idiots-delight; other games refuse it (exit 2). See docs/pysol.md.\n"
    "\n"
    "Exit status 3 also when fewer deals than --count K could be written (the\n"
    "range A-B holds fewer, or deal numbers ran out at 18446744073709551615).\n"
    "\n%GAMES%",
    "  talon-deal --game fourteen-out --deal 12345\n"
    "  talon-deal --game fourteen-out --deals 1-1000 -o deals.jsonl\n"
    "  talon-deal --game thirteens --option slots=15 --random --count 5 --format text\n"
    "  talon-deal --game fifteen --deal 1 --solvable --count 10 | talon-solve\n"
    "  talon-deal --game fifteen --deal 1 --solvable --difficulty 4-5 --count 20\n"
    "  talon-deal --game klondike --deal 7 --format ksolve   # for KSolve's -deck\n",
};

// The game with its options that differ from the defaults: "thirteens (slots=5)".
std::string Variant(const Game& game, const Options& options) {
  const std::string changed = NonDefaultOptions(game, options);
  return std::string(game.id()) + (changed.empty() ? "" : " (" + changed + ")");
}

// The game's export format named by --format: null for the built-in jsonl
// and text; a usage error for a format of other games or of none.
Expected<const DealExport*> FindExport(const Game& game, const std::string& format) {
  if (format == "jsonl" || format == "text") return nullptr;
  for (const DealExport& e : game.info().exports)
    if (e.format == format) return &e;
  std::vector<std::string> all = {"jsonl", "text"};
  std::string owners;
  for (const Game* g : AllGames())
    for (const DealExport& e : g->info().exports) {
      if (std::find(all.begin(), all.end(), e.format) == all.end()) all.push_back(e.format);
      if (e.format == format) owners += (owners.empty() ? "" : " or ") + std::string(g->id());
    }
  if (!owners.empty()) return Status::Usage("--format " + format + " is for " + owners + " deals only");
  return CheckFormat(format, all);
}

// A deal number in [1, kRandomLimit) from the OS, uniformly.
constexpr uint64_t kRandomLimit = 1000000000;
Expected<uint64_t> RandomDealNumber() {
  for (;;) {
    uint64_t r = 0;
    ssize_t n = getrandom(&r, sizeof r, 0);
    if (n != static_cast<ssize_t>(sizeof r)) {
      if (n < 0 && errno == EINTR && !Cancelled()) continue;
      return Status::IoError(std::string("cannot draw a random number from the OS: ") +
                             (n < 0 ? std::strerror(errno) : "short read"));
    }
    // Rejection, so that every number is equally likely.
    const uint64_t span = kRandomLimit - 1;
    const uint64_t threshold = (0 - span) % span;
    if (r >= threshold) return 1 + r % span;
  }
}

struct Result {
  uint64_t number = 0;
  bool keep = true;  // false: not proved winnable (with --solvable)
  Status status;
  std::string text;
};

int Run(int argc, char** argv) {
  po::options_description options("Options");
  std::vector<std::string> option_pairs;
  std::string game_id, deal_text, deals_text, count_text, max_scan_text, max_nodes_text, format,
      output_path, threads_text, shuffle_text, difficulty_text;
  auto add = options.add_options();
  add("game", po::value(&game_id)->value_name("G"), "the game (required; see the list below)");
  add("deal", po::value(&deal_text)->value_name("N"), "deal number N (0 .. 2^64-1)");
  add("deals", po::value(&deals_text)->value_name("A-B"), "deals A to B");
  add("random", "deal numbers drawn from the OS");
  AddShuffleOption(options, shuffle_text);
  add("count", po::value(&count_text)->value_name("K"),
      "how many deals (default: 1 with --deal and --random, all with --deals)");
  add("option", po::value(&option_pairs)->value_name("NAME=VALUE")->composing(),
      "a rule variant, e.g. slots=15 (repeatable)");
  add("solvable", "write only deals proved winnable");
  add("difficulty", po::value(&difficulty_text)->value_name("A-B"),
      "with --solvable: only deals of grades A to B (1 Easy ... 5 Master)");
  add("max-scan", po::value(&max_scan_text)->value_name("M")->default_value("100000"),
      "with --solvable: examine at most M deals");
  add("max-nodes", po::value(&max_nodes_text)->value_name("N"),
      "with --solvable: skip a deal whose search passes N positions (default: no limit)");
  add("threads,j", po::value(&threads_text)->value_name("N"),
      "with --solvable: solver threads (default: every core)");
  const std::string exports = ExportFormatsHelp();
  const std::string format_help =
      "output form: jsonl or text" + (exports.empty() ? "" : ", or " + exports + " (see the games below)");
  add("format", po::value(&format)->value_name("F")->default_value("jsonl"), format_help.c_str());
  AddOutputOption(options, output_path);
  ToolHelp help = kHelp;
  help.details.replace(help.details.find("%GAMES%"), 7, GamesHelp());
  po::variables_map vm;
  if (int code = ParseCommandLine(argc, argv, help, options, nullptr, nullptr, vm); code >= 0)
    return code;

  // --- Check the command line.
  if (!vm.count("game"))
    return Fail(Status::Usage("--game G is required (the games are: " + GameIdList() + ")"));
  auto game_or = ParseGame(game_id);
  if (!game_or) return Fail(game_or.status());
  const Game& game = **game_or;
  auto options_or = ParseGameOptions(game, option_pairs);
  if (!options_or) return Fail(options_or.status());
  const Options game_options = *options_or;
  auto shuffle = ParseShuffleOption(shuffle_text);
  if (!shuffle) return Fail(shuffle.status());
  if (Status s = CheckShuffleFor(game, game_options, *shuffle); !s.ok()) return Fail(s);

  const int modes = static_cast<int>(vm.count("deal") + vm.count("deals") + vm.count("random"));
  if (modes != 1)
    return Fail(Status::Usage("give exactly one of --deal N, --deals A-B and --random"));
  enum class Mode {
    kFrom,
    kRange,
    kRandom
  } mode = vm.count("deal")    ? Mode::kFrom
           : vm.count("deals") ? Mode::kRange
                               : Mode::kRandom;
  Range range;
  if (mode == Mode::kFrom) {
    auto n = ParseCount("--deal", deal_text);
    if (!n) return Fail(n.status());
    range = {*n, ~uint64_t{0}};
  } else if (mode == Mode::kRange) {
    auto r = ParseRange("--deals", deals_text);
    if (!r) return Fail(r.status());
    range = *r;
  }
  // wanted: how many deals to write; 0 = all of the range.
  uint64_t wanted = mode == Mode::kRange ? 0 : 1;
  if (vm.count("count")) {
    auto k = ParseCount("--count", count_text);
    if (!k) return Fail(k.status());
    if (*k == 0) return Fail(Status::Usage("--count: must be at least 1"));
    wanted = *k;
  }
  const bool solvable = vm.count("solvable") > 0;
  int grade_lo = 0, grade_hi = 0;  // 0: any
  if (vm.count("difficulty")) {
    if (!solvable) return Fail(Status::Usage("--difficulty goes with --solvable (only winnable deals have grades)"));
    if (!ParseGradeRange(difficulty_text, grade_lo, grade_hi))
      return Fail(Status::Usage("--difficulty: '" + difficulty_text +
                                "' is not a grade or a range of grades (1-5 or Easy, Medium, Hard, Expert, "
                                "Master; e.g. 4-5 or hard-master)"));
    if (!game.difficulty())
      return Fail(Status::Usage("--difficulty: " + std::string(game.id()) +
                                " has no grades: no choice matters in it (every deal plays the same)"));
  }
  auto max_scan = ParseCount("--max-scan", max_scan_text);
  if (!max_scan) return Fail(max_scan.status());
  if (*max_scan == 0) return Fail(Status::Usage("--max-scan: must be at least 1"));
  SearchLimits limits;
  // The solver stops on a signal, or when its result is no longer needed.
  limits.cancel = &StopWorkFlag();
  if (Status s = ParseLimitOptions(vm, limits); !s.ok()) return Fail(s);
  int threads = DefaultThreads();
  if (vm.count("threads")) {
    auto t = ParseThreads("--threads", threads_text);
    if (!t) return Fail(t.status());
    threads = *t;
  }
  if (!solvable) threads = 1;  // dealing is far cheaper than writing: no threads needed
  limits.max_memory = std::max((size_t{2} << 30) / static_cast<size_t>(threads), size_t{1} << 20);
  auto export_or = FindExport(game, format);
  if (!export_or) return Fail(export_or.status());
  const DealExport* exporter = *export_or;  // null for jsonl and text
  // A format that holds the cards only would drop an --option unsaid.
  if (exporter && !exporter->rules_elsewhere.empty() && !option_pairs.empty())
    return Fail(Status::Usage("--format " + format + " holds the cards only, not the rules (--option " +
                              option_pairs.front() + "); write it without --option and give the rules "
                              "to the program that reads it (" + exporter->rules_elsewhere + ")"));
  const bool text = format == "text";
  // Text forms are separated by an empty line; JSON Lines and one-line
  // export formats are not.
  const bool blank_line_between = text || (exporter && exporter->blank_line_between);

  OutputFile out;
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);

  // --- Candidates, in order. With --solvable at most max-scan of them.
  uint64_t produced = 0;
  bool sequence_ended = false;  // the range or the deal numbers ran out
  bool scan_stopped = false;    // --max-scan was reached first
  std::set<uint64_t> drawn;
  Status random_status;
  auto produce = [&](uint64_t& number) -> bool {
    if (sequence_ended || scan_stopped || !random_status.ok()) return false;
    if (mode != Mode::kRandom && produced > range.last - range.first) {
      sequence_ended = true;
      return false;
    }
    if (solvable && produced == *max_scan) {
      scan_stopped = true;
      return false;
    }
    if (mode == Mode::kRandom) {
      for (;;) {
        auto r = RandomDealNumber();
        if (!r) {
          random_status = r.status();
          return false;
        }
        if (drawn.insert(*r).second) {
          number = *r;
          break;
        }
        if (drawn.size() + 1 >= kRandomLimit) {  // every number drawn: cannot happen in practice
          sequence_ended = true;
          return false;
        }
      }
    } else {
      number = range.first + produced;
    }
    ++produced;
    return true;
  };

  auto work = [&](uint64_t& number) -> Result {
    Result r;
    r.number = number;
    auto deal = MakeDeal(game, number, game_options, *shuffle);
    if (!deal) {
      r.status = deal.status();
      return r;
    }
    if (solvable) {
      const SolveResult solved = game.Solve(*deal, limits);
      r.keep = solved.verdict == Verdict::kSolved;
      if (r.keep && grade_lo) {
        const int g = GradeDeal(game, *deal, solved, limits).grade;
        r.keep = g >= grade_lo && g <= grade_hi;
      }
    }
    if (!r.keep) return r;
    if (exporter) {
      auto exported = exporter->write(*deal);
      if (!exported) {
        r.status = exported.status();
        return r;
      }
      r.text = std::move(*exported);
      if (r.text.empty() || r.text.back() != '\n') r.text += '\n';
    } else {
      r.text = text ? DealToText(game, *deal) : DealToJson(game, *deal) + "\n";
    }
    return r;
  };

  uint64_t written = 0, examined = 0, last_examined = 0;
  Status deal_status;
  auto emit = [&](Result& r) -> bool {
    if (!r.status.ok()) {
      deal_status = r.status;
      return false;
    }
    ++examined;
    last_examined = r.number;
    if (!r.keep) return true;
    if (blank_line_between && written > 0) out.Write("\n");
    out.Write(r.text);
    ++written;
    return wanted == 0 || written < wanted;
  };

  const bool finished =
      OrderedMap<uint64_t, Result>(threads, &CancelFlag(), &StopWorkFlag(), produce, work, emit) &&
      !Cancelled();
  if (int code = FinishOutput(out, finished, {&deal_status, &random_status}); code >= 0) return code;

  const bool enough = wanted != 0 && written >= wanted;
  const std::string what = solvable ? "winnable deal" : "deal";
  // " (grade 4)", " (grades 4-5)", or "" without --difficulty: said after the deals
  std::string graded;
  if (grade_lo)
    graded = grade_lo == grade_hi ? " (grade " + std::to_string(grade_lo) + ")"
                                  : " (grades " + std::to_string(grade_lo) + "-" + std::to_string(grade_hi) + ")";
  const std::string variant = Variant(game, game_options);
  if (!enough && scan_stopped) {
    std::string scanned = CountOf(examined, "deal") + " scanned";
    if (mode != Mode::kRandom)
      scanned += " (" + std::to_string(range.first) + "-" + std::to_string(last_examined) + ")";
    // "found 0 of 1 winnable deal", "found 2 of 5 winnable deals (grades 4-5)", "found 1 winnable deal"
    PrintError("stopped by --max-scan " + std::to_string(*max_scan) + ": found " +
               (wanted ? std::to_string(written) + " of " + CountOf(wanted, what) : CountOf(written, what)) +
               graded + " of " + variant + " in " + scanned + "; raise --max-scan to scan further");
    return kExitLimit;
  }
  if (wanted != 0 && !enough) {
    PrintError("wrote " + std::to_string(written) + " of the " + CountOf(wanted, what) + graded + " asked for: " +
               (mode == Mode::kRange ? "deals " + deals_text + " hold no more"
                                     : std::string("the deal numbers ran out")));
    return kExitLimit;
  }
  return kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) {
  return talon::cli::RunTool("talon-deal", argc, argv, talon::cli::Run);
}
