// talon-book: a printable booklet of winnable deals with their solutions.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/game.h"
#include "core/solution_io.h"
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

const ToolHelp kHelp = {
    "talon-book --game G[,G2...] --count N [--from DEAL] [--per-page 1|2|4] [--paper P]\n"
    "           [--solutions back|after|none] [--title TEXT] [--jsonl FILE] -o book.pdf",
    "Makes a printable PDF booklet of N deals proved winnable: a cover, a contents\n"
    "page whose entries link to their pages, a rules page for each game, the deals\n"
    "(--per-page a page), and their solutions (at the back by default, each saying\n"
    "on which page its deal is; or after each deal page; or none). Every page is\n"
    "numbered; the PDF has bookmarks for each section and deal, and a title and\n"
    "subject. The deals are found by scanning deal numbers upward from --from and\n"
    "keeping those the solver proves winnable, so the same command always gives\n"
    "the same book. With several games the count is shared out in turn, the first\n"
    "games getting one more when it does not divide evenly; deals are grouped by game.",
    "The deals and their solutions travel inside the PDF as an attached file,\n"
    "talon-book.jsonl (each deal's talon-deal/1 line followed by its\n"
    "talon-solution/1 line); `pdfdetach -save 1 book.pdf` or `qpdf\n"
    "--show-attachment=talon-book.jsonl book.pdf` gets it out. --jsonl FILE writes\n"
    "the same lines beside the PDF.\n"
    "\n"
    "--max-nodes bounds the search per deal (deterministic); a deal the search\n"
    "cannot decide within it is skipped like an unsolvable one. --max-scan bounds\n"
    "the deal numbers tried per game; when too few winnable deals are found the\n"
    "tool stops with exit 3. Progress is shown on standard error when it is a\n"
    "terminal. Fonts, colours and templates as for talon-render (docs/printing.md).\n"
    "The output file is written whole or not at all.",
    "  talon-book --game fourteen-out,thirteens --count 12 -o book.pdf\n"
    "  talon-book --game fifteen --count 40 --from 1000 --per-page 4 --paper letter -o fifteen.pdf\n"
    "  talon-book --game take-ten --count 10 --solutions after --colours mono --title \"Take Ten\" -o tt.pdf\n",
};

int Run(int argc, char** argv) {
  po::options_description options("Options");
  std::string games_text, count_text, from_text = "1", per_page_text, paper, solutions_text = "back", title,
                                      output_path, jsonl_path, max_nodes_text = "5000000", max_scan_text = "100000",
                                      shuffle_text;
  PrintOptionText print;
  options.add_options()
      ("game", po::value(&games_text)->value_name("G[,G2...]"), "the games, comma-separated")
      ("count", po::value(&count_text)->value_name("N"), "the number of deals in the book")
      ("from", po::value(&from_text)->value_name("DEAL")->default_value("1"), "the first deal number tried")
      ("per-page", po::value(&per_page_text)->value_name("K"), "deals a page: 1, 2 (default) or 4")
      ("paper", po::value(&paper)->value_name("P"), "a4 (default), letter, legal, a5, a3 or WxHmm")
      ("solutions", po::value(&solutions_text)->value_name("W")->default_value("back"), "back, after or none")
      ("title", po::value(&title)->value_name("TEXT"), "the book's title (default: from the games)")
      ("output,o", po::value(&output_path)->value_name("FILE"), "the PDF to write")
      ("jsonl", po::value(&jsonl_path)->value_name("FILE"), "also write the deals and solutions as JSON Lines");
  AddPrintOptions(options, print);
  options.add_options()
      ("large-print", "use the large-print template (one deal a page, large type)")
      ("max-nodes", po::value(&max_nodes_text)->value_name("N")->default_value("5000000"),
       "search limit per deal (0 = none)")
      ("max-scan", po::value(&max_scan_text)->value_name("N")->default_value("100000"),
       "deal numbers tried per game at most");
  AddShuffleOption(options, shuffle_text);
  po::variables_map vm;
  if (int code = ParseCommandLine(argc, argv, kHelp, options, nullptr, nullptr, vm); code >= 0) return code;

  // --- The command line.
  if (!vm.count("game")) return Fail(Status::Usage("--game G[,G2...] is required"));
  if (!vm.count("count")) return Fail(Status::Usage("--count N is required"));
  if (output_path.empty() || output_path == "-") return Fail(Status::Usage("-o book.pdf is required"));
  auto games_or = ParseGameList(games_text);
  if (!games_or) return Fail(games_or.status());
  const std::vector<const Game*> games = *games_or;
  auto shuffle = ParseShuffleOption(shuffle_text);
  if (!shuffle) return Fail(shuffle.status());
  for (const Game* g : games)
    if (Status s = CheckShuffleFor(*g, {}, *shuffle); !s.ok()) return Fail(s);
  auto count = ParseCount("--count", count_text);
  if (!count) return Fail(count.status());
  if (*count < 1 || *count > 10000) return Fail(Status::Usage("--count must be 1 to 10000"));
  auto from = ParseCount("--from", from_text);
  if (!from) return Fail(from.status());
  int per_page = 0;
  if (vm.count("per-page")) {
    if (per_page_text != "1" && per_page_text != "2" && per_page_text != "4")
      return Fail(Status::Usage("--per-page: '" + per_page_text + "' must be 1, 2 or 4"));
    per_page = per_page_text[0] - '0';
  }
  render::BookOptions book;
  if (solutions_text == "back") book.solutions = render::BookOptions::Solutions::kBack;
  else if (solutions_text == "after") book.solutions = render::BookOptions::Solutions::kAfter;
  else if (solutions_text == "none") book.solutions = render::BookOptions::Solutions::kNone;
  else return Fail(Status::Usage("--solutions: '" + solutions_text + "' must be back, after or none"));
  SearchLimits limits;
  limits.cancel = &CancelFlag();
  auto nodes = ParseCount("--max-nodes", max_nodes_text);
  if (!nodes) return Fail(nodes.status());
  limits.max_nodes = *nodes;
  auto max_scan = ParseCount("--max-scan", max_scan_text);
  if (!max_scan) return Fail(max_scan.status());
  const bool large = vm.count("large-print") > 0;
  auto tmpl =
      ChooseTemplate(print, paper, print.template_path.empty() && per_page == 0 ? (large ? 1 : 2) : per_page, large);
  if (!tmpl) return Fail(tmpl.status());
  auto fonts = render::FindFonts();
  if (!fonts) return Fail(fonts.status());
  if (title.empty()) {
    title = games.size() == 1 ? std::string(games[0]->title()) : std::string("Patience");
    title += ": " + std::to_string(*count) + " winnable deals";
  }
  if (Status s = fonts->Check(title, render::FontFace::kBold, "--title"); !s.ok()) return Fail(s);
  OutputFile out, jsonl;  // opened first, so that a bad path fails before any work
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);
  if (!jsonl_path.empty())
    if (Status s = jsonl.Open(jsonl_path); !s.ok()) return Fail(s);

  // --- Find the deals: per game, upward from --from, the ones proved winnable.
  const bool progress = isatty(2);
  std::vector<render::BookEntry> entries;
  for (size_t gi = 0; gi < games.size(); ++gi) {
    const Game& game = *games[gi];
    const uint64_t want = *count / games.size() + (gi < *count % games.size() ? 1 : 0);
    uint64_t found = 0, tried = 0;
    for (uint64_t n = *from; found < want; ++n, ++tried) {
      if (tried >= *max_scan) {
        PrintError("only " + std::to_string(found) + " winnable deals of " + std::string(game.id()) + " among " +
                   std::to_string(tried) + " deals from " + std::to_string(*from) +
                   "; raise --max-scan or --max-nodes, or ask for fewer");
        return kExitLimit;
      }
      auto deal = MakeDeal(game, n, {}, *shuffle);
      if (!deal) return Fail(deal.status());
      SolveResult r = game.Solve(*deal, limits);
      if (Cancelled()) return InterruptExitCode();
      if (r.verdict != Verdict::kSolved) continue;
      render::BookEntry e;
      e.game = &game;
      e.solution = MakeSolution(*deal, std::move(r));
      e.deal = std::move(*deal);
      entries.push_back(std::move(e));
      ++found;
      if (progress)
        std::fprintf(stderr, "\rtalon-book: %zu of %llu deals found", entries.size(),
                     static_cast<unsigned long long>(*count));
    }
  }
  if (progress) std::fprintf(stderr, "\rtalon-book: %zu deals found; composing the book\n", entries.size());

  // --- The attachment, the pages, the file.
  std::string lines;
  for (const render::BookEntry& e : entries)
    lines += DealToJson(*e.game, e.deal) + "\n" + SolutionToJson(e.solution) + "\n";
  book.title = title;
  book.attachment = render::Attachment{"talon-book.jsonl", lines};
  auto doc = render::RenderBook(entries, book, *tmpl, *fonts);
  if (!doc) return Fail(doc.status());
  auto bytes = render::WritePdf(*doc, *fonts);
  if (!bytes) return Fail(bytes.status());
  if (Cancelled()) return InterruptExitCode();
  out.Write(*bytes);
  if (!jsonl_path.empty()) {
    jsonl.Write(lines);
    if (Status s = jsonl.Commit(); !s.ok()) return Fail(s);
  }
  if (Status s = out.Commit(); !s.ok()) return Fail(s);
  if (progress)
    std::fprintf(stderr, "talon-book: wrote %s (%zu pages)\n", output_path.c_str(), doc->pages.size());
  return kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) { return talon::cli::RunTool("talon-book", argc, argv, talon::cli::Run); }
