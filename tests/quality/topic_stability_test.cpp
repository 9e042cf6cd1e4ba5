// Greene et al. (2014)'s agreement between two runs, against values worked by hand.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace topiceval::quality
