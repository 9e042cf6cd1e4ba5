// SPDX-License-Identifier: Apache-2.0
#pragma once
// The estimator settings a request gives, by their names as text (what the
// estimator registry checks and the estimators read): each field of
// EstimatorSettings that is set, through its declaration (requests.cpp).
#include <map>
#include <string>

#include "topiceval/estimator_settings.hpp"

namespace topiceval {

std::map<std::string, std::string> settingsByName(const EstimatorSettings& settings);

}  // namespace topiceval
