#include "tools/cli/book_deals.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <sstream>

#include "core/deal_io.h"
#include "core/difficulty/grade.h"
#include "core/words.h"
#include "tools/cli/deal_source.h"
#include "tools/cli/io.h"
#include "tools/cli/parallel.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

// One deal decided by a worker.
struct Decided {
  Status status;      // not ok: the deal could not be made
  Verdict verdict = Verdict::kUnknown;
  BookDeal entry;     // with verdict kSolved
};

Decided Decide(const Game& game, Expected<Deal> deal, const BookSolver& solver) {
  Decided d;
  if (!deal) {
    d.status = deal.status();
    return d;
  }
  SolveResult r = game.Solve(*deal, solver.limits);
  d.verdict = r.verdict;
  if (d.verdict == Verdict::kSolved) {
    d.entry.game = &game;
    std::optional<DifficultyNote> note;
    if (solver.grade) note = NoteOf(GradeDeal(game, *deal, r, solver.limits));
    d.entry.solution = MakeSolution(*deal, std::move(r));
    d.entry.solution.difficulty = std::move(note);
    d.entry.deal = std::move(*deal);
  }
  return d;
}

// After a run whose emit stopped early, OrderedMap has raised StopWorkFlag to
// abandon the searches in flight; the next run must start with it down.
void LowerStopWork() {
  if (!Cancelled()) StopWorkFlag().store(false);
}

// "thirteens (slots=5)": a game with its options that differ from the defaults.
std::string Variant(const Game& game, const Options& options) {
  const std::string changed = NonDefaultOptions(game, options);
  return std::string(game.id()) + (changed.empty() ? "" : " (" + changed + ")");
}

// " (grades 2-3)", " (grade 4)", or "" when any grade is kept.
std::string Grades(const BookSolver& solver) {
  if (!solver.grade_lo) return "";
  if (solver.grade_lo == solver.grade_hi) return " (grade " + std::to_string(solver.grade_lo) + ")";
  return " (grades " + std::to_string(solver.grade_lo) + "-" + std::to_string(solver.grade_hi) + ")";
}

}  // namespace

void SortByGrade(std::vector<BookDeal>& deals) {
  auto grade = [](const BookDeal& d) {
    return d.solution.difficulty && d.solution.difficulty->grade ? d.solution.difficulty->grade : 6;
  };
  for (auto first = deals.begin(); first != deals.end();) {
    auto last = std::find_if(first, deals.end(), [&](const BookDeal& d) { return d.game != first->game; });
    std::stable_sort(first, last, [&](const BookDeal& a, const BookDeal& b) { return grade(a) < grade(b); });
    first = last;
  }
}

Expected<std::vector<BookDeal>> ScanWinnableDeals(const std::vector<GameOptions>& games,
                                                  const std::vector<uint64_t>& counts, uint64_t from,
                                                  uint64_t max_scan, Shuffle shuffle, const BookSolver& solver) {
  std::vector<BookDeal> kept;
  for (size_t g = 0; g < games.size(); ++g) {
    const Game& game = *games[g].first;
    const Options& options = games[g].second;
    const uint64_t want = counts[g];
    if (want == 0) continue;
    uint64_t produced = 0, tried = 0, found = 0;
    bool numbers_ended = false;
    auto produce = [&](uint64_t& n) {
      if (numbers_ended || produced >= max_scan) return false;
      n = from + produced++;
      numbers_ended = n == std::numeric_limits<uint64_t>::max();
      return true;
    };
    auto work = [&](uint64_t& n) { return Decide(game, MakeDeal(game, n, options, shuffle), solver); };
    Status error;
    auto emit = [&](Decided& d) {
      if (!d.status.ok()) {
        error = d.status;
        return false;
      }
      ++tried;
      if (d.verdict == Verdict::kSolved && solver.grade_lo) {
        const int grade = d.entry.solution.difficulty ? d.entry.solution.difficulty->grade : 0;
        if (grade < solver.grade_lo || grade > solver.grade_hi) return true;
      }
      if (d.verdict == Verdict::kSolved) {
        kept.push_back(std::move(d.entry));
        ++found;
        if (solver.progress) solver.progress(kept.size());
      }
      return found < want;
    };
    const bool finished =
        OrderedMap<uint64_t, Decided>(solver.threads, &CancelFlag(), &StopWorkFlag(), produce, work, emit);
    LowerStopWork();
    if (!finished || Cancelled()) return std::vector<BookDeal>{};
    if (!error.ok()) return error;
    if (found < want)
      return Status::Limit("only " + CountOf(found, "winnable deal") + Grades(solver) + " of " + Variant(game, options) +
                           " among " + CountOf(tried, "deal") + " from " + std::to_string(from) +
                           "; raise --max-scan or --max-nodes, or ask for fewer");
  }
  return kept;
}

Expected<std::vector<BookDeal>> ProveWinnable(std::vector<GivenDeal> deals, const BookSolver& solver) {
  std::vector<BookDeal> kept;
  size_t next = 0;
  auto produce = [&](size_t& i) {
    if (next == deals.size()) return false;
    i = next++;
    return true;
  };
  auto work = [&](size_t& i) { return Decide(*deals[i].game, deals[i].deal, solver); };
  Status error;
  auto emit = [&](Decided& d) {
    const GivenDeal& given = deals[kept.size()];
    const std::string name = (given.where.empty() ? "" : given.where + ": ") + DealName(*given.game, given.deal);
    if (!d.status.ok()) {
      error = d.status.WithContext(name);
    } else if (d.verdict == Verdict::kUnsolvable) {
      error = Status::Unsolvable(name + " is unsolvable; a book holds only deals proved winnable");
    } else if (d.verdict == Verdict::kUnknown) {
      error = Status::Limit(name + " was not decided within the search limits; raise --max-nodes (or "
                                   "--max-seconds), or leave the deal out");
    } else {
      kept.push_back(std::move(d.entry));
      if (solver.progress) solver.progress(kept.size());
      return true;
    }
    return false;
  };
  const bool finished =
      OrderedMap<size_t, Decided>(solver.threads, &CancelFlag(), &StopWorkFlag(), produce, work, emit);
  LowerStopWork();
  if (!finished || Cancelled()) return std::vector<BookDeal>{};
  if (!error.ok()) return error;
  return kept;
}

Expected<std::vector<GivenDeal>> ListedDeals(const GameOptions& game, const std::vector<Range>& ranges,
                                             Shuffle shuffle, size_t most) {
  std::vector<GivenDeal> deals;
  std::set<uint64_t> seen;
  for (const Range& r : ranges) {
    for (uint64_t n = r.first;; ++n) {
      if (!seen.insert(n).second)
        return Status::Usage("--deals: deal " + std::to_string(n) + " is listed twice");
      if (deals.size() == most)
        return Status::Usage("--deals: more than " + std::to_string(most) + " deals listed (a book holds at most " +
                             std::to_string(most) + ")");
      auto deal = MakeDeal(*game.first, n, game.second, shuffle);
      if (!deal) return deal.status().WithContext(std::string(game.first->id()) + "#" + std::to_string(n));
      deals.push_back({game.first, std::move(*deal), ""});
      if (n == r.last) break;
    }
  }
  return deals;
}

Expected<std::vector<GivenDeal>> ReadDealFile(const std::string& path, size_t most) {
  InputFile in;
  TALON_RETURN_IF_ERROR(in.Open(path));
  std::string bytes;
  TALON_RETURN_IF_ERROR(in.ReadAll(bytes));
  SkipRecordsOfFormat(bytes, "talon-solution/1");
  std::istringstream stream(bytes);
  DealReader reader(stream, in.name());
  std::vector<GivenDeal> deals;
  Deal deal;
  while (reader.Next(deal)) {
    if (deals.size() == most)
      return Status::Usage("--deal-file: " + in.name() + " holds more than " + std::to_string(most) +
                           " deals (a book holds at most " + std::to_string(most) + ")");
    const Game* game = FindGame(deal.game);  // DealReader checked the game
    deals.push_back({game, std::move(deal), in.name() + ":" + std::to_string(reader.line())});
  }
  TALON_RETURN_IF_ERROR(reader.status());
  if (deals.empty()) return Status::BadInput(in.name() + ": no deals (expected talon-deal/1 JSON lines)");
  return deals;
}

Expected<std::vector<GameOptions>> OptionsForGames(const std::vector<const Game*>& games,
                                                   const std::vector<std::string>& pairs) {
  auto has = [](const Game& g, const std::string& name) {
    for (const OptionSpec& spec : g.option_specs())
      if (spec.name == name) return true;
    return false;
  };
  for (const std::string& pair : pairs) {
    const size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
      return Status::Usage("--option: '" + pair + "' is not NAME=VALUE (e.g. --option slots=15)");
    const std::string name = pair.substr(0, eq);
    if (std::any_of(games.begin(), games.end(), [&](const Game* g) { return has(*g, name); })) continue;
    std::string known;
    for (const Game* g : games) {
      std::string list;
      for (const OptionSpec& spec : g->option_specs()) list += (list.empty() ? "" : ", ") + spec.name;
      known += (known.empty() ? "" : "; ") + std::string(g->id()) + (list.empty() ? " has none" : " has: " + list);
    }
    return Status::Usage("--option: no game chosen has an option '" + name + "' (" + known + ")");
  }
  std::vector<GameOptions> out;
  for (const Game* g : games) {
    std::vector<std::string> own;
    for (const std::string& pair : pairs)
      if (has(*g, pair.substr(0, pair.find('=')))) own.push_back(pair);
    auto options = ParseGameOptions(*g, own);
    if (!options) return options.status();
    out.emplace_back(g, std::move(*options));
  }
  return out;
}

std::vector<BookDeal> Interleave(std::vector<BookDeal> deals) {
  std::vector<const Game*> order;
  std::vector<std::vector<size_t>> of_game;
  for (size_t i = 0; i < deals.size(); ++i) {
    const auto at = std::find(order.begin(), order.end(), deals[i].game);
    const auto g = static_cast<size_t>(at - order.begin());
    if (at == order.end()) {
      order.push_back(deals[i].game);
      of_game.emplace_back();
    }
    of_game[g].push_back(i);
  }
  std::vector<BookDeal> out;
  out.reserve(deals.size());
  for (size_t turn = 0; out.size() < deals.size(); ++turn)
    for (const std::vector<size_t>& list : of_game)
      if (turn < list.size()) out.push_back(std::move(deals[list[turn]]));
  return out;
}

}  // namespace talon::cli
