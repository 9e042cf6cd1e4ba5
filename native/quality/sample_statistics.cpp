// SPDX-License-Identifier: Apache-2.0
#include "native/quality/sample_statistics.hpp"

#include <cmath>
#include <limits>

namespace topiceval::quality {

double sampleMean(std::span<const double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0.0;
  for (const double value : values) sum += value;
  return sum / static_cast<double>(values.size());
}

double sampleStandardDeviation(std::span<const double> values) {
  if (values.size() < 2) return std::numeric_limits<double>::quiet_NaN();
  const double mean = sampleMean(values);
  double squares = 0.0;
  for (const double value : values) squares += (value - mean) * (value - mean);
  return std::sqrt(squares / static_cast<double>(values.size() - 1));
}

}  // namespace topiceval::quality
