// SPDX-License-Identifier: Apache-2.0
#include "native/settings/setting_names.hpp"
#include "native/estimators/convergence_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval {

namespace {

std::string signedNats(double value, double error) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%+.2f +- %.2f nats", value, error);
  return buffer;
}

}  // namespace

std::string ConvergenceReport::summary() const {
  const ConvergenceStep& last = steps.back();
  const std::string budget = budgetSetting + " " + std::to_string(last.budget);
  const std::string from = steps.size() > 1 ? budgetSetting + " " + std::to_string(steps[steps.size() - 2].budget) +
                                                  " -> " + std::to_string(last.budget) + " changed the total by " +
                                                  signedNats(lastChange, lastChangeError)
                                            : "";
  if (converged) return "converged at " + budget + ": " + from + "; every document's change within the tolerance";
  char largest[64];
  std::snprintf(largest, sizeof largest, "%.2f", largestDocumentChange);
  return "not converged at " + budget + (capped ? " (the setting's limit)" : " (the last doubling)") + ": " +
         std::to_string(last.documentsNotConverged) + " of " + std::to_string(notConverged.size()) +
         " documents moved by more than the tolerance and their error, or have a change whose error exceeds the "
         "tolerance (flag not-converged; largest change " +
         largest + " nats); " + from;
}

void checkConvergenceEstimator(const EstimatorDefinition& definition, int runs) {
  requireSampledErrors(setting_names::kCheckConvergence, definition, runs, "so it has nothing to converge",
                       "it compares changes with their errors");
}

ConvergenceReport checkConvergence(const EstimatorChoice& settings, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options,
                                   const ConvergenceOptions& convergence, const LogisticNormalModel* logisticNormal) {
  const EstimatorDefinition& definition = findEstimator(settings.estimator);
  checkConvergenceEstimator(definition, options.runs);
  if (!(convergence.tolerance > 0.0)) throw SettingError("tolerance", "must be a positive number of nats per document");
  // What doubles: the budget setting, or the runs where a larger budget would
  // change the estimator (left-to-right's one particle).
  const Growth growth = growthOf(definition, validateSettings(settings));
  const double most = growth.runs ? static_cast<double>(SettingLimits::kRuns) : budgetSpec(definition).most;
  EstimatorChoice current = settings;
  EvaluationOptions grown = options;
  int64_t budget = growth.runs ? options.runs : validateSettings(settings).integer(definition.budget);

  ConvergenceReport report;
  report.budgetSetting = growth.setting;
  report.notConverged.assign(documents.size(), true);
  for (int doubling = 0;; ++doubling) {
    if (growth.runs) {
      grown.runs = static_cast<int>(budget);
    } else {
      current.values[definition.budget] = std::to_string(budget);
    }
    const auto started = std::chrono::steady_clock::now();
    const auto estimator =
        logisticNormal != nullptr ? makeEstimator(current, *logisticNormal) : makeEstimator(current, model);
    EvaluationResult result = evaluateDocuments(*estimator, model, documents, grown);
    ConvergenceStep step;
    step.budget = budget;
    step.totalLogLikelihood = result.totalLogLikelihood;
    step.totalStandardError = result.totalStandardError;
    step.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!report.steps.empty()) {
      const EvaluationResult& before = report.result;
      report.largestDocumentChange = 0.0;
      for (std::size_t d = 0; d < documents.size(); ++d) {
        const DocumentResult& now = result.documents[d];
        const DocumentResult& then = before.documents[d];
        const double change = std::fabs(now.logLikelihood - then.logLikelihood);
        const double error = std::hypot(now.standardError, then.standardError);
        // Drifting: a change beyond the tolerance that noise does not explain.
        // Uncertain: the change's own error exceeds the tolerance, so a small
        // change proves nothing.
        const bool drifting = change > convergence.tolerance && change > 2.0 * error;
        const bool uncertain = !(error <= convergence.tolerance);
        report.notConverged[d] = drifting || uncertain;
        report.largestDocumentChange = std::max(report.largestDocumentChange, change);
      }
      report.lastChange = result.totalLogLikelihood - before.totalLogLikelihood;
      report.lastChangeError = std::hypot(result.totalStandardError, before.totalStandardError);
    }
    step.documentsNotConverged =
        static_cast<std::size_t>(std::count(report.notConverged.begin(), report.notConverged.end(), true));
    report.steps.push_back(step);
    report.result = std::move(result);
    report.estimatorDescription = estimator->description();
    report.estimatorSettings = validateSettings(current).asText();
    if (report.steps.size() > 1 && step.documentsNotConverged == 0) {
      report.converged = true;
      break;
    }
    if (doubling == convergence.maxDoublings) break;
    if (budget > static_cast<int64_t>(most) / 2) {
      report.capped = true;
      break;
    }
    budget *= 2;
  }
  return report;
}

}  // namespace topiceval
