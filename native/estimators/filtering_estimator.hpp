// SPDX-License-Identifier: Apache-2.0
#pragma once
// The filtering approximation of Scott and Baldridge (2013), "A recursive
// estimate for the predictive likelihood in a topic model", Algorithm 2:
// instead of sampling topic assignments, carry their expected counts.
//     p(w_n | w_<n) ~= sum_k (alpha_k + E[c_k]) / (alphaSum + n) phi[w_n][k],
//     E[c_k] += posterior responsibility of topic k for w_n.
// One pass, O(K) per token, deterministic.

#include <memory>
#include <vector>

#include "native/model/document_phi.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/per_thread.hpp"

namespace topiceval {

class FilteringEstimator : public DocumentEstimator {
 public:
  explicit FilteringEstimator(const ScoringModel& model) : model_(model) {}

  std::string description() const override { return "filtering (Scott & Baldridge 2013, algorithm 2)"; }
  bool stochastic() const override { return false; }
  bool unbiased() const override { return false; }
  void prepare(int workers) override;
  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override;

 private:
  struct Worker {
    DocumentPhi phi;
    std::vector<double> expectedCounts;
    std::vector<double> joint;
  };
  const ScoringModel& model_;
  PerThread<Worker> workers_;
};

}  // namespace topiceval
