// SPDX-License-Identifier: Apache-2.0
// A command's option values as given, checked against its declarations by
// the settings floor's rules (settings.hpp): what every front end's text
// passes through before it fills a request.
#include <algorithm>
#include <stdexcept>

#include "native/settings/settings.hpp"
#include "topiceval/setting_spec.hpp"

namespace topiceval {

const OptionSpec* findOption(const CommandSpec& command, const std::string& option) {
  for (const OptionSpec& spec : command.options) {
    if (spec.name == option) return &spec;
  }
  return nullptr;
}

OptionValues::OptionValues(const CommandSpec& command, const std::map<std::string, std::vector<std::string>>& given,
                           const std::vector<std::string>& suppliedElsewhere)
    : command_(&command) {
  for (const auto& [name, values] : given) {
    const OptionSpec* found = findOption(command, name);
    if (found == nullptr) throw SettingError(name, "is not an option of " + command.name);
    if (values.empty()) continue;
    if (values.size() > 1 && found->kind != OptionKind::List)
      throw SettingError(name, "is given " + std::to_string(values.size()) + " times; it takes one value");
    for (const std::string& value : values) checkValue(*found, value);
    values_[name] = values;
  }
  for (const OptionSpec& spec : command.options) {
    if (spec.required && values_.count(spec.name) == 0 &&
        std::find(suppliedElsewhere.begin(), suppliedElsewhere.end(), spec.name) == suppliedElsewhere.end())
      throw SettingError(spec.name, "is required");
  }
}

const OptionSpec& OptionValues::spec(const std::string& name) const {
  const OptionSpec* found = findOption(*command_, name);
  if (found == nullptr) throw std::logic_error("option " + name + " is not declared for " + command_->name);
  return *found;
}

bool OptionValues::given(const std::string& name) const { return values_.count(name) != 0; }

std::optional<std::string> OptionValues::text(const std::string& name) const {
  const auto found = values_.find(name);
  if (found != values_.end()) return found->second.front();
  const OptionSpec& option = spec(name);
  if (option.defaultValue.empty()) return std::nullopt;
  return option.defaultValue;
}

std::vector<std::string> OptionValues::list(const std::string& name) const {
  const auto found = values_.find(name);
  return found != values_.end() ? found->second : std::vector<std::string>{};
}

int64_t OptionValues::integer(const std::string& name) const {
  const auto value = text(name);
  if (!value) throw std::logic_error("option " + name + " has no value and no default");
  return *parseWhole(*value);
}

double OptionValues::real(const std::string& name) const {
  const auto value = text(name);
  if (!value) throw std::logic_error("option " + name + " has no value and no default");
  return *parseReal(*value);
}

bool OptionValues::boolean(const std::string& name) const {
  const auto value = text(name);
  return value && *parseTruth(*value);
}

std::map<std::string, std::string> OptionValues::estimatorSettings() const {
  std::map<std::string, std::string> settings;
  for (const auto& [name, values] : values_) {
    if (spec(name).kind == OptionKind::EstimatorSetting) settings[name] = values.front();
  }
  return settings;
}

}  // namespace topiceval
