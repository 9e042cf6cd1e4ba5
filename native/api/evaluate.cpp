// SPDX-License-Identifier: Apache-2.0
// topiceval::evaluate (topiceval/evaluate.hpp): one request checked once into
// a plan, the model read, the driver of the plan's mode run
// (evaluation_drivers.hpp), and everything a front end reports gathered as
// plain data.
#include "topiceval/evaluate.hpp"

#include <chrono>

#include "formats/file_bytes.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/estimator_report.hpp"
#include "native/api/evaluation_drivers.hpp"
#include "native/api/evaluation_plan.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/api/result_totals.hpp"
#include "native/api/unseen_word_accounting.hpp"
#include "native/logistic_normal/gamma_posterior.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

EvaluateResult evaluate(const EvaluateRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  const EvaluationPlan plan = planEvaluation(request);
  const auto started = std::chrono::steady_clock::now();
  const Model model = detail::loadModel(*plan.model);
  EvaluationSetup setup(plan, model);
  EvaluateResult result;
  switch (plan.mode) {
    case EvaluationMode::ConvergenceCheck: evaluateToConvergence(plan, setup, result); break;
    case EvaluationMode::TargetError: evaluateToTargetError(plan, setup, result); break;
    case EvaluationMode::ByLength: evaluateByLength(plan, setup, result); break;
    case EvaluationMode::FixedBudget:
      if (setup.reading == Reading::Whole) {
        evaluateWholeRead(plan, setup, result);
      } else {
        evaluateInBatches(plan, setup, result);
      }
      break;
  }
  assembleResult(plan, setup, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

void assembleResult(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result) {
  const Documents& described = setup.readOutline ? *setup.readOutline : setup.documents;
  const DocumentEstimator& estimator = *setup.estimator;
  result.model = modelReport(setup.model, plan.modelName);
  result.input = plan.input;
  result.inputDocuments = described.size();
  result.inputTokens = described.totalTokens();
  result.estimator.name = setup.chosen.estimator;
  result.estimator.typedSettings = typedSettings(setup.chosen.estimator, result.estimator.settings);
  result.estimator.stochastic = estimator.stochastic();
  result.estimator.unbiased = estimator.unbiased();
  result.estimator.errorCaveat = estimator.errorCaveat();
  result.estimator.seed = plan.seed;
  result.estimator.runs = estimator.stochastic() ? plan.runs : 1;
  fillScoring(result, setup.countedScoring ? *setup.countedScoring : setup.scoring, plan.vocabularySize.has_value());
  markErrorsOfOneRun(result);
  result.completeDocuments = plan.completion;
  if (setup.data.logisticNormal) {
    const PosteriorMethod method = parsePosteriorMethod(validateSettings(setup.chosen).choice("e-step"), "e-step");
    result.variationalBound = totalBound(GammaPosteriorInference(*setup.data.logisticNormal),
                                         detail::dataOf(setup.documents).collection, method, plan.threads);
    result.boundMethod = describe(method);
  }
  result.errorStatement = errorStatement(result.estimator, result.completeDocuments, result.heavyTailedDocuments,
                                         result.logMeanBias, result.lognormalDocuments,
                                         result.inputDocuments - result.emptyDocuments, result.scoredTokens,
                                         result.intervalUnsupported);
  if (result.target) result.errorStatement += budgetStatement(*result.target);
  result.warnings = evaluationWarnings(result, described, setup.data.kind);
  if (setup.reading == Reading::Whole) {  // read whole: handed over now
    for (std::size_t d = 0; d < result.documents.size(); ++d) setup.handOver.document(d, result.documents[d]);
  }
  setup.handOver.finish();
  if (!plan.keepDocuments) result.documents = {};
  if (result.convergence && !result.convergence->converged)
    result.warnings.push_back({"not-converged", result.convergence->summary});
  if (!result.intervalUnsupported.empty())
    result.warnings.push_back({"interval-unsupported",
                               "the runs do not support the interval: " + result.intervalUnsupported +
                                   "; raise the budget (--particles, --temperatures or --samples)"});
  if (result.target && (result.target->aboveTargetDocuments > 0 || result.target->totalMissed))
    result.warnings.push_back({"above-target", result.target->summary});
  result.threads = resolveThreads(plan.threads);
}

}  // namespace topiceval
