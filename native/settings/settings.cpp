// SPDX-License-Identifier: Apache-2.0
#include "native/settings/settings.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "native/runtime/decimal.hpp"

namespace topiceval {

SettingSpec integerSetting(std::string name, int64_t defaultValue, int64_t least, int64_t most, std::string help) {
  SettingSpec spec;
  spec.name = std::move(name);
  spec.kind = OptionKind::Integer;
  spec.defaultValue = std::to_string(defaultValue);
  spec.least = static_cast<double>(least);
  spec.most = static_cast<double>(most);
  spec.help = std::move(help);
  spec.placeholder = "N";
  return spec;
}

SettingSpec booleanSetting(std::string name, bool defaultValue, std::string help) {
  SettingSpec spec;
  spec.name = std::move(name);
  spec.kind = OptionKind::Boolean;
  spec.defaultValue = defaultValue ? "true" : "false";
  spec.help = std::move(help);
  spec.placeholder = "BOOL";
  return spec;
}

SettingSpec choiceSetting(std::string name, std::string defaultValue, std::vector<std::string> choices,
                          std::string help) {
  SettingSpec spec;
  spec.name = std::move(name);
  spec.kind = OptionKind::Choice;
  spec.defaultValue = std::move(defaultValue);
  spec.choices = std::move(choices);
  spec.help = std::move(help);
  spec.placeholder = "NAME";
  return spec;
}

std::string numberText(double value) {
  char buffer[32];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

std::optional<int64_t> parseWhole(const std::string& text) {
  int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> parseReal(const std::string& text) {
  double value = 0.0;
  const auto [end, error] = parseDecimal(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<bool> parseTruth(const std::string& text) {
  std::string value = text;
  for (char& c : value) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (value == "true" || value == "1") return true;
  if (value == "false" || value == "0") return false;
  return std::nullopt;
}

std::string listOfChoices(const std::vector<std::string>& choices) {
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) list += i + 1 == choices.size() ? " or " : ", ";
    list += choices[i];
  }
  return list;
}

std::optional<std::string> closestMatch(const std::string& word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t bestDistance = std::min<std::size_t>(2, (word.size() + 2) / 3);
  for (const std::string& candidate : candidates) {
    // Levenshtein distance, one row at a time.
    std::vector<std::size_t> row(candidate.size() + 1);
    for (std::size_t j = 0; j <= candidate.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= candidate.size(); ++j) {
        const std::size_t above = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (word[i - 1] == candidate[j - 1] ? 0 : 1)});
        diagonal = above;
      }
    }
    if (row.back() <= bestDistance && (!best || row.back() < bestDistance)) {
      best = candidate;
      bestDistance = row.back();
    }
  }
  return best;
}

namespace {

// " (did you mean 'x'?)" when `value` is a typo of one of `candidates`, else empty.
std::string didYouMean(const std::string& value, const std::vector<std::string>& candidates) {
  const auto suggestion = closestMatch(value, candidates);
  return suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string();
}

bool among(const std::string& value, const std::vector<std::string>& choices) {
  return std::find(choices.begin(), choices.end(), value) != choices.end();
}

}  // namespace

std::string respellOptions(const std::string& text, const std::function<std::string(const std::string&)>& spelled) {
  std::string out;
  std::size_t start = 0;
  for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", start)) {
    std::size_t end = at + 2;
    while (end < text.size() &&
           ((text[end] >= 'a' && text[end] <= 'z') || (text[end] >= '0' && text[end] <= '9') ||
            (text[end] == '-' && end + 1 < text.size() && text[end + 1] >= 'a' && text[end + 1] <= 'z')))
      ++end;
    out += text.substr(start, at - start);
    out += end > at + 2 ? spelled(text.substr(at + 2, end - at - 2)) : text.substr(at, end - at);
    start = end;
  }
  return out + text.substr(start);
}

void checkSettingRange(const std::string& name, int64_t value, int64_t least, int64_t most) {
  if (value < least) throw SettingError(name, "must be at least " + std::to_string(least));
  if (value > most)
    throw SettingError(name, "must be at most " + std::to_string(most) + " (got " + std::to_string(value) + ")");
}

void checkRealRange(const std::string& name, double value, double least, double most) {
  if (!std::isfinite(value)) throw SettingError(name, "takes a finite number, not " + numberText(value));
  if (value < least) throw SettingError(name, "must be at least " + numberText(least) + ", not " + numberText(value));
  if (value > most) throw SettingError(name, "must be at most " + numberText(most) + ", not " + numberText(value));
}

void checkChoice(const std::string& name, const std::string& value, const std::vector<std::string>& choices) {
  if (!among(value, choices))
    throw SettingError(name, "takes " + listOfChoices(choices) + ", not '" + value + "'" + didYouMean(value, choices));
}

void checkValue(const OptionSpec& spec, const std::string& value) {
  switch (spec.kind) {
    case OptionKind::Integer: {
      const auto number = parseWhole(value);
      if (!number) throw SettingError(spec.name, "takes a whole number, not '" + value + "'");
      // (Ranges are declared as doubles; every bound a declaration uses is a whole number below 2^63.)
      const auto bound = [](double limit) {
        return limit <= -9.2e18 ? INT64_MIN : limit >= 9.2e18 ? INT64_MAX : static_cast<int64_t>(limit);
      };
      checkSettingRange(spec.name, *number, bound(spec.least), bound(spec.most));
      return;
    }
    case OptionKind::Real: {
      const auto number = parseReal(value);
      if (!number) throw SettingError(spec.name, "takes a finite number, not '" + value + "'");
      checkRealRange(spec.name, *number, spec.least, spec.most);
      return;
    }
    case OptionKind::Boolean:
    case OptionKind::Switch:
      if (!parseTruth(value)) throw SettingError(spec.name, "takes true or false, not '" + value + "'");
      return;
    case OptionKind::Choice: checkChoice(spec.name, value, spec.choices); return;
    case OptionKind::Path:
      if (value.empty()) throw SettingError(spec.name, "needs a file name");
      return;
    case OptionKind::List:
      // What the list holds decides the message: choices (comma-separated, as
      // --measure takes them), files, or other values (--ranks checks its own).
      if (!spec.choices.empty()) {
        std::size_t start = 0;
        do {
          const std::size_t comma = std::min(value.find(',', start), value.size());
          const std::string item = value.substr(start, comma - start);
          if (!among(item, spec.choices))
            throw SettingError(spec.name, "takes " + listOfChoices(spec.choices) + " (one or more), not '" + item +
                                              "'" + (item.empty() ? "" : didYouMean(item, spec.choices)));
          start = comma + 1;
        } while (start <= value.size());
      } else if (value.empty()) {
        throw SettingError(spec.name, spec.placeholder == "LIST" ? "needs a value" : "needs a file name");
      }
      return;
    case OptionKind::EstimatorSetting: {
      if (spec.valueKind != OptionKind::Integer && spec.valueKind != OptionKind::Boolean) return;
      OptionSpec rule;
      rule.name = spec.name;
      rule.kind = spec.valueKind;
      rule.least = -9.3e18;  // (any whole number: the estimator checks its own range)
      rule.most = 9.3e18;
      checkValue(rule, value);
      return;
    }
    case OptionKind::Text: return;
  }
}

SettingValues::SettingValues(const std::vector<SettingSpec>& specs, const std::map<std::string, std::string>& given) {
  for (const SettingSpec& spec : specs) {
    const auto found = given.find(spec.name);
    const std::string& text = found != given.end() ? found->second : spec.defaultValue;
    checkValue(spec, text);
    switch (spec.kind) {
      case OptionKind::Integer: text_.emplace_back(spec.name, std::to_string(*parseWhole(text))); break;
      case OptionKind::Boolean:
      case OptionKind::Switch: text_.emplace_back(spec.name, *parseTruth(text) ? "true" : "false"); break;
      default: text_.emplace_back(spec.name, text); break;
    }
  }
}

const std::string& SettingValues::find(const std::string& name) const {
  for (const auto& [setting, value] : text_) {
    if (setting == name) return value;
  }
  throw std::logic_error("an estimator asked for setting '" + name + "', which it does not declare");
}

int64_t SettingValues::integer(const std::string& name) const { return std::stoll(find(name)); }
bool SettingValues::boolean(const std::string& name) const { return find(name) == "true"; }
const std::string& SettingValues::choice(const std::string& name) const { return find(name); }

}  // namespace topiceval
