// The Idiot's Delight solver's rules (rules.h): setup, the safe moves to the
// foundations, Apply, the key and the move generator. Proofs:
// docs/solvers/idiots-delight.md.
#include <algorithm>
#include <array>
#include <vector>

#include "core/games/idiots_delight/rules.h"

namespace talon::idiot {

Position Rules::Setup(const Areas& areas) {
  Position p;
  for (int j = 0; j < kColumns; ++j)
    for (Card c : areas.tableau[static_cast<size_t>(j)]) Push(p, j, c.code());
  for (size_t i = 0; i < kReserveSlots; ++i) {
    reserve_card[i] = 0;
    if (i < areas.reserve.size() && !areas.reserve[i].empty()) {
      reserve_card[i] = areas.reserve[i].back().code();
      p.reserve = static_cast<uint8_t>(p.reserve | (1u << i));
    }
  }
  for (size_t s = 0; s < 4 && s < areas.foundations.size(); ++s)
    p.found[s] = static_cast<uint8_t>(areas.foundations[s].size());
  Reweigh(p);
  return p;
}

namespace {
// S1 (without worry) and S2 (with worry): docs/solvers/idiots-delight.md,
// "Safe moves to the foundations".
bool Safe(const std::array<uint8_t, 4>& found, uint8_t code, bool worry) {
  const int r = Rank(code), s = SuitOf(code);
  const int opp = Red(code) ? std::min(found[kClubs], found[kSpades])
                            : std::min(found[kDiamonds], found[kHearts]);
  const int same = found[static_cast<size_t>(3 - s)];  // C<->S, D<->H
  if (worry) return opp >= r - 1 && same >= r - 2;
  return opp >= r - 1 || (opp >= r - 2 && same >= r - 3);
}
}  // namespace

bool Rules::SafeToFoundation(const Position& p, uint8_t code) const {
  return Safe(p.found, code, worry);
}

void Rules::Autoplay(Position& p, std::vector<Move>* autoplayed,
                     std::vector<uint8_t>* cards) const {
  if (!prune) return;
  const int before = p.found[0] + p.found[1] + p.found[2] + p.found[3];
  for (bool again = true; again;) {
    again = false;
    for (int j = 0; j < kColumns; ++j) {
      while (p.len[j]) {
        const uint8_t c = p.card[j][p.len[j] - 1u];
        if (p.found[SuitOf(c)] + 1 != Rank(c) || !SafeToFoundation(p, c)) break;
        Pop(p, j);
        ++p.found[SuitOf(c)];
        if (autoplayed) autoplayed->push_back(Move{static_cast<uint8_t>(j), kToFoundation});
        if (cards) cards->push_back(c);
        again = true;
      }
    }
    for (int i = 0; i < kReserveSlots; ++i) {
      if (!(p.reserve >> i & 1)) continue;
      const uint8_t c = reserve_card[static_cast<size_t>(i)];
      if (p.found[SuitOf(c)] + 1 != Rank(c) || !SafeToFoundation(p, c)) continue;
      p.reserve = static_cast<uint8_t>(p.reserve & ~(1u << i));
      ++p.found[SuitOf(c)];
      if (autoplayed) autoplayed->push_back(Move{static_cast<uint8_t>(kFromReserve + i), kToFoundation});
      if (cards) cards->push_back(c);
      again = true;
    }
  }
  if (before != p.found[0] + p.found[1] + p.found[2] + p.found[3]) Reweigh(p);
}

// A move makes progress when it plays to a foundation, empties a reserve
// slot, or uncovers a card that was not the moved card's base (the count of
// cards lying under a card they do not fit never grows again without worry),
// or when safe moves follow it.
void Rules::Apply(Position& p, Move m, std::vector<Move>* autoplayed,
                  std::vector<uint8_t>* cards) const {
  uint8_t c;
  bool progress = m.to == kToFoundation || (m.from >= kFromReserve && m.from < kFromFoundation);
  if (m.from < kFromReserve) {
    const int len = p.len[m.from];
    if (len >= 2 && !Fits(p.card[m.from][len - 1], p.card[m.from][len - 2])) progress = true;
    c = Pop(p, m.from);
  } else if (m.from < kFromFoundation) {
    c = reserve_card[m.from - kFromReserve];
    p.reserve = static_cast<uint8_t>(p.reserve & ~(1u << (m.from - kFromReserve)));
  } else {
    c = CardOf(p, m);
    --p.found[m.from - kFromFoundation];
  }
  if (m.to == kToFoundation)
    ++p.found[SuitOf(c)];
  else
    Push(p, m.to, c);
  if (m.to == kToFoundation || m.from >= kFromFoundation) Reweigh(p);
  const int before = p.found[0] + p.found[1] + p.found[2] + p.found[3];
  Autoplay(p, autoplayed, cards);
  const bool quiet = before == p.found[0] + p.found[1] + p.found[2] + p.found[3];
  p.last = quiet ? c : 0;
  p.idle = progress || !quiet ? 0 : static_cast<uint8_t>(std::min(p.idle + 1, 255));
}

Key128 Rules::KeyOf(const Position& p) const {
  uint64_t s1 = p.s1, s2 = p.s2;
  if (!prune) {  // the plain search tells the columns apart
    s1 = s2 = 0;
    for (size_t j = 0; j < kColumns; ++j) {
      s1 += Mix64(p.h1[j] ^ kZ.salt[j]);
      s2 += Mix64(p.h2[j] ^ kZ.salt[j]);
    }
  }
  const uint64_t exact = uint64_t{p.reserve} << 16 | uint64_t{p.found[0]} << 12 |
                         uint64_t{p.found[1]} << 8 | uint64_t{p.found[2]} << 4 | p.found[3];
  // The low 16 bits hold foundation ranks <= 13, never all ones: never kEmptyKey.
  return Key128{s1 << 23 | exact, s2};
}

// Move ordering (docs: "Move ordering"): foundation moves first, then by the
// burial of the cards the foundations need soon. Move pruning (docs: "Move
// pruning"): with prune, the card moved last without an automatic move
// moves again only to its foundation; one empty column is offered.
int Rules::Moves(const Position& p, Move* out) const {
  int score[kMaxMoves];
  const auto& weight = p.weight;  // kept up to date by Push, Pop and Reweigh
  int n = 0;
  int first_empty = -1;
  for (int j = 0; j < kColumns && first_empty < 0; ++j)
    if (p.len[j] == 0) first_empty = j;
  auto own = [&](uint8_t c) { return Weight(p.found, c); };
  auto add = [&](uint8_t from, uint8_t to, int s) {
    out[n] = Move{from, to};
    score[n] = s;
    ++n;
  };
  // All moves of card c from `from` (column `skip`, or -1), with `gain` for
  // what leaving its place uncovers.
  const bool tight = prune && idle_limit > 0 && p.idle >= idle_limit;
  auto targets = [&](uint8_t from, uint8_t c, int gain, int skip, bool progress) {
    if ((prune && c == p.last) || (tight && !progress)) {
      if (p.found[SuitOf(c)] + 1 == Rank(c) && from < kFromFoundation)
        add(from, kToFoundation, 100000);
      return;
    }
    if (p.found[SuitOf(c)] + 1 == Rank(c) && from < kFromFoundation)
      add(from, kToFoundation, 100000);
    for (int j = 0; j < kColumns; ++j) {
      if (j == skip) continue;
      if (p.len[j] == 0) {
        if (!prune) add(from, static_cast<uint8_t>(j), gain - 30);
        continue;
      }
      if (Fits(c, p.card[static_cast<size_t>(j)][p.len[j] - 1u]))
        add(from, static_cast<uint8_t>(j), gain - weight[j]);
    }
    if (prune && first_empty >= 0 && !(skip >= 0 && p.len[skip] == 1))
      add(from, static_cast<uint8_t>(first_empty), gain - 30);
  };
  for (int j = 0; j < kColumns; ++j) {
    const int len = p.len[j];
    if (!len) continue;
    const uint8_t c = p.card[static_cast<size_t>(j)][len - 1];
    int gain = weight[j] - own(c);
    const bool uncovers = len >= 2 && !Fits(c, p.card[static_cast<size_t>(j)][len - 2]);
    if (len == 1) gain += 40;  // empties the column
    else if (uncovers) gain += 4;  // a new card shows
    targets(static_cast<uint8_t>(j), c, gain, j, uncovers);
  }
  for (int i = 0; i < kReserveSlots; ++i)
    if (p.reserve >> i & 1)
      targets(static_cast<uint8_t>(kFromReserve + i), reserve_card[static_cast<size_t>(i)], 12, -1,
              true);
  if (worry) {
    for (int s = 0; s < 4; ++s) {
      if (!p.found[static_cast<size_t>(s)]) continue;
      const uint8_t c = static_cast<uint8_t>(p.found[static_cast<size_t>(s)] << 2 | s);
      if (prune) {
        // Taking back a card that is safe on its foundation in the position
        // after the move only returns to this position (autoplay).
        std::array<uint8_t, 4> lower = p.found;
        --lower[static_cast<size_t>(s)];
        if (Safe(lower, c, worry)) continue;
      }
      targets(static_cast<uint8_t>(kFromFoundation + s), c, -20, -1, false);
    }
  }
  // Stable insertion sort by score, best first.
  for (int i = 1; i < n; ++i) {
    const Move m = out[i];
    const int s = score[i];
    int k = i;
    for (; k > 0 && score[k - 1] < s; --k) {
      out[k] = out[k - 1];
      score[k] = score[k - 1];
    }
    out[k] = m;
    score[k] = s;
  }
  return n;
}

}  // namespace talon::idiot
