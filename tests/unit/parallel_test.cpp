// OrderedMap (tools/cli/parallel.h): results come back in input order at
// every thread count, an early stop and a cancel end the run, and a worker's
// exception reaches the caller.
#include "tools/cli/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

namespace talon::cli {
namespace {

// Work whose duration varies with the task, so that workers finish out of order.
uint64_t SlowSquare(uint64_t n) {
  if (n % 7 == 3) std::this_thread::sleep_for(std::chrono::microseconds(300));
  return n * n;
}

TEST(OrderedMap, EmitsInInputOrderAtEveryThreadCount) {
  for (int threads : {1, 2, 3, 8}) {
    uint64_t next = 0;
    std::vector<uint64_t> out;
    const bool finished = OrderedMap<uint64_t, uint64_t>(
        threads, nullptr, nullptr,
        [&](uint64_t& task) {
          if (next == 2000) return false;
          task = next++;
          return true;
        },
        [](uint64_t& task) { return SlowSquare(task); },
        [&](uint64_t& r) {
          out.push_back(r);
          return true;
        });
    EXPECT_TRUE(finished);
    ASSERT_EQ(out.size(), 2000u) << threads << " threads";
    for (uint64_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], i * i) << threads << " threads";
  }
}

TEST(OrderedMap, EmitFalseStopsEarlyAndAbandonsWorkInFlight) {
  for (int threads : {1, 2, 4}) {
    std::atomic<bool> abandon{false};
    uint64_t next = 0, produced = 0;
    std::vector<uint64_t> out;
    const bool finished = OrderedMap<uint64_t, uint64_t>(
        threads, nullptr, &abandon,
        [&](uint64_t& task) {
          task = next++;
          ++produced;
          return true;  // endless input: only the stop ends the run
        },
        [](uint64_t& task) { return SlowSquare(task); },
        [&](uint64_t& r) {
          out.push_back(r);
          return out.size() < 10;
        });
    EXPECT_TRUE(finished);  // stopping early is not a cancel
    ASSERT_EQ(out.size(), 10u);
    for (uint64_t i = 0; i < 10; ++i) EXPECT_EQ(out[i], i * i);
    if (threads > 1) {
      EXPECT_TRUE(abandon.load());
      EXPECT_LE(produced, 256u * static_cast<uint64_t>(threads) + 64u);  // bounded read-ahead
    }
  }
}

TEST(OrderedMap, CancelEndsTheRunAndReportsIt) {
  for (int threads : {1, 2}) {
    std::atomic<bool> cancel{false};
    uint64_t next = 0;
    size_t emitted = 0;
    const bool finished = OrderedMap<uint64_t, uint64_t>(
        threads, &cancel, nullptr,
        [&](uint64_t& task) {
          task = next++;
          return true;
        },
        [](uint64_t& task) { return task; },
        [&](uint64_t&) {
          if (++emitted == 100) cancel.store(true);
          return true;
        });
    EXPECT_FALSE(finished) << threads << " threads";
    EXPECT_GE(emitted, 100u);
    EXPECT_LT(emitted, 100u + 256u * 2u);
  }
}

TEST(OrderedMap, WorkerExceptionIsRethrownOnTheCaller) {
  for (int threads : {1, 2}) {
    uint64_t next = 0;
    auto run = [&] {
      OrderedMap<uint64_t, uint64_t>(
          threads, nullptr, nullptr,
          [&](uint64_t& task) {
            if (next == 500) return false;
            task = next++;
            return true;
          },
          [](uint64_t& task) -> uint64_t {
            if (task == 77) throw std::runtime_error("task 77");
            return task;
          },
          [](uint64_t&) { return true; });
    };
    EXPECT_THROW(run(), std::runtime_error) << threads << " threads";
  }
}

}  // namespace
}  // namespace talon::cli
