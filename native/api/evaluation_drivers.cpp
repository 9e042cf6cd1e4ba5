// SPDX-License-Identifier: Apache-2.0
// evaluate's drivers (evaluation_drivers.hpp): the reading of the documents,
// then one function per mode.
#include "native/api/evaluation_drivers.hpp"

#include <utility>

#include "formats/held_out_reader.hpp"
#include "native/api/estimator_report.hpp"
#include "native/api/result_totals.hpp"
#include "native/api/unseen_word_accounting.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/model/type_profile.hpp"
#include "native/runtime/cluster.hpp"

namespace topiceval {

namespace {

// A batch of plain text: at most this many documents or tokens (4 MiB of
// them), so that memory holds a batch whatever the file's size; a batch still
// gives two threads thousands of documents to share.
constexpr formats::TextBatch kBatch{8192, std::size_t{1} << 20};

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

// Whether a request is read and scored in batches: a writer takes the
// documents or none are kept (nothing gathers them), the input is a file, and
// nothing needs every document at once (a selection, the convergence check, a
// target error or budgets by length, which choose budgets over the whole set;
// MPI's deal; a logistic-normal model's variational bound).
// Whether --budget-policy by-length has budgets to grow: a stochastic estimator
// (with a budget setting).
bool growsBudgets(const EvaluationPlan& plan, const detail::ModelData& data) {
  return plan.mode == EvaluationMode::ByLength &&
         !findEstimator(plan.estimatorFor(data.family()).estimator).budget.empty();
}

bool mayReadInBatches(const EvaluationPlan& plan, const detail::ModelData& data) {
  const bool oneBudget = plan.mode == EvaluationMode::FixedBudget ||
                         (plan.mode == EvaluationMode::ByLength && !growsBudgets(plan, data));
  return !plan.keepDocuments && !plan.documents->documents && !plan.documents->path.empty() &&
         plan.documentSelection.empty() && oneBudget && cluster().size() == 1 &&
         !data.logisticNormal && data.alphabet() != nullptr;
}

// Whether the scoring model depends on the documents before they are scored:
// smoothing counts the unseen types into V, and a given V is checked against
// them. Skipping needs nothing ahead, and a single pass can count what it skipped.
bool scoringNeedsOutline(const EvaluationPlan& plan) {
  return plan.unseenWords == UnseenWords::Smooth || plan.vocabularySize.has_value();
}

// In batches: two passes (the outline first) when documents are handed over
// as they finish, so that a refused file hands over none, or when the scoring
// needs the outline; else one pass, which counts as it goes. Most estimators'
// work grows with a document's length, and so the deal over MPI ranks weighs the tokens.
Documents readDocuments(const EvaluationPlan& plan, const Model& model, Reading& reading) {
  const std::string& path = plan.documents->path;
  reading = Reading::Whole;
  if (mayReadInBatches(plan, detail::dataOf(model))) {
    if (plan.writer == nullptr && !scoringNeedsOutline(plan) && formats::isPlainTextFile(path)) {
      reading = Reading::OnePass;
      return detail::makeDocuments(DocumentCollection::outline({}, {}), FileKind::Text);
    }
    if (std::optional<Documents> outline = outlineOfText(path, *detail::dataOf(model).alphabet())) {
      reading = Reading::TwoPasses;
      return *outline;
    }
  }
  return detail::loadDealtDocuments(detail::withBagsShuffled(*plan.documents, plan.seed), model, plan.modelName,
                                    plan.documentSelection, detail::DealCost::Linear);
}

// A logistic-normal model takes its own family's estimator and scores the
// words of its vocabulary: LDA's smoothing options do not apply.
EstimatorChoice chosenEstimator(const EvaluationPlan& plan, const detail::ModelData& data) {
  if (data.logisticNormal && plan.completion != DocumentSplit::None)
    throw SettingError("complete-documents", "is not available for logistic-normal models");
  return plan.estimatorFor(data.family());
}

ScoringModel checkedScoring(const EvaluationPlan& plan, const detail::ModelData& data, const Documents& documents,
                            Reading reading) {
  ScoringModel scoring =
      data.scoring(plan.unseenWords, detail::dataOf(documents).collection, plan.vocabularySize, plan.unseenWordsGiven);
  if (reading != Reading::OnePass)
    checkSomethingIsScored(scoring, documents, *plan.documents, plan.unseenWords, plan.modelName);
  return scoring;
}

EvaluationOptions evaluationOptions(const EvaluationPlan& plan, Progress& ownProgress) {
  EvaluationOptions options;
  options.seed = plan.seed;
  options.runs = plan.runs;
  options.threads = plan.threads;
  options.completion = plan.completion;
  options.progress = plan.progress != nullptr ? plan.progress : &ownProgress;
  return options;
}

const LogisticNormalModel* logisticNormalOf(const EvaluationSetup& setup) {
  return setup.data.logisticNormal ? &*setup.data.logisticNormal : nullptr;
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

}  // namespace

void DocumentHandOver::document(std::size_t index, const DocumentEstimate& estimate) {
  if (writer_ == nullptr) return;
  if (!std::exchange(begun_, true)) writer_->begin();
  writer_->document(index, estimate);
}

void DocumentHandOver::finish() {
  if (writer_ == nullptr) return;
  if (!std::exchange(begun_, true)) writer_->begin();
  writer_->end();
}

EvaluationSetup::EvaluationSetup(const EvaluationPlan& plan, const Model& loaded)
    : model(loaded),
      data(detail::dataOf(loaded)),
      reading(Reading::Whole),
      documents(readDocuments(plan, loaded, reading)),
      chosen(chosenEstimator(plan, data)),
      scoring(checkedScoring(plan, data, documents, reading)),
      estimator(data.logisticNormal ? makeEstimator(chosen, *data.logisticNormal) : makeEstimator(chosen, scoring)),
      options(evaluationOptions(plan, ownProgress)),
      handOver(plan.writer) {}

void evaluateWholeRead(const EvaluationPlan&, EvaluationSetup& setup, EvaluateResult& result) {
  const DocumentCollection& collection = detail::dataOf(setup.documents).collection;
  const EvaluationResult estimates = evaluateDocuments(*setup.estimator, setup.scoring, collection, setup.options);
  result.estimator.description = setup.estimator->description();
  result.estimator.settings = validateSettings(setup.chosen).asText();
  fillEvaluation(result, estimates, collection, nullptr);
}

// The second pass (or the only one): each batch scored as it is read, its
// documents handed over and forgotten; the totals gathered in document order.
void evaluateInBatches(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result) {
  const bool onePass = setup.reading == Reading::OnePass;
  const DocumentCollection& outline = detail::dataOf(setup.documents).collection;
  EvaluationTotals totals;
  OutlineBuilder counted;  // one pass: what the skipped words are is counted as they come
  const bool stochasticOnce = setup.estimator->stochastic() && plan.runs == 1;
  const auto runs = static_cast<uint64_t>(setup.options.runs);
  Progress& progress = *setup.options.progress;
  progress.setTotal(outline.size() * runs, outline.totalTokens() * runs, runs);  // nothing known ahead of one pass
  formats::readTextInBatches(
      plan.documents->path, *setup.data.alphabet(), kBatch, [&](DocumentCollection batch, std::size_t first) {
        if (onePass) counted.add(batch);
        EvaluationOptions options = setup.options;
        options.firstDocument = first;
        Progress batchProgress;  // made here: it answers the caller's Cancellation too
        options.progress = &batchProgress;
        const EvaluationResult scored = evaluateDocuments(*setup.estimator, setup.scoring, batch, options);
        totals.add(scored, batch, stochasticOnce,
                   [&](std::size_t d, DocumentEstimate estimate) { setup.handOver.document(first + d, estimate); });
        progress.advance(batch.size() * runs, batch.totalTokens() * runs);
      });
  result.estimator.description = setup.estimator->description();
  result.estimator.settings = validateSettings(setup.chosen).asText();
  totals.fill(result);
  if (onePass) {  // the counts the outline would have given, now that every document was read
    setup.readOutline = counted.build();
    setup.countedScoring = checkedScoring(plan, setup.data, *setup.readOutline, Reading::Whole);
  }
}

void evaluateToConvergence(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result) {
  const DocumentCollection& collection = detail::dataOf(setup.documents).collection;
  ConvergenceReport report = checkConvergence(setup.chosen, setup.scoring, collection, setup.options, plan.convergence,
                                              logisticNormalOf(setup));
  result.estimator.description = report.estimatorDescription;
  result.estimator.settings = report.estimatorSettings;
  result.convergence = verdictOf(report);
  fillEvaluation(result, report.result, collection, &report.notConverged);
}

void evaluateToTargetError(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result) {
  const DocumentCollection& collection = detail::dataOf(setup.documents).collection;
  const TargetErrorReport report =
      evaluateToTarget(setup.chosen, setup.scoring, collection, setup.options, plan.target, logisticNormalOf(setup));
  result.estimator.description = report.startDescription + "; raised by target error to at most " +
                                 report.budgetSetting + " " + std::to_string(report.largestBudget) + " and " +
                                 std::to_string(report.largestRuns) + " runs";
  result.estimator.settings = validateSettings(setup.chosen).asText();
  fillEvaluation(result, report.result, collection, nullptr);
  result.target = targetSummary(report, result.documents);
}

void evaluateByLength(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result) {
  if (!growsBudgets(plan, setup.data)) {
    if (setup.reading == Reading::Whole) {
      evaluateWholeRead(plan, setup, result);
    } else {
      evaluateInBatches(plan, setup, result);
    }
    return;
  }
  const DocumentCollection& collection = detail::dataOf(setup.documents).collection;
  const TargetErrorReport report = evaluateByLength(setup.chosen, setup.scoring, collection, setup.options,
                                                    plan.target.largestBudget, logisticNormalOf(setup));
  result.estimator.description = report.startDescription + "; more for documents shorter than " +
                                 std::to_string(kByLengthTokens) + " tokens, up to " +
                                 (report.largestRuns > report.startRuns
                                      ? std::to_string(report.largestRuns) + " runs"
                                      : report.budgetSetting + " " + std::to_string(report.largestBudget));
  result.estimator.settings = validateSettings(setup.chosen).asText();
  fillEvaluation(result, report.result, collection, nullptr);
  result.target = targetSummary(report, result.documents);
}

}  // namespace topiceval
