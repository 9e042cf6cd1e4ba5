#pragma once
// An estimator's own settings as a C++ caller sets them
// (request.settings.particles = 100): every setting a registered estimator
// declares, each given or not. Which estimators take which, the range and each
// estimator's default are the estimator's declaration (its registry entry;
// `topiceval evaluate --help` lists them); a setting given to an estimator
// that does not take it is refused. The command line, Python keywords and
// Java's EvaluationOptions fill the same fields, by the settings' names
// (burn-in-sweeps, burn_in_sweeps, burnInSweeps).

#include <cstdint>
#include <optional>
#include <string>

namespace topiceval {

/// The estimators' own settings, each set or left to the estimator's default (each estimator
/// reads those it has and checks their ranges; SettingError names a setting it does not take).
struct EstimatorSettings {
  std::optional<int64_t> particles;        ///< left-to-right, particle-learning, resample-move
  std::optional<bool> resampling;          ///< left-to-right
  std::optional<int64_t> sweepSites;       ///< resample-move
  std::optional<int64_t> resampleBelow;    ///< resample-move
  std::optional<int64_t> temperatures;     ///< ais
  std::optional<int64_t> samples;          ///< ais, harmonic-mean, importance-sampling, chib-style, ...
  std::optional<std::string> schedule;     ///< ais: linear | sigmoid
  std::optional<int64_t> burnInSweeps;     ///< harmonic-mean, chib-style, estimated-theta; completion
  std::optional<std::string> variant;      ///< chib-style: corrected | uncorrected
  std::optional<std::string> proposal;     ///< importance-sampling
  std::optional<int64_t> iterations;       ///< importance-sampling
  std::optional<std::string> eStep;        ///< posterior-importance: taylor | blei-lafferty
  std::optional<int64_t> proposalDegrees;  ///< posterior-importance
};

}  // namespace topiceval
