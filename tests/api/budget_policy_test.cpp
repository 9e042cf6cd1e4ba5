// SPDX-License-Identifier: Apache-2.0
// The default budget policy (EvaluateRequest::budgetPolicy, BiasBound): every
// document at today's budget, then grown only where its log-mean bias bound is
// above its share, until the corpus's bias bound is within its error or the
// cap stops it (reported); BudgetPolicy::Fixed gives earlier releases' bits.
// The estimator side is native/estimators/target_error.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "topiceval/evaluate.hpp"
#include "support/fixtures.hpp"

namespace topiceval {
namespace {


// 20 short Debian descriptions at the default budget (64 particles, 4 runs):
// the corpus's bias bound starts above 2 nats (2.9), so some documents grow
// (6: the heavy-tailed and those above their share) and most do not.
EvaluateRequest debianRequest() {
  EvaluateRequest request;
  request.model = testing::fixtureFile("debian-k100", "inferencer.mallet");
  request.documents = testing::fixtureFile("debian-k100", "test.mallet");
  request.documentSelection = "0-19";
  request.threads = 2;
  return request;
}

double sumOfSquaredErrors(const EvaluateResult& result) {
  double sum = 0.0;
  for (const DocumentEstimate& document : result.documents) sum += document.standardError * document.standardError;
  return sum;
}

bool hasWarning(const EvaluateResult& result, const std::string& kind) {
  return std::any_of(result.warnings.begin(), result.warnings.end(),
                     [&](const Warning& warning) { return warning.kind == kind; });
}

TEST(BudgetPolicy, TheDefaultGrowsOnlyTheDocumentsAboveTheirShare) {
  EvaluateRequest request = debianRequest();
  request.budgetPolicy = BudgetPolicy::Fixed;
  const EvaluateResult fixed = evaluate(request);
  ASSERT_FALSE(fixed.target.has_value());
  // Today's estimates are the first round's: the corpus's bias bound above
  // 2 nats (the sum of squared errors above 4), so the documents above their
  // share by tokens grow, and the heavy-tailed ones.
  ASSERT_GT(sumOfSquaredErrors(fixed) / 2.0, 2.0);
  std::vector<bool> expected(fixed.documents.size());
  std::size_t expectedCount = 0;
  for (std::size_t d = 0; d < fixed.documents.size(); ++d) {
    const DocumentEstimate& document = fixed.documents[d];
    const double share = 2.0 * static_cast<double>(document.scoredTokens) / static_cast<double>(fixed.scoredTokens);
    expected[d] = document.heavyTailed ||
                  (document.scoredTokens > 0 && document.standardError * document.standardError / 2.0 > share);
    expectedCount += expected[d];
  }
  ASSERT_GT(expectedCount, 0u);
  ASSERT_LT(expectedCount, fixed.documents.size() / 2);

  const EvaluateResult grown = evaluate(debianRequest());
  ASSERT_TRUE(grown.target.has_value());
  EXPECT_TRUE(grown.target->biasBound);
  EXPECT_EQ(grown.target->startBudget, 64);
  EXPECT_EQ(grown.target->largestBudget, 256);  // kBiasBoundCapFactor times the start
  EXPECT_EQ(grown.target->grownDocuments, expectedCount);
  ASSERT_EQ(grown.documents.size(), fixed.documents.size());
  for (std::size_t d = 0; d < fixed.documents.size(); ++d) {
    const DocumentEstimate& before = fixed.documents[d];
    const DocumentEstimate& after = grown.documents[d];
    if (expected[d]) {
      EXPECT_GE(after.budget, 128) << d;
      EXPECT_GT(after.siteUpdates, before.siteUpdates) << d;
    } else {  // kept: today's estimate, bit for bit
      EXPECT_EQ(after.budget, 64) << d;
      EXPECT_EQ(after.logLikelihood, before.logLikelihood) << d;
      EXPECT_EQ(after.standardError, before.standardError) << d;
      EXPECT_EQ(after.siteUpdates, before.siteUpdates) << d;
    }
  }
  EXPECT_GT(grown.siteUpdates, fixed.siteUpdates);
}

TEST(BudgetPolicy, TheCorpusBiasBoundEndsWithinTheErrorUnlessTheCapIsReported) {
  const EvaluateResult within = evaluate(debianRequest());
  ASSERT_TRUE(within.target.has_value());
  EXPECT_FALSE(within.target->totalMissed) << within.target->summary;
  EXPECT_EQ(within.target->cappedDocuments, 0u);
  EXPECT_LE(within.logMeanBias, within.totalStandardError);
  EXPECT_FALSE(hasWarning(within, "budget-capped"));
  EXPECT_NE(within.errorStatement.find("until the log-mean bias bound is within the statistical error"),
            std::string::npos)
      << within.errorStatement;

  EvaluateRequest request = debianRequest();
  request.budgetCap = 128;  // one doubling: not enough
  const EvaluateResult capped = evaluate(request);
  ASSERT_TRUE(capped.target.has_value());
  EXPECT_TRUE(capped.target->totalMissed) << capped.target->summary;
  EXPECT_GT(capped.target->cappedDocuments, 0u);
  EXPECT_GT(capped.logMeanBias, capped.totalStandardError);
  EXPECT_TRUE(hasWarning(capped, "budget-capped"));
  EXPECT_FALSE(hasWarning(capped, "above-target"));
  EXPECT_NE(capped.errorStatement.find("reached the cap (particles 128)"), std::string::npos) << capped.errorStatement;
  EXPECT_NE(capped.target->summary.find("raise --budget-cap"), std::string::npos) << capped.target->summary;
  for (const DocumentEstimate& document : capped.documents) EXPECT_LE(document.budget, 128);
}

// Today's default (64 particles, 4 runs) under BudgetPolicy::Fixed: the bits
// of the release before the bias-bound default, on 40 stackexchange documents.
TEST(BudgetPolicy, AFixedBudgetGivesEarlierReleasesBits) {
  EvaluateRequest request;
  request.model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  request.documents = testing::fixtureFile("stackexchange", "test.mallet");
  request.documentSelection = "0-39";
  request.threads = 2;
  request.budgetPolicy = BudgetPolicy::Fixed;
  const EvaluateResult fixed = evaluate(request);
  EXPECT_FALSE(fixed.target.has_value());
  EXPECT_EQ(fixed.total, -15513.324348005486);
  EXPECT_EQ(fixed.totalStandardError, 1.2033273566461027);
  EXPECT_EQ(fixed.siteUpdates, 20999424u);
  // Here the corpus's bias bound (0.72 nats) is already within 2 nats and no
  // document is heavy-tailed: the default grows nothing, and gives the same bits.
  request.budgetPolicy = BudgetPolicy::BiasBound;
  const EvaluateResult byDefault = evaluate(request);
  ASSERT_TRUE(byDefault.target.has_value());
  EXPECT_EQ(byDefault.target->grownDocuments, 0u);
  EXPECT_EQ(byDefault.total, fixed.total);
  EXPECT_EQ(byDefault.totalStandardError, fixed.totalStandardError);
  EXPECT_EQ(byDefault.siteUpdates, fixed.siteUpdates);
}

TEST(BudgetPolicy, GrownBudgetsGiveTheSameBitsOnAnyThreadCount) {
  EvaluateRequest request = debianRequest();
  request.threads = 1;
  const EvaluateResult one = evaluate(request);
  request.threads = 2;
  const EvaluateResult two = evaluate(request);
  ASSERT_TRUE(one.target.has_value());
  EXPECT_GT(one.target->grownDocuments, 0u);
  EXPECT_EQ(one.total, two.total);
  EXPECT_EQ(one.totalStandardError, two.totalStandardError);
  EXPECT_EQ(one.siteUpdates, two.siteUpdates);
}

// A target error and the convergence check choose the budget themselves.
TEST(BudgetPolicy, ATargetErrorOrTheConvergenceCheckTakesThePlaceOfThePolicy) {
  EvaluateRequest request = debianRequest();
  request.targetError = 0.05;
  const EvaluateResult targeted = evaluate(request);
  ASSERT_TRUE(targeted.target.has_value());
  EXPECT_FALSE(targeted.target->biasBound);
  request.targetError.reset();
  request.checkConvergence = true;
  request.maxDoublings = 1;
  const EvaluateResult checked = evaluate(request);
  EXPECT_FALSE(checked.target.has_value());
  EXPECT_TRUE(checked.convergence.has_value());
}

}  // namespace
}  // namespace topiceval
