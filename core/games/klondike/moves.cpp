// The Klondike solver's positions and moves: Start, Moves (the pruned or the
// plain move generator), Apply, and Expand (a solver move as the game's moves).
// Talon moves, safe moves and filters: docs/solvers/klondike.md.
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "core/games/klondike/safe_moves.h"
#include "core/games/klondike/solver_impl.h"

namespace talon::klondike {

Pos Solver::Start(const Deal& deal, KlondikeCounters counters) {
  Pos s{};
  const Areas& a = deal.areas;
  for (int i = 0; i < kPiles; ++i) {
    const Pile& pile = a.tableau[static_cast<size_t>(i)];
    s.ha[i] = kTerms.down[0][0];
    s.hb[i] = kTerms.down[1][0];
    for (size_t k = 0; k < pile.size(); ++k) Push(s, i, pile[k].code());
    SetDown(s, i, a.face_down.empty() ? 0 : a.face_down[static_cast<size_t>(i)]);
    Flip(s, i);
    Resum(s, i);
  }
  for (size_t f = 0; f < a.foundations.size() && f < 4; ++f)
    s.found[f] = static_cast<uint8_t>(a.foundations[f].size());
  std::vector<Card> talon(a.waste.begin(), a.waste.end());
  talon.insert(talon.end(), a.stock.rbegin(), a.stock.rend());
  s.n = static_cast<uint8_t>(talon.size());
  s.p = static_cast<uint8_t>(a.waste.size());
  talon_index_.fill(0xFF);
  for (size_t i = 0; i < talon.size(); ++i) {
    s.talon[i] = talon[i].code();
    talon_index_[talon[i].code()] = static_cast<uint8_t>(i);
    start_talon_[i] = talon[i].code();
  }
  s.mask = s.n >= 32 ? ~0u : (1u << s.n) - 1u;
  s.redeals = static_cast<uint8_t>(r_.passes != 0 ? counters.redeals : 0);
  s.yield = counters.used ? 1 : 0;
  return s;
}

int Solver::Moves(const Pos& s, Move* out) const {
  struct Scored {  // no initialisers: the buffer is not cleared per call
    uint8_t kind, a, b, c;
    int score;
  };
  Scored buf[kMaxMoves];
  int n = 0;
  auto add = [&](Kind kind, int a, int b, int c, int score) {
    if (seed_) score += static_cast<int>(Mix64(seed_ ^ (uint64_t{kind} << 24 | uint64_t(a) << 16 | uint64_t(b) << 8 |
                                                     uint64_t(c))) % 400);
    buf[n++] = {kind, static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(c), score};
  };
  auto forced = [&](Kind kind, int a) {
    out[0] = Move{kind, static_cast<uint8_t>(a), 0, 0};
    return 1;
  };

  // The tableau tops, and the pile of each: a card's two hosts are found
  // at once (in the order of their piles, as a loop over the piles would).
  int first_empty = -1;
  uint64_t top_cards = 0;
  std::array<int8_t, 64> top_pile;  // read only for the cards in top_cards
  for (int i = 0; i < kPiles; ++i) {
    if (s.len[i] == 0) {
      if (first_empty < 0) first_empty = i;
    } else {
      const uint8_t t = s.pile[i][s.len[i] - 1];
      top_cards |= uint64_t{1} << t;
      top_pile[t] = static_cast<int8_t>(i);
    }
  }
  // Calls to(j) for each pile j where card c may be laid: a top that hosts
  // it, or for a King the first empty pile; in increasing j.
  auto for_each_place = [&](uint8_t c, auto to) {
    if (RankOf(c) == kKing) {
      if (first_empty >= 0) to(first_empty);
      return;
    }
    const uint8_t h = static_cast<uint8_t>((RankOf(c) + 1) << 2 | (IsRed(c) ? kClubs : kDiamonds));
    int j1 = (top_cards >> h & 1) ? top_pile[h] : kPiles;
    int j2 = (top_cards >> Twin(h) & 1) ? top_pile[Twin(h)] : kPiles;
    if (j1 > j2) std::swap(j1, j2);
    if (j1 < kPiles) to(j1);
    if (j2 < kPiles) to(j2);
  };

  // Tableau tops to the foundations.
  for (int i = 0; i < kPiles; ++i) {
    if (s.len[i] == 0) continue;
    const uint8_t c = s.pile[i][s.len[i] - 1];
    if (s.found[SuitOf(c)] != RankOf(c) - 1) continue;
    if (prune_ && Safe(s, c)) return forced(kTabF, i);
    const bool reveals = s.len[i] - 1 == s.down[i] && s.down[i] > 0;
    add(kTabF, i, 0, 0, 900 + (reveals ? 100 + s.down[i] : 0));
  }

  // Talon cards.
  uint8_t qs[2 * kMaxTalon + 2];
  const int nq = prune_ ? Reachable(s, qs) : 0;
  Reach w;
  FillReach(s, qs, nq, w);
  if (prune_) {
    // Free talon: every talon card is reachable, now and after any move.
    const bool free_talon = r_.draw == 1 && r_.passes == 0 && (s.yield || s.p == 0);
    uint64_t tops = 0;  // for (h)
    if (free_talon && !r_.any_run)
      for (int j = 0; j < kPiles; ++j)
        if (s.len[j] > 0) tops |= uint64_t{1} << s.pile[j][s.len[j] - 1];
    for (int k = 0; k < nq; ++k) {
      const int q = qs[k];
      const uint8_t c = s.talon[q - 1];
      const int cost = OwnChain(s, q) ? DivDraw(q - s.p) : 8 + DivDraw(q);
      if (s.found[SuitOf(c)] == RankOf(c) - 1) {
        if (TalonSafe(s, q) && Safe(s, c)) return forced(kTalonF, q);
        // Built from a free talon only for the next card of its suit to
        // follow (runs=whole: filter (h)).
        const bool kept = !free_talon || r_.any_run || RankOf(c) == kKing || ((w.talon | tops) >> (c + 4) & 1);
        if (kept) add(kTalonF, q, 0, 0, 700 - cost);
      }
      if (free_talon && RankOf(c) > 1) {
        // Laid on a pile only to carry a card next (filter (g)): one of
        // the cards d it hosts can move next, or (worry) is built.
        const uint8_t d = Carried(c);
        const bool built = r_.worry && std::max(s.found[SuitOf(d)], s.found[SuitOf(Twin(d))]) >= RankOf(d);
        if (!built && !EitherAvailable(s, d, w)) continue;
      }
      for_each_place(c, [&](int j) { add(kTalonT, q, j, 0, (s.len[j] == 0 ? 450 : 500) - cost); });
    }
  } else {
    if (s.p > 0) {
      const uint8_t c = s.talon[s.p - 1];
      if (s.found[SuitOf(c)] == RankOf(c) - 1) add(kTalonF, s.p, 0, 0, 700);
      for (int j = 0; j < kPiles; ++j)
        if (s.len[j] == 0 ? RankOf(c) == kKing : Fits(c, s.pile[j][s.len[j] - 1]))
          add(kTalonT, s.p, j, 0, 500);
    }
    if (s.p < s.n) add(kDraw, 0, 0, 0, 100);
    if (s.p == s.n && CanRedeal(s)) add(kRedeal, 0, 0, 0, 90);
  }

  // Runs between piles: for each destination, the (at most two) cards that
  // may lie on its top, found through `w` when they are the base of a
  // movable run.
  auto run_move = [&](int i, int j, int start) {
    const int lo = s.down[i];
    if (prune_ && start > lo) {
      // A part of a run leaves the face-up card y it lay on: some shortest
      // win builds y right after such a move (filter (d)).
      const uint8_t y = s.pile[i][start - 1];
      if (s.found[SuitOf(y)] != RankOf(y) - 1) return;
    }
    if (prune_ && start == 0 && !KingFor(s, i, w)) return;
    int score;
    if (start == lo && lo > 0) {
      score = 800 + lo;  // turns a card up
    } else if (start == 0) {
      score = 300;  // empties a pile
    } else {
      const uint8_t under = s.pile[i][start - 1];
      score = s.found[SuitOf(under)] == RankOf(under) - 1 ? 600 : 50;
    }
    add(kTabT, i, j, start, score);
  };
  for (int j = 0; j < kPiles; ++j) {
    if (s.len[j] == 0) {
      if (prune_ && j != first_empty) continue;  // the empty piles are all alike
      for (int suit = 0; suit < 4; ++suit) {
        const uint8_t k = static_cast<uint8_t>(kKing << 2 | suit);  // a King is always a base
        if (!(w.movable >> k & 1) || w.pile[k] == j) continue;
        if (prune_ && w.index[k] == 0) continue;  // alone on its pile: the same position
        run_move(w.pile[k], j, w.index[k]);
      }
      continue;
    }
    const uint8_t h = s.pile[j][s.len[j] - 1];
    if (RankOf(h) <= 1) continue;
    const uint8_t b0 = Carried(h);
    for (const uint8_t b : {b0, Twin(b0)})
      if ((w.movable >> b & 1) && w.pile[b] != j) run_move(w.pile[b], j, w.index[b]);
  }

  // Foundation cards back to the tableau.
  if (r_.worry) {
    for (int f = 0; f < 4; ++f) {
      if (s.found[f] == 0) continue;
      const uint8_t c = static_cast<uint8_t>(s.found[f] << 2 | f);
      if (prune_) {
        // Useless unless a card of the other colour and one rank lower can
        // come onto c right after, and never when c is safe (filter (f)).
        if (Safe(s, c)) continue;
        const uint8_t d1 = Carried(c);
        if (!EitherAvailable(s, d1, w)) {
          // Or the card under c on its foundation comes back next.
          const uint8_t under = static_cast<uint8_t>((RankOf(c) - 1) << 2 | f);
          bool host = false;
          for (int j = 0; j < kPiles && !host; ++j)
            host = s.len[j] > 0 && Fits(under, s.pile[j][s.len[j] - 1]);
          if (!host) continue;
        }
      }
      for (int j = 0; j < kPiles; ++j) {
        if (s.len[j] == 0) {
          if (RankOf(c) == kKing && (!prune_ || j == first_empty)) add(kFoundT, f, j, 0, 10);
        } else if (Fits(c, s.pile[j][s.len[j] - 1])) {
          add(kFoundT, f, j, 0, 20);
        }
      }
    }
  }

  // Best first; an insertion sort (no allocation), stable, so equal scores
  // keep the generation order.
  for (int k = 1; k < n; ++k) {
    const Scored x = buf[k];
    int j = k;
    for (; j > 0 && buf[j - 1].score < x.score; --j) buf[j] = buf[j - 1];
    buf[j] = x;
  }
  for (int k = 0; k < n; ++k) out[k] = Move{buf[k].kind, buf[k].a, buf[k].b, buf[k].c};
  return n;
}

void Solver::Apply(Pos& s, Move m) const {
  switch (m.kind) {
    case kTalonF:
    case kTalonT: {
      const int q = m.a;
      const uint8_t c = s.talon[q - 1];
      CountsAfter(s, s, m);
      for (int k = q - 1; k < s.n; ++k) s.talon[k] = s.talon[k + 1];
      if (m.kind == kTalonT) {
        Unsum(s, m.b);
        Push(s, m.b, c);
        Resum(s, m.b);
      }
      break;
    }
    case kTabF:
      CountsAfter(s, s, m);
      Unsum(s, m.a);
      Cut(s, m.a, s.len[m.a] - 1);
      Flip(s, m.a);
      Resum(s, m.a);
      break;
    case kTabT:
      Unsum(s, m.a);
      Unsum(s, m.b);
      for (int k = m.c; k < s.len[m.a]; ++k) Push(s, m.b, s.pile[m.a][k]);
      Cut(s, m.a, m.c);
      Flip(s, m.a);
      Resum(s, m.a);
      Resum(s, m.b);
      break;
    case kFoundT: {
      const uint8_t c = static_cast<uint8_t>(s.found[m.a] << 2 | m.a);
      CountsAfter(s, s, m);
      Unsum(s, m.b);
      Push(s, m.b, c);
      Resum(s, m.b);
      break;
    }
    default:
      CountsAfter(s, s, m);
      break;
  }
}

void Solver::Expand(Pos& s, Move m, std::vector<MoveSpec>& out) const {
  auto draws_to = [&](int target) {
    while (s.p < target) {
      const int k = std::min(r_.draw, s.n - s.p);
      MoveSpec d;
      d.from = {Place{Area::kStock, 0}};
      d.to = Place{Area::kWaste, 0};
      for (int i = 0; i < k; ++i) d.cards.push_back(Card::FromCode(s.talon[s.p + i]));
      d.count = k > 1 ? k : 0;
      out.push_back(std::move(d));
      s.p = static_cast<uint8_t>(s.p + k);
    }
  };
  auto redeal = [&]() {
    MoveSpec r;
    r.from = {Place{Area::kWaste, 0}};
    r.to = Place{Area::kStock, 0};
    out.push_back(std::move(r));
    s.p = 0;
    s.yield = 0;
    if (r_.passes != 0) ++s.redeals;
  };
  MoveSpec spec;
  switch (m.kind) {
    case kDraw:
      draws_to(std::min(s.p + r_.draw, static_cast<int>(s.n)));
      return;
    case kRedeal:
      redeal();
      return;
    case kTalonF:
    case kTalonT: {
      const int q = m.a;
      if (OwnChain(s, q)) {
        draws_to(q);
      } else {
        draws_to(s.n);
        redeal();
        draws_to(q);
      }
      const uint8_t c = s.talon[q - 1];
      spec.from = {Place{Area::kWaste, 0}};
      spec.to = m.kind == kTalonF ? Place{Area::kFoundations, SuitOf(c) + 1} : Place{Area::kTableau, m.b + 1};
      spec.cards = {Card::FromCode(c)};
      break;
    }
    case kTabF: {
      const uint8_t c = s.pile[m.a][s.len[m.a] - 1];
      spec.from = {Place{Area::kTableau, m.a + 1}};
      spec.to = Place{Area::kFoundations, SuitOf(c) + 1};
      spec.cards = {Card::FromCode(c)};
      break;
    }
    case kTabT: {
      spec.from = {Place{Area::kTableau, m.a + 1}};
      spec.to = Place{Area::kTableau, m.b + 1};
      for (int k = m.c; k < s.len[m.a]; ++k) spec.cards.push_back(Card::FromCode(s.pile[m.a][k]));
      spec.count = spec.cards.size() > 1 ? static_cast<int>(spec.cards.size()) : 0;
      break;
    }
    case kFoundT: {
      spec.from = {Place{Area::kFoundations, m.a + 1}};
      spec.to = Place{Area::kTableau, m.b + 1};
      spec.cards = {Card::FromCode(static_cast<uint8_t>(s.found[m.a] << 2 | m.a))};
      break;
    }
    default:
      return;
  }
  out.push_back(std::move(spec));
  Apply(s, m);
}


}  // namespace talon::klondike
