// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every estimator of topiceval's own, by name: what the command line's options
// and help, evaluate-topics' --estimator, the Java bridge and the JSON report
// read. An estimator's file declares its name, summary, settings and factory in
// one EstimatorDefinition; estimator_registry.cpp lists the definitions, one
// line each. Adding an estimator: one file, its tests, one line there.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/model/logistic_normal_model.hpp"
#include "native/model/scoring_model.hpp"
#include "topiceval/vocabulary.hpp"

namespace topiceval {

// (The public estimatorNames() and defaultEstimator(), topiceval/evaluate.hpp,
// answer from registeredEstimatorNames() and familyDefaultEstimator().)

struct EstimatorDefinition {
  std::string name;     // "left-to-right"
  std::string summary;  // one line for help texts: what it computes, after which paper
  std::vector<SettingSpec> settings;
  // The estimator for an LDA model (empty for the logistic-normal family).
  std::function<std::unique_ptr<DocumentEstimator>(const SettingValues&, const ScoringModel&)> make;
  // The setting that buys accuracy for time (particles, temperatures, samples),
  // which the convergence check doubles; empty for a deterministic estimator.
  std::string budget;
  ModelFamily family = ModelFamily::Dirichlet;
  // The estimator for a logistic-normal model (the family's factory).
  std::function<std::unique_ptr<DocumentEstimator>(const SettingValues&, const LogisticNormalModel&)>
      makeForLogisticNormal = nullptr;
  // Whether raising `budget` from these settings leaves the estimator what it
  // is (an unbiased one unbiased). Where it would not, whatever grows a budget
  // (a target error, the convergence check, --budget-policy by-length) raises
  // the runs instead. Null: always.
  std::function<bool(const SettingValues&)> budgetKeepsNature = nullptr;
};

// What grows when a document needs a larger budget: the budget setting, or,
// where raising it would change the estimator's nature, the runs.
struct Growth {
  std::string setting;  // the budget setting's name, or "runs"
  bool runs = false;
};
// The growth of `definition` at `values` (see EstimatorDefinition::budgetKeepsNature).
Growth growthOf(const EstimatorDefinition& definition, const SettingValues& values);

// Every estimator, in the order help texts list them.
const std::vector<EstimatorDefinition>& estimatorRegistry();
// Their names, in that order, and those of one family.
std::vector<std::string> registeredEstimatorNames();
std::vector<std::string> estimatorNames(ModelFamily family);
// The estimator a model of `family` gets when none is named.
std::string familyDefaultEstimator(ModelFamily family);
// SettingError("estimator", "takes ..., not 'x'") for an unknown name.
const EstimatorDefinition& findEstimator(const std::string& name);

// SettingError(option, ...) unless `definition` is stochastic (has a budget)
// and `runs` is at least 2: what the convergence check and a target error
// need, each with its own reason ("so it has nothing to converge").
void requireSampledErrors(const std::string& option, const EstimatorDefinition& definition, int runs,
                          const std::string& whyStochastic, const std::string& whyRuns);

// The spec of `definition`'s budget setting, the range a convergence check or
// a target error may move it in; `definition` must be stochastic (checked by
// requireSampledErrors first).
const SettingSpec& budgetSpec(const EstimatorDefinition& definition);

// Whether estimator `name` declares setting `setting` (false for an unknown estimator).
bool declaresSetting(const std::string& name, const std::string& setting);

// Checks `settings` against the chosen estimator's specs, without a model.
SettingValues validateSettings(const EstimatorChoice& settings);
// The estimator, built for `model`; SettingError for a bad setting or an
// estimator of the other family.
std::unique_ptr<DocumentEstimator> makeEstimator(const EstimatorChoice& settings, const ScoringModel& model);
std::unique_ptr<DocumentEstimator> makeEstimator(const EstimatorChoice& settings, const LogisticNormalModel& model);

// Every setting any estimator declares, once by name (the first declaration's
// spec), with the estimators that use it: for building one set of options.
struct SharedSetting {
  SettingSpec spec;
  std::vector<std::string> estimators;
  std::vector<std::string> defaults;  // each estimator's own default, in the same order
  std::vector<std::string> helps;     // each estimator's own help text, in the same order
  // "10", or "1 (ais), 1000 (harmonic-mean)" when the estimators' defaults differ.
  std::string defaultsText() const;
  // "ais or harmonic-mean: samples per estimate", or, when the estimators
  // describe it differently, each description with its estimators; without
  // the default (help adds defaultsText() once: topiceval::shownDefault).
  std::string helpText() const;
};
std::vector<SharedSetting> allEstimatorSettings();

}  // namespace topiceval
