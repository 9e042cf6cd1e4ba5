// SPDX-License-Identifier: Apache-2.0
// Greene et al. (2014)'s agreement between two runs, against values worked by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
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

// The definition itself: every prefix's intersection counted from scratch (t^2 steps and more).
double averageJaccardByPrefixes(const std::vector<int>& a, const std::vector<int>& b) {
  const std::size_t depth = std::min(a.size(), b.size());
  if (depth == 0) return 0.0;
  std::set<int> prefixA, prefixB;
  double sum = 0.0;
  for (std::size_t d = 0; d < depth; ++d) {
    prefixA.insert(a[d]);
    prefixB.insert(b[d]);
    std::size_t shared = 0;
    for (const int word : prefixA) shared += prefixB.count(word);
    sum += static_cast<double>(shared) / static_cast<double>(prefixA.size() + prefixB.size() - shared);
  }
  return sum / static_cast<double>(depth);
}

TEST(AverageJaccard, OnePassGivesTheBitsOfIntersectingEveryPrefix) {
  // Random rankings over few words (so that they share many, and repeat some), of unequal lengths.
  std::mt19937 generator(56);
  for (int trial = 0; trial < 300; ++trial) {
    std::uniform_int_distribution<int> length(0, 40), word(0, 30);
    std::vector<int> a(static_cast<std::size_t>(length(generator))), b(static_cast<std::size_t>(length(generator)));
    for (int& w : a) w = word(generator);
    for (int& w : b) w = word(generator);
    EXPECT_EQ(averageJaccard(a, b), averageJaccardByPrefixes(a, b)) << "trial " << trial;
    // runAgreement's table of word positions gives the same.
    EXPECT_EQ(runAgreement({a}, {b}).agreement, averageJaccardByPrefixes(a, b)) << "trial " << trial;
  }
}

TEST(RunAgreement, WalksEachPairOfTopicsOnceToItsDepth) {
  // Two runs of 3 topics ranked by 2,000 words each: 3 x 3 pairs of 2,000 positions, the steps select prices
  // (stabilityWork) before it starts; linear in the words where intersecting every prefix is quadratic.
  std::vector<std::vector<int>> a(3), b(3);
  for (std::size_t k = 0; k < 3; ++k) {
    for (int w = 0; w < 2000; ++w) {
      a[k].push_back((w * 7 + static_cast<int>(k)) % 2000);
      b[k].push_back((w * 11 + static_cast<int>(k) * 3) % 2000);
    }
  }
  const RunAgreement agreement = runAgreement(a, b);
  EXPECT_EQ(agreement.steps, 3u * 3u * 2000u);
  EXPECT_EQ(stabilityWork(2, 3, 2000), 3.0 * 3.0 * 2000.0);
  EXPECT_EQ(stabilityWork(4, 3, 2000), 6.0 * 3.0 * 3.0 * 2000.0);  // every pair of four runs
  for (std::size_t k = 0; k < 3; ++k)
    EXPECT_EQ(agreement.perTopic[k], averageJaccardByPrefixes(a[k], b[static_cast<std::size_t>(agreement.match[k])]));
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
