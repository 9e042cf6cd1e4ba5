// SPDX-License-Identifier: Apache-2.0
#pragma once
// The settings floor: the one implementation of the rules a setting's value
// obeys (a whole number in its range, a finite real in its range, true or
// false, one of its choices), each with its message written once. The
// options of every command (topiceval/options.hpp) and every estimator's own
// settings (native/estimators/) are declared as the same OptionSpec and
// checked here, so the same mistake reads the same wherever it is made.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "topiceval/errors.hpp"
#include "topiceval/setting_spec.hpp"

namespace topiceval {

// An estimator's setting is declared as an option is.
using SettingSpec = OptionSpec;

// Declarations of an estimator's settings: a whole number in [least, most],
// true or false, or one of `choices`.
SettingSpec integerSetting(std::string name, int64_t defaultValue, int64_t least, int64_t most, std::string help);
SettingSpec booleanSetting(std::string name, bool defaultValue, std::string help);
SettingSpec choiceSetting(std::string name, std::string defaultValue, std::vector<std::string> choices,
                          std::string help);

// The shortest text that reads back as `value` ("0.5", "1e+06").
std::string numberText(double value);
// The whole text as a whole number, or as a finite real; nothing otherwise.
std::optional<int64_t> parseWhole(const std::string& text);
std::optional<double> parseReal(const std::string& text);

// SettingError "NAME must be at least LEAST" / "NAME must be at most MOST (got VALUE)".
void checkSettingRange(const std::string& name, int64_t value, int64_t least, int64_t most);
// The same for a real number: "NAME must be at least LEAST, not VALUE" (or at
// most), and "NAME takes a finite number" for NaN and infinities.
void checkRealRange(const std::string& name, double value, double least, double most);
// SettingError "NAME takes a, b or c, not 'x'" (with a "did you mean") unless
// `value` is one of `choices`.
void checkChoice(const std::string& name, const std::string& value, const std::vector<std::string>& choices);

// `text` (a message or warning, which names options as the command line does:
// --runs) with every option mentioned replaced by `spelled(name)`.
std::string respellOptions(const std::string& text, const std::function<std::string(const std::string&)>& spelled);

// `text` (as typed) checked against `spec`: SettingError naming spec.name.
void checkValue(const OptionSpec& spec, const std::string& text);
// SettingError naming the first option of `command` that `valueOf` gives
// while none of its OptionSpec::appliesWith holds. valueOf(name, withDefault):
// the option's value as given, or (withDefault) its default when not given;
// nothing when neither.
void checkAppliesWith(const CommandSpec& command,
                      const std::function<std::optional<std::string>(const std::string& name, bool withDefault)>& valueOf);

// Settings given by name as text, checked against their declarations and
// typed; those not given take their declared defaults.
class SettingValues {
 public:
  SettingValues(const std::vector<SettingSpec>& specs, const std::map<std::string, std::string>& given);
  int64_t integer(const std::string& name) const;
  bool boolean(const std::string& name) const;
  const std::string& choice(const std::string& name) const;
  // name -> value as text (canonical: "true"/"false", decimal integers), in spec order.
  const std::vector<std::pair<std::string, std::string>>& asText() const { return text_; }

 private:
  const std::string& find(const std::string& name) const;
  std::vector<std::pair<std::string, std::string>> text_;
};

}  // namespace topiceval
