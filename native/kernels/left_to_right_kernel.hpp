// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to native/: topiceval's own left-to-right sampler (Wallach et al.
// 2009, Algorithm 3), the fast path behind `topiceval evaluate` and
// `evaluate-topics --exact false`. It samples from exactly the distributions
// MALLET's sampler samples from, with the same three buckets (smoothing,
// document-topic, topic-word), but its arithmetic is free:
// - a topic-word score n_wk (alpha_k + n_dk) / D_k is computed as
//   n_dk (n_wk / D_k) + alpha_k n_wk / D_k from per-entry constants, and the
//   document-topic mass beta sum_k n_dk / D_k is updated by one addition per
//   count change instead of being rebuilt;
// - the smoothing bucket is searched by bisection over cumulative masses;
// - the document-topic bucket is walked for all particles at once, without a
//   per-particle list of non-zero topics: over the topics any particle uses,
//   heaviest first, until every particle has its topic;
// - the topic-word walk counts the running sums below the sample, for all
//   particles at once;
// - uniforms come from xoshiro256++ (one step each), one stream per particle,
//   all particles' streams stepped together in vector lanes.
// Particles run in lockstep groups as in the MALLET-identical kernel.

#include "native/kernels/particle_groups.hpp"
#include "native/kernels/sampler_variant.hpp"
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "native/runtime/random_stream.hpp"
#include "native/model/scoring_model.hpp"

namespace topiceval::detail {

struct FastTables {
  const ScoringModel* model = nullptr;
  int numTopics = 0;
  double alphaSum = 0;
  std::vector<double> alpha;
  std::vector<double> inverseDenominators;   // 1 / (n_k + V beta)
  std::vector<double> betaOverDenominators;  // beta / (n_k + V beta)
  std::vector<double> cumulativeSmoothing;   // sum over j <= k of alpha_j beta / D_j
  double smoothingMass = 0;
  // Every type's row of non-zero counts, once for the model: type t owns
  // entries [rowStarts[t], rowStarts[t + 1]) with topic k, weight n_wk / D_k
  // and base alpha_k n_wk / D_k (the topic-word score is n_dk weight + base).
  // Built once, so that a document's set-up only looks its rows up.
  std::vector<std::size_t> rowStarts;
  std::vector<int32_t> rowTopics;
  std::vector<double> rowWeights;
  std::vector<double> rowBases;
};

class FastScratch {
 public:
  static constexpr int kMaxWidth = kParticleGroupWidth;
  explicit FastScratch(std::size_t topics)
      : laneCounts(topics * kMaxWidth), runningSums(topics * kMaxWidth), documentTopicList(topics), listed(topics) {}

  std::vector<double> laneCounts;   // [topic * Width + particle]: n_dk, exact in a double
  std::vector<double> runningSums;  // [row entry * Width + particle]: topic-word mass up to the entry
  // Every topic with a non-zero count in some particle (and perhaps some
  // that have dropped to zero since the list was last rebuilt), heaviest
  // first as of that rebuild.
  std::vector<int32_t> documentTopicList;
  std::vector<uint8_t> listed;                         // by topic: in documentTopicList
  std::vector<std::pair<double, int32_t>> topicOrder;  // rebuilding the list: (mass, topic)
  std::vector<uint32_t> scoredPositions;
  // Scored position s's row in FastTables: entries [rowBegins[s], rowEnds[s]).
  std::vector<std::size_t> rowBegins;
  std::vector<std::size_t> rowEnds;
  std::vector<int32_t> documentTopics;  // [s * particles + particle]
  // A run leaves laneCounts zero and no topic listed, resetting only the
  // topics it listed: filling K entries per lane for every document would
  // cost more than a short document's draws at large K. The lane width they
  // are clean for; 0 before the first run (or after an interrupted one).
  int cleanWidth = 0;
};

// The tables above, for `model`.
FastTables buildFastTables(const ScoringModel& model);

// Runs randoms.size() particles (1 to 16) of one document in lockstep, writing
// particle g's probability of each position to wordProbabilities[g * length + position].
using FastGroupKernel = void (*)(const FastTables& tables, std::span<const int32_t> document, SamplerVariant variant,
                                 std::span<RandomStream> randoms, std::span<double> wordProbabilities,
                                 FastScratch& scratch);

FastGroupKernel fastGroupKernelBaseline(int particles);
FastGroupKernel fastGroupKernelAvx2(int particles);
FastGroupKernel fastGroupKernelAvx512(int particles);

// One particle's state, carried from one lane to another by resample-move's
// selection: its topic counts n_dk (by topic), its document-topic mass
// beta sum_k n_dk / D_k, and its topics at the scored positions so far.
struct ParticleCopy {
  std::vector<double> counts;
  double documentTopicMass = 0.0;
  std::vector<int32_t> topics;
};

// A lockstep group driven one scored position s at a time, so that a
// selection can move particles between groups in between: the sweeps and
// draws are left-to-right with resampling's.
class SteppedGroup {
 public:
  virtual ~SteppedGroup() = default;
  virtual std::size_t scoredPositions() const = 0;
  // One collapsed Gibbs sweep over the s scored positions already assigned.
  virtual void rejuvenate(std::size_t s) = 0;
  // Collapsed Gibbs updates of the listed positions (each below s), in order,
  // in every lane: resample-move's bounded rejuvenation.
  virtual void rejuvenateSites(std::size_t s, std::span<const uint32_t> sites) = 0;
  // Each lane's p(w_s | z_<s) into weights[lane] (and into
  // wordProbabilities, unless that is empty).
  virtual void weigh(std::size_t s, double* weights) = 0;
  // Lane `lane`'s state with s positions assigned, out of and into the group.
  virtual void copyOut(int lane, std::size_t s, ParticleCopy& copy) const = 0;
  virtual void copyIn(int lane, std::size_t s, const ParticleCopy& copy) = 0;
  // Draws z_s in every lane.
  virtual void extend(std::size_t s) = 0;
  // Hands the random streams' states back to `randoms`.
  virtual void finish() = 0;
};

// A stepped group of randoms.size() particles (1 to 16) over `document`; it
// keeps references to every argument.
using SteppedGroupFactory = std::unique_ptr<SteppedGroup> (*)(const FastTables& tables,
                                                              std::span<const int32_t> document,
                                                              std::span<RandomStream> randoms,
                                                              std::span<double> wordProbabilities,
                                                              FastScratch& scratch);

SteppedGroupFactory steppedGroupBaseline(int particles);
SteppedGroupFactory steppedGroupAvx2(int particles);
SteppedGroupFactory steppedGroupAvx512(int particles);

}  // namespace topiceval::detail
