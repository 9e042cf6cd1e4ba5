// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/estimator_registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace topiceval {

// Each estimator's file defines its EstimatorDefinition NAME##Definition().
// To add an estimator, add its name here.
#define TOPICEVAL_ESTIMATORS(X) \
  X(leftToRight)                \
  X(resampleMove)               \
  X(filtering)                  \
  X(particleLearning)           \
  X(annealedImportance) X(harmonicMean) X(importanceSampling) X(chibStyle) X(estimatedTheta) X(posteriorImportance)

#define TOPICEVAL_DECLARE(name) EstimatorDefinition name##Definition();
TOPICEVAL_ESTIMATORS(TOPICEVAL_DECLARE)
#undef TOPICEVAL_DECLARE

const std::vector<EstimatorDefinition>& estimatorRegistry() {
#define TOPICEVAL_ENTRY(name) name##Definition(),
  static const std::vector<EstimatorDefinition> all = {TOPICEVAL_ESTIMATORS(TOPICEVAL_ENTRY)};
#undef TOPICEVAL_ENTRY
  return all;
}

std::vector<std::string> registeredEstimatorNames() {
  std::vector<std::string> names;
  for (const EstimatorDefinition& definition : estimatorRegistry()) names.push_back(definition.name);
  return names;
}

std::vector<std::string> estimatorNames(ModelFamily family) {
  std::vector<std::string> names;
  for (const EstimatorDefinition& definition : estimatorRegistry()) {
    if (definition.family == family) names.push_back(definition.name);
  }
  return names;
}

void requireSampledErrors(const std::string& option, const EstimatorDefinition& definition, int runs,
                          const std::string& whyStochastic, const std::string& whyRuns) {
  if (definition.budget.empty())
    throw SettingError(option, "needs a stochastic estimator; " + definition.name + " is deterministic, " +
                                   whyStochastic);
  if (runs < 2) throw SettingError(option, "needs --runs 2 or more: " + whyRuns);
}

const SettingSpec& budgetSpec(const EstimatorDefinition& definition) {
  const auto spec = std::find_if(definition.settings.begin(), definition.settings.end(),
                                 [&](const SettingSpec& s) { return s.name == definition.budget; });
  if (spec == definition.settings.end())
    throw std::logic_error("estimator " + definition.name + " declares no budget setting '" + definition.budget + "'");
  return *spec;
}

Growth growthOf(const EstimatorDefinition& definition, const SettingValues& values) {
  if (definition.budgetKeepsNature && !definition.budgetKeepsNature(values)) return {"runs", true};
  return {definition.budget, false};
}

bool declaresSetting(const std::string& name, const std::string& setting) {
  for (const EstimatorDefinition& definition : estimatorRegistry()) {
    if (definition.name != name) continue;
    return std::any_of(definition.settings.begin(), definition.settings.end(),
                       [&](const SettingSpec& spec) { return spec.name == setting; });
  }
  return false;
}

std::string familyDefaultEstimator(ModelFamily family) {
  // From the accuracy benchmark (docs/performance.md, "Accuracy against time, and the default estimator").
  return family == ModelFamily::Dirichlet ? "resample-move" : "posterior-importance";
}

const EstimatorDefinition& findEstimator(const std::string& name) {
  for (const EstimatorDefinition& definition : estimatorRegistry()) {
    if (definition.name == name) return definition;
  }
  throw SettingError("estimator", "takes " + listOfChoices(registeredEstimatorNames()) + ", not '" + name + "'");
}

namespace {

// A setting given for an estimator that does not declare it would be silently
// ignored: the user meant something this run will not do.
void checkSettingsApply(const EstimatorDefinition& definition, const EstimatorChoice& settings) {
  for (const auto& [name, value] : settings.values) {
    const std::string& given = name;  // (a structured binding cannot be captured before C++20's clang 16)
    const auto declares = [&](const EstimatorDefinition& other) {
      return std::any_of(other.settings.begin(), other.settings.end(),
                         [&](const SettingSpec& spec) { return spec.name == given; });
    };
    if (declares(definition)) continue;
    std::vector<std::string> owners;
    for (const EstimatorDefinition& other : estimatorRegistry()) {
      if (declares(other)) owners.push_back(other.name);
    }
    throw SettingError(name, owners.empty() ? "is not a setting of any estimator"
                                            : "does not apply to " + definition.name + "; it is a setting of " +
                                                  listOfChoices(owners));
  }
}

}  // namespace

SettingValues validateSettings(const EstimatorChoice& settings) {
  const EstimatorDefinition& definition = findEstimator(settings.estimator);
  checkSettingsApply(definition, settings);
  return SettingValues(definition.settings, settings.values);
}

namespace {

const EstimatorDefinition& findForFamily(const EstimatorChoice& settings, ModelFamily family) {
  const EstimatorDefinition& definition = findEstimator(settings.estimator);
  if (definition.family != family)
    throw SettingError(
        "estimator", definition.name +
                         (family == ModelFamily::Dirichlet ? " scores logistic-normal models (train-ctm, ctm-c) only; "
                                                             "this is an LDA model: use "
                                                           : " scores LDA models only; this is a logistic-normal "
                                                             "model: use ") +
                         listOfChoices(estimatorNames(family)));
  checkSettingsApply(definition, settings);
  return definition;
}

}  // namespace

std::unique_ptr<DocumentEstimator> makeEstimator(const EstimatorChoice& settings, const ScoringModel& model) {
  const EstimatorDefinition& definition = findForFamily(settings, ModelFamily::Dirichlet);
  return definition.make(SettingValues(definition.settings, settings.values), model);
}

std::unique_ptr<DocumentEstimator> makeEstimator(const EstimatorChoice& settings, const LogisticNormalModel& model) {
  const EstimatorDefinition& definition = findForFamily(settings, ModelFamily::LogisticNormal);
  return definition.makeForLogisticNormal(SettingValues(definition.settings, settings.values), model);
}

std::string SharedSetting::defaultsText() const {
  if (std::all_of(defaults.begin(), defaults.end(), [&](const std::string& d) { return d == defaults.front(); }))
    return defaults.front();
  std::string text;
  for (std::size_t i = 0; i < defaults.size(); ++i)
    text += (i > 0 ? ", " : "") + defaults[i] + " (" + estimators[i] + ")";
  return text;
}

std::string SharedSetting::helpText() const {
  // The distinct descriptions in order of first use, each with its estimators.
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (std::size_t i = 0; i < helps.size(); ++i) {
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == helps[i]; });
    if (group == groups.end()) group = groups.insert(groups.end(), {helps[i], {}});
    group->second.push_back(estimators[i]);
  }
  std::string text;
  if (groups.size() == 1) {
    text = listOfChoices(estimators) + ": " + helps.front();
  } else {
    for (const auto& [help, users] : groups) text += (text.empty() ? "" : "; ") + listOfChoices(users) + ": " + help;
  }
  return text;
}

std::vector<SharedSetting> allEstimatorSettings() {
  std::vector<SharedSetting> all;
  for (const EstimatorDefinition& definition : estimatorRegistry()) {
    for (const SettingSpec& spec : definition.settings) {
      auto found =
          std::find_if(all.begin(), all.end(), [&](const SharedSetting& s) { return s.spec.name == spec.name; });
      if (found == all.end()) {
        all.push_back({spec, {definition.name}, {spec.defaultValue}, {spec.help}});
      } else {
        found->estimators.push_back(definition.name);
        found->defaults.push_back(spec.defaultValue);
        found->helps.push_back(spec.help);
      }
    }
  }
  return all;
}

}  // namespace topiceval
