// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/annealed_importance_estimator.hpp"

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"

#include <cmath>
#include <stdexcept>

#include "native/runtime/random_stream.hpp"

namespace topiceval {

const char* describe(AnnealingSchedule schedule) {
  return schedule == AnnealingSchedule::Linear ? "linear" : "sigmoid";
}

std::vector<double> annealingTemperatures(int steps, AnnealingSchedule schedule) {
  if (steps < 1) throw std::invalid_argument("AIS needs at least 1 temperature");
  std::vector<double> temperatures(static_cast<std::size_t>(steps) + 1);
  constexpr double kSharpness = 4.0;
  auto sigmoid = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
  const double low = sigmoid(-kSharpness);
  const double high = sigmoid(kSharpness);
  for (int t = 0; t <= steps; ++t) {
    const double fraction = static_cast<double>(t) / steps;
    temperatures[static_cast<std::size_t>(t)] =
        schedule == AnnealingSchedule::Linear ? fraction
                                              : (sigmoid(kSharpness * (2.0 * fraction - 1.0)) - low) / (high - low);
  }
  temperatures.front() = 0.0;
  temperatures.back() = 1.0;
  return temperatures;
}

AnnealedImportanceEstimator::AnnealedImportanceEstimator(const ScoringModel& model, int temperatures, int samples,
                                                         AnnealingSchedule schedule, int burnIn)
    : model_(model),
      samples_(samples),
      burnIn_(burnIn),
      schedule_(schedule),
      temperatures_(annealingTemperatures(temperatures, schedule)) {
  if (samples < 1) throw std::invalid_argument("AIS needs at least 1 sample");
}

std::string AnnealedImportanceEstimator::description() const {
  return "AIS (Wallach et al. 2009, algorithm 1), " + std::to_string(temperatures_.size() - 1) + " temperatures (" +
         describe(schedule_) + "), " + std::to_string(samples_) + (samples_ == 1 ? " sample" : " samples");
}

void AnnealedImportanceEstimator::prepare(int workers) { workers_.prepare(workers); }

double AnnealedImportanceEstimator::logLikelihood(std::span<const int32_t> document, const EstimateKey& key,
                                                  int worker) const {
  return anneal(document, 0, key, worker);
}

double AnnealedImportanceEstimator::completionLogLikelihood(std::span<const int32_t> document, std::size_t observed,
                                                            const EstimateKey& key, int worker) const {
  return anneal(document, observed, key, worker);
}

double AnnealedImportanceEstimator::anneal(std::span<const int32_t> document, std::size_t observed,
                                           const EstimateKey& key, int worker) const {
  Worker& state = workers_[worker];
  state.phi.build(model_, document);
  const std::size_t tokens = state.phi.tokens();
  const std::size_t conditioned = state.phi.scoredAmongFirst(observed);  // w1's scored tokens come first
  if (tokens == conditioned) return 0.0;
  const auto topics = static_cast<std::size_t>(model_.numTopics());
  const std::size_t words = state.phi.distinctWords();
  const std::span<const double> alpha = model_.alpha();
  state.logPhi.resize(words * topics);
  state.temperedPhi.resize(words * topics);
  for (std::size_t j = 0; j < words; ++j) {
    const auto phi = state.phi.phi(j);
    for (std::size_t k = 0; k < topics; ++k) state.logPhi[j * topics + k] = std::log(phi[k]);
  }
  state.conditional.resize(topics);
  state.logWeights.assign(static_cast<std::size_t>(samples_), 0.0);
  TopicAssignments& z = state.topics;

  for (int s = 0; s < samples_; ++s) {
    RandomStream random(key.seed, {key.document, key.run, 0x414953, static_cast<uint64_t>(s)});
    z.reset(topics, tokens);
    // Under completion, z1 from p(z1 | w1) by a Gibbs chain on w1 (algorithm 4's start).
    z.burnIn(0, conditioned, burnIn_, state.phi, alpha, state.conditional, random);
    // The annealed tokens' z from the prior given the others, by the Polya urn:
    // p(z_n = k | z_<n) = (alpha_k + c_k) / (alphaSum + n).
    double logPhiSum = 0.0;  // sum over the annealed tokens of log phi[w_n][z_n] for the current z
    for (std::size_t n = conditioned; n < tokens; ++n) {
      double sample = random.uniform() * (model_.alphaSum() + static_cast<double>(n));
      std::size_t topic = 0;
      while (topic + 1 < topics && (sample -= alpha[topic] + z.counts()[topic]) > 0.0) ++topic;
      z.assign(n, static_cast<int32_t>(topic));
      logPhiSum += state.logPhi[state.phi.word(n) * topics + topic];
    }
    double logWeight = 0.0;
    for (std::size_t t = 1; t < temperatures_.size(); ++t) {
      const double tau = temperatures_[t];
      logWeight += (tau - temperatures_[t - 1]) * logPhiSum;
      const double* logPhi = state.logPhi.data();
      double* tempered = state.temperedPhi.data();
      for (std::size_t j = 0; j < words * topics; ++j) tempered[j] = std::exp(tau * logPhi[j]);
      // One Gibbs sweep leaving f_t invariant: w1's tokens (none without
      // completion) at full power, the annealed ones at tau.
      for (std::size_t n = 0; n < tokens; ++n) {
        const std::size_t word = state.phi.word(n);
        const bool annealed = n >= conditioned;
        const auto old = static_cast<std::size_t>(z.topic(n));
        z.unassign(n);
        if (annealed) logPhiSum -= state.logPhi[word * topics + old];
        const double* row = annealed ? state.temperedPhi.data() + word * topics : state.phi.tokenPhi(n).data();
        double total = 0.0;
        for (std::size_t k = 0; k < topics; ++k) {
          state.conditional[k] = (alpha[k] + z.counts()[k]) * row[k];
          total += state.conditional[k];
        }
        double sample = random.uniform() * total;
        std::size_t topic = 0;
        while (topic + 1 < topics && (sample -= state.conditional[topic]) > 0.0) ++topic;
        z.assign(n, static_cast<int32_t>(topic));
        if (annealed) logPhiSum += state.logPhi[word * topics + topic];
      }
    }
    state.logWeights[static_cast<std::size_t>(s)] = logWeight;
  }
  const uint64_t burnIn = conditioned > 0 ? conditioned * (1 + static_cast<uint64_t>(burnIn_)) : 0;
  countSiteUpdates(static_cast<uint64_t>(samples_) *
                   (burnIn + (tokens - conditioned) + (temperatures_.size() - 1) * tokens));
  return logMeanExp(state.logWeights).logMean;
}

EstimatorDefinition annealedImportanceDefinition() {
  return {"ais",
          "Wallach et al. (2009), algorithm 1: annealed importance sampling from the prior",
          {integerSetting("temperatures", 1000, 1, SettingLimits::kTemperatures, "annealing steps"),
           integerSetting("samples", 1, 1, SettingLimits::kSamples, "samples per estimate"),
           choiceSetting("schedule", "sigmoid", {"linear", "sigmoid"}, "temperature schedule, linear | sigmoid"),
           completionBurnInSetting()},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            return std::make_unique<AnnealedImportanceEstimator>(
                model, static_cast<int>(values.integer("temperatures")), static_cast<int>(values.integer("samples")),
                values.choice("schedule") == "linear" ? AnnealingSchedule::Linear : AnnealingSchedule::Sigmoid,
                static_cast<int>(values.integer("burn-in-sweeps")));
          },
          "temperatures"};
}

}  // namespace topiceval
