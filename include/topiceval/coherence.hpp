// SPDX-License-Identifier: Apache-2.0
#pragma once
// Topic quality against reference texts: gensim 4.2's coherence measures
// (u_mass, c_uci, c_npmi, c_v) with gensim's own numbers, Mimno et al.
// (2011)'s coherence as MALLET computes it, MALLET's exclusivity, stm's FREX
// and topic diversity; each coherence with a bootstrap error over the
// reference documents. The `coherence` command, Python's
// topiceval.coherence, Java's TopicEvaluator.coherence.
//
// What the error covers: another sample of reference documents like these
// (documents drawn with replacement; every count re-summed). Not the choice of
// the reference corpus, the window, the number of top words, or the
// randomness of training the model.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/choices.hpp"
#include "topiceval/export.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"
#include "topiceval/warning.hpp"

namespace topiceval {

/// Topic coherence of a model's top words against reference texts, as gensim computes it.
struct CoherenceRequest {
  static constexpr int kDefaultTopWords = 10;  ///< the default topWords
  static constexpr int kDefaultBootstrap = 200;  ///< the default bootstrap

  ModelSource model = std::string();  ///< the model: any file topiceval reads, or a Model
  /// The reference texts: an instance list or plain text (one document per
  /// line), or documents in memory that carry their words. None: the model's
  /// own training documents (a topic state or a saved model holds them).
  std::optional<DocumentsSource> texts;
  /// Or a reference index of them (the `index` command's): the same numbers
  /// without reading the texts. Empty: none.
  std::string reference;
  std::vector<std::string> measures = {"c_npmi"};  ///< u_mass, c_uci, c_npmi, c_v, mallet
  int topWords = kDefaultTopWords;  ///< top words per topic scored
  int windowSize = 0;  ///< c_uci, c_npmi, c_v: 0 is gensim's (10, 10, 110)
  int bootstrap = kDefaultBootstrap;  ///< replicates for the errors; 0: none
  Seed seed = 1;  ///< the bootstrap's random seed
  int threads = 0;  ///< 0: every core; never changes a number
  /// Topics given as words (gensim's `topics=`), instead of the model's top
  /// words; words the texts never use are dropped, as gensim drops them.
  std::vector<std::vector<std::string>> topics;
  /// The words a topic word must be among to be kept (gensim's Dictionary);
  /// empty: the words that occur in the texts (Dictionary(texts)).
  std::vector<std::string> dictionary;
  /// Advanced per reference document counted and per bootstrap replicate;
  /// cancel() (or a caller's Cancellation) stops the work within a document,
  /// a topic or a replicate. Top words are at most the model's vocabulary, and
  /// a request whose word pairs would need more than QualityLimits
  /// (native/quality/quality_limits.hpp) allows is refused before counting.
  Progress* progress = nullptr;
};

/// Each measure's coherence per topic and mean, with bootstrap errors, and the topics' exclusivity and diversity.
struct CoherenceResult {
  /// One measure's figures.
  struct Measure {
    std::string name;  ///< "c_npmi", "u_mass", "c_uci", "c_v" or "mallet"
    int windowSize = 0;                         ///< 0: documents
    std::vector<double> perTopic;               ///< gensim's get_coherence_per_topic()
    std::vector<double> perTopicStandardError;  ///< bootstrap (NaN without one)
    double mean = 0.0;                          ///< gensim's get_coherence()
    double meanStandardError = 0.0;  ///< bootstrap (NaN without one)
  };
  std::vector<Measure> measures;  ///< one per measure asked for, in the request's order
  std::vector<std::vector<std::string>> topics;  ///< the words scored, per topic
  /// From the model's counts or probabilities over its top words (NaN when
  /// topics were given as words): MALLET's exclusivity (its diagnostics'
  /// figure) and stm's FREX (Bischof & Airoldi 2012; weight 0.7 on exclusivity).
  /// @{
  std::vector<double> exclusivity, frex;
  /// @}
  /// @{
  double meanExclusivity = 0.0, meanFrex = 0.0;  ///< means over topics
  /// @}
  /// The share of distinct words among all topics' top words (Dieng et al. 2020).
  double diversity = 0.0;
  std::size_t referenceDocuments = 0;  ///< reference documents counted
  uint64_t referenceTokens = 0;  ///< their tokens
  std::string reference;  ///< what the texts were ("training documents of state.gz", a path, "documents in memory")
  int bootstrap = 0;  ///< bootstrap replicates made (0: none)
  std::vector<Warning> warnings;  ///< what the figures should be read with
};

/// Computes the measures. FileError for an unreadable model or texts; SettingError for an unknown
/// measure or a setting out of range; Interrupted when the progress is cancelled.
[[nodiscard]] TOPICEVAL_API CoherenceResult coherence(const CoherenceRequest& request);
/// The request the `coherence` command's options describe.
[[nodiscard]] TOPICEVAL_API CoherenceRequest coherenceRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const CoherenceRequest& request);
/// The measures' names, in the order the command lists them.
[[nodiscard]] TOPICEVAL_API const std::vector<std::string>& coherenceMeasures();

}  // namespace topiceval
