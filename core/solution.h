// Solution: a deal's verdict and, when solved, the moves that win it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/options.h"

namespace talon {

// A solver's verdict; kPlayed only in solution files: the moves played so
// far in a game, with no claim that they win (talon-solve --after reads it).
enum class Verdict { kSolved, kUnsolvable, kUnknown, kPlayed };
std::string_view VerdictName(Verdict v);  // "solved", "unsolvable", "unknown", "played"
std::optional<Verdict> ParseVerdict(std::string_view name);

// A deal's difficulty as a solution line states it (talon-solve --grade;
// docs/formats.md): the grade, or why there is none, and the measures it
// came from (for a winnable deal of a game whose choices matter).
struct DifficultyNote {
  int grade = 0;           // 1-5; 0: no grade
  std::string name;        // "Hard"; "no grade" when grade is 0
  std::string reason;      // why there is no grade ("" when graded)
  bool calibrated = true;  // the option set's own cut points (else the default rules')
  struct Measures {
    double score = 0;
    int playouts = 0, wins = 0;
    double progress = 0;  // mean share of the cards out at the playouts' end
    int choices = 0, critical = 0, unsure = 0;
    friend bool operator==(const Measures&, const Measures&) = default;
  };
  std::optional<Measures> measures;
  friend bool operator==(const DifficultyNote&, const DifficultyNote&) = default;
};

struct Solution {
  std::string game;
  std::optional<uint64_t> deal;
  std::string shuffle;  // "pysol" for PySolFC's game numbers; empty for talon-v1
  Options options;
  Verdict result = Verdict::kUnknown;
  std::vector<MoveSpec> moves;  // a winning line iff result == kSolved; the moves made iff kPlayed
  std::optional<DifficultyNote> difficulty;  // written by talon-solve --grade
  friend bool operator==(const Solution&, const Solution&) = default;
};

}  // namespace talon
