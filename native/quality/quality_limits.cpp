// SPDX-License-Identifier: Apache-2.0
#include "native/quality/quality_limits.hpp"

#include <cstdio>

#include "native/runtime/setting_error.hpp"

namespace topiceval::quality {

namespace {

std::string gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", bytes / static_cast<double>(uint64_t{1} << 30));
  return text;
}

std::string scores(double count) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", count);
  return text;
}

}  // namespace

void checkQualityCost(const std::string& setting, const std::string& what, double bytes, double pairScores,
                      const std::string& advice) {
  if (bytes > QualityLimits::kTableBytes)
    throw SettingError(setting, what + " needs " + gib(bytes) + " of working memory, more than the " +
                                    gib(QualityLimits::kTableBytes) + " allowed: " + advice);
  if (pairScores > QualityLimits::kPairScores)
    throw SettingError(setting, what + " needs " + scores(pairScores) + " scores of word or topic pairs, more than the " +
                                    scores(QualityLimits::kPairScores) + " allowed: " + advice);
}

}  // namespace topiceval::quality
