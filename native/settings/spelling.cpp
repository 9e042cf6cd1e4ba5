// SPDX-License-Identifier: Apache-2.0
// How each front end spells a setting's name, and the defaults and truths
// its help shows: rules of names and declarations alone, shared by every
// command's options.
#include <algorithm>

#include "native/settings/settings.hpp"
#include "topiceval/setting_spec.hpp"

namespace topiceval {

std::string spell(const std::string& name, Spelling spelling) {
  switch (spelling) {
    case Spelling::CommandLine: return "--" + name;
    case Spelling::Python: return pythonName(name);
    case Spelling::Java: return javaName(name);
  }
  return name;
}

std::string respell(const std::string& text, Spelling spelling) {
  if (spelling == Spelling::CommandLine) return text;
  return respellOptions(text, [spelling](const std::string& name) { return spell(name, spelling); });
}

std::string pythonName(const std::string& name) {
  std::string spelled = name;
  std::replace(spelled.begin(), spelled.end(), '-', '_');
  return spelled;
}

std::string javaName(const std::string& name) {
  std::string field;
  bool upper = false;
  for (const char c : name) {
    if (c == '-') {
      upper = true;
      continue;
    }
    field.push_back(upper ? static_cast<char>(c - 'a' + 'A') : c);
    upper = false;
  }
  return field;
}

std::string shownDefault(const OptionSpec& spec) {
  return spec.defaultValue.empty() ? spec.describedDefault : spec.defaultValue;
}

bool takesTruth(const OptionSpec& spec) {
  if (spec.kind == OptionKind::Boolean || spec.kind == OptionKind::Switch) return true;
  return spec.kind == OptionKind::EstimatorSetting && spec.valueKind == OptionKind::Boolean;
}

}  // namespace topiceval
