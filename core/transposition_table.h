// TranspositionTable: the set of positions the search has already entered.
//
// Open addressing with linear probing over a power-of-two array of keys. It
// starts small (so that a 50-microsecond solve does not pay for clearing
// megabytes) and grows (four times up to 256 MiB, then twice, or twice near
// its byte limit; when half full, or when a key's probe window is full)
// while the old and the new array together stay under that limit; at the
// limit it stops growing and a new key overwrites an old one (the search
// then only repeats work: forgetting a visited position never changes a
// verdict). A large array grows in place (ExtendHuge): its pages move
// instead of being copied, so only the new part is fresh memory and the old
// and the new array are never both held. All decisions are deterministic,
// and the slots a key lands in do not depend on how the memory was got.
// See BM_TableTalon in tests/bench/core_bench.cpp for why this beats
// std::unordered_set here.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/position_key.h"

namespace talon {

// Allocates blocks of 4 MiB or more on 2 MiB boundaries and asks Linux for
// transparent huge pages there: a large table is probed at random, and with
// 4 KiB pages nearly every probe misses the TLB (see docs/performance.md).
// Each thread keeps the large blocks it frees (sixteen at most) and hands
// them out again for the same size (AllocateHuge) or for any size up to
// theirs (AllocateHugeAtLeast, for the tables' arrays: the smallest block
// large enough, within which the table then grows): touching fresh memory
// is slow on a virtual machine, far slower than clearing memory already
// touched (docs/performance.md), and a thread solving many deals grows its
// tables to the same sizes every time, some of them two at once (a Klondike
// search's main table and its relaxation's). It
// keeps them only while the blocks it keeps and those in use fit its
// budget (SetHugeBlockBudget), freeing the smallest first: kept blocks
// never take a thread past its budget (only its tables in use can, within
// their own limits).
void* AllocateHuge(size_t bytes);    // REQUIRES: bytes >= kHugeBlock
// The calling thread's budget for the blocks it keeps and uses (2 GiB until
// set; Game::Solve sets it to 3/4 of the search's --max-memory share). Kept
// blocks beyond it are freed at once.
void SetHugeBlockBudget(size_t bytes);
size_t KeptHugeBytes();  // the bytes of the blocks the calling thread keeps
bool HugeBlockKept(size_t bytes);  // the calling thread keeps a block for `bytes`
bool HugeBlockKeptAtLeast(size_t bytes);  // ... a block of `bytes` or more
// A kept block of `bytes` or more (the smallest), else a fresh one of
// `bytes`; its size goes to `got`. Free it with that size.
void* AllocateHugeAtLeast(size_t bytes, size_t* got);
void FreeHuge(void* p, size_t bytes);
// Block p of `bytes` made `new_bytes` long (>= bytes) in place: its pages
// move to a new address (no copy, so the old and the new block are never
// both held), followed by fresh memory. Returns the new address, or
// nullptr (p unchanged) if the system refuses.
void* ExtendHuge(void* p, size_t bytes, size_t new_bytes);
inline constexpr size_t kHugeBlock = size_t{4} << 20;

class TranspositionTable {
 public:
  // REQUIRES: max_bytes >= 1 KiB.
  explicit TranspositionTable(size_t max_bytes, size_t initial_slots = 1024);

  // Inserts `key`. Returns false iff it was already present. The common
  // case (no growth, the key found or placed within the probe window) is
  // inline; everything else goes to InsertSlow, which redoes the probe, so
  // the table's contents are exactly those of a single out-of-line insert.
  bool Insert(Key128 key) {
    if ((size_ + 1) * 2 <= slots_.size()) {
      Key128* const slots = slots_.data();
      size_t i = HashKey(key) & mask_;
      for (size_t probe = 0; probe < kMaxProbe; ++probe, i = (i + 1) & mask_) {
        if (slots[i] == key) return false;
        if (slots[i] == kEmptyKey) {
          slots[i] = key;
          ++size_;
          if (track_used_) used_.push_back(static_cast<uint32_t>(i));
          return true;
        }
      }
    }
    return InsertSlow(key);
  }
  bool Contains(Key128 key) const;
  // Asks the memory for `key`'s home slot (a hint: no effect on contents).
  void Prefetch(Key128 key) const { __builtin_prefetch(&slots_[HashKey(key) & mask_]); }
  // Removes `key` if present (backward-shift deletion: every other key stays
  // within its probe window and is still found). Returns whether it was there.
  bool Erase(Key128 key);
  void Clear();
  // Makes the table empty with `initial_slots` slots and a new byte limit,
  // reusing its memory when it is large enough (clearing only the slots
  // used when the size is unchanged), so that a thread solving many small deals allocates nothing. After
  // Reset the table behaves exactly like a newly built one: results do not
  // depend on what it held before. (The deadline below is kept.)
  void Reset(size_t max_bytes, size_t initial_slots);
  // From now on, a growth step that could not end by `deadline` (the
  // caller's --max-seconds) is not taken: the table keeps its size until
  // the next Reset and, once full, forgets keys as at its byte limit. (A
  // step places every key again and cannot stop half way; on fresh memory
  // it can take seconds a GiB: docs/performance.md.)
  void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }

  size_t size() const { return size_; }
  size_t bytes() const { return slots_.size() * sizeof(Key128); }
  uint64_t overwrites() const { return overwrites_; }

  // A key sits at most kMaxProbe slots from its home slot; a key whose
  // window is full makes the table grow (or, at its limit, overwrite). 32
  // lets a large table reach about half full before a window fills (16
  // filled one at a quarter to two fifths, growing the table early).
  static constexpr size_t kMaxProbe = 32;

 private:
  bool InsertSlow(Key128 key);
  void Grow(size_t n);  // to n slots (NextSize)
  size_t NextSize() const;
  size_t NextSizeInTime();
  size_t max_bytes_;
  size_t max_slots_;
  bool track_used_ = true;  // slots_.size() <= 2^32: used_ can name every slot
  size_t mask_;
  size_t size_ = 0;
  uint64_t overwrites_ = 0;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  // The slot array: large ones from AllocateHugeAtLeast, small ones from
  // new[]. `capacity` may exceed `size` (after a Reset to fewer slots, or
  // in a larger kept block): the table then grows within it.
  class Slots {
   public:
    Slots() = default;
    Slots(const Slots&) = delete;
    Slots& operator=(const Slots&) = delete;
    ~Slots() { Free(); }
    Key128* data() const { return p_; }
    size_t size() const { return size_; }
    Key128& operator[](size_t i) { return p_[i]; }
    const Key128& operator[](size_t i) const { return p_[i]; }
    // n empty slots (reusing the memory if it is large enough).
    // (Key128 is trivially copyable: the slots are filled, not built.)
    void Assign(size_t n);
    // n >= size() slots: within the capacity if it suffices, else by
    // extending a large block in place (ExtendHuge) unless the thread
    // keeps a block for n slots or more (touched before), the first size()
    // slots as they were and the rest empty; else in a new block (a kept
    // one, or fresh), all empty, the old array handed to `moved`.
    void Extend(size_t n, Slots& moved);
    // Where Extend(n) finds its memory: within the capacity, in a kept
    // block, by extending its own block in place, or in a fresh block.
    enum class Growth { kWithin, kKept, kInPlace, kFresh };
    Growth GrowthTo(size_t n) const;
    size_t capacity() const { return capacity_; }

   private:
    void Allocate(size_t n);  // p_ and capacity_ for at least n slots
    void Free();
    Key128* p_ = nullptr;
    size_t size_ = 0, capacity_ = 0;
  };
  Slots slots_;
  std::vector<uint32_t> used_;  // slots filled since the last clear (while < 2^32 slots)
};

}  // namespace talon
