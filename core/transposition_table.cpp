#include "core/transposition_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <new>
#include <utility>

#include <sys/mman.h>

namespace talon {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;
size_t Rounded(size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

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
    for (Block& b : blocks_) std::free(b.p);
  }
  size_t kept() const {
    size_t sum = 0;
    for (const Block& b : blocks_) sum += b.bytes;
    return sum;
  }
  bool Holds(size_t bytes) const {
    return std::any_of(blocks_.begin(), blocks_.end(), [&](const Block& b) { return b.p != nullptr && b.bytes == bytes; });
  }
  // A kept block of exactly `bytes` (rounded), or nullptr.
  void* Take(size_t bytes) {
    for (Block& b : blocks_)
      if (b.p != nullptr && b.bytes == bytes) return std::exchange(b, Block{}).p;
    return nullptr;
  }
  // Keeps `p` (no longer in use) in an empty place or in place of a smaller
  // block, then makes the kept blocks fit the budget.
  void Keep(void* p, size_t bytes) {
    // The smallest place: an empty one (0 bytes) if there is one.
    Block& place = *std::min_element(blocks_.begin(), blocks_.end(),
                                     [](const Block& a, const Block& b) { return a.bytes < b.bytes; });
    if (place.bytes >= bytes) return std::free(p);  // every place taken, by blocks as large
    std::free(place.p);
    place = {p, bytes};
    MakeRoom(0);
  }
  // Frees kept blocks, the smallest first (the cheapest to touch afresh),
  // until `more` bytes fit the budget along with the kept ones and those in
  // use.
  void MakeRoom(size_t more) {
    while (kept() + in_use + more > budget) {
      Block* smallest = nullptr;
      for (Block& b : blocks_)
        if (b.p != nullptr && (smallest == nullptr || b.bytes < smallest->bytes)) smallest = &b;
      if (smallest == nullptr) return;  // nothing kept
      std::free(std::exchange(*smallest, Block{}).p);
    }
  }

 private:
  struct Block {  // an empty place is {nullptr, 0}
    void* p = nullptr;
    size_t bytes = 0;
  };
  std::array<Block, 16> blocks_;
};
thread_local BlockCache block_cache;

}  // namespace

void SetHugeBlockBudget(size_t bytes) {
  budget = bytes;
  if (cache_state != CacheState::kClosed) block_cache.MakeRoom(0);
}

size_t KeptHugeBytes() { return cache_state == CacheState::kOpen ? block_cache.kept() : 0; }

bool HugeBlockKept(size_t bytes) {
  return cache_state == CacheState::kOpen && block_cache.Holds(Rounded(bytes));
}

void* AllocateHuge(size_t bytes) {
  const size_t rounded = Rounded(bytes);
  if (cache_state != CacheState::kClosed) {
    if (void* p = block_cache.Take(rounded)) {
      in_use += rounded;
      return p;
    }
    block_cache.MakeRoom(rounded);  // kept blocks go before fresh memory comes
  }
  void* p = std::aligned_alloc(kHugePage, rounded);
  if (p == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without it the table only runs slower
#endif
  in_use += rounded;
  return p;
}

void FreeHuge(void* p, size_t bytes) {
  const size_t rounded = Rounded(bytes);
  in_use -= std::min(in_use, rounded);  // (never below 0, should another thread have made it)
  if (cache_state == CacheState::kClosed) return std::free(p);
  block_cache.Keep(p, rounded);
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
    slots_.assign(n, kEmptyKey);
  }
  used_.clear();
  track_used_ = slots_.size() <= (size_t{1} << 32);
  mask_ = n - 1;
  size_ = 0;
  overwrites_ = 0;
}

void TranspositionTable::Clear() {
  std::fill(slots_.begin(), slots_.end(), kEmptyKey);
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
  // Four times larger, else twice, while the old and the new array together
  // (both live while the keys move) stay within the byte limit: a search
  // must never hold more than --max-memory. 0: no growth.
  for (size_t factor : {size_t{4}, size_t{2}}) {
    const size_t n = slots_.size() * factor;
    if (n <= max_slots_ && (slots_.size() + n) * sizeof(Key128) <= max_bytes_) return n;
  }
  return 0;
}

size_t TranspositionTable::NextSizeInTime() {
  // The worst cases measured here (the step to 1 GiB: 2.36 s on fresh
  // memory, 0.27 s on a kept block), so a step may be given up that would
  // have ended in time.
  constexpr double kFreshSecondsPerGiB = 2.5, kKeptSecondsPerGiB = 0.4;
  const size_t n = NextSize();
  if (n == 0 || deadline_ == std::chrono::steady_clock::time_point::max()) return n;
  const size_t bytes = n * sizeof(Key128);
  const double rate = bytes >= kHugeBlock && HugeBlockKept(bytes) ? kKeptSecondsPerGiB : kFreshSecondsPerGiB;
  const std::chrono::duration<double> left = deadline_ - std::chrono::steady_clock::now();
  if (left.count() > rate * static_cast<double>(bytes) / double(size_t{1} << 30)) return n;
  max_slots_ = slots_.size();  // no more growth until Reset (the deadline does not move)
  return 0;
}

void TranspositionTable::Grow(size_t n) {
  // n: four times larger while that stays under the limit (fewer rehashes of
  // a large search's keys), else twice (NextSize).
  std::vector<Key128, HugePageAllocator<Key128>> old(n, kEmptyKey);
  old.swap(slots_);
  mask_ = slots_.size() - 1;
  size_ = 0;
  used_.clear();
  track_used_ = slots_.size() <= (size_t{1} << 32);
  for (Key128 k : old)
    if (!(k == kEmptyKey)) Insert(k);
}

}  // namespace talon
