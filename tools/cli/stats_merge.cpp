#include "tools/cli/stats_merge.h"

#include <string>
#include <vector>

#include "tools/cli/args.h"
#include "tools/cli/exit.h"
#include "tools/cli/io.h"
#include "tools/cli/per_deal.h"
#include "tools/cli/report.h"
#include "tools/cli/signals.h"
#include "tools/cli/survey_format.h"
#include "tools/cli/survey_merge.h"
#include "tools/cli/survey_plot.h"

namespace talon::cli {
namespace {

const ToolHelp kMergeHelp = {
    "talon-stats merge [options] FILE...",
    "Combines the per-deal files (talon-per-deal/1, written by talon-stats\n"
    "--per-deal) of several runs, such as the shards of one survey (--shard\n"
    "K/N) or surveys of further deals, into the report one run over the same\n"
    "deals writes: byte for byte the same text or JSON, without the times\n"
    "(per-deal files do not record them, so there is no --timings).",
    "Groups (game and options) come in the order one run meets them, deals in\n"
    "its order: numbered deals by number, the heading giving the ranges they\n"
    "cover; deals read from files by run (in the order of the FILEs) and\n"
    "position. A deal given twice with the same result counts once.\n"
    "\n"
    "Refused, with exit status 65 and a message naming FILE:LINE: a file that\n"
    "is not a per-deal file or is malformed (the field is named); one group\n"
    "made of runs with different limits (max-nodes, max-seconds) or of\n"
    "numbered deals and deals read from files; a deal given twice with\n"
    "different results; a run with a shard missing (a deal of its range, or a\n"
    "position of a run over files, in no FILE given: the message names the\n"
    "shard to run again). Nothing is written then. No FILE is a usage error.",
    "  talon-stats merge shard-*.csv\n"
    "  talon-stats merge --format json -o survey.json part1.csv part2.csv\n"
    "  talon-stats merge shard-*.csv --plot survey.png\n",
};

int Run(int argc, char** argv) {
  po::options_description options("Options");
  std::string format, output_path, plot_path;
  std::vector<std::string> files;
  AddFormatAndOutputOptions(options, format, {"text", "json"}, "report form", output_path, "the report");
  auto add = options.add_options();
  add("plot", po::value(&plot_path)->value_name("FILE"),
      "also draw the survey's charts to FILE: .png, .svg or .pdf (whole or not at all)");
  po::options_description hidden;
  hidden.add_options()("input", po::value(&files)->composing(), "per-deal file ('-' = stdin)")(
      "timings", "not available: per-deal files hold no times");
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (int code = ParseCommandLine(argc, argv, kMergeHelp, options, &hidden, &positional, vm); code >= 0)
    return code;
  if (vm.count("timings"))
    return Fail(Status::Usage("merge: --timings: per-deal files record no times, so a merged report has none"));
  if (Status s = CheckFormat(format, {"text", "json"}); !s.ok()) return Fail(s);
  if (files.empty()) return Fail(Status::Usage("merge: give the per-deal files to merge (merge FILE...)"));
  int stdin_count = 0;
  for (const std::string& f : files) stdin_count += f == "-";
  if (stdin_count > 1) return Fail(Status::Usage("merge: standard input ('-') can be given only once"));
  PlotTarget plot;
  if (!plot_path.empty()) {
    if (Status s = plot.Check(plot_path); !s.ok()) return Fail(s);
  }

  OutputFile out;
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);
  std::vector<PerDealTable> tables;
  tables.reserve(files.size());
  for (const std::string& f : files) {
    auto t = ReadPerDeal(f);
    if (!t) return Fail(t.status());
    tables.push_back(std::move(*t));
    if (Cancelled()) break;
  }
  Status merged_status;
  std::vector<SurveyGroup> groups;
  if (!Cancelled()) {
    auto merged = MergePerDeal(tables);
    if (merged) groups = std::move(*merged);
    else merged_status = merged.status();
  }
  const bool finished = !Cancelled();
  if (finished && merged_status.ok()) {
    out.Write(format == "json" ? SurveyJson(groups, false) : SurveyText(groups, false));
    if (!plot_path.empty()) {
      if (Status s = plot.Write(groups); !s.ok()) return Fail(s);
    }
  }
  if (int code = FinishOutput(out, finished, {&merged_status}); code >= 0) return code;
  if (!plot_path.empty())
    if (Status s = plot.Commit(); !s.ok()) return Fail(s);
  return kExitOk;
}

}  // namespace

int RunStatsMerge(int argc, char** argv) { return Run(argc, argv); }

}  // namespace talon::cli
