#include "topiceval/interval.hpp"

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

}  // namespace topiceval
