#include "core/io_common.h"

#include <limits>
#include <vector>

#include "core/text.h"

namespace talon::io {

namespace {

// Builds the value from SAX events, like nlohmann's own parser, and also
// notes a key repeated within one object (which nlohmann's parser would
// silently let the last one win) and the parse error, if any.
class Builder : public nlohmann::json_sax<Json> {
 public:
  Json root;
  std::string duplicate;  // the first repeated key
  std::string error;      // nlohmann's message, if the input is not JSON
  bool too_deep = false;  // nested deeper than kMaxJsonDepth: stopped there

  bool null() override { return Add(Json(nullptr)); }
  bool boolean(bool b) override { return Add(Json(b)); }
  bool number_integer(number_integer_t n) override { return Add(Json(n)); }
  bool number_unsigned(number_unsigned_t n) override { return Add(Json(n)); }
  bool number_float(number_float_t x, const string_t&) override { return Add(Json(x)); }
  bool string(string_t& s) override { return Add(Json(std::move(s))); }
  bool binary(binary_t& b) override { return Add(Json::binary(std::move(b))); }
  bool start_object(std::size_t) override { return Open(Json::object()); }
  bool key(string_t& k) override {
    auto& object = stack_.back()->get_ref<Json::object_t&>();
    auto [it, inserted] = object.try_emplace(k);
    if (!inserted && duplicate.empty()) duplicate = k;
    slot_ = &it->second;
    return true;
  }
  bool end_object() override {
    stack_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return Open(Json::array()); }
  bool end_array() override {
    stack_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) override {
    error = ex.what();
    return false;
  }

 private:
  // Starts an array or object; refuses one nested deeper than kMaxJsonDepth.
  bool Open(Json empty) {
    if (stack_.size() >= static_cast<size_t>(kMaxJsonDepth)) {
      too_deep = true;
      return false;
    }
    Add(std::move(empty));
    stack_.push_back(last_);
    return true;
  }
  // Puts `v` where the next value goes: the root, the open array's end, or
  // the slot of the last key of the open object.
  bool Add(Json v) {
    if (stack_.empty()) {
      root = std::move(v);
      last_ = &root;
    } else if (stack_.back()->is_array()) {
      auto& array = stack_.back()->get_ref<Json::array_t&>();
      array.push_back(std::move(v));
      last_ = &array.back();
    } else {
      *slot_ = std::move(v);
      last_ = slot_;
    }
    return true;
  }
  // The open arrays and objects. Pointers stay valid: nothing is added to a
  // container while a value inside it is still open.
  std::vector<Json*> stack_;
  Json* slot_ = nullptr;
  Json* last_ = nullptr;
};

// nlohmann's message without its "[json.exception.parse_error.101] parse
// error at line 1, " preamble: our inputs are single lines, so the column
// is what tells where.
std::string CleanParseMessage(std::string m) {
  size_t close = m.find("] ");
  if (m.rfind("[json.exception.", 0) == 0 && close != std::string::npos) m.erase(0, close + 2);
  for (std::string_view pre : {"parse error at line 1, column", "parse error at line 1, "}) {
    if (m.rfind(pre, 0) == 0) {
      m = (pre.back() == 'n' ? "at column" : "at ") + m.substr(pre.size());
      break;
    }
  }
  if (m.rfind("parse error: ", 0) == 0) m.erase(0, 13);
  if (m.size() > 200) m = m.substr(0, 197) + "...";
  return Printable(m);
}


}  // namespace

Expected<Json> ParseJson(std::string_view text, std::string_view what) {
  Builder builder;
  if (!Json::sax_parse(text.data(), text.data() + text.size(), &builder)) {
    if (builder.too_deep)
      return Status::BadInput("JSON nested more than " + std::to_string(kMaxJsonDepth) +
                              " levels deep (" + std::string(what) +
                              " is one JSON object on one line, nested 5 levels at most)");
    std::string why = builder.error.empty() ? "syntax error" : CleanParseMessage(builder.error);
    return Status::BadInput("not JSON: " + why + " (" + std::string(what) +
                            " is one JSON object on one line)");
  }
  if (!builder.duplicate.empty())
    return Status::BadInput("the key \"" + Excerpt(builder.duplicate) +
                            "\" appears twice in one object (give each key once)");
  return std::move(builder.root);
}

std::string Describe(const Json& v) {
  if (v.is_string()) return "'" + Excerpt(v.get_ref<const std::string&>()) + "'";
  return Excerpt(v.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::string KindOf(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "true/false";
    case Json::value_t::string: return "a string";
    case Json::value_t::array: return "a list";
    case Json::value_t::object: return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "a whole number";
    case Json::value_t::number_float: return "a number with a fraction or exponent";
    default: return "something else";
  }
}

Status CheckKeys(const Json& object, std::string_view prefix, std::string_view what,
                 std::initializer_list<std::string_view> known, std::string_view note) {
  for (const auto& [key, value] : object.items()) {
    bool ok = false;
    for (std::string_view k : known) ok = ok || k == key;
    if (ok) continue;
    std::string list;
    for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    return Status::BadInput(std::string(prefix) + Excerpt(key) + std::string(note) + ": unknown key (" + std::string(what) +
                            " has: " + list + ")");
  }
  return Status::Ok();
}

std::optional<uint64_t> AsUint64(const Json& v) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0) return static_cast<uint64_t>(v.get<int64_t>());
  return std::nullopt;
}

std::optional<int64_t> AsInt(const Json& v, int64_t lo, int64_t hi) {
  int64_t n = 0;
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    n = static_cast<int64_t>(u);
  } else if (v.is_number_integer()) {
    n = v.get<int64_t>();
  } else {
    return std::nullopt;
  }
  if (n < lo || n > hi) return std::nullopt;
  return n;
}

Expected<Card> CardFromJson(const Json& v, const std::string& where) {
  if (!v.is_string())
    return Status::BadInput(where + ": must be a card name such as \"TH\", not " + Describe(v));
  auto card = ParseCard(v.get_ref<const std::string&>());
  if (!card)
    return Status::BadInput(where + ": " + Describe(v) +
                            " is not a card (a rank A 2-9 T J Q K, or 10, then a suit C D H S "
                            "or \u2663 \u2666 \u2665 \u2660; e.g. \"TH\")");
  return *card;
}

Status CheckFormat(const Json& object, std::string_view want, std::string_view what,
                   std::string_view other, std::string_view other_what) {
  auto it = object.find("format");
  const std::string hint = "\"format\": \"" + std::string(want) + "\"";
  if (it == object.end())
    return Status::BadInput("format: missing (" + std::string(what) + " has " + hint + ")");
  if (it->is_string() && *it == other)
    return Status::BadInput("format: this is " + std::string(other_what) + " (\"" +
                            std::string(other) + "\"), not " + std::string(what) + " (" + hint + ")");
  if (!it->is_string() || *it != want)
    return Status::BadInput("format: " + Describe(*it) + " is not a format this version reads (" +
                            std::string(what) + " has " + hint + ")");
  return Status::Ok();
}

const Game* FindIn(GameList games, std::string_view id) {
  for (const Game* g : games)
    if (g->id() == id) return g;
  return nullptr;
}

std::string IdList(GameList games) {
  std::string out;
  for (const Game* g : games) out += (out.empty() ? "" : ", ") + std::string(g->id());
  return out;
}

Status UnknownGame(std::string_view id, GameList games) {
  return Status::BadInput("game: unknown game '" + Excerpt(std::string(id)) + "' (known: " +
                          IdList(games) + ")");
}

Expected<const Game*> GameFromJson(const Json& object, GameList games) {
  auto it = object.find("game");
  if (it == object.end())
    return Status::BadInput("game: missing (e.g. \"game\": \"fourteen-out\"; known: " +
                            IdList(games) + ")");
  if (!it->is_string())
    return Status::BadInput("game: must be a game id string (known: " + IdList(games) + "), not " +
                            Describe(*it));
  const std::string& id = it->get_ref<const std::string&>();
  const Game* game = FindIn(games, id);
  if (!game) return UnknownGame(id, games);
  return game;
}

Expected<Options> OptionsFromJson(const Json& v) {
  if (!v.is_object())
    return Status::BadInput("options: must be an object such as {\"slots\": 15} or {}, not " +
                            Describe(v));
  Options out;
  for (const auto& [key, value] : v.items()) {
    if (value.is_boolean()) {
      out[key] = value.get<bool>();
    } else if (value.is_string()) {
      out[key] = value.get<std::string>();
    } else if (auto n = AsInt(value, std::numeric_limits<int64_t>::min(),
                              std::numeric_limits<int64_t>::max())) {
      out[key] = *n;
    } else {
      return Status::BadInput("options." + Excerpt(key) +
                              ": an option's value is a whole number, true/false or a word, not " +
                              Describe(value));
    }
  }
  return out;
}

nlohmann::ordered_json OptionsToJson(const Options& options) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& [k, v] : options) {
    if (auto* i = std::get_if<int64_t>(&v)) j[k] = *i;
    else if (auto* b = std::get_if<bool>(&v)) j[k] = *b;
    else j[k] = std::get<std::string>(v);
  }
  return j;
}

std::string Dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

LineRead ReadLine(std::istream& in, std::string& line, size_t& line_number) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  if (!in.good() || buf == nullptr) return LineRead::kEnd;
  using Traits = std::char_traits<char>;
  bool any = false;
  for (;;) {
    Traits::int_type c;
    try {
      c = buf->sbumpc();
    } catch (...) {  // a stream buffer whose read failed
      in.setstate(std::ios::badbit);
      return any ? LineRead::kLine : LineRead::kEnd;
    }
    if (Traits::eq_int_type(c, Traits::eof())) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineRead::kEnd;
      break;
    }
    any = true;
    if (c == '\n') break;
    // One byte over the limit is let in: the '\r' of a Windows line end.
    if (line.size() > kMaxLineBytes) {
      ++line_number;
      return LineRead::kTooLong;
    }
    line.push_back(Traits::to_char_type(c));
  }
  ++line_number;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.size() > kMaxLineBytes) return LineRead::kTooLong;
  if (line_number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
  return LineRead::kLine;
}

bool IsBlank(std::string_view line) { return Trim(line).empty(); }

std::string_view Trim(std::string_view line) {
  size_t b = 0, e = line.size();
  while (b < e && (line[b] == ' ' || line[b] == '\t')) ++b;
  while (e > b && (line[e - 1] == ' ' || line[e - 1] == '\t')) --e;
  return line.substr(b, e - b);
}

}  // namespace talon::io
