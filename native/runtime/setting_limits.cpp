#include "native/runtime/setting_limits.hpp"

#include <stdexcept>

namespace topiceval {

void checkSettingRange(const std::string& option, int64_t value, int64_t least, int64_t most) {
  if (value < least) throw std::invalid_argument(option + " must be at least " + std::to_string(least) +
                                                 " (got " + std::to_string(value) + ")");
  if (value > most) throw std::invalid_argument(option + " must be at most " + std::to_string(most) + " (got " +
                                                std::to_string(value) + ")");
}

void checkParticleWorkspace(const std::string& option, int64_t particles, int64_t topics) {
  const int64_t perParticle = 16 * topics;
  if (perParticle > 0 && particles > SettingLimits::kWorkspaceBytes / perParticle)
    throw std::invalid_argument(option + " " + std::to_string(particles) + " with " + std::to_string(topics) +
                                " topics needs more than " + std::to_string(SettingLimits::kWorkspaceBytes >> 30) +
                                " GiB of working memory per thread; use at most " +
                                std::to_string(SettingLimits::kWorkspaceBytes / perParticle) + " particles");
}

}  // namespace topiceval
