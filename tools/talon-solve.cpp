// talon-solve: decides deals and writes one solution per deal, in input order.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/difficulty/grade.h"
#include "core/explain.h"
#include "core/game.h"
#include "core/solution.h"
#include "core/solution_io.h"
#include "core/words.h"
#include "tools/cli/args.h"
#include "tools/cli/deal_source.h"
#include "tools/cli/decide_options.h"
#include "tools/cli/exit.h"
#include "tools/cli/explain_text.h"
#include "tools/cli/io.h"
#include "tools/cli/parallel.h"
#include "tools/cli/report.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

const ToolHelp kHelp = {
    "talon-solve [options] [FILE...]\n"
    "       talon-solve [options] --game G --deals A-B [--option NAME=VALUE]...\n"
    "       talon-solve [options] --after FILE",
    "Decides deals: reads deals as JSON Lines (talon-deal/1) from the FILEs in turn\n"
    "(standard input if there are none; '-' is standard input), or makes deals A..B\n"
    "of game G itself, and writes one solution per deal (talon-solution/1), in input\n"
    "order, whatever the number of threads. A solution's result is \"solved\" (with\n"
    "the winning moves), \"unsolvable\" (the search was exhausted: no way to win)\n"
    "or \"unknown\" (a limit stopped the search first).",
    "Output: one JSON object a line (--format jsonl, the default), or the numbered\n"
    "text form printed on solution sheets (--format text): a header line\n"
    "\"GAME#DEAL [k=v ...] RESULT\", then \"N. MOVE\" a line, then a blank line.\n"
    "Both forms are read by talon-verify. Blank input lines are skipped. For a game\n"
    "with a score (carpet), the text form has a comment line after the header,\n"
    "\"# score: N cards built (best play)\" (\"(at least; ...)\" when unknown), and\n"
    "--summary adds the mean score; the JSON form has no score field.\n"
    "\n"
    "--grade also grades every deal (docs/solvers/difficulty.md; it costs up to\n"
    "about a second a deal of Klondike): each JSON line gets \"difficulty\":\n"
    "{\"grade\": 1-5, \"name\": \"Easy\"...\"Master\", \"calibrated\", and the measures\n"
    "\"score\", \"playouts\", \"wins\", \"progress\", \"choices\", \"critical\",\n"
    "\"unsure\"}, or \"grade\": null with \"name\": \"no grade\" and a \"reason\" (the\n"
    "deal cannot be won, was not decided, or no choice matters in the game); the\n"
    "text form gets a comment line after the header, e.g.\n"
    "\"# difficulty: Hard (grade 3 of 5); score 41.50: ...\".\n"
    "\n"
    "--after FILE decides where a game in progress stands: FILE holds the moves\n"
    "played so far, as a solution in either form (its result may be \"played\")\n"
    "whose header names a numbered deal. The moves are replayed with the rules (an\n"
    "illegal one is reported as talon-verify reports it, exit 1), and the position\n"
    "they reach is decided: the output is the solution with the moves played and,\n"
    "when a win remains, the rest of a winning line after them (\"solved\"), or\n"
    "\"unsolvable\" or \"unknown\" with no moves; exit statuses as below.\n"
    "\n"
    "Limits apply to each deal. --max-nodes is deterministic; --max-seconds depends\n"
    "on the machine. --max-memory is the total budget of the transposition tables:\n"
    "each thread gets max-memory / threads (at least 1M each).\n"
    "\n"
    "--summary prints one line on standard error at the end, e.g.\n"
    "  talon-solve: 100 deals: 97 solved, 3 unsolvable, 0 unknown; 51234 nodes;\n"
    "  0.012 s; 8333 deals/s; 2 threads[; mean score 37.45]\n"
    "\n"
    "The exit status is 3 if any result is unknown, else 1 if any deal is\n"
    "unsolvable, else 0. On bad input (65) the message names FILE:LINE and the\n"
    "field; solving stops there and an -o file is not written.",
    "  talon-solve --game fourteen-out --deals 1-1000 --summary > solutions.jsonl\n"
    "  talon-deal --game thirteens --deals 1-100 --option slots=15 | talon-solve\n"
    "  talon-solve --format text deals.jsonl -o solutions.txt\n"
    "  talon-solve --game triple-fourteens --deals 1-50 --max-nodes 1000000 --threads 2\n"
    "  talon-solve --game klondike --deals 1-20 --grade --format text\n"
    "  talon-solve --after my-game.txt --format text\n",
};

struct Result {
  Status status;  // not ok: bad input; nothing else is set
  Verdict verdict = Verdict::kUnknown;
  uint64_t nodes = 0;
  std::optional<int> score;  // games with a score (The Carpet)
  std::string text;  // the formatted solution, ending in '\n'
};

// "# difficulty: Hard (grade 3 of 5); score 41.50: ...": the text form's
// difficulty line.
std::string DifficultyComment(const DealGrade& g) {
  std::string line = "# difficulty: " + GradeText(g);
  if (g.measure) {
    const DifficultyMeasure& m = *g.measure;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "; score %.2f: %d of %d playouts won, %.1f%% of the cards out, %d critical of %d "
                  "choices (%d unsure)",
                  m.score, m.wins, m.playouts, 100.0 * m.progress, m.critical, m.choices, m.unsure);
    line += buf;
  }
  return line + "\n";
}

// "# score: 37 cards built (best play)": the text form's score line.
std::string ScoreComment(int score, Verdict verdict) {
  return "# score: " + std::to_string(score) + " cards built" +
         (verdict == Verdict::kUnknown ? " (at least; the search was stopped)" : " (best play)") +
         "\n";
}

// talon-solve --after FILE: the position reached by the moves of each
// solution in FILE, decided.
int RunAfter(const std::string& path, bool text, const SearchLimits& limits, OutputFile& out) {
  InputFile in;
  std::string bytes;
  if (Status s = in.Open(path); !s.ok()) return Fail(s);
  if (Status s = in.ReadAll(bytes); !s.ok() || Cancelled()) return Cancelled() ? InterruptExitCode() : Fail(s);
  std::istringstream stream(bytes);
  auto read = ReadSolutions(stream, in.name());
  if (!read) return Fail(read.status());
  if (read->empty()) return Fail(Status::BadInput(in.name() + ": no solution in it (the moves played, e.g. \"klondike#3 played\" then \"1. 1→F  A♦\")"));
  int exit = kExitOk;
  for (size_t k = 0; k < read->size(); ++k) {
    Solution& played = (*read)[k];
    const Game& game = *FindGame(played.game);
    if (!played.deal)
      return Fail(Status::BadInput(in.name() + ": solution " + std::to_string(k + 1) + " (" + played.game +
                                   "): its header names no deal number (--after replays numbered deals)"));
    const std::optional<Shuffle> shuffle = ParseShuffle(played.shuffle.empty() ? "talon-v1" : played.shuffle);
    auto deal = MakeDeal(game, *played.deal, played.options, shuffle.value_or(Shuffle::kTalonV1));
    if (!deal) return Fail(deal.status().WithContext(in.name()));
    const Replay replay = ReplayMoves(game, *deal, played.moves);
    if (!replay.first_error.ok()) {
      PrintError(DealName(game, *deal) + ": " + IllegalStep(replay));
      out.Discard();
      return kExitNegative;
    }
    SolveResult rest = DecideAfter(game, *deal, played.moves, played.moves.size(), limits);
    if (Cancelled()) {
      out.Discard();
      return InterruptExitCode();
    }
    Solution solution = MakeSolution(*deal, SolveResult{});
    solution.result = rest.verdict;
    if (rest.verdict == Verdict::kSolved) {
      solution.moves = played.moves;
      solution.moves.insert(solution.moves.end(), rest.moves.begin(), rest.moves.end());
    }
    if (text) {
      std::string t = SolutionToText(game, solution);
      t.insert(t.find('\n') + 1, "# after move " + std::to_string(played.moves.size()) + " played: " +
                                     (rest.verdict == Verdict::kSolved
                                          ? CountOf(rest.moves.size(), "move") + " more win"
                                          : rest.verdict == Verdict::kUnsolvable ? std::string("no win is left")
                                                                                 : std::string("not decided")) +
                                     "\n");
      out.Write(t);
    } else {
      out.Write(SolutionToJson(solution) + "\n");
    }
    if (rest.verdict == Verdict::kUnknown) exit = kExitLimit;
    else if (rest.verdict == Verdict::kUnsolvable && exit != kExitLimit) exit = kExitNegative;
  }
  if (int code = FinishOutput(out, true, {}); code >= 0) return code;
  return exit;
}

int Run(int argc, char** argv) {
  po::options_description options("Options");
  DecideOptions decide;
  decide.AddDealOptions(options, {"G", "make the deals of game G (with --deals)",
                                  "deal numbers A to B (or one number N)",
                                  "a rule variant for --game, e.g. slots=15 (repeatable)"});
  std::string format, output_path;
  AddFormatAndOutputOptions(options, format, {"jsonl", "text"}, "output form", output_path);
  auto add = options.add_options();
  add("summary", "print counts, nodes, time and speed on standard error at the end");
  add("grade", "also grade every deal (its difficulty, 1-5; costly: see below)");
  std::string after_path;
  add("after", po::value(&after_path)->value_name("FILE"),
      "decide the position reached by the moves played in FILE (a solution)");
  decide.AddSolverOptions(options);
  po::variables_map vm;
  if (int code = decide.Parse(argc, argv, kHelp, options, vm); code >= 0) return code;

  // --- Check the command line.
  if (Status s = CheckFormat(format, {"jsonl", "text"}); !s.ok()) return Fail(s);
  const bool text = format == "text";
  const bool grade = vm.count("grade") > 0;
  if (vm.count("after")) {
    if (vm.count("input") || vm.count("game") || vm.count("deals"))
      return Fail(Status::Usage("--after FILE takes its deal from FILE: give no deal FILE, --game or --deals"));
    if (grade) return Fail(Status::Usage("--grade grades whole deals; it does not go with --after"));
  }

  // --- Open everything before any work, so that a bad path fails at once.
  int threads = 1;
  SearchLimits limits;
  DealSource source;
  if (Status s = decide.Finish(vm, /*many_games=*/false, threads, limits, source); !s.ok()) return Fail(s);
  OutputFile out;
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);
  if (vm.count("after")) return RunAfter(after_path, text, limits, out);

  auto produce = [&](DealTask& task) { return source.Next(task); };
  auto work = [&](DealTask& task) -> Result {
    Result result;
    auto d = source.Make(task);
    if (!d) {
      result.status = d.status();
      return result;
    }
    const Deal& deal = *d;
    const Game* g = FindGame(deal.game);
    SolveResult solved = g->Solve(deal, limits);
    result.verdict = solved.verdict;
    result.nodes = solved.stats.nodes;
    result.score = solved.score;
    std::optional<DealGrade> graded;
    if (grade) graded = GradeDeal(*g, deal, solved, limits);
    Solution solution = MakeSolution(deal, std::move(solved));
    if (graded) solution.difficulty = NoteOf(*graded);
    if (text) {
      result.text = SolutionToText(*g, solution);
      // Comment lines after the header: readers skip them.
      std::string comments;
      if (result.score) comments += ScoreComment(*result.score, result.verdict);
      if (graded) comments += DifficultyComment(*graded);
      result.text.insert(result.text.find('\n') + 1, comments);
    } else {
      result.text = SolutionToJson(solution);
      result.text += '\n';
    }
    return result;
  };

  uint64_t counts[3] = {0, 0, 0};  // by Verdict
  uint64_t nodes = 0;
  uint64_t scored = 0, score_sum = 0;
  Status data_status;
  auto emit = [&](Result& result) -> bool {
    if (!result.status.ok()) {
      data_status = result.status;
      return false;
    }
    ++counts[static_cast<int>(result.verdict)];
    nodes += result.nodes;
    if (result.score) {
      ++scored;
      score_sum += static_cast<uint64_t>(*result.score);
    }
    out.Write(result.text);
    return true;
  };

  const auto t0 = std::chrono::steady_clock::now();
  const bool finished =
      OrderedMap<DealTask, Result>(threads, &CancelFlag(), &StopWorkFlag(), produce, work, emit) &&
      !Cancelled();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (vm.count("summary") && finished) {
    const uint64_t total = counts[0] + counts[1] + counts[2];
    char line[512];
    std::snprintf(line, sizeof line,
                  ": %" PRIu64 " solved, %" PRIu64 " unsolvable, %" PRIu64 " unknown; %s; %.3f s; %.0f deals/s; %s",
                  counts[static_cast<int>(Verdict::kSolved)], counts[static_cast<int>(Verdict::kUnsolvable)],
                  counts[static_cast<int>(Verdict::kUnknown)], CountOf(nodes, "node").c_str(), seconds,
                  seconds > 0 ? static_cast<double>(total) / seconds : 0.0, CountOf(static_cast<uint64_t>(threads), "thread").c_str());
    std::string note = CountOf(total, "deal") + line;
    if (scored > 0) {
      std::snprintf(line, sizeof line, "; mean score %.2f", static_cast<double>(score_sum) /
                                                               static_cast<double>(scored));
      note += line;
    }
    PrintNote(note);
  }
  if (int code = FinishOutput(out, finished, {&data_status, &source.status()}); code >= 0) return code;
  if (counts[static_cast<int>(Verdict::kUnknown)] > 0) return kExitLimit;
  if (counts[static_cast<int>(Verdict::kUnsolvable)] > 0) return kExitNegative;
  return kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) {
  return talon::cli::RunTool("talon-solve", argc, argv, talon::cli::Run);
}
