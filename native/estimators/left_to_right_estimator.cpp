// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/left_to_right_estimator.hpp"

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"

#include <cmath>
#include <stdexcept>

#include "native/kernels/left_to_right_kernel.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

struct LeftToRightEstimator::Worker {
  explicit Worker(std::size_t topics) : scratch(topics) {}
  detail::FastScratch scratch;
  std::vector<double> particleProbabilities;  // [particle * length + position]
  std::vector<RandomStream> randoms;
};

LeftToRightEstimator::LeftToRightEstimator(const ScoringModel& model, int particles, SamplerVariant variant,
                                           InstructionSet instructionSet)
    : model_(model),
      particles_(particles),
      variant_(variant),
      instructionSet_(resolveInstructionSet(instructionSet)),
      tables_(std::make_unique<detail::FastTables>(detail::buildFastTables(model))) {
  if (particles < 1) throw std::invalid_argument("left-to-right needs at least 1 particle");
}

LeftToRightEstimator::~LeftToRightEstimator() = default;

std::string LeftToRightEstimator::description() const {
  return "left-to-right, " + std::to_string(particles_) + (particles_ == 1 ? " particle" : " particles") +
         (variant_ == SamplerVariant::LeftToRightResampling ? ", resampling" : ", no resampling");
}

void LeftToRightEstimator::prepare(int workers) {
  workers_.prepare(workers, static_cast<std::size_t>(model_.numTopics()));
}

void LeftToRightEstimator::positionProbabilities(std::span<const int32_t> document, const EstimateKey& key, int worker,
                                                 std::vector<double>& probabilities) const {
  Worker& state = workers_[worker];
  const std::size_t length = document.size();
  const auto particles = static_cast<std::size_t>(particles_);
  state.particleProbabilities.assign(particles * length, 0.0);
  const ParticleGroups split{particles};
  for (std::size_t group = 0; group < split.count(); ++group) {
    const std::size_t first = split.first(group);
    const std::size_t count = split.size(group);
    state.randoms.clear();
    for (std::size_t particle = first; particle < first + count; ++particle)
      state.randoms.emplace_back(key.seed, std::initializer_list<uint64_t>{key.document, key.run, particle});
    const int size = static_cast<int>(count);
    const detail::FastGroupKernel kernel =
        forInstructionSet(instructionSet_, &detail::fastGroupKernelBaseline, &detail::fastGroupKernelAvx2,
                          &detail::fastGroupKernelAvx512)(size);
    kernel(*tables_, document, variant_, state.randoms,
           {state.particleProbabilities.data() + first * length, count * length}, state.scratch);
  }
  // Per particle, each scored position is one site update, plus (resampling)
  // one for each earlier scored position.
  uint64_t scored = 0;
  for (const int32_t type : document) scored += model_.scored(type);
  countSiteUpdates(particles *
                   (variant_ == SamplerVariant::LeftToRightResampling ? scored * (scored + 1) / 2 : scored));
  probabilities.assign(length, 0.0);
  for (std::size_t position = 0; position < length; ++position) {
    double sum = 0.0;
    for (std::size_t particle = 0; particle < particles; ++particle)
      sum += state.particleProbabilities[particle * length + position];
    probabilities[position] = sum / static_cast<double>(particles);
  }
}

double LeftToRightEstimator::logLikelihood(std::span<const int32_t> document, const EstimateKey& key,
                                           int worker) const {
  thread_local std::vector<double> probabilities;
  positionProbabilities(document, key, worker, probabilities);
  double logLikelihood = 0.0;
  for (const double p : probabilities) {
    if (p > 0.0) logLikelihood += std::log(p);
  }
  return logLikelihood;
}

void LeftToRightEstimator::positionLogLikelihoods(std::span<const int32_t> document, const EstimateKey& key, int worker,
                                                  std::vector<double>& terms) const {
  positionProbabilities(document, key, worker, terms);
  for (double& term : terms) term = term > 0.0 ? std::log(term) : 0.0;
}

EstimatorDefinition leftToRightDefinition() {
  EstimatorDefinition definition{"left-to-right",
          "Wallach et al. (2009), algorithm 3: particles walked left to right, topiceval's fast sampler",
          {integerSetting("particles", 10, 1, SettingLimits::kParticles, "particles"),
           booleanSetting("resampling", false, "resample earlier topics at every position (true|false)")},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            checkParticleWorkspace(values.integer("particles"), model.numTopics());
            return std::make_unique<LeftToRightEstimator>(
                model, static_cast<int>(values.integer("particles")),
                values.boolean("resampling") ? SamplerVariant::LeftToRightResampling : SamplerVariant::LeftToRight);
          },
          "particles"};
  // One particle is sequential importance sampling, unbiased for p(w); two or
  // more are MALLET's left-to-right, which is not (its product of per-position
  // means sits low, with or without resampling). Growing one particle would
  // change the estimator: the runs grow instead.
  definition.budgetKeepsNature = [](const SettingValues& values) { return values.integer("particles") > 1; };
  return definition;
}

}  // namespace topiceval
