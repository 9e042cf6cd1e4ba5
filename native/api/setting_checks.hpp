// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rules across settings that the likelihood functions (evaluate, select)
// check before anything is read, so a mistyped setting costs no read. (Each
// setting's own range and choices are its declaration's: validate(request).)

#include <map>
#include <optional>
#include <string>

#include "native/model/scoring_model.hpp"

namespace topiceval {

// The estimator and its settings, without a model. With no estimator named,
// each model family picks its default, so each setting is checked against the
// default that declares it (and again against the model's estimator later).
void checkEstimatorChoice(const std::string& estimator, const std::map<std::string, std::string>& settings);
// SettingError for a target error that cannot apply: beside
// check-convergence, with a deterministic estimator or fewer than 2 runs.
void checkTargetError(double perToken, double perDocument, bool checkConvergence, const std::string& estimator,
                      int runs);

}  // namespace topiceval
