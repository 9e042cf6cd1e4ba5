// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET's infer-topics (TopicInferencer.getSampledDistribution), bit for bit,
// on any number of threads; and topiceval's faster sampler of the same
// posterior.
//
// MALLET samples each held-out document's topics by collapsed Gibbs sampling
// against the fixed trained counts (Yao, Mimno & McCallum 2009's SparseLDA
// buckets: smoothing, document-topic, topic-word), averaging alpha + n_dk over
// the sweeps after the burn-in, one every `sampleInterval`. One java.util.Random
// serves every document in turn, and a document draws exactly one uniform per
// valid token per sweep, so each document's place in the stream is known
// before any runs: a thread jumps straight to it.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "native/kernels/fixed_model_buckets.hpp"
#include "native/kernels/topic_proposals.hpp"
#include "native/model/document_collection.hpp"
#include "native/model/topic_model.hpp"
#include "native/runtime/progress.hpp"

namespace topiceval {

struct MalletInferenceOptions {
  int iterations = 100;     // --num-iterations
  int sampleInterval = 10;  // --sample-interval (thinning)
  int burnIn = 10;          // --burn-in
  // The exact sampler's stream: java.util.Random's raw 48-bit state before the
  // first document (the scrambled seed, or the state an inferencer carries).
  uint64_t randomState = 0;
  // false: topiceval's sampler (below) with its own stream per document, keyed
  // by `randomState`: the same posterior, other digits.
  bool exact = true;
  // The fast sampler's Metropolis-Hastings steps per token and sweep, each a
  // word proposal then a document proposal (LightLDA's cycle); 0: the exact
  // conditional draw (fixed buckets drawn from alias tables, the document's
  // computed: O(document topics) a draw), which measured faster on MALLET's
  // models (docs/performance.md).
  int mhSteps = 0;
  // The fast sampler's slots (one per distinct word of a document) hold n_wk /
  // den_k over every topic, up to this many doubles in all (32 MiB); the words
  // past it walk their rows instead of the document's topics.
  std::size_t denseSlotBudget = std::size_t{1} << 22;
  int threads = 0;  // 0: every hardware thread; never changes a bit
  Progress* progress = nullptr;
  // Set by MalletInferenceInBatches: the documents are the list's from
  // firstDocument on, whose draws start uniformsBefore uniforms into MALLET's
  // stream, and the progress's total is not set from one batch.
  std::size_t firstDocument = 0;
  uint64_t uniformsBefore = 0;
  bool batch = false;
};

struct MalletInferenceResult {
  std::vector<double> proportions;  // documents x topics, row by row
  uint64_t siteUpdates = 0;         // topic draws (one per valid token per sweep)
  uint64_t sampledTokens = 0;       // tokens of words the model has counts for (inferencerSamples)
};

// Whether MALLET's inferencer samples a token of `type`: inside the model and
// with a non-empty row of counts (a word without training tokens is skipped as
// a word beyond the model is; neither draws a random number).
bool inferencerSamples(const TopicModel& model, int32_t type);

// The fast sampler's tables of a model, built once for every batch, document
// and thread (the model does not change): none in exact mode, LightLDA's
// proposals with Metropolis-Hastings steps, the conditional's fixed buckets
// without.
struct FastInferenceTables {
  FastInferenceTables(const TopicModel& model, const MalletInferenceOptions& options);
  std::optional<TopicProposals> proposals;
  std::optional<FixedModelBuckets> buckets;
};

// `tables`: those of `model` for `options` when built already (batches share
// them); otherwise built here.
MalletInferenceResult inferLikeMallet(const TopicModel& model, const DocumentCollection& documents,
                                      const MalletInferenceOptions& options,
                                      const FastInferenceTables* tables = nullptr);

// inferLikeMallet of a list handed over in batches, in order, with the bits of
// the whole list: each document's draws start where they would in MALLET's one
// stream (or, not exact, in its own stream keyed by its place in the list).
// Each batch's result goes to `consume` with the number of documents before it,
// and is not kept. Not under several ranks (which deal the whole list).
class MalletInferenceInBatches {
 public:
  using Consumer = std::function<void(MalletInferenceResult& batch, const DocumentCollection& documents,
                                      std::size_t firstDocument)>;
  MalletInferenceInBatches(const TopicModel& model, const MalletInferenceOptions& options, Consumer consume);
  void add(const DocumentCollection& batch);
  std::size_t documents() const { return options_.firstDocument; }
  uint64_t tokens() const { return tokens_; }
  uint64_t siteUpdates() const { return options_.uniformsBefore; }
  uint64_t sampledTokens() const { return sampledTokens_; }

 private:
  const TopicModel& model_;
  MalletInferenceOptions options_;
  std::shared_ptr<const FastInferenceTables> tables_;  // built once for every batch
  Consumer consume_;
  uint64_t tokens_ = 0;
  uint64_t sampledTokens_ = 0;
};

}  // namespace topiceval
