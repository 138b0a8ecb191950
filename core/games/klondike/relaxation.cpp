// The Klondike solver's returned positions (Returned, ReturnedParts) and the
// probes that prove them lost with draw 1 (ReturnedLost).
// docs/solvers/klondike.md#talon-returned, #turn-ups-returned.
#include "core/games/klondike/relaxation.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

namespace talon::klondike {

// Calls f(c, pile, height) for each card Returned takes back (pile -1: its
// foundation, height unused), pile by pile and foundation by foundation from
// the top down. One pass suffices: a pile's returns and a foundation's never
// enable one another.
template <class F>
void Solver::ForEachReturn(const Pos& s, F&& f) const {
  for (int i = 0; i < kPiles; ++i) {
    for (int h = s.len[i] - 1; h >= 0; --h) {
      const uint8_t c = s.pile[i][h];
      if (talon_index_[c] == 0xFF) break;
      // On a face-up card (the run it tops is in sequence), or a King alone.
      const bool on_face_up = h > s.down[i];
      const bool lone_king = h == 0 && s.down[i] == 0 && RankOf(c) == kKing;
      if (!on_face_up && !lone_king) break;
      f(c, i, h);
    }
  }
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = s.found[suit]; rank > 0; --rank) {
      const uint8_t c = static_cast<uint8_t>(rank << 2 | suit);
      if (talon_index_[c] == 0xFF) break;
      f(c, -1, 0);
    }
  }
}

Pos Solver::Returned(const Pos& s0, std::vector<std::pair<uint8_t, int>>* returned) const {
  Pos s = s0;
  ForEachReturn(s0, [&](uint8_t c, int i, int h) {
    if (i >= 0) {
      if (h + 1 == s0.len[i]) Unsum(s, i);  // (the pile's first card returned)
      Cut(s, i, h);
    } else {
      --s.found[SuitOf(c)];
    }
    s.mask |= 1u << talon_index_[c];
    if (returned) returned->push_back({c, i});
  });
  for (int i = 0; i < kPiles; ++i)
    if (s.len[i] != s0.len[i]) Resum(s, i);
  s.n = static_cast<uint8_t>(__builtin_popcount(s.mask));
  int n = 0;
  for (int j = 0; j < kMaxTalon; ++j)
    if (s.mask >> j & 1) s.talon[n++] = start_talon_[j];
  s.p = 0;
  s.yield = 0;
  return s;
}

Solver::KeyParts Solver::ReturnedParts(const Pos& s) const {
  KeyParts k{s.sa, s.sb, s.mask, s.n, 0, s.redeals, 0, s.found};
  std::array<uint64_t, kPiles> ha = s.ha, hb = s.hb;
  unsigned cut = 0;  // the piles that lost cards
  ForEachReturn(s, [&](uint8_t c, int i, int h) {
    if (i >= 0) {
      ha[i] -= kTerms.card[0][c][h];
      hb[i] -= kTerms.card[1][c][h];
      cut |= 1u << i;
    } else {
      --k.found[SuitOf(c)];
    }
    k.mask |= 1u << talon_index_[c];
  });
  for (int i = 0; i < kPiles; ++i)
    if (cut >> i & 1) Rehash(k, s.ha[i], s.hb[i], ha[i], hb[i]);
  k.n = static_cast<uint8_t>(__builtin_popcount(k.mask));
  return k;
}

// A returned position is probed when first met, with the first budget, and
// again with twice the last budget each time it has been met kProbeAgain
// more times since, until a probe decides it (a draw-1 win: never again). At
// most kMaxProbed positions are followed (the map's memory: 24 bytes a slot,
// at most half full, 12 MiB); others are only looked up.
bool ReturnedLost(Relaxation& rx, const Solver& solver, const Pos& pos, Key128 key, const SearchLimits& limits,
                  std::chrono::steady_clock::time_point t0) {
  constexpr uint64_t kProbeAgain = 300;
  constexpr uint64_t kTrial = 256, kWonPerLost = 16;
  constexpr size_t kMaxProbed = size_t{1} << 18;
  constexpr uint64_t kWon = uint64_t{1} << 63;  // the state: won, or the last budget's doubling count and the
  constexpr int kShift = 32;                    // meetings since (hits | doublings << kShift)
  if (rx.lost.Contains(key)) return true;
  uint64_t doublings = 0;
  if (const uint64_t* state = rx.probed.Find(key)) {
    if (*state & kWon) return false;
    const uint64_t hits = (*state & ((uint64_t{1} << kShift) - 1)) + 1;
    doublings = *state >> kShift;
    if (hits < kProbeAgain) {
      rx.probed.Set(key, doublings << kShift | hits);
      return false;
    }
    ++doublings;
  } else if (rx.probed.size() >= kMaxProbed) {
    return false;
  }
  if (rx.probe_stack.empty()) rx.probe_stack.resize(64);
  const Pos back = solver.Returned(pos);
  const PhaseOutcome o = RunPhase(rx.solver, back, limits, rx.first_probe << std::min<uint64_t>(doublings, 30), t0,
                                  rx.probe_stack, rx.lost, TableUse::kKeepAcyclic, nullptr, nullptr,
                                  /*probe=*/true);
  rx.probe_nodes += o.nodes;
  rx.probed.Set(key, o.verdict == Verdict::kSolved ? kWon : doublings << kShift);
  rx.probes_lost += o.verdict == Verdict::kUnsolvable;
  rx.probes_won += o.verdict == Verdict::kSolved;
  // Where nearly every returned position is won with draw 1 the probes
  // only cost: after kTrial probes, they stop once the wins outnumber the
  // losses kWonPerLost times.
  if (rx.probes_lost + rx.probes_won >= kTrial && rx.probes_won > kWonPerLost * (rx.probes_lost + 1))
    rx.probes = false;
  return o.verdict == Verdict::kUnsolvable;
}

}  // namespace talon::klondike
