// SPDX-License-Identifier: Apache-2.0
#pragma once
// Particle learning for the held-out likelihood, Scott and Baldridge (2013),
// Algorithm 1: a fully adapted particle filter over topic assignments whose
// particles carry only their sufficient statistics (topic counts). At each token
//     weight_p = p(w_n | c_p) = sum_k (alpha_k + c_pk) / (alphaSum + n) phi[w_n][k],
//     p(w_n | w_<n) ~= mean_p weight_p,
// then the particles are resampled by weight (systematic resampling) and each
// draws z_n from p(z_n | w_n, c_p) and adds it to its counts. The product of
// the per-token means is an unbiased estimate of p(w). O(P K) per token.

#include <memory>
#include <vector>

#include "native/model/document_phi.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/per_thread.hpp"

namespace topiceval {

class ParticleLearningEstimator : public DocumentEstimator {
 public:
  ParticleLearningEstimator(const ScoringModel& model, int particles);

  std::string description() const override;
  bool stochastic() const override { return true; }
  bool unbiased() const override { return true; }
  // A particle filter: log p-hat is asymptotically normal in the particles.
  RunCombination runCombination() const override { return RunCombination::Lognormal; }
  void prepare(int workers) override;
  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override;

 private:
  struct Worker {
    DocumentPhi phi;
    std::vector<int32_t> counts;  // [particle * K + topic]
    std::vector<int32_t> nextCounts;
    std::vector<double> joint;    // [particle * K + topic]: (alpha_k + c_pk) phi[w][k]
    std::vector<double> weights;  // per particle, sum of its joint row
    std::vector<std::size_t> ancestors;
  };
  const ScoringModel& model_;
  int particles_;
  PerThread<Worker> workers_;
};

}  // namespace topiceval
