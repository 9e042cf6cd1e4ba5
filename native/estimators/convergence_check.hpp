// SPDX-License-Identifier: Apache-2.0
#pragma once
// Evidence of convergence for a stochastic estimator: run it at its budget
// (particles, temperatures or samples: the setting its registry entry names),
// then at twice that, and so on, until no document is "not converged" from
// one budget to the next, or the doublings run out. A document is not
// converged when
// - it drifts: its estimate moved by more than the tolerance and by more
//   than two standard errors of the change (noise does not explain it): a
//   biased estimator still approaching its limit, or an unbiased one whose
//   log-scale bias (the log of a mean of skewed estimates) still shrinks; or
// - it is uncertain: the standard error of the change exceeds the tolerance,
//   so a small change proves nothing (more runs or a larger budget shrink it).

#include <cstdint>
#include <string>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/model/logistic_normal_model.hpp"

namespace topiceval {

struct ConvergenceOptions {
  double tolerance = 0.5;  // nats per document
  int maxDoublings = 5;    // at most 2^5 = 32 times the first budget
};

struct ConvergenceStep {
  int64_t budget = 0;
  double totalLogLikelihood = 0.0;
  double totalStandardError = 0.0;
  std::size_t documentsNotConverged = 0;  // against the step before (all, for the first)
  double seconds = 0.0;
};

struct ConvergenceReport {
  std::string budgetSetting;  // "particles"
  std::vector<ConvergenceStep> steps;
  std::vector<bool> notConverged;  // by document, at the last step
  bool converged = false;
  bool capped = false;           // stopped at the setting's largest allowed value
  double lastChange = 0.0;       // of the total, from the step before the last
  double lastChangeError = 0.0;  // its standard error
  double largestDocumentChange = 0.0;
  EvaluationResult result;                                             // at the last budget
  std::string estimatorDescription;                                    // at the last budget
  std::vector<std::pair<std::string, std::string>> estimatorSettings;  // at the last budget, as text
  std::string summary() const;  // one line, "converged: ..." or "not converged: ..."
};

// SettingError("check-convergence", ...) unless `definition` is stochastic and runs >= 2.
struct EstimatorDefinition;
void checkConvergenceEstimator(const EstimatorDefinition& definition, int runs);

// SettingError("check-convergence", ...) for an estimator without a budget
// (deterministic) and for fewer than 2 runs (the check needs errors). For a
// logistic-normal model, `logisticNormal` is the model the estimators are
// built for, and `model` says which tokens it scores.
ConvergenceReport checkConvergence(const EstimatorChoice& settings, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options,
                                   const ConvergenceOptions& convergence,
                                   const LogisticNormalModel* logisticNormal = nullptr);

}  // namespace topiceval
