#include "tools/cli/report.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/text.h"
#include "tools/cli/exit.h"
#include "tools/cli/signals.h"

namespace talon::cli {

namespace {

std::string& Name() {
  static std::string name = "talon";
  return name;
}

bool UseColour() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDERR_FILENO) == 1;
}

void Print(std::string_view label, std::string_view message) {
  // One fwrite per message, so that lines from one process do not interleave.
  std::string line = Name() + ": ";
  if (!label.empty()) {
    static const bool colour = UseColour();
    if (colour) line += "\033[1;31m";
    line += label;
    if (colour) line += "\033[0m";
    line += ' ';
  }
  line += Printable(message);  // quoted input cannot garble the terminal
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

void SetToolName(std::string name) { Name() = std::move(name); }
const std::string& ToolName() { return Name(); }

void PrintError(std::string_view message) { Print("error:", message); }
void PrintNote(std::string_view message) { Print("", message); }

int Fail(const Status& status) {
  // Once the output's reader has gone, nothing is reported (as other Unix
  // tools end at a closed pipe): whatever failed after it is moot.
  if (OutputClosed()) return InterruptExitCode();
  PrintError(status.message());
  return ExitCodeFor(status.code());
}

}  // namespace talon::cli
