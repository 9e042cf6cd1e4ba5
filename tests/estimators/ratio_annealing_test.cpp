// SPDX-License-Identifier: Apache-2.0
// Ratio-AIS between two tiny models whose exact likelihoods are known: the mean
// of the ratio estimates (as ratios) must be within 4 standard errors of the
// exact ratio, on both paths and in both directions; and topic alignment.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "native/estimators/ratio_annealing.hpp"
#include "native/model/topic_alignment.hpp"
#include "support/exact_scoring.hpp"
#include "support/tiny_models.hpp"

namespace topiceval {
namespace {

using testing::exactFor;
using testing::tinyDocuments;
using testing::tinyModel;

// Mean of exp(values - reference) and its standard error.
std::pair<double, double> ratioMean(const std::vector<double>& logValues, double reference) {
  double sum = 0.0, squares = 0.0;
  for (const double value : logValues) {
    const double ratio = std::exp(value - reference);
    sum += ratio;
    squares += ratio * ratio;
  }
  const auto n = static_cast<double>(logValues.size());
  const double mean = sum / n;
  return {mean, std::sqrt(std::max(0.0, squares / n - mean * mean) / (n - 1.0))};
}

struct Pair {
  int topics;
  int types;
  unsigned seedA;
  unsigned seedB;
};

class RatioAnnealing : public ::testing::TestWithParam<std::tuple<Pair, AnnealingPath>> {};

TEST_P(RatioAnnealing, MeanRatioMatchesTheExactRatioInBothDirections) {
  const auto [pair, path] = GetParam();
  const TopicModel a = tinyModel(pair.topics, pair.types, pair.seedA);
  const TopicModel b = tinyModel(pair.topics, pair.types, pair.seedB);
  const DocumentCollection documents = tinyDocuments(pair.types, 4, 3, 7, pair.seedA + pair.seedB);
  const ScoringModel scoringA(a, UnseenWords::Skip, documents);
  const ScoringModel scoringB(b, UnseenWords::Skip, documents);
  RatioAnnealingOptions options;
  options.path = path;
  options.direction = AnnealingDirection::Both;
  options.temperatures = 15;
  options.burnIn = 30;
  options.samples = 1500;
  options.seed = 11;
  const RatioResult result = estimateLogRatios(scoringA, scoringB, documents, options);
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const double exact = exactFor(scoringA, documents.document(d)) - exactFor(scoringB, documents.document(d));
    const DocumentRatio& ratio = result.documents[d];
    // Forward estimates A/B; reverse estimates B/A (stored inverted, as log A/B).
    const auto [forwardMean, forwardError] = ratioMean(ratio.forwardSamples, exact);
    EXPECT_LT(std::fabs(forwardMean - 1.0), 4.0 * forwardError)
        << describe(path) << " forward, document " << d << ": mean ratio / exact = " << forwardMean << " +- "
        << forwardError;
    std::vector<double> inverse;
    for (const double value : ratio.reverseSamples) inverse.push_back(-value);
    const auto [reverseMean, reverseError] = ratioMean(inverse, -exact);
    EXPECT_LT(std::fabs(reverseMean - 1.0), 4.0 * reverseError)
        << describe(path) << " reverse, document " << d << ": mean ratio / exact = " << reverseMean << " +- "
        << reverseError;
  }
}

INSTANTIATE_TEST_SUITE_P(TinyPairs, RatioAnnealing,
                         ::testing::Combine(::testing::Values(Pair{2, 6, 1, 2}, Pair{3, 10, 3, 4}, Pair{4, 15, 5, 6}),
                                            ::testing::Values(AnnealingPath::Geometric, AnnealingPath::Convex)),
                         [](const auto& parameter) {
                           const Pair pair = std::get<0>(parameter.param);
                           return std::string(describe(std::get<1>(parameter.param))) + "_K" +
                                  std::to_string(pair.topics) + "V" + std::to_string(pair.types);
                         });

TEST(RatioAnnealingDirections, AgreeOnAnEasyPair) {
  // B is A with a little of its counts moved: the two directions must agree.
  const TopicModel a = tinyModel(3, 12, 21);
  std::vector<int32_t> counts(12 * 3);
  for (std::size_t w = 0; w < 12; ++w)
    for (int k = 0; k < 3; ++k)
      counts[w * 3 + static_cast<std::size_t>(k)] = a.count(w, k) + (w % 5 == 0 && k == 1 ? 2 : 0);
  const TopicModel b = TopicModel::fromDenseCounts(3, a.alpha, a.beta, counts, 12);
  const DocumentCollection documents = tinyDocuments(12, 10, 5, 9, 22);
  const ScoringModel scoringA(a, UnseenWords::Skip, documents);
  const ScoringModel scoringB(b, UnseenWords::Skip, documents);
  RatioAnnealingOptions options;
  options.temperatures = 50;
  options.burnIn = 20;
  options.samples = 20;
  const RatioResult result = estimateLogRatios(scoringA, scoringB, documents, options);
  for (const DocumentRatio& document : result.documents) {
    EXPECT_NEAR(document.forward, document.reverse, 0.1);
    EXPECT_FALSE(document.directionsDisagree);
  }
  EXPECT_LT(std::fabs(result.directionsPairedStatistic), 4.0);
}

TEST(RatioAnnealingDirections, IdenticalModelsGiveZero) {
  const TopicModel a = tinyModel(3, 8, 30);
  const DocumentCollection documents = tinyDocuments(8, 3, 4, 6, 31);
  const ScoringModel scoring(a, UnseenWords::Skip, documents);
  RatioAnnealingOptions options;
  options.temperatures = 10;
  for (const auto path : {AnnealingPath::Geometric, AnnealingPath::Convex}) {
    options.path = path;
    const RatioResult result = estimateLogRatios(scoring, scoring, documents, options);
    for (const DocumentRatio& document : result.documents) {
      EXPECT_EQ(document.forward, 0.0) << describe(path);
      EXPECT_EQ(document.reverse, 0.0) << describe(path);
    }
  }
}

TEST(RatioAnnealingDirections, RefuseModelsWithDifferentTopicCounts) {
  const TopicModel a = tinyModel(3, 8, 1);
  const TopicModel b = tinyModel(4, 8, 2);
  const DocumentCollection documents = tinyDocuments(8, 2, 3, 4, 3);
  const ScoringModel scoringA(a, UnseenWords::Skip, documents);
  const ScoringModel scoringB(b, UnseenWords::Skip, documents);
  EXPECT_THROW(estimateLogRatios(scoringA, scoringB, documents, {}), std::invalid_argument);
}

TEST(TopicAlignment, SolvesAKnownAssignment) {
  // The cheapest assignment is row 0 -> 2, 1 -> 0, 2 -> 1 (cost 1 + 2 + 1).
  const std::vector<double> cost = {9, 5, 1, 2, 8, 7, 6, 1, 9};
  EXPECT_EQ(solveAssignment(cost, 3), (std::vector<int>{2, 0, 1}));
}

TEST(TopicAlignment, RecoversAPermutation) {
  const TopicModel a = tinyModel(5, 40, 8);
  const std::vector<int> shuffle = {3, 0, 4, 1, 2};  // topic k of b is topic shuffle[k] of a
  const TopicModel b = permuteTopics(a, shuffle);
  const std::vector<int> alignment = alignTopics(a, b);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(shuffle[static_cast<std::size_t>(alignment[static_cast<std::size_t>(k)])], k);
  const TopicModel aligned = permuteTopics(b, alignment);
  EXPECT_EQ(aligned.alpha, a.alpha);
  EXPECT_EQ(aligned.tokensPerTopic, a.tokensPerTopic);
  for (std::size_t w = 0; w < 40; ++w)
    for (int k = 0; k < 5; ++k) ASSERT_EQ(aligned.count(w, k), a.count(w, k));
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

TEST(LikelihoodCurve, EachModelsEstimateIsUnbiased) {
  // Three models "from one run": the curve's chain is one AIS run from the prior
  // through each model, so every point is an unbiased estimate of its p(w).
  const std::vector<TopicModel> models = {tinyModel(3, 10, 40), tinyModel(3, 10, 41), tinyModel(3, 10, 42)};
  const DocumentCollection documents = tinyDocuments(10, 3, 3, 6, 43);
  std::vector<ScoringModel> scoring;
  for (const TopicModel& model : models) scoring.emplace_back(model, UnseenWords::Skip, documents);
  std::vector<const ScoringModel*> series;
  for (const ScoringModel& model : scoring) series.push_back(&model);
  constexpr int kRuns = 1500;
  std::vector<std::vector<std::vector<double>>> values(3, std::vector<std::vector<double>>(documents.size()));
  CurveOptions options;
  options.temperatures = 20;
  options.threads = 2;
  for (int run = 0; run < kRuns; ++run) {
    options.seed = static_cast<uint64_t>(run) + 1;
    const CurveEstimates curve = estimateLikelihoodCurve(series, documents, options);
    for (std::size_t m = 0; m < 3; ++m)
      for (std::size_t d = 0; d < documents.size(); ++d) values[m][d].push_back(curve.documents[m][d]);
  }
  for (std::size_t m = 0; m < 3; ++m) {
    for (std::size_t d = 0; d < documents.size(); ++d) {
      const double exact = exactFor(scoring[m], documents.document(d));
      const auto [mean, error] = ratioMean(values[m][d], exact);
      EXPECT_LT(std::fabs(mean - 1.0), 4.0 * error)
          << "model " << m << " document " << d << ": " << mean << " +- " << error;
    }
  }
}

}  // namespace
}  // namespace topiceval
