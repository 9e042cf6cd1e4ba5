// SPDX-License-Identifier: Apache-2.0
#pragma once
// The most memory and work one topic-quality request may ask for. Top words
// are bounded by the vocabulary, but the pairs of a vocabulary grow with its
// square, so a request within every option's range can still ask for days or
// for more memory than the machine holds: it is refused before any of it is
// spent, with the figure it would need and the settings that drive it.

#include <cstdint>
#include <string>

namespace topiceval::quality {

struct QualityLimits {
  static constexpr double kTableBytes = 2.0 * (uint64_t{1} << 30);  // word-pair counts held at once
  static constexpr double kPairScores = 2e9;                      // scores of word (or topic) pairs, replicates included
};

// SettingError(setting, ...) when `bytes` or `pairScores` exceed the limits:
// "<what> needs 3.1 GiB of working memory, more than the 2.0 GiB allowed: <advice>".
void checkQualityCost(const std::string& setting, const std::string& what, double bytes, double pairScores,
                      const std::string& advice);

}  // namespace topiceval::quality
