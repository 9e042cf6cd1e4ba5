// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <span>

namespace topiceval::quality {

// The arithmetic mean, summed in order (NaN when empty).
double sampleMean(std::span<const double> values);

// The sample standard deviation (n - 1 in the denominator, two passes: the
// deviations from the mean, not sum-of-squares minus n mean^2, which cancels
// badly when the spread is small beside the mean). NaN with fewer than two
// values. Every spread of runs, pairs or replicates kept in memory is this
// one; a second copy drifts.
double sampleStandardDeviation(std::span<const double> values);

}  // namespace topiceval::quality
