// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET 2.1.1's topic diagnostics and topic reports, byte for byte, without
// a JVM and without the training instance list (train-topics
// --diagnostics-file, --output-topic-keys, --topic-word-weights-file and
// --word-topic-counts-file): the `diagnostics` command, Python's
// topiceval.diagnostics, Java's TopicEvaluator.diagnostics.
//
// From a topic state or a saved model (--output-model) every figure is
// computed: both hold the training documents with each token's topic. From an
// inferencer (no documents) only the figures of the counts are: the others are
// NaN and the XML leaves them out. A state does not record the size of the
// vocabulary it was sampled over (MALLET counts every word of the training
// alphabet, with or without tokens, in uniform_dist, exclusivity and the
// topic-word weights): `trainingData` supplies it.

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "topiceval/export.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"
#include "topiceval/warning.hpp"

namespace topiceval {

/// MALLET's topic diagnostics (train-topics --diagnostics-file) of a model.
struct DiagnosticsRequest {
  static constexpr int kDefaultTopWords = 20;  ///< MALLET's --num-top-words

  ModelSource model = std::string();  ///< a topic state, a saved model, or an inferencer (the word figures)
  /// For a topic state: a file with the training alphabet (the training
  /// instance list, checked document by document as MALLET checks it, or the
  /// inferencer or saved model of the same training run). Empty: the state's
  /// own types (the largest type index + 1), with a warning.
  std::string trainingData;
  /// At most the model's vocabulary (or the default): a larger N is refused,
  /// as is one whose N x N tables per topic would need more memory than the
  /// library allows.
  int numTopWords = kDefaultTopWords;
  /// Advanced per training document and per topic; cancel() (or a caller's
  /// Cancellation) stops the work within one.
  Progress* progress = nullptr;
};

/// MALLET's diagnostics: per topic and per top word, the figures of its diagnostics XML (same names).
struct DiagnosticsResult {
  /// One of a topic's top words.
  struct Word {
    std::string word;  ///< the word
    int32_t type = 0;  ///< its type index
    int32_t count = 0;  ///< its tokens in the topic
    /// @{
    double probability = 0.0, cumulative = 0.0;  ///< its probability in the topic, and the sum down to it
    /// @}
    int32_t documents = -1;  ///< -1 without documents
    /// @{
    double wordLength = 0.0, coherence = 0.0, uniformDist = 0.0, corpusDist = 0.0, tokenDocDiff = 0.0,  ///< MALLET's figures of the same names (its XML attributes)
           exclusivity = 0.0;
    /// @}
  };
  /// One topic's figures.
  struct Topic {
    /// @{
    double tokens = 0.0, documentEntropy = 0.0, wordLength = 0.0, coherence = 0.0, uniformDist = 0.0,  ///< MALLET's figures of the same names (its XML attributes; document figures NaN without documents)
           corpusDist = 0.0, effectiveNumWords = 0.0, tokenDocDiff = 0.0, rank1Documents = 0.0,
           allocationRatio = 0.0, allocationCount = 0.0, exclusivity = 0.0;
    /// @}
    double alpha = 0.0;  ///< the topic's Dirichlet prior
    std::vector<Word> words;  ///< the top min(numTopWords, words with tokens in the topic)
  };
  std::vector<Topic> topics;  ///< one per topic, in topic order
  bool fromDocuments = false;  ///< false: an inferencer's counts; the document figures are NaN
  int numTopWords = DiagnosticsRequest::kDefaultTopWords;  ///< top words per topic asked for
  std::size_t vocabularySize = 0;  ///< V
  std::size_t documents = 0;       ///< training documents with tokens
  int64_t tokens = 0;  ///< training tokens
  std::string modelDescription;  ///< what the model was read from
  std::vector<Warning> warnings;  ///< what the figures should be read with
  /// The whole tables the writers below read (every word of every topic), opaque:
  /// defined inside the library.
  struct Tables;
  std::shared_ptr<const Tables> computed;  ///< the tables, for the writers
};

/// Computes the diagnostics. FileError for an unreadable model or training data; SettingError for
/// numTopWords out of range; Interrupted when the progress is cancelled.
[[nodiscard]] TOPICEVAL_API DiagnosticsResult diagnostics(const DiagnosticsRequest& request);
/// The request the `diagnostics` command's options describe.
[[nodiscard]] TOPICEVAL_API DiagnosticsRequest diagnosticsRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const DiagnosticsRequest& request);

/// MALLET's files, byte for byte (UTF-8, "\n" line ends).
TOPICEVAL_API void writeDiagnosticsXml(std::ostream& out, const DiagnosticsResult& result);
/// MALLET's --output-topic-keys file.
TOPICEVAL_API void writeTopicKeys(std::ostream& out, const DiagnosticsResult& result);
/// MALLET's --topic-word-weights-file.
TOPICEVAL_API void writeTopicWordWeights(std::ostream& out, const DiagnosticsResult& result);
/// MALLET's --word-topic-counts-file.
TOPICEVAL_API void writeWordTopicCounts(std::ostream& out, const DiagnosticsResult& result);

}  // namespace topiceval
