// SPDX-License-Identifier: Apache-2.0
// Greene et al. (2014)'s agreement between two runs, against values worked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "native/quality/topic_stability.hpp"

namespace topiceval::quality {
namespace {

TEST(AverageJaccard, AveragesTheJaccardOfEveryPrefix) {
  // Depth 1: {1} vs {1} = 1; depth 2: {1,2} vs {1,3} = 1/3; depth 3: the same three words = 1.
  EXPECT_DOUBLE_EQ(averageJaccard({1, 2, 3}, {1, 3, 2}), 7.0 / 9.0);
  // 1, 1, then {4,5,6} vs {4,5,7} = 2/4.
  EXPECT_DOUBLE_EQ(averageJaccard({4, 5, 6}, {4, 5, 7}), 5.0 / 6.0);
  EXPECT_EQ(averageJaccard({1, 2}, {3, 4}), 0.0);
  // 0, then {1,2} vs {2,1} = 1: order within the prefix does not matter, only the depth it enters.
  EXPECT_DOUBLE_EQ(averageJaccard({1, 2}, {2, 1}), 0.5);
}

TEST(MaximumMatching, FindsTheLargestSumWhereGreedyDoesNot) {
  // Greedy takes 0.9 and is left with 0 + 0.5 = 1.4; the best is 0.8 + 0.8 + 0.5 = 2.1.
  const std::vector<double> similarity{0.9, 0.8, 0.0,  //
                                       0.8, 0.0, 0.0,  //
                                       0.0, 0.0, 0.5};
  EXPECT_EQ(maximumMatching(similarity, 3), (std::vector<int>{1, 0, 2}));
}

TEST(RunAgreement, MatchesTopicsAndAveragesTheirAgreement) {
  const std::vector<std::vector<int>> a{{1, 2, 3}, {4, 5, 6}}, b{{4, 5, 7}, {1, 3, 2}};
  const RunAgreement agreement = runAgreement(a, b);
  EXPECT_EQ(agreement.match, (std::vector<int>{1, 0}));
  EXPECT_DOUBLE_EQ(agreement.perTopic[0], 7.0 / 9.0);
  EXPECT_DOUBLE_EQ(agreement.perTopic[1], 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(agreement.agreement, 29.0 / 36.0);
  EXPECT_DOUBLE_EQ(runAgreement(a, a).agreement, 1.0);
}

TEST(SeedAgreement, AveragesEveryPairOfRunsAndEachTopicOverTheOtherRuns) {
  // a and c alike; b is a with its topics swapped and changed (a-b: 7/9 and 5/6, as above).
  const std::vector<std::vector<int>> a{{1, 2, 3}, {4, 5, 6}}, b{{4, 5, 7}, {1, 3, 2}}, c = a;
  const SeedAgreement agreement = seedAgreement({a, b, c});
  ASSERT_EQ(agreement.pairs.size(), 3u);
  EXPECT_EQ(agreement.pairs[0].a, 0u);
  EXPECT_EQ(agreement.pairs[0].b, 1u);
  EXPECT_DOUBLE_EQ(agreement.pairs[0].agreement, 29.0 / 36.0);
  EXPECT_EQ(agreement.pairs[1].b, 2u);
  EXPECT_DOUBLE_EQ(agreement.pairs[1].agreement, 1.0);
  EXPECT_DOUBLE_EQ(agreement.pairs[2].agreement, 29.0 / 36.0);
  // Mean (29/36 + 1 + 29/36) / 3 = 47/54; deviations -7/108, 14/108, -7/108: sd sqrt(294/2) / 108.
  EXPECT_DOUBLE_EQ(agreement.mean, 47.0 / 54.0);
  EXPECT_DOUBLE_EQ(agreement.standardDeviation, std::sqrt(147.0) / 108.0);
  EXPECT_DOUBLE_EQ(agreement.min, 29.0 / 36.0);
  EXPECT_DOUBLE_EQ(agreement.max, 1.0);
  // a's topic 0: 7/9 with b, 1 with c; b's topic 0 ({4,5,7}) is matched with a's and c's topic 1 (5/6 each).
  ASSERT_EQ(agreement.perTopic.size(), 3u);
  EXPECT_DOUBLE_EQ(agreement.perTopic[0][0], 8.0 / 9.0);
  EXPECT_DOUBLE_EQ(agreement.perTopic[0][1], 11.0 / 12.0);
  EXPECT_DOUBLE_EQ(agreement.perTopic[1][0], 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(agreement.perTopic[1][1], 7.0 / 9.0);
  EXPECT_DOUBLE_EQ(agreement.perTopic[2][0], 8.0 / 9.0);
  EXPECT_DOUBLE_EQ(agreement.perTopic[2][1], 11.0 / 12.0);
}

TEST(SeedAgreement, OnePairHasNoSpread) {
  const SeedAgreement agreement = seedAgreement({{{1, 2}}, {{2, 1}}});
  EXPECT_DOUBLE_EQ(agreement.mean, 0.5);
  EXPECT_TRUE(std::isnan(agreement.standardDeviation));
  EXPECT_DOUBLE_EQ(agreement.min, 0.5);
  EXPECT_DOUBLE_EQ(agreement.max, 0.5);
  EXPECT_THROW(seedAgreement({{{1, 2}}}), std::invalid_argument);
}

}  // namespace
}  // namespace topiceval::quality
