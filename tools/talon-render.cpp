// talon-render: one deal's layout sheet and solution sheet as PDF, PNG or SVG.
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/solution_io.h"
#include "render/cairo_writer.h"
#include "render/svg_writer.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/sheets.h"
#include "tools/cli/args.h"
#include "tools/cli/exit.h"
#include "tools/cli/io.h"
#include "tools/cli/report.h"
#include "tools/cli/signals.h"
#include "tools/cli/print_options.h"
#include "tools/cli/shuffle_option.h"

namespace talon::cli {
namespace {

std::string ToUpper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

const ToolHelp kHelp = {
    "talon-render [options] [DEAL-FILE] -o FILE.pdf|.png|.svg\n"
    "       talon-render [options] --game G --deal N [--option NAME=VALUE]... -o FILE",
    "Prints one deal: a layout sheet (the game and deal name, the rules in force\n"
    "under the deal's options, the table as it stands before move 1 with its piles\n"
    "named as in the notation, and the stock in the order to stack it) and a\n"
    "solution sheet (what each symbol of the notation means, which moves are not\n"
    "written and move 1 in words; then the moves numbered, with small card faces\n"
    "and a tick box each, over as many pages as needed, each headed with the deal\n"
    "name and the moves it holds, e.g. \"moves 49-110 of 149\"). The deal is read\n"
    "as one JSON line (talon-deal/1) from DEAL-FILE or standard input, or made with\n"
    "--game and --deal. Its solution is read from --solution FILE (JSON or text\n"
    "form, matched by game, deal and options) or found by solving the deal.",
    "Formats: PDF (DejaVu Sans embedded, links and bookmarks), PNG (--dpi) and SVG\n"
    "(each glyph and card face defined once), chosen by --format or the output's\n"
    "extension (standard output: PDF); a PNG or SVG stacks several pages top to\n"
    "bottom, a dashed cut line between them. A PDF or PNG is not written to a\n"
    "terminal (exit 2): give -o FILE or redirect standard output. The same command\n"
    "always gives the same bytes; PDF dates come from SOURCE_DATE_EPOCH (default\n"
    "2024-01-01).\n"
    "\n"
    "Colour schemes: two (red and black), four (spades black, hearts red,\n"
    "diamonds blue, clubs green: easier for colour-blind players), mono (black\n"
    "and grey only: hearts and diamonds in outline, headings and labels black).\n"
    "\n"
    "Fonts: DejaVu Sans (DejaVuSans.ttf and DejaVuSans-Bold.ttf) is searched in\n"
    "$TALON_FONT_DIR when set, else /usr/share/fonts/truetype/dejavu and other\n"
    "usual places; if it is missing, install Debian's fonts-dejavu-core (exit 74).\n"
    "The shipped templates are read from $TALON_TEMPLATE_DIR when set, else from\n"
    "../share/talon/templates beside this program's directory (exit 74 if missing).\n"
    "\n"
    "Errors: an unsolvable deal has no solution sheet (exit 1; --sheet layout still\n"
    "prints); a search limit reached first exits 3; a template with an unknown key,\n"
    "a bad value (FILE:LINE: and the key are named), or content that does not fit\n"
    "the page exits 65, a template that cannot be read 74; a solution that does not\n"
    "win the deal exits 65. The output file is written whole or not at all.",
    "  talon-render --game fourteen-out --deal 12345 -o deal.pdf\n"
    "  talon-render --game thirteens --deal 7 --sheet layout --colours four -o deal.png --dpi 150\n"
    "  talon-deal --game fifteen --deal 3 | talon-render --paper letter -o fifteen-3.svg\n"
    "  talon-render deal.jsonl --solution solution.jsonl --template my.json -o deal.pdf\n",
};

int Run(int argc, char** argv) {
  po::options_description options("Options");
  std::vector<std::string> option_pairs;
  std::string game_id, deal_text, input_path, solution_path, output_path, format, sheet = "both", paper,
      dpi_text = "150", max_nodes_text, max_seconds_text, shuffle_text;
  PrintOptionText print;
  options.add_options()
      ("game", po::value(&game_id)->value_name("G"), "make deal N of game G (with --deal)")
      ("deal", po::value(&deal_text)->value_name("N"), "the deal number")
      ("option", po::value(&option_pairs)->value_name("NAME=VALUE")->composing(),
       "a rule variant for --game, e.g. slots=15 (repeatable)")
      ("solution", po::value(&solution_path)->value_name("FILE"),
       "the deal's solution (JSON or text form); default: solve the deal")
      ("output,o", po::value(&output_path)->value_name("FILE"), "write FILE (.pdf, .png or .svg)")
      ("format", po::value(&format)->value_name("F"), "pdf, png or svg (default: from -o's extension)")
      ("sheet", po::value(&sheet)->value_name("S")->default_value("both"), "layout, solution or both")
      ("paper", po::value(&paper)->value_name("P"), "a4 (default), letter, legal, a5, a3 or WxHmm (e.g. 210x297mm)")
      ("dpi", po::value(&dpi_text)->value_name("N")->default_value("150"), "PNG resolution, 10 to 1200");
  AddPrintOptions(options, print);
  options.add_options()
      ("max-nodes", po::value(&max_nodes_text)->value_name("N"), "when solving: give up after N positions")
      ("max-seconds", po::value(&max_seconds_text)->value_name("S"), "when solving: give up after S seconds");
  AddShuffleOption(options, shuffle_text);
  po::options_description hidden;
  hidden.add_options()("input", po::value(&input_path)->value_name("DEAL-FILE"), "the deal ('-' = standard input)");
  po::positional_options_description positional;
  positional.add("input", 1);
  po::variables_map vm;
  if (int code = ParseCommandLine(argc, argv, kHelp, options, &hidden, &positional, vm); code >= 0) return code;

  // --- The command line.
  render::SheetKind kind;
  if (sheet == "layout") kind = render::SheetKind::kLayout;
  else if (sheet == "solution") kind = render::SheetKind::kSolution;
  else if (sheet == "both") kind = render::SheetKind::kBoth;
  else return Fail(Status::Usage("--sheet: '" + sheet + "' is not a sheet (use layout, solution or both)"));
  auto fmt = OutputFormat(format, output_path);
  if (!fmt) return Fail(fmt.status());
  if ((output_path.empty() || output_path == "-") && *fmt != "svg" && isatty(STDOUT_FILENO))
    return Fail(Status::Usage("will not write a " + ToUpper(*fmt) +
                              " to a terminal: give -o FILE or redirect standard output"));
  char* end = nullptr;
  const double dpi = std::strtod(dpi_text.c_str(), &end);
  if (*end || !(dpi >= 10 && dpi <= 1200))
    return Fail(Status::Usage("--dpi: '" + dpi_text + "' is not a resolution from 10 to 1200"));
  const bool generate = vm.count("game") || vm.count("deal");
  if (generate && !input_path.empty()) return Fail(Status::Usage("give either a deal file or --game and --deal, not both"));
  if (generate && (!vm.count("game") || !vm.count("deal")))
    return Fail(Status::Usage("--game and --deal go together"));
  if (!generate && !option_pairs.empty()) return Fail(Status::Usage("--option needs --game"));
  if (!generate && !shuffle_text.empty()) return Fail(Status::Usage("--shuffle needs --game"));
  auto shuffle = ParseShuffleOption(shuffle_text);
  if (!shuffle) return Fail(shuffle.status());
  SearchLimits limits;
  limits.cancel = &CancelFlag();
  if (Status s = ParseLimitOptions(vm, limits); !s.ok()) return Fail(s);
  auto tmpl = ChooseTemplate(print, paper, 0, false);
  if (!tmpl) return Fail(tmpl.status());
  auto fonts = render::FindFonts();
  if (!fonts) return Fail(fonts.status());
  OutputFile out;  // opened first, so that a bad path fails before any work
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);

  // --- The deal.
  Deal deal;
  const Game* game = nullptr;
  if (generate) {
    auto g = ParseGame(game_id);
    if (!g) return Fail(g.status());
    game = *g;
    auto n = ParseCount("--deal", deal_text);
    if (!n) return Fail(n.status());
    auto o = ParseGameOptions(*game, option_pairs);
    if (!o) return Fail(o.status());
    auto d = MakeDeal(*game, *n, *o, *shuffle);
    if (!d) return Fail(d.status());
    deal = *d;
  } else {
    InputFile in;
    if (Status s = in.Open(input_path.empty() ? "-" : input_path); !s.ok()) return Fail(s);
    std::string line, found;
    size_t found_line = 0;
    while (in.ReadLine(line)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      if (!found.empty())
        return Fail(Status::Usage(in.name() + ":" + std::to_string(in.line_number()) +
                                  ": more than one deal; talon-render prints one (talon-book prints many)"));
      found = line;
      found_line = in.line_number();
    }
    if (Cancelled()) return InterruptExitCode();
    if (!in.status().ok()) return Fail(in.status());
    if (found.empty()) return Fail(Status::BadInput(in.name() + ": no deal (expected one talon-deal/1 JSON line)"));
    auto d = DealFromJson(found);
    if (!d) return Fail(d.status().WithContext(in.name() + ":" + std::to_string(found_line)));
    deal = *d;
    game = FindGame(deal.game);
    if (!game) return Fail(Status::BadInput(in.name() + ": unknown game '" + deal.game + "'"));
  }
  const std::string name = DealName(*game, deal);

  // --- Its solution, when a sheet needs it.
  Solution solution;
  if (kind != render::SheetKind::kLayout) {
    if (!solution_path.empty()) {
      InputFile in;
      if (Status s = in.Open(solution_path); !s.ok()) return Fail(s);
      std::string all;
      if (Status s = in.ReadAll(all); !s.ok()) return Fail(s);
      std::istringstream stream(all);
      auto sols = ReadSolutions(stream, in.name());
      if (!sols) return Fail(sols.status());
      bool matched = false;
      for (const Solution& s : *sols)
        if (s.game == deal.game && s.deal == deal.number && s.shuffle == deal.SolutionShuffle() &&
            s.options == deal.options) {
          solution = s;
          matched = true;
          break;
        }
      if (!matched) return Fail(Status::BadInput(in.name() + ": no solution for " + name));
    } else {
      SolveResult r = game->Solve(deal, limits);
      if (Cancelled()) return InterruptExitCode();
      solution = MakeSolution(deal, std::move(r));
    }
    if (solution.result == Verdict::kUnsolvable) {
      PrintError(name + " is unsolvable: there is no solution sheet to print (--sheet layout prints the layout alone)");
      return kExitNegative;
    }
    if (solution.result == Verdict::kUnknown) {
      PrintError(name + ": the search stopped at a limit before finding a solution (raise --max-nodes/--max-seconds, or --sheet layout)");
      return kExitLimit;
    }
    Replay replay = ReplayMoves(*game, deal, solution.moves);
    if (!replay.first_error.ok())
      return Fail(Status::BadInput("the solution does not fit " + name + ": move " +
                                   std::to_string(replay.legal_moves + 1) + ": " + replay.first_error.message()));
    if (!replay.won)
      return Fail(Status::BadInput("the solution does not win " + name + ": cards are left after its " +
                                   std::to_string(solution.moves.size()) + " moves"));
  }

  // --- Compose and write.
  auto doc = render::RenderDealSheets(*game, deal, &solution, kind, *tmpl, *fonts);
  if (!doc) return Fail(doc.status());
  Expected<std::string> bytes = *fmt == "pdf" ? render::WritePdf(*doc, *fonts)
                                : *fmt == "png" ? render::WritePng(*doc, *fonts, dpi)
                                                : render::WriteSvg(*doc, *fonts);
  if (!bytes) return Fail(bytes.status());
  out.Write(*bytes);
  if (Cancelled()) return InterruptExitCode();
  if (Status s = out.Commit(); !s.ok()) return Fail(s);
  return kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) { return talon::cli::RunTool("talon-render", argc, argv, talon::cli::Run); }
