// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/setting_limits.hpp"

#include <string>

#include "native/estimators/estimator_settings.hpp"

namespace topiceval {

void checkParticleWorkspace(int64_t particles, int64_t topics) {
  const int64_t perParticle = 16 * topics;
  if (perParticle > 0 && particles > SettingLimits::kWorkspaceBytes / perParticle)
    throw SettingError("particles", std::to_string(particles) + " with " + std::to_string(topics) +
                                        " topics needs more than " +
                                        std::to_string(SettingLimits::kWorkspaceBytes >> 30) +
                                        " GiB of working memory per thread; use at most " +
                                        std::to_string(SettingLimits::kWorkspaceBytes / perParticle) + " particles");
}

}  // namespace topiceval

namespace topiceval {

SettingSpec completionBurnInSetting() {
  return integerSetting("burn-in-sweeps", 100, 0, SettingLimits::kBurnIn,
                        "Gibbs sweeps on w1 before annealing or sampling w2 (document completion)");
}

}  // namespace topiceval
