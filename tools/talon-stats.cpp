// talon-stats: solvability and difficulty surveys over many deals.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/difficulty/grade.h"
#include "core/game.h"
#include "core/survey.h"
#include "tools/cli/args.h"
#include "tools/cli/deal_source.h"
#include "tools/cli/decide_options.h"
#include "tools/cli/exit.h"
#include "tools/cli/io.h"
#include "tools/cli/parallel.h"
#include "tools/cli/per_deal.h"
#include "tools/cli/report.h"
#include "tools/cli/shard.h"
#include "tools/cli/signals.h"
#include "tools/cli/stats_merge.h"
#include "tools/cli/survey_format.h"
#include "tools/cli/survey_plot.h"

namespace talon::cli {
namespace {

const ToolHelp kHelp = {
    "talon-stats [options] --game G[,G2...] --deals A-B [--option NAME=VALUE]...\n"
    "       talon-stats [options] [FILE...]\n"
    "       talon-stats merge [options] FILE...   (see talon-stats merge --help)",
    "Surveys deals: decides every deal (as talon-solve does) and reports, per game\n"
    "and set of options, how many are winnable, with a 95% confidence interval,\n"
    "how many positions the search needed (its effort: a measure of how hard the\n"
    "deal is to decide), and how long the winning lines are. Deals are A..B of each\n"
    "game G, or JSON Lines deals (talon-deal/1) read from the FILEs ('-' or none:\n"
    "standard input).",
    "The text report has, per group: the counts of solved, unsolvable and unknown\n"
    "deals; the winnable share with its 95% Wilson interval (two shares when some\n"
    "deals are unknown: at least solved/deals, at most (solved+unknown)/deals);\n"
    "the number of deals, median, 90th and 99th percentile (nearest rank), maximum\n"
    "and mean of the positions searched (solved, unsolvable and unknown deals\n"
    "apart), of the moves of the winning lines and (The Carpet) of the score; a\n"
    "histogram of the positions searched by decade; the ten decided deals that\n"
    "took the most positions; and the unknown deals. --format json writes the\n"
    "same as one JSON document (talon-stats/1, docs/formats.md). --per-deal FILE\n"
    "writes the per-deal table (talon-per-deal/1, docs/formats.md): a first line\n"
    "'# talon-per-deal/1 deals=... shard=K/N max-nodes=... max-seconds=...\n"
    "[shuffle=pysol] version=...', the columns game,options,deal,result,nodes,moves,score,index,\n"
    "then one CSV line per deal.\n"
    "\n"
    "A survey too large for one machine is split with --shard K/N (shard K of N\n"
    "takes the deals whose index, their 0-based position among the deals asked\n"
    "for, is K-1 modulo N; its report's heading says '(A-B, shard K/N)'), each\n"
    "shard writing its per-deal file; 'talon-stats merge FILE...' then writes\n"
    "exactly the report one run gives (docs/scale.md: Slurm, GNU parallel).\n"
    "--plot FILE draws the winnable share of each group with its interval and\n"
    "the histograms of positions searched and of winning-line lengths, as PNG,\n"
    "SVG or PDF by FILE's extension.\n"
    "\n"
    "--grades also grades every winnable deal (as talon-solve --grade; costly),\n"
    "adds per group the deals of each grade, their share and score range, and the\n"
    "scores at 30, 55, 75 and 90% of the graded deals: the cut points a\n"
    "calibration over these deals gives (docs/solvers/difficulty.md); the\n"
    "per-deal table gets a last column, grade (empty for no grade).\n"
    "--grade-check adds the mean win share of the checking player (a player the\n"
    "grades are not computed from) per grade.\n"
    "\n"
    "The report is the same at every thread count and on every run, except the\n"
    "times, which are written only with --timings. Limits apply to each deal as in\n"
    "talon-solve; --max-nodes keeps the survey deterministic, --max-seconds does\n"
    "not. Progress is shown on standard error when it is a terminal.\n"
    "\n"
    "The exit status is 0 when the survey is complete, whatever the verdicts\n"
    "(unknown deals are part of the report). On bad input (65) the message names\n"
    "FILE:LINE and the field and no output file is written.",
    "  talon-stats --game fourteen-out,take-fourteen --deals 1-10000\n"
    "  talon-stats --game thirteens --deals 1-100000 --option slots=5\n"
    "  talon-stats --game klondike --deals 1-1000 --max-nodes 3000000 --per-deal k.csv\n"
    "  talon-deal --game fifteen --deals 1-500 | talon-stats --format json -o fifteen.json\n"
    "  talon-stats --game klondike --deals 1-10000 --max-nodes 20000000 --shard 3/8 --per-deal k-3.csv\n"
    "  talon-stats merge k-*.csv --plot klondike.png\n",
};


int Run(int argc, char** argv) {
  po::options_description options("Options");
  DecideOptions decide;
  decide.AddDealOptions(options, {"G[,G2...]", "survey deals of these games (with --deals)",
                                  "deal numbers A to B of each game",
                                  "a rule variant for every --game, e.g. slots=15 (repeatable)"});
  std::string format, output_path, per_deal_path;
  AddFormatAndOutputOptions(options, format, {"text", "json"}, "report form", output_path, "the report");
  auto add = options.add_options();
  add("per-deal", po::value(&per_deal_path)->value_name("FILE"),
      "also write the per-deal table to FILE (talon-per-deal/1: one CSV line per deal)");
  add("timings", "add the time per deal to the report (differs from run to run)");
  add("grades", "also grade every winnable deal: the grades, their scores and the calibration's cut points");
  add("grade-check", "with --grades: the checking player's win share per grade (costly)");
  std::string shard_text, plot_path;
  add("plot", po::value(&plot_path)->value_name("FILE"),
      "also draw the survey's charts to FILE: .png, .svg or .pdf (whole or not at all)");
  add("shard", po::value(&shard_text)->value_name("K/N"),
      "survey only shard K of N: the deals whose index (0-based position among those asked for) "
      "is K-1 modulo N (docs/scale.md)");
  decide.AddSolverOptions(options);
  po::variables_map vm;
  if (int code = decide.Parse(argc, argv, kHelp, options, vm); code >= 0) return code;

  // --- Check the command line.
  if (Status s = CheckFormat(format, {"text", "json"}); !s.ok()) return Fail(s);
  const bool timings = vm.count("timings") > 0;
  const bool grades = vm.count("grades") > 0;
  const bool grade_check = vm.count("grade-check") > 0;
  if (grade_check && !grades) return Fail(Status::Usage("--grade-check goes with --grades"));

  Shard shard;
  if (vm.count("shard")) {
    auto parsed = ParseShard("--shard", shard_text);
    if (!parsed) return Fail(parsed.status());
    shard = *parsed;
  }

  PlotTarget plot;
  if (!plot_path.empty())
    if (Status s = plot.Check(plot_path); !s.ok()) return Fail(s);

  // --- Open everything before any work, so that a bad path fails at once.
  int threads = 1;
  SearchLimits limits;
  DealSource source;
  if (Status s = decide.Finish(vm, /*many_games=*/true, threads, limits, source); !s.ok()) return Fail(s);
  const bool pysol = source.shuffle() == Shuffle::kPysol;
  const std::string range_text = (pysol ? "pysol " : "") + source.RangeText();  // "pysol 1-100"
  std::vector<SurveyGroup> groups;
  std::map<std::pair<std::string, std::string>, size_t> group_of;  // (game, options) -> index
  for (const auto& [game, game_options] : source.games()) {
    group_of[{std::string(game->id()), FormatOptions(game_options)}] = groups.size();
    groups.push_back({game, game_options, range_text, "", {}});
  }
  if (!shard.whole())
    for (SurveyGroup& g : groups) g.shard = shard.Text();
  OutputFile out, per_deal;
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);
  if (!per_deal_path.empty()) {
    if (per_deal_path == "-" || per_deal_path == output_path)
      return Fail(Status::Usage("--per-deal needs a file of its own"));
    if (Status s = per_deal.Open(per_deal_path); !s.ok()) return Fail(s);
    PerDealRun run;
    run.deals = source.games().empty()
                    ? PerDealFilesKey(decide.files().empty() ? std::vector<std::string>{"-"} : decide.files())
                    : source.RangeText();
    run.shuffle = pysol ? "pysol" : "";
    run.shard = shard;
    run.max_nodes = limits.max_nodes;
    run.max_seconds = limits.max_seconds >= 1e9 ? 0 : limits.max_seconds;
    run.version = TALON_VERSION;
    run.graded = grades;
    per_deal.Write(PerDealHeader(run));
  }

  // --- Decide every deal; results come back in input order. A task's
  // index is its position among the deals asked for (--shard takes some).
  struct Task {
    DealTask deal;
    uint64_t index = 0;
  };
  uint64_t next_index = 0;
  auto produce = [&](Task& task) {
    while (source.Next(task.deal)) {
      task.index = next_index++;
      if (shard.Takes(task.index)) return true;
    }
    return false;
  };
  // The group is looked up on the calling thread (emit), so `groups` needs
  // no lock; the worker hands back what identifies it.
  struct Work {
    Status status;
    const Game* game = nullptr;
    Options options;
    SurveyEntry entry;
    uint64_t index = 0;
  };
  auto work = [&](Task& indexed) -> Work {
    const DealTask& task = indexed.deal;
    Work w;
    w.index = indexed.index;
    auto d = source.Make(task);
    if (!d) {
      w.status = d.status();
      return w;
    }
    w.game = FindGame(d->game);
    w.options = d->options;
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult solved = w.game->Solve(*d, limits);
    w.entry.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    w.entry.label = source.Label(task, *d);
    w.entry.verdict = solved.verdict;
    w.entry.nodes = solved.stats.nodes;
    w.entry.moves = solved.moves.size();
    w.entry.score = solved.score;
    if (grades) {
      const DealGrade g = GradeDeal(*w.game, *d, solved, limits);
      w.entry.graded = true;
      w.entry.grade = g.grade;
      if (g.measure) {
        w.entry.difficulty = g.measure->score;
        if (grade_check) {
          const DifficultyModel& model = *w.game->difficulty();
          w.entry.check_playouts = model.settings().check_playouts;
          w.entry.check_wins = model.Wins(*d, w.entry.check_playouts, 2);
        }
      }
      w.entry.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return w;
  };
  const bool progress = isatty(2);
  uint64_t done = 0;
  Status data_status;
  auto emit = [&](Work& w) -> bool {
    if (!w.status.ok()) {
      data_status = w.status;
      return false;
    }
    auto key = std::make_pair(std::string(w.game->id()), FormatOptions(w.options));
    auto [it, added] = group_of.emplace(key, groups.size());
    if (added) groups.push_back({w.game, w.options, "", shard.whole() ? "" : shard.Text(), {}});
    groups[it->second].survey.Add(w.entry);
    if (!per_deal_path.empty()) per_deal.Write(PerDealLine(*w.game, w.options, w.entry, w.index));
    ++done;
    if (progress && done % 100 == 0)
      std::fprintf(stderr, "\rtalon-stats: %llu deals decided", static_cast<unsigned long long>(done));
    return true;
  };
  const bool finished =
      OrderedMap<Task, Work>(threads, &CancelFlag(), &StopWorkFlag(), produce, work, emit) &&
      !Cancelled();
  if (progress && done >= 100) std::fprintf(stderr, "\n");

  const bool complete = finished && data_status.ok() && source.status().ok();
  const bool plotting = !plot_path.empty();
  if (complete) {
    // Every output written and synced before any is committed: a failed
    // report (a full disk, a closed pipe) leaves no table, no picture and no report.
    out.Write(format == "json" ? SurveyJson(groups, timings) : SurveyText(groups, timings));
    Status ready = plotting ? plot.Write(groups) : Status::Ok();
    if (ready.ok()) ready = out.Prepare();
    if (ready.ok() && !per_deal_path.empty()) ready = per_deal.Prepare();
    if (ready.ok() && plotting) ready = plot.Prepare();
    if (!ready.ok() || Cancelled()) {
      if (plotting) plot.Discard();
      per_deal.Discard();
      out.Discard();
      return Cancelled() ? FinishOutput(out, false, {}) : Fail(ready);
    }
    if (!per_deal_path.empty())
      if (Status s = per_deal.Commit(); !s.ok()) return Fail(s);
    if (plotting)
      if (Status s = plot.Commit(); !s.ok()) return Fail(s);
  } else {
    if (!per_deal_path.empty()) per_deal.Discard();
    if (plotting) plot.Discard();
  }
  if (int code = FinishOutput(out, finished, {&data_status, &source.status()}); code >= 0) return code;
  return kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "merge")  // talon-stats merge FILE...
    return talon::cli::RunTool("talon-stats", argc - 1, argv + 1, talon::cli::RunStatsMerge);
  return talon::cli::RunTool("talon-stats", argc, argv, talon::cli::Run);
}
