#include "core/options.h"

#include <charconv>

#include "core/text.h"

namespace talon {

std::string FormatOptionValue(const OptionValue& v) {
  if (auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  if (auto* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  return std::get<std::string>(v);
}

OptionValue ParseOptionValue(const std::string& text) {
  if (text == "true" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "no" || text == "off") return false;
  int64_t n = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc() && ptr == text.data() + text.size()) return n;
  return text;
}

std::string FormatOptions(const Options& options) {
  std::string out;
  for (const auto& [k, v] : options) {
    if (!out.empty()) out += ' ';
    out += k + "=" + FormatOptionValue(v);
  }
  return out;
}

std::string NumberRange(const OptionSpec& spec) {
  if (spec.max_int == INT64_MAX) return "a whole number >= " + std::to_string(spec.min_int);
  return "a whole number " + std::to_string(spec.min_int) + "-" + std::to_string(spec.max_int);
}

Expected<Options> CompleteOptions(const std::vector<OptionSpec>& specs, const Options& given) {
  Options out;
  for (const auto& [name, value] : given) {
    const OptionSpec* spec = nullptr;
    for (const auto& s : specs)
      if (s.name == name) spec = &s;
    if (!spec) {
      std::string known;
      for (const auto& s : specs) known += (known.empty() ? "" : ", ") + s.name;
      return Status::BadInput("unknown option '" + Excerpt(name) + "'" +
                              (known.empty() ? " (this game has no options)" : " (known: " + known + ")"));
    }
    bool fits = false;
    if (spec->TakesNumbers()) {
      auto* i = std::get_if<int64_t>(&value);
      fits = i && *i >= spec->min_int && *i <= spec->max_int;
    }
    for (const auto& a : spec->allowed) fits = fits || a == value;
    if (!fits) {
      std::string allowed;
      for (const auto& a : spec->allowed) allowed += (allowed.empty() ? "" : ", ") + FormatOptionValue(a);
      if (spec->TakesNumbers())
        allowed += std::string(allowed.empty() ? "" : ", or ") + NumberRange(*spec);
      return Status::BadInput("option '" + name + "' cannot be " + Excerpt(FormatOptionValue(value)) +
                              " (allowed: " + allowed + ")");
    }
    out[name] = value;
  }
  for (const auto& s : specs)
    if (!out.count(s.name)) out[s.name] = s.default_value;
  return out;
}

int64_t IntOption(const Options& options, const std::string& name) {
  return std::get<int64_t>(options.at(name));
}
bool BoolOption(const Options& options, const std::string& name) {
  return std::get<bool>(options.at(name));
}
std::string WordOption(const Options& options, const std::string& name) {
  return FormatOptionValue(options.at(name));
}

}  // namespace talon
