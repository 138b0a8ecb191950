// Fuzz target: the per-deal table reader (talon-per-deal/1 CSV,
// tools/cli/per_deal.h). A table read is written again with the writer
// (PerDealHeader, PerDealLine) and read back to the same run and records,
// and that writing is a fixed point; every error is bad input naming the
// file and line.
#include <cstddef>
#include <cstdint>
#include <string>

#include "check.h"
#include "tools/cli/per_deal.h"

namespace {

using namespace talon;
using namespace talon::cli;

// The table as the writer writes it; an old table (no first line) as an
// old file, whose columns lack `index`.
std::string Write(const PerDealTable& t) {
  std::string out = t.run.legacy ? "game,options,deal,result,nodes,moves,score\n" : PerDealHeader(t.run);
  for (const PerDealRecord& r : t.records) {
    const PerDealGroupKey& g = t.groups[r.group];
    SurveyEntry e;
    e.label = r.label;
    e.verdict = r.verdict;
    e.nodes = r.nodes;
    e.moves = r.moves;
    e.score = r.score;
    e.graded = t.run.graded;
    e.grade = r.grade ? static_cast<int>(*r.grade) : 0;
    std::string line = PerDealLine(*g.game, g.options, e, r.index);
    if (t.run.legacy) line.erase(line.rfind(','), std::string::npos).push_back('\n');
    out += line;
  }
  return out;
}

bool SameRun(const PerDealRun& a, const PerDealRun& b) {
  return a.deals == b.deals && a.first == b.first && a.last == b.last && a.shard.k == b.shard.k &&
         a.shard.n == b.shard.n && a.max_nodes == b.max_nodes && a.max_seconds == b.max_seconds &&
         a.version == b.version && a.shuffle == b.shuffle && a.legacy == b.legacy && a.graded == b.graded;
}

bool SameRecords(const PerDealTable& a, const PerDealTable& b) {
  if (a.records.size() != b.records.size()) return false;
  for (size_t i = 0; i < a.records.size(); ++i) {
    const PerDealRecord& x = a.records[i];
    const PerDealRecord& y = b.records[i];
    const PerDealGroupKey& gx = a.groups[x.group];
    const PerDealGroupKey& gy = b.groups[y.group];
    if (gx.game != gy.game || gx.options_text != gy.options_text || x.label != y.label ||
        x.verdict != y.verdict || x.nodes != y.nodes || x.moves != y.moves || x.score != y.score ||
        x.grade != y.grade || x.index != y.index)
      return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto table = ParsePerDeal("fuzz", bytes);
  if (!table) {
    // The place is "fuzz:LINE: " with a line from 1.
    const std::string& m = table.status().message();
    const size_t colon = m.find(':', 5);
    FUZZ_CHECK(m.rfind("fuzz:", 0) == 0 && colon != std::string::npos && colon > 5 &&
                   m.find_first_not_of("0123456789", 5) == colon && m[5] != '0',
               m);
    fuzz::CheckReaderError(table.status(), StatusCode::kBadInput, m.substr(0, colon + 2));
    return 0;
  }
  for (const PerDealRecord& r : table->records) {
    FUZZ_CHECK(r.group < table->groups.size(), r.label);
    FUZZ_CHECK(!r.label.empty(), std::to_string(r.line));
  }
  const std::string text = Write(*table);
  auto back = ParsePerDeal("fuzz", text);
  FUZZ_CHECK(back.ok(), text + "\n" + back.status().message());
  FUZZ_CHECK(SameRun(table->run, back->run), text);
  FUZZ_CHECK(SameRecords(*table, *back), text);
  FUZZ_CHECK(Write(*back) == text, text);
  return 0;
}
