// SPDX-License-Identifier: Apache-2.0
#include "native/api/evaluation_plan.hpp"

#include <cmath>

#include "native/api/model_data.hpp"
#include "native/api/setting_checks.hpp"
#include "native/api/settings_by_name.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/settings/setting_names.hpp"

namespace topiceval {

namespace {

// EvaluateRequest::documentSink as a writer: the drivers hand over through one interface.
class SinkWriter final : public DocumentWriter {
 public:
  explicit SinkWriter(std::function<void(std::size_t, const DocumentEstimate&)> sink) : sink_(std::move(sink)) {}
  void document(std::size_t index, const DocumentEstimate& estimate) override { sink_(index, estimate); }

 private:
  std::function<void(std::size_t, const DocumentEstimate&)> sink_;
};

// The checks of the options that choose the budget, in the order their messages have always come.
void checkBudgetChoice(const EvaluateRequest& request) {
  if (request.checkConvergence) {
    if (!(request.tolerance > 0.0) || !std::isfinite(request.tolerance))
      throw SettingError("tolerance", "must be a positive number of nats per document");
    checkConvergenceEstimator(
        findEstimator(request.estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : request.estimator),
        request.runs);
  }
  checkTargetError(request.targetError.value_or(0.0), request.targetDocumentError.value_or(0.0),
                   request.checkConvergence, request.estimator, request.runs);
  if (request.budgetPolicy == BudgetPolicy::ByLength) {
    // Budgets by length apply to nothing beside what chooses budgets itself,
    // or for an estimator without a budget: refused, as every such setting is.
    const std::string byLength = std::string(spellingOf(BudgetPolicy::ByLength));
    if (request.checkConvergence || request.targetError.value_or(0.0) > 0.0 ||
        request.targetDocumentError.value_or(0.0) > 0.0)
      throw SettingError(setting_names::kBudgetPolicy,
                         byLength + " applies only without --" + setting_names::kTargetError + ", --" +
                             setting_names::kTargetDocumentError + " and --" + setting_names::kCheckConvergence +
                             ", which choose each document's budget themselves");
    const std::string name = request.estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : request.estimator;
    if (findEstimator(name).budget.empty())
      throw SettingError(setting_names::kBudgetPolicy, byLength + " applies only to a stochastic estimator; " + name +
                                                           " is deterministic and has no budget to give");
  }
}

}  // namespace

EstimatorChoice EvaluationPlan::estimatorFor(ModelFamily family) const {
  return {estimator.empty() ? defaultEstimator(family) : estimator, settings};
}

EvaluationPlan planEvaluation(const EvaluateRequest& request) {
  EvaluationPlan plan;
  validate(request);  // every declared range and choice
  plan.settings = settingsByName(request.settings);
  checkEstimatorChoice(request.estimator, plan.settings);
  checkBudgetChoice(request);
  plan.unseenWords = request.unseenWords.value_or(kDefaultUnseenWords);
  plan.completion = request.completeDocuments;
  plan.model = &request.model;
  plan.documents = &request.documents;
  plan.modelName = detail::sourceName(request.model);
  plan.input = detail::sourceName(request.documents);
  plan.estimator = request.estimator;
  plan.unseenWordsGiven = request.unseenWords.has_value();
  plan.vocabularySize = request.vocabularySize;
  plan.documentSelection = request.documentSelection;
  if (request.checkConvergence) {
    plan.mode = EvaluationMode::ConvergenceCheck;
    plan.convergence = {request.tolerance, request.maxDoublings};
  } else if (request.targetError.value_or(0.0) > 0.0 || request.targetDocumentError.value_or(0.0) > 0.0) {
    plan.mode = EvaluationMode::TargetError;
    plan.target = {request.targetError.value_or(0.0), request.targetDocumentError.value_or(0.0), 0,
                   request.budgetCap.value_or(0), request.maxRuns.value_or(0)};
  } else if (request.budgetPolicy == BudgetPolicy::ByLength) {
    plan.mode = EvaluationMode::ByLength;
    plan.target.largestBudget = request.budgetCap.value_or(0);
  }
  plan.runs = request.runs;
  plan.seed = static_cast<uint64_t>(request.seed);
  plan.threads = request.threads;
  plan.progress = request.progress;
  if (request.documentWriter == nullptr && request.documentSink) {
    plan.sinkWriter_ = std::make_shared<SinkWriter>(request.documentSink);
    plan.writer = plan.sinkWriter_.get();
  } else {
    plan.writer = request.documentWriter;
  }
  plan.keepDocuments = request.keepDocuments && plan.writer == nullptr;
  return plan;
}

}  // namespace topiceval
