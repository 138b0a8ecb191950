// The Idiot's Delight solver. See the header for the shape; the proofs are here.
//
// SAFE MOVES TO THE FOUNDATIONS. Write r for the rank of a card c that can
// go to its foundation now (its suit's foundation holds r-1), opp for the
// lower of the two foundations of the other colour, and same for the
// foundation of the other suit of c's colour.
//
// (S1) Without worry, playing c to its foundation keeps every win when
//      opp >= r-1, or when opp >= r-2 and same >= r-3.
// (S2) With worry (cards may come back from the foundations), it keeps
//      every win when opp >= r-1 and same >= r-2.
//
// Proof. Let P be the position, P' = P with c played, and L a winning line
// from P. We build a winning line from P' by playing L's moves one by one,
// skipping some, and keep this INVARIANT: P' equals L's current position
// except for a set T of cards that lie on their foundations in P' and
// anywhere (a column, the reserve, a foundation) in L's; every column of P'
// is L's column with its T cards removed, and the T cards of L's columns lie
// in a run at the top. It holds at the start with T = {c} (c is on top of
// its column or in the reserve in P, since nothing can cover it: see below).
//
// (S2) Let T be c, the foundation cards of c's suit, and every card of rank
// <= r-1 of the other colour and <= r-2 of c's colour. Per suit, T is an
// initial run of ranks, and all of T is on the foundations in P'. A card goes
// onto a card one rank higher, so anything ever placed on a T card is a T
// card; hence L's columns are a non-T part with a run of T cards on top, and
// a foundation of P' is at least as high as L's and equal to it as soon as
// L's holds a card outside T. Now take L's moves in turn. A move of a T card
// (to or from a column, the reserve, a foundation) is skipped: the invariant
// holds. A move of another card x: x is on top in L, so on top in P' (P''s
// column is L's minus a top run of T cards, and x is not in T); its target in
// L is a card y outside T (no card outside T goes on a T card: that card
// would be in T), which is on top in P' as well, or an empty column, empty in
// P' as well, or its foundation, which is equal in both (it holds rank(x)-1
// in L, outside T), or x comes from its foundation, which is equal in both
// for the same reason. So the move is legal in P' and the invariant holds.
// At the end L has every card on the foundations, and so has P'.
//
// (S1) Without worry nothing leaves a foundation, so the cards that can ever
// be placed on c are the cards of rank r-1 of the other colour that are not
// on foundations. If opp >= r-1 there are none, and T = {c} does: every move
// of L not moving c is legal in P' as above. If opp >= r-2 and same >= r-3,
// let T grow: T = {c} plus every card that L places on a T card; P' plays
// that card to its foundation instead, which is legal:
//  - a card d placed on c has rank r-1 and the other colour. Its foundation
//    holds r-2 in L (it is at least r-2 and does not hold d), and the same in
//    P' (the only T cards of d's suit are of rank r-1: ranks below r-1 of
//    that suit are on the foundations already).
//  - a card e placed on such a d has rank r-2 and c's colour, so the other
//    suit of c's colour (c's own foundation holds r-1). Its foundation holds
//    r-3 in L (same >= r-3, and e is not there), and the same in P'.
//  - nothing is ever placed on such an e: the cards of rank r-3 of the other
//    colour are all on foundations (opp >= r-2), never to come back.
// So a card placed on a T card is always a T card, the T cards of L's
// columns stay a run at the top, and L's further moves of T cards (within
// the tableau, or to a foundation) are skipped. A foundation of P' holding
// more than L's holds only T cards above it, and L never plays another card
// there before that T card (it would be a card of the same rank), so the
// foundation moves of other cards are legal in P' too. (The earlier form of
// this rule asked same >= r-2, which stops the chain at d.)
//
// Every card of rank 1 or 2 is safe without worry (opp >= r-2, same >= r-3),
// and every 3 once both aces of the other colour are up; every ace with worry.
//
// CANONICAL KEY. The rules never refer to a column's number: a card may go
// on any column's top card that fits or to any empty column. So permuting the
// columns maps legal moves to legal moves and won positions to won positions;
// positions equal up to a permutation of the columns are equally winnable.
// The key therefore combines the columns commutatively (a sum of one mixed
// hash per column), and among the empty columns only the first is offered as
// a target (the others give a permutation of the same position). Moving the
// only card of a column to an empty column gives a permutation of the same
// position: never offered. The reserve slots are kept as a set of the
// original slots (a slot is never refilled), the foundations as four ranks.
//
// The key is the reserve set and the foundations exactly (23 bits) plus 105
// bits of hash of the tableau. A column's hash is updated in O(1) when a card
// is pushed or popped (h' = (rotl(h, 23) ^ Z[c]) * K, inverted with K's
// inverse); the tableau's hash is the sum over columns of a 64-bit mix of
// the column's hash, in two independent lanes. Distinct positions collide
// with probability about n^2 / 2^106 for n positions searched: for 10^9
// positions, below 10^-13.
#include "core/games/idiots_delight_solver.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <unordered_set>

#include "core/shuffle.h"
#include "core/transposition_table.h"

namespace talon::idiot {
namespace {

constexpr uint64_t kMul1 = 0x9E3779B97F4A7C15ULL;
constexpr uint64_t kMul2 = 0xD6E8FEB86659FD93ULL;
constexpr uint64_t Inverse(uint64_t a) {
  uint64_t x = a;  // Newton: each step doubles the correct low bits (a odd)
  for (int i = 0; i < 6; ++i) x *= 2 - a * x;
  return x;
}
constexpr uint64_t kInv1 = Inverse(kMul1), kInv2 = Inverse(kMul2);
static_assert(kMul1 * kInv1 == 1 && kMul2 * kInv2 == 1);

struct Zobrist {
  std::array<uint64_t, 64> z1{}, z2{};
  std::array<uint64_t, kColumns> salt{};
};
constexpr Zobrist MakeZobrist() {
  Zobrist z;
  SplitMix64 rng(0x1D107DE11647ULL);
  for (auto& v : z.z1) v = rng.Next();
  for (auto& v : z.z2) v = rng.Next();
  for (auto& v : z.salt) v = rng.Next();
  return z;
}
constexpr Zobrist kZ = MakeZobrist();

inline uint64_t Mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  return h ^ (h >> 33);
}

inline int Rank(uint8_t code) { return code >> 2; }
inline int SuitOf(uint8_t code) { return code & 3; }
inline bool Red(uint8_t code) { return SuitOf(code) == kDiamonds || SuitOf(code) == kHearts; }
// True iff `c` may be built on `on`: one rank lower, the other colour.
inline bool Fits(uint8_t c, uint8_t on) { return Rank(on) == Rank(c) + 1 && Red(on) != Red(c); }

// The move-ordering weight of card c (see Rules::Moves): 8, 4, 2 or 1 when
// it is the next card of its suit or 1, 2, 3 ranks above it, else 0.
inline int Weight(const std::array<uint8_t, 4>& found, uint8_t c) {
  const int d = Rank(c) - found[static_cast<size_t>(SuitOf(c))] - 1;
  return d >= 0 && d < 4 ? 8 >> d : 0;
}

// Recomputes every column's weight (after a foundation changed).
inline void Reweigh(Position& p) {
  for (size_t j = 0; j < kColumns; ++j) {
    int w = 0;
    for (size_t k = 0; k < p.len[j]; ++k) w += Weight(p.found, p.card[j][k]);
    p.weight[j] = static_cast<uint8_t>(w);
  }
}

inline void Push(Position& p, int col, uint8_t c) {
  const size_t j = static_cast<size_t>(col);
  p.weight[j] = static_cast<uint8_t>(p.weight[j] + Weight(p.found, c));
  const uint64_t o1 = p.h1[j], o2 = p.h2[j];
  const uint64_t n1 = (std::rotl(o1, 23) ^ kZ.z1[c]) * kMul1;
  const uint64_t n2 = (std::rotl(o2, 23) ^ kZ.z2[c]) * kMul2;
  p.h1[j] = n1;
  p.h2[j] = n2;
  p.s1 += Mix(n1) - Mix(o1);
  p.s2 += Mix(n2) - Mix(o2);
  p.card[j][p.len[j]++] = c;
}

inline uint8_t Pop(Position& p, int col) {
  const size_t j = static_cast<size_t>(col);
  const uint8_t c = p.card[j][--p.len[j]];
  p.weight[j] = static_cast<uint8_t>(p.weight[j] - Weight(p.found, c));
  const uint64_t o1 = p.h1[j], o2 = p.h2[j];
  const uint64_t n1 = std::rotr((o1 * kInv1) ^ kZ.z1[c], 23);
  const uint64_t n2 = std::rotr((o2 * kInv2) ^ kZ.z2[c], 23);
  p.h1[j] = n1;
  p.h2[j] = n2;
  p.s1 += Mix(n1) - Mix(o1);
  p.s2 += Mix(n2) - Mix(o2);
  return c;
}

}  // namespace

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

uint8_t Rules::CardOf(const Position& p, Move m) const {
  if (m.from < kFromReserve) return p.card[m.from][p.len[m.from] - 1u];
  if (m.from < kFromFoundation) return reserve_card[m.from - kFromReserve];
  const int s = m.from - kFromFoundation;
  return static_cast<uint8_t>(p.found[static_cast<size_t>(s)] << 2 | s);
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

void Rules::Undo(Position& p, Move m, uint8_t c, const Move* autos, const uint8_t* cards,
                 size_t n, uint8_t last, uint8_t idle) const {
  const bool found_changed = n > 0 || m.to == kToFoundation || m.from >= kFromFoundation;
  for (size_t k = n; k-- > 0;) {
    const uint8_t a = cards[k];
    --p.found[SuitOf(a)];
    if (autos[k].from < kFromReserve)
      Push(p, autos[k].from, a);
    else
      p.reserve = static_cast<uint8_t>(p.reserve | (1u << (autos[k].from - kFromReserve)));
  }
  if (m.to == kToFoundation)
    --p.found[SuitOf(c)];
  else
    Pop(p, m.to);
  if (m.from < kFromReserve)
    Push(p, m.from, c);
  else if (m.from < kFromFoundation)
    p.reserve = static_cast<uint8_t>(p.reserve | (1u << (m.from - kFromReserve)));
  else
    ++p.found[m.from - kFromFoundation];
  // Push and Pop weigh cards with the foundations of the moment: exact when
  // no foundation changed, else recomputed.
  if (found_changed) Reweigh(p);
  p.last = last;
  p.idle = idle;
}

Key128 Rules::KeyOf(const Position& p) const {
  uint64_t s1 = p.s1, s2 = p.s2;
  if (!prune) {  // the plain search tells the columns apart
    s1 = s2 = 0;
    for (size_t j = 0; j < kColumns; ++j) {
      s1 += Mix(p.h1[j] ^ kZ.salt[j]);
      s2 += Mix(p.h2[j] ^ kZ.salt[j]);
    }
  }
  const uint64_t exact = uint64_t{p.reserve} << 16 | uint64_t{p.found[0]} << 12 |
                         uint64_t{p.found[1]} << 8 | uint64_t{p.found[2]} << 4 | p.found[3];
  // The low 16 bits hold foundation ranks <= 13, never all ones: never kEmptyKey.
  return Key128{s1 << 23 | exact, s2};
}

// MOVE ORDERING (any order is correct; this one finds wins sooner). A move
// is scored by how it changes the burial of the cards the foundations need
// soon: each card weighs 8, 4, 2 or 1 when it is the next card of its suit
// or 1, 2, 3 ranks above it; a column's weight W is the sum over its cards.
// Taking a card off column A uncovers what lies under it (gain W[A] minus
// the card's own weight); putting it on column B buries B's cards one deeper
// (cost W[B]). Moves to a foundation come first; emptying a column or a
// reserve slot earns a bonus, filling an empty column costs one.
//
// MOVE PRUNING. With prune, after a move of card X that made no automatic
// move, X itself is not moved again except to its foundation: moving it on
// from where it went gives the position that moving it there directly gives
// (the other columns and the foundations have not changed), or the position
// before X moved; both are children of the parent, which is expanded. So
// every position a pruned move leads to is still entered (when X went to
// its foundation and comes back with worry, likewise).
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

// THE SEARCH. Depth first; every position entered goes into the table (the
// visited set). The table is bounded: when full it forgets old keys, and a
// forgotten position may be entered again, which only repeats work -- unless
// it is on the current path, where entering it again would go round a cycle
// for ever. So once the table has forgotten anything, a new position is also
// checked against the keys on the path (a hash set of them, built when the
// table first forgets and kept from then on). Then no path repeats a position, so the search
// ends; and every position reachable from the start is entered or is on the
// path, so "unsolvable" means the reachable space was exhausted. The search
// keeps one position: a move is made with Apply (recording the automatic
// moves and their cards) and taken back with Undo, which replays them in
// reverse -- each step of Apply (a pop, a push, a foundation or reserve
// change) has an exact inverse, the hashes being invertible -- and
// recomputes the column weights when a foundation changed; so the position
// after Undo equals the one before Apply (tested on random walks). The
// order of the moves and of the table's inserts is that of the former
// version that copied positions: the same nodes, verdicts and lines.
Outcome Search(const Rules& rules, const Position& start, const SearchLimits& limits) {
  // One position, changed by Apply and restored by Undo; per depth a small
  // frame, its moves and automatic moves in shared stacks (some 60 bytes a
  // move of depth instead of a whole position).
  struct Frame {
    Key128 key;          // of the position at this depth
    uint32_t moves = 0;  // its moves: moves[moves .. moves + n)
    uint32_t autos = 0;  // the automatic moves after the move made from here
    uint8_t n = 0, next = 0;
    uint8_t card = 0;              // the card moved from here (next - 1)
    uint8_t last = 0, idle = 0;    // the position's own fields
  };
  const auto t0 = std::chrono::steady_clock::now();
  Outcome out;
  // A quarter of the memory for the path (room for 16384 moves at least):
  // searches that wander far from any win go deep. The rest for the table.
  // (24 moves a depth on average at most, and a node of the path set.)
  constexpr size_t kBytesPerDepth = sizeof(Frame) + 24 * sizeof(Move) + 48;
  const size_t max_frames = std::max<size_t>(16384, limits.max_memory / 4 / kBytesPerDepth);
  const size_t max_moves = max_frames * 24;
  TranspositionTable table(std::max<size_t>(limits.max_memory - limits.max_memory / 4, 1024));
  table.set_deadline(Deadline(limits, t0));
  std::vector<Frame> stack(1);
  std::vector<Move> moves;
  std::vector<Move> autos;
  std::vector<uint8_t> auto_cards;
  // The keys on the path, kept once the table has forgotten something.
  struct KeyHash {
    size_t operator()(Key128 k) const { return static_cast<size_t>(HashKey(k)); }
  };
  std::unordered_set<Key128, KeyHash> on_path;
  bool path_tracked = false;
  auto finish = [&](Verdict v, const char* limit, uint64_t nodes) {
    out.verdict = v;
    out.stats.limit = limit;
    out.stats.nodes = nodes;
    out.stats.table_bytes = table.bytes();
    out.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  auto write_line = [&](size_t depth) {
    Position p = start;
    rules.Autoplay(p, &out.line);
    for (size_t d = 0; d < depth; ++d) {
      const Move m = moves[stack[d].moves + stack[d].next - 1u];
      out.line.push_back(m);
      rules.Apply(p, m, &out.line);
    }
  };
  auto gen = [&](Frame& f, const Position& p) {
    f.moves = static_cast<uint32_t>(moves.size());
    moves.resize(moves.size() + kMaxMoves);
    f.n = static_cast<uint8_t>(rules.Moves(p, moves.data() + f.moves));
    moves.resize(f.moves + f.n);
    f.next = 0;
    f.last = p.last;
    f.idle = p.idle;
  };

  Position pos = start;
  rules.Autoplay(pos);
  if (rules.Won(pos)) {
    write_line(0);
    return finish(Verdict::kSolved, "", 0);
  }
  stack[0].key = rules.KeyOf(pos);
  table.Insert(stack[0].key);
  gen(stack[0], pos);

  size_t depth = 0;
  uint64_t nodes = 0;
  const uint64_t max_nodes = limits.max_nodes ? limits.max_nodes : ~uint64_t{0};
  // Takes back the move made from stack[d] (pos is then stack[d]'s position).
  auto undo = [&](size_t d) {
    Frame& f = stack[d];
    const size_t a = f.autos;
    rules.Undo(pos, moves[f.moves + f.next - 1u], f.card, autos.data() + a, auto_cards.data() + a,
               autos.size() - a, f.last, f.idle);
    autos.resize(a);
    auto_cards.resize(a);
  };
  for (;;) {
    Frame& top = stack[depth];
    if (top.next == top.n) {
      if (depth == 0) break;
      if (path_tracked) on_path.erase(top.key);
      moves.resize(top.moves);
      --depth;
      undo(depth);
      continue;
    }
    const Move move = moves[top.moves + top.next++];
    top.card = rules.CardOf(pos, move);
    top.autos = static_cast<uint32_t>(autos.size());
    rules.Apply(pos, move, &autos, &auto_cards);
    ++nodes;

    if (nodes >= max_nodes) return finish(Verdict::kUnknown, "max-nodes", nodes);
    if ((nodes & 1023) == 0) {
      if (limits.cancel && limits.cancel->load(std::memory_order_relaxed))
        return finish(Verdict::kUnknown, "interrupted", nodes);
      if (limits.max_seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >
              limits.max_seconds)
        return finish(Verdict::kUnknown, "max-seconds", nodes);
    }
    if (rules.Won(pos)) {
      write_line(depth + 1);
      return finish(Verdict::kSolved, "", nodes);
    }
    const Key128 key = rules.KeyOf(pos);
    bool enter = table.Insert(key);  // false: entered before
    if (enter && table.overwrites() != 0) {
      if (!path_tracked) {  // the first time: the keys on the path so far
        path_tracked = true;
        for (size_t d = 0; d <= depth; ++d) on_path.insert(stack[d].key);
      }
      enter = !on_path.contains(key);
    }
    if (!enter) {
      undo(depth);
      continue;
    }
    if (depth + 1 == stack.size() || moves.size() + kMaxMoves > max_moves) {
      if (stack.size() >= max_frames || moves.size() + kMaxMoves > max_moves)
        return finish(Verdict::kUnknown, "max-memory", nodes);
      stack.resize(std::min(stack.size() * 2, max_frames));
    }
    ++depth;
    stack[depth].key = key;
    if (path_tracked) on_path.insert(key);
    gen(stack[depth], pos);
  }
  return finish(Verdict::kUnsolvable, "", nodes);
}

// BEST-FIRST LOOK. An incomplete search that only ever reports a win: it
// expands the most promising position seen so far (more cards on the
// foundations, the next card of each suit less buried, more empty columns,
// fewer reserve cards), keeping positions packed (68 bytes) with a link to
// their parent. Its queue and arrays grow by doubling, not per node.
namespace {

struct Packed {
  std::array<uint8_t, 68> b{};  // found[4], reserve, then per column: length, cards
};

Packed Pack(const Position& p) {
  Packed k;
  size_t i = 0;
  for (uint8_t f : p.found) k.b[i++] = f;
  k.b[i++] = p.reserve;
  for (size_t j = 0; j < kColumns; ++j) {
    k.b[i++] = p.len[j];
    for (size_t c = 0; c < p.len[j]; ++c) k.b[i++] = p.card[j][c];
  }
  return k;
}

Position Unpack(const Packed& k) {
  Position p;
  size_t i = 0;
  for (uint8_t& f : p.found) f = k.b[i++];
  p.reserve = k.b[i++];
  for (int j = 0; j < kColumns; ++j) {
    const int len = k.b[i++];
    for (int c = 0; c < len; ++c) Push(p, j, k.b[i++]);
  }
  Reweigh(p);
  return p;
}

int Promise(const Position& p) {
  int found = 0, buried = 0, empty = 0;
  for (uint8_t f : p.found) found += f;
  for (size_t j = 0; j < kColumns; ++j) {
    empty += p.len[j] == 0;
    for (int c = 0; c < p.len[j]; ++c) {
      const uint8_t code = p.card[j][static_cast<size_t>(c)];
      if (p.found[SuitOf(code)] + 1 == Rank(code)) buried += p.len[j] - 1 - c;
    }
  }
  return 20 * found - 3 * buried + 5 * empty - 2 * std::popcount(p.reserve);
}

}  // namespace

Outcome BestFirst(const Rules& rules, const Position& start, const SearchLimits& limits) {
  struct Entry {
    Packed pos;
    uint32_t parent;
    Move move;
  };
  const auto t0 = std::chrono::steady_clock::now();
  Outcome out;
  TranspositionTable table(std::max<size_t>(limits.max_memory / 2, 1024));
  table.set_deadline(Deadline(limits, t0));
  std::vector<Entry> entries;
  std::vector<std::pair<int, uint32_t>> heap;  // (promise, ~index): ties go to the oldest
  auto finish = [&](Verdict v, const char* limit, uint64_t nodes) {
    out.verdict = v;
    out.stats.limit = limit;
    out.stats.nodes = nodes;
    out.stats.table_bytes = table.bytes();
    out.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  auto write_line = [&](uint32_t at, Move last) {
    std::vector<Move> moves{last};
    for (; at != 0; at = entries[at].parent) moves.push_back(entries[at].move);
    std::reverse(moves.begin(), moves.end());
    Position p = start;
    rules.Autoplay(p, &out.line);
    for (Move m : moves) {
      out.line.push_back(m);
      rules.Apply(p, m, &out.line);
    }
  };
  Position root = start;
  rules.Autoplay(root);
  if (rules.Won(root)) {
    Position p = start;
    rules.Autoplay(p, &out.line);
    return finish(Verdict::kSolved, "", 0);
  }
  table.Insert(rules.KeyOf(root));
  entries.push_back(Entry{Pack(root), 0, Move{}});
  heap.emplace_back(Promise(root), ~uint32_t{0});
  const uint64_t max_nodes = limits.max_nodes ? limits.max_nodes : ~uint64_t{0};
  const size_t max_entries = limits.max_memory / 2 / sizeof(Entry);
  uint64_t nodes = 0;
  Move moves[kMaxMoves];
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end());
    const uint32_t at = ~heap.back().second;
    heap.pop_back();
    const Position pos = Unpack(entries[at].pos);
    const int n = rules.Moves(pos, moves);
    for (int i = 0; i < n; ++i) {
      Position child = pos;
      rules.Apply(child, moves[i]);
      ++nodes;
      if (nodes >= max_nodes) return finish(Verdict::kUnknown, "max-nodes", nodes);
      if ((nodes & 1023) == 0) {
        if (limits.cancel && limits.cancel->load(std::memory_order_relaxed))
          return finish(Verdict::kUnknown, "interrupted", nodes);
        if (limits.max_seconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >
                limits.max_seconds)
          return finish(Verdict::kUnknown, "max-seconds", nodes);
      }
      if (rules.Won(child)) {
        write_line(at, moves[i]);
        return finish(Verdict::kSolved, "", nodes);
      }
      if (!table.Insert(rules.KeyOf(child))) continue;
      if (entries.size() >= max_entries) return finish(Verdict::kUnknown, "max-memory", nodes);
      entries.push_back(Entry{Pack(child), at, moves[i]});
      heap.emplace_back(Promise(child), ~static_cast<uint32_t>(entries.size() - 1));
      std::push_heap(heap.begin(), heap.end());
    }
  }
  return finish(Verdict::kUnknown, "", nodes);  // exhausted, but it is not complete
}

MoveSpec ToMoveSpec(const Rules& rules, const Position& p, Move m) {
  MoveSpec spec;
  const uint8_t c = rules.CardOf(p, m);
  if (m.from < kFromReserve)
    spec.from.push_back(Place{Area::kTableau, m.from + 1});
  else if (m.from < kFromFoundation)
    spec.from.push_back(Place{Area::kReserve, m.from - kFromReserve + 1});
  else
    spec.from.push_back(Place{Area::kFoundations, m.from - kFromFoundation + 1});
  if (m.to == kToFoundation)
    spec.to = Place{Area::kFoundations, SuitOf(c) + 1};
  else
    spec.to = Place{Area::kTableau, m.to + 1};
  spec.cards.push_back(Card::FromCode(c));
  return spec;
}

SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits, bool prune) {
  Rules rules;
  rules.worry = BoolOption(deal.options, "worry");
  rules.prune = prune;
  const Position start = rules.Setup(deal.areas);
  Outcome outcome;
  uint64_t quick_nodes = 0;
  double quick_seconds = 0;
  bool done = false;
  // With a node limit under 64 the quick looks are skipped: an eighth of it
  // would be 0, which a search reads as "no limit".
  if (prune && (limits.max_nodes == 0 || limits.max_nodes >= 64)) {
    // First quick looks for a win with few idle moves in a row (incomplete,
    // so only a win counts), each on an eighth of the limits and at most a
    // fixed number of nodes (so that they are the same on every machine).
    struct Quick {
      int idle_limit;  // 0: the best-first look
      uint64_t max_nodes;
      int share;  // of the time limit, in sixteenths
    };
    for (const Quick q : {Quick{1, 700'000, 1}, Quick{2, 1'000'000, 1}, Quick{0, 1'300'000, 2},
                          Quick{3, 800'000, 1}, Quick{6, 900'000, 1},
                          Quick{12, 1'000'000, 1}}) {
      Rules quick = rules;
      quick.idle_limit = q.idle_limit;
      SearchLimits share = limits;
      share.max_nodes = limits.max_nodes ? std::min(limits.max_nodes / 8, q.max_nodes) : q.max_nodes;
      if (limits.max_seconds > 0) share.max_seconds = limits.max_seconds * q.share / 16;
      share.max_memory = limits.max_memory / 4;
      outcome = q.idle_limit ? Search(quick, start, share) : BestFirst(quick, start, share);
      quick_nodes += outcome.stats.nodes;
      quick_seconds += outcome.stats.seconds;
      done = outcome.verdict == Verdict::kSolved || outcome.stats.limit == "interrupted";
      if (done) break;
    }
  }
  if (!done) {
    SearchLimits rest = limits;
    if (rest.max_nodes) rest.max_nodes = rest.max_nodes > quick_nodes ? rest.max_nodes - quick_nodes : 1;
    rest.max_seconds = SecondsLeft(limits, quick_seconds);
    outcome = Search(rules, start, rest);
    outcome.stats.nodes += quick_nodes;
    outcome.stats.seconds += quick_seconds;
  } else {
    outcome.stats.nodes = quick_nodes;
    outcome.stats.seconds = quick_seconds;
  }
  SolveResult result;
  result.verdict = outcome.verdict;
  result.stats = outcome.stats;
  if (outcome.verdict != Verdict::kSolved) return result;
  // The line holds the automatic moves too: replay it without them.
  Rules plain = rules;
  plain.prune = false;
  Position p = start;
  for (Move m : outcome.line) {
    result.moves.push_back(ToMoveSpec(plain, p, m));
    plain.Apply(p, m);
  }
  return result;
}

}  // namespace talon::idiot
