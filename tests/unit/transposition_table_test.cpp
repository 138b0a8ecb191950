#include "core/transposition_table.h"

#include <gtest/gtest.h>

namespace talon {
namespace {

TEST(TranspositionTable, InsertThenContains) {
  TranspositionTable t(1 << 20);
  EXPECT_TRUE(t.Insert({1, 2}));
  EXPECT_FALSE(t.Insert({1, 2}));
  EXPECT_TRUE(t.Contains({1, 2}));
  EXPECT_FALSE(t.Contains({2, 1}));
  EXPECT_EQ(t.size(), 1u);
}

TEST(TranspositionTable, GrowsAndKeepsEveryKeyUnderTheLimit) {
  TranspositionTable t(size_t{1} << 24, 64);
  for (uint64_t i = 0; i < 100000; ++i) EXPECT_TRUE(t.Insert({i, i * 7}));
  for (uint64_t i = 0; i < 100000; ++i) ASSERT_TRUE(t.Contains({i, i * 7})) << i;
  EXPECT_EQ(t.size(), 100000u);
  EXPECT_EQ(t.overwrites(), 0u);
  EXPECT_LE(t.bytes(), size_t{1} << 24);
}

TEST(TranspositionTable, NeverExceedsItsByteLimit) {
  TranspositionTable t(64 * 1024, 64);
  for (uint64_t i = 0; i < 200000; ++i) t.Insert({i, 0});
  EXPECT_LE(t.bytes(), 64u * 1024u);
  EXPECT_GT(t.overwrites(), 0u);
  // The most recent key is always present.
  EXPECT_TRUE(t.Contains({199999, 0}));
}

TEST(TranspositionTable, ClearEmptiesIt) {
  TranspositionTable t(1 << 16);
  t.Insert({5, 5});
  t.Clear();
  EXPECT_FALSE(t.Contains({5, 5}));
  EXPECT_EQ(t.size(), 0u);
}

}  // namespace
}  // namespace talon
