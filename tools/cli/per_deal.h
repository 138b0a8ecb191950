// The per-deal table (talon-per-deal/1, docs/formats.md): one CSV line per
// deal decided by talon-stats, after a first line that records what was
// asked for (the deals, the shard, the limits). It is what the shards of a
// survey hand to `talon-stats merge`, and what spreadsheets read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/options.h"
#include "core/solution.h"
#include "core/survey.h"
#include "tools/cli/shard.h"

namespace talon::cli {

inline constexpr const char* kPerDealFormat = "talon-per-deal/1";

// What the first line records: the run that wrote the file.
struct PerDealRun {
  // "A-B" or "N" for --game --deals; "files:NAME[,NAME...]" (each name
  // percent-encoded) for deals read from files; "" for an old file.
  std::string deals;
  uint64_t first = 0, last = 0;  // the range, when ranged() (read back; not written)
  Shard shard;
  uint64_t max_nodes = 0;  // 0 = none
  double max_seconds = 0;  // 0 = none
  std::string version;     // of the writing tool, "0.1.0"
  std::string shuffle;     // "pysol" for PySolFC's game numbers; "" for talon-v1
  bool legacy = false;     // the old header (game,...,score): nothing recorded
  bool graded = false;     // talon-stats --grades: the lines end with a grade column (read: a grade column)

  bool ranged() const { return !deals.empty() && deals.compare(0, 6, "files:") != 0; }
  // "max-nodes=... max-seconds=..." and, for PySolFC's numbers,
  // " shuffle=pysol": what the deals of one group must share.
  std::string LimitsText() const;
};

// "files:a.jsonl,-": the deals key of a run over these files.
std::string PerDealFilesKey(const std::vector<std::string>& paths);

// The two header lines (the run's line and the column names).
std::string PerDealHeader(const PerDealRun& run);
// One deal's line; `index` is its 0-based position in the sequence asked for.
// A graded entry (SurveyEntry::graded) adds the grade column (empty for 0).
std::string PerDealLine(const Game& game, const Options& options, const SurveyEntry& entry,
                        uint64_t index);

// One deal read back.
struct PerDealRecord {
  uint32_t group = 0;  // into PerDealTable::groups
  uint64_t line = 0;   // where the deal's line starts (1-based), for messages
  Verdict verdict = Verdict::kUnknown;
  uint64_t nodes = 0, moves = 0, index = 0;
  std::optional<int> score;
  std::optional<uint64_t> grade;
  std::string label;  // the deal column: "42" or "FILE:LINE"

  // Same verdict, counts, score and grade.
  bool SameResult(const PerDealRecord& o) const {
    return verdict == o.verdict && nodes == o.nodes && moves == o.moves && score == o.score &&
           grade == o.grade;
  }
};

struct PerDealGroupKey {
  const Game* game = nullptr;
  Options options;           // complete
  std::string options_text;  // FormatOptions(options)
};

struct PerDealTable {
  std::string path;
  PerDealRun run;
  std::vector<PerDealGroupKey> groups;  // in the order first met
  std::vector<PerDealRecord> records;   // in file order
};

// Reads a per-deal table from `bytes` (the contents of `path`). Errors are
// kBadInput "PATH:LINE: FIELD: what is wrong".
Expected<PerDealTable> ParsePerDeal(const std::string& path, std::string_view bytes);
// Reads the file ("-" = standard input; kIoError naming it), then parses it.
Expected<PerDealTable> ReadPerDeal(const std::string& path);

}  // namespace talon::cli
