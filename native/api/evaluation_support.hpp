#pragma once
// What the library's likelihood functions (evaluate, select, compare, curve)
// share: the checks of their common settings, and turning the estimators'
// results into the public result data.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/model/document_collection.hpp"
#include "native/model/scoring_model.hpp"
#include "native/estimators/target_error.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval {

// A number as the shortest decimal that reads back the same ("nan", "inf", "-inf" for those).
std::string shortestText(double value);

// --runs, --threads and --vocab-size, before any work.
void checkCommonSettings(int runs, int threads, std::optional<std::size_t> vocabularySize);
// The estimator and its settings, without a model. With no estimator named,
// each model family picks its default, so each setting is checked against the
// default that declares it (and again against the model's estimator later).
void checkEstimatorChoice(const std::string& estimator, const std::map<std::string, std::string>& settings);
// "0-29,40" as 0-based document indices, ranges inclusive, ascending and each
// once; SettingError("documents", ...) for a malformed list or an index of no document.
std::vector<std::size_t> parseDocumentSelection(const std::string& text, std::size_t documents);
// Documents that hold no word, or none the policy scores: a FileError naming
// the file they came from, or a SettingError("documents", ...) for documents in memory.
void checkSomethingIsScored(const ScoringModel& scoring, const Documents& documents, const DocumentsSource& source,
                            UnseenWords policy, const std::string& modelName);

ModelReport modelReport(const Model& model, const std::string& name);
// The per-document estimates and the totals.
void fillEvaluation(EvaluateResult& result, const EvaluationResult& estimates, const DocumentCollection& documents,
                    const std::vector<bool>* notConverged);

// The same totals gathered batch by batch (documents read and scored in
// batches): the same sums in the same order, so the same bits, while each
// document's estimate goes to `each` and is not kept.
class EvaluationTotals {
 public:
  void add(const EvaluationResult& batch, const DocumentCollection& documents, bool stochasticOnce,
           const std::function<void(std::size_t index, DocumentEstimate estimate)>& each);
  void fill(EvaluateResult& result);

 private:
  EvaluationResult totals_;  // no documents: the sums only
  double variance_ = 0.0, logMeanBias_ = 0.0;
  std::size_t heavyTailed_ = 0, empty_ = 0;
};
DocumentEstimate documentEstimate(const DocumentResult& document, const std::string& name, bool stochasticOnce);
// The unseen-word policy and what it skipped.
void fillScoring(EvaluateResult& result, const ScoringModel& scoring, bool vocabularyGiven);
// One run of a stochastic estimator gives no error: every error NaN.
void markErrorsOfOneRun(EvaluateResult& result);

// SettingError for a target error that cannot apply: negative, beside
// check-convergence, with a deterministic estimator or fewer than 2 runs.
void checkTargetError(double perToken, double perDocument, bool checkConvergence, const std::string& estimator,
                      int runs);
// The summary of `report`, and each document's budget, runs and cap in `documents`.
TargetErrorSummary targetSummary(const TargetErrorReport& report, std::vector<DocumentEstimate>& documents);
// One sentence on what the +- means: the runs behind it, whether it includes
// bias, the heavy-tailed documents.
std::string errorStatement(const EstimatorReport& estimator, DocumentSplit completion, std::size_t heavyTailedDocuments,
                           double logMeanBias = 0.0, uint64_t scoredTokens = 0);
// What the numbers must be read with: skipped tokens (and why), a topic
// state's V, documents with nothing scored.
std::vector<Warning> evaluationWarnings(const EvaluateResult& result, const Documents& documents, FileKind modelKind);

}  // namespace topiceval
