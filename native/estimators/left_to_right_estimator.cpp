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
      tables_(std::make_unique<detail::FastTables>()) {
  if (particles < 1) throw std::invalid_argument("left-to-right needs at least 1 particle");
  detail::FastTables& tables = *tables_;
  tables.model = &model;
  tables.numTopics = model.numTopics();
  tables.alpha = model.alpha();
  tables.alphaSum = model.alphaSum();
  const auto topics = static_cast<std::size_t>(model.numTopics());
  tables.inverseDenominators.resize(topics);
  tables.betaOverDenominators.resize(topics);
  tables.cumulativeSmoothing.resize(topics);
  double cumulative = 0.0;
  for (std::size_t k = 0; k < topics; ++k) {
    const double denominator = model.denominators()[k];
    tables.inverseDenominators[k] = 1.0 / denominator;
    tables.betaOverDenominators[k] = model.beta() / denominator;
    cumulative += model.alpha()[k] * model.beta() / denominator;
    tables.cumulativeSmoothing[k] = cumulative;
  }
  tables.smoothingMass = cumulative;
}

LeftToRightEstimator::~LeftToRightEstimator() = default;

std::string LeftToRightEstimator::description() const {
  const std::string particles = std::to_string(particles_) + (particles_ == 1 ? " particle" : " particles");
  switch (variant_) {
    case SamplerVariant::LeftToRight: return "left-to-right, " + particles + ", no resampling";
    case SamplerVariant::LeftToRightResampling: return "left-to-right, " + particles + ", resampling";
    case SamplerVariant::ResampleMove: {
      const std::size_t islands = ParticleGroups{static_cast<std::size_t>(particles_)}.count();
      return "resample-move, " + particles +
             (islands == 1 ? "" : " in " + std::to_string(islands) + " independent islands");
    }
  }
  return "left-to-right";
}

void LeftToRightEstimator::prepare(int workers) {
  workers_.clear();
  for (int w = 0; w < workers; ++w)
    workers_.push_back(std::make_unique<Worker>(static_cast<std::size_t>(model_.numTopics())));
}

void LeftToRightEstimator::positionProbabilities(std::span<const int32_t> document, const EstimateKey& key, int worker,
                                                 std::vector<double>& probabilities) const {
  Worker& state = *workers_.at(static_cast<std::size_t>(worker));
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
    RandomStream selection(key.seed, {key.document, key.run, 0x5345'4C45'4354ULL, group});
    const int size = static_cast<int>(count);
    const detail::FastGroupKernel kernel =
        forInstructionSet(instructionSet_, &detail::fastGroupKernelBaseline, &detail::fastGroupKernelAvx2,
                          &detail::fastGroupKernelAvx512)(size);
    kernel(*tables_, document, variant_, state.randoms, &selection,
           {state.particleProbabilities.data() + first * length, count * length}, state.scratch);
  }
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
  if (variant_ != SamplerVariant::ResampleMove) {
    double logLikelihood = 0.0;
    for (const double p : probabilities) {
      if (p > 0.0) logLikelihood += std::log(p);
    }
    return logLikelihood;
  }
  // Each island of resample-move (a lockstep group) is a particle filter of its
  // own: its estimate is the product over positions of its particles' mean
  // probability, unbiased for p(w); the estimate reported is their mean in
  // p (not log p), still unbiased (Verge et al. 2015, "On parallel
  // implementation of sequential Monte Carlo methods: the island particle model").
  const Worker& state = *workers_.at(static_cast<std::size_t>(worker));
  const std::size_t length = document.size();
  const ParticleGroups split{static_cast<std::size_t>(particles_)};
  thread_local std::vector<double> islandLogLikelihoods;
  islandLogLikelihoods.assign(split.count(), 0.0);
  for (std::size_t group = 0; group < split.count(); ++group) {
    for (std::size_t position = 0; position < length; ++position) {
      double sum = 0.0;
      for (std::size_t particle = split.first(group); particle < split.first(group + 1); ++particle)
        sum += state.particleProbabilities[particle * length + position];
      if (sum > 0.0) islandLogLikelihoods[group] += std::log(sum / static_cast<double>(split.size(group)));
    }
  }
  return logMeanExp(islandLogLikelihoods).logMean;
}

EstimatorDefinition leftToRightDefinition() {
  return {"left-to-right",
          "Wallach et al. (2009), algorithm 3: particles walked left to right, topiceval's fast sampler",
          {{"particles", SettingKind::Integer, "10", 1, SettingLimits::kParticles, {}, "particles"},
           {"resampling",
            SettingKind::Boolean,
            "false",
            0,
            0,
            {},
            "resample earlier topics at every position (true|false)"}},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            checkParticleWorkspace(values.integer("particles"), model.numTopics());
            return std::make_unique<LeftToRightEstimator>(
                model, static_cast<int>(values.integer("particles")),
                values.boolean("resampling") ? SamplerVariant::LeftToRightResampling : SamplerVariant::LeftToRight);
          },
          "particles"};
}

}  // namespace topiceval
