#include "native/estimators/estimator_factory.hpp"

#include <stdexcept>

#include "native/estimators/annealed_importance_estimator.hpp"
#include "native/estimators/filtering_estimator.hpp"
#include "native/estimators/left_to_right_estimator.hpp"
#include "native/estimators/particle_learning_estimator.hpp"
#include "native/runtime/setting_limits.hpp"

namespace topiceval {

std::unique_ptr<DocumentEstimator> makeEstimator(const EstimatorSettings& s, const ScoringModel& model) {
  auto checkParticles = [&] {
    if (s.particles < 1) throw std::invalid_argument("--particles must be at least 1");
    checkSettingRange("--particles", s.particles, 1, SettingLimits::kParticles);
    checkParticleWorkspace("--particles", s.particles, model.numTopics());
  };
  if (s.estimator == "left-to-right") {
    checkParticles();
    return std::make_unique<LeftToRightEstimator>(model, s.particles, s.resampling);
  }
  if (s.estimator == "filtering") return std::make_unique<FilteringEstimator>(model);
  if (s.estimator == "particle-learning") {
    checkParticles();
    return std::make_unique<ParticleLearningEstimator>(model, s.particles);
  }
  if (s.estimator == "ais") {
    if (s.temperatures < 1) throw std::invalid_argument("--temperatures must be at least 1");
    if (s.samples < 1) throw std::invalid_argument("--samples must be at least 1");
    checkSettingRange("--temperatures", s.temperatures, 1, SettingLimits::kTemperatures);
    checkSettingRange("--samples", s.samples, 1, SettingLimits::kSamples);
    if (s.schedule != "linear" && s.schedule != "sigmoid")
      throw std::invalid_argument("--schedule takes linear or sigmoid, not '" + s.schedule + "'");
    return std::make_unique<AnnealedImportanceEstimator>(
        model, s.temperatures, s.samples, s.schedule == "linear" ? AnnealingSchedule::Linear : AnnealingSchedule::Sigmoid);
  }
  throw std::invalid_argument("--estimator takes left-to-right, filtering, particle-learning or ais, not '" +
                              s.estimator + "'");
}

}  // namespace topiceval
