#include "core/transposition_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include <sys/mman.h>

namespace talon {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;
size_t Rounded(size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

// `bytes` (a multiple of kHugePage) of fresh memory on a kHugePage boundary,
// with the huge-page hint: a mapping a huge page longer, trimmed at both ends.
void* MapAligned(size_t bytes) {
  const size_t length = bytes + kHugePage;
  void* raw = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + kHugePage - 1) & ~(uintptr_t{kHugePage} - 1);
  const size_t head = aligned - start;
  if (head > 0) munmap(raw, head);
  if (length - head > bytes) munmap(reinterpret_cast<void*>(aligned + bytes), length - head - bytes);
  void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without it the table only runs slower
#endif
  return p;
}
void Unmap(void* p, size_t bytes) { munmap(p, bytes); }

// Whether this thread's cache is not yet made, open, or already destroyed:
// thread-local objects are destroyed in the reverse order of their making,
// so a table made before the cache (core/search.h keeps one per thread) is
// destroyed after it, and its blocks must then go straight back. (Plain
// values of their own, with no destructor, are valid all through the
// thread's exit.)
enum class CacheState : unsigned char { kNotMade, kOpen, kClosed };
thread_local CacheState cache_state = CacheState::kNotMade;
thread_local size_t budget = size_t{2} << 30;  // SetHugeBlockBudget
thread_local size_t in_use = 0;                // bytes handed out, not yet back

// The calling thread's freed large blocks (see AllocateHuge), kept while
// they and the blocks in use fit the budget.
class BlockCache {
 public:
  BlockCache() { cache_state = CacheState::kOpen; }
  ~BlockCache() {
    cache_state = CacheState::kClosed;
    for (Block& b : blocks_)
      if (b.p != nullptr) Unmap(b.p, b.bytes);
  }
  size_t kept() const {
    size_t sum = 0;
    for (const Block& b : blocks_) sum += b.bytes;
    return sum;
  }
  // Whether a block of `bytes` to `most` bytes is kept.
  bool Holds(size_t bytes, size_t most) { return Smallest(bytes, most) != nullptr; }
  // The smallest kept block of `bytes` to `most` bytes, taken out of the
  // cache (its size to `got`), or nullptr.
  void* Take(size_t bytes, size_t most, size_t* got) {
    Block* b = Smallest(bytes, most);
    if (b == nullptr) return nullptr;
    *got = b->bytes;
    return std::exchange(*b, Block{}).p;
  }
  // Keeps `p` (no longer in use) in an empty place or in place of a smaller
  // block, then makes the kept blocks fit the budget.
  void Keep(void* p, size_t bytes) {
    // The smallest place: an empty one (0 bytes) if there is one.
    Block& place = *std::min_element(blocks_.begin(), blocks_.end(),
                                     [](const Block& a, const Block& b) { return a.bytes < b.bytes; });
    if (place.bytes >= bytes) return Unmap(p, bytes);  // every place taken, by blocks as large
    if (place.p != nullptr) Unmap(place.p, place.bytes);
    place = {p, bytes};
    MakeRoom(0);
  }
  // Frees kept blocks, the smallest first (the cheapest to touch afresh),
  // until `more` bytes fit the budget along with the kept ones and those in
  // use.
  void MakeRoom(size_t more) {
    while (kept() + in_use + more > budget) {
      Block* const smallest = Smallest(0, SIZE_MAX);
      if (smallest == nullptr) return;  // nothing kept
      const Block gone = std::exchange(*smallest, Block{});
      Unmap(gone.p, gone.bytes);
    }
  }

 private:
  struct Block {  // an empty place is {nullptr, 0}
    void* p = nullptr;
    size_t bytes = 0;
  };
  Block* Smallest(size_t bytes, size_t most) {
    Block* best = nullptr;
    for (Block& b : blocks_)
      if (b.p != nullptr && b.bytes >= bytes && b.bytes <= most && (best == nullptr || b.bytes < best->bytes))
        best = &b;
    return best;
  }
  std::array<Block, 16> blocks_;
};

thread_local BlockCache block_cache;

// A block of `rounded` bytes up to `most`: the smallest kept one, else fresh
// (after making room for it); its size to `got`.
void* Allocate(size_t rounded, size_t most, size_t* got) {
  if (cache_state != CacheState::kClosed) {
    if (void* p = block_cache.Take(rounded, most, got)) {
      in_use += *got;
      return p;
    }
    block_cache.MakeRoom(rounded);  // kept blocks go before fresh memory comes
  }
  void* p = MapAligned(rounded);
  in_use += rounded;
  *got = rounded;
  return p;
}

}  // namespace

void SetHugeBlockBudget(size_t bytes) {
  budget = bytes;
  if (cache_state != CacheState::kClosed) block_cache.MakeRoom(0);
}

size_t KeptHugeBytes() { return cache_state == CacheState::kOpen ? block_cache.kept() : 0; }

bool HugeBlockKept(size_t bytes) {
  return cache_state == CacheState::kOpen && block_cache.Holds(Rounded(bytes), Rounded(bytes));
}

bool HugeBlockKeptAtLeast(size_t bytes) {
  return cache_state == CacheState::kOpen && block_cache.Holds(Rounded(bytes), SIZE_MAX);
}

void* AllocateHugeAtLeast(size_t bytes, size_t* got) { return Allocate(Rounded(bytes), SIZE_MAX, got); }

void* AllocateHuge(size_t bytes) {
  size_t got = 0;
  return Allocate(Rounded(bytes), Rounded(bytes), &got);
}

void* ExtendHuge(void* p, size_t bytes, size_t new_bytes) {
  const size_t rounded = Rounded(bytes), new_rounded = Rounded(new_bytes);
  if (new_rounded == rounded) return p;
  if (cache_state != CacheState::kClosed) block_cache.MakeRoom(new_rounded - rounded);
  void* q = MapAligned(new_rounded);
  // The old pages replace the new mapping's first part (both on huge-page
  // boundaries, so whole huge pages move).
  if (mremap(p, rounded, rounded, MREMAP_MAYMOVE | MREMAP_FIXED, q) == MAP_FAILED) {
    Unmap(q, new_rounded);
    return nullptr;
  }
  in_use += new_rounded - rounded;
  return q;
}

void FreeHuge(void* p, size_t bytes) {
  const size_t rounded = Rounded(bytes);
  in_use -= std::min(in_use, rounded);  // (never below 0, should another thread have made it)
  if (cache_state == CacheState::kClosed) return Unmap(p, rounded);
  block_cache.Keep(p, rounded);
}

void TranspositionTable::Slots::Free() {
  if (p_ == nullptr) return;
  if (capacity_ * sizeof(Key128) >= kHugeBlock) {
    FreeHuge(p_, capacity_ * sizeof(Key128));
  } else {
    std::allocator<Key128>().deallocate(p_, capacity_);
  }
  p_ = nullptr;
  size_ = capacity_ = 0;
}

void TranspositionTable::Slots::Allocate(size_t n) {
  if (n * sizeof(Key128) >= kHugeBlock) {
    size_t got = 0;
    p_ = static_cast<Key128*>(AllocateHugeAtLeast(n * sizeof(Key128), &got));
    capacity_ = got / sizeof(Key128);
  } else {
    p_ = std::allocator<Key128>().allocate(n);
    capacity_ = n;
  }
}

void TranspositionTable::Slots::Assign(size_t n) {
  if (n > capacity_) {
    Free();
    Allocate(n);
  }
  size_ = n;
  std::uninitialized_fill(p_, p_ + n, kEmptyKey);
}

TranspositionTable::Slots::Growth TranspositionTable::Slots::GrowthTo(size_t n) const {
  const size_t bytes = n * sizeof(Key128);
  if (n <= capacity_) return Growth::kWithin;
  if (bytes >= kHugeBlock && HugeBlockKeptAtLeast(bytes)) return Growth::kKept;
  return capacity_ * sizeof(Key128) >= kHugeBlock ? Growth::kInPlace : Growth::kFresh;
}

void TranspositionTable::Slots::Extend(size_t n, Slots& moved) {
  const size_t old = size_;
  if (n > capacity_) {
    const size_t bytes = n * sizeof(Key128);
    Key128* q = nullptr;
    if (GrowthTo(n) == Growth::kInPlace) q = static_cast<Key128*>(ExtendHuge(p_, capacity_ * sizeof(Key128), bytes));
    if (q == nullptr) {  // a new block: the old one goes to `moved`, whole
      moved.Free();
      moved.p_ = std::exchange(p_, nullptr);
      moved.size_ = std::exchange(size_, 0);
      moved.capacity_ = std::exchange(capacity_, 0);
      Assign(n);
      return;
    }
    p_ = q;
    capacity_ = Rounded(bytes) / sizeof(Key128);
  }
  size_ = n;
  std::uninitialized_fill(p_ + old, p_ + n, kEmptyKey);
}

TranspositionTable::TranspositionTable(size_t max_bytes, size_t initial_slots) {
  Reset(max_bytes, initial_slots);
}

void TranspositionTable::Reset(size_t max_bytes, size_t initial_slots) {
  max_bytes_ = max_bytes;
  max_slots_ = std::bit_floor(std::max<size_t>(max_bytes / sizeof(Key128), 64));
  size_t n = std::min(std::bit_ceil(std::max<size_t>(initial_slots, 64)), max_slots_);
  // used_ lists every filled slot while tracked (and more after Erase).
  if (slots_.size() == n && used_.size() >= size_) {
    for (uint32_t i : used_) slots_[i] = kEmptyKey;
  } else {
    slots_.Assign(n);
  }
  used_.clear();
  track_used_ = slots_.size() <= (size_t{1} << 32);
  mask_ = n - 1;
  size_ = 0;
  overwrites_ = 0;
}

void TranspositionTable::Clear() {
  std::fill(slots_.data(), slots_.data() + slots_.size(), kEmptyKey);
  used_.clear();
  size_ = 0;
  overwrites_ = 0;
}

bool TranspositionTable::Contains(Key128 key) const {
  size_t i = HashKey(key) & mask_;
  for (size_t probe = 0; probe < kMaxProbe; ++probe, i = (i + 1) & mask_) {
    if (slots_[i] == key) return true;
    if (slots_[i] == kEmptyKey) return false;
  }
  return false;
}

bool TranspositionTable::Erase(Key128 key) {
  size_t i = HashKey(key) & mask_;
  size_t probe = 0;
  for (; probe < kMaxProbe; ++probe, i = (i + 1) & mask_) {
    if (slots_[i] == key) break;
    if (slots_[i] == kEmptyKey) return false;
  }
  if (probe == kMaxProbe) return false;
  // (At its byte limit the table may fill up: CloseHole makes at most one
  // turn round it.)
  i = CloseHole(slots_.data(), mask_, i, [](Key128 k) { return k; });
  slots_[i] = kEmptyKey;
  --size_;
  return true;
}

bool TranspositionTable::InsertSlow(Key128 key) {
  if ((size_ + 1) * 2 > slots_.size())
    if (const size_t n = NextSizeInTime()) Grow(n);
  for (;;) {
    size_t home = HashKey(key) & mask_;
    size_t i = home;
    for (size_t probe = 0; probe < kMaxProbe; ++probe, i = (i + 1) & mask_) {
      if (slots_[i] == key) return false;
      if (slots_[i] == kEmptyKey) {
        slots_[i] = key;
        ++size_;
        if (track_used_) used_.push_back(static_cast<uint32_t>(i));
        return true;
      }
    }
    // A full neighbourhood: grow while allowed, else forget the key at home
    // (keys never sit more than kMaxProbe slots from home, so Contains stays exact).
    if (const size_t n = NextSizeInTime()) {
      Grow(n);
      continue;
    }
    slots_[home] = key;
    ++overwrites_;
    return true;
  }
}

size_t TranspositionTable::NextSize() const {
  // Four times larger up to 256 MiB (few steps while they are cheap), else
  // twice (a search of 8-16 million keys fits 512 MiB at most half full,
  // where four times would take 1 GiB), while the old and the new array
  // together stay within the byte limit (a kept block of the new size is
  // filled while the old array is held). 0: no growth.
  constexpr size_t kFourTimesUpTo = size_t{256} << 20;
  for (size_t factor : {size_t{4}, size_t{2}}) {
    const size_t n = slots_.size() * factor;
    if (factor == 4 && n * sizeof(Key128) > kFourTimesUpTo) continue;
    if (n <= max_slots_ && (slots_.size() + n) * sizeof(Key128) <= max_bytes_) return n;
  }
  return 0;
}

size_t TranspositionTable::NextSizeInTime() {
  // Upper bounds of a growth step's cost (docs/performance.md), so a step
  // may be given up that would have ended in time.
  constexpr double kFreshSecondsPerGiB = 2.5, kKeptSecondsPerGiB = 0.4;
  const size_t n = NextSize();
  if (n == 0 || deadline_ == std::chrono::steady_clock::time_point::max()) return n;
  // Memory touched before (the array's own, or a kept block) costs the kept
  // rate; an array extended in place touches only its new part afresh.
  const double bytes = static_cast<double>(n * sizeof(Key128));
  double fresh = 0, kept = bytes;
  switch (slots_.GrowthTo(n)) {
    case Slots::Growth::kWithin:
    case Slots::Growth::kKept:
      break;
    case Slots::Growth::kInPlace:
      kept = static_cast<double>(slots_.capacity() * sizeof(Key128));
      fresh = bytes - kept;
      break;
    case Slots::Growth::kFresh:
      fresh = bytes;
      kept = 0;
      break;
  }
  const double seconds = (kFreshSecondsPerGiB * fresh + kKeptSecondsPerGiB * kept) / double(size_t{1} << 30);
  const std::chrono::duration<double> left = deadline_ - std::chrono::steady_clock::now();
  if (left.count() > seconds) return n;
  max_slots_ = slots_.size();  // no more growth until Reset (the deadline does not move)
  return 0;
}

void TranspositionTable::Grow(size_t n) {
  // The keys are placed again in the order of the old array's clusters
  // (runs of filled slots) taken in turn from just after an empty slot, as
  // if inserted in that order into an empty array. When the array grows in
  // place (Slots::Extend; a large one's pages move, never copied) they are
  // placed within it: each cluster's keys are lifted out, in order, and
  // placed again by linear probing. A key's new home is its old home plus a
  // multiple of the old size N. With linear probing the slots a set of keys
  // fills do not depend on the order of insertion and only grow with the
  // set, so the keys of one cluster whose new homes share a multiple of N
  // fill at most the cluster's own span shifted by that multiple: the spans
  // of different clusters and multiples never meet, and those in the old
  // array are the cluster's own (emptied) slots. Placed in order, each key
  // lands no further from its home than it was (the keys before it lie at
  // most at their old places shifted alike), so within kMaxProbe. So the
  // result is the same whichever way Extend got the memory.
  const size_t old = slots_.size();
  Slots moved;  // the old array, if Extend had to take a new one
  slots_.Extend(n, moved);
  mask_ = n - 1;
  used_.clear();
  track_used_ = n <= (size_t{1} << 32);
  auto place = [&](Key128 key) {
    size_t i = HashKey(key) & mask_;
    while (!(slots_[i] == kEmptyKey)) i = (i + 1) & mask_;
    slots_[i] = key;
    if (track_used_) used_.push_back(static_cast<uint32_t>(i));
  };
  Key128* const from = moved.data() != nullptr ? moved.data() : slots_.data();
  size_t first_empty = 0;
  while (!(from[first_empty] == kEmptyKey)) ++first_empty;  // (at most half full: there is one)
  if (moved.data() != nullptr) {
    for (size_t step = 1; step < old; ++step)
      if (const Key128 key = from[(first_empty + step) & (old - 1)]; !(key == kEmptyKey)) place(key);
    return;
  }
  std::vector<Key128> cluster;
  for (size_t step = 1; step < old; ++step) {
    cluster.clear();
    for (; step < old; ++step) {
      Key128& slot = slots_[(first_empty + step) & (old - 1)];
      if (slot == kEmptyKey) break;
      cluster.push_back(slot);
      slot = kEmptyKey;
    }
    for (const Key128& key : cluster) place(key);
  }
}

}  // namespace talon
