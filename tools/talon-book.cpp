// talon-book: a printable booklet of winnable deals with their solutions.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/deal_io.h"
#include "core/difficulty/grade.h"
#include "core/game.h"
#include "core/solution_io.h"
#include "core/words.h"
#include "render/fonts.h"
#include "render/pdf_writer.h"
#include "render/sheets.h"
#include "tools/cli/args.h"
#include "tools/cli/book_deals.h"
#include "tools/cli/decide_options.h"
#include "tools/cli/exit.h"
#include "tools/cli/io.h"
#include "tools/cli/print_options.h"
#include "tools/cli/report.h"
#include "tools/cli/shuffle_option.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

constexpr size_t kMostDeals = 10000;

const ToolHelp kHelp = {
    "talon-book --game G[,G2...] --count N [--from DEAL] [--option NAME=VALUE]... [--difficulty A-B]\n"
    "                  [options] -o book.pdf\n"
    "       talon-book --game G --deals LIST [--option NAME=VALUE]... [options] -o book.pdf\n"
    "       talon-book --deal-file FILE [options] -o book.pdf",
    "Makes a printable PDF booklet of deals proved winnable: a cover, the maker's\n"
    "introduction on its back (--intro), a contents page whose entries link to\n"
    "their pages, a rules page for each game, the deals (--per-page a page), and\n"
    "their solutions (at the back by default, each saying on which page its deal\n"
    "is; or after each deal page; or in an answer key of their own; or none).\n"
    "Every page is numbered; the PDF has bookmarks for each section and deal, and\n"
    "a title, subject and author.\n"
    "\n"
    "The deals: with --count, found by scanning deal numbers upward from --from and\n"
    "keeping those the solver proves winnable, the count shared out among the games\n"
    "in turn (the first games get one more when it does not divide evenly); with\n"
    "--deals, the deals listed (e.g. 12,40,97-99: numbers and ranges A-B, in the\n"
    "order given, each once) of one game; with --deal-file, the talon-deal/1 JSON\n"
    "lines of FILE, of any games and options, in the file's order (talon-solution/1\n"
    "lines, as in a book's attached file, are skipped). A listed deal the solver does\n"
    "not prove winnable stops the tool, naming it, before anything is written:\n"
    "exit 1 when it is unsolvable, 3 when the limits stopped the search. Deals are\n"
    "grouped by game in the order given, or take turns with --interleave. At most\n"
    "10000 deals.",
    "Every deal is graded (docs/solvers/difficulty.md): its page shows the grade's\n"
    "word and five stars, as many filled as the grade (1 Easy ... 5 Master), or \"no\n"
    "grade\" in a game where no choice matters; the contents list the word, and the\n"
    "attached solution lines carry \"difficulty\". --difficulty A-B (with --count)\n"
    "keeps only deals of grades A to B (e.g. 2-3, or medium-hard) while scanning;\n"
    "--sort difficulty orders each game's deals by grade, easiest first (ties in\n"
    "the order found).\n"
    "\n"
    "--option NAME=VALUE applies to every --game that has the option NAME; an\n"
    "option none of them has is a usage error.\n"
    "\n"
    "--solutions separate writes the solutions to --answers FILE, a PDF of its own:\n"
    "a cover titled \"Answers\", then each solution headed with the deal's number\n"
    "and name and the page of the book the deal is on; each deal in the book says\n"
    "\"answer N in the key\". Both files are written, or neither.\n"
    "\n"
    "--intro FILE: UTF-8 text, paragraphs separated by blank lines, printed on the\n"
    "back of the cover; a character DejaVu Sans cannot show (named with FILE:LINE)\n"
    "or a text longer than the page is refused (exit 65). --pad-to K adds blank\n"
    "pages at the end (they carry no page number) so that the page count is a\n"
    "multiple of K, e.g. 4 for a saddle-stitched booklet; the answer key too.\n"
    "\n"
    "The deals and their solutions travel inside the PDF as an attached file,\n"
    "talon-book.jsonl (each deal's talon-deal/1 line followed by its\n"
    "talon-solution/1 line); `pdfdetach -save 1 book.pdf` or `qpdf\n"
    "--show-attachment=talon-book.jsonl book.pdf` gets it out. --jsonl FILE writes\n"
    "the same lines beside the PDF.\n"
    "\n"
    "Solving: --max-nodes bounds the search per deal (default 5000000;\n"
    "deterministic); --max-seconds too, but the verdicts then depend on the\n"
    "machine. With --count a deal the search cannot decide is skipped like an\n"
    "unsolvable one, and --max-scan bounds the deal numbers tried per game: too\n"
    "few winnable deals and the tool stops with exit 3. The deals chosen are the\n"
    "same at every --threads. Progress is shown on standard error when it is a\n"
    "terminal. Fonts, colours and templates as for talon-render (docs/printing.md).\n"
    "The output files are written whole or not at all.",
    "  talon-book --game fourteen-out,thirteens --count 12 -o book.pdf\n"
    "  talon-book --game fifteen --count 40 --from 1000 --per-page 4 --paper letter -o fifteen.pdf\n"
    "  talon-book --game take-ten --count 10 --solutions after --colours mono --title \"Take Ten\" -o tt.pdf\n"
    "  talon-book --game thirteens --deals 12,40,97-99 --option slots=15 -o chosen.pdf\n"
    "  talon-book --game fifteen --count 20 --difficulty 4-5 --sort difficulty -o hard-fifteen.pdf\n"
    "  talon-deal --game fifteen --deal 1 --solvable --count 20 -o d.jsonl; talon-book --deal-file d.jsonl -o b.pdf\n"
    "  talon-book --game fifteen,thirteens --count 24 --interleave --solutions separate --answers key.pdf \\\n"
    "             --subtitle \"Puzzles for a rainy week\" --author \"A. Maker\" --intro intro.txt --pad-to 4 -o book.pdf\n",
};

// The maker's text of --intro FILE as paragraphs (blank lines separate
// them; the lines of one are joined by spaces). Errors: kIoError; kBadInput
// naming FILE:LINE for a character the font cannot show, or an empty text.
Expected<std::vector<std::string>> ReadIntro(const std::string& path, const render::Fonts& fonts) {
  InputFile in;
  TALON_RETURN_IF_ERROR(in.Open(path));
  std::vector<std::string> paragraphs;
  std::string line;
  bool open = false;  // the last paragraph takes more lines
  while (in.ReadLine(line)) {
    for (char& c : line)
      if (c == '\t') c = ' ';
    const std::string where = in.name() + ":" + std::to_string(in.line_number());
    TALON_RETURN_IF_ERROR(fonts.Check(line, render::FontFace::kRegular, where));
    if (line.find_first_not_of(' ') == std::string::npos) {
      open = false;
      continue;
    }
    if (open) paragraphs.back() += " " + line;
    else paragraphs.push_back(line);
    open = true;
  }
  TALON_RETURN_IF_ERROR(in.status());
  if (paragraphs.empty()) return Status::BadInput(in.name() + ": the introduction holds no text");
  return paragraphs;
}

int Run(int argc, char** argv) {
  po::options_description options("Options");
  std::string games_text, count_text, from_text = "1", deals_text, deal_file, per_page_text, paper,
      solutions_text = "back", answers_path, title, subtitle, author, intro_path, pad_text = "1", output_path,
      jsonl_path, max_scan_text = "100000", difficulty_text, sort_text = "deal";
  std::vector<std::string> option_pairs;
  PrintOptionText print;
  DecideOptions decide;
  options.add_options()
      ("game", po::value(&games_text)->value_name("G[,G2...]"), "the games, comma-separated")
      ("count", po::value(&count_text)->value_name("N"), "find N winnable deals (1 to 10000)")
      ("from", po::value(&from_text)->value_name("DEAL")->default_value("1"), "with --count: the first deal number tried")
      ("deals", po::value(&deals_text)->value_name("LIST"), "the deals of one --game, e.g. 12,40,97-99")
      ("deal-file", po::value(&deal_file)->value_name("FILE"), "the deals of FILE (talon-deal/1 JSON Lines; '-' = stdin)")
      ("option", po::value(&option_pairs)->value_name("NAME=VALUE")->composing(),
       "a rule variant for every --game that has it (repeatable)")
      ("interleave", "the games take turns instead of being grouped")
      ("per-page", po::value(&per_page_text)->value_name("K"), "deals a page: 1, 2 (default) or 4")
      ("paper", po::value(&paper)->value_name("P"), "a4 (default), letter, legal, a5, a3 or WxHmm")
      ("solutions", po::value(&solutions_text)->value_name("W")->default_value("back"),
       "back, after, separate (with --answers) or none")
      ("answers", po::value(&answers_path)->value_name("FILE"), "with --solutions separate: the answer key's PDF")
      ("title", po::value(&title)->value_name("TEXT"), "the book's title (default: from the games)")
      ("subtitle", po::value(&subtitle)->value_name("TEXT"), "a line under the title on the cover")
      ("author", po::value(&author)->value_name("TEXT"), "the maker's name, on the cover and in the PDF's info")
      ("intro", po::value(&intro_path)->value_name("FILE"), "UTF-8 paragraphs printed on the back of the cover")
      ("pad-to", po::value(&pad_text)->value_name("K")->default_value("1"),
       "blank pages at the end up to a multiple of K pages (e.g. 4)")
      ("output,o", po::value(&output_path)->value_name("FILE"), "the PDF to write")
      ("jsonl", po::value(&jsonl_path)->value_name("FILE"), "also write the deals and solutions as JSON Lines")
      ("difficulty", po::value(&difficulty_text)->value_name("A-B"),
       "with --count: only deals of grades A to B (1 Easy ... 5 Master)")
      ("sort", po::value(&sort_text)->value_name("S")->default_value("deal"), "each game's deals by deal or difficulty");
  AddPrintOptions(options, print);
  options.add_options()("large-print", "use the large-print template (one deal a page, large type)");
  std::string shuffle_text;
  AddShuffleOption(options, shuffle_text);
  decide.AddSolverOptions(options, "5000000");
  options.add_options()("max-scan", po::value(&max_scan_text)->value_name("N")->default_value("100000"),
                        "with --count: deal numbers tried per game at most");
  po::variables_map vm;
  if (int code = ParseCommandLine(argc, argv, kHelp, options, nullptr, nullptr, vm); code >= 0) return code;

  // --- Where the deals come from.
  const bool scan = vm.count("count") > 0, listed = vm.count("deals") > 0, from_file = vm.count("deal-file") > 0;
  if (scan + listed + from_file != 1)
    return Fail(Status::Usage("give exactly one of --count N, --deals LIST and --deal-file FILE"));
  if (from_file && (vm.count("game") || !option_pairs.empty()))
    return Fail(Status::Usage("--deal-file: the deals carry their games and options; give no --game or --option"));
  if (from_file && !shuffle_text.empty())
    return Fail(Status::Usage("--deal-file: the deals carry their shuffle; give no --shuffle"));
  auto shuffle = ParseShuffleOption(shuffle_text);
  if (!shuffle) return Fail(shuffle.status());
  if (!from_file && !vm.count("game")) return Fail(Status::Usage("--game G[,G2...] is required"));
  if (!scan && (!vm["from"].defaulted() || !vm["max-scan"].defaulted()))
    return Fail(Status::Usage(std::string(vm["from"].defaulted() ? "--max-scan" : "--from") + " goes with --count"));
  std::vector<const Game*> games;
  std::vector<GameOptions> game_options;
  if (!from_file) {
    auto list = ParseGameList(games_text);
    if (!list) return Fail(list.status());
    games = *list;
    if (listed && games.size() != 1)
      return Fail(Status::Usage("--deals: one game at a time ('" + games_text + "'); use --deal-file for several"));
    auto o = OptionsForGames(games, option_pairs);
    if (!o) return Fail(o.status());
    game_options = *o;
    for (const auto& [game, game_opts] : game_options)
      if (Status s = CheckShuffleFor(*game, game_opts, *shuffle); !s.ok()) return Fail(s);
  }
  uint64_t count = 0, from = 1, max_scan = 0;
  if (scan) {
    auto c = ParseCount("--count", count_text);
    if (!c) return Fail(c.status());
    if (*c < 1 || *c > kMostDeals) return Fail(Status::Usage("--count must be 1 to 10000"));
    count = *c;
    auto f = ParseCount("--from", from_text);
    if (!f) return Fail(f.status());
    from = *f;
    auto m = ParseCount("--max-scan", max_scan_text);
    if (!m) return Fail(m.status());
    max_scan = *m;
  }
  BookSolver solver;
  solver.grade = true;
  if (vm.count("difficulty")) {
    if (!scan) return Fail(Status::Usage("--difficulty goes with --count (it chooses among the deals scanned)"));
    if (!ParseGradeRange(difficulty_text, solver.grade_lo, solver.grade_hi))
      return Fail(Status::Usage("--difficulty: '" + difficulty_text +
                                "' is not a grade or a range of grades (1-5 or Easy, Medium, Hard, Expert, "
                                "Master; e.g. 2-3 or medium-hard)"));
    for (const Game* g : games)
      if (!g->difficulty())
        return Fail(Status::Usage("--difficulty: " + std::string(g->id()) +
                                  " has no grades: no choice matters in it (every deal plays the same)"));
  }
  if (sort_text != "deal" && sort_text != "difficulty")
    return Fail(Status::Usage("--sort: '" + sort_text + "' must be deal or difficulty"));
  std::vector<Range> ranges;
  if (listed) {
    auto r = ParseRangeList("--deals", deals_text);
    if (!r) return Fail(r.status());
    ranges = *r;
  }

  // --- The book's shape.
  int per_page = 0;
  if (vm.count("per-page")) {
    if (per_page_text != "1" && per_page_text != "2" && per_page_text != "4")
      return Fail(Status::Usage("--per-page: '" + per_page_text + "' must be 1, 2 or 4"));
    per_page = per_page_text[0] - '0';
  }
  render::BookOptions book;
  using Solutions = render::BookOptions::Solutions;
  if (solutions_text == "back") book.solutions = Solutions::kBack;
  else if (solutions_text == "after") book.solutions = Solutions::kAfter;
  else if (solutions_text == "none") book.solutions = Solutions::kNone;
  else if (solutions_text == "separate") book.solutions = Solutions::kSeparate;
  else return Fail(Status::Usage("--solutions: '" + solutions_text + "' must be back, after, separate or none"));
  const bool separate = book.solutions == Solutions::kSeparate;
  if (separate && answers_path.empty())
    return Fail(Status::Usage("--solutions separate needs --answers FILE, the answer key's PDF"));
  if (!separate && vm.count("answers")) return Fail(Status::Usage("--answers goes with --solutions separate"));
  if (output_path.empty() || output_path == "-") return Fail(Status::Usage("-o book.pdf is required"));
  if (answers_path == "-") return Fail(Status::Usage("--answers: give a file name"));
  if (answers_path == output_path || jsonl_path == output_path || (!jsonl_path.empty() && jsonl_path == answers_path))
    return Fail(Status::Usage("-o, --answers and --jsonl must name different files"));
  auto pad = ParseCount("--pad-to", pad_text);
  if (!pad) return Fail(pad.status());
  if (*pad < 1 || *pad > 64) return Fail(Status::Usage("--pad-to: '" + pad_text + "' must be 1 to 64 (pages)"));
  book.pad_to = static_cast<int>(*pad);
  if (Status s = decide.FinishSolver(vm, solver.threads, solver.limits); !s.ok()) return Fail(s);
  const bool large = vm.count("large-print") > 0;
  auto tmpl =
      ChooseTemplate(print, paper, print.template_path.empty() && per_page == 0 ? (large ? 1 : 2) : per_page, large);
  if (!tmpl) return Fail(tmpl.status());
  auto fonts = render::FindFonts();
  if (!fonts) return Fail(fonts.status());
  for (const auto& [text, option] : {std::pair{&title, "--title"}, {&subtitle, "--subtitle"}, {&author, "--author"}})
    if (Status s = fonts->Check(*text, render::FontFace::kBold, option); !s.ok()) return Fail(s);
  if (intro_path == "-" && deal_file == "-")
    return Fail(Status::Usage("--intro and --deal-file cannot both be standard input ('-')"));
  if (!intro_path.empty()) {
    auto intro = ReadIntro(intro_path, *fonts);
    if (!intro) return Fail(intro.status());
    book.intro = *intro;
    book.intro_source = intro_path == "-" ? kStdinName : intro_path;
  }
  OutputFile out, answers, jsonl;  // opened first, so that a bad path fails before any work
  if (Status s = out.Open(output_path); !s.ok()) return Fail(s);
  if (separate)
    if (Status s = answers.Open(answers_path); !s.ok()) return Fail(s);
  if (!jsonl_path.empty())
    if (Status s = jsonl.Open(jsonl_path); !s.ok()) return Fail(s);

  // --- The deals, each proved winnable.
  const bool progress = isatty(2);
  Expected<std::vector<GivenDeal>> given = std::vector<GivenDeal>{};
  if (listed) given = ListedDeals(game_options.front(), ranges, *shuffle, kMostDeals);
  if (from_file) given = ReadDealFile(deal_file, kMostDeals);
  if (!given) return Fail(given.status());
  const uint64_t wanted = scan ? count : given->size();
  if (progress)
    solver.progress = [wanted](size_t n) {
      std::fprintf(stderr, "\rtalon-book: %zu of %s proved winnable", n, CountOf(wanted, "deal").c_str());
    };
  std::vector<uint64_t> counts;
  for (size_t g = 0; g < games.size(); ++g) counts.push_back(count / games.size() + (g < count % games.size() ? 1 : 0));
  auto found = scan ? ScanWinnableDeals(game_options, counts, from, max_scan, *shuffle, solver)
                    : ProveWinnable(std::move(*given), solver);
  if (progress) std::fprintf(stderr, "\n");
  if (Cancelled()) return InterruptExitCode();
  if (!found) return Fail(found.status());
  if (sort_text == "difficulty") SortByGrade(*found);
  std::vector<BookDeal> deals = vm.count("interleave") ? Interleave(std::move(*found)) : std::move(*found);

  // --- The attachment, the pages, the files.
  std::vector<render::BookEntry> entries;
  std::string lines;
  for (BookDeal& d : deals) {
    lines += DealToJson(*d.game, d.deal) + "\n" + SolutionToJson(d.solution) + "\n";
    entries.push_back({d.game, std::move(d.deal), std::move(d.solution)});
  }
  if (title.empty()) {
    std::vector<const Game*> in_book;
    for (const render::BookEntry& e : entries)
      if (std::find(in_book.begin(), in_book.end(), e.game) == in_book.end()) in_book.push_back(e.game);
    title = (in_book.size() == 1 ? std::string(in_book[0]->title()) : std::string("Patience")) + ": " +
            CountOf(entries.size(), "winnable deal");
  }
  book.title = title;
  book.subtitle = subtitle;
  book.author = author;
  book.attachment = render::Attachment{"talon-book.jsonl", lines};
  render::Document key;
  auto doc = render::RenderBook(entries, book, *tmpl, *fonts, separate ? &key : nullptr);
  if (!doc) return Fail(doc.status());
  auto bytes = render::WritePdf(*doc, *fonts);
  if (!bytes) return Fail(bytes.status());
  out.Write(*bytes);
  if (separate) {
    auto key_bytes = render::WritePdf(key, *fonts);
    if (!key_bytes) return Fail(key_bytes.status());
    answers.Write(*key_bytes);
  }
  if (!jsonl_path.empty()) jsonl.Write(lines);
  if (Cancelled()) return InterruptExitCode();
  std::vector<OutputFile*> all = {&out};
  if (separate) all.push_back(&answers);
  if (!jsonl_path.empty()) all.push_back(&jsonl);
  if (Status s = CommitAll(all); !s.ok()) return Fail(s);
  if (progress)
    std::fprintf(stderr, "talon-book: wrote %s (%s)%s\n", output_path.c_str(),
                 CountOf(doc->pages.size(), "page").c_str(),
                 separate ? (" and " + answers_path + " (" + CountOf(key.pages.size(), "page") + ")").c_str() : "");
  return kExitOk;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) { return talon::cli::RunTool("talon-book", argc, argv, talon::cli::Run); }
