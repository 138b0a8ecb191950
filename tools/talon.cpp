// talon: runs `talon-CMD ARGS...` for `talon CMD ARGS...`, taking talon-CMD
// from the directory this executable lives in (so that the tools of one build
// or install go together, whatever is on PATH).
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "tools/cli/exit.h"
#include "tools/cli/report.h"

namespace talon::cli {
namespace {

struct Known {
  const char* name;
  const char* purpose;
};
constexpr Known kKnown[] = {
    {"deal", "deal cards by number, at random, or only winnable deals"},
    {"solve", "decide deals: a winning line, a proof of no win, or unknown"},
    {"verify", "check solutions move by move against the rules"},
    {"render", "print one deal: a layout sheet and a solution sheet (PDF, PNG, SVG)"},
    {"book", "make a printable PDF booklet of winnable deals with their solutions"},
    {"stats", "survey deals: winnable share with its interval, search effort, line lengths"},
};

// The directory holding this executable, from /proc/self/exe.
std::string SelfDir() {
  std::vector<char> buf(PATH_MAX + 1);
  ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0) return ".";
  std::string path(buf.data(), static_cast<size_t>(n));
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
}

bool IsExecutable(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

// The commands present beside this executable (talon-NAME files), sorted.
std::vector<std::string> Commands(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string_view file = e->d_name;
      if (file.rfind("talon-", 0) != 0 || file.size() == 6) continue;
      if (IsExecutable(dir + "/" + std::string(file))) out.emplace_back(file.substr(6));
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string CommandList(const std::vector<std::string>& commands) {
  std::string out;
  for (const std::string& c : commands) out += (out.empty() ? "" : ", ") + c;
  return out.empty() ? "none found" : out;
}

void PrintHelp(const std::string& dir) {
  std::string text =
      "Usage: talon COMMAND [ARGS...]\n"
      "       talon help COMMAND\n"
      "\n"
      "Deals, solves, verifies and prints patience games. `talon COMMAND ARGS` runs\n"
      "talon-COMMAND ARGS from the directory of this program (" +
      dir +
      ").\n"
      "\n"
      "Commands:\n";
  const std::vector<std::string> commands = Commands(dir);
  if (commands.empty()) text += "  (none found beside this program)\n";
  for (const std::string& c : commands) {
    std::string line = "  " + c;
    if (line.size() < 12) line.resize(12, ' ');
    for (const Known& k : kKnown)
      if (c == k.name) line += std::string("  ") + k.purpose;
    text += line + "\n";
  }
  text +=
      "\n"
      "Options:\n"
      "  -h, --help     print this help and exit\n"
      "  --version      print the version and exit\n"
      "\n"
      "Each command has its own --help. `talon help CMD` is `talon CMD --help`.\n"
      "\n" +
      ExitStatusHelp() +
      "  A command's exit status is passed on unchanged. talon itself exits 2 for an\n"
      "  unknown command and 74 when the command cannot be started.\n"
      "\n"
      "Examples:\n"
      "  talon deal --game fourteen-out --deals 1-10 | talon solve | head -3\n"
      "  talon help solve\n"
      "\n"
      "Documentation: docs/tools.md, docs/exit-status.md. Version " TALON_VERSION ".\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
}

int Run(int argc, char** argv) {
  const std::string dir = SelfDir();
  if (argc < 2) {
    PrintError("no command given (the commands are: " + CommandList(Commands(dir)) +
               "; see talon --help)");
    return kExitUsage;
  }
  std::string_view first = argv[1];
  if (first == "--help" || first == "-h" || (first == "help" && argc == 2)) {
    PrintHelp(dir);
    return std::fflush(stdout) == 0 ? kExitOk : kExitIoError;
  }
  if (first == "--version") {
    std::printf("talon %s\n", TALON_VERSION);
    return std::fflush(stdout) == 0 ? kExitOk : kExitIoError;
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  if (first == "help") {  // talon help CMD [...] -> talon-CMD --help
    args.erase(args.begin());
    args.resize(1);
    args.push_back("--help");
  }
  const std::string& command = args[0];
  if (command.empty() || command[0] == '-') {
    PrintError("unknown option '" + command + "' (see talon --help)");
    return kExitUsage;
  }
  const bool plain = std::all_of(command.begin(), command.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
  const std::string path = dir + "/talon-" + command;
  if (!plain || !IsExecutable(path)) {
    PrintError("unknown command '" + command +
               "' (the commands are: " + CommandList(Commands(dir)) + ")");
    return kExitUsage;
  }
  args[0] = "talon-" + command;
  std::vector<char*> exec_argv;
  for (std::string& a : args) exec_argv.push_back(a.data());
  exec_argv.push_back(nullptr);
  std::fflush(nullptr);
  execv(path.c_str(), exec_argv.data());
  PrintError("cannot run " + path + ": " + std::strerror(errno));
  return kExitIoError;
}

}  // namespace
}  // namespace talon::cli

int main(int argc, char** argv) {
  talon::cli::SetToolName("talon");
  return talon::cli::Run(argc, argv);
}
