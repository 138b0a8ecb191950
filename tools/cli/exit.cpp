#include "tools/cli/exit.h"

namespace talon::cli {

int ExitCodeFor(StatusCode code) {
  switch (code) {
    case StatusCode::kOk:
      return kExitOk;
    case StatusCode::kIllegalMove:
    case StatusCode::kUnsolvable:
      return kExitNegative;
    case StatusCode::kUsage:
      return kExitUsage;
    case StatusCode::kLimit:
      return kExitLimit;
    case StatusCode::kBadInput:
      return kExitBadInput;
    case StatusCode::kIoError:
      return kExitIoError;
    case StatusCode::kInternal:
      return kExitInternal;
  }
  return kExitInternal;
}

std::string ExitStatusHelp() {
  return "Exit status:\n"
         "  0    success (the deals written, every deal solved, every solution ok)\n"
         "  1    negative verdict (a deal is unsolvable, a solution is illegal or not won)\n"
         "  2    usage error (bad option or option value)\n"
         "  3    a limit was reached (an answer is unknown, or --max-scan ran out)\n"
         "  65   bad input data (the message names file:line and field)\n"
         "  70   internal error (a bug in talon; please report it)\n"
         "  74   I/O error (a file could not be opened, read or written)\n"
         "  130  interrupted by SIGINT (Ctrl-C); 143 terminated by SIGTERM\n"
         "  141  the output's reader went away (a closed pipe, e.g. | head -1); no message\n"
         "  No partial output file is left behind on any failure.\n";
}

}  // namespace talon::cli
