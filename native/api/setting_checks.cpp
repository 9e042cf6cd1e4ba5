// SPDX-License-Identifier: Apache-2.0
#include "native/api/setting_checks.hpp"

#include "native/estimators/convergence_check.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/target_error.hpp"
#include "native/settings/setting_names.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval {

void checkEstimatorChoice(const std::string& estimator, const std::map<std::string, std::string>& settings) {
  if (!estimator.empty()) {
    validateSettings({estimator, settings});
    return;
  }
  EstimatorChoice lda{defaultEstimator(ModelFamily::Dirichlet), {}};
  EstimatorChoice logisticNormal{defaultEstimator(ModelFamily::LogisticNormal), {}};
  for (const auto& [name, value] : settings) {
    if (declaresSetting(lda.estimator, name)) {
      lda.values[name] = value;
    } else if (declaresSetting(logisticNormal.estimator, name)) {
      logisticNormal.values[name] = value;
    } else {
      validateSettings({lda.estimator, settings});  // names the estimators that declare it
    }
  }
  validateSettings(lda);
  validateSettings(logisticNormal);
}

void checkTargetError(double perToken, double perDocument, bool checkConvergence, const std::string& estimator,
                      int runs) {
  if (perToken == 0.0 && perDocument == 0.0) return;
  if (checkConvergence)
    throw SettingError(setting_names::kTargetError, "and --check-convergence each choose the budget: give one of them");
  checkTargetErrorEstimator(findEstimator(estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : estimator),
                            runs);
}

}  // namespace topiceval
