// The command line shared by every tool: --help, --version, the error
// boundary, and parsers for the values the tools take (deal numbers, ranges,
// byte sizes, game options). Options are parsed with Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/options.h"
#include "core/search_limits.h"
#include "core/status.h"

namespace talon::cli {

namespace po = boost::program_options;

// What --help prints besides the options, exit statuses and version.
struct ToolHelp {
  std::string usage;     // "talon-deal --game G (--deal N | ...) [options]" (one or more lines)
  std::string purpose;   // a paragraph: what the tool does
  std::string details;   // after the options: semantics, outputs, messages
  std::string examples;  // copy-paste examples, one a line
};

// Runs a tool's main: sets the tool name for messages, installs the signal
// handlers, and turns what escapes `run` into an exit status (a
// Boost.Program_options error -> 2 with the message; anything else -> 70).
int RunTool(const char* name, int argc, char** argv, int (*run)(int argc, char** argv));

// Parses the command line into `vm`, adding --help (-h) and --version to
// `options`; `hidden` (may be null) holds options --help does not list (e.g.
// the one positional arguments are stored in). Returns -1 to go on, or the
// exit status to return at once: 0 after printing the help or the version,
// 2 after a usage error.
int ParseCommandLine(int argc, char** argv, const ToolHelp& help, po::options_description& options,
                     const po::options_description* hidden,
                     const po::positional_options_description* positional, po::variables_map& vm);

// The same without hidden options.
int ParseCommandLine(int argc, char** argv, const ToolHelp& help, po::options_description& options,
                     const po::positional_options_description* positional, po::variables_map& vm);

// "talon-deal 0.1.0"
std::string VersionLine();

// Adds --output/-o FILE: "write `what` to FILE (whole or not at all) instead
// of standard output" ("write to FILE ..." when `what` is empty).
void AddOutputOption(po::options_description& options, std::string& path, const std::string& what = "");
// Adds --format F, one of `formats` (the first the default), described as
// "`form`: text or json", then --output as AddOutputOption.
void AddFormatAndOutputOptions(po::options_description& options, std::string& format,
                               const std::vector<std::string>& formats, const std::string& form,
                               std::string& output_path, const std::string& what = "");
// A usage error unless `format` is one of `formats`: "--format: 'x' is not a
// format (use text or json)".
Status CheckFormat(const std::string& format, const std::vector<std::string>& formats);
// "a", "a or b", "a, b or c".
std::string OrList(const std::vector<std::string>& words);

// The games with their areas, options and export formats, for --help.
std::string GamesHelp();
// The export formats by game, "for klondike ksolve or pysol", for --help;
// "" when no game has one.
std::string ExportFormatsHelp();

// ---- Value parsers. Errors are kUsage and name the option (e.g. "--deal").

// A whole number 0 .. 2^64-1, decimal.
Expected<uint64_t> ParseCount(const std::string& option, const std::string& text);
// "A-B" (A <= B) or a single number N (= N-N).
struct Range {
  uint64_t first = 0, last = 0;
};
Expected<Range> ParseRange(const std::string& option, const std::string& text);
// "12,40,97-99": ranges (each as ParseRange) separated by commas, in the
// order given; no empty item.
Expected<std::vector<Range>> ParseRangeList(const std::string& option, const std::string& text);
// "2G", "512M", "64K", "1000000": bytes, with binary suffixes K M G T
// (case-insensitive, optionally followed by "B" or "iB").
Expected<size_t> ParseByteSize(const std::string& option, const std::string& text);
// A non-negative decimal number of seconds ("2", "0.5").
Expected<double> ParseSeconds(const std::string& option, const std::string& text);
// The game named `id`, or a usage error listing the games.
Expected<const Game*> ParseGame(const std::string& id);
// "G[,G2...]": the games named, in order; a usage error for an unknown game
// or one given twice.
Expected<std::vector<const Game*>> ParseGameList(const std::string& ids);
// The k=v pairs of --option, completed with the game's defaults and checked.
Expected<Options> ParseGameOptions(const Game& game, const std::vector<std::string>& pairs);
// The per-deal search limits given as --max-nodes N and --max-seconds S
// (each only if the tool declared it and the user gave it) into `limits`.
Status ParseLimitOptions(const po::variables_map& vm, SearchLimits& limits);

// A thread count 1..1024; "0" or an absent option mean every core.
Expected<int> ParseThreads(const std::string& option, const std::string& text);
int DefaultThreads();  // std::thread::hardware_concurrency(), at least 1

}  // namespace talon::cli
