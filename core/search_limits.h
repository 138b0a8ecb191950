// Limits and counters shared by every solver.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace talon {

struct SearchLimits {
  uint64_t max_nodes = 0;        // 0 = no limit; deterministic
  double max_seconds = 0;        // 0 = no limit; NOT deterministic (machine speed)
  size_t max_memory = size_t{2} << 30;  // bytes for the transposition table; hard bound
  const std::atomic<bool>* cancel = nullptr;  // set to stop early (e.g. on SIGINT)
  // Game::Solve shortens a winning line with at most this much work
  // (ShortenLimits::max_work, core/shorten.h); 0 keeps the line as found.
  uint64_t shorten_work = 60000;
};

// The time limit for a search started `spent` seconds into the caller's:
// 0 (none) stays 0, else what is left of it, at least a millisecond (so that
// it never reads as "no limit").
inline double SecondsLeft(const SearchLimits& limits, double spent) {
  return limits.max_seconds > 0 ? std::max(limits.max_seconds - spent, 1e-3) : 0;
}

// When a search started at `t0` must stop for --max-seconds: t0 +
// max_seconds, or never (time_point::max()) without a time limit or with
// one of a billion seconds or more (31 years; the command line accepts any
// finite number, and a larger one would overflow the clock's count).
inline std::chrono::steady_clock::time_point Deadline(const SearchLimits& limits,
                                                      std::chrono::steady_clock::time_point t0) {
  if (limits.max_seconds <= 0 || limits.max_seconds >= 1e9) return std::chrono::steady_clock::time_point::max();
  return t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(limits.max_seconds));
}

// Returns "interrupted" or "max-seconds" once one of the caller's limits other
// than the node budget is reached by a search started at `t0`, else nullptr.
inline const char* CallerLimit(const SearchLimits& limits, std::chrono::steady_clock::time_point t0) {
  if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) return "interrupted";
  if (limits.max_seconds > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limits.max_seconds)
    return "max-seconds";
  return nullptr;
}

struct SearchStats {
  uint64_t nodes = 0;         // positions expanded
  size_t table_bytes = 0;     // transposition table size at the end
  double seconds = 0;         // wall time of the search
  std::string limit;          // which limit stopped it ("max-nodes", ...); empty if none
};

}  // namespace talon
