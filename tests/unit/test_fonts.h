// The fonts the render tests draw with (render/fonts.h), found once; when
// they are not found, a test failure names why and the run stops.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>

#include "render/fonts.h"

namespace talon::render::testing {

inline const Fonts& TestFonts() {
  static const Fonts fonts = [] {
    auto f = FindFonts();
    if (!f) {
      ADD_FAILURE() << f.status().message();
      std::abort();
    }
    return *f;
  }();
  return fonts;
}

}  // namespace talon::render::testing
