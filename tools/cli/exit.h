// Exit statuses: the one place where a Status becomes a process exit code.
//
// Every talon tool uses the same set (docs/exit-status.md, and each --help):
//   0 ok, 1 negative verdict, 2 usage, 3 limit reached, 65 bad input data,
//   74 I/O error, 70 internal error, 130 SIGINT, 141 closed output pipe,
//   143 SIGTERM.
#pragma once

#include <string>

#include "core/status.h"

namespace talon::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitNegative = 1,   // unsolvable deal, invalid solution
  kExitUsage = 2,      // bad command line
  kExitLimit = 3,      // a limit was reached: the answer is unknown
  kExitBadInput = 65,  // EX_DATAERR: malformed or inconsistent input data
  kExitInternal = 70,  // EX_SOFTWARE: a bug in talon
  kExitIoError = 74,   // EX_IOERR: a file could not be opened, read or written
  kExitSigint = 130,   // 128 + SIGINT
  kExitPipe = 141,     // 128 + SIGPIPE: the reader of the output went away (quietly)
  kExitSigterm = 143,  // 128 + SIGTERM
};

// The exit code for a Status. kOk -> 0.
int ExitCodeFor(StatusCode code);

// The "Exit status:" section printed by every tool's --help.
std::string ExitStatusHelp();

}  // namespace talon::cli
