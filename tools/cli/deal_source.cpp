#include "tools/cli/deal_source.h"

#include "core/deal_io.h"
#include "tools/cli/signals.h"

namespace talon::cli {
namespace {

bool Blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

}  // namespace

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
    auto d = MakeDeal(*game, task.number, options);
    if (!d) return d.status().WithContext(std::string(game->id()) + "#" + std::to_string(task.number));
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

std::string DealSource::Label(const DealTask& task, const Deal& deal) const {
  if (deal.number) return std::to_string(*deal.number);
  return inputs_[static_cast<size_t>(task.source)]->name() + ":" + std::to_string(task.line_number);
}

}  // namespace talon::cli
