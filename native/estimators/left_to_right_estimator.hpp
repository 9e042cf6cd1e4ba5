// SPDX-License-Identifier: Apache-2.0
#pragma once
// The left-to-right estimator of Wallach, Murray, Salakhutdinov and Mimno
// (2009), "Evaluation Methods for Topic Models", Algorithm 3:
//     p(w) ~= prod_n (1/R) sum_r p(w_n | w_<n, z_<n^(r)),
// with R particles, each drawing z_n after scoring w_n and, with resampling,
// first sweeping once more over z_<n. Without resampling and with one particle
// it is sequential importance sampling and unbiased for p(w); with several
// particles or resampling it is a product of per-position means, slightly
// biased (see docs/held-out-likelihood.md, "Estimators").
//
// This is topiceval's fast implementation (left_to_right_kernel.hpp); the
// MALLET-identical one is MalletLeftToRightSampler.

#include <memory>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/per_thread.hpp"
#include "native/kernels/instruction_set.hpp"
#include "native/kernels/sampler_variant.hpp"

namespace topiceval {

namespace detail {
struct FastTables;
class FastScratch;
}  // namespace detail

class LeftToRightEstimator : public DocumentEstimator {
 public:
  LeftToRightEstimator(const ScoringModel& model, int particles, SamplerVariant variant,
                       InstructionSet instructionSet = InstructionSet::Automatic);
  ~LeftToRightEstimator() override;

  std::string description() const override;
  bool stochastic() const override { return true; }
  // One particle is sequential importance sampling (with resampling, each
  // sweep leaves p(z_<n | w_<n) invariant: resample-move with one particle).
  bool unbiased() const override { return particles_ == 1; }
  bool scoresTokenByToken() const override { return true; }
  uint64_t relativeCost(std::size_t length) const override {
    return variant_ == SamplerVariant::LeftToRightResampling ? length * (length + 1) / 2 : length;
  }
  void positionLogLikelihoods(std::span<const int32_t> document, const EstimateKey& key, int worker,
                              std::vector<double>& terms) const override;
  void prepare(int workers) override;
  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override;

  // Each position's probability averaged over particles (0 where the word is
  // skipped): what logLikelihood sums the logarithms of.
  void positionProbabilities(std::span<const int32_t> document, const EstimateKey& key, int worker,
                             std::vector<double>& probabilities) const;

 private:
  struct Worker;
  const ScoringModel& model_;
  int particles_;
  SamplerVariant variant_;
  InstructionSet instructionSet_;
  std::unique_ptr<detail::FastTables> tables_;
  PerThread<Worker> workers_;
};

}  // namespace topiceval
