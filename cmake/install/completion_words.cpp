// Build-time helper (not installed): prints, as bash assignments, the game ids
// and each game's --option NAME=VALUE words, read from the registry, for the
// bash completion file (cmake/install/talon-completion.bash; docs/install.md).
#include <cstdio>
#include <set>
#include <string>
#include <variant>

#include "core/game.h"
#include "core/options.h"

int main() {
  std::string games, all;
  std::set<std::string> seen;  // a word two games share is listed once in `all`
  std::printf("declare -gA _talon_game_options=(\n");
  for (const talon::Game* g : talon::AllGames()) {
    const talon::GameInfo& info = g->info();
    games += (games.empty() ? "" : " ") + info.id;
    std::string words;
    for (const talon::OptionSpec& o : info.options) {
      std::vector<talon::OptionValue> values = o.allowed;
      // A yes/no option lists both words even when `allowed` is empty.
      if (values.empty() && std::holds_alternative<bool>(o.default_value)) values = {false, true};
      if (values.empty()) values = {o.default_value};
      for (const talon::OptionValue& v : values) {
        const std::string word = o.name + "=" + talon::FormatOptionValue(v);
        words += (words.empty() ? "" : " ") + word;
        if (seen.insert(word).second) all += (all.empty() ? "" : " ") + word;
      }
    }
    std::printf("  [%s]=\"%s\"\n", info.id.c_str(), words.c_str());
  }
  std::printf(")\n_talon_games=\"%s\"\n_talon_all_options=\"%s\"\n", games.c_str(), all.c_str());
  return 0;
}
