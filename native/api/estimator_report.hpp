// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a result says in words about its estimator: what the +- means, what a
// target error spent, the warnings the numbers must be read with, and the
// settings typed for the writers (which then need no estimator registry).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "native/estimators/target_error.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval {

// A number as the shortest decimal that reads back the same ("nan", "inf", "-inf" for those).
std::string shortestText(double value);

// `settings` (as text, the estimator's canonical spelling) typed by the estimator's declarations.
std::vector<TypedSetting> typedSettings(const std::string& estimator,
                                        const std::vector<std::pair<std::string, std::string>>& settings);
// The summary of `report`, and each document's budget, runs and cap in `documents`.
TargetErrorSummary targetSummary(const TargetErrorReport& report, std::vector<DocumentEstimate>& documents);
// What the error sentence adds under a target error or budgets by length (a clause from "; ").
std::string budgetStatement(const TargetErrorSummary& summary);
// One sentence on what the +- means: the runs behind it and how they are
// combined, whether it includes bias, the heavy-tailed documents, and whether
// the runs support it at all (`unsupported`: EvaluateResult::intervalUnsupported).
std::string errorStatement(const EstimatorReport& estimator, DocumentSplit completion, std::size_t heavyTailedDocuments,
                           double logMeanBias = 0.0, std::size_t lognormalDocuments = 0,
                           std::size_t scoredDocuments = 0, uint64_t scoredTokens = 0,
                           const std::string& unsupported = {});
// What the numbers must be read with: skipped tokens (and why), a topic
// state's V, documents with nothing scored.
std::vector<Warning> evaluationWarnings(const EvaluateResult& result, const Documents& documents, FileKind modelKind);

}  // namespace topiceval
