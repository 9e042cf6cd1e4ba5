// SPDX-License-Identifier: Apache-2.0
#pragma once
// Annealed importance sampling for the held-out likelihood, Wallach, Murray,
// Salakhutdinov and Mimno (2009), Algorithm 1 (after Neal 2001). Topic
// assignments start from the prior p(z | alpha) and are annealed through
//     f_t(z) = p(z | alpha) prod_n phi[w_n][z_n]^tau_t,  0 = tau_0 < ... < tau_T = 1,
// with one Gibbs sweep invariant for f_t at each temperature. A sample's log
// importance weight is sum_t (tau_t - tau_{t-1}) sum_n log phi[w_n][z_n], with
// z as it was before the sweep at tau_t; the estimate is the log of the mean
// weight over samples (log-sum-exp), unbiased for p(w).
//
// Document completion (the paper's algorithm 4): the topics z1 of w1 start
// from p(z1 | w1), approximated by a Gibbs chain on w1 after burnIn sweeps,
// those of w2 from the prior given z1, and only w2's likelihood is annealed;
// the sweeps move z1 and z2 together under f_t(z) = p(z) p(w1 | z1)
// p(w2 | z2)^tau_t. The normalisers run from p(w1) to p(w), so the weight
// estimates p(w2 | w1); unbiased if the chain on w1 has converged.

#include <memory>
#include <string>
#include <vector>

#include "native/model/document_phi.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/per_thread.hpp"
#include "native/estimators/topic_assignments.hpp"

namespace topiceval {

enum class AnnealingSchedule { Linear, Sigmoid };
const char* describe(AnnealingSchedule schedule);

// tau_0 = 0, ..., tau_T = 1. Sigmoid: Neal's schedule, (s(d(2t/T - 1)) - s(-d)) / (s(d) - s(-d)), d = 4.
std::vector<double> annealingTemperatures(int steps, AnnealingSchedule schedule);

class AnnealedImportanceEstimator : public DocumentEstimator {
 public:
  AnnealedImportanceEstimator(const ScoringModel& model, int temperatures, int samples, AnnealingSchedule schedule,
                              int burnIn = 100);

  std::string description() const override;
  bool stochastic() const override { return true; }
  bool unbiased() const override { return true; }
  void prepare(int workers) override;
  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override;
  bool completesDocuments() const override { return true; }
  double completionLogLikelihood(std::span<const int32_t> document, std::size_t observed, const EstimateKey& key,
                                 int worker) const override;

 private:
  struct Worker {
    DocumentPhi phi;
    std::vector<double> logPhi;       // [word * K + k]
    std::vector<double> temperedPhi;  // [word * K + k]: phi^tau at the current temperature
    TopicAssignments topics;          // per scored token
    std::vector<double> conditional;
    std::vector<double> logWeights;
  };
  // Anneals the tokens after the first `observed` positions, those before held
  // at full power (none without completion).
  double anneal(std::span<const int32_t> document, std::size_t observed, const EstimateKey& key, int worker) const;

  const ScoringModel& model_;
  int samples_;
  int burnIn_;
  AnnealingSchedule schedule_;
  std::vector<double> temperatures_;
  PerThread<Worker> workers_;
};

}  // namespace topiceval
