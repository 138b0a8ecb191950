#include "tools/cli/shuffle_option.h"

namespace talon::cli {

void AddShuffleOption(boost::program_options::options_description& options, std::string& text) {
  options.add_options()("shuffle", boost::program_options::value(&text)->value_name("NAME"),
                        "how deal numbers become decks: talon-v1 (default) or pysol "
                        "(PySolFC's game numbers)");
}

Expected<Shuffle> ParseShuffleOption(const std::string& text) {
  if (text.empty()) return Shuffle::kTalonV1;
  auto s = ParseShuffle(text);
  if (!s)
    return Status::Usage("--shuffle: '" + text + "' is not a shuffle (use " + kShuffleNames + ")");
  return *s;
}

Status CheckShuffleFor(const Game& game, const Options& options, Shuffle shuffle) {
  if (shuffle == Shuffle::kTalonV1) return Status::Ok();
  auto deal = MakeDeal(game, 1, options, shuffle);
  if (!deal && deal.status().code() == StatusCode::kUsage) return deal.status();
  return Status::Ok();
}

}  // namespace talon::cli
