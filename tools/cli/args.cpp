#include "tools/cli/args.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <thread>

#include "core/text.h"
#include "tools/cli/exit.h"
#include "tools/cli/report.h"
#include "tools/cli/signals.h"

namespace talon::cli {

int RunTool(const char* name, int argc, char** argv, int (*run)(int argc, char** argv)) {
  SetToolName(name);
  InstallSignalHandlers();
  try {
    return run(argc, argv);
  } catch (const po::error& e) {
    PrintError(std::string(e.what()) + " (see " + name + " --help)");
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    PrintError("out of memory (try a smaller --max-memory or fewer --threads)");
    return kExitInternal;
  } catch (const std::exception& e) {
    PrintError(std::string("internal error: ") + e.what());
    return kExitInternal;
  }
}

std::string VersionLine() { return ToolName() + " " + TALON_VERSION; }

int ParseCommandLine(int argc, char** argv, const ToolHelp& help, po::options_description& options,
                     const po::options_description* hidden,
                     const po::positional_options_description* positional, po::variables_map& vm) {
  options.add_options()("help,h", "print this help and exit")("version",
                                                              "print the version and exit");
  try {
    po::options_description all;
    all.add(options);
    if (hidden) all.add(*hidden);
    // Positional arguments are named here rather than by Boost, which drops
    // them silently when a tool takes none and does not name the extra one.
    po::parsed_options parsed = po::command_line_parser(argc, argv).options(all).run();
    const unsigned most = positional ? positional->max_total_count() : 0;
    unsigned position = 0;
    for (po::option& o : parsed.options) {
      if (o.position_key < 0) continue;
      const std::string arg = o.value.empty() ? std::string() : o.value.front();
      if (position >= most) {
        PrintError("unexpected argument '" + arg + "' (" + ToolName() +
                   (most == 0 ? " takes options only" : most == 1 ? " takes one file" : " takes files") +
                   "; see " + ToolName() + " --help)");
        return kExitUsage;
      }
      o.string_key = positional->name_for_position(position++);
    }
    po::store(parsed, vm);
    if (vm.count("help")) {
      std::cout << "Usage: " << help.usage << "\n\n" << help.purpose << "\n\n" << options << "\n";
      if (!help.details.empty())
        std::cout << help.details << (help.details.back() == '\n' ? "\n" : "\n\n");
      std::cout << ExitStatusHelp() << "\n";
      if (!help.examples.empty()) std::cout << "Examples:\n" << help.examples << "\n";
      std::cout << "Documentation: docs/tools.md, docs/exit-status.md. Version " << TALON_VERSION
                << ".\n";
      std::cout.flush();
      return std::cout ? kExitOk : kExitIoError;
    }
    if (vm.count("version")) {
      std::cout << VersionLine() << "\n";
      std::cout.flush();
      return std::cout ? kExitOk : kExitIoError;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    PrintError(std::string(e.what()) + " (see " + ToolName() + " --help)");
    return kExitUsage;
  }
  return -1;
}

namespace {

// `text` broken into lines of at most `width` columns (counting UTF-8
// characters), each but the first starting with `indent` spaces.
std::string Wrap(const std::string& text, size_t indent, size_t width) {
  std::string out, line;
  size_t line_len = 0, start = 0;
  auto columns = [](const std::string& w) {
    size_t n = 0;
    for (unsigned char c : w) n += (c & 0xC0) != 0x80;
    return n;
  };
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    if (line_len > 0 && line_len + 1 + columns(word) > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
      line_len = indent;
    } else if (line_len > 0 && !line.empty()) {
      line += ' ';
      ++line_len;
    }
    line += word;
    line_len += columns(word);
  }
  return out + line;
}

}  // namespace

int ParseCommandLine(int argc, char** argv, const ToolHelp& help, po::options_description& options,
                     const po::positional_options_description* positional, po::variables_map& vm) {
  return ParseCommandLine(argc, argv, help, options, nullptr, positional, vm);
}

std::string GamesHelp() {
  std::string out =
      "Games (--game), each with the areas its deals list, its options (--option\n"
      "NAME=VALUE) and the formats of other programs it can be written in (--format):\n";
  for (const Game* g : AllGames()) {
    const GameInfo& info = g->info();
    std::string line = "  " + info.id;
    if (line.size() < 20) line.resize(20, ' ');
    line += info.title + (info.decks > 1 ? " (" + std::to_string(info.decks) + " decks)" : "") + "; areas:";
    for (size_t i = 0; i < info.areas.size(); ++i)
      line += (i ? ", " : " ") + std::string(AreaName(info.areas[i]));
    out += line + "\n";
    for (const OptionSpec& spec : info.options) {
      std::string values;
      for (const OptionValue& v : spec.allowed)
        values += (values.empty() ? "" : "|") + FormatOptionValue(v);
      if (spec.TakesNumbers()) values += (values.empty() ? "" : "|") + std::string("N");
      std::string text = spec.name + "=" + values + " (default " +
                         FormatOptionValue(spec.default_value) + "): " + spec.help;
      out += "    " + Wrap(text, 6, 76) + "\n";
    }
    for (const DealExport& e : info.exports) {
      std::string text = "--format " + e.format + ": " + e.help +
                         (e.blank_line_between ? "; deals separated by an empty line" : "; one deal a line") +
                         (e.rules_elsewhere.empty() ? ""
                                                    : "; the cards only, not the rules, so --option is "
                                                      "refused (" + e.rules_elsewhere + ")");
      out += "    " + Wrap(text, 6, 76) + "\n";
    }
  }
  return out;
}

std::string ExportFormatsHelp() {
  std::string out;
  for (const Game* g : AllGames()) {
    std::vector<std::string> formats;
    for (const DealExport& e : g->info().exports) formats.push_back(e.format);
    if (!formats.empty()) out += (out.empty() ? "for " : "; for ") + std::string(g->id()) + " " + OrList(formats);
  }
  return out;
}

void AddOutputOption(po::options_description& options, std::string& path, const std::string& what) {
  options.add_options()("output,o", po::value(&path)->value_name("FILE"),
                        ("write " + (what.empty() ? "" : what + " ") +
                         "to FILE (whole or not at all) instead of standard output")
                            .c_str());
}

void AddFormatAndOutputOptions(po::options_description& options, std::string& format,
                               const std::vector<std::string>& formats, const std::string& form,
                               std::string& output_path, const std::string& what) {
  options.add_options()("format", po::value(&format)->value_name("F")->default_value(formats.at(0)),
                        (form + ": " + OrList(formats)).c_str());
  AddOutputOption(options, output_path, what);
}

Status CheckFormat(const std::string& format, const std::vector<std::string>& formats) {
  if (std::find(formats.begin(), formats.end(), format) != formats.end()) return Status::Ok();
  return Status::Usage("--format: '" + format + "' is not a format (use " + OrList(formats) + ")");
}

std::string OrList(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

Expected<uint64_t> ParseCount(const std::string& option, const std::string& text) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec == std::errc::invalid_argument)
    return Status::Usage(option + ": '" + Excerpt(text, 80) + "' is not a whole number (e.g. " + option +
                         " 42)");
  if (ec == std::errc::result_out_of_range)
    return Status::Usage(option + ": '" + Excerpt(text, 80) + "' is too large (at most 18446744073709551615)");
  return value;
}

Expected<Range> ParseRange(const std::string& option, const std::string& text) {
  size_t dash = text.find('-');
  if (dash == std::string::npos) {
    auto n = ParseCount(option, text);
    if (!n) return n.status();
    return Range{*n, *n};
  }
  auto bad = [&] {
    return Status::Usage(option + ": '" + Excerpt(text, 80) + "' is not a range A-B of deal numbers (e.g. " +
                         option + " 1-100)");
  };
  if (dash == 0 || dash + 1 == text.size()) return bad();
  auto a = ParseCount(option, text.substr(0, dash));
  auto b = ParseCount(option, text.substr(dash + 1));
  if (!a || !b) return bad();
  if (*a > *b)
    return Status::Usage(option + ": '" + Excerpt(text, 80) +
                         "' is empty: the first number is larger than the last");
  return Range{*a, *b};
}

Expected<std::vector<Range>> ParseRangeList(const std::string& option, const std::string& text) {
  std::vector<Range> list;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty())
      return Status::Usage(option + ": '" + text + "' has an empty item (a list of deal numbers and ranges A-B, e.g. " +
                           option + " 12,40,97-99)");
    auto r = ParseRange(option, item);
    if (!r) return r.status();
    list.push_back(*r);
    if (comma == std::string::npos) return list;
    start = comma + 1;
  }
}

Expected<size_t> ParseByteSize(const std::string& option, const std::string& text) {
  auto bad = [&] {
    return Status::Usage(option + ": '" + Excerpt(text, 80) +
                         "' is not a size (a whole number of bytes, or with a suffix K, M, G or "
                         "T, e.g. 512M)");
  };
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0) return bad();
  auto n = ParseCount(option, text.substr(0, digits));
  if (!n) return bad();
  std::string suffix;
  for (char c : text.substr(digits))
    suffix += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (suffix.size() >= 2 && suffix.substr(suffix.size() - 2) == "IB")
    suffix.resize(suffix.size() - 2);
  else if (suffix.size() >= 2 && suffix.back() == 'B')
    suffix.pop_back();
  else if (suffix == "B")
    suffix.clear();
  int shift = 0;
  if (suffix.empty())
    shift = 0;
  else if (suffix == "K")
    shift = 10;
  else if (suffix == "M")
    shift = 20;
  else if (suffix == "G")
    shift = 30;
  else if (suffix == "T")
    shift = 40;
  else
    return bad();
  if (*n > (~uint64_t{0} >> shift)) return Status::Usage(option + ": '" + Excerpt(text, 80) + "' is too large");
  return static_cast<size_t>(*n << shift);
}

Expected<double> ParseSeconds(const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno != 0 || !std::isfinite(v) ||
      v < 0 || text.find_first_of("xXnN") != std::string::npos)
    return Status::Usage(option + ": '" + Excerpt(text, 80) + "' is not a number of seconds (e.g. " + option +
                         " 2.5)");
  return v;
}

Expected<const Game*> ParseGame(const std::string& id) {
  const Game* game = FindGame(id);
  if (!game)
    return Status::Usage("--game: unknown game '" + Excerpt(id, 80) + "' (the games are: " + GameIdList() + ")");
  return game;
}

Expected<std::vector<const Game*>> ParseGameList(const std::string& ids) {
  std::vector<const Game*> games;
  size_t start = 0;
  while (true) {
    const size_t comma = ids.find(',', start);
    const std::string id = ids.substr(start, comma - start);
    auto g = ParseGame(id);
    if (!g) return g.status();
    if (std::find(games.begin(), games.end(), *g) != games.end())
      return Status::Usage("--game: '" + Excerpt(id, 80) + "' is given twice");
    games.push_back(*g);
    if (comma == std::string::npos) return games;
    start = comma + 1;
  }
}

Expected<Options> ParseGameOptions(const Game& game, const std::vector<std::string>& pairs) {
  Options given;
  for (const std::string& pair : pairs) {
    size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
      return Status::Usage("--option: '" + Excerpt(pair, 80) + "' is not NAME=VALUE (e.g. --option slots=15)");
    std::string name = pair.substr(0, eq);
    if (given.count(name)) return Status::Usage("--option: '" + Excerpt(name, 80) + "' is given twice");
    given[name] = ParseOptionValue(pair.substr(eq + 1));
  }
  auto complete = CompleteOptions(game.option_specs(), given);
  if (!complete) {
    std::string known;
    for (const OptionSpec& spec : game.option_specs())
      known += (known.empty() ? "" : ", ") + spec.name;
    return Status::Usage(
        "--option: " + complete.status().message() + " (" + std::string(game.id()) +
        (known.empty() ? " has no options" : " has the options: " + known) + "; see --help)");
  }
  return *complete;
}

int DefaultThreads() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

Expected<int> ParseThreads(const std::string& option, const std::string& text) {
  auto n = ParseCount(option, text);
  if (!n) return n.status();
  if (*n == 0) return DefaultThreads();
  if (*n > 1024) return Status::Usage(option + ": " + Excerpt(text, 80) + " threads is too many (at most 1024)");
  return static_cast<int>(*n);
}

Status ParseLimitOptions(const po::variables_map& vm, SearchLimits& limits) {
  if (vm.count("max-nodes")) {
    auto n = ParseCount("--max-nodes", vm["max-nodes"].as<std::string>());
    if (!n) return n.status();
    limits.max_nodes = *n;
  }
  if (vm.count("max-seconds")) {
    auto s = ParseSeconds("--max-seconds", vm["max-seconds"].as<std::string>());
    if (!s) return s.status();
    limits.max_seconds = *s;
  }
  return Status();
}

}  // namespace talon::cli
