// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/filtering_estimator.hpp"

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"

#include <cmath>

namespace topiceval {

void FilteringEstimator::prepare(int workers) { workers_.prepare(workers); }

double FilteringEstimator::logLikelihood(std::span<const int32_t> document, const EstimateKey&, int worker) const {
  Worker& state = workers_[worker];
  state.phi.build(model_, document);
  const auto topics = static_cast<std::size_t>(model_.numTopics());
  const auto& alpha = model_.alpha();
  state.expectedCounts.assign(topics, 0.0);
  state.joint.resize(topics);
  double logLikelihood = 0.0;
  for (std::size_t n = 0; n < state.phi.tokens(); ++n) {
    const auto phi = state.phi.tokenPhi(n);
    // The prior weights (alpha_k + E[c_k]) / (alphaSum + n) sum to one.
    const double normalizer = model_.alphaSum() + static_cast<double>(n);
    double total = 0.0;
    for (std::size_t k = 0; k < topics; ++k) {
      state.joint[k] = (alpha[k] + state.expectedCounts[k]) / normalizer * phi[k];
      total += state.joint[k];
    }
    logLikelihood += std::log(total);
    for (std::size_t k = 0; k < topics; ++k) state.expectedCounts[k] += state.joint[k] / total;
  }
  countSiteUpdates(state.phi.tokens());
  return logLikelihood;
}

EstimatorDefinition filteringDefinition() {
  return {"filtering",
          "Scott & Baldridge (2013), algorithm 2: expected topic counts, one deterministic pass",
          {},
          [](const SettingValues&, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            return std::make_unique<FilteringEstimator>(model);
          },
          ""};
}

}  // namespace topiceval
