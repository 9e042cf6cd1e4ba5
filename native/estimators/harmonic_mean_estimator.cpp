// SPDX-License-Identifier: Apache-2.0
// The harmonic mean estimator (Newton & Raftery 1994), as Wallach, Murray,
// Salakhutdinov & Mimno (2009, "Evaluation methods for topic models", section
// 4.1) apply it to a held-out document: Gibbs sampling of the topic assignments
// z of the document's scored tokens under the fixed topics, then
//     p(w) ~ 1 / ( (1/S) sum_s 1 / p(w | z^(s)) ),   p(w | z) = prod_n phi[w_n][z_n],
// over S samples after B burn-in sweeps. It is consistent but its variance can
// be infinite, and in practice it overestimates p(w) badly: Wallach et al.
// include it as the method not to use. Every report labels it so.
#include <cmath>
#include <memory>
#include <vector>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/per_thread.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/topic_assignments.hpp"
#include "native/model/document_phi.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

namespace {

class HarmonicMeanEstimator : public DocumentEstimator {
 public:
  HarmonicMeanEstimator(const ScoringModel& model, int burnIn, int samples)
      : model_(model), burnIn_(burnIn), samples_(samples) {}

  std::string description() const override {
    return "harmonic mean (Wallach et al. 2009, section 4.1; known to overestimate), " + std::to_string(burnIn_) +
           " burn-in sweeps, " + std::to_string(samples_) + (samples_ == 1 ? " sample" : " samples");
  }
  bool stochastic() const override { return true; }
  // Biased upward (Wallach et al. 2009, section 4.1; Newton & Raftery 1994).
  bool unbiased() const override { return false; }
  void prepare(int workers) override { workers_.prepare(workers); }

  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override {
    Worker& state = workers_[worker];
    state.phi.build(model_, document);
    const std::size_t tokens = state.phi.tokens();
    if (tokens == 0) return 0.0;
    const std::span<const double> alpha = model_.alpha();
    TopicAssignments& z = state.topics;
    z.reset(static_cast<std::size_t>(model_.numTopics()), tokens);
    state.logInverse.clear();
    RandomStream random(key.seed, {key.document, key.run, 0x484D});
    z.drawInTurn(0, tokens, state.phi, alpha, state.weights, random);
    for (int sweep = 0; sweep < burnIn_ + samples_; ++sweep) {
      z.sweep(0, tokens, false, state.phi, alpha, state.weights, random);
      if (sweep < burnIn_) continue;
      double logLikelihood = 0.0;  // log p(w | z)
      for (std::size_t n = 0; n < tokens; ++n)
        logLikelihood += std::log(state.phi.tokenPhi(n)[static_cast<std::size_t>(z.topic(n))]);
      state.logInverse.push_back(-logLikelihood);
    }
    countSiteUpdates(tokens * (1 + static_cast<uint64_t>(burnIn_ + samples_)));
    // log of the harmonic mean: -log mean_s exp(-log p(w | z_s)).
    return -logMeanExp(state.logInverse).logMean;
  }

 private:
  struct Worker {
    DocumentPhi phi;
    TopicAssignments topics;
    std::vector<double> weights;     // running sums of the conditional
    std::vector<double> logInverse;  // -log p(w | z_s), one per sample
  };
  const ScoringModel& model_;
  int burnIn_;
  int samples_;
  PerThread<Worker> workers_;
};

}  // namespace

EstimatorDefinition harmonicMeanDefinition() {
  return {"harmonic-mean",
          "Wallach et al. (2009), section 4.1: harmonic mean of p(w | z) over Gibbs samples (known to overestimate)",
          {integerSetting("burn-in-sweeps", 100, 0, SettingLimits::kBurnIn, "Gibbs sweeps before sampling"),
           integerSetting("samples", 1000, 1, SettingLimits::kSamples, "samples per estimate")},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            return std::make_unique<HarmonicMeanEstimator>(model, static_cast<int>(values.integer("burn-in-sweeps")),
                                                           static_cast<int>(values.integer("samples")));
          },
          "samples"};
}

}  // namespace topiceval
