#include "tools/cli/per_deal.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <deque>
#include <map>

#include "core/text.h"
#include "tools/cli/args.h"
#include "tools/cli/io.h"

namespace talon::cli {
namespace {

// The columns, as written; `grade` is read when present.
constexpr std::array<const char*, 8> kColumns = {"game",  "options", "deal",  "result",
                                                 "nodes", "moves",   "score", "index"};
constexpr const char* kWrittenColumns = "game,options,deal,result,nodes,moves,score,index";
constexpr const char* kLegacyColumns = "game,options,deal,result,nodes,moves,score";
constexpr const char* kColumnHelp =
    "the columns are game, options, deal, result, nodes, moves, score, index and optionally grade; "
    "a column named x-NAME is ignored";

std::string QuoteCsv(const std::string& field) {
  if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
  std::string q = "\"";
  for (char c : field) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// Bytes kept as they are in a file name of the header; the others are %XX.
bool Plain(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '.' || c == '_' || c == '-' || c == '/' || c == '+' || c == ':' || c == '@' ||
         c == '~';
}

std::string SecondsText(double s) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, s);
  return std::string(buf, end);
}

template <class T>
bool ParseNumber(std::string_view text, T& value) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ptr == text.data() + text.size() && ec == std::errc();
}

// One CSV record (RFC 4180) from `buf` at `pos`; fields point into `buf`
// or, when quoted, into `scratch` (a deque: growing it moves no string a
// field points into). `line` is advanced past the record's
// line ends. Returns an error message, or "".
std::string NextRecord(std::string_view buf, size_t& pos, uint64_t& line,
                       std::vector<std::string_view>& fields, std::deque<std::string>& scratch) {
  fields.clear();
  for (size_t k = 0;; ++k) {
    if (pos < buf.size() && buf[pos] == '"') {
      while (scratch.size() <= k) scratch.emplace_back();
      std::string& s = scratch[k];
      s.clear();
      ++pos;
      for (;;) {
        const size_t q = buf.find('"', pos);
        if (q == std::string_view::npos) return "a quoted field has no closing quote";
        for (size_t i = pos; i < q; ++i) line += buf[i] == '\n';
        s.append(buf.substr(pos, q - pos));
        pos = q + 1;
        if (pos < buf.size() && buf[pos] == '"') {
          s += '"';
          ++pos;
          continue;
        }
        break;
      }
      if (pos < buf.size() && buf[pos] == '\r' && pos + 1 < buf.size() && buf[pos + 1] == '\n') ++pos;
      if (pos < buf.size() && buf[pos] != ',' && buf[pos] != '\n')
        return "text after a quoted field (a quote inside a field is written twice: \"\")";
      fields.push_back(s);
    } else {
      size_t end = buf.find_first_of(",\n\"", pos);
      if (end != std::string_view::npos && buf[end] == '"')
        return "a quote inside a field that does not start with one";
      if (end == std::string_view::npos) end = buf.size();
      std::string_view f = buf.substr(pos, end - pos);
      if ((end == buf.size() || buf[end] == '\n') && !f.empty() && f.back() == '\r') f.remove_suffix(1);
      fields.push_back(f);
      pos = end;
    }
    if (pos < buf.size() && buf[pos] == ',') {
      ++pos;
      continue;
    }
    if (pos < buf.size()) ++pos;  // the '\n'
    ++line;
    return "";
  }
}

// The first line, without its line end.
std::string_view FirstLine(std::string_view buf, size_t& pos) {
  size_t end = buf.find('\n', pos);
  if (end == std::string_view::npos) end = buf.size();
  std::string_view l = buf.substr(pos, end - pos);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  pos = end < buf.size() ? end + 1 : end;
  return l;
}

// What separates the words of the first line: a '\r' too, so that a word
// never ends in one (the line's last '\r' is its line end).
bool Space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

bool Blank(std::string_view l) { return l.find_first_not_of(" \t\r") == std::string_view::npos; }

class Parser {
 public:
  Parser(const std::string& path, std::string_view buf) : path_(path), buf_(buf) {}
  Expected<PerDealTable> Run();

 private:
  Status Bad(uint64_t line, const std::string& message) const {
    return Status::BadInput(path_ + ":" + std::to_string(line) + ": " + message);
  }
  Status RunLine(std::string_view text);
  Status Columns(const std::vector<std::string_view>& names);
  Status Record(const std::vector<std::string_view>& f, uint64_t line);
  Expected<uint32_t> Group(std::string_view game, std::string_view options, uint64_t line);

  const std::string& path_;
  std::string_view buf_;
  PerDealTable table_;
  Range range_;  // of a ranged run
  // Column positions of the fields read; -1 = absent.
  int game_ = -1, options_ = -1, deal_ = -1, result_ = -1, nodes_ = -1, moves_ = -1, score_ = -1,
      index_ = -1, grade_ = -1;
  size_t columns_ = 0;
  // (game, options as written) -> group, for the lines that follow.
  std::map<std::pair<std::string, std::string>, uint32_t, std::less<>> seen_;
  std::pair<std::string, std::string> last_key_;
  uint32_t last_group_ = UINT32_MAX;
};

Status Parser::RunLine(std::string_view text) {
  PerDealRun& run = table_.run;
  // "# talon-per-deal/1 key=value ..."
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && Space(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !Space(text[j])) ++j;
    if (j > i) words.push_back(text.substr(i, j - i));
    i = j;
  }
  const std::string kind = std::string("a per-deal file starts with '# ") + kPerDealFormat +
                           " deals=...' or the column names, as talon-stats --per-deal writes it";
  if (words.size() < 2 || words[0] != "#" || words[1].substr(0, 15) != "talon-per-deal/")
    return Bad(1, "not a per-deal file (" + kind + ")");
  if (words[1] != kPerDealFormat)
    return Bad(1, "format: '" + Excerpt(words[1]) + "' is not a format this version reads (" +
                      kPerDealFormat + ")");
  bool deals = false, shard = false, nodes = false, seconds = false, version = false, shuffled = false;
  for (size_t w = 2; w < words.size(); ++w) {
    const std::string_view word = words[w];
    const size_t eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0)
      return Bad(1, "'" + Excerpt(word) + "' is not KEY=VALUE");
    const std::string key(word.substr(0, eq));
    const std::string value(word.substr(eq + 1));
    auto once = [&](bool& seen) -> Status {
      if (seen) return Bad(1, key + ": given twice");
      seen = true;
      return Status();
    };
    if (key == "deals") {
      TALON_RETURN_IF_ERROR(once(deals));
      if (value.compare(0, 6, "files:") == 0) {
        if (value.size() == 6) return Bad(1, "deals: 'files:' names no file");
        for (size_t p = 6; p < value.size(); ++p) {
          const unsigned char c = static_cast<unsigned char>(value[p]);
          if (c == '%') {
            auto hex = [&](size_t q) { return q < value.size() && std::isxdigit(static_cast<unsigned char>(value[q])); };
            if (!hex(p + 1) || !hex(p + 2)) return Bad(1, "deals: a '%' is not followed by two hex digits");
            p += 2;
          } else if (!Plain(c) && c != ',') {
            return Bad(1, "deals: a file name holds '" + std::string(1, static_cast<char>(c)) +
                              "' (written as %XX)");
          }
        }
      } else {
        const size_t dash = value.find('-');
        Range r;
        bool ok = dash == std::string::npos
                      ? ParseNumber(std::string_view(value), r.first)
                      : ParseNumber(std::string_view(value).substr(0, dash), r.first) &&
                            ParseNumber(std::string_view(value).substr(dash + 1), r.last);
        if (dash == std::string::npos) r.last = r.first;
        if (!ok || r.first > r.last)
          return Bad(1, "deals: '" + Excerpt(value) + "' is neither a range A-B (A <= B) nor files:NAME,...");
        range_ = r;
        run.first = r.first;
        run.last = r.last;
      }
      run.deals = value;
    } else if (key == "shard") {
      TALON_RETURN_IF_ERROR(once(shard));
      auto s = ParseShard("shard", value);
      if (!s) return Bad(1, s.status().message());
      run.shard = *s;
    } else if (key == "max-nodes") {
      TALON_RETURN_IF_ERROR(once(nodes));
      if (value != "none" && (!ParseNumber(std::string_view(value), run.max_nodes) || run.max_nodes == 0))
        return Bad(1, "max-nodes: '" + Excerpt(value) + "' is neither none nor a whole number from 1");
    } else if (key == "max-seconds") {
      TALON_RETURN_IF_ERROR(once(seconds));
      if (value != "none" && (!ParseNumber(std::string_view(value), run.max_seconds) ||
                              !std::isfinite(run.max_seconds) || run.max_seconds <= 0))
        return Bad(1, "max-seconds: '" + Excerpt(value) + "' is neither none nor a number of seconds above 0");
    } else if (key == "version") {
      TALON_RETURN_IF_ERROR(once(version));
      if (value.empty()) return Bad(1, "version: empty");
      run.version = value;
    } else if (key == "shuffle") {
      TALON_RETURN_IF_ERROR(once(shuffled));
      if (value != "pysol" && value != "talon-v1")
        return Bad(1, "shuffle: '" + Excerpt(value) + "' is not a shuffle (talon-v1 or pysol)");
      run.shuffle = value == "pysol" ? value : "";
    } else if (key.compare(0, 2, "x-") != 0) {
      return Bad(1, "'" + Excerpt(key) + "' is not a key of " + kPerDealFormat +
                        " (the keys are deals, shard, max-nodes, max-seconds, shuffle, version; x-NAME is ignored)");
    }
  }
  for (auto [seen, name] : {std::pair{deals, "deals"}, {shard, "shard"}, {nodes, "max-nodes"},
                            {seconds, "max-seconds"}, {version, "version"}})
    if (!seen) return Bad(1, std::string(name) + ": missing (" + kind + ")");
  return Status();
}

Status Parser::Columns(const std::vector<std::string_view>& names) {
  const uint64_t line = table_.run.legacy ? 1 : 2;
  columns_ = names.size();
  for (size_t c = 0; c < names.size(); ++c) {
    const std::string_view n = names[c];
    int* slot = n == "game"     ? &game_
                : n == "options" ? &options_
                : n == "deal"    ? &deal_
                : n == "result"  ? &result_
                : n == "nodes"   ? &nodes_
                : n == "moves"   ? &moves_
                : n == "score"   ? &score_
                : n == "index"   ? &index_
                : n == "grade"   ? &grade_
                                 : nullptr;
    if (!slot) {
      if (n.substr(0, 2) == "x-") continue;
      return Bad(line, "column '" + Excerpt(n) + "' is not a per-deal column (" + kColumnHelp + ")");
    }
    if (*slot >= 0) return Bad(line, "column '" + std::string(n) + "' is named twice");
    *slot = static_cast<int>(c);
  }
  table_.run.graded = grade_ >= 0;
  for (const char* name : kColumns) {
    const std::string_view n = name;
    if (n == "index" && table_.run.legacy) continue;
    const int pos = n == "game" ? game_ : n == "options" ? options_ : n == "deal" ? deal_
                  : n == "result" ? result_ : n == "nodes" ? nodes_ : n == "moves" ? moves_
                  : n == "score" ? score_ : index_;
    if (pos < 0) return Bad(line, "column '" + std::string(n) + "' is missing (" + kColumnHelp + ")");
  }
  return Status();
}

Expected<uint32_t> Parser::Group(std::string_view game_id, std::string_view options, uint64_t line) {
  if (last_group_ != UINT32_MAX && last_key_.first == game_id && last_key_.second == options)
    return last_group_;
  std::pair<std::string, std::string> key{std::string(game_id), std::string(options)};
  if (auto it = seen_.find(key); it != seen_.end()) {
    last_key_ = std::move(key);
    return last_group_ = it->second;
  }
  const Game* game = FindGame(game_id);
  if (!game)
    return Bad(line, "game: unknown game '" + Excerpt(game_id) + "' (the games are: " + GameIdList() + ")");
  Options given;
  size_t i = 0;
  while (i < options.size()) {
    size_t j = options.find(' ', i);
    if (j == std::string_view::npos) j = options.size();
    const std::string_view pair = options.substr(i, j - i);
    i = j + 1;
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == pair.size())
      return Bad(line, "options: '" + Excerpt(pair) + "' is not NAME=VALUE");
    const std::string name(pair.substr(0, eq));
    if (given.count(name)) return Bad(line, "options: '" + Excerpt(name) + "' is given twice");
    given[name] = ParseOptionValue(std::string(pair.substr(eq + 1)));
  }
  auto complete = CompleteOptions(game->option_specs(), given);
  if (!complete) return Bad(line, "options: " + complete.status().message());
  const std::string text = FormatOptions(*complete);
  uint32_t id = 0;
  while (id < table_.groups.size() &&
         (table_.groups[id].game != game || table_.groups[id].options_text != text))
    ++id;
  if (id == table_.groups.size()) table_.groups.push_back({game, std::move(*complete), text});
  seen_[key] = id;
  last_key_ = std::move(key);
  return last_group_ = id;
}

Status Parser::Record(const std::vector<std::string_view>& f, uint64_t line) {
  if (f.size() != columns_)
    return Bad(line, std::to_string(f.size()) + " field" + (f.size() == 1 ? "" : "s") + ", but the header names " +
                         std::to_string(columns_) + " columns");
  PerDealRecord r;
  r.line = line;
  auto group = Group(f[game_], f[options_], line);
  if (!group) return group.status();
  r.group = *group;
  const std::string_view deal = f[deal_];
  if (deal.empty()) return Bad(line, "deal: empty (a deal number, or FILE:LINE for a deal without one)");
  r.label = std::string(deal);
  auto verdict = ParseVerdict(f[result_]);
  if (!verdict)
    return Bad(line, "result: '" + Excerpt(f[result_]) + "' is not a result (solved, unsolvable or unknown)");
  r.verdict = *verdict;
  auto whole = [&](int column, const char* name, uint64_t& value) -> Status {
    if (!ParseNumber(f[column], value))
      return Bad(line, std::string(name) + ": '" + Excerpt(f[column]) + "' is not a whole number");
    return Status();
  };
  TALON_RETURN_IF_ERROR(whole(nodes_, "nodes", r.nodes));
  if (r.verdict == Verdict::kSolved) {
    TALON_RETURN_IF_ERROR(whole(moves_, "moves", r.moves));
  } else if (!f[moves_].empty()) {
    return Bad(line, "moves: '" + Excerpt(f[moves_]) + "' given for a deal that is not solved (leave it empty)");
  }
  if (!f[score_].empty()) {
    int score = 0;
    if (!ParseNumber(f[score_], score))
      return Bad(line, "score: '" + Excerpt(f[score_]) + "' is not a whole number");
    r.score = score;
  }
  if (grade_ >= 0 && !f[grade_].empty()) {
    uint64_t grade = 0;
    TALON_RETURN_IF_ERROR(whole(grade_, "grade", grade));
    if (grade < 1 || grade > 5)
      return Bad(line, "grade: " + std::to_string(grade) + " is not a grade (1 to 5, or empty for none)");
    r.grade = grade;
  }
  const PerDealRun& run = table_.run;
  if (run.legacy) {
    r.index = table_.records.size();
  } else {
    TALON_RETURN_IF_ERROR(whole(index_, "index", r.index));
    if (!run.shard.Takes(r.index))
      return Bad(line, "index: " + std::to_string(r.index) + " is not in shard " + run.shard.Text() +
                           " (its index modulo " + std::to_string(run.shard.n) + " would be " +
                           std::to_string(run.shard.k - 1) + ")");
    if (run.ranged()) {
      uint64_t number = 0;
      if (!ParseNumber(deal, number) || number < range_.first || number > range_.last)
        return Bad(line, "deal: '" + Excerpt(r.label) + "' is not a deal number of " + Excerpt(run.deals));
      const uint64_t count = range_.last - range_.first + 1;  // 0 for the whole 2^64 range
      if (count != 0 && r.index % count != number - range_.first)
        return Bad(line, "index: " + std::to_string(r.index) + " is not the position of deal " + Excerpt(r.label) +
                             " in " + Excerpt(run.deals));
    }
  }
  table_.records.push_back(std::move(r));
  return Status();
}

Expected<PerDealTable> Parser::Run() {
  table_.path = path_;
  size_t pos = 0;
  if (buf_.substr(0, 3) == "\xEF\xBB\xBF") pos = 3;
  if (pos == buf_.size()) return Bad(1, "empty: not a per-deal file");
  const std::string_view first = FirstLine(buf_, pos);
  uint64_t line = 2;
  if (first == kLegacyColumns) {
    table_.run.legacy = true;
    TALON_RETURN_IF_ERROR(Columns({"game", "options", "deal", "result", "nodes", "moves", "score"}));
  } else {
    TALON_RETURN_IF_ERROR(RunLine(first));
    std::vector<std::string_view> names;
    std::deque<std::string> scratch;
    if (pos == buf_.size()) return Bad(2, "the column names are missing");
    if (std::string err = NextRecord(buf_, pos, line, names, scratch); !err.empty()) return Bad(2, err);
    TALON_RETURN_IF_ERROR(Columns(names));
  }
  std::vector<std::string_view> fields;
  std::deque<std::string> scratch;
  while (pos < buf_.size()) {
    // Blank lines are skipped.
    size_t end = buf_.find('\n', pos);
    if (end == std::string_view::npos) end = buf_.size();
    if (Blank(buf_.substr(pos, end - pos))) {
      pos = end < buf_.size() ? end + 1 : end;
      ++line;
      continue;
    }
    const uint64_t start = line;
    if (std::string err = NextRecord(buf_, pos, line, fields, scratch); !err.empty()) return Bad(start, err);
    TALON_RETURN_IF_ERROR(Record(fields, start));
  }
  return std::move(table_);
}

}  // namespace

std::string PerDealRun::LimitsText() const {
  if (legacy) return "limits not recorded";
  return "max-nodes=" + (max_nodes ? std::to_string(max_nodes) : std::string("none")) +
         " max-seconds=" + (max_seconds > 0 ? SecondsText(max_seconds) : std::string("none")) +
         (shuffle.empty() ? "" : " shuffle=" + shuffle);
}

std::string PerDealFilesKey(const std::vector<std::string>& paths) {
  std::string key = "files:";
  for (size_t i = 0; i < paths.size(); ++i) {
    if (i) key += ",";
    for (char c : paths[i]) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (Plain(u)) {
        key += c;
      } else {
        static const char* kHex = "0123456789ABCDEF";
        key += '%';
        key += kHex[u >> 4];
        key += kHex[u & 15];
      }
    }
  }
  return key;
}

std::string PerDealHeader(const PerDealRun& run) {
  return std::string("# ") + kPerDealFormat + " deals=" + run.deals + " shard=" + run.shard.Text() + " " +
         run.LimitsText() + " version=" + run.version + "\n" + kWrittenColumns + (run.graded ? ",grade" : "") + "\n";
}

std::string PerDealLine(const Game& game, const Options& options, const SurveyEntry& e, uint64_t index) {
  // The label is a number or FILE:LINE; a path may hold commas or quotes.
  std::string line = std::string(game.id()) + "," + FormatOptions(options) + "," + QuoteCsv(e.label) + "," +
                     std::string(VerdictName(e.verdict)) + "," + std::to_string(e.nodes) + ",";
  if (e.verdict == Verdict::kSolved) line += std::to_string(e.moves);
  line += ",";
  if (e.score) line += std::to_string(*e.score);
  line += "," + std::to_string(index);
  if (e.graded) line += "," + (e.grade ? std::to_string(e.grade) : std::string());
  return line + "\n";
}

Expected<PerDealTable> ParsePerDeal(const std::string& path, std::string_view bytes) {
  return Parser(path, bytes).Run();
}

Expected<PerDealTable> ReadPerDeal(const std::string& path) {
  InputFile in;
  if (Status s = in.Open(path); !s.ok()) return s;
  std::string bytes;
  if (Status s = in.ReadAll(bytes); !s.ok()) return s;
  return ParsePerDeal(in.name(), bytes);
}

}  // namespace talon::cli
