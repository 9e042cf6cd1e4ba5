// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET's `infer-topics` (TopicInferencer.getSampledDistribution and
// writeInferredDistributions), bit for bit, on any number of threads: each
// held-out document's topic proportions. The `infer-topics` command, Python's
// topiceval.infer_topics and Java's TopicEvaluator.inferTopics.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "topiceval/choices.hpp"
#include "topiceval/export.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"

namespace topiceval {

struct InferTopicsResult;

/// MALLET's infer-topics: a model and documents, and the sampler's settings (MALLET's defaults).
struct InferTopicsRequest {
  /// MALLET's default: no new seed; the stream serialized in the inferencer
  /// file goes on (MALLET reads no clock here). A model without one (any file
  /// but an inferencer) then takes a seed from the clock, as MALLET's
  /// getInferencer would.
  static constexpr Seed kFileStream = 0;

  ModelSource model = std::string();  ///< MALLET's inferencer, or any LDA model with counts
  /// true: the file must be a MALLET inferencer, as for `mallet infer-topics --inferencer`.
  bool inferencerOnly = false;
  DocumentsSource documents;  ///< an instance list, plain text (through the model's words) or ids in memory
  int iterations = 100;       ///< sweeps per document
  int sampleInterval = 10;    ///< keep every this many sweeps after the burn-in
  int burnIn = 10;            ///< sweeps before the first kept
  Seed seed = kFileStream;  ///< MALLET's --random-seed; kFileStream: the inferencer's own stream
  int threads = 0;    ///< 0: every core; never changes a bit
  bool exact = true;  ///< false: topiceval's faster sampler of the same posterior (other digits)
  /// With exact false: Metropolis-Hastings steps per token and sweep (0: the exact conditional draw).
  int mhSteps = 0;
  Progress* progress = nullptr;  ///< counts documents as they finish, or nullptr
  /// If set, the documents of an instance list read in batches (a file one process reads) go here as each
  /// batch is inferred: a result of that batch's documents, the first numbered `firstDocument` in the list.
  /// They are not kept: the result returned then has no proportions nor names, and memory does not grow
  /// with the list. Other documents are kept as without it.
  std::function<void(const InferTopicsResult& batch, std::size_t firstDocument)> consumeBatch;
};

/// Each document's topic proportions, as MALLET's --output-doc-topics would hold them.
struct InferTopicsResult {
  std::size_t documents = 0;  ///< documents inferred
  int topics = 0;             ///< K
  std::vector<double> proportions;  ///< documents x topics, row by row; each row sums to 1
  std::vector<std::string> names;   ///< each document's name as MALLET prints it ("no-name" for none)
  int32_t seed = 0;                 ///< the seed used: the request's, the clock's, or 0 for the file's stream
  uint64_t siteUpdates = 0;         ///< topic draws
  uint64_t tokens = 0;              ///< all tokens, sampled or skipped
  uint64_t sampledTokens = 0;       ///< tokens of words the model has counts for
  /// @{ wall-clock seconds reading the files, and inferring
  double readSeconds = 0.0, inferSeconds = 0.0;
  /// @}
  int threads = 1;  ///< threads used
};

/// Infers every document's topics. FileError for a file that cannot be read as a model or
/// documents; SettingError for a setting out of range (see validate()).
[[nodiscard]] TOPICEVAL_API InferTopicsResult inferTopics(const InferTopicsRequest& request);
/// The request the `infer-topics` command's options describe.
[[nodiscard]] TOPICEVAL_API InferTopicsRequest inferTopicsRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const InferTopicsRequest& request);

/// MALLET's --output-doc-topics file, byte for byte. threshold > 0 lists, per
/// document, the topics whose proportion is at least `threshold`, largest first
/// (ties: the larger topic first), at most `maximum` of them (-1: no limit);
/// otherwise every proportion in topic order. SettingError for a negative
/// threshold or a maximum below -1 or of 0.
TOPICEVAL_API void checkMalletDocTopicsLayout(double threshold, int maximum);
/// Writes `result` as MALLET's --output-doc-topics file (see checkMalletDocTopicsLayout()); with
/// `firstDocument` above 0, a part of that file: the documents of a batch (InferTopicsRequest::consumeBatch)
/// numbered from it, without the header line.
TOPICEVAL_API void writeMalletDocTopics(std::ostream& out, const InferTopicsResult& result, double threshold = 0.0,
                                        int maximum = -1, std::size_t firstDocument = 0);
}  // namespace topiceval
