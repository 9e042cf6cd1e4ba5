// SPDX-License-Identifier: Apache-2.0
#pragma once
// Topic coherence against reference texts, as gensim 4.2's CoherenceModel
// computes it (Röder, Both & Hinneburg 2015, "Exploring the space of topic
// coherence measures": segmentation, probability estimation, confirmation
// measure, aggregation), and Mimno et al. (2011)'s measure as MALLET computes it:
//   u_mass  one-preceding pairs, boolean documents, log((C(a,b)/N + eps) / (C(b)/N));
//   c_uci   one-one pairs, boolean sliding windows of 10, PMI + eps;
//   c_npmi  the same, normalised: PMI / -log(C(a,b)/N + eps);
//   c_v     one-set segments, windows of 110, cosine of NPMI context vectors;
//   mallet  sum over pairs (later word, earlier word) of
//           log((D(a,b) + beta) / (D(b) + beta)), D counting documents.
// gensim's own counting is kept where it departs from the textbook: a word
// leaving a window at its left edge is switched off even if it occurs again
// inside the window (WordOccurrenceAccumulator._slide_window), tokens that are
// no topic word still take their positions, every window counts in N, a text
// shorter than the window is one window, eps = 1e-12 sits inside NPMI's
// normalising logarithm, means are numpy's pairwise sums. With the model's
// training assignments as reference, `mallet` counts a document for a word
// only through tokens assigned to the topic, as MALLET's diagnostics do.
//
// Counts are sums over documents, so a bootstrap over reference documents
// (documents drawn with replacement, the counts re-summed) gives each value's
// sampling error: what a different sample of reference documents of the same
// kind would give; not the choice of reference corpus, window, or top words.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/progress.hpp"

namespace topiceval::quality {

enum class CoherenceMeasure { UMass, CUci, CNpmi, CV, Mallet };
const std::vector<std::string>& coherenceMeasureNames();  // u_mass c_uci c_npmi c_v mallet
std::optional<CoherenceMeasure> coherenceMeasure(const std::string& name);
const char* coherenceMeasureName(CoherenceMeasure measure);
// gensim's SLIDING_WINDOW_SIZES (0: documents, no window).
bool slidesAWindow(CoherenceMeasure measure);  // c_uci, c_npmi, c_v
int defaultWindowSize(CoherenceMeasure measure);

// Reference texts as word ids (one vocabulary shared with the topics), with
// each token's topic when they are the model's own training documents.
// Or only the tokens of some words (a reference index's postings of the topic
// words): `positions` then holds each token's place in its document (in
// any order of words, each word's places increasing) and `lengths` every
// document's length; the tokens left out take their places and count for
// nothing, as words no topic names do in the whole texts.
struct ReferenceCorpus {
  std::vector<int32_t> tokens;
  std::vector<int32_t> topics;  // empty, or one per token
  std::vector<std::size_t> offsets{0};
  std::vector<uint32_t> positions;  // empty, or one per token
  std::vector<uint32_t> lengths;    // empty (whole texts), or one per document
  std::size_t numDocuments() const { return offsets.size() - 1; }
  bool sparse() const { return !positions.empty() || !lengths.empty(); }
  std::size_t length(std::size_t d) const { return sparse() ? lengths[d] : offsets[d + 1] - offsets[d]; }
  uint64_t totalTokens() const;
};

// Reference texts a block of whole documents at a time: a reference index
// lays out only a block's postings, so memory follows the block, not the texts.
class ReferenceBlocks {
 public:
  virtual ~ReferenceBlocks() = default;
  virtual std::size_t numDocuments() const = 0;
  virtual uint64_t length(std::size_t document) const = 0;
  virtual uint64_t totalTokens() const = 0;
  virtual std::size_t vocabulary() const = 0;  // every word id is below it
  virtual bool assigned() const = 0;           // tokens carry their topics
  // How many documents a word occurs in, when known without counting (0:
  // unknown): the counting then looks for a pair of words where the rarer is.
  virtual uint64_t documentFrequency(int32_t) const { return 0; }
  // Documents [first, end): either the whole texts (documents at their own
  // indices) or `scratch` filled with these alone (first at index 0). Called
  // for the blocks in increasing order, never two at once.
  virtual const ReferenceCorpus& block(std::size_t first, std::size_t end, ReferenceCorpus& scratch) = 0;
};

// The tokens a block holds at most (a longer document is a block of its own).
inline constexpr uint64_t kDefaultBlockTokens = uint64_t{1} << 20;

struct MeasureRequest {
  CoherenceMeasure measure = CoherenceMeasure::CNpmi;
  int windowSize = 0;  // sliding measures: the window (0: the measure's default)
};

struct MeasureValues {
  CoherenceMeasure measure = CoherenceMeasure::CNpmi;
  int windowSize = 0;
  std::vector<double> perTopic;
  std::vector<double> perTopicStandardError;  // NaN without a bootstrap
  double mean = 0.0;                          // numpy's mean of perTopic
  double meanStandardError = 0.0;
  // Replicates whose value was not finite (a top word drawn out of every
  // document: c_uci and c_npmi are then infinite, c_v NaN): a topic's error
  // comes from the others (NaN when fewer than half are finite); the mean's
  // from the topics' covariance, each pair over the replicates where both
  // are finite.
  std::vector<int> perTopicNonFinite;
  int meanNonFinite = 0;  // replicates in which some topic was not finite
};

struct CoherenceSettings {
  std::vector<MeasureRequest> measures;
  // The texts are bags of words (no token order): the sliding-window measures
  // count whole documents (boolean documents, as u_mass does; windowSize 0).
  bool unorderedTexts = false;
  double malletBeta = 0.01;       // the model's beta, for `mallet`
  int bootstrap = 0;              // replicates (0: no errors)
  uint64_t seed = 1;
  int threads = 0;
  uint64_t blockTokens = 0;  // the reference's tokens counted a block at a time (0: kDefaultBlockTokens)
  // Advanced by one per reference document counted (per counting mode) and
  // per bootstrap replicate; its cancellation stops the work within a document,
  // a topic or a replicate (Interrupted).
  Progress* progress = nullptr;
};

// What scoring topics of `topicSizes` words costs (the pairs of each topic's
// words, kept per counting mode and bootstrap replicate), checked against
// QualityLimits before any of it is spent: SettingError("top-words", ...) or
// ("bootstrap", ...) naming the figure, the bound and the settings to lower.
// topicCoherence checks its topics so; a caller that knows the sizes from the
// model alone (at most its top words) checks them before it reads the
// reference. `countingModes`: the sets of counts kept (at most one a measure).
void checkCoherenceCost(const std::vector<std::size_t>& topicSizes, std::size_t measures, std::size_t countingModes,
                        int bootstrap, int threads);

// `topics[k]` are word ids in the corpus's vocabulary, in rank order (a
// duplicate stays a separate position, as gensim keeps it). Topics' words
// that the reference never names are the caller's to drop (gensim does).
// A request whose word pairs would need more memory or work than
// QualityLimits allows is a SettingError("top-words", ...) before any counting.
std::vector<MeasureValues> topicCoherence(const ReferenceCorpus& corpus, const std::vector<std::vector<int32_t>>& topics,
                                          const CoherenceSettings& settings);
std::vector<MeasureValues> topicCoherence(ReferenceBlocks& corpus, const std::vector<std::vector<int32_t>>& topics,
                                          const CoherenceSettings& settings);

// numpy's pairwise summation of a contiguous float64 array (its add.reduce),
// and its mean: sum / n, NaN for no values.
double numpyPairwiseSum(const double* values, std::size_t n);
double numpyMean(const std::vector<double>& values);

}  // namespace topiceval::quality
