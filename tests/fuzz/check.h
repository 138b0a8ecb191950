// What the fuzz targets assert beyond "no crash": a broken property prints
// the input's story and aborts, which libFuzzer (and the replay ctest) report.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/status.h"

namespace talon::fuzz {

[[noreturn]] inline void Broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz property broken: %s\n%s\n", what, detail.c_str());
  std::abort();
}

// Every reader error is bad input with a message: never an internal error,
// never an empty message.
inline void CheckReaderError(const Status& s, StatusCode want, const std::string& prefix) {
  if (s.ok()) Broken("an error status is ok", "");
  if (s.code() != want) Broken("a reader error has the wrong code", s.message());
  if (s.message().rfind(prefix, 0) != 0) Broken("a reader error does not start with its place", s.message());
  if (s.message().size() <= prefix.size()) Broken("a reader error says nothing", s.message());
  // Quoted input is cut (Excerpt): a long bad line makes no long message.
  if (s.message().size() > 1000) Broken("a reader error is over 1000 bytes", s.message().substr(0, 2000));
}

}  // namespace talon::fuzz

#define FUZZ_CHECK(cond, detail) \
  do {                           \
    if (!(cond)) ::talon::fuzz::Broken(#cond, (detail)); \
  } while (0)
