// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the unseen-word policy skipped: refused when it leaves nothing to
// score, and reported with the result, so that no total hides skipped words.

#include <string>

#include "native/model/scoring_model.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval {

// Documents that hold no word, or none the policy scores: a FileError naming
// the file they came from, or a SettingError("documents", ...) for documents in memory.
void checkSomethingIsScored(const ScoringModel& scoring, const Documents& documents, const DocumentsSource& source,
                            UnseenWords policy, const std::string& modelName);
// The unseen-word policy and what it skipped.
void fillScoring(EvaluateResult& result, const ScoringModel& scoring, bool vocabularyGiven);

}  // namespace topiceval
