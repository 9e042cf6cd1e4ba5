// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET 2.1.1's topic diagnostics (cc.mallet.topics.TopicModelDiagnostics),
// with its arithmetic in its order, so that the XML written from these numbers
// (mallet_reports.hpp) is MALLET's byte for byte:
//   - coherence: Mimno, Wallach, Talley, Leenders & McCallum (2011), "Optimizing
//     semantic coherence in topic models", eq. 1, over co-document counts that
//     count a document for a word only when one of its tokens of that word is
//     assigned to the topic, smoothed by beta on both sides;
//   - uniform_dist and corpus_dist: the KL divergence of the topic's word
//     distribution from the uniform and the corpus distribution (AlSumait et
//     al. 2009);
//   - exclusivity: a word's probability in the topic over its summed
//     probability in all topics (with beta smoothing), averaged over N;
//   - token-doc-diff: the Jensen-Shannon divergence between the top words'
//     token counts and document counts;
//   - document_entropy, rank_1_docs, allocation_ratio and allocation_count:
//     how the topic's tokens spread over documents.
// Quirks kept because MALLET's numbers depend on them: word-length and
// exclusivity divide by N even when a topic has fewer than N words; a topic
// with fewer than N words has "phantom" top-word slots holding type 0, which
// count wherever type 0 is supported in that topic; equal counts order the
// larger type index first.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "native/model/topic_model.hpp"
#include "topiceval/progress.hpp"
#include "native/model/training_assignments.hpp"

namespace topiceval::quality {

struct WordCount {
  int32_t type = 0;
  int32_t count = 0;
};

// Every word of each topic with a positive count, by decreasing count, equal
// counts by decreasing type index (MALLET's IDSorter); with `limit`, only the
// first `limit` of each (the same words: the order has no ties), without
// sorting the rest.
std::vector<std::vector<WordCount>> sortedTopicWords(const TopicModel& model,
                                                     std::size_t limit = static_cast<std::size_t>(-1));

struct WordDiagnostics {
  WordCount word;
  double probability = 0.0;  // count / topic tokens
  double cumulative = 0.0;   // running sum of probability in rank order
  int32_t documents = 0;     // documents with a token of the word in the topic (with documents)
  double wordLength = 0.0;   // Java String.length(): UTF-16 units (0 without words)
  double coherence = 0.0;    // the word's least pair score with a higher-ranked word (with documents)
  double uniformDist = 0.0;
  double corpusDist = 0.0;
  double tokenDocDiff = 0.0;  // (with documents)
  double exclusivity = 0.0;
};

struct TopicDiagnostics {
  double tokens = 0.0;
  double documentEntropy = 0.0;  // (with documents)
  double wordLength = 0.0;
  double coherence = 0.0;  // (with documents)
  double uniformDist = 0.0;
  double corpusDist = 0.0;
  double effectiveNumWords = 0.0;
  double tokenDocDiff = 0.0;     // (with documents)
  double rank1Documents = 0.0;   // (with documents)
  double allocationRatio = 0.0;  // (with documents)
  double allocationCount = 0.0;  // (with documents)
  double exclusivity = 0.0;
  std::vector<WordDiagnostics> words;  // the top min(N, words in the topic)
};

// The diagnostics of every topic for N top words. Without documents (a model
// file that holds none) the figures marked "with documents" stay 0 and
// corpus_dist uses the model's own counts (which equal the documents' when
// every token has a topic, as in any state or saved model). Word lengths need
// the model's alphabet.
// `progress` (if any) advances by one per document and topic, and its
// cancellation stops the work within one (Interrupted). The caller bounds N
// (checkDiagnosticsCost): with documents each topic holds an N x N table.
std::vector<TopicDiagnostics> topicDiagnostics(const TopicModel& model, const TrainingAssignments* documents,
                                               int numTopWords, Progress* progress = nullptr);

// MALLET's exclusivity of topic k for N top words, `top` its first words of
// sortedTopicWords (at most N): the same numbers as topicDiagnostics' without
// its other figures, in O(N x topics) per topic.
std::vector<double> topicExclusivity(const TopicModel& model, const std::vector<std::vector<WordCount>>& top,
                                     int numTopWords);

// SettingError("num-top-words", ...) when N top words over the model's topics
// would need more memory or work than QualityLimits allows (with documents:
// an N x N table of co-document counts per topic, and N^2 / 2 pair scores).
void checkDiagnosticsCost(const TopicModel& model, bool withDocuments, int numTopWords);

}  // namespace topiceval::quality
