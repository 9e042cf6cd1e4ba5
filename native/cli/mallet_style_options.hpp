#pragma once
// Command-line options parsed the way MALLET's CommandOption parses them, so that
// `topiceval evaluate-topics` accepts exactly what `mallet evaluate-topics` does:
// `--name value`; a boolean given without a value means true, and takes
// true|false|1|0 in any case. MALLET refuses a value whose first or second
// character is '-' (so `--random-seed -1` and `--input my-docs.mallet` fail
// there); here any argument that does not start with "--" is a value.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "native/runtime/setting_error.hpp"

namespace topiceval::cli {

// (A mistake on the command line: native/runtime/setting_error.hpp.)
using topiceval::UsageError;

class MalletStyleOptions {
 public:
  void addString(const std::string& name, const std::string& argumentName, std::optional<std::string> defaultValue,
                 const std::string& help);
  void addInteger(const std::string& name, const std::string& argumentName, int defaultValue, const std::string& help);
  void addBoolean(const std::string& name, bool defaultValue, const std::string& help);

  // Throws UsageError for an unknown option, a missing or malformed value, or a stray argument.
  void parse(const std::vector<std::string>& arguments);

  std::optional<std::string> string(const std::string& name) const;
  int integer(const std::string& name) const;
  bool boolean(const std::string& name) const;
  bool given(const std::string& name) const;

  std::string usage() const;

 private:
  enum class Kind { String, Integer, Boolean };
  struct Option {
    Kind kind;
    std::string argumentName;
    std::string help;
    std::optional<std::string> value;  // as text; integers and booleans are checked when parsed
    std::string defaultText;
    bool given = false;
  };
  const Option& find(const std::string& name) const;

  std::vector<std::string> order_;
  std::map<std::string, Option> options_;
};

// Java's Integer.parseInt: an optional sign and decimal digits, within int range.
std::optional<int> parseJavaInteger(const std::string& text);
// MALLET's boolean values: true|false in any case, or 1|0.
std::optional<bool> parseMalletBoolean(const std::string& text);

}  // namespace topiceval::cli
