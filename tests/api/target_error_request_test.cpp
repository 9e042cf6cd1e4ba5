// SPDX-License-Identifier: Apache-2.0
// A target error asked of the library (EvaluateRequest::targetError,
// SelectRequest::targetError): each document's budget reported, settings that
// conflict with it refused, and select ranking models under it. The estimator
// side is tests/estimators/target_error_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <string>

#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/select.hpp"
#include "support/fixtures.hpp"

namespace topiceval {
namespace {


TEST(TargetError, TheLibraryReportsEachDocumentsBudgetAndRefusesConflicts) {
  EvaluateRequest request;
  request.model = testing::fixtureFile("debian-k100", "inferencer.mallet");
  request.documents = testing::fixtureFile("debian-k100", "test.mallet");
  request.documentSelection = "0-59";
  request.targetError = 0.02;
  request.threads = 2;
  const EvaluateResult result = evaluate(request);
  ASSERT_TRUE(result.target.has_value());
  std::size_t levelled = 0;
  for (const auto& level : result.target->levels) levelled += level.documents;
  EXPECT_EQ(levelled, 60u);
  for (const DocumentEstimate& document : result.documents) {
    EXPECT_GE(document.budget, 32);
    EXPECT_GE(document.runs, 4);
    EXPECT_FALSE(document.aboveTarget);
  }
  // The corpus's error and bias bound per token, each asked within half the
  // target; the pilot of 60 documents may fall a little short, which the
  // summary then says.
  const double bias = result.logMeanBias / static_cast<double>(result.scoredTokens);
  EXPECT_LE(result.perTokenStandardError, 0.01);
  EXPECT_LE(bias, 0.015);
  EXPECT_EQ(result.target->totalMissed, bias > 0.01) << result.target->summary;
  EXPECT_EQ(result.target->summary.find("above the target") != std::string::npos, result.target->totalMissed);
  EXPECT_NE(result.target->summary.find("target error 0.02 nats per token (the corpus's): a pilot at particles 32 x 4 "
                                        "runs"),
            std::string::npos)
      << result.target->summary;
  EXPECT_NE(result.errorStatement.find("runs and budget it needed"), std::string::npos);

  request.checkConvergence = true;
  try {
    (void)evaluate(request);
    FAIL() << "target error with check-convergence accepted";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("targetError and checkConvergence each choose the budget"),
              std::string::npos)
        << error.what();
  }
  request.checkConvergence = false;
  request.estimator = "filtering";
  EXPECT_THROW(evaluate(request), Error);
}

// select takes the same options: each model's documents get their budgets.
TEST(TargetError, SelectRanksModelsUnderATargetError) {
  SelectRequest request;
  request.models = {testing::fixtureFile("stackexchange", "inferencer.mallet"), testing::fixtureFile("stackexchange", "state.gz")};
  request.documents = testing::fixtureFile("stackexchange", "test.mallet");
  request.documentSelection = "0-39";
  request.coherenceMeasure = "none";
  request.threads = 2;
  request.targetError = 0.02;
  const SelectResult result = select(request);
  ASSERT_EQ(result.models.size(), 2u);
  EXPECT_NE(result.estimatorDescription.find("each document's budget by the target error"), std::string::npos)
      << result.estimatorDescription;
  for (const RankedModel& model : result.models) {
    EXPECT_LE(model.perTokenStandardError, 0.01) << model.model.path;
    EXPECT_TRUE(std::isfinite(model.total));
  }
  request.runs = 1;
  EXPECT_THROW(select(request), Error);
}

}  // namespace
}  // namespace topiceval
