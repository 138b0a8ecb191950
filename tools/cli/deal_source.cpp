#include "tools/cli/deal_source.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/deal_io.h"
#include "tools/cli/shuffle_option.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

bool Blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

}  // namespace

Status DealSource::Select(const boost::program_options::variables_map& vm, DealSelection sel,
                          bool many_games) {
  const bool generate = vm.count("game") || vm.count("deals");
  if (!generate) {
    if (!sel.option_pairs.empty())
      return Status::Usage("--option needs --game (deals read from files carry their options)");
    if (!sel.shuffle.empty())
      return Status::Usage("--shuffle needs --game (deals read from files carry their shuffle)");
    if (sel.files.empty()) sel.files.push_back("-");
    return OpenFiles(sel.files);
  }
  if (!vm.count("game")) return Status::Usage("--deals needs --game G");
  if (!vm.count("deals")) return Status::Usage("--game needs --deals A-B (or give deal files instead)");
  if (!sel.files.empty()) return Status::Usage("give either input files or --game and --deals, not both");
  if (!many_games && sel.games.find(',') != std::string::npos)
    return Status::Usage("--game: one game at a time ('" + sel.games + "')");
  auto shuffle = ParseShuffleOption(sel.shuffle);
  if (!shuffle) return shuffle.status();
  shuffle_ = *shuffle;
  auto list = ParseGameList(sel.games);
  if (!list) return list.status();
  std::vector<std::pair<const Game*, Options>> games;
  for (const Game* g : *list) {
    auto o = ParseGameOptions(*g, sel.option_pairs);
    if (!o) return o.status();
    TALON_RETURN_IF_ERROR(CheckShuffleFor(*g, *o, shuffle_));
    games.emplace_back(g, std::move(*o));
  }
  auto r = ParseRange("--deals", sel.deals);
  if (!r) return r.status();
  UseNumbers(std::move(games), *r);
  return Status();
}

std::string DealSource::RangeText() const {
  if (games_.empty()) return "";
  if (range_.first == range_.last) return std::to_string(range_.first);
  return std::to_string(range_.first) + "-" + std::to_string(range_.last);
}

void DealSource::UseNumbers(std::vector<std::pair<const Game*, Options>> games, Range range) {
  games_ = std::move(games);
  range_ = range;
  next_game_ = 0;
  next_number_ = range.first;
}

Status DealSource::OpenFiles(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    inputs_.push_back(std::make_unique<InputFile>());
    if (Status s = inputs_.back()->Open(path); !s.ok()) return s;
  }
  return Status();
}

bool DealSource::Next(DealTask& task) {
  if (!games_.empty()) {
    if (next_game_ >= games_.size()) return false;
    task.game = next_game_;
    task.number = next_number_;
    task.source = -1;
    if (next_number_ == range_.last) {  // no overflow at 2^64-1
      ++next_game_;
      next_number_ = range_.first;
    } else {
      ++next_number_;
    }
    return true;
  }
  while (current_ < inputs_.size()) {
    InputFile& in = *inputs_[current_];
    if (in.ReadLine(task.line)) {
      if (Blank(task.line)) continue;
      task.line_number = in.line_number();
      task.source = static_cast<int>(current_);
      return true;
    }
    if (!in.status().ok()) {
      status_ = in.status();
      return false;
    }
    if (Cancelled()) return false;
    ++current_;
  }
  return false;
}

Expected<Deal> DealSource::Make(const DealTask& task) const {
  if (task.source < 0) {
    const auto& [game, options] = games_[task.game];
    auto d = MakeDeal(*game, task.number, options, shuffle_);
    if (!d)
      return d.status().WithContext(std::string(game->id()) + (shuffle_ == Shuffle::kPysol ? "#pysol-" : "#") +
                                    std::to_string(task.number));
    return d;
  }
  const std::string where =
      inputs_[static_cast<size_t>(task.source)]->name() + ":" + std::to_string(task.line_number);
  auto d = DealFromJson(task.line);
  if (!d) return d.status().WithContext(where);
  if (!FindGame(d->game))  // DealFromJson checks the game; a second line of defence
    return Status::BadInput(where + ": game: unknown game '" + d->game + "'");
  return d;
}

void SkipRecordsOfFormat(std::string& bytes, std::string_view skip) {
  const size_t first = bytes.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || bytes[first] != '{') return;
  size_t at = 0;
  while (at < bytes.size()) {
    size_t end = bytes.find('\n', at);
    if (end == std::string::npos) end = bytes.size();
    std::string_view line(bytes.data() + at, end - at);
    if (line.find(skip) != std::string_view::npos) {  // cheap filter before parsing
      auto j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
      auto f = j.is_object() ? j.find("format") : j.end();
      if (j.is_object() && f != j.end() && f->is_string() && f->get<std::string>() == skip)
        std::fill(bytes.begin() + static_cast<ptrdiff_t>(at), bytes.begin() + static_cast<ptrdiff_t>(end), ' ');
    }
    at = end + 1;
  }
}

std::string DealSource::Label(const DealTask& task, const Deal& deal) const {
  if (deal.number) return std::to_string(*deal.number);
  return inputs_[static_cast<size_t>(task.source)]->name() + ":" + std::to_string(task.line_number);
}

}  // namespace talon::cli
