// topiceval::evaluate (topiceval/evaluate.hpp): one request checked once, the
// model and documents read, the estimator (or the convergence check) run, and
// everything a front end reports gathered as plain data.
#include "topiceval/evaluate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "native/api/evaluation_support.hpp"
#include "native/api/model_data.hpp"
#include "native/api/settings_by_name.hpp"
#include "native/estimators/convergence_check.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/target_error.hpp"
#include "native/logistic_normal/gamma_posterior.hpp"
#include "native/model/type_profile.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

namespace {

// Every setting of the request, before anything is read.
void checkRequest(const EvaluateRequest& request) {
  validate(request);
  checkCommonSettings(request.runs, request.threads, request.vocabularySize);
  checkEstimatorChoice(request.estimator, settingsByName(request.settings));
  if (request.checkConvergence) {
    if (!(request.tolerance > 0.0) || !std::isfinite(request.tolerance))
      throw SettingError("tolerance", "must be a positive number of nats per document");
    checkConvergenceEstimator(
        findEstimator(request.estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : request.estimator),
        request.runs);
  }
  checkTargetError(request.targetError.value_or(0.0), request.targetDocumentError.value_or(0.0),
                   request.checkConvergence, request.estimator, request.runs);
}

ConvergenceVerdict verdictOf(const ConvergenceReport& report) {
  ConvergenceVerdict verdict;
  verdict.converged = report.converged;
  verdict.capped = report.capped;
  verdict.budgetSetting = report.budgetSetting;
  for (const ConvergenceStep& step : report.steps)
    verdict.steps.push_back(
        {step.budget, step.totalLogLikelihood, step.totalStandardError, step.documentsNotConverged, step.seconds});
  verdict.lastChange = report.lastChange;
  verdict.lastChangeError = report.lastChangeError;
  verdict.largestDocumentChange = report.largestDocumentChange;
  verdict.summary = report.summary();
  return verdict;
}

// A batch of plain text: at most this many documents or tokens (4 MiB of
// them), so that memory holds a batch whatever the file's size; a batch still
// gives two threads thousands of documents to share.
constexpr formats::TextBatch kBatch{8192, std::size_t{1} << 20};

// Whether a request is read and scored in batches: a sink takes the documents
// or none are kept (nothing gathers them), the input is a file, and nothing
// needs every document at once (a selection, the convergence check or a
// target error, which choose budgets over the whole set; MPI's deal; a
// logistic-normal model's variational bound).
bool mayReadInBatches(const EvaluateRequest& request, const detail::ModelData& data) {
  return (request.documentSink || !request.keepDocuments) && !request.documents.documents &&
         !request.documents.path.empty() && request.documentSelection.empty() && !request.checkConvergence &&
         !request.targetError && !request.targetDocumentError && cluster().size() == 1 && !data.logisticNormal &&
         data.alphabet() != nullptr;
}

// Every document's length and the set's type profile, gathered batch by
// batch: what a model needs to count the words it skips.
class OutlineBuilder {
 public:
  void add(const DocumentCollection& batch) {
    for (std::size_t d = 0; d < batch.size(); ++d) lengths_.push_back(static_cast<uint32_t>(batch.length(d)));
    profile_.add(batch);
  }
  Documents build() {
    return detail::makeDocuments(DocumentCollection::outline(std::move(lengths_), profile_.take()), FileKind::Text);
  }

 private:
  std::vector<uint32_t> lengths_;
  TypeProfile profile_;
};

// The first of two passes over plain text in batches: the outline, from which
// the model counts what it will skip before the first batch is scored; the
// read's every error comes here, before any document is scored or handed
// over. Nothing when the file is not plain text.
std::optional<Documents> outlineOfText(const std::string& path, const Alphabet& words) {
  OutlineBuilder outline;
  if (!formats::readTextInBatches(path, words, kBatch,
                                  [&](DocumentCollection batch, std::size_t) { outline.add(batch); }))
    return std::nullopt;
  return outline.build();
}

// Whether the scoring model depends on the documents before they are scored:
// smoothing counts the unseen types into V, and a given V is checked against
// them. Skipping needs nothing ahead, and a single pass can count what it skipped.
bool scoringNeedsOutline(const EvaluateRequest& request) {
  return request.unseenWords == UnseenWords::Smooth || request.vocabularySize.has_value();
}

}  // namespace

EvaluateResult evaluate(const EvaluateRequest& request) {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  checkRequest(request);
  const auto started = std::chrono::steady_clock::now();
  const Model model = detail::loadModel(request.model);
  const std::string modelName = detail::sourceName(request.model);
  const detail::ModelData& data = model.data();
  // In batches: two passes (the outline first) when documents are handed over
  // as they finish, so that a refused file hands over none, or when the
  // scoring needs the outline; else one pass, which counts as it goes.
  std::optional<Documents> outline;
  bool onePass = false;
  if (mayReadInBatches(request, data)) {
    onePass = !request.documentSink && !scoringNeedsOutline(request) && formats::isPlainTextFile(request.documents.path);
    outline = onePass ? detail::makeDocuments(DocumentCollection::outline({}, {}), FileKind::Text)
                      : outlineOfText(request.documents.path, *data.alphabet());
  }
  // Most estimators' work grows with a document's length, and so the deal over MPI ranks weighs the tokens.
  const Documents documents =
      outline
          ? *outline
          : detail::loadDealtDocuments(detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)),
                                       model, modelName, request.documentSelection, detail::DealCost::Linear);
  const DocumentCollection& collection = documents.data().collection;

  // A logistic-normal model takes its own family's estimator and scores the
  // words of its vocabulary: LDA's smoothing options do not apply.
  EstimatorChoice chosen{request.estimator.empty() ? defaultEstimator(data.family()) : request.estimator,
                         settingsByName(request.settings)};
  if (data.logisticNormal && request.completeDocuments != DocumentSplit::None)
    throw SettingError("complete-documents", "is not available for logistic-normal models");
  const UnseenWords policy = request.unseenWords.value_or(kDefaultUnseenWords);
  const ScoringModel scoring =
      data.scoring(policy, collection, request.vocabularySize, request.unseenWords.has_value());
  if (!onePass) checkSomethingIsScored(scoring, documents, request.documents, policy, modelName);
  std::unique_ptr<DocumentEstimator> estimator =
      data.logisticNormal ? makeEstimator(chosen, *data.logisticNormal) : makeEstimator(chosen, scoring);
  EvaluationOptions evaluation;
  evaluation.seed = static_cast<uint64_t>(request.seed);
  evaluation.runs = request.runs;
  evaluation.threads = request.threads;
  evaluation.completion = request.completeDocuments;
  // A counter of its own when none is given: made on this thread, it answers a caller's Cancellation.
  Progress ownProgress;
  evaluation.progress = request.progress != nullptr ? request.progress : &ownProgress;

  EvaluateResult result;
  EvaluationResult estimates;
  std::optional<Documents> readOutline;         // one pass: the documents as read
  std::optional<ScoringModel> countedScoring;  // one pass: what the policy skipped in them
  if (request.checkConvergence) {
    ConvergenceOptions options;
    options.tolerance = request.tolerance;
    options.maxDoublings = request.maxDoublings;
    const LogisticNormalModel* logisticNormal = data.logisticNormal ? &*data.logisticNormal : nullptr;
    ConvergenceReport report = checkConvergence(chosen, scoring, collection, evaluation, options, logisticNormal);
    estimates = std::move(report.result);
    result.estimator.description = report.estimatorDescription;
    result.estimator.settings = report.estimatorSettings;
    result.convergence = verdictOf(report);
    fillEvaluation(result, estimates, collection, &report.notConverged);
  } else if (request.targetError.value_or(0.0) > 0.0 || request.targetDocumentError.value_or(0.0) > 0.0) {
    const TargetErrorOptions target{request.targetError.value_or(0.0), request.targetDocumentError.value_or(0.0), 0,
                                    request.budgetCap.value_or(0), request.maxRuns.value_or(0)};
    const LogisticNormalModel* logisticNormal = data.logisticNormal ? &*data.logisticNormal : nullptr;
    TargetErrorReport report = evaluateToTarget(chosen, scoring, collection, evaluation, target, logisticNormal);
    estimates = std::move(report.result);
    result.estimator.description = report.startDescription + "; raised by target error to at most " +
                                   report.budgetSetting + " " + std::to_string(report.largestBudget) + " and " +
                                   std::to_string(report.largestRuns) + " runs";
    result.estimator.settings = validateSettings(chosen).asText();
    fillEvaluation(result, estimates, collection, nullptr);
    result.target = targetSummary(report, result.documents);
  } else if (outline) {
    // The second pass: each batch scored as it is read, its documents handed
    // to the sink and forgotten; the totals gathered in document order.
    EvaluationTotals totals;
    OutlineBuilder counted;  // one pass: what the skipped words are is counted as they come
    const bool stochasticOnce = estimator->stochastic() && request.runs == 1;
    Progress& progress = *evaluation.progress;
    progress.setTotal(collection.size() * static_cast<uint64_t>(evaluation.runs),
                      collection.totalTokens() * static_cast<uint64_t>(evaluation.runs),
                      static_cast<uint64_t>(evaluation.runs));  // nothing known ahead of one pass
    formats::readTextInBatches(request.documents.path, *data.alphabet(), kBatch,
                               [&](DocumentCollection batch, std::size_t first) {
                                 if (onePass) counted.add(batch);
                                 EvaluationOptions options = evaluation;
                                 options.firstDocument = first;
                                 Progress batchProgress;  // made here: it answers the caller's Cancellation too
                                 options.progress = &batchProgress;
                                 const EvaluationResult scored = evaluateDocuments(*estimator, scoring, batch, options);
                                 totals.add(scored, batch, stochasticOnce, [&](std::size_t d, DocumentEstimate estimate) {
                                   if (request.documentSink) request.documentSink(first + d, estimate);
                                 });
                                 progress.advance(batch.size() * static_cast<uint64_t>(evaluation.runs),
                                                  batch.totalTokens() * static_cast<uint64_t>(evaluation.runs));
                               });
    result.estimator.description = estimator->description();
    result.estimator.settings = validateSettings(chosen).asText();
    totals.fill(result);
    if (onePass) {  // the counts the outline would have given, now that every document was read
      readOutline = counted.build();
      countedScoring =
          data.scoring(policy, readOutline->data().collection, request.vocabularySize, request.unseenWords.has_value());
      checkSomethingIsScored(*countedScoring, *readOutline, request.documents, policy, modelName);
    }
  } else {
    estimates = evaluateDocuments(*estimator, scoring, collection, evaluation);
    result.estimator.description = estimator->description();
    result.estimator.settings = validateSettings(chosen).asText();
    fillEvaluation(result, estimates, collection, nullptr);
  }
  result.model = modelReport(model, modelName);
  const Documents& described = readOutline ? *readOutline : documents;
  result.input = detail::sourceName(request.documents);
  result.inputDocuments = described.size();
  result.inputTokens = described.totalTokens();
  result.estimator.name = chosen.estimator;
  result.estimator.stochastic = estimator->stochastic();
  result.estimator.unbiased = estimator->unbiased();
  result.estimator.errorCaveat = estimator->errorCaveat();
  result.estimator.seed = static_cast<uint64_t>(request.seed);
  result.estimator.runs = estimator->stochastic() ? request.runs : 1;
  fillScoring(result, countedScoring ? *countedScoring : scoring, request.vocabularySize.has_value());
  markErrorsOfOneRun(result);
  result.completeDocuments = request.completeDocuments;
  if (data.logisticNormal) {
    const PosteriorMethod method = parsePosteriorMethod(validateSettings(chosen).choice("e-step"), "e-step");
    result.variationalBound =
        totalBound(GammaPosteriorInference(*data.logisticNormal), collection, method, request.threads);
    result.boundMethod = describe(method);
  }
  result.errorStatement = errorStatement(result.estimator, result.completeDocuments, result.heavyTailedDocuments,
                                         result.logMeanBias, result.scoredTokens);
  if (result.target)
    result.errorStatement += "; under the target error each document has the runs and budget it needed (see budget)";
  result.warnings = evaluationWarnings(result, described, data.kind);
  if (request.documentSink && !outline) {  // read whole: handed over now
    for (std::size_t d = 0; d < result.documents.size(); ++d) request.documentSink(d, result.documents[d]);
  }
  if (request.documentSink || !request.keepDocuments) result.documents = {};
  if (result.convergence && !result.convergence->converged)
    result.warnings.push_back({"not-converged", result.convergence->summary});
  if (result.target && (result.target->aboveTargetDocuments > 0 || result.target->totalMissed))
    result.warnings.push_back({"above-target", result.target->summary});
  result.threads = resolveThreads(request.threads);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace topiceval
