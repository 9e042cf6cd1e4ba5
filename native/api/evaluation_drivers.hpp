// SPDX-License-Identifier: Apache-2.0
#pragma once
// evaluate's drivers, one per way of choosing the budget and reading the
// documents, over one setup (model, documents, scoring, estimator) made from
// the plan; each fills the estimates of the result, and assembleResult the rest.

#include <memory>
#include <optional>

#include "native/api/evaluation_plan.hpp"
#include "native/api/model_data.hpp"

namespace topiceval {

// How the documents are read: whole (into memory, dealt over MPI ranks), or as
// plain text in batches, in two passes (the outline first) or in one.
enum class Reading { Whole, TwoPasses, OnePass };

// Hands documents to the plan's writer: begin() before the first, end() once
// the evaluation has finished.
class DocumentHandOver {
 public:
  explicit DocumentHandOver(DocumentWriter* writer) : writer_(writer) {}
  void document(std::size_t index, const DocumentEstimate& estimate);
  void finish();

 private:
  DocumentWriter* writer_;
  bool begun_ = false;
};

// What every driver scores with, made once the model is read; the reading
// falls back to Whole for a file that is not plain text.
struct EvaluationSetup {
  EvaluationSetup(const EvaluationPlan& plan, const Model& model);
  const Model& model;
  const detail::ModelData& data;
  Reading reading;
  Documents documents;  // every document, or a batched read's outline
  EstimatorChoice chosen;
  ScoringModel scoring;
  std::unique_ptr<DocumentEstimator> estimator;
  Progress ownProgress;  // when the plan gives none: made on this thread, it answers a caller's Cancellation
  EvaluationOptions options;
  DocumentHandOver handOver;
  // One pass: the documents as read and what the policy skipped in them, known at the end.
  std::optional<Documents> readOutline;
  std::optional<ScoringModel> countedScoring;
};

void evaluateWholeRead(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result);
void evaluateInBatches(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result);
void evaluateToConvergence(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result);
void evaluateToTargetError(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result);
// BudgetPolicy::ByLength; a fixed budget (read whole or in batches) for a
// deterministic estimator, which has nothing to grow. A stochastic one reads
// the documents whole.
void evaluateByLength(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result);

// Everything the result says besides the estimates: the model, input, estimator,
// unseen words, error statement and warnings; documents handed over or dropped.
void assembleResult(const EvaluationPlan& plan, EvaluationSetup& setup, EvaluateResult& result);

}  // namespace topiceval
