#include "native/cli/mallet_style_options.hpp"

#include "topiceval/options.hpp"

#include <cctype>
#include <charconv>
#include <sstream>

namespace topiceval::cli {

namespace {

bool looksLikeOption(const std::string& argument) {
  return argument.size() >= 2 && argument[0] == '-' && argument[1] == '-';
}

}  // namespace

std::optional<int> parseJavaInteger(const std::string& text) {
  std::size_t start = text.size() > 1 && text[0] == '+' ? 1 : 0;
  int value = 0;
  const char* first = text.data() + start;
  const char* last = text.data() + text.size();
  if (first == last) return std::nullopt;
  const auto result = std::from_chars(first, last, value);
  if (result.ec != std::errc() || result.ptr != last) return std::nullopt;
  return value;
}

std::optional<bool> parseMalletBoolean(const std::string& text) { return parseTruth(text); }

void MalletStyleOptions::addString(const std::string& name, const std::string& argumentName,
                                   std::optional<std::string> defaultValue, const std::string& help) {
  order_.push_back(name);
  options_[name] = Option{Kind::String, argumentName, help, defaultValue, defaultValue.value_or("null"), false};
}

void MalletStyleOptions::addInteger(const std::string& name, const std::string& argumentName, int defaultValue,
                                    const std::string& help) {
  order_.push_back(name);
  options_[name] =
      Option{Kind::Integer, argumentName, help, std::to_string(defaultValue), std::to_string(defaultValue), false};
}

void MalletStyleOptions::addBoolean(const std::string& name, bool defaultValue, const std::string& help) {
  order_.push_back(name);
  const std::string text = defaultValue ? "true" : "false";
  options_[name] = Option{Kind::Boolean, "TRUE|FALSE", help, text, text, false};
}

void MalletStyleOptions::parse(const std::vector<std::string>& arguments) {
  for (std::size_t index = 0; index < arguments.size();) {
    const std::string& argument = arguments[index];
    if (!looksLikeOption(argument)) throw UsageError("unexpected argument '" + argument + "' (options start with --)");
    const std::string name = argument.substr(2);
    const auto found = options_.find(name);
    if (found == options_.end()) {
      // MALLET's message, then the suggestion every other command gives.
      std::vector<std::string> names;
      for (const std::string& declared : order_) names.push_back("--" + declared);
      const auto suggestion = closestMatch(argument, names);
      throw UsageError("Unrecognized option " + argument +
                       (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()));
    }
    Option& option = found->second;
    option.given = true;
    ++index;
    // The next argument is this option's value unless it is itself an option.
    const bool hasValue = index < arguments.size() && !looksLikeOption(arguments[index]);
    if (!hasValue) {
      if (option.kind != Kind::Boolean) throw UsageError("Missing argument for option " + name);
      option.value = "true";
      continue;
    }
    const std::string& value = arguments[index++];
    switch (option.kind) {
      case Kind::Integer:
        if (!parseJavaInteger(value)) throw UsageError("--" + name + " needs an integer, not '" + value + "'");
        break;
      case Kind::Boolean:
        if (!parseMalletBoolean(value))
          throw UsageError("Boolean option should be true|false|0|1.  Instead found " + value + " (for --" + name +
                           ")");
        break;
      case Kind::String: break;
    }
    option.value = value;
  }
}

const MalletStyleOptions::Option& MalletStyleOptions::find(const std::string& name) const {
  const auto found = options_.find(name);
  if (found == options_.end()) throw std::logic_error("undeclared option " + name);
  return found->second;
}

std::optional<std::string> MalletStyleOptions::string(const std::string& name) const { return find(name).value; }

int MalletStyleOptions::integer(const std::string& name) const { return *parseJavaInteger(*find(name).value); }

bool MalletStyleOptions::boolean(const std::string& name) const { return *parseMalletBoolean(*find(name).value); }

bool MalletStyleOptions::given(const std::string& name) const { return find(name).given; }

std::string MalletStyleOptions::usage() const {
  std::ostringstream out;
  for (const std::string& name : order_) {
    const Option& option = options_.at(name);
    out << "--" << name << " " << option.argumentName << "\n  " << option.help << "\n  Default is "
        << option.defaultText << "\n";
  }
  return out.str();
}

}  // namespace topiceval::cli
