// The Klondike solver's driver: the restart schedule and the budgets of its
// stages (phase 0, beams, streamliner, relaxation, restarts, last phase).
// Deterministic and monotone in the node limit: docs/solvers/klondike.md#restarts-and-the-schedule.
#include "core/games/klondike/solver.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "core/games/klondike/finders.h"
#include "core/games/klondike/phase.h"
#include "core/games/klondike/relaxation.h"
#include "core/games/klondike/solver_impl.h"
#include "core/transposition_table.h"

namespace talon {

KlondikeRules ReadKlondikeRules(const Options& options) {
  KlondikeRules r;
  r.draw = static_cast<int>(IntOption(options, "draw"));
  const OptionValue& passes = options.at("passes");
  r.passes = std::holds_alternative<int64_t>(passes) ? static_cast<int>(std::get<int64_t>(passes)) : 0;
  r.any_run = WordOption(options, "runs") == "any";
  r.worry = BoolOption(options, "worry");
  return r;
}

SolveResult SolveKlondike(const Deal& deal, const SearchLimits& limits, bool prune,
                          uint64_t first_phase_nodes, KlondikeCounters counters) {
  return klondike::Solve(deal, limits, prune, first_phase_nodes, /*streamline=*/true, counters);
}

namespace klondike {

SolveResult Solve(const Deal& deal, const SearchLimits& limits, bool prune, uint64_t first_phase_nodes,
                  bool streamline, KlondikeCounters counters) {
  const uint64_t kFirstBudget = std::max<uint64_t>(first_phase_nodes, 1);
  // With max_nodes = B, restart phases run while their budget is at most
  // B/8 (together less than B/4), the beams get at most B/4, the
  // streamliner (runs=any or worry=true) B/8, the relaxation (draw >= 2)
  // B/8, and the last phase the rest (more than B/4).
  constexpr uint64_t kRestartShare = 8;
  constexpr uint64_t kRelaxShare = 8;
  // (The tests scale these down with first_phase_nodes.)
  const uint64_t kRelaxNodes = 750 * kFirstBudget;  // 15 million by default
  const uint64_t kSliceFrom = 64 * kFirstBudget;    // relaxation slices: 1.28 million
  constexpr size_t kRelaxMemoryShare = 4;
  constexpr uint64_t kStreamShare = 8;
  constexpr uint64_t kStreamNodes = 6000000;
  const uint64_t kSecondStreamNodes = 150 * kFirstBudget;  // second streamliner: 3 million
  const auto t0 = std::chrono::steady_clock::now();
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  Solver solver(rules, prune);
  const uint64_t kSliceFactor = solver.Acyclic() ? 2 : 4;  // relaxation slices
  SolveResult result;
  const Pos start = solver.Start(deal, counters);
  auto finish = [&](Verdict v, const std::string& limit, size_t bytes) {
    result.verdict = v;
    result.stats.limit = limit;
    result.stats.table_bytes = bytes;
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
  };
  if (solver.Won(start)) return finish(Verdict::kSolved, "", 0);
  if (prune && solver.Dead(start)) return finish(Verdict::kUnsolvable, "", 0);

  // Frames are reused level by level; the stack only grows when the search
  // goes deeper than before, so no node allocates.
  std::vector<Frame> stack(64);
  // The relaxation's table takes a quarter of --max-memory, the main one the
  // rest (with the default 2 GiB both limits give the main table the same
  // largest size, 1 GiB: it grows while its old and new arrays fit).
  const bool relaxes = prune && rules.draw >= 2;
  const size_t relax_memory = std::max<size_t>(limits.max_memory / kRelaxMemoryShare, 1024);
  SearchLimits main_limits = limits;
  if (relaxes) main_limits.max_memory = std::max<size_t>(limits.max_memory - relax_memory, 1024);
  TranspositionTable table(main_limits.max_memory);
  table.set_deadline(Deadline(limits, t0));
  uint64_t used = 0, budget = kFirstBudget;
  // The second streamliner is for this rule set and these limits (it then
  // takes the first one's place); it has run.
  const bool has_second = streamline && !limits.max_nodes && relaxes && rules.any_run && rules.worry;
  bool second_tried = false;
  std::unique_ptr<Relaxation> relaxation;  // made when it runs; asked from then on
  // One phase of the relaxation with `cap` positions (the first makes it).
  // Returns the result if it ends the search.
  auto relax = [&](uint64_t cap, size_t table_bytes) -> std::optional<SolveResult> {
    if (!relaxation) {
      KlondikeRules draw1 = rules;
      draw1.draw = 1;
      relaxation = std::make_unique<Relaxation>(draw1, relax_memory);
      relaxation->lost.set_deadline(Deadline(limits, t0));
    }
    Solver& relaxed = relaxation->solver;
    std::vector<MoveSpec> unused;  // (a win of draw 1 is no win here)
    const PhaseOutcome r =
        RunPhase(relaxed, relaxed.Start(deal, counters), limits, cap, t0, stack, relaxation->lost,
                 relaxed.Acyclic() ? TableUse::kKeepAcyclic : TableUse::kKeepTarjan, &unused);
    used += r.nodes;
    result.stats.nodes = used;
    relaxation->won = r.verdict == Verdict::kSolved;
    // Talon returned: once draw 1 is won (no slice runs), without a node
    // limit, with the seed's rules (no cycles) and passes unlimited.
    relaxation->probes = relaxation->won && !limits.max_nodes && solver.Acyclic() && rules.passes == 0;
    relaxation->first_probe = kFirstBudget;
    if (r.verdict == Verdict::kUnsolvable) return finish(Verdict::kUnsolvable, "", table_bytes);
    if (r.verdict == Verdict::kUnknown && std::string(r.limit) != "max-nodes")
      return finish(Verdict::kUnknown, r.limit, table_bytes);
    return std::nullopt;
  };
  for (uint64_t phase = 0;; ++phase, budget *= 2) {
    uint64_t cap = 0;  // 0: no budget but the caller's
    if (limits.max_nodes) cap = limits.max_nodes - used;
    const bool last = !prune || (limits.max_nodes && budget * kRestartShare > limits.max_nodes);
    if (!last) cap = budget;
    solver.set_seed(phase == 0 || last ? 0 : Mix64(phase * 0x9E3779B97F4A7C15ULL));
    // Lost positions kept: every phase but the first starts from the lost
    // positions the earlier ones left; every phase but the last leaves only
    // lost positions.
    TableUse use = phase == 0 ? TableUse::kFresh : TableUse::kKeep;
    if (!last && prune) {
      use = solver.Acyclic() ? TableUse::kKeepAcyclic : TableUse::kKeepTarjan;
    }
    PhaseOutcome o = RunPhase(solver, start, main_limits, cap, t0, stack, table, use, &result.moves,
                              relaxation.get());
    used += o.nodes;
    if (relaxation) used += std::exchange(relaxation->probe_nodes, 0);  // the probes'
    result.stats.nodes = used;
    if (o.verdict != Verdict::kUnknown || last || std::string(o.limit) != "max-nodes")
      return finish(o.verdict, o.limit, o.table_bytes);
    if (phase == 0) {
      // The win-finders: the beams (passes unlimited), then the streamliner
      // (where no second streamliner takes its place).
      FinderOutcome f;
      if (rules.passes == 0) f = RunBeams(solver, start, limits, t0, result.moves);
      if (!f.won && f.limit.empty() && streamline && (rules.any_run || rules.worry) && !has_second) {
        const uint64_t stream_cap = limits.max_nodes ? limits.max_nodes / kStreamShare : kStreamNodes;
        const FinderOutcome narrow =
            RunStreamliner(deal, limits, t0, first_phase_nodes, /*worry=*/false, stream_cap, result.moves, counters);
        f = {narrow.won, narrow.limit, f.nodes + narrow.nodes};
      }
      used += f.nodes;
      result.stats.nodes = used;
      if (f.won) return finish(Verdict::kSolved, "", o.table_bytes);
      if (!f.limit.empty()) return finish(Verdict::kUnknown, f.limit, o.table_bytes);
      // The relaxation (draw >= 2): draw 1 on the same deal. Its "lost"
      // decides; otherwise the positions it proved lost stay for the
      // phases below to skip.
      const uint64_t relax_cap = limits.max_nodes ? limits.max_nodes / kRelaxShare : kRelaxNodes;
      if (relaxes && relax_cap > 0)  // (a cap of 0 would read as "no limit")
        if (auto ended = relax(relax_cap, o.table_bytes)) return *ended;
    } else if (relaxation && !relaxation->won && !limits.max_nodes && budget >= kSliceFrom) {
      if (auto ended = relax(budget * kSliceFactor, o.table_bytes)) return *ended;  // a slice
    } else if (has_second && relaxation && relaxation->won && budget >= kSliceFrom && !second_tried) {
      second_tried = true;  // the second streamliner
      const FinderOutcome narrow =
          RunStreamliner(deal, limits, t0, first_phase_nodes, /*worry=*/true, kSecondStreamNodes, result.moves, counters);
      used += narrow.nodes;
      result.stats.nodes = used;
      if (narrow.won) return finish(Verdict::kSolved, "", o.table_bytes);
      if (!narrow.limit.empty()) return finish(Verdict::kUnknown, narrow.limit, o.table_bytes);
    }
  }
}

}  // namespace klondike
}  // namespace talon
