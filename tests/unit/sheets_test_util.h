// What the sheet tests share: the fonts (test_fonts.h), solved deals, files and commands.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include "core/game.h"
#include "render/fonts.h"
#include "test_fonts.h"

namespace talon::render::testing {

struct SolvedDeal {
  Deal deal;
  Solution solution;
};

// The first deal of `game` under `options`, from number `from` up (at most
// `tries` numbers), that the solver wins within `max_nodes` positions.
inline std::optional<SolvedDeal> FirstSolved(const Game& game, const Options& options, uint64_t from = 1,
                                             int tries = 300, uint64_t max_nodes = 300000) {
  SearchLimits limits;
  limits.max_nodes = max_nodes;
  limits.max_memory = size_t{64} << 20;
  for (uint64_t n = from; n < from + static_cast<uint64_t>(tries); ++n) {
    auto deal = MakeDeal(game, n, options);
    if (!deal) return std::nullopt;
    SolveResult r = game.Solve(*deal, limits);
    if (r.verdict != Verdict::kSolved) continue;
    Solution s = MakeSolution(*deal, std::move(r));
    return SolvedDeal{std::move(*deal), std::move(s)};
  }
  return std::nullopt;
}

// A file in the test's scratch directory.
inline std::string ScratchPath(const std::string& name) { return ::testing::TempDir() + "talon-" + name; }

inline void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// Runs `command` with sh; its exit status and standard output.
struct CommandResult {
  int status = -1;
  std::string out;
};
inline CommandResult RunCommand(const std::string& command) {
  CommandResult r;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int raw = pclose(p);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

// The text, runs of blanks and line ends squeezed to one space.
inline std::string Squeezed(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r';
    if (blank) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace talon::render::testing
