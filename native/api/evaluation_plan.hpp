// SPDX-License-Identifier: Apache-2.0
#pragma once
// An EvaluateRequest checked and parsed once into what evaluate's drivers
// read: choices as enums, the mode as one value, the document hand-over as a
// writer. planEvaluation is the only function that reads the request's fields.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "native/estimators/convergence_check.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/target_error.hpp"
#include "native/model/scoring_model.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval {

// How the budget is chosen: fixed (the default; read whole or in batches,
// decided once the model is read), doubled until the estimates settle, raised
// per document until a target error is met, or raised for short documents by
// their length (BudgetPolicy::ByLength).
enum class EvaluationMode { FixedBudget, ConvergenceCheck, TargetError, ByLength };

struct EvaluationPlan {
  const ModelSource* model = nullptr;  // the request's sources, which outlive the plan
  const DocumentsSource* documents = nullptr;
  std::string modelName;                        // as results and messages name the model
  std::string input;                            // as results name the documents
  std::string estimator;                        // empty: the model family's default
  std::map<std::string, std::string> settings;  // checked against every estimator that may run them
  UnseenWords unseenWords = UnseenWords::Skip;
  bool unseenWordsGiven = false;  // a topic state scores by its own types unless the policy is chosen
  std::optional<std::size_t> vocabularySize;
  DocumentSplit completion = DocumentSplit::None;
  std::string documentSelection;  // "0-29,40", or empty for all
  EvaluationMode mode = EvaluationMode::FixedBudget;
  ConvergenceOptions convergence;  // ConvergenceCheck
  TargetErrorOptions target;       // TargetError; ByLength: its largestBudget only
  int runs = 1;
  uint64_t seed = 1;
  int threads = 0;
  Progress* progress = nullptr;
  DocumentWriter* writer = nullptr;  // the request's, or an adapter of its documentSink; null: none
  bool keepDocuments = true;         // false: the result's documents stay empty

  // The estimator and settings that run on a model of `family`.
  EstimatorChoice estimatorFor(ModelFamily family) const;

 private:
  friend EvaluationPlan planEvaluation(const EvaluateRequest& request);
  std::shared_ptr<DocumentWriter> sinkWriter_;  // owns the adapter of a documentSink
};

// Every setting of the request checked, before anything is read (SettingError
// naming the first bad one), and the plan the drivers follow.
EvaluationPlan planEvaluation(const EvaluateRequest& request);

}  // namespace topiceval
