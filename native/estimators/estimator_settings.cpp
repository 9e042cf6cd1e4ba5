#include "native/estimators/estimator_settings.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace topiceval {

std::optional<bool> parseBoolean(const std::string& text) {
  std::string value = text;
  std::transform(value.begin(), value.end(), value.begin(), [](unsigned char c) { return std::tolower(c); });
  if (value == "true" || value == "1") return true;
  if (value == "false" || value == "0") return false;
  return std::nullopt;
}

// (Declared with the options, topiceval/options.hpp; defined here, where the estimators' checks need it.)
std::string listOfChoices(const std::vector<std::string>& choices) {
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) list += i + 1 == choices.size() ? " or " : ", ";
    list += choices[i];
  }
  return list;
}

void checkSettingRange(const std::string& name, int64_t value, int64_t least, int64_t most) {
  if (value < least) throw SettingError(name, "must be at least " + std::to_string(least));
  if (value > most)
    throw SettingError(name, "must be at most " + std::to_string(most) + " (got " + std::to_string(value) + ")");
}

void checkRealRange(const std::string& name, double value, double least, double most) {
  const auto text = [](double number) {
    char buffer[32];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, number).ptr);
  };
  if (!std::isfinite(value)) throw SettingError(name, "takes a finite number, not " + text(value));
  if (value < least) throw SettingError(name, "must be at least " + text(least) + ", not " + text(value));
  if (value > most) throw SettingError(name, "must be at most " + text(most) + ", not " + text(value));
}

SettingValues::SettingValues(const std::vector<SettingSpec>& specs, const std::map<std::string, std::string>& given) {
  for (const SettingSpec& spec : specs) {
    const auto found = given.find(spec.name);
    const std::string& text = found != given.end() ? found->second : spec.defaultValue;
    switch (spec.kind) {
      case SettingKind::Integer: {
        int64_t value = 0;
        const auto parsed = std::from_chars(text.data(), text.data() + text.size(), value);
        if (parsed.ec != std::errc() || parsed.ptr != text.data() + text.size())
          throw SettingError(spec.name, "takes a whole number, not '" + text + "'");
        checkSettingRange(spec.name, value, spec.least, spec.most);
        text_.emplace_back(spec.name, std::to_string(value));
        break;
      }
      case SettingKind::Boolean: {
        const auto value = parseBoolean(text);
        if (!value) throw SettingError(spec.name, "takes true or false, not '" + text + "'");
        text_.emplace_back(spec.name, *value ? "true" : "false");
        break;
      }
      case SettingKind::Choice:
        if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end())
          throw SettingError(spec.name, "takes " + listOfChoices(spec.choices) + ", not '" + text + "'");
        text_.emplace_back(spec.name, text);
        break;
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
