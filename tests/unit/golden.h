// Golden pictures for the render tests: a PNG compared with
// tests/data/golden/NAME, pixel by pixel with a small tolerance.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "render/cairo_writer.h"
#include "test_util.h"

namespace talon::render {

// Compares a picture with tests/data/golden/NAME (per-pixel tolerance: each
// channel within 48, and at most 0.5% of pixels beyond that). With
// TALON_UPDATE_GOLDEN=1 the golden file is rewritten instead.
inline void ExpectMatchesGolden(const std::string& png, const std::string& name) {
  const std::string path = test::TestDataPath("golden/" + name);
  if (const char* u = std::getenv("TALON_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    std::ofstream(path, std::ios::binary) << png;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing (make it with TALON_UPDATE_GOLDEN=1)";
  std::stringstream buf;
  buf << in.rdbuf();
  auto want = ReadPng(buf.str());
  auto got = ReadPng(png);
  ASSERT_TRUE(want.ok() && got.ok());
  ASSERT_EQ(got->width, want->width);
  ASSERT_EQ(got->height, want->height);
  size_t bad = 0;
  for (size_t i = 0; i < got->pixels.size(); ++i) {
    const uint32_t a = got->pixels[i], b = want->pixels[i];
    for (int shift : {0, 8, 16}) {
      const int da = static_cast<int>((a >> shift) & 0xFF), db = static_cast<int>((b >> shift) & 0xFF);
      if (std::abs(da - db) > 48) {
        ++bad;
        break;
      }
    }
  }
  EXPECT_LE(bad, got->pixels.size() / 200) << bad << " pixels differ from " << path;
}

}  // namespace talon::render
