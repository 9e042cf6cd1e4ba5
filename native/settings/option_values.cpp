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

void checkAppliesWith(const CommandSpec& command,
                      const std::function<std::optional<std::string>(const std::string&, bool)>& valueOf) {
  for (const OptionSpec& spec : command.options) {
    if (spec.appliesWith.empty() || !valueOf(spec.name, false)) continue;
    std::vector<std::string> conditions;
    bool holds = false;
    for (const std::string& condition : spec.appliesWith) {
      const auto equals = condition.find('=');
      const std::string name = condition.substr(0, equals);
      const OptionSpec* other = findOption(command, name);
      if (other == nullptr) continue;  // an option this command does not have (select has no --budget-policy)
      if (equals != std::string::npos) {
        holds = holds || valueOf(name, true) == condition.substr(equals + 1);
        conditions.push_back("--" + name + " " + condition.substr(equals + 1));
      } else {
        const auto value = valueOf(name, false);
        const bool truth = other->kind == OptionKind::Switch || other->kind == OptionKind::Boolean;
        holds = holds || (value && (!truth || parseTruth(*value).value_or(false)));
        conditions.push_back("--" + name);
      }
    }
    if (holds) continue;
    std::string list;
    for (std::size_t i = 0; i < conditions.size(); ++i)
      list += (i == 0 ? "" : i + 1 == conditions.size() ? " or " : ", ") + conditions[i];
    throw SettingError(spec.name, "applies only with " + list + "; without it, it would be ignored");
  }
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
  checkAppliesWith(command, [&](const std::string& name, bool withDefault) -> std::optional<std::string> {
    const auto found = values_.find(name);
    if (found != values_.end()) return found->second.front();
    if (!withDefault) return std::nullopt;
    const OptionSpec* option = findOption(command, name);
    if (option == nullptr || option->defaultValue.empty()) return std::nullopt;
    return option->defaultValue;
  });
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
