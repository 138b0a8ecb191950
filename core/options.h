// Options: a game's rule variant, written out in full in every deal.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "core/status.h"

namespace talon {

// An option's value: a whole number, a yes/no, or a word ("unlimited").
using OptionValue = std::variant<int64_t, bool, std::string>;
// Ordered by name, so that written options and their comparison are canonical.
using Options = std::map<std::string, OptionValue>;

std::string FormatOptionValue(const OptionValue& v);  // 15, true, unlimited
// Reads "15", "true"/"false", or a word, as given on a command line (k=v).
OptionValue ParseOptionValue(const std::string& text);
// "slots=15 draw=1", or "" for no options.
std::string FormatOptions(const Options& options);

// What a game accepts for one option.
struct OptionSpec {
  std::string name;
  OptionValue default_value;
  std::vector<OptionValue> allowed;  // the values allowed, besides the numbers below
  int64_t min_int = 0;               // whole numbers min_int..max_int are allowed when
                                     // `allowed` is empty or numbers_too is set
  std::string help;                  // one line, for --help and docs
  bool numbers_too = false;
  int64_t max_int = INT64_MAX;

  bool TakesNumbers() const { return allowed.empty() || numbers_too; }
};

// "a whole number >= 1", "a whole number 1-999": the numbers a spec takes.
std::string NumberRange(const OptionSpec& spec);

// Fills in defaults and checks every given option against `specs`. Unknown
// names and values not allowed are kBadInput errors naming the option.
Expected<Options> CompleteOptions(const std::vector<OptionSpec>& specs, const Options& given);

// The option's value. REQUIRES: options complete and the option of that type.
int64_t IntOption(const Options& options, const std::string& name);
bool BoolOption(const Options& options, const std::string& name);
std::string WordOption(const Options& options, const std::string& name);

}  // namespace talon
