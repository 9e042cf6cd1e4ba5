// SPDX-License-Identifier: Apache-2.0
#include "topiceval/interval.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace topiceval {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

Interval headlineInterval(double estimate, double standardError, double biasBound) {
  if (!std::isfinite(standardError) || !std::isfinite(biasBound)) return {kNaN, kNaN};
  return {estimate - kIntervalZ * standardError, estimate + kIntervalZ * standardError + biasBound};
}

Interval perTokenOf(const Interval& total, double tokens) {
  if (!(tokens > 0.0)) return {kNaN, kNaN};
  return {total.low / tokens, total.high / tokens};
}

Interval differenceInterval(double difference, double standardError, double biasBoundA, double biasBoundB) {
  if (!std::isfinite(standardError) || !std::isfinite(biasBoundA) || !std::isfinite(biasBoundB)) return {kNaN, kNaN};
  return {difference - kIntervalZ * standardError - biasBoundB, difference + kIntervalZ * standardError + biasBoundA};
}

Interval ratioInterval(const RatioDirection& forward, const RatioDirection& reverse) {
  if (forward.run && reverse.run) {
    if (!std::isfinite(forward.standardError) || !std::isfinite(reverse.standardError)) return {kNaN, kNaN};
    const Interval f{forward.total - kIntervalZ * forward.standardError,
                     forward.total + kIntervalZ * forward.standardError};
    const Interval r{reverse.total - kIntervalZ * reverse.standardError,
                     reverse.total + kIntervalZ * reverse.standardError};
    // Ordinarily forward <= reverse and this is [f.low, r.high]; when noise
    // (or chains far from converged) crosses them, it still spans both.
    return {std::min(f.low, r.low), std::max(f.high, r.high)};
  }
  if (forward.run) return headlineInterval(forward.total, forward.standardError, forward.biasBound);
  if (reverse.run) {
    if (!std::isfinite(reverse.standardError) || !std::isfinite(reverse.biasBound)) return {kNaN, kNaN};
    return {reverse.total - kIntervalZ * reverse.standardError - reverse.biasBound,
            reverse.total + kIntervalZ * reverse.standardError};
  }
  return {kNaN, kNaN};
}

}  // namespace topiceval
