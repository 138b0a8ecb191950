// Messages on stderr: "talon-TOOL: error: ..." and friends.
//
// "error:" is coloured (bold red) only when stderr is a terminal, NO_COLOR is
// unset or empty (https://no-color.org) and TERM is not "dumb".
#pragma once

#include <string>
#include <string_view>

#include "core/status.h"

namespace talon::cli {

// Sets the program name used in every message ("talon-solve").
void SetToolName(std::string name);
const std::string& ToolName();

// "talon-TOOL: error: MESSAGE\n" on stderr.
void PrintError(std::string_view message);
// "talon-TOOL: MESSAGE\n" on stderr (summaries, notes).
void PrintNote(std::string_view message);

// Prints `status`'s message as an error and returns its exit code.
// REQUIRES: !status.ok().
int Fail(const Status& status);

}  // namespace talon::cli
