// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET 2.1.1's left-to-right estimator (MarginalProbEstimator.leftToRight;
// Wallach et al. 2009, "Evaluation Methods for Topic Models", Algorithm 3),
// performing the same floating-point operations in the same order, so that the
// same random stream gives the same bits.
//
// MALLET samples each token's topic from three buckets (Yao, Mimno and McCallum
// 2009): smoothing only (alpha_k beta / (n_k + beta V)), document-topic
// (beta n_dk / (n_k + beta V)) and topic-word ((alpha_k + n_dk) n_wk / (n_k + beta V)),
// and scores position i by the total mass over (alphaSum + tokens so far).
//
// How this differs from MALLET's Java without changing a bit is described in
// mallet_left_to_right_kernel.hpp: lockstep particle groups, division tables,
// branch-free walks, and vector code chosen for the processor at run time.

#include <cstdint>
#include <memory>
#include <span>

#include "native/java/java_random.hpp"
#include "native/kernels/instruction_set.hpp"
#include "native/kernels/particle_groups.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval {

namespace detail {
struct MalletTables;
class MalletScratch;
}  // namespace detail

class MalletLeftToRightSampler {
 public:
  // Particles run together in one group (more are split into several groups).

  // `longestDocument` sizes the division tables (counts up to it, within a memory bound).
  explicit MalletLeftToRightSampler(const TopicModel& model, std::size_t longestDocument = 64,
                                    InstructionSet instructionSet = InstructionSet::Automatic);
  ~MalletLeftToRightSampler();
  MalletLeftToRightSampler(const MalletLeftToRightSampler&) = delete;
  MalletLeftToRightSampler& operator=(const MalletLeftToRightSampler&) = delete;

  // Whether MALLET scores `type` (its index is inside the model and its row is not null).
  bool inVocabulary(int32_t type) const { return model_.scoresLikeMallet(type); }

  // Uniform draws one particle consumes on `document` (each is two steps of
  // java.util.Random): one per scored token, and with resampling one per
  // earlier scored token at every position.
  uint64_t uniformsPerParticle(std::span<const int32_t> document, bool resampling) const;

  // Per-thread working memory, reusable across documents and groups.
  struct ScratchDeleter {
    void operator()(detail::MalletScratch* scratch) const;
  };
  using Scratch = std::unique_ptr<detail::MalletScratch, ScratchDeleter>;
  Scratch makeScratch() const;

  // Runs `randoms.size()` particles (1 to kParticleGroupWidth) through `document`, each
  // with its generator positioned where MALLET's stream would be for it.
  // Writes particle g's per-position probabilities (0 for skipped words) to
  // wordProbabilities[g * document.size() + position]. Returns the number of
  // times MALLET would have printed "sampling error".
  int runParticles(std::span<const int32_t> document, bool resampling, std::span<JavaRandom> randoms,
                   std::span<double> wordProbabilities, detail::MalletScratch& scratch) const;

  // The instruction set this sampler's vector code runs with.
  InstructionSet instructionSet() const { return instructionSet_; }

 private:
  const TopicModel& model_;
  std::unique_ptr<detail::MalletTables> tables_;
  InstructionSet instructionSet_;
};

}  // namespace topiceval
