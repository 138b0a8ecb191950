// OrderedMap: runs work items on N threads and hands their results back
// strictly in input order, so that a tool's output is the same at every
// thread count.
//
// The calling thread produces tasks (e.g. reads input lines or counts deal
// numbers) and emits results; N worker threads take tasks in order from a
// ring and put each result in its slot of a reorder ring of the same size.
// The calling thread emits the contiguous run of finished results from the
// head of the ring, then tops the ring up with new tasks. Workers run ahead of
// the emitter by at most the ring's size (bounded memory); a slow task at the
// head only delays output, never reorders it.
//
// Costs per task: two short lock/unlock pairs and no thread creation. The
// calling thread does not wait on each result: it sleeps in short slices
// (kPollInterval), so that it wakes a few hundred times a second instead of
// once per task, and checks the cancel flag each time.
//
// Workers block SIGINT/SIGTERM, so the signal reaches the calling thread (a
// read of stdin blocked there returns). With threads == 1 everything runs on
// the calling thread, in the same order.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "tools/cli/signals.h"

namespace talon::cli {

inline constexpr auto kPollInterval = std::chrono::milliseconds(1);

// produce(Task&) -> bool: fills the next task; false when there are no more
//   (called on the calling thread, in order).
// work(Task&) -> Result: computes a result (on a worker thread).
// emit(Result&) -> bool: consumes results in task order on the calling
//   thread; false stops the run early (e.g. on an error, or enough output).
// When emit stops the run early, `abandon` (if not null) is set before the
// workers are joined: work in flight can poll it (e.g. as the solver's
// SearchLimits::cancel) to return at once; its results are dropped.
// An exception thrown by `work` is rethrown on the calling thread.
// Returns false iff `cancel` was seen set (then some results may not have
// been emitted); true otherwise. REQUIRES: threads >= 1.
template <class Task, class Result, class Produce, class Work, class Emit>
bool OrderedMap(int threads, const std::atomic<bool>* cancel, std::atomic<bool>* abandon,
                Produce&& produce, Work&& work, Emit&& emit) {
  auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
  if (threads <= 1) {
    Task task;
    while (!cancelled() && produce(task)) {
      Result result = work(task);
      if (cancelled()) return false;
      if (!emit(result)) return true;
    }
    return !cancelled();
  }

  const size_t ring = 256 * static_cast<size_t>(threads);
  std::vector<Task> tasks(ring);
  std::vector<std::optional<Result>> results(ring);
  std::mutex mu;
  std::condition_variable work_ready;
  size_t produced = 0, taken = 0, emitted = 0;  // task counts; guarded by mu
  bool stop = false;                            // guarded by mu
  int idle = 0;                                 // workers waiting for a task; guarded by mu
  std::exception_ptr failure;                   // thrown by a worker; guarded by mu

  auto worker = [&] {
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      ++idle;
      work_ready.wait(lock, [&] { return stop || taken < produced; });
      --idle;
      if (stop) return;
      const size_t i = taken++;
      Task task = std::move(tasks[i % ring]);
      lock.unlock();
      std::optional<Result> result;
      try {
        result.emplace(work(task));
      } catch (...) {  // handed to the calling thread, which rethrows it
        lock.lock();
        if (!failure) failure = std::current_exception();
        return;
      }
      lock.lock();
      results[i % ring] = std::move(result);
    }
  };

  std::vector<std::thread> pool;
  {
    BlockSignalsInScope block;  // the workers inherit the blocked mask
    pool.reserve(static_cast<size_t>(threads));
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  }
  auto shut_down = [&] {
    if (abandon) abandon->store(true, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
    }
    work_ready.notify_all();
    for (std::thread& t : pool) t.join();
  };

  bool input_done = false;
  std::vector<Result> ready;
  std::vector<Task> fresh;
  for (;;) {
    if (cancelled()) {
      shut_down();
      return false;
    }
    // Take the finished run at the head.
    size_t in_flight;
    {
      std::unique_lock<std::mutex> lock(mu);
      if (failure) {
        std::exception_ptr e = failure;
        lock.unlock();
        shut_down();
        std::rethrow_exception(e);
      }
      while (emitted < produced && results[emitted % ring]) {
        ready.push_back(std::move(*results[emitted % ring]));
        results[emitted % ring].reset();
        ++emitted;
      }
      in_flight = produced - emitted;
    }
    for (Result& r : ready) {
      if (cancelled()) {
        shut_down();
        return false;
      }
      if (!emit(r)) {
        shut_down();
        return true;
      }
    }
    ready.clear();
    // Top the ring up (outside the lock: producing may read input).
    // At most kBatch at a time, so that a slow input does not hold back output.
    constexpr size_t kBatch = 64;
    while (!input_done && in_flight + fresh.size() < ring && fresh.size() < kBatch) {
      Task task;
      if (!produce(task)) {
        input_done = true;
        break;
      }
      fresh.push_back(std::move(task));
    }
    if (!fresh.empty()) {
      bool wake;
      {
        std::lock_guard<std::mutex> lock(mu);
        for (Task& t : fresh) tasks[produced++ % ring] = std::move(t);
        wake = idle > 0;
      }
      fresh.clear();
      if (wake) work_ready.notify_all();
      continue;
    }
    if (input_done && in_flight == 0) break;
    // Nothing to emit or produce: wait a moment for the workers.
    std::this_thread::sleep_for(kPollInterval);
  }
  shut_down();
  return !cancelled();
}

}  // namespace talon::cli
