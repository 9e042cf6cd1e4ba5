// SPDX-License-Identifier: Apache-2.0
// A target error instead of a fixed budget (native/estimators/target_error.hpp),
// and resample-move's bounded rejuvenation on documents longer than its bound:
// on tiny models with exact likelihoods (the library's requests with a target
// error: tests/api/target_error_request_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/target_error.hpp"
#include "native/model/scoring_model.hpp"
#include "native/runtime/setting_error.hpp"
#include "support/tiny_models.hpp"

namespace topiceval {
namespace {

using testing::exactLogLikelihood;
using testing::tinyDocuments;
using testing::tinyModel;

struct Tiny {
  TopicModel model = tinyModel(4, 20, 4);
  DocumentCollection documents = tinyDocuments(20, 12, 4, 40, 505);
  ScoringModel scoring{model, UnseenWords::Skip, documents};
  std::vector<double> exact() const {
    std::vector<double> values;
    for (std::size_t d = 0; d < documents.size(); ++d)
      values.push_back(exactLogLikelihood(
          documents.document(d), scoring.alpha(), [&](int32_t type, int k) { return scoring.phi(type, k); },
          [&](int32_t type) { return scoring.scored(type); }));
    return values;
  }
};

EvaluationOptions fourRuns(uint64_t seed = 1) {
  EvaluationOptions options;
  options.runs = 4;
  options.seed = seed;
  options.threads = 2;
  return options;
}

TEST(TargetError, TheCorpusMeetsAPerTokenTargetWithBudgetsThatDiffer) {
  const Tiny tiny;
  TargetErrorOptions target;
  target.perToken = 0.002;
  const TargetErrorReport report =
      evaluateToTarget({"resample-move", {}}, tiny.scoring, tiny.documents, fourRuns(), target);
  EXPECT_EQ(report.budgetSetting, "particles");
  EXPECT_EQ(report.startBudget, 32);  // a quarter of resample-move's default of 128
  EXPECT_EQ(report.largestBudget, 2048);  // 16 times it
  EXPECT_EQ(report.rounds, 2u);
  // V = min(E N, (E N / 2)^2): the bias bound V / 2 and the error sqrt(V) each within E / 2 per token.
  const auto tokens = static_cast<double>(report.result.scoredTokens);
  EXPECT_DOUBLE_EQ(report.totalVariance, std::min(0.002 * tokens, 0.001 * tokens * 0.001 * tokens));
  const double variance = report.result.totalStandardError * report.result.totalStandardError;
  EXPECT_FALSE(report.totalMissed);
  EXPECT_LE(variance, report.totalVariance);
  std::set<int64_t> budgets(report.budgets.begin(), report.budgets.end());
  EXPECT_GT(budgets.size(), 1u);  // not one budget for all
  uint64_t updates = 0;
  for (std::size_t d = 0; d < tiny.documents.size(); ++d) {
    const DocumentResult& document = report.result.documents[d];
    EXPECT_FALSE(report.missed[d]);  // no per-document target
    EXPECT_EQ(document.runLogLikelihoods.size(), static_cast<std::size_t>(report.runs[d]));
    updates += document.siteUpdates;
  }
  EXPECT_EQ(updates, report.result.siteUpdates);  // both rounds
}

TEST(TargetError, EachDocumentMeetsAPerDocumentTargetOrIsFlagged) {
  const Tiny tiny;
  TargetErrorOptions target;
  target.perDocument = 0.1;
  const TargetErrorReport report =
      evaluateToTarget({"resample-move", {}}, tiny.scoring, tiny.documents, fourRuns(), target);
  std::size_t raised = 0;
  for (std::size_t d = 0; d < tiny.documents.size(); ++d) {
    const DocumentResult& document = report.result.documents[d];
    const double goal = report.documentTarget(document.scoredTokens);
    EXPECT_DOUBLE_EQ(goal, document.scoredTokens == 0 ? std::numeric_limits<double>::infinity()
                                                       : std::min(0.1, std::sqrt(0.05)));
    EXPECT_EQ(report.missed[d], !(document.standardError <= goal)) << "document " << d;
    raised += report.budgets[d] > report.startBudget;
  }
  EXPECT_GT(raised, 0u);
  // The pilot seldom misjudges (twice the budget it asks for).
  EXPECT_LE(std::count(report.missed.begin(), report.missed.end(), true), 3);
}

TEST(TargetError, ALooseTargetKeepsTheStartBudgetAndReportsFreshRuns) {
  const Tiny tiny;
  TargetErrorOptions target;
  target.perDocument = 1e6;
  const TargetErrorReport report =
      evaluateToTarget({"resample-move", {{"particles", "8"}}}, tiny.scoring, tiny.documents, fourRuns(), target);
  EXPECT_EQ(report.startBudget, 8);  // the setting given
  auto plain = makeEstimator({"resample-move", {{"particles", "8"}}}, tiny.scoring);
  const EvaluationResult direct = evaluateDocuments(*plain, tiny.scoring, tiny.documents, fourRuns());
  for (std::size_t d = 0; d < tiny.documents.size(); ++d) {
    // A heavy-tailed pilot asks for 4 times the budget whatever the target.
    if (direct.documents[d].heavyTailed()) continue;
    EXPECT_EQ(report.budgets[d], 8);
    EXPECT_EQ(report.runs[d], 4);
    // The reported round is not the pilot (the plain evaluation's runs)...
    EXPECT_NE(report.result.documents[d].runLogLikelihoods, direct.documents[d].runLogLikelihoods);
    // ...and costs as much again.
    EXPECT_EQ(report.result.documents[d].siteUpdates, 2 * direct.documents[d].siteUpdates);
  }
}

TEST(TargetError, CapsStopTheBudgetAndFlagTheDocuments) {
  const Tiny tiny;
  TargetErrorOptions target;
  target.perDocument = 1e-6;  // unreachable
  target.largestBudget = 8;
  target.largestRuns = 8;
  const TargetErrorReport report =
      evaluateToTarget({"resample-move", {{"particles", "4"}}}, tiny.scoring, tiny.documents, fourRuns(), target);
  for (std::size_t d = 0; d < tiny.documents.size(); ++d) {
    EXPECT_TRUE(report.missed[d]);
    EXPECT_EQ(report.budgets[d], 8);
    EXPECT_EQ(report.runs[d], 8);
  }
}

// The estimate under a target is the estimator's at the budget its pilot
// chose, on fresh streams. On the exact models its errors must cover the
// truth as a fixed budget's do with the same 4 runs (about 87%: a standard
// error from 4 values spreads as Student's t with 3 degrees of freedom), and
// the log of the mean must sit low by no more than se^2 / 2.
TEST(TargetError, ErrorsStayCalibratedOnExactModels) {
  const Tiny tiny;
  const std::vector<double> exact = tiny.exact();
  TargetErrorOptions target;
  target.perDocument = 0.3;
  auto fixed = makeEstimator({"resample-move", {{"particles", "16"}}}, tiny.scoring);
  int inside = 0, insideFixed = 0, cases = 0;
  double bias = 0.0, squaredErrors = 0.0;
  for (uint64_t seed = 1; seed <= 80; ++seed) {
    const TargetErrorReport report =
        evaluateToTarget({"resample-move", {{"particles", "2"}}}, tiny.scoring, tiny.documents, fourRuns(seed), target);
    const EvaluationResult plain = evaluateDocuments(*fixed, tiny.scoring, tiny.documents, fourRuns(seed));
    for (std::size_t d = 0; d < tiny.documents.size(); ++d) {
      const DocumentResult& document = report.result.documents[d];
      if (document.scoredTokens == 0) continue;
      inside += std::fabs(document.logLikelihood - exact[d]) <= 2.0 * document.standardError;
      insideFixed += std::fabs(plain.documents[d].logLikelihood - exact[d]) <= 2.0 * plain.documents[d].standardError;
      bias += document.logLikelihood - exact[d];
      squaredErrors += document.standardError * document.standardError;
      ++cases;
    }
  }
  const double fraction = static_cast<double>(inside) / cases;
  const double fixedFraction = static_cast<double>(insideFixed) / cases;
  std::printf("target 0.3 nats per document: %.1f%% within two errors (16 particles fixed: %.1f%%), mean bias %+.4f "
              "nats, mean se^2 / 2 %.4f\n",
              100 * fraction, 100 * fixedFraction, bias / cases, squaredErrors / cases / 2);
  EXPECT_GE(fraction, fixedFraction - 0.03);
  EXPECT_GE(fraction, 0.82);
  EXPECT_LE(fraction, 0.99);
  EXPECT_LT(bias / cases, 0.02);
  EXPECT_GT(bias / cases, -squaredErrors / cases / 2);
}

TEST(TargetError, SettingsThatCannotApplyAreRefused) {
  const Tiny tiny;
  TargetErrorOptions target;
  target.perToken = 0.01;
  EXPECT_THROW(evaluateToTarget({"filtering", {}}, tiny.scoring, tiny.documents, fourRuns(), target), SettingError);
  EvaluationOptions once = fourRuns();
  once.runs = 1;
  EXPECT_THROW(evaluateToTarget({"resample-move", {}}, tiny.scoring, tiny.documents, once, target), SettingError);
  EXPECT_THROW(evaluateToTarget({"resample-move", {}}, tiny.scoring, tiny.documents, fourRuns(), {}), SettingError);
}

// log p(w) of a two-topic model by a dynamic program over the count of topic
// 0 (any length: tiny_models.hpp's keys hold counts below 64).
double exactTwoTopics(std::span<const int32_t> document, const ScoringModel& scoring) {
  const double a0 = scoring.alpha()[0], a1 = scoring.alpha()[1];
  std::vector<double> states{1.0};  // by count of topic 0 among the n tokens so far
  double logScale = 0.0;
  std::size_t n = 0;
  for (const int32_t type : document) {
    if (!scoring.scored(type)) continue;
    std::vector<double> next(n + 2, 0.0);
    for (std::size_t c = 0; c <= n; ++c) {
      const double denominator = a0 + a1 + static_cast<double>(n);
      next[c + 1] += states[c] * (a0 + static_cast<double>(c)) / denominator * scoring.phi(type, 0);
      next[c] += states[c] * (a1 + static_cast<double>(n - c)) / denominator * scoring.phi(type, 1);
    }
    double largest = 0.0;
    for (const double value : next) largest = std::max(largest, value);
    for (double& value : next) value /= largest;
    logScale += std::log(largest);
    states = std::move(next);
    ++n;
  }
  double total = 0.0;
  for (const double value : states) total += value;
  return logScale + std::log(total);
}

// Bounded rejuvenation on documents longer than its bound: far fewer site
// updates than full sweeps, and the exact likelihood within the errors.
TEST(BoundedRejuvenation, LongDocumentsCostLinearTimeAndStayUnbiased) {
  const TopicModel model = tinyModel(2, 20, 7);
  const DocumentCollection documents = tinyDocuments(20, 4, 300, 400, 606);
  const ScoringModel scoring(model, UnseenWords::Skip, documents);
  std::vector<double> exact;
  for (std::size_t d = 0; d < documents.size(); ++d) exact.push_back(exactTwoTopics(documents.document(d), scoring));
  EvaluationOptions options = fourRuns();
  options.runs = 8;
  auto full = makeEstimator({"resample-move", {{"particles", "16"}, {"sweep-sites", "0"}}}, scoring);
  auto bounded = makeEstimator({"resample-move", {{"particles", "16"}, {"sweep-sites", "32"}}}, scoring);
  const EvaluationResult sweeps = evaluateDocuments(*full, scoring, documents, options);
  const EvaluationResult sites = evaluateDocuments(*bounded, scoring, documents, options);
  EXPECT_LT(sites.siteUpdates * 5, sweeps.siteUpdates);
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const DocumentResult& document = sites.documents[d];
    EXPECT_NEAR(document.logLikelihood, exact[d], 4.0 * document.standardError + 0.05) << "document " << d;
    // Each run's cost: 16 particles x (sum over positions of min(s, 32) + one per position).
    const uint64_t n = document.scoredTokens;
    const uint64_t perParticle = 32 * 33 / 2 + (n - 33) * 32 + n;
    EXPECT_EQ(document.siteUpdates, 8 * 16 * perParticle) << "document " << d;
  }
}

}  // namespace
}  // namespace topiceval
