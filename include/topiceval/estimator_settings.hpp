// SPDX-License-Identifier: Apache-2.0
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

// Every estimator setting, one line each: its value's type and its field, named
// as C++ spells the setting (burnInSweeps is burn-in-sweeps). The struct below
// and the declarations that fill it (native/api/options.cpp) are made from this
// list, so a new setting is one line here beside the estimator that declares
// it (its range, default and help: the estimator's registry entry).
#define TOPICEVAL_ESTIMATOR_SETTINGS(X)                                                                  \
  X(int64_t, particles)       /* left-to-right, particle-learning, resample-move */                     \
  X(bool, resampling)         /* left-to-right */                                                       \
  X(int64_t, sweepSites)      /* resample-move */                                                       \
  X(int64_t, resampleBelow)   /* resample-move */                                                       \
  X(int64_t, temperatures)    /* ais */                                                                 \
  X(int64_t, samples)         /* ais, harmonic-mean, importance-sampling, chib-style, ... */            \
  X(std::string, schedule)    /* ais: linear | sigmoid */                                               \
  X(int64_t, burnInSweeps)    /* harmonic-mean, chib-style, estimated-theta; completion */              \
  X(std::string, variant)     /* chib-style: corrected | uncorrected */                                 \
  X(std::string, proposal)    /* importance-sampling */                                                 \
  X(int64_t, iterations)      /* importance-sampling */                                                 \
  X(std::string, eStep)       /* posterior-importance: taylor | blei-lafferty */                        \
  X(int64_t, proposalDegrees) /* posterior-importance */

namespace topiceval {

/// The estimators' own settings, each set or left to the estimator's default (each estimator
/// reads those it has and checks their ranges; SettingError names a setting it does not take).
struct EstimatorSettings {
  // (Each starts unset, so EstimatorSettings{.samples = 5} leaves the others
  // unset without a missing-initializer warning.)
#define TOPICEVAL_SETTING_FIELD(type, field) std::optional<type> field = std::nullopt;
  TOPICEVAL_ESTIMATOR_SETTINGS(TOPICEVAL_SETTING_FIELD)
#undef TOPICEVAL_SETTING_FIELD
};

}  // namespace topiceval
