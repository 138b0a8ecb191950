// `talon-stats merge FILE...`: the report of a survey from the per-deal
// files of its runs (docs/tools.md, docs/scale.md).
#pragma once

namespace talon::cli {

// The subcommand's main; argv[0] is "merge".
int RunStatsMerge(int argc, char** argv);

}  // namespace talon::cli
