#include "native/api/evaluation_plan.hpp"

#include <cmath>

#include "native/api/model_data.hpp"
#include "native/api/setting_checks.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"

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
    checkSettingRange("max-doublings", request.maxDoublings, 1, 20);
    checkConvergenceEstimator(
        findEstimator(request.estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : request.estimator),
        request.runs);
  }
  checkTargetError(request.targetError, request.targetDocumentError, request.checkConvergence, request.estimator,
                   request.runs);
}

}  // namespace

EstimatorSettings EvaluationPlan::estimatorFor(ModelFamily family) const {
  return {estimator.empty() ? defaultEstimator(family) : estimator, settings};
}

EvaluationPlan planEvaluation(const EvaluateRequest& request) {
  EvaluationPlan plan;
  plan.unseenWords = checkCommonSettings(request.runs, request.threads, request.unseenWords, request.vocabularySize);
  checkEstimatorChoice(request.estimator, request.settings);
  if (!request.completeDocuments.empty()) plan.completion = parseDocumentSplit(request.completeDocuments);
  checkBudgetChoice(request);
  plan.model = &request.model;
  plan.documents = &request.documents;
  plan.modelName = detail::sourceName(request.model);
  plan.input = detail::sourceName(request.documents);
  plan.estimator = request.estimator;
  plan.settings = request.settings;
  plan.unseenWordsGiven = request.unseenWords != EvaluateRequest{}.unseenWords;
  plan.vocabularySize = request.vocabularySize;
  plan.completionName = request.completeDocuments;
  plan.documentSelection = request.documentSelection;
  if (request.checkConvergence) {
    plan.mode = EvaluationMode::ConvergenceCheck;
    plan.convergence = {request.tolerance, request.maxDoublings};
  } else if (request.targetError > 0.0 || request.targetDocumentError > 0.0) {
    plan.mode = EvaluationMode::TargetError;
    plan.target = {request.targetError, request.targetDocumentError, 0, request.budgetCap, request.maxRuns};
  }
  plan.runs = request.runs;
  plan.seed = request.seed;
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
