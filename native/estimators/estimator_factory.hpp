#pragma once
// Builds any of topiceval's estimators from its name and settings: what the
// command line and the Java bridge both offer.

#include <memory>
#include <string>

#include "native/estimators/estimator.hpp"
#include "native/model/scoring_model.hpp"

namespace topiceval {

struct EstimatorSettings {
  std::string estimator = "left-to-right";  // left-to-right | filtering | particle-learning | ais
  int particles = 10;
  bool resampling = false;
  int temperatures = 1000;
  int samples = 1;
  std::string schedule = "sigmoid";  // linear | sigmoid
};

// std::invalid_argument, with a message naming the option, for a bad setting.
std::unique_ptr<DocumentEstimator> makeEstimator(const EstimatorSettings& settings, const ScoringModel& model);

}  // namespace topiceval
