// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/particle_learning_estimator.hpp"

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/systematic_resampling.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "native/runtime/random_stream.hpp"

namespace topiceval {

ParticleLearningEstimator::ParticleLearningEstimator(const ScoringModel& model, int particles)
    : model_(model), particles_(particles) {
  if (particles < 1) throw std::invalid_argument("particle learning needs at least 1 particle");
}

std::string ParticleLearningEstimator::description() const {
  return "particle learning (Scott & Baldridge 2013, algorithm 1), " + std::to_string(particles_) +
         (particles_ == 1 ? " particle" : " particles");
}

void ParticleLearningEstimator::prepare(int workers) { workers_.prepare(workers); }

double ParticleLearningEstimator::logLikelihood(std::span<const int32_t> document, const EstimateKey& key,
                                                int worker) const {
  Worker& state = workers_[worker];
  state.phi.build(model_, document);
  const auto topics = static_cast<std::size_t>(model_.numTopics());
  const auto particles = static_cast<std::size_t>(particles_);
  const auto& alpha = model_.alpha();
  state.counts.assign(particles * topics, 0);
  state.nextCounts.assign(particles * topics, 0);
  state.joint.resize(particles * topics);
  state.weights.resize(particles);
  state.ancestors.resize(particles);
  RandomStream random(key.seed, {key.document, key.run, 0x504C});

  double logLikelihood = 0.0;
  for (std::size_t n = 0; n < state.phi.tokens(); ++n) {
    const auto phi = state.phi.tokenPhi(n);
    double weightSum = 0.0;
    for (std::size_t p = 0; p < particles; ++p) {
      const int32_t* counts = state.counts.data() + p * topics;
      double* joint = state.joint.data() + p * topics;
      double total = 0.0;
      for (std::size_t k = 0; k < topics; ++k) {
        joint[k] = (alpha[k] + counts[k]) * phi[k];
        total += joint[k];
      }
      state.weights[p] = total;
      weightSum += total;
    }
    // mean_p weight_p / (alphaSum + n)
    logLikelihood +=
        std::log(weightSum / static_cast<double>(particles) / (model_.alphaSum() + static_cast<double>(n)));

    systematicResample(state.weights, weightSum, random.uniform(), state.ancestors);
    // Propagate: every new particle copies its ancestor's counts and draws z_n
    // from the ancestor's posterior over topics for w_n.
    for (std::size_t p = 0; p < particles; ++p) {
      const std::size_t ancestor = state.ancestors[p];
      int32_t* counts = state.nextCounts.data() + p * topics;
      std::copy_n(state.counts.data() + ancestor * topics, topics, counts);
      const double* joint = state.joint.data() + ancestor * topics;
      double sample = random.uniform() * state.weights[ancestor];
      std::size_t topic = 0;
      while (topic + 1 < topics && (sample -= joint[topic]) > 0.0) ++topic;
      ++counts[topic];
    }
    state.counts.swap(state.nextCounts);
  }
  countSiteUpdates(static_cast<uint64_t>(particles_) * state.phi.tokens());
  return logLikelihood;
}

EstimatorDefinition particleLearningDefinition() {
  return {"particle-learning",
          "Scott & Baldridge (2013), algorithm 1: fully adapted particle filter on topic counts",
          {integerSetting("particles", 10, 1, SettingLimits::kParticles, "particles")},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            checkParticleWorkspace(values.integer("particles"), model.numTopics());
            return std::make_unique<ParticleLearningEstimator>(model, static_cast<int>(values.integer("particles")));
          },
          "particles"};
}

}  // namespace topiceval
