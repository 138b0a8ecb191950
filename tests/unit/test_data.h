// The test data (tests/data): its directory comes from $TALON_TEST_DATA,
// which ctest sets; run the unit tests by hand with
//   TALON_TEST_DATA=tests/data build/bin/talon_unit_tests
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace talon {

// The path of `name` in the test data; a test failure when TALON_TEST_DATA
// is not set.
inline std::string TestDataPath(const std::string& name) {
  const char* dir = std::getenv("TALON_TEST_DATA");
  if (!dir || !*dir) {
    ADD_FAILURE() << "TALON_TEST_DATA is not set (ctest sets it to tests/data)";
    return name;
  }
  return std::string(dir) + "/" + name;
}

}  // namespace talon
