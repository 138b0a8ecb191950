#include "tools/cli/survey_merge.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace talon::cli {
namespace {

enum class Kind { kRanged, kFiles, kLegacy };

Kind KindOf(const PerDealRun& run) {
  return run.legacy ? Kind::kLegacy : run.ranged() ? Kind::kRanged : Kind::kFiles;
}

const char* KindText(Kind k) {
  return k == Kind::kRanged   ? "numbered deals (--game --deals)"
         : k == Kind::kFiles ? "deals read from files"
                             : "an old per-deal file (no header line)";
}

uint64_t Number(const std::string& label) {
  uint64_t n = 0;
  std::from_chars(label.data(), label.data() + label.size(), n);  // checked by the reader
  return n;
}

std::string Where(const PerDealTable& t, uint64_t line) { return t.path + ":" + std::to_string(line); }

std::string ResultText(const PerDealRecord& r) {
  std::string s = std::string(VerdictName(r.verdict)) + ", " + std::to_string(r.nodes) + " positions";
  if (r.verdict == Verdict::kSolved) s += ", " + std::to_string(r.moves) + " moves";
  if (r.score) s += ", score " + std::to_string(*r.score);
  if (r.grade) s += ", grade " + std::to_string(*r.grade);
  return s;
}

// "1-1000, 3001-4000", or "7": the numbers (sorted, distinct) as ranges.
std::string RangeList(const std::vector<uint64_t>& numbers) {
  std::string out;
  for (size_t i = 0; i < numbers.size();) {
    size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(numbers[i]);
    if (j > i) out += "-" + std::to_string(numbers[j]);
    i = j + 1;
  }
  return out;
}

// One deal line, placed: (a, b) orders the deals of a group.
struct Ref {
  uint64_t a, b;
  uint32_t table, record;
};

struct Group {
  const Game* game;
  const Options* options;
  const std::string* options_text;
  Kind kind;
  std::string limits;
  uint32_t first_table;
  uint64_t first_line;
  std::vector<Ref> refs;
  uint32_t order_run = UINT32_MAX;  // the first run holding the group,
  uint64_t order_index = UINT64_MAX;  // and its least index there
};

std::string GroupName(const Group& g) {
  std::string name(g.game->id());
  if (!g.options_text->empty()) name += " " + *g.options_text;
  return name;
}

// What two runs whose limits text differs must share: the shuffle, the
// limits, or both.
std::string SameWhat(PerDealRun a, PerDealRun b) {
  const bool shuffle = a.shuffle != b.shuffle;
  a.shuffle.clear(), b.shuffle.clear();
  const bool limits = a.LimitsText() != b.LimitsText();
  if (shuffle && limits) return "dealt by the same shuffle and decided with the same limits";
  return shuffle ? "dealt by the same shuffle" : "decided with the same limits";
}

}  // namespace

Expected<std::vector<SurveyGroup>> MergePerDeal(const std::vector<PerDealTable>& tables) {
  // Runs, numbered in the order first met: the tables that share what was
  // asked for and the limits (the shards of one survey).
  std::map<std::string, uint32_t> run_of_key;
  std::vector<uint32_t> run_of(tables.size());
  std::vector<uint32_t> first_table_of_run;
  for (size_t t = 0; t < tables.size(); ++t) {
    const PerDealRun& run = tables[t].run;
    const std::string key =
        run.legacy ? "legacy " + std::to_string(t) : run.deals + " " + run.LimitsText();
    auto [it, added] = run_of_key.emplace(key, static_cast<uint32_t>(first_table_of_run.size()));
    if (added) first_table_of_run.push_back(static_cast<uint32_t>(t));
    run_of[t] = it->second;
  }

  // Groups, and every deal line in its group.
  std::vector<Group> groups;
  std::map<std::pair<const Game*, std::string>, uint32_t> group_of;
  for (size_t t = 0; t < tables.size(); ++t) {
    const PerDealTable& table = tables[t];
    const Kind kind = KindOf(table.run);
    const std::string limits = table.run.LimitsText();
    std::vector<uint32_t> global(table.groups.size(), UINT32_MAX);
    for (size_t i = 0; i < table.records.size(); ++i) {
      const PerDealRecord& r = table.records[i];
      uint32_t& g = global[r.group];
      if (g == UINT32_MAX) {  // the group's first line in this table
        const PerDealGroupKey& key = table.groups[r.group];
        auto [it, added] = group_of.emplace(std::make_pair(key.game, key.options_text),
                                            static_cast<uint32_t>(groups.size()));
        if (added)
          groups.push_back({key.game, &key.options, &key.options_text, kind, limits,
                            static_cast<uint32_t>(t), r.line, {}});
        g = it->second;
        const Group& first = groups[g];
        const std::string there = Where(tables[first.first_table], first.first_line);
        if (first.kind != kind)
          return Status::BadInput(Where(table, r.line) + ": " + GroupName(first) + ": " + KindText(kind) +
                                  ", but " + there + " has " + KindText(first.kind) +
                                  " (one group cannot mix them: no single run does)");
        if (first.limits != limits)
          return Status::BadInput(Where(table, r.line) + ": " + GroupName(first) + ": " + limits + ", but " +
                                  there + " has " + first.limits + " (the deals of one group must be " +
                                  SameWhat(tables[first.first_table].run, table.run) + ")");
      }
      Group& group = groups[g];
      const uint32_t run = run_of[t];
      const Ref ref = kind == Kind::kRanged ? Ref{Number(r.label), 0, static_cast<uint32_t>(t), static_cast<uint32_t>(i)}
                                            : Ref{run, r.index, static_cast<uint32_t>(t), static_cast<uint32_t>(i)};
      group.refs.push_back(ref);
      if (std::tie(run, r.index) < std::tie(group.order_run, group.order_index)) {
        group.order_run = run;
        group.order_index = r.index;
      }
    }
  }

  // Every shard of every run is there: each range complete in each of its
  // groups; the indices of a run over files without a gap.
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint64_t>> numbers;  // (run, group) -> deals
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> base;                  // (run, group) -> index of its first deal
  std::map<uint32_t, std::vector<uint64_t>> indices;                       // run over files -> indices
  for (uint32_t g = 0; g < groups.size(); ++g) {
    for (const Ref& ref : groups[g].refs) {
      const PerDealTable& table = tables[ref.table];
      const PerDealRecord& r = table.records[ref.record];
      if (groups[g].kind == Kind::kRanged) {
        numbers[{run_of[ref.table], g}].push_back(ref.a);
        base[{run_of[ref.table], g}] = r.index - (ref.a - table.run.first);
      } else if (groups[g].kind == Kind::kFiles) {
        indices[run_of[ref.table]].push_back(r.index);
      }
    }
  }
  for (auto& [key, list] : numbers) {
    const PerDealTable& table = tables[first_table_of_run[key.first]];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    const uint64_t count = table.run.last - table.run.first + 1;
    if (count == 0 || list.size() == count) continue;
    uint64_t missing = table.run.first;
    for (size_t i = 0; i < list.size() && list[i] == missing; ++i) ++missing;
    const uint64_t index = base[key] + (missing - table.run.first);
    const Shard& s = table.run.shard;
    return Status::BadInput(table.path + ": " + GroupName(groups[key.second]) + ": deal " +
                            std::to_string(missing) + " of deals=" + table.run.deals + " (" + table.run.LimitsText() +
                            ") is in no file given: it is in shard " + std::to_string(index % s.n + 1) + "/" +
                            std::to_string(s.n) + "; give every shard's file (a shard can be run again alone)");
  }
  for (auto& [run, list] : indices) {
    const PerDealTable& table = tables[first_table_of_run[run]];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    for (uint64_t i = 0; i < list.size(); ++i) {
      if (list[i] == i) continue;
      const Shard& s = table.run.shard;
      return Status::BadInput(table.path + ": deals=" + table.run.deals + " (" + table.run.LimitsText() +
                              "): the deal of index " + std::to_string(i) + " is in no file given: it is in shard " +
                              std::to_string(i % s.n + 1) + "/" + std::to_string(s.n) +
                              "; give every shard's file (a shard can be run again alone)");
    }
  }

  // Groups in the order a single run meets them; deals in its order, each once.
  std::vector<uint32_t> order(groups.size());
  for (uint32_t g = 0; g < groups.size(); ++g) order[g] = g;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    return std::tie(groups[x].order_run, groups[x].order_index) < std::tie(groups[y].order_run, groups[y].order_index);
  });
  std::vector<SurveyGroup> out;
  out.reserve(groups.size());
  for (uint32_t g : order) {
    Group& group = groups[g];
    std::sort(group.refs.begin(), group.refs.end(), [](const Ref& x, const Ref& y) {
      return std::tie(x.a, x.b, x.table, x.record) < std::tie(y.a, y.b, y.table, y.record);
    });
    SurveyGroup sg;
    sg.game = group.game;
    sg.options = *group.options;
    std::vector<uint64_t> deal_numbers;
    for (size_t i = 0; i < group.refs.size(); ++i) {
      const Ref& ref = group.refs[i];
      const PerDealRecord& r = tables[ref.table].records[ref.record];
      if (i > 0 && group.refs[i - 1].a == ref.a && group.refs[i - 1].b == ref.b) {
        const Ref& prev = group.refs[i - 1];
        const PerDealRecord& p = tables[prev.table].records[prev.record];
        if (p.SameResult(r) && p.label == r.label) continue;  // the same deal again: counted once
        return Status::BadInput(Where(tables[ref.table], r.line) + ": " + GroupName(group) + " deal " + r.label +
                                ": " + ResultText(r) + ", but " + Where(tables[prev.table], p.line) + " has " +
                                (p.label == r.label ? "" : "deal " + p.label + " there, ") + ResultText(p) +
                                " (a deal given twice must have the same result)");
      }
      SurveyEntry e;
      e.label = r.label;
      e.verdict = r.verdict;
      e.nodes = r.nodes;
      e.moves = r.moves;
      e.score = r.score;
      sg.survey.Add(e);
      if (group.kind == Kind::kRanged) deal_numbers.push_back(ref.a);
    }
    if (group.kind == Kind::kRanged)
      sg.range = (tables[group.first_table].run.shuffle.empty() ? "" : "pysol ") + RangeList(deal_numbers);
    out.push_back(std::move(sg));
  }
  return out;
}

}  // namespace talon::cli
