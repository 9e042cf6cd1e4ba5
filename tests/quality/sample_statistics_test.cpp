// SPDX-License-Identifier: Apache-2.0
// The one sample mean and standard deviation every spread of runs, pairs and replicates uses.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "native/quality/sample_statistics.hpp"

namespace topiceval::quality {
namespace {

TEST(SampleStatistics, DividesTheSquaredDeviationsByNMinusOne) {
  const std::vector<double> values{2, 4, 4, 4, 5, 5, 7, 9};
  EXPECT_DOUBLE_EQ(sampleMean(values), 5.0);
  // Squared deviations 9+1+1+1+0+0+4+16 = 32 over 7 (the population's would be over 8).
  EXPECT_DOUBLE_EQ(sampleStandardDeviation(values), std::sqrt(32.0 / 7.0));
}

TEST(SampleStatistics, KeepsASmallSpreadBesideALargeMean) {
  // Sum of squares minus n mean^2 loses every digit of this spread; deviations from the mean keep it.
  const std::vector<double> values{1e9 + 1, 1e9 + 2, 1e9 + 3};
  EXPECT_DOUBLE_EQ(sampleStandardDeviation(values), 1.0);
}

TEST(SampleStatistics, FewerThanTwoValuesHaveNoSpread) {
  EXPECT_TRUE(std::isnan(sampleStandardDeviation(std::vector<double>{})));
  EXPECT_TRUE(std::isnan(sampleStandardDeviation(std::vector<double>{3.0})));
  EXPECT_TRUE(std::isnan(sampleMean(std::vector<double>{})));
  EXPECT_DOUBLE_EQ(sampleMean(std::vector<double>{3.0}), 3.0);
}

}  // namespace
}  // namespace topiceval::quality
