// SPDX-License-Identifier: Apache-2.0
// select's stability across seeds: models given with one K grouped as runs,
// Greene et al.'s agreement among them and the likelihood's spread between
// seeds, against values worked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "native/api/seed_stability.hpp"
#include "topiceval/select.hpp"

namespace topiceval {
namespace {

RankedModel ranked(const std::string& path, int topics, double perToken, double error) {
  RankedModel model;
  model.model.path = path;
  model.model.topics = topics;
  model.perToken = perToken;
  model.perTokenStandardError = error;
  return model;
}

detail::TopicRankings named(std::vector<std::vector<int>> ids, std::vector<std::vector<std::string>> words) {
  return {std::move(ids), std::move(words)};
}

TEST(SeedGroups, GroupRunsByKWithTheirAgreementAndSpreadBetweenSeeds) {
  // K = 2 three times, K = 3 and K = 4 twice each, K = 5 once; given out of order.
  const std::vector<RankedModel> models{
      ranked("k3-a", 3, -6.5, 0.01),  ranked("k2-a", 2, -7.0, 0.03), ranked("k5", 5, -6.0, 0.01),
      ranked("k2-b", 2, -7.2, 0.04),  ranked("k4-a", 4, -6.52, 0.0), ranked("k3-b", 3, -6.7, 0.01),
      ranked("k2-c", 2, -7.4, 0.05), ranked("k4-b", 4, -6.28, 0.0)};
  // k2-b has other type indices for the same words: runs are compared by word. Its topics are k2-a's swapped
  // and changed (7/9 and 5/6 against k2-a's); k2-c is k2-a.
  const auto same3 = named({{0}, {1}, {2}}, {{"a"}, {"b"}, {"c"}});
  const auto same4 = named({{0}, {1}, {2}, {3}}, {{"a"}, {"b"}, {"c"}, {"d"}});
  const auto k2a = named({{0, 1, 2}, {3, 4, 5}}, {{"p", "q", "r"}, {"s", "t", "u"}});
  const std::vector<detail::TopicRankings> rankings{
      same3, k2a, named({{0}}, {{"a"}}), named({{10, 11, 12}, {13, 14, 15}}, {{"s", "t", "v"}, {"p", "r", "q"}}),
      same4, same3, k2a, same4};
  const std::vector<SeedGroup> groups = detail::seedGroups(models, rankings);
  ASSERT_EQ(groups.size(), 3u);
  const SeedGroup& k2 = groups[0];
  EXPECT_EQ(k2.topics, 2);
  EXPECT_EQ(k2.runs, (std::vector<std::string>{"k2-a", "k2-b", "k2-c"}));
  ASSERT_EQ(k2.pairs.size(), 3u);
  EXPECT_DOUBLE_EQ(k2.pairs[0].agreement, 29.0 / 36.0);
  EXPECT_DOUBLE_EQ(k2.pairs[1].agreement, 1.0);
  EXPECT_DOUBLE_EQ(k2.agreement, 47.0 / 54.0);
  EXPECT_DOUBLE_EQ(k2.agreementSd, std::sqrt(147.0) / 108.0);
  EXPECT_DOUBLE_EQ(k2.agreementMin, 29.0 / 36.0);
  EXPECT_DOUBLE_EQ(k2.agreementMax, 1.0);
  EXPECT_DOUBLE_EQ(k2.topicAgreement[1][0], 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(k2.topicAgreement[0][0], 8.0 / 9.0);
  // -7.0, -7.2, -7.4: mean -7.2, sample sd 0.2; within run sqrt((0.03^2 + 0.04^2 + 0.05^2) / 3).
  EXPECT_NEAR(k2.perToken, -7.2, 1e-14);
  EXPECT_NEAR(k2.perTokenSpread, 0.2, 1e-14);
  EXPECT_NEAR(k2.perTokenError, std::sqrt(0.005 / 3.0), 1e-15);
  // K = 3: -6.5, -6.7 (sd sqrt(0.02)); the difference 0.6 against sqrt(0.04/3 + 0.02/2) = 0.1528: exceeds twice it.
  EXPECT_EQ(k2.nextTopics, 3);
  EXPECT_NEAR(k2.differenceToNext, 0.6, 1e-14);
  EXPECT_NEAR(k2.differenceToNextError, std::sqrt(0.04 / 3.0 + 0.02 / 2.0), 1e-14);
  EXPECT_TRUE(k2.exceedsRetraining);
  const SeedGroup& k3 = groups[1];
  EXPECT_EQ(k3.runs, (std::vector<std::string>{"k3-a", "k3-b"}));
  EXPECT_DOUBLE_EQ(k3.agreement, 1.0);
  EXPECT_TRUE(std::isnan(k3.agreementSd)) << "one pair shows no spread";
  EXPECT_NEAR(k3.perTokenSpread, std::sqrt(0.02), 1e-14);
  // K = 4: -6.52, -6.28 (mean -6.4, sd 0.12 sqrt(2)); 0.2 from K = 3 against sqrt(0.02/2 + 0.0288/2) = 0.1562:
  // more than one error, less than two: within.
  EXPECT_EQ(k3.nextTopics, 4);
  EXPECT_NEAR(k3.differenceToNext, 0.2, 1e-14);
  EXPECT_NEAR(k3.differenceToNextError, std::sqrt(0.0244), 1e-14);
  EXPECT_FALSE(k3.exceedsRetraining);
  const SeedGroup& k4 = groups[2];
  EXPECT_EQ(k4.topics, 4);
  EXPECT_NEAR(k4.perToken, -6.4, 1e-14);
  EXPECT_NEAR(k4.perTokenSpread, 0.12 * std::sqrt(2.0), 1e-14);
  EXPECT_EQ(k4.perTokenError, 0.0);
  EXPECT_EQ(k4.nextTopics, 0) << "K = 5 was given once: no spread to compare with";
  EXPECT_TRUE(std::isnan(k4.differenceToNext));
  EXPECT_FALSE(k4.exceedsRetraining);
}

TEST(SeedGroups, RunsWithoutWordsAreComparedByTypeIndex) {
  const std::vector<RankedModel> models{ranked("a", 1, -7.0, 0.1), ranked("b", 1, -7.0, 0.1)};
  const std::vector<SeedGroup> groups =
      detail::seedGroups(models, {named({{1, 2}}, {}), named({{2, 1}}, {{"x", "y"}})});
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_DOUBLE_EQ(groups[0].agreement, 0.5);  // {1} vs {2}: 0; {1,2} vs {2,1}: 1
  EXPECT_EQ(groups[0].perTokenSpread, 0.0);
}

// Two words' counts per topic make its top three words: run b is run a with its topics swapped (agreement 1),
// run c changes the order of topic 0's second and third words (7/9 for that topic).
Model counted(const std::vector<std::vector<int64_t>>& topics) {
  std::vector<int64_t> counts;
  for (const auto& topic : topics) counts.insert(counts.end(), topic.begin(), topic.end());
  return Model::fromCounts(counts, 6, std::vector<double>(topics.size(), 0.5), 0.01)
      .withWords({"w0", "w1", "w2", "w3", "w4", "w5"});
}

TEST(SeedGroups, SelectReportsTheAgreementOfTheModelsItIsGiven) {
  SelectRequest request;
  request.models = {counted({{30, 20, 10, 0, 0, 0}, {0, 0, 0, 30, 20, 10}}),
                    counted({{0, 0, 0, 30, 20, 10}, {30, 20, 10, 0, 0, 0}}),
                    counted({{30, 10, 20, 0, 0, 0}, {0, 0, 0, 30, 20, 10}}),
                    counted({{60, 40, 20, 60, 40, 20}})};
  request.documents = Documents::fromIds({{0, 1, 2, 0}, {3, 4, 5, 3}, {0, 3, 1, 4}});
  request.coherenceMeasure = "none";
  request.stabilityWords = 3;
  const SelectResult result = select(request);
  EXPECT_EQ(result.stabilityWords, 3);
  ASSERT_EQ(result.seedGroups.size(), 1u) << "K = 1 was given once";
  const SeedGroup& group = result.seedGroups[0];
  EXPECT_EQ(group.runs, (std::vector<std::string>{"model 1", "model 2", "model 3"}));
  // Pairs a-b 1, a-c (7/9 + 1) / 2, b-c the same: the mean 25/27.
  EXPECT_DOUBLE_EQ(group.pairs[0].agreement, 1.0);
  EXPECT_DOUBLE_EQ(group.pairs[1].agreement, 8.0 / 9.0);
  EXPECT_DOUBLE_EQ(group.pairs[2].agreement, 8.0 / 9.0);
  EXPECT_DOUBLE_EQ(group.agreement, 25.0 / 27.0);
  EXPECT_DOUBLE_EQ(group.topicAgreement[2][0], 7.0 / 9.0);
  // The likelihood's figures are the runs' own, as ranked.
  std::vector<double> perToken;
  for (const std::string& run : group.runs) {
    for (const RankedModel& model : result.models)
      if (model.model.path == run) perToken.push_back(model.perToken);
  }
  ASSERT_EQ(perToken.size(), 3u);
  const double mean = (perToken[0] + perToken[1] + perToken[2]) / 3.0;
  EXPECT_NEAR(group.perToken, mean, 1e-12);
  double squares = 0.0;
  for (const double value : perToken) squares += (value - mean) * (value - mean);
  EXPECT_NEAR(group.perTokenSpread, std::sqrt(squares / 2.0), 1e-12);
}

}  // namespace
}  // namespace topiceval
