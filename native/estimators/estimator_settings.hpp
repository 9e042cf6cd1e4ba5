// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a caller asks of an estimator: its name and the settings given by name.
// The settings are declared (SettingSpec) and checked (SettingValues) by the
// settings floor, native/settings/, as every command's options are.

#include <map>
#include <string>

#include "native/settings/settings.hpp"

namespace topiceval {

// The estimator's name and any settings by name (text, as typed; those not
// given take their defaults).
struct EstimatorChoice {
  std::string estimator = "left-to-right";
  std::map<std::string, std::string> values;
};

}  // namespace topiceval
