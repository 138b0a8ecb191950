// The Klondike solver's returned positions and probes.
//
// TALON RETURNED (session 24; the seed's runs=whole worry=false, draw >= 2,
// passes unlimited, only without a node limit, once the RELAXATION has found
// draw 1 won from the start, so that no slice runs). Let P be a position and
// R its returned position (Solver::Returned): every card that came from the
// talon and lies where the draw-1 game could play it back from the talon (a
// pile's top on a face-up card, a King alone in a space, a foundation's
// top), taken back into the talon, again and again, the talon in its
// starting order, the pointer at 0, no card played in the pass. R reaches P
// by moves of the draw-1 game: with the pointer at 0 (and, once a card is
// played, a redeal allowed) every talon card can be drawn up, and the cards
// taken go back the last first, each onto the card it lay on (the top again
// by then; a face-up card above a run's base fits the card under it), a
// King into the space, a foundation card onto its foundation (which holds
// its rank less one again); that is P but for the pointer and the pass
// flag, and with draw 1 and passes unlimited the pointer of a position with
// a redeal allowed reads as any other (the RELAXATION's Draw1Key), while
// P's own pass flag can only take options away. So if R is lost with draw
// 1, so is P, and by the RELAXATION a draw-3 P is lost with draw 3.
// Why: the positions of a deal share few returned positions (deal 832, the
// seed's rules: the draw-3 search's 33.4 million positions have 57 945),
// and most of them are lost with draw 1 even where the draw-1 game from the
// start is won (88% of a sample of 1668 of the draw-3 positions).
// The PROBES. Each child of the draw-3 search (not dead, not skipped
// already) has its returned position looked up in the relaxation's table;
// if it is not there it may be probed (ReturnedLost): a depth-first search
// of the draw-1 game from it in that table, keeping lost positions, with
// 20000 positions the first time (the restarts' first budget), then with
// twice the last budget each time it has been met 300 more times, until
// decided (a draw-1 win: never again). A probe that finds it lost makes the
// child lost. Inside a probe, a child whose returned position is in the
// table and not on the probe's path is lost: the table holds lost positions
// and the probe's path (the child itself, entered, is its own returned
// position only if nothing changes, which is not asked). After 256 probes
// they stop for good once the draw-1 wins outnumber the losses sixteen
// times (four until session 28; deal 689, 256 wins in its first 256
// probes: without the stop it took 13.0 s instead of 6.6). Deal 832 (the
// seed's rules) is lost in 18 to 20 s instead of 48; 1087, 1141 and 1213,
// undecided at 10 s before, in about 3 s (docs/rules/klondike.md,
// Measurements, Session 24). Tests: ReturnedTalonPlaysBackToThePosition
// (random lines of three rule sets: every returned position played back to
// its position by the game's own moves; with limited passes it fails, as it
// should: playing the cards back can take more redeals than are left), the
// agreement tests without a node limit, and
// ReturnedTalonProbesKeepDeals137And229Won.
// TURN-UPS RETURNED (session 28; inside the probes). A probe's child
// reached by a move that turns a card up (Solver::TurnsUp) is replaced by
// its returned position R. SOUND: the probes search the draw-1 game with
// passes unlimited, where R wins whenever the child does (TALON RETURNED:
// R reaches it), so R lost makes the child lost. The probe's graph, with
// those edges redirected, has no cycle: no move turns a card face down,
// and R has the child's face-down cards, so a redirected edge lowers the
// number of face-down cards, and every other edge keeps it and raises
// (cards built, -talon cards, -piles holding cards) as in LOST POSITIONS
// KEPT (a move that keeps the face-down cards raises the rest of that
// order). So LOST POSITIONS KEPT's induction holds as before: a position
// left without a win has every child lost (searched, dead, in the table, or
// redirected to a lost R), and the pruned move list of a winnable position
// keeps a move to a winnable child (FILTERS, SAFE MOVES: properties of the
// position alone), whose R is winnable too. A "win" met inside a probe may
// be no win of the game (R is not reached from the child); it only means
// "not proved lost", which is all a probe's win ever said, and its line is
// not made. Returning a child's cards at every move would be unsound (a
// talon card laid for the next move would go straight back: the win
// through it would be cut off); CheckReturnedProbes catches that variant.
// Why: a probe's positions are mostly one tableau with different talon
// cards laid on it, and a turn-up is where those lines meet again: deal 832
// takes 40.3 million positions instead of 53.1 (docs/rules/klondike.md).
// The stop rule moved from four to sixteen with it: R is won more often,
// and 832's first 256 probes counted 209 wins against 47 losses.
#include "core/games/klondike/relaxation.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

namespace talon::klondike {

// The cards Returned takes back, each as f(c, pile, height) (pile -1: its
// foundation, height then unused), pile by pile from the top down, then
// foundation by foundation from the top down. A pile's returns and a
// foundation's never enable one another (a pile's next card is returnable
// or not whatever the foundations hold, and the other way round), so one
// pass finds what taking cards back again and again would.
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
