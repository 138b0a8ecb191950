// talon-verify: checks solutions move by move against the rules (never by
// solving): per solution "ok", the first illegal step, or "not won".
#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/solution.h"
#include "core/solution_io.h"
#include "core/words.h"
#include "tools/cli/args.h"
#include "tools/cli/deal_source.h"
#include "tools/cli/exit.h"
#include "tools/cli/explain_text.h"
#include "tools/cli/io.h"
#include "tools/cli/report.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

const ToolHelp kHelp = {
    "talon-verify --deal FILE --solution FILE [-o FILE]\n"
    "talon-verify FILE [-o FILE]",
    "Checks solutions: replays every move of every solution from its deal with the\n"
    "game's rules (the checker, never the solver) and prints one line per solution,\n"
    "in the order of the solution file. Either FILE may be '-' (standard input).",
    "Inputs: the deal file holds deals as JSON Lines (talon-deal/1); the solution\n"
    "file holds solutions as JSON Lines (talon-solution/1) or in the numbered text\n"
    "form written by talon-solve --format text (told apart by the first character).\n"
    "Both may hold many. A JSON Lines file may hold deals and solutions mixed (the\n"
    "file talon-book attaches to its PDF, or writes with --jsonl): the deal file's\n"
    "solution lines and the solution file's deal lines are skipped, so one file can\n"
    "be given as both, or alone as the one FILE argument. A solution belongs to the deal with the same game, deal\n"
    "number and options; a solution of a hand-made deal (no number) belongs to the\n"
    "hand-made deal in the same position: the first such solution to the first\n"
    "hand-made deal in the deal file, and so on. Deals without a solution are\n"
    "ignored.\n"
    "\n"
    "Output, one line per solution:\n"
    "  fourteen-out#12345: ok (26 moves)\n"
    "  fourteen-out#12345: step 7: illegal: REASON\n"
    "  fourteen-out#12345: not won after 25 moves (2 cards left)\n"
    "  fourteen-out#12345: not checked: result is unsolvable\n"
    "  fourteen-out#12345: played 12 moves, all legal (28 cards left)\n"
    "Step numbers count from 1; REASON is the rule the move breaks. A solution\n"
    "whose result is \"unsolvable\" or \"unknown\" holds no moves to check; one\n"
    "whose result is \"played\" (a game in progress) is checked move by move and\n"
    "need not be won.\n"
    "\n"
    "--explain adds, after the line of each legal game that was not won, where it\n"
    "went wrong: the first move after which no win existed (the position after\n"
    "each prefix decided by the solver, by binary search), with a winning move\n"
    "from the position before it:\n"
    "  klondike#5: explain: move 17 (7→4  8♠) lost the game: no win existed after\n"
    "  it; before it a win remained, starting 17. W→F  2♦\n"
    "  klondike#8: explain: the deal cannot be won: no play wins it\n"
    "  klondike#9: explain: still winnable after 40 moves: a win takes 61 more\n"
    "  moves, starting 41. 3→F  5♦\n"
    "  klondike#10: explain: not decided: a search stopped at its limit (...)\n"
    "--max-nodes and --max-seconds limit each of those searches.\n"
    "\n"
    "The exit status is 1 if any solution is illegal or not won (a \"played\" game\n"
    "need not be won), else 0 (lines \"not checked\" do not change it). A solution\n"
    "with no matching deal, or an unreadable file, is an error (65) and nothing is\n"
    "printed.",
    "  talon-deal --game fourteen-out --deals 1-100 > deals.jsonl\n"
    "  talon-solve deals.jsonl > solutions.jsonl\n"
    "  talon-verify --deal deals.jsonl --solution solutions.jsonl\n"
    "  talon-solve --format text deals.jsonl | talon-verify --deal deals.jsonl --solution -\n"
    "  pdfdetach -save 1 -o - book.pdf | talon-verify -\n"
    "  talon-verify --explain --deal deals.jsonl --solution my-game.txt\n",
};

// A numbered deal's identity: game, shuffle, number, complete options.
std::string Key(const std::string& game, const std::string& shuffle, uint64_t number,
                const Options& options) {
  return game + "#" + shuffle + (shuffle.empty() ? "" : "-") + std::to_string(number) + " " +
         FormatOptions(options);
}

Status ReadInput(const std::string& path, std::string& bytes, std::string& name) {
  InputFile in;
  TALON_RETURN_IF_ERROR(in.Open(path));
  name = in.name();
  return in.ReadAll(bytes);
}

std::string Describe(const Solution& s) {
  return s.game +
         (s.deal ? "#" + s.shuffle + (s.shuffle.empty() ? "" : "-") + std::to_string(*s.deal)
                 : " (hand-made)") +
         (s.options.empty() ? "" : " " + FormatOptions(s.options));
}

int Run(int argc, char** argv) {
  po::options_description options("Options");
  std::string deal_path, solution_path, output_path, both_path;
  auto add = options.add_options();
  add("deal", po::value(&deal_path)->value_name("FILE"),
      "the deals (JSON Lines; '-' = stdin)");
  add("solution", po::value(&solution_path)->value_name("FILE"),
      "the solutions (JSON Lines or numbered text; '-' = stdin)");
  AddOutputOption(options, output_path, "the report");
  add("explain", "for a legal game that was not won: the first move after which no win existed");
  add("max-nodes", po::value<std::string>()->value_name("N"),
      "with --explain: stop each search after N positions (deterministic)");
  add("max-seconds", po::value<std::string>()->value_name("S"),
      "with --explain: stop each search after S seconds (depends on the machine)");
  po::options_description hidden;
  hidden.add_options()("input", po::value(&both_path));
  po::positional_options_description positional;
  positional.add("input", 1);
  po::variables_map vm;
  if (int code = ParseCommandLine(argc, argv, kHelp, options, &hidden, &positional, vm); code >= 0)
    return code;
  const bool one_file = vm.count("input") > 0;
  if (one_file && (vm.count("deal") || vm.count("solution")))
    return Fail(Status::Usage("give either one FILE holding deals and solutions, or --deal and "
                              "--solution, not both"));
  if (!one_file && (!vm.count("deal") || !vm.count("solution")))
    return Fail(Status::Usage("--deal FILE and --solution FILE are both required (or one FILE "
                              "holding deals and solutions)"));
  if (!one_file && deal_path == "-" && solution_path == "-")
    return Fail(Status::Usage("--deal and --solution cannot both be standard input ('-'); give "
                              "one FILE holding both instead: talon-verify -"));

  const bool explain = vm.count("explain") > 0;
  SearchLimits limits;
  if (Status s = ParseLimitOptions(vm, limits); !s.ok()) return Fail(s);
  limits.cancel = &StopWorkFlag();
  if (!explain && (vm.count("max-nodes") || vm.count("max-seconds")))
    return Fail(Status::Usage("--max-nodes and --max-seconds go with --explain"));

  OutputFile out;
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);

  // --- Read both files whole.
  std::string deal_bytes, deal_name, solution_bytes, solution_name;
  if (Status s = ReadInput(one_file ? both_path : deal_path, deal_bytes, deal_name);
      !s.ok() || Cancelled()) {
    if (Cancelled()) return InterruptExitCode();
    return Fail(s);
  }
  if (one_file) {
    solution_bytes = deal_bytes;
    solution_name = deal_name;
  } else if (Status s = ReadInput(solution_path, solution_bytes, solution_name);
             !s.ok() || Cancelled()) {
    if (Cancelled()) return InterruptExitCode();
    return Fail(s);
  }
  SkipRecordsOfFormat(deal_bytes, "talon-solution/1");
  SkipRecordsOfFormat(solution_bytes, "talon-deal/1");

  std::vector<Deal> deals;
  {
    std::istringstream in(deal_bytes);
    DealReader reader(in, deal_name);
    Deal deal;
    while (reader.Next(deal)) deals.push_back(std::move(deal));
    if (!reader.status().ok()) return Fail(reader.status());
  }
  std::vector<Solution> solutions;
  {
    std::istringstream in(solution_bytes);
    auto read = ReadSolutions(in, solution_name);
    if (!read) return Fail(read.status());
    solutions = std::move(*read);
  }

  // --- Match every solution to its deal before printing anything.
  std::map<std::string, size_t> numbered;  // Key -> index in deals (the first one)
  std::vector<size_t> hand_made;           // indices of hand-made deals, in order
  for (size_t i = 0; i < deals.size(); ++i) {
    if (deals[i].number)
      numbered.emplace(Key(deals[i].game, deals[i].SolutionShuffle(), *deals[i].number, deals[i].options), i);
    else
      hand_made.push_back(i);
  }
  std::vector<const Deal*> match(solutions.size(), nullptr);
  size_t hand_made_seen = 0;
  for (size_t k = 0; k < solutions.size(); ++k) {
    Solution& s = solutions[k];
    const std::string where =
        solution_name + ": solution " + std::to_string(k + 1) + " (" + Describe(s) + ")";
    const Game* game = FindGame(s.game);
    if (!game) return Fail(Status::BadInput(where + ": unknown game '" + s.game + "'"));
    auto complete = CompleteOptions(game->option_specs(), s.options);
    if (!complete) return Fail(complete.status().WithContext(where + ": options"));
    s.options = *complete;
    if (s.deal) {
      auto it = numbered.find(Key(s.game, s.shuffle, *s.deal, s.options));
      if (it == numbered.end())
        return Fail(Status::BadInput(where + ": no such deal in " + deal_name +
                                     " (a solution matches the deal with the same game, "
                                     "shuffle, deal number and options)"));
      match[k] = &deals[it->second];
    } else {
      const size_t nth = hand_made_seen++;
      if (nth >= hand_made.size())
        return Fail(Status::BadInput(where + ": it is hand-made solution " +
                                     std::to_string(nth + 1) + ", but " + deal_name + " holds " +
                                     CountOf(hand_made.size(), "hand-made deal")));
      const Deal& d = deals[hand_made[nth]];
      if (d.game != s.game || d.options != s.options)
        return Fail(Status::BadInput(where + ": hand-made deal " + std::to_string(nth + 1) +
                                     " of " + deal_name + " is a deal of " + d.game +
                                     (d.options.empty() ? "" : " " + FormatOptions(d.options)) +
                                     " (hand-made solutions match hand-made deals in order)"));
      match[k] = &d;
    }
  }

  // --- Check.
  bool any_failed = false;
  for (size_t k = 0; k < solutions.size(); ++k) {
    if (Cancelled()) {
      out.Discard();
      return InterruptExitCode();
    }
    const Solution& s = solutions[k];
    const Deal& deal = *match[k];
    const Game& game = *FindGame(s.game);
    const std::string name = DealName(game, deal);
    std::string line = name + ": ";
    bool explainable = false;
    if (s.result != Verdict::kSolved && s.result != Verdict::kPlayed) {
      line += "not checked: result is " + std::string(VerdictName(s.result));
    } else {
      Replay r = ReplayMoves(game, deal, s.moves);
      if (!r.first_error.ok()) {
        line += IllegalStep(r);
        any_failed = true;
      } else if (!r.won) {
        if (s.result == Verdict::kPlayed) {
          line += "played " + CountOf(s.moves.size(), "move") + ", all legal (" +
                  CountOf(CardsLeft(r.final_table), "card") + " left)";
        } else {
          line += "not won after " + CountOf(s.moves.size(), "move") + " (" +
                  CountOf(CardsLeft(r.final_table), "card") + " left)";
          any_failed = true;
        }
        explainable = explain;
      } else {
        line += "ok (" + CountOf(s.moves.size(), "move") + ")";
      }
    }
    if (explainable) {
      const LossPoint loss = FindLoss(game, deal, s.moves, limits);
      if (Cancelled()) {
        out.Discard();
        return InterruptExitCode();
      }
      line += "\n" + name + ": explain: " + ExplainText(game, s.moves, loss);
    }
    line += '\n';
    out.Write(line);
  }
  if (Status s = out.Commit(); !s.ok()) return Fail(s);
  return any_failed ? kExitNegative : kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) {
  return talon::cli::RunTool("talon-verify", argc, argv, talon::cli::Run);
}
