// SPDX-License-Identifier: Apache-2.0
// Document completion by "estimated theta" (Wallach, Murray, Salakhutdinov and
// Mimno 2009, section 5): Gibbs sampling of the topics z1 of w1 under the fixed
// topics, theta-hat the mean over S samples of its posterior mean
//     theta-hat_k = (alpha_k + n1_k) / (A + N1),
// and then w2 scored by the plug-in
//     p(w2 | theta-hat) = prod_{n in w2} sum_k theta-hat_k phi[w_n][k].
// It replaces the posterior over theta by a point, so it is not an estimate of
// p(w2 | w1) but an approximation, biased (the paper's point: it ignores the
// dependence among the tokens of w2 through theta). It scores completions
// only: estimating theta from the whole of w and scoring w again would score
// the words it was fitted to.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/per_thread.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/topic_assignments.hpp"
#include "native/model/document_phi.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

namespace {

class EstimatedThetaEstimator : public DocumentEstimator {
 public:
  EstimatedThetaEstimator(const ScoringModel& model, int burnIn, int samples)
      : model_(model), burnIn_(burnIn), samples_(samples) {}

  std::string description() const override {
    return "estimated theta (Wallach et al. 2009, section 5; a plug-in approximation), " + std::to_string(burnIn_) +
           " burn-in sweeps, " + std::to_string(samples_) + (samples_ == 1 ? " sample" : " samples");
  }
  bool stochastic() const override { return true; }
  bool unbiased() const override { return false; }
  bool completesDocuments() const override { return true; }
  bool scoresWholeDocuments() const override { return false; }
  void prepare(int workers) override { workers_.prepare(workers); }

  double logLikelihood(std::span<const int32_t>, const EstimateKey&, int) const override {
    throw SettingError("estimator", description() + " scores w2 given w1 only");
  }

  double completionLogLikelihood(std::span<const int32_t> document, std::size_t observed, const EstimateKey& key,
                                 int worker) const override {
    Worker& state = workers_[worker];
    state.phi.build(model_, document);
    const std::size_t tokens = state.phi.tokens();
    const std::size_t conditioned = state.phi.scoredAmongFirst(observed);  // w1's scored tokens come first
    if (conditioned == tokens) return 0.0;
    const auto topics = static_cast<std::size_t>(model_.numTopics());
    const std::span<const double> alpha = model_.alpha();
    RandomStream random(key.seed, {key.document, key.run, 0x455448});
    TopicAssignments& z = state.observed;
    z.reset(topics, conditioned);
    z.drawInTurn(0, conditioned, state.phi, alpha, state.weights, random);
    state.theta.assign(topics, 0.0);
    const double denominator = model_.alphaSum() + static_cast<double>(conditioned);
    for (int sweep = 0; sweep < burnIn_ + samples_; ++sweep) {
      z.sweep(0, conditioned, false, state.phi, alpha, state.weights, random);
      if (sweep < burnIn_) continue;
      for (std::size_t k = 0; k < topics; ++k) state.theta[k] += (alpha[k] + z.counts()[k]) / denominator;
    }
    double logCompletion = 0.0;
    for (std::size_t n = conditioned; n < tokens; ++n) {
      const auto phi = state.phi.tokenPhi(n);
      double mixture = 0.0;
      for (std::size_t k = 0; k < topics; ++k) mixture += state.theta[k] * phi[k];
      logCompletion += std::log(mixture / samples_);
    }
    countSiteUpdates(conditioned * (1 + static_cast<uint64_t>(burnIn_ + samples_)) + (tokens - conditioned));
    return logCompletion;
  }

 private:
  struct Worker {
    DocumentPhi phi;
    TopicAssignments observed;  // z1
    std::vector<double> weights;
    std::vector<double> theta;  // sum over samples of the posterior mean
  };
  const ScoringModel& model_;
  int burnIn_;
  int samples_;
  PerThread<Worker> workers_;
};

}  // namespace

EstimatorDefinition estimatedThetaDefinition() {
  return {"estimated-theta",
          "Wallach et al. (2009), section 5: document completion only, p(w2 | theta-hat) with theta-hat from Gibbs "
          "samples on w1 (a plug-in approximation, biased)",
          {integerSetting("burn-in-sweeps", 100, 0, SettingLimits::kBurnIn, "Gibbs sweeps before sampling"),
           integerSetting("samples", 100, 1, SettingLimits::kSamples, "samples per estimate")},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            return std::make_unique<EstimatedThetaEstimator>(model, static_cast<int>(values.integer("burn-in-sweeps")),
                                                             static_cast<int>(values.integer("samples")));
          },
          "samples"};
}

}  // namespace topiceval
