// SPDX-License-Identifier: Apache-2.0
#include "native/api/unseen_word_accounting.hpp"

#include "formats/format_error.hpp"
#include "native/api/model_data.hpp"

namespace topiceval {

void checkSomethingIsScored(const ScoringModel& scoring, const Documents& documents, const DocumentsSource& source,
                            UnseenWords unseenWords, const std::string& modelName) {
  const std::string policy(spellingOf(unseenWords));
  if (source.documents) {
    checkDocumentsAreScored(detail::dataOf(documents).collection, scoring.skippedTokens(), "--unseen-words " + policy);
    return;
  }
  const std::string input = source.path == "-" ? "standard input" : source.path;
  if (documents.totalTokens() == 0) throw FileError(input, "holds no words");
  if (scoring.skippedTokens() == documents.totalTokens())
    throw FileError(input, "none of its " + std::to_string(documents.totalTokens()) +
                               " words is scored under --unseen-words " + policy +
                               ": were these documents imported for " + modelName + "?");
}

void fillScoring(EvaluateResult& result, const ScoringModel& scoring, bool vocabularyGiven) {
  result.unseenWords = scoring.policy();
  result.unseenSkippedTokens = scoring.skippedTokens();
  result.skippedTypes = scoring.skippedTypes();
  result.unseenTypesScored = scoring.unseenTypesScored();
  result.vocabularySize = scoring.vocabularySize();
  result.vocabularySizeGiven = vocabularyGiven;
}

}  // namespace topiceval
