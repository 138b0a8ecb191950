// The Klondike solver's driver: the restart schedule (SolveKlondike).
//
// RESTARTS. A depth-first search that takes a wrong turn early can spend
// millions of positions in a subtree without a win, while another order of
// the same moves wins at once (search times are heavy-tailed). So the pruned
// search runs in phases: phase i is a complete search with the move order
// perturbed by seed i (phase 0 unperturbed) and a budget of kFirstBudget * 2^i
// positions; with a node limit B, such restart phases run while their budget
// is at most B/8 (so they use less than B/4 in all), and the last phase, again
// unperturbed, has the rest (more than B/2, or 3B/8 after the STREAMLINER's
// B/8, B/4 after the RELAXATION's B/8 as well) for a complete search of
// unsolvable deals. Between phase 0 and phase 1 (so that the many deals
// phase 0 decides pay nothing for them) BEAMs of widths 256, 1024 and 4096
// look for a win, each with at most 1000 positions per unit of width,
// all of them together with at most B/4 (passes unlimited only: with
// draw=1 passes=1, deals 1-1000 at 4 million positions, they won no deal
// the depth-first search did not and doubled the time of the range).
// Every phase is complete, so a phase
// that ends without reaching its budget gives the exact verdict.
// Deterministic for a given max_nodes, and MONOTONE in it: with B' >= 3B the
// beams are the same ones with budgets as large or larger (a beam with more
// budget does the same work first, so it meets the same win), the restart
// phases are the same ones and more, the STREAMLINER (below) is the same
// search with more budget, and the last phase (the same unperturbed search)
// gets more than 3B'/8 >= B positions, at least what it had with B; so a
// deal decided with B is decided with B' (with the same verdict, as both
// are sound; for draw >= 2, with the RELAXATION, B' >= 4B: see there).
// (Without max_nodes, the beams have their 1000 positions per unit of
// width, and restart phases go on until a time or memory limit, with
// RELAXATION SLICES between them, or once the SECOND STREAMLINER.)
//
// RELAXATION (draw >= 2, session 10). Every line of draw 3 is a line of
// draw 1 with the same passes, runs and worry: a draw of three cards is
// three draws of one (or fewer at the end of the stock), which leave the
// same waste and stock; a redeal finds the stock empty at the same points,
// after the same cards left the waste in the pass and with the same
// redeals made; every other move is the same. So a position (its cards
// where they lie, the pointer, the redeals, the pass flag: the same Pos)
// lost with draw 1 is lost with draw 3. After the streamliner, one
// depth-first phase of this solver with draw=1 (unperturbed, a cap of B/8,
// 15 million without a node limit, its own table of a quarter of
// --max-memory, the main table keeping the rest) searches the deal: lost
// decides the deal lost; a win says nothing (its line is dropped). Run
// as a phase that keeps lost positions (kKeepAcyclic or kKeepTarjan, and
// a win also forgets its open positions), it leaves in its table only
// positions proved lost with draw 1, and every later phase skips a child
// whose draw-1 key (the same Pos under the draw-1 rules' KeyOf) is in it,
// as it skips a dead one: it is lost. Why: on the deals of 1-1000 that the
// seed's rules left undecided or took long over, the draw-1 search proved
// most of them lost in a fraction of the positions (deal 634: 13.9 million
// positions, not decided by the draw-3 search in 64 million), though not
// all (deal 544: 36.6 million against 8.3; the skipped positions then cut
// the draw-3 search to about 5.5 million; session 22 tried a first run of
// 30 million without a node limit: 544 is then decided within 10 s, but
// 1475 and 1691 no longer are). MONOTONE now for B' >= 4B: the
// relaxation with B'/8 runs the same search further, so it decides what it
// decided with B/8 and leaves a superset of lost positions (a table that
// forgets positions aside, as above), and the last phase gets more than
// B' - B'/4 - B'/4 - B'/8 - B'/8 = B'/4 >= B positions.
// RELAXATION SLICES (session 14; only without a node limit). The draw-1
// search runs about twice as many positions a second as the draw-3 one and
// decides some deals the draw-3 search cannot within a time limit (defaults
// 737: lost after 21.3 million draw-1 positions, 6.2 s, where the draw-3
// search needs 64 million). So while it has found no win, after each
// restart phase of budget b >= kSliceFrom it goes on for 4b positions, as
// another phase that keeps lost positions: it starts from those it proved
// lost, so going on costs little more than its path. With the seed's rules
// (no cycles; session 23) for 2b positions: a draw-1 position costs about
// half a draw-3 one, so the two searches then get about the same time. Deal
// 270 (defaults), whose draw-1 game is not decided in 95 million positions
// and whose draw-3 proof takes 10 million, is then lost at 8.6 s instead of
// 11.2; 737, decided by the slices, takes 7.0 s instead of 6.8; deals
// 1-3000 give the same verdicts otherwise. With runs=any or worry, 4b
// still: 2b gave the same verdicts on deals 1-1000, one hard deal sooner
// (544, 7.9 s instead of 9.3) and one later (634, which a slice decides:
// 9.3 s instead of 8.2).
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
                          uint64_t first_phase_nodes) {
  return klondike::Solve(deal, limits, prune, first_phase_nodes, /*streamline=*/true);
}

namespace klondike {

SolveResult Solve(const Deal& deal, const SearchLimits& limits, bool prune, uint64_t first_phase_nodes,
                  bool streamline) {
  const uint64_t kFirstBudget = std::max<uint64_t>(first_phase_nodes, 1);
  // With max_nodes = B, restart phases run while their budget is at most
  // B/8 (together less than B/4), the beams get at most B/4, the
  // STREAMLINER (runs=any or worry=true) B/8, the RELAXATION (draw >= 2)
  // B/8, and the last phase the rest (more than B/4).
  constexpr uint64_t kRestartShare = 8;
  constexpr uint64_t kRelaxShare = 8;
  // (The tests scale these down with first_phase_nodes.)
  const uint64_t kRelaxNodes = 750 * kFirstBudget;  // 15 million by default
  const uint64_t kSliceFrom = 64 * kFirstBudget;    // RELAXATION SLICES: 1.28 million
  constexpr size_t kRelaxMemoryShare = 4;
  constexpr uint64_t kStreamShare = 8;
  constexpr uint64_t kStreamNodes = 6000000;
  const uint64_t kSecondStreamNodes = 150 * kFirstBudget;  // SECOND STREAMLINER: 3 million
  const auto t0 = std::chrono::steady_clock::now();
  const KlondikeRules rules = ReadKlondikeRules(deal.options);
  Solver solver(rules, prune);
  const uint64_t kSliceFactor = solver.Acyclic() ? 2 : 4;  // RELAXATION SLICES
  SolveResult result;
  const Pos start = solver.Start(deal);
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
  // The RELAXATION's table takes a quarter of --max-memory, the main one the
  // rest (with the default 2 GiB both limits give the main table the same
  // largest size, 1 GiB: it grows while its old and new arrays fit).
  const bool relaxes = prune && rules.draw >= 2;
  const size_t relax_memory = std::max<size_t>(limits.max_memory / kRelaxMemoryShare, 1024);
  SearchLimits main_limits = limits;
  if (relaxes) main_limits.max_memory = std::max<size_t>(limits.max_memory - relax_memory, 1024);
  TranspositionTable table(main_limits.max_memory);
  table.set_deadline(Deadline(limits, t0));
  uint64_t used = 0, budget = kFirstBudget;
  // The SECOND STREAMLINER is for this rule set and these limits (it then
  // takes the first one's place); it has run.
  const bool has_second = streamline && !limits.max_nodes && relaxes && rules.any_run && rules.worry;
  bool second_tried = false;
  std::unique_ptr<Relaxation> relaxation;  // made when it runs; asked from then on
  // One phase of the RELAXATION with `cap` positions (the first makes it).
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
        RunPhase(relaxed, relaxed.Start(deal), limits, cap, t0, stack, relaxation->lost,
                 relaxed.Acyclic() ? TableUse::kKeepAcyclic : TableUse::kKeepTarjan, &unused);
    used += r.nodes;
    result.stats.nodes = used;
    relaxation->won = r.verdict == Verdict::kSolved;
    // TALON RETURNED: once draw 1 is won (no slice runs), without a node
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
    solver.set_seed(phase == 0 || last ? 0 : Mix(phase * 0x9E3779B97F4A7C15ULL));
    // LOST POSITIONS KEPT: every phase but the first starts from the lost
    // positions the earlier ones left; every phase but the last leaves only
    // lost positions.
    TableUse use = phase == 0 ? TableUse::kFresh : TableUse::kKeep;
    if (!last && prune) {
      use = solver.Acyclic() ? TableUse::kKeepAcyclic : TableUse::kKeepTarjan;
    }
    PhaseOutcome o = RunPhase(solver, start, main_limits, cap, t0, stack, table, use, &result.moves,
                              relaxation.get());
    used += o.nodes;
    if (relaxation) used += std::exchange(relaxation->probe_nodes, 0);  // TALON RETURNED
    result.stats.nodes = used;
    if (o.verdict != Verdict::kUnknown || last || std::string(o.limit) != "max-nodes")
      return finish(o.verdict, o.limit, o.table_bytes);
    if (phase == 0) {
      // The win-finders (RESTARTS): the beams (passes unlimited), then the
      // streamliner (where no SECOND STREAMLINER takes its place).
      FinderOutcome f;
      if (rules.passes == 0) f = RunBeams(solver, start, limits, t0, result.moves);
      if (!f.won && f.limit.empty() && streamline && (rules.any_run || rules.worry) && !has_second) {
        const uint64_t stream_cap = limits.max_nodes ? limits.max_nodes / kStreamShare : kStreamNodes;
        const FinderOutcome narrow =
            RunStreamliner(deal, limits, t0, first_phase_nodes, /*worry=*/false, stream_cap, result.moves);
        f = {narrow.won, narrow.limit, f.nodes + narrow.nodes};
      }
      used += f.nodes;
      result.stats.nodes = used;
      if (f.won) return finish(Verdict::kSolved, "", o.table_bytes);
      if (!f.limit.empty()) return finish(Verdict::kUnknown, f.limit, o.table_bytes);
      // The RELAXATION (draw >= 2): draw 1 on the same deal. Its "lost"
      // decides; otherwise the positions it proved lost stay for the
      // phases below to skip.
      const uint64_t relax_cap = limits.max_nodes ? limits.max_nodes / kRelaxShare : kRelaxNodes;
      if (relaxes && relax_cap > 0)  // (a cap of 0 would read as "no limit")
        if (auto ended = relax(relax_cap, o.table_bytes)) return *ended;
    } else if (relaxation && !relaxation->won && !limits.max_nodes && budget >= kSliceFrom) {
      if (auto ended = relax(budget * kSliceFactor, o.table_bytes)) return *ended;  // RELAXATION SLICES
    } else if (has_second && relaxation && relaxation->won && budget >= kSliceFrom && !second_tried) {
      second_tried = true;  // the SECOND STREAMLINER
      const FinderOutcome narrow =
          RunStreamliner(deal, limits, t0, first_phase_nodes, /*worry=*/true, kSecondStreamNodes, result.moves);
      used += narrow.nodes;
      result.stats.nodes = used;
      if (narrow.won) return finish(Verdict::kSolved, "", o.table_bytes);
      if (!narrow.limit.empty()) return finish(Verdict::kUnknown, narrow.limit, o.table_bytes);
    }
  }
}

}  // namespace klondike
}  // namespace talon
