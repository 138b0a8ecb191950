// Try Again (docs/rules/try-again.md): the pack is dealt one card at a time
// onto any of four heaps, or straight to a foundation; each ace goes out at
// once to start a foundation (numbered 1-4 in the order the aces come), built
// up by one regardless of suit; heap tops may be built at any time. Won when
// all 52 cards are built. Option `build`: anytime (default) or after-deal
// (nothing but the aces is built until the whole pack is dealt; no card is
// dealt straight to a foundation).
//
// SOLVER FACTS (each used below, each proved here).
//
// T1. Foundations are counts. Let b[r] be the number of rank-r cards built.
//     Every foundation is a run A, 2, ..., so b[r] is the number of
//     foundations whose top is at least r: b[1] >= b[2] >= ... >= b[13], and
//     the tops (as a multiset) are determined by b. A rank-r card can be
//     built iff some top is r-1, iff b[r-1] > b[r] (b[0] = 4). Suits play no
//     part anywhere, and the four heaps are interchangeable. So two positions
//     with the same cards still to deal and the same multiset of heaps,
//     written as RANK sequences, are equally winnable: the position key is
//     that canonical form when it fits in 128 bits (at most 26 cards on the
//     heaps), else an exact code of which heap holds each card, with the
//     heaps sorted by their bottom card (a flag bit keeps the two apart).
//
// T2. Ordinals. In a win, let ord(x) be the number of rank-r cards built up
//     to and including x (r = rank of x). The k-th rank-r card is built
//     after the k-th rank-(r-1) card (T1: b[r] <= b[r-1] at all times). If y
//     lies above x on a heap and rank(y) >= rank(x), then ord(x) > ord(y):
//     y is built before x; right after y, b[rank(x)] >= b[rank(y)] = ord(y)
//     (T1, or y itself when the ranks are equal), and x is not among those
//     built cards. With ord(x) >= b[rank x] + 1 for every unbuilt card, this
//     gives lower bounds lb(x), propagated down each heap. Ignoring the
//     cards still to come and any card put on a heap later only removes
//     constraints, so a win of the position gives ordinals meeting them. The
//     unbuilt cards of a rank take distinct ordinals in b[r]+1..4, so a win
//     needs, for every t, at most 5 - t cards of a rank with lb >= t (Hall's
//     condition for intervals [lb, 4]); in particular lb <= 4. Dead() fails
//     a position breaking it. (This contains the pair test "a card put above
//     a lower one that must come out first": y of rank c above x of rank a <
//     c with b[c] = 3 forces ord(y) = 4 and ord(x) >= 5.)
//
// T3. Safe build. Let c (rank r) be buildable now, from a heap top or as the
//     card being dealt, with k = b[r-1] - b[r] >= 1 free places for rank r.
//     Let m be the number of unbuilt rank-r cards other than c that do not
//     lie below c on its heap. If m < k, building c now keeps a win, if
//     there is one. Proof: take a winning line L; it builds c at some step
//     t. Let L' be "build c now", then L without the step that builds c and
//     without the step that put c on a heap (if c is being dealt). Every
//     step of L' is legal: a card L puts on c's heap before t goes onto the
//     card below c instead, and L never reaches below c before t; builds of
//     rank r+1 only gain (b[r] is one higher); a build of a rank-r card d at
//     a step before t has, in L, b[r] <= b_now[r] + m - 1 (at most the m
//     other accessible cards, d not yet), so in L' b[r] <= b_now[r] + m <
//     b_now[r] + k = b_now[r-1] <= b[r-1]: still legal (cards below c cannot
//     be built before t in L). After t both lines have built the same cards
//     and the heaps agree, so L' wins. With a safe build the search tries
//     only that move. (With b[r-1] = 4, every buildable card is safe.)
//     T3b: the same holds when no other unbuilt rank-r card can be the NEXT
//     rank-r card built, because each lies below c or, on another heap,
//     below a card y of rank s > r with b[s] = b[r]: y needs b[s-1] > b[s],
//     and b[s-1] <= b[r] = b[s] until a rank-r card is built, so y (and all
//     below it) stays put until then. Then L builds no rank-r card before
//     t (the first one would have to be c), and the proof above applies with
//     no competing build at all.
//
// T4. Cards still to come. Let z (rank c) be the card at pack index j.
//     (a) What can be built before z comes: count cnt[r] from b[r] and let
//     chain(r) = min(chain(r-1), cnt[r]), chain(0) = 4; a heap top x (rank a)
//     may go when chain(a-1) >= lb(x) (T2), and a card dealt before j (rank
//     a) when chain(a-1) > b[a]; each going card adds 1 to cnt. These
//     conditions only get easier as cnt grows, so the closure is unique, and
//     it contains every card a real line builds before z comes: by induction
//     over such a line, its b_t[r] <= b_t[r'] <= cnt[r'] for r' <= r, so
//     b_t[r] <= chain(r); a real build of x needs b_t[a-1] >= ord(x) >= lb(x)
//     (T2), of a dealt card b_t[a-1] > b_t[a] >= b[a]. So the cards the
//     closure leaves on heap h (below top[h]) are surely there when z comes.
//     (b) z can be built as it comes only if b_t[c-1] > b_t[c] >= b[c]; if
//     chain(c-1) <= b[c] (or with after-deal) z goes onto a heap. (c) There
//     it lies above every card still on that heap, so (T2's argument) each
//     of them with rank <= c gets ord > ord(z) >= b[c] + 1: the T2 bounds
//     with z put just above the highest surely-left card of heap h hold in
//     every win that puts z on h. If they break T2 for every heap (a heap
//     the closure may empty is never fatal), the position is dead. Only the
//     first card of each rank still to come is tried (a later one of the
//     same rank finds at most the same cards left).
//
// Heaps with identical rank sequences give the same position (T1), so only
// the first of them is offered as the place for a dealt card.
//
// The win-finders (below: beam searches and the probe) are not pruning
// rules: they look for a win before the complete search, every line they
// return is made of moves Moves() offers (so legal) and ends in a won
// position, and it is replayed by the checker like the search's; they never
// say "unsolvable".
#include "core/games/try_again.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <functional>
#include <vector>

#include "core/games/games.h"
#include "core/search.h"
#include "core/shuffle.h"

namespace talon {
namespace {

constexpr int kHeaps = 4;
constexpr int kFoundations = 4;

bool Anytime(const Options& options) { return WordOption(options, "build") == "anytime"; }

// ---------------------------------------------------------------------------
// The checker's helpers.

// Aces at the top of the pack go out at once, each to the first empty foundation.
void Settle(Areas& a) {
  while (!a.stock.empty() && a.stock.back().rank() == kAce) {
    for (Pile& f : a.foundations)
      if (f.empty()) {
        f.push_back(a.stock.back());
        break;
      }
    a.stock.pop_back();
  }
}

// ---------------------------------------------------------------------------
// The solver's rules.

__extension__ typedef unsigned __int128 U128;

struct TryDeal {
  std::array<uint8_t, 52> order{};  // Card::code of the pack in dealing order
  int size = 0;
  bool anytime = true;
};

struct TryPosition {
  std::array<std::array<uint8_t, 52>, kHeaps> heap{};  // Card::code, bottom to top
  std::array<uint8_t, kHeaps> len{};
  std::array<uint8_t, 14> built{};  // built[r]: rank-r cards built; built[0] = 4
  uint8_t dealt = 0;                // cards of order[] dealt
  uint8_t left = 0;                 // cards not yet built
};

enum class Kind : uint8_t { kBuildHeap, kDealToFoundation, kDealToHeap };
struct TryMove {
  Kind kind = Kind::kDealToHeap;
  uint8_t heap = 0;
};

int RankOf(uint8_t code) { return code >> 2; }

struct TryRules {
  using Position = TryPosition;
  using Move = TryMove;
  static constexpr int kMaxMoves = 9;  // 4 heap builds, 1 deal to foundation, 4 heaps
  bool prune = true;
  const TryDeal* deal = nullptr;

  bool Won(const Position& p) const { return p.left == 0; }
  static bool Buildable(const Position& p, int r) { return p.built[static_cast<size_t>(r - 1)] > p.built[static_cast<size_t>(r)]; }

  // T3: building the card of rank r with `below` rank-r cards under it on
  // its heap is safe.
  // `from` is c's heap, or -1 for the card being dealt.
  static bool SafeBuild(const Position& p, int r, int below, int from) {
    const int br = p.built[static_cast<size_t>(r)];
    const int k = p.built[static_cast<size_t>(r - 1)] - br;
    const int m = 4 - br - 1 - below;
    if (m < k) return true;
    // T3b: no competitor can be the next rank-r card built.
    int blocked = 0;
    for (int h = 0; h < kHeaps; ++h) {
      if (h == from) continue;
      bool stuck = false;
      for (int i = p.len[static_cast<size_t>(h)] - 1; i >= 0; --i) {
        const int a = RankOf(p.heap[static_cast<size_t>(h)][static_cast<size_t>(i)]);
        if (a == r) blocked += stuck;
        if (a > r && p.built[static_cast<size_t>(a)] == br) stuck = true;
      }
    }
    return blocked == m;
  }
  static int BelowOfRank(const Position& p, int h, int r) {
    int n = 0;
    const auto& heap = p.heap[static_cast<size_t>(h)];
    for (int i = 0; i + 1 < p.len[static_cast<size_t>(h)]; ++i) n += RankOf(heap[static_cast<size_t>(i)]) == r;
    return n;
  }
  static bool SameHeap(const Position& p, int a, int b) {
    if (p.len[static_cast<size_t>(a)] != p.len[static_cast<size_t>(b)]) return false;
    for (int i = 0; i < p.len[static_cast<size_t>(a)]; ++i)
      if (RankOf(p.heap[static_cast<size_t>(a)][static_cast<size_t>(i)]) != RankOf(p.heap[static_cast<size_t>(b)][static_cast<size_t>(i)])) return false;
    return true;
  }

  int Moves(const Position& p, Move* out) const { return Moves(p, out, false, nullptr); }
  // With builds_only, the moves to a foundation only (the beam's build
  // closure needs no more); `safe` (if given) is set iff the one move
  // returned is a safe build (T3).
  int Moves(const Position& p, Move* out, bool builds_only, bool* safe) const {
    int n = 0;
    if (safe) *safe = false;
    const bool stock = p.dealt < deal->size;
    if (deal->anytime || !stock) {
      for (int h = 0; h < kHeaps; ++h) {
        if (p.len[static_cast<size_t>(h)] == 0) continue;
        const int r = RankOf(p.heap[static_cast<size_t>(h)][p.len[static_cast<size_t>(h)] - 1u]);
        if (!Buildable(p, r)) continue;
        if (prune && SafeBuild(p, r, BelowOfRank(p, h, r), h)) {
          out[0] = {Kind::kBuildHeap, static_cast<uint8_t>(h)};
          if (safe) *safe = true;
          return 1;
        }
        out[n++] = {Kind::kBuildHeap, static_cast<uint8_t>(h)};
      }
      if (stock && Buildable(p, RankOf(deal->order[p.dealt]))) {
        if (prune && SafeBuild(p, RankOf(deal->order[p.dealt]), 0, -1)) {
          out[0] = {Kind::kDealToFoundation, 0};
          return 1;
        }
        out[n++] = {Kind::kDealToFoundation, 0};
      }
    }
    if (!stock || builds_only) return n;
    // Places for the dealt card, best first: on a higher card (the closest
    // first), then an empty heap, then on a lower card (the closest first).
    const int r = RankOf(deal->order[p.dealt]);
    std::array<int, kHeaps> score{}, idx{};
    int m = 0;
    for (int h = 0; h < kHeaps; ++h) {
      if (prune) {
        bool twin = false;
        for (int g = 0; g < h && !twin; ++g) twin = SameHeap(p, g, h);
        if (twin) continue;
      }
      const int len = p.len[static_cast<size_t>(h)];
      const int top = len ? RankOf(p.heap[static_cast<size_t>(h)][static_cast<size_t>(len - 1)]) : 0;
      const int s = top > r ? top : top == 0 ? 20 : 40 - top;
      int i = m++;
      while (i > 0 && score[static_cast<size_t>(i - 1)] > s) {
        score[static_cast<size_t>(i)] = score[static_cast<size_t>(i - 1)];
        idx[static_cast<size_t>(i)] = idx[static_cast<size_t>(i - 1)];
        --i;
      }
      score[static_cast<size_t>(i)] = s;
      idx[static_cast<size_t>(i)] = h;
    }
    for (int i = 0; i < m; ++i) out[n++] = {Kind::kDealToHeap, static_cast<uint8_t>(idx[static_cast<size_t>(i)])};
    return n;
  }

  void Settle(Position& p) const {
    while (p.dealt < deal->size && RankOf(deal->order[p.dealt]) == kAce) {
      ++p.built[1];
      ++p.dealt;
      --p.left;
    }
  }

  void Apply(Position& p, Move m) const {
    switch (m.kind) {
      case Kind::kBuildHeap: {
        const uint8_t c = p.heap[m.heap][--p.len[m.heap]];
        ++p.built[static_cast<size_t>(RankOf(c))];
        --p.left;
        break;
      }
      case Kind::kDealToFoundation:
        ++p.built[static_cast<size_t>(RankOf(deal->order[p.dealt++]))];
        --p.left;
        break;
      case Kind::kDealToHeap:
        p.heap[m.heap][p.len[m.heap]++] = deal->order[p.dealt++];
        break;
    }
    Settle(p);
  }

  // T1. With prune: the rank form when the heaps hold at most 26 cards
  // (a 1 marker, 6 bits of `dealt`, 4 bits per rank and a 0 after each
  // heap: at most 127 bits, bit 127 clear), else the exact form with the
  // heaps sorted and bit 127 set. Without prune: the exact form, heaps as
  // numbered. The exact form: digit per card (0 off the heaps, 1+heap),
  // base 5 (5^52 < 2^121), times 64, plus `dealt`: below 2^127.
  static constexpr std::array<uint64_t, 26> kPow5 = [] {  // 5^0 .. 5^25
    std::array<uint64_t, 26> t{};
    t[0] = 1;
    for (size_t i = 1; i < 26; ++i) t[i] = t[i - 1] * 5;
    return t;
  }();
  Key128 KeyOf(const Position& p) const {
    int total = 0;
    for (uint8_t l : p.len) total += l;
    if (prune && total <= 26) return RankKey(p);
    std::array<int, kHeaps> label = {1, 2, 3, 4};
    if (prune) {
      std::array<int, kHeaps> h = {0, 1, 2, 3};
      auto bottom = [&](int i) { return p.len[static_cast<size_t>(i)] ? p.heap[static_cast<size_t>(i)][0] : 255; };
      std::sort(h.begin(), h.end(), [&](int a, int b) { return bottom(a) < bottom(b); });
      for (int i = 0; i < kHeaps; ++i) label[static_cast<size_t>(h[static_cast<size_t>(i)])] = i + 1;
    }
    // Two base-5 halves of 26 digits in 64-bit words (5^26 < 2^61), joined:
    // lo = sum of digit[i] 5^i over cards i < 26, hi the same over the
    // others with i - 26 (cards off the heaps have digit 0).
    uint64_t lo = 0, hi = 0;
    for (int h = 0; h < kHeaps; ++h) {
      const uint64_t d = static_cast<uint64_t>(label[static_cast<size_t>(h)]);
      for (int i = 0; i < p.len[static_cast<size_t>(h)]; ++i) {
        const int c = Card::FromCode(p.heap[static_cast<size_t>(h)][static_cast<size_t>(i)]).index();
        if (c < 26) lo += d * kPow5[static_cast<size_t>(c)];
        else hi += d * kPow5[static_cast<size_t>(c - 26)];
      }
    }
    constexpr uint64_t pow26 = kPow5[25] * 5;
    U128 v = U128{hi} * pow26 + lo;
    v = v * 64 + p.dealt;
    if (prune) v |= U128{1} << 127;
    return {static_cast<uint64_t>(v), static_cast<uint64_t>(v >> 64)};
  }
  static int CompareHeaps(const Position& p, int a, int b) {
    const int la = p.len[static_cast<size_t>(a)], lb = p.len[static_cast<size_t>(b)];
    for (int i = 0; i < la && i < lb; ++i) {
      const int ra = RankOf(p.heap[static_cast<size_t>(a)][static_cast<size_t>(i)]);
      const int rb = RankOf(p.heap[static_cast<size_t>(b)][static_cast<size_t>(i)]);
      if (ra != rb) return ra < rb ? -1 : 1;
    }
    return la < lb ? -1 : la > lb ? 1 : 0;
  }
  Key128 RankKey(const Position& p) const {
    std::array<int, kHeaps> h = {0, 1, 2, 3};
    for (int i = 1; i < kHeaps; ++i)
      for (int j = i; j > 0 && CompareHeaps(p, h[static_cast<size_t>(j - 1)], h[static_cast<size_t>(j)]) > 0; --j)
        std::swap(h[static_cast<size_t>(j - 1)], h[static_cast<size_t>(j)]);
    U128 v = 1;
    v = v << 6 | p.dealt;
    for (int k : h) {
      for (int i = 0; i < p.len[static_cast<size_t>(k)]; ++i)
        v = v << 4 | static_cast<unsigned>(RankOf(p.heap[static_cast<size_t>(k)][static_cast<size_t>(i)]));
      v <<= 4;
    }
    return {static_cast<uint64_t>(v), static_cast<uint64_t>(v >> 64)};
  }

  using Counts = std::array<std::array<uint8_t, 6>, 14>;  // [rank][lb]: cards with that bound
  using Bounds = std::array<std::array<uint8_t, 52>, kHeaps>;  // lb of each heap card

  // T2 on heap h: the lower bounds of its cards, added to `count` (and to
  // `lbs` if given). With z_rank > 0, a card of rank z_rank and bound z_lb
  // is taken to lie just above the card at index `at` (T4). Returns false
  // iff some bound exceeds 4.
  static bool HeapBounds(const Position& p, int h, Counts& count, std::array<uint8_t, 52>* lbs,
                         int at = -1, int z_rank = 0, int z_lb = 0) {
    const size_t hs = static_cast<size_t>(h);
    std::array<uint8_t, 14> above{};  // above[r]: max lb of the cards above with rank >= r
    for (int i = p.len[hs] - 1; i >= 0; --i) {
      if (i == at)
        for (int r = z_rank; r >= 1 && above[static_cast<size_t>(r)] < z_lb; --r) above[static_cast<size_t>(r)] = static_cast<uint8_t>(z_lb);
      const int a = RankOf(p.heap[hs][static_cast<size_t>(i)]);
      const int lb = std::max<int>(p.built[static_cast<size_t>(a)], above[static_cast<size_t>(a)]) + 1;
      if (lb > 4) return false;
      ++count[static_cast<size_t>(a)][static_cast<size_t>(lb)];
      if (lbs) (*lbs)[static_cast<size_t>(i)] = static_cast<uint8_t>(lb);
      for (int r = a; r >= 1 && above[static_cast<size_t>(r)] < lb; --r) above[static_cast<size_t>(r)] = static_cast<uint8_t>(lb);
    }
    return true;
  }
  // Hall's condition for intervals [lb, 4], rank by rank (ranks 2 to
  // max_rank).
  static bool Hall(const Counts& count, int max_rank = 13) {
    for (int a = 2; a <= max_rank; ++a) {
      int at_least = 0;
      for (int t = 4; t >= 2; --t) {
        at_least += count[static_cast<size_t>(a)][static_cast<size_t>(t)];
        if (at_least > 5 - t) return false;
      }
    }
    return true;
  }

  // T2: lower bounds on ordinals, down each heap, then Hall's condition;
  // T4: the same with a card still to come put on each heap in turn.
  bool Dead(const Position& p) const {
    std::array<Counts, kHeaps> heap_count{};
    Bounds lbs;
    Counts count{};
    for (int h = 0; h < kHeaps; ++h) {
      if (!HeapBounds(p, h, heap_count[static_cast<size_t>(h)], &lbs[static_cast<size_t>(h)])) return true;
      for (size_t a = 0; a < 14; ++a)
        for (size_t t = 0; t < 6; ++t) count[a][t] = static_cast<uint8_t>(count[a][t] + heap_count[static_cast<size_t>(h)][a][t]);
    }
    if (!Hall(count)) return true;
    return FutureDead(p, heap_count, lbs, count);
  }

  // T4 (see the top of the file): the first card still to come of each rank,
  // when it cannot be built as it comes, must land on a heap; if on every
  // heap it lies above a card still there whose bound then breaks T2, the
  // position is dead.
  bool FutureDead(const Position& p, const std::array<Counts, kHeaps>& heap_count, const Bounds& lbs,
                  const Counts& count) const {
    // The relaxed closure (T4): cnt[r] counts rank-r cards built, taken off
    // the heaps, or come from the pack and then built, where a card of rank
    // r may go when chain(r-1) >= its bound and chain(r) = min(chain(r-1),
    // cnt[r]). top[h]: the cards of heap h at index < top[h] are still there.
    std::array<int, 14> cnt{}, waiting{};  // waiting: dealt cards not yet counted
    for (size_t r = 0; r < 14; ++r) cnt[r] = p.built[r];
    std::array<int, kHeaps> top{};
    for (int h = 0; h < kHeaps; ++h) top[static_cast<size_t>(h)] = p.len[static_cast<size_t>(h)];
    std::array<int, 14> chain{};
    auto close = [&] {
      for (bool changed = true; changed;) {
        changed = false;
        chain[0] = 4;
        for (size_t r = 1; r < 14; ++r) chain[r] = std::min(chain[r - 1], cnt[r]);
        for (size_t r = 2; r < 14; ++r)
          if (waiting[r] && chain[r - 1] > p.built[r]) {
            cnt[r] += waiting[r];
            waiting[r] = 0;
            changed = true;
          }
        for (int h = 0; h < kHeaps; ++h) {
          const size_t hs = static_cast<size_t>(h);
          while (top[hs] > 0) {
            const int i = top[hs] - 1;
            const int a = RankOf(p.heap[hs][static_cast<size_t>(i)]);
            if (chain[static_cast<size_t>(a - 1)] < lbs[hs][static_cast<size_t>(i)]) break;
            ++cnt[static_cast<size_t>(a)];
            --top[hs];
            changed = true;
            for (size_t r = static_cast<size_t>(a); r < 14; ++r) chain[r] = std::min(chain[r - 1], cnt[r]);
          }
        }
      }
    };
    close();
    uint16_t seen = 0;
    for (int j = p.dealt; j < deal->size; ++j) {
      const int c = RankOf(deal->order[static_cast<size_t>(j)]);
      if (c != kAce && !(seen >> c & 1)) {
        seen = static_cast<uint16_t>(seen | 1u << c);
        const int bc = p.built[static_cast<size_t>(c)];
        const bool forced = !deal->anytime || chain[static_cast<size_t>(c - 1)] <= bc;
        if (forced) {
          bool everywhere = true;
          for (int h = 0; h < kHeaps && everywhere; ++h) {
            const size_t hs = static_cast<size_t>(h);
            if (top[hs] == 0) {
              everywhere = false;
              break;
            }
            Counts alt{};
            if (!HeapBounds(p, h, alt, nullptr, top[hs] - 1, c, bc + 1)) continue;  // fatal here
            // z changes only the bounds of ranks <= c (HeapBounds raises
            // above[r] only for r <= the rank of the card it passes), and
            // `count` meets Hall's condition (Dead() checked it), so only
            // ranks 2..c need the test.
            Counts total;
            for (size_t a = 2; a <= static_cast<size_t>(c); ++a)
              for (size_t t = 0; t < 6; ++t)
                total[a][t] = static_cast<uint8_t>(count[a][t] - heap_count[hs][a][t] + alt[a][t]);
            if (Hall(total, c)) everywhere = false;
          }
          if (everywhere) return true;
        }
      }
      // Every rank has had its first card: nothing more to test.
      if (seen == 0x3FFC) break;
      // The closure is a fixed point with `chain` up to date; a dealt card
      // that cannot go yet (chain(c-1) <= b[c]) changes nothing, so the
      // closure is rerun only for an ace or a card that goes at once.
      if (c == kAce) {
        ++cnt[1];
        close();
      } else {
        ++waiting[static_cast<size_t>(c)];
        if (chain[static_cast<size_t>(c - 1)] > p.built[static_cast<size_t>(c)]) close();
      }
    }
    return false;
  }


};


// ---------------------------------------------------------------------------
// The probe: randomized greedy playouts that look for a win before the
// complete search. A playout builds every buildable card at once, deals a card
// that fits straight to a foundation, and puts any other card on the heap
// that the placing rule of Moves() likes best (on the closest higher card,
// else an empty heap, else on the closest lower card), except that one card
// in ten goes to a heap picked at random. Playouts are seeded from their
// number, so the probe is deterministic. It only ever returns legal lines
// (every move is one Moves() could offer without pruning), and a line it
// returns is replayed through the checker like any other; it never decides
// "unsolvable".
constexpr uint64_t kFinderNodes = 16'000'000;  // the win-finders' nodes without a node limit
constexpr int kProbeEighths = 7;               // the win-finders' share of a node or time limit
constexpr uint64_t kProbeFirstChunk = 250'000;  // the probe's first turn (moves)
constexpr uint64_t kFirstNodes = 50'000;     // the first complete search
constexpr int kProbeMinPack = 30;            // cards still to deal for the probe to run
constexpr int kAllToFindersPack = 40;        // from this many cards to deal, phase 3 gets only leftovers

struct Probe {
  const TryRules& rules;
  uint64_t steps = 0;  // moves played, counted as nodes
  bool wild_cards = true;  // false: no card goes to a random heap
  uint64_t limit = ~uint64_t{0};  // a playout stops (lost) when steps reaches it
  int last_left = 52;      // cards not built when the last playout ended

  // One playout from `start`, appending its moves to `line`. Returns true iff won.
  bool Playout(const TryPosition& start, SplitMix64& rng, std::vector<TryMove>& line) {
    TryPosition p = start;
    const TryDeal& d = *rules.deal;
    line.clear();
    auto play = [&](TryMove m) {
      rules.Apply(p, m);
      line.push_back(m);
      ++steps;
    };
    for (;;) {
      const bool stock = p.dealt < d.size;
      if (d.anytime || !stock) {
        bool built = true;
        while (built) {
          built = false;
          const int first = static_cast<int>(rng.Below(kHeaps));
          for (int i = 0; i < kHeaps && steps < limit; ++i) {
            const int h = (first + i) % kHeaps;
            const size_t hs = static_cast<size_t>(h);
            if (p.len[hs] == 0) continue;
            if (!TryRules::Buildable(p, RankOf(p.heap[hs][p.len[hs] - 1u]))) continue;
            play({Kind::kBuildHeap, static_cast<uint8_t>(h)});
            built = true;
          }
        }
      }
      if (p.dealt >= d.size || steps >= limit) {
        last_left = p.left;
        return rules.Won(p);
      }
      const int r = RankOf(d.order[p.dealt]);
      if (d.anytime && TryRules::Buildable(p, r)) {
        play({Kind::kDealToFoundation, 0});
        continue;
      }
      // Heaps where the card would break T2 at once are never chosen. The
      // T2 counts are needed only to put the card on a lower top, so they
      // are made only then (most cards find a higher top or an empty heap,
      // which rank first and need no test).
      std::array<TryRules::Counts, kHeaps> heap_count;
      TryRules::Counts count;
      bool counted = false;
      auto count_heaps = [&] {
        heap_count = {};
        count = {};
        for (int h = 0; h < kHeaps; ++h) {
          TryRules::HeapBounds(p, h, heap_count[static_cast<size_t>(h)], nullptr);
          for (size_t a = 0; a < 14; ++a)
            for (size_t t = 0; t < 6; ++t) count[a][t] = static_cast<uint8_t>(count[a][t] + heap_count[static_cast<size_t>(h)][a][t]);
        }
        counted = true;
      };
      // The heaps by score, lowest first (ties: lowest number), then the
      // first one that passes the T2 test: the same heap as scanning all.
      const bool wild = wild_cards && rng.Below(10) == 0;
      std::array<int, kHeaps> score{}, by_score{};
      for (int h = 0; h < kHeaps; ++h) {
        const size_t hs = static_cast<size_t>(h);
        const int top = p.len[hs] ? RankOf(p.heap[hs][p.len[hs] - 1u]) : 0;
        score[hs] = top > r ? top - r : top == 0 ? 20 : 40 + r - top;
        if (wild) score[hs] = static_cast<int>(rng.Below(60));
        int i = h;
        for (; i > 0 && score[static_cast<size_t>(by_score[static_cast<size_t>(i - 1)])] > score[hs]; --i)
          by_score[static_cast<size_t>(i)] = by_score[static_cast<size_t>(i - 1)];
        by_score[static_cast<size_t>(i)] = h;
      }
      int best = -1;
      for (const int h : by_score) {
        const size_t hs = static_cast<size_t>(h);
        const int top = p.len[hs] ? RankOf(p.heap[hs][p.len[hs] - 1u]) : 0;
        if (top != 0 && top <= r) {
          if (!counted) count_heaps();
          TryRules::Counts alt{};
          if (!TryRules::HeapBounds(p, h, alt, nullptr, p.len[hs] - 1, r, p.built[static_cast<size_t>(r)] + 1)) continue;
          TryRules::Counts total = count;
          for (size_t a = 0; a < 14; ++a)
            for (size_t t = 0; t < 6; ++t) total[a][t] = static_cast<uint8_t>(total[a][t] - heap_count[hs][a][t] + alt[a][t]);
          if (!TryRules::Hall(total)) continue;
        }
        best = h;
        break;
      }
      if (best < 0) {
        last_left = p.left;
        return false;
      }
      play({Kind::kDealToHeap, static_cast<uint8_t>(best)});
    }
  }
};

// ---------------------------------------------------------------------------
// The beam: a deterministic win-finder run before the complete search (phase
// 2). It is not a pruning rule: it only ever returns a line that reached a
// won position by Apply() (every move one that Moves() offered, so legal),
// and that line is replayed by the checker like the search's; it never
// decides "unsolvable".
//
// A layer holds positions after the same number of deals. A child of a
// position is: one of the deal moves Moves() offers (to a heap, or straight
// to a foundation), then any sequence of heap builds that Moves() offers
// after it (the build closure, explored depth-first with a visited set, at
// most kClosureCap positions; a position where Moves() offers one safe
// build (T3) is not kept itself, only the position after that build, as in
// the complete search). Children are ranked by Score() (ties by key, so the
// order never depends on anything but the deal); equal keys (T1) are kept
// once, dead ones (T2/T4, tested in rank order only until the layer is
// full) are dropped, and the best `width` form the next layer. Dropping
// dead children cannot lose a win (Dead() is sound), and would not matter
// for soundness anyway: only a line reaching Won() is ever returned.
//
// Score(): fewer cards on the heaps (all positions of a layer have dealt
// the same cards, so: more built), fewer pairs "a card above one of lower
// or equal rank" (T2's constraint), less T2 excess (a card's lower bound
// on its ordinal above the least it could be), more empty heaps, and fewer
// misfits among the next 10 cards (placed greedily, a card that finds
// neither a foundation, a higher top nor an empty heap). With `pilot`, a
// deterministic greedy playout (the probe's placing rule, no random heaps)
// is run from each child: a won playout ends the search (its moves are
// appended to the line), else `pilot` times the cards it built is added to
// the score. FindWin() runs it with several scores and widths doubling;
// every position made (every Apply(), playout moves too) counts as a node.
// A run that never had to drop a child for lack of room (nor cap a closure)
// is not widened further: a wider run would keep the same positions.
//
// Diversity. On the hard deals (most aces late: 30-40 cards on the heaps
// before much can be built) a plain beam soon fills with near twins: its
// positions share all their early choices, and a wider run ranks the same
// way, so widening gains little. Two measures, each worth several deals
// (see the rules page): a seeded jitter in [0, 100) is added to every
// child's score (at most one card's weight; the seed differs for every run,
// so successive runs rank near-equal positions differently), and a layer
// first takes each parent's best child, then fills up with the others.
// Neither touches soundness (only a line reaching Won() is returned) or
// determinism (the jitter is a hash of the key and the run's seed).
constexpr size_t kBeamFirstWidth = 256;  // the beam with the static score
constexpr size_t kPilotFirstWidth = 16;  // the beam scored by playouts
constexpr size_t kBeamMaxWidth = size_t{1} << 16;
constexpr int kClosureCap = 256;     // positions per build closure while dealing
constexpr int kEndClosureCap = 20000;  // ... once the pack is dealt

struct Beam {
  explicit Beam(const TryRules& r) : rules(r), probe{r} { probe.wild_cards = false; }
  const TryRules& rules;
  Probe probe;
  bool diverse = false;      // jitter and each parent's best first (see "Diversity")
  uint64_t jitter_seed = 0;  // this run's seed for Jitter()
  std::vector<uint32_t> later;   // WithoutTwins()'s buffers
  std::vector<uint8_t> has_child;
  int64_t pilot = 0;  // weight of the greedy playout's cards built in the score
  std::vector<TryMove> playout;
  uint64_t nodes = 0;   // Apply() calls, counted as nodes
  uint64_t budget = 0;  // stop when nodes reaches it
  bool exhausted = false;  // the budget ran out (or stop() said so)
  const std::function<bool()>* stop = nullptr;  // checked every few thousand nodes
  uint64_t next_check = 0;
  bool truncated = false;  // the last run dropped a child for lack of room or capped a closure

  // Whether n more nodes fit the budget; if not, marks the run exhausted.
  bool Afford(uint64_t n) {
    if (nodes + n <= budget) return true;
    exhausted = true;
    return false;
  }
  // The score's weights (tuned on hard deals), and how many cards to come
  // the misfit count looks at.
  static constexpr int64_t kPerCardOnHeaps = 100, kPerBlockedPair = 10, kPerExcess = 20,
                           kPerEmptyHeap = 30, kPerMisfit = 60;
  static constexpr int kMisfitLookahead = 10;
  static constexpr uint64_t kJitter = 100;  // a card on the heaps weighs kPerCardOnHeaps = 100

  struct Cand {  // a child: its position is its parent's after the moves
    Key128 key;
    int64_t score;
    uint32_t parent, first, count;  // moves: pool[first, first+count)
  };
  struct Node {
    uint32_t parent, first, count;  // moves: layer pool
  };
  std::vector<TryPosition> cur, next;  // the positions of the last layer
  std::vector<Cand> cands;
  std::vector<TryMove> pool, path;
  std::vector<Key128> visited;
  std::vector<std::vector<Node>> layers;
  std::vector<std::vector<TryMove>> layer_moves;
  bool won = false;
  uint32_t won_parent = 0;
  std::vector<TryMove> won_path;

  // kRanksUpTo[a]: a one in bytes 1..a of a 16-byte pair of words (Score()).
  static constexpr std::array<std::array<uint64_t, 2>, 14> kRanksUpTo = [] {
    std::array<std::array<uint64_t, 2>, 14> t{};
    for (size_t a = 1; a < 14; ++a) {
      t[a] = t[a - 1];
      t[a][a >> 3] += uint64_t{1} << (8 * (a & 7));
    }
    return t;
  }();

  // Higher is better. Positions of a layer have the same cards dealt, so
  // fewer cards on the heaps means more built. Blocked pairs: a card above
  // one of lower or equal rank (T2's constraint). Excess: T2's lower bound
  // on a card's ordinal above the least it could be.
  int64_t Score(const TryPosition& p) const {
    int64_t cards = 0, empty = 0, pairs = 0, excess = 0;
    for (int h = 0; h < kHeaps; ++h) {
      const size_t hs = static_cast<size_t>(h);
      const int len = p.len[hs];
      cards += len;
      if (len == 0) {
        ++empty;
        continue;
      }
      // Byte r of `geq` (r = 1..13; ranks 0-7 in the low word, 8-15 in
      // the high one): the cards above with rank >= r, so a card's pairs
      // are one byte and adding a card is two additions (at most 51 cards
      // above: a byte never carries).
      std::array<uint64_t, 2> geq{};
      std::array<int, 14> maxlb{};   // as HeapBounds
      for (int i = len - 1; i >= 0; --i) {
        const int a = RankOf(p.heap[hs][static_cast<size_t>(i)]);
        pairs += static_cast<int64_t>(geq[static_cast<size_t>(a >> 3)] >> (8 * (a & 7)) & 0xFF);
        geq[0] += kRanksUpTo[static_cast<size_t>(a)][0];
        geq[1] += kRanksUpTo[static_cast<size_t>(a)][1];
        const int lb = std::max<int>(p.built[static_cast<size_t>(a)], maxlb[static_cast<size_t>(a)]) + 1;
        excess += lb - p.built[static_cast<size_t>(a)] - 1;
        for (int r = a; r >= 1 && maxlb[static_cast<size_t>(r)] < lb; --r) maxlb[static_cast<size_t>(r)] = lb;
      }
    }
    // Misfits: the next cards to come, placed greedily (built if they fit a
    // foundation, else on the heap with the lowest higher top), that find
    // no higher top and no empty heap.
    int64_t misfit = 0;
    {
      std::array<int, kHeaps> top{};
      for (int h = 0; h < kHeaps; ++h)
        top[static_cast<size_t>(h)] = p.len[static_cast<size_t>(h)] ? RankOf(p.heap[static_cast<size_t>(h)][p.len[static_cast<size_t>(h)] - 1u]) : 14;
      std::array<uint8_t, 14> b = p.built;
      int seen = 0;
      for (int j = p.dealt; j < rules.deal->size && seen < kMisfitLookahead; ++j) {
        const int c = RankOf(rules.deal->order[static_cast<size_t>(j)]);
        if (c == kAce) {
          ++b[1];
          continue;
        }
        ++seen;
        if (rules.deal->anytime && b[static_cast<size_t>(c - 1)] > b[static_cast<size_t>(c)]) {
          ++b[static_cast<size_t>(c)];
          continue;
        }
        int best = -1;
        for (int h = 0; h < kHeaps; ++h)
          if (top[static_cast<size_t>(h)] > c && (best < 0 || top[static_cast<size_t>(h)] < top[static_cast<size_t>(best)])) best = h;
        if (best < 0) {
          ++misfit;
          for (int h = 0; h < kHeaps; ++h)
            if (best < 0 || top[static_cast<size_t>(h)] > top[static_cast<size_t>(best)]) best = h;
        }
        top[static_cast<size_t>(best)] = c;
      }
    }
    return -(kPerCardOnHeaps * cards + kPerBlockedPair * pairs + kPerExcess * excess + kPerMisfit * misfit) +
           kPerEmptyHeap * empty;
  }

  // A seeded jitter in [0, kJitter) added to a child's score (see
  // "Diversity" above): a pure function of the key and the run's seed.
  int64_t Jitter(Key128 key) const {
    if (!diverse) return 0;
    return static_cast<int64_t>(HashKey(Key128{key.lo ^ jitter_seed, key.hi}) % kJitter);
  }

  // The build closure of s (see above), adding the children to `cands`.
  // Returns true on a win (won_path set).
  bool Closure(const TryPosition& s, uint32_t parent, int cap) {
    if (nodes >= budget) {
      exhausted = true;
      return false;
    }
    if (stop && nodes >= next_check) {
      next_check = nodes + 4096;
      if ((*stop)()) {
        exhausted = true;
        return false;
      }
    }
    const Key128 key = rules.KeyOf(s);
    if (std::find(visited.begin(), visited.end(), key) != visited.end()) return false;
    if (static_cast<int>(visited.size()) >= cap) {
      truncated = true;
      return false;
    }
    visited.push_back(key);
    if (rules.Won(s)) {
      won = true;
      won_parent = parent;
      won_path = path;
      return true;
    }
    TryMove ms[TryRules::kMaxMoves];
    bool safe_build = false;
    const int n = rules.Moves(s, ms, true, &safe_build);
    const bool stock = s.dealt < rules.deal->size;
    const bool safe = stock && safe_build;
    if (stock && !safe) {
      int64_t score = Score(s);
      if (pilot) {
        SplitMix64 rng(1);
        const uint64_t before = probe.steps;
        probe.limit = before + (budget - nodes);
        const bool w = probe.Playout(s, rng, playout);
        nodes += probe.steps - before;
        if (w) {
          won = true;
          won_parent = parent;
          won_path = path;
          won_path.insert(won_path.end(), playout.begin(), playout.end());
          return true;
        }
        score += pilot * (52 - probe.last_left);
      }
      score += Jitter(key);
      cands.push_back(Cand{key, score, parent, static_cast<uint32_t>(pool.size()),
                           static_cast<uint32_t>(path.size())});
      pool.insert(pool.end(), path.begin(), path.end());
    }
    for (int i = 0; i < n; ++i) {
      if (ms[i].kind != Kind::kBuildHeap) continue;
      if (!Afford(1)) return false;
      TryPosition t = s;
      rules.Apply(t, ms[i]);
      ++nodes;
      path.push_back(ms[i]);
      const bool w = Closure(t, parent, cap);
      path.pop_back();
      if (w) return true;
      if (exhausted) return false;
    }
    return false;
  }

  // `order`: the children by score (higher first), then key, then index: a
  // total order, so the ranking does not depend on the sort. Sorted as
  // compact copies (no indirection in the comparisons).
  struct Ranked {
    int64_t score;
    uint64_t hi, lo;
    uint32_t index;
  };
  std::vector<Ranked> ranked;
  std::vector<uint32_t> order;
  void RankChildren() {
    ranked.resize(cands.size());
    for (uint32_t i = 0; i < cands.size(); ++i) ranked[i] = Ranked{cands[i].score, cands[i].key.hi, cands[i].key.lo, i};
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& x, const Ranked& y) {
      if (x.score != y.score) return x.score > y.score;
      if (x.hi != y.hi) return x.hi < y.hi;
      if (x.lo != y.lo) return x.lo < y.lo;
      return x.index < y.index;
    });
    order.resize(ranked.size());
    for (size_t k = 0; k < ranked.size(); ++k) order[k] = ranked[k].index;
  }

  // `order` without T1 twins (equal keys have equal scores and
  // jitters, so they are adjacent; the first is kept); with `diverse`, each
  // parent's best child first, then the others, each part in rank order.
  void WithoutTwins() {
    has_child.assign(std::max<size_t>(cur.size(), 1), 0);
    later.clear();
    size_t n = 0;
    Key128 prev = kEmptyKey;
    for (size_t k = 0; k < order.size(); ++k) {
      const uint32_t i = order[k];
      const Cand& c = cands[i];
      if (k > 0 && c.key == prev) continue;
      prev = c.key;
      if (diverse && has_child[c.parent]) {
        later.push_back(i);
      } else {
        has_child[c.parent] = 1;
        order[n++] = i;
      }
    }
    order.resize(n);
    order.insert(order.end(), later.begin(), later.end());
  }

  // One run at `width`. Returns true with the winning line.
  bool Run(const TryPosition& start, size_t width, std::vector<TryMove>& line) {
    truncated = false;
    won = false;
    layers.clear();
    layer_moves.clear();
    cands.clear();
    pool.clear();
    path.clear();
    visited.clear();
    cur.clear();
    next.clear();
    auto finish = [&] {
      line.clear();
      std::vector<TryMove> tail = won_path;
      uint32_t at = won_parent;
      for (size_t l = layers.size(); l-- > 0;) {
        const Node& nd = layers[l][at];
        std::vector<TryMove> seg(layer_moves[l].begin() + nd.first, layer_moves[l].begin() + nd.first + nd.count);
        tail.insert(tail.begin(), seg.begin(), seg.end());
        at = nd.parent;
      }
      line = std::move(tail);
      return true;
    };
    const int start_cap = start.dealt < rules.deal->size ? kClosureCap : kEndClosureCap;
    if (Closure(start, 0, start_cap)) return finish();
    for (;;) {
      if (exhausted || cands.empty()) return false;
      // The best `width` distinct children: by score, then key (equal keys
      // have equal scores, so they are adjacent).
      RankChildren();
      layers.emplace_back();
      layer_moves.emplace_back();
      std::vector<Node>& layer = layers.back();
      std::vector<TryMove>& moves = layer_moves.back();
      WithoutTwins();
      for (size_t k = 0; k < order.size(); ++k) {
        const Cand& c = cands[order[k]];
        if (layer.size() == width) {
          truncated = true;
          break;
        }
        if (!Afford(c.count)) return false;
        TryPosition q = layers.size() == 1 ? start : cur[c.parent];
        for (uint32_t m = c.first; m < c.first + c.count; ++m) rules.Apply(q, pool[m]);
        nodes += c.count;
        if (rules.Dead(q)) continue;  // T2/T4, tested only on the children that would be kept
        layer.push_back(Node{c.parent, static_cast<uint32_t>(moves.size()), c.count});
        moves.insert(moves.end(), pool.begin() + c.first, pool.begin() + c.first + c.count);
        next.push_back(q);
      }
      std::swap(cur, next);
      next.clear();
      cands.clear();
      pool.clear();
      for (uint32_t i = 0; i < layer.size(); ++i) {
        const TryPosition& p = cur[i];
        TryMove ms[TryRules::kMaxMoves];
        const int n = rules.Moves(p, ms);
        for (int j = 0; j < n; ++j) {
          if (ms[j].kind == Kind::kBuildHeap) continue;
          if (!Afford(1)) return false;
          TryPosition q = p;
          rules.Apply(q, ms[j]);
          ++nodes;
          path.assign(1, ms[j]);
          visited.clear();
          if (Closure(q, i, q.dealt < rules.deal->size ? kClosureCap : kEndClosureCap)) return finish();
          if (exhausted) return false;
        }
      }
    }
  }
};

// ---------------------------------------------------------------------------

class TryAgain final : public Game {
 public:
  std::string_view id() const override { return "try-again"; }
  std::string_view title() const override { return "Try Again"; }
  std::string_view summary() const override {
    return "Deal the pack one card at a time onto any of four heaps, as you choose, or straight "
           "to a foundation. Each ace goes out at once to start a foundation, built up by one "
           "regardless of suit (A, 2, 3, ... K). The top cards of the heaps may be built at any "
           "time (option build=after-deal: only once the whole pack is dealt). You win when all "
           "52 cards are built.";
  }
  std::vector<OptionSpec> option_specs() const override {
    return {OptionSpec{"build", std::string("anytime"),
                       {std::string("anytime"), std::string("after-deal")}, 0,
                       "anytime: heap tops and the dealt card may be built at any time; "
                       "after-deal: building starts when the whole pack is dealt"}};
  }
  std::vector<Area> areas() const override { return {Area::kTableau, Area::kStock, Area::kFoundations}; }

  // The whole pack is the stock, deck[0] dealt first (listed last); four empty heaps.
  Areas DealCards(std::span<const Card> deck, const Options&) const override {
    assert(deck.size() == 52);
    Areas a;
    a.tableau.assign(kHeaps, Pile{});
    a.stock.assign(deck.rbegin(), deck.rend());
    return a;
  }

  // PySolFC's Numerica (also named Try Again there) deals nothing before
  // play: its talon is this game's pack, top card first (docs/pysol.md).
  Expected<std::vector<Card>> PysolDeck(std::span<const Card> dealt, const Options&) const override {
    return std::vector<Card>(dealt.begin(), dealt.end());
  }

  // A shuffled deal has four empty heaps and the whole pack; a hand-made one
  // may start later in the game: cards on the heaps (no aces: they go out
  // at once) and foundations built A, 2, 3, ... regardless of suit.
  Status CheckShape(const Areas& areas, const Options&) const override {
    if (areas.tableau.size() != kHeaps)
      return Status::BadInput("areas.tableau: try-again has 4 heaps, not " + std::to_string(areas.tableau.size()) +
                              " (write [[],[],[],[]] for four empty heaps)");
    for (size_t h = 0; h < areas.tableau.size(); ++h)
      for (Card c : areas.tableau[h])
        if (c.rank() == kAce)
          return Status::BadInput("areas.tableau[" + std::to_string(h + 1) + "]: " + CardName(c) +
                                  " cannot lie on a heap: an ace goes out at once to start a foundation");
    if (areas.foundations.size() > kFoundations)
      return Status::BadInput("areas.foundations: try-again has at most 4 foundations, not " +
                              std::to_string(areas.foundations.size()));
    for (size_t f = 0; f < areas.foundations.size(); ++f)
      for (size_t i = 0; i < areas.foundations[f].size(); ++i)
        if (areas.foundations[f][i].rank() != static_cast<int>(i) + 1)
          return Status::BadInput("areas.foundations[" + std::to_string(f + 1) + "]: a foundation is built A, 2, 3, ... "
                                  "regardless of suit; card " + std::to_string(i + 1) + " is " +
                                  CardName(areas.foundations[f][i]) + ", not a " + RankLabel(static_cast<int>(i) + 1));
    if (!areas.face_down.empty()) return Status::BadInput("face_down: try-again deals every card face up");
    return Status::Ok();
  }

  Table StartTable(const Deal& deal) const override {
    Table t = Game::StartTable(deal);
    t.areas.foundations.resize(kFoundations);
    Settle(t.areas);
    return t;
  }

  SolveResult SolveDeal(const Deal& deal, const SearchLimits& limits) const override {
    return SolveTryAgain(deal, limits, true);
  }

  Status Play(Table& table, const MoveSpec& move) const override {
    Areas& a = table.areas;
    if (a.tableau.size() != kHeaps || a.foundations.size() != kFoundations)
      return Status::Internal("try-again: the table was not set up by StartTable");
    if (move.from.size() != 1 || move.cards.size() != 1 || move.count > 1)
      return Status::IllegalMove("a move of Try Again takes one card from one place");
    const Place& src = move.from[0];
    const Place& dst = move.to;
    const Card card = move.cards[0];
    const bool anytime = Anytime(table.options);

    if (src.area == Area::kStock) {
      if (a.stock.empty()) return Status::IllegalMove("the pack is all dealt");
      if (a.stock.back() != card)
        return Status::IllegalMove("the next card of the pack is " + CardLabel(a.stock.back()) + ", not " + CardLabel(card));
    } else if (src.area == Area::kTableau) {
      if (src.number < 1 || src.number > kHeaps)
        return Status::IllegalMove("there is no heap " + std::to_string(src.number) + " (heaps are 1-4)");
      const Pile& heap = a.tableau[static_cast<size_t>(src.number - 1)];
      if (heap.empty()) return Status::IllegalMove("heap " + std::to_string(src.number) + " is empty (it was to show " + CardLabel(card) + ")");
      if (heap.back() != card)
        return Status::IllegalMove("heap " + std::to_string(src.number) + " shows " + CardLabel(heap.back()) + ", not " + CardLabel(card));
      if (dst.area != Area::kFoundations) return Status::IllegalMove("a card on a heap goes only to a foundation");
    } else {
      return Status::IllegalMove("cards are dealt from the pack or built from the heaps, not taken from " +
                                 std::string(AreaName(src.area)));
    }

    if (dst.area == Area::kTableau) {
      if (dst.number < 1 || dst.number > kHeaps)
        return Status::IllegalMove("there is no heap " + std::to_string(dst.number) + " (heaps are 1-4)");
      a.tableau[static_cast<size_t>(dst.number - 1)].push_back(card);
      a.stock.pop_back();
      Settle(a);
      return Status::Ok();
    }
    if (dst.area != Area::kFoundations)
      return Status::IllegalMove("cards go to a heap or a foundation, not to " + std::string(AreaName(dst.area)));
    if (!anytime && !a.stock.empty())
      return Status::IllegalMove("with build=after-deal nothing is built until the whole pack is dealt (" +
                                 std::to_string(a.stock.size()) + " cards left)");
    if (dst.number < 1 || dst.number > kFoundations)
      return Status::IllegalMove("there is no foundation " + std::to_string(dst.number) + " (foundations are 1-4)");
    Pile& f = a.foundations[static_cast<size_t>(dst.number - 1)];
    if (f.empty())
      return Status::IllegalMove("foundation " + std::to_string(dst.number) + " has not been started (an ace starts it)");
    if (f.back().rank() + 1 != card.rank())
      return Status::IllegalMove("foundation " + std::to_string(dst.number) + " shows " + CardLabel(f.back()) + "; " +
                                 CardLabel(card) + " needs a " + RankLabel(card.rank() - 1) + " on top");
    f.push_back(card);
    if (src.area == Area::kStock) a.stock.pop_back();
    else a.tableau[static_cast<size_t>(src.number - 1)].pop_back();
    Settle(a);
    return Status::Ok();
  }

  bool Won(const Table& table) const override {
    size_t built = 0;
    for (const Pile& f : table.areas.foundations) built += f.size();
    return built == 52;
  }

  // "S>2  7♥" (deal to heap 2), "S>F3  7♥" (deal to foundation 3),
  // "2>F3  7♥" (build heap 2's top on foundation 3).
  std::string FormatMove(const MoveSpec& move) const override {
    auto place = [](const Place& p) -> std::string {
      switch (p.area) {
        case Area::kTableau: return std::to_string(p.number);
        case Area::kStock: return "S";
        case Area::kFoundations: return "F" + std::to_string(p.number);
        default: return "?";
      }
    };
    std::string out = (move.from.empty() ? "?" : place(move.from[0])) + ">" + place(move.to) + " ";
    for (Card c : move.cards) out += " " + CardLabel(c);
    return out;
  }
  Expected<MoveSpec> ParseMove(std::string_view text) const override {
    const std::vector<std::string_view> words = SplitWords(text);
    if (words.size() != 2)
      return Status::BadInput("move '" + std::string(text) + "' is not FROM>TO and one card (e.g. S>2 7H)");
    auto card = ParseCard(words[1]);
    if (!card) return Status::BadInput("'" + std::string(words[1]) + "' is not a card (e.g. 7H, 10H, 7♥)");
    auto number = [](std::string_view w, int& out) {
      if (w.empty() || w.size() > 2) return false;
      out = 0;
      for (char c : w) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
      }
      return true;
    };
    auto place = [&](std::string_view w, Place& out) {
      if (w == "S" || w == "s") {
        out = {Area::kStock, 0};
        return true;
      }
      int n = 0;
      if (!w.empty() && (w[0] == 'F' || w[0] == 'f')) {
        if (!number(w.substr(1), n)) return false;
        out = {Area::kFoundations, n};
        return true;
      }
      if (!number(w, n)) return false;
      out = {Area::kTableau, n};
      return true;
    };
    const size_t gt = words[0].find('>');
    MoveSpec m;
    m.from.resize(1);
    if (gt == std::string_view::npos || !place(words[0].substr(0, gt), m.from[0]) ||
        !place(words[0].substr(gt + 1), m.to))
      return Status::BadInput("'" + std::string(words[0]) +
                              "' is not FROM>TO with S (the pack), a heap number or F and a foundation number");
    m.cards = {*card};
    return m;
  }
};

}  // namespace

const Game& TryAgainGame() {
  static const TryAgain game;
  return game;
}

namespace {

// The solver's view of a deal: the pack in dealing order and the start
// position (aces at the top of the pack already out).
struct Loaded {
  TryDeal td;
  TryRules rules;
  TryPosition start;
};
void Load(const Deal& deal, bool prune, Loaded& out) {
  TryDeal& td = out.td;
  td.anytime = Anytime(deal.options);
  const Pile& stock = deal.areas.stock;
  td.size = static_cast<int>(stock.size());
  for (size_t i = 0; i < stock.size(); ++i) td.order[i] = stock[stock.size() - 1 - i].code();
  out.rules.prune = prune;
  out.rules.deal = &td;
  TryPosition& start = out.start;
  start = TryPosition{};
  start.built[0] = 4;
  start.left = 52;
  for (const Pile& f : deal.areas.foundations)
    for (Card c : f) {
      ++start.built[static_cast<size_t>(c.rank())];
      --start.left;
    }
  for (size_t h = 0; h < kHeaps && h < deal.areas.tableau.size(); ++h)
    for (Card c : deal.areas.tableau[h]) start.heap[h][start.len[h]++] = c.code();
  out.rules.Settle(start);
}

// The winning line as MoveSpecs, played on the checker's table alongside
// (the solver's heap h is the table's heap h; a card goes to the first
// foundation one below it).
std::vector<MoveSpec> Specs(const Deal& deal, const std::vector<TryMove>& line) {
  std::vector<MoveSpec> specs;
  const Game& game = TryAgainGame();
  Table table = game.StartTable(deal);
  auto foundation_for = [&](Card c) {
    for (size_t f = 0; f < table.areas.foundations.size(); ++f) {
      const Pile& pile = table.areas.foundations[f];
      if (!pile.empty() && pile.back().rank() + 1 == c.rank()) return static_cast<int>(f) + 1;
    }
    return 0;
  };
  for (const TryMove& m : line) {
    MoveSpec spec;
    Card c;
    switch (m.kind) {
      case Kind::kBuildHeap:
        c = table.areas.tableau[m.heap].back();
        spec.from = {Place{Area::kTableau, m.heap + 1}};
        spec.to = Place{Area::kFoundations, foundation_for(c)};
        break;
      case Kind::kDealToFoundation:
        c = table.areas.stock.back();
        spec.from = {Place{Area::kStock, 0}};
        spec.to = Place{Area::kFoundations, foundation_for(c)};
        break;
      case Kind::kDealToHeap:
        c = table.areas.stock.back();
        spec.from = {Place{Area::kStock, 0}};
        spec.to = Place{Area::kTableau, m.heap + 1};
        break;
    }
    spec.cards = {c};
    Status s = game.Play(table, spec);
    assert(s.ok());
    (void)s;
    specs.push_back(std::move(spec));
  }
  return specs;
}

// Each beam run's jitter seed: a different one for every width, score and
// variant, so no run repeats another's ranking.
uint64_t JitterSeed(size_t width, int64_t pilot, int variant) {
  return width * 7919 + static_cast<uint64_t>(pilot) + static_cast<uint64_t>(variant) * 7;
}

// Phase 2, the win-finders, taking turns within `budget` nodes: the beam
// with the static score (diverse, three jitter seeds per width; widths 256,
// 512, ...), the beam scored by greedy playouts (two weights; widths 16,
// 32, ...) and the randomized probe (playouts numbered 0, 1, 2, ..., in
// chunks of 250,000, 500,000, ... moves). Each turn doubles that finder's
// share. Different finders win different deals (see the rules page).
// Deterministic: only `stop` (the time limit or a cancel) depends on the
// clock. Returns true with a winning line; `spent` gets the nodes used.
bool FindWin(const TryRules& rules, const TryPosition& start, uint64_t budget, const std::function<bool()>& stop,
             std::vector<TryMove>& line, uint64_t& spent) {
  Beam beam(rules);
  beam.stop = &stop;
  Probe probe{rules};
  uint64_t playout = 0, chunk = kProbeFirstChunk;
  struct Config {
    int64_t pilot;
    size_t width;
    bool done;
    int variant;
  };
  // The diverse static beam three times per width, with three jitter seeds
  // (it wins most of the hard deals, and at a given width each seed is a
  // fresh chance: see the rules page), then the two playout-scored beams.
  std::array<Config, 5> configs = {{{0, kBeamFirstWidth, false, 0},
                                    {0, kBeamFirstWidth, false, 1},
                                    {0, kBeamFirstWidth, false, 2},
                                    {100, kPilotFirstWidth, false, 0},
                                    {1000, kPilotFirstWidth, false, 0}}};
  bool won = false;
  auto used = [&] { return beam.nodes + probe.steps; };
  for (bool any = true; any && !won && used() < budget;) {
    any = false;
    for (Config& c : configs) {
      if (c.done || won || used() >= budget || stop()) continue;
      any = true;
      beam.pilot = c.pilot;
      beam.jitter_seed = JitterSeed(c.width, c.pilot, c.variant);
      beam.diverse = c.pilot == 0;
      beam.budget = beam.nodes + (budget - used());
      won = beam.Run(start, c.width, line);
      c.done = !beam.truncated || c.width >= kBeamMaxWidth;  // a wider run would be the same
      c.width *= 2;
    }
    if (!won && used() < budget && !stop()) {
      any = true;
      const uint64_t until = probe.steps + std::min(chunk, budget - used());
      probe.limit = until;
      for (uint64_t n = 0; probe.steps < until && !won; ++n, ++playout) {
        if ((n & 63) == 63 && stop()) break;
        SplitMix64 rng(playout);
        const uint64_t before = probe.steps;
        won = probe.Playout(start, rng, line);
        if (probe.steps == before) ++probe.steps;  // a playout stuck at once still costs a node
      }
      chunk *= 2;
    }
  }
  spent += used();
  return won;
}

}  // namespace

SolveResult TryAgainWinFinder(const Deal& deal, uint64_t max_nodes) {
  Loaded l;
  Load(deal, true, l);
  SolveResult result;
  std::vector<TryMove> line;
  uint64_t spent = 0;
  const std::function<bool()> never = [] { return false; };
  if (l.rules.Won(l.start)) {
    result.verdict = Verdict::kSolved;
  } else if (FindWin(l.rules, l.start, max_nodes, never, line, spent)) {
    result.verdict = Verdict::kSolved;
    result.moves = Specs(deal, line);
  } else {
    result.stats.limit = "max-nodes";
  }
  result.stats.nodes = spent;
  return result;
}

uint64_t TryAgainFinderBudget(const SearchLimits& limits, uint64_t spent, int eighths) {
  // With a node limit: their eighths of what is left of it. With only a
  // time limit they run until their share of the time is spent (a fixed
  // node cap would hand the rest of the time to the complete search, which
  // proves nothing on these deals: 10 s a deal then won 986 of deals 1-1000
  // instead of 991); 2^62 leaves room for the sums made with it. With no
  // limit at all they stop after kFinderNodes and the complete search runs
  // to the end.
  if (limits.max_nodes) return (limits.max_nodes - std::min(limits.max_nodes, spent)) / 8 * eighths;
  return limits.max_seconds > 0 ? uint64_t{1} << 62 : kFinderNodes;
}

SolveResult SolveTryAgain(const Deal& deal, const SearchLimits& limits, bool prune) {
  Loaded loaded;
  Load(deal, prune, loaded);
  const TryRules& rules = loaded.rules;
  const TryPosition& start = loaded.start;

  // Three phases: a short complete search (small positions end there), the
  // win-finders, then the complete search with what is left of the limits.
  SolveResult result;
  std::vector<TryMove> line;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  uint64_t spent = 0;  // nodes and win-finder moves so far
  auto rest = [&] {
    SearchLimits l = limits;
    if (l.max_nodes) l.max_nodes -= std::min(l.max_nodes - 1, spent);
    l.max_seconds = SecondsLeft(limits, elapsed());
    return l;
  };
  bool done = false;
  auto search = [&](SearchLimits l) {
    auto outcome = Search(rules, start, l);
    spent += outcome.stats.nodes;
    result.verdict = outcome.verdict;
    result.stats = outcome.stats;
    if (outcome.verdict == Verdict::kSolved) line = std::move(outcome.line);
    done = outcome.verdict != Verdict::kUnknown || outcome.stats.limit != "max-nodes" ||
           (limits.max_nodes && spent >= limits.max_nodes);
  };
  if (prune) {
    SearchLimits first = rest();
    first.max_nodes = limits.max_nodes ? std::max<uint64_t>(1, std::min(limits.max_nodes / 4, kFirstNodes)) : kFirstNodes;
    search(first);
  }
  if (prune && !done && (loaded.td.size - start.dealt) >= kProbeMinPack) {
    // The win-finders get 7/8 of what is left of the node limit
    // and 7/8 of the time limit: the unknown
    // deals are mostly wins that only they find, and the complete search
    // has proved no shuffled deal unsolvable within such limits (see the
    // rules page). Late positions (a short pack) are left to the complete
    // search, which settles them faster.
    //
    // With kAllToFindersPack or more cards still to deal, the win-finders get
    // all of what is left (phase 3 runs only on what they leave unused): from
    // so early a position a complete search of a few million nodes proves no
    // loss (no shuffled deal has been proved unsolvable); on deals 1-1000 at
    // 32 million nodes this loses no deal (see the rules page). Soundness is
    // unaffected (the win-finders only return lines the checker replays;
    // "unsolvable" still comes only from the complete search), and so is the
    // no-limit case (phase 3 runs to the end).
    const int eighths = (loaded.td.size - start.dealt) >= kAllToFindersPack ? 8 : kProbeEighths;
    const uint64_t budget = TryAgainFinderBudget(limits, spent, eighths);
    const std::function<bool()> stop = [&] {
      return (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) ||
             (limits.max_seconds > 0 && elapsed() > limits.max_seconds * eighths / 8);
    };
    if (FindWin(rules, start, budget, stop, line, spent)) {
      result.verdict = Verdict::kSolved;
      result.stats = SearchStats{};
      done = true;
    }
  }
  if (!done && limits.max_nodes && spent >= limits.max_nodes) {
    // The win-finders used the whole node limit: nothing is left for the
    // complete search (rest() would give it 1 node, one past the limit).
    result.verdict = Verdict::kUnknown;
    result.stats = SearchStats{};
    result.stats.limit = "max-nodes";
    done = true;
  }
  if (!done) search(rest());
  result.stats.nodes = spent;
  result.stats.seconds = elapsed();
  if (result.verdict != Verdict::kSolved) return result;
  result.moves = Specs(deal, line);
  return result;
}

}  // namespace talon
