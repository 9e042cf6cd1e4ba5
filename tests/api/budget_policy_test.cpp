// SPDX-License-Identifier: Apache-2.0
// How evaluate chooses each document's budget (EvaluateRequest::budgetPolicy):
// the budget setting for every document by default (fixed), or more for short
// documents by their length alone (by-length); whatever grows a budget grows
// it only along settings that keep the estimator what it is, and a setting
// that would apply to nothing is refused. The estimator side is
// native/estimators/target_error.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "support/fixtures.hpp"
#include "support/setting_errors.hpp"
#include "support/tiny_models.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/model.hpp"

namespace topiceval {
namespace {

// 40 Debian descriptions (7 to 137 scored tokens) at the default budget.
EvaluateRequest debianRequest() {
  EvaluateRequest request;
  request.model = testing::fixtureFile("debian-k100", "inferencer.mallet");
  request.documents = testing::fixtureFile("debian-k100", "test.mallet");
  request.documentSelection = "0-39";
  request.threads = 2;
  return request;
}

// The resample-move cost per particle of a document of n scored tokens, as
// the estimator counts its site updates (one rejuvenation over every earlier
// position, and one update to weigh and extend, at each token).
uint64_t perParticle(uint64_t n) { return n * (n - (n > 0)) / 2 + n; }

// The setting named, and a phrase of the problem, of the SettingError a call throws.
template <class Call>
void expectRefused(Call call, const std::string& setting, const std::string& phrase) {
  const SettingError error = testing::settingErrorOf(call);
  EXPECT_EQ(error.setting(), setting) << error.what();
  EXPECT_NE(std::string(error.what()).find(phrase), std::string::npos) << error.what();
}

TEST(BudgetPolicy, TheDefaultGivesEveryDocumentTheBudgetSetting) {
  EXPECT_EQ(kDefaultBudgetPolicy, BudgetPolicy::Fixed);
  const EvaluateResult result = evaluate(debianRequest());
  EXPECT_FALSE(result.target.has_value());
  EXPECT_EQ(result.estimator.description, "resample-move, 128 particles");
  uint64_t expected = 0;
  for (const DocumentEstimate& document : result.documents) {
    EXPECT_EQ(document.siteUpdates, 128u * 4u * perParticle(document.scoredTokens)) << document.name;
    expected += document.siteUpdates;
  }
  EXPECT_EQ(result.siteUpdates, expected);
}

TEST(BudgetPolicy, ByLengthGivesShortDocumentsMoreByTheirLengthAlone) {
  EvaluateRequest request = debianRequest();
  request.budgetPolicy = BudgetPolicy::ByLength;
  const EvaluateResult byLength = evaluate(request);
  ASSERT_TRUE(byLength.target.has_value());
  EXPECT_TRUE(byLength.target->byLength);
  EXPECT_EQ(byLength.target->startBudget, 128);
  std::size_t grown = 0;
  for (const DocumentEstimate& document : byLength.documents) {
    // The largest power-of-two multiple of 128 (up to 16 times) whose cost
    // stays within that of a 32-token document, whatever the document's runs.
    const uint64_t length = document.scoredTokens + document.skippedTokens;
    int64_t expected = 128;
    while (expected * 2 <= 16 * 128 && (expected * 2) * perParticle(length) <= 128 * perParticle(32)) expected *= 2;
    EXPECT_EQ(document.budget, expected) << document.name << " (" << length << " tokens)";
    EXPECT_EQ(document.runs, 4) << document.name;
    grown += expected > 128;
  }
  EXPECT_EQ(byLength.target->grownDocuments, grown);
  EXPECT_GT(grown, 5u);
  EXPECT_LT(grown, byLength.documents.size());
  // The same request at fixed budgets: the long documents are the same bits.
  const EvaluateResult fixed = evaluate(debianRequest());
  for (std::size_t d = 0; d < fixed.documents.size(); ++d) {
    if (byLength.documents[d].budget != 128) continue;
    EXPECT_EQ(byLength.documents[d].logLikelihood, fixed.documents[d].logLikelihood) << d;
  }
  request.threads = 1;
  const EvaluateResult oneThread = evaluate(request);
  EXPECT_EQ(oneThread.total, byLength.total);
  EXPECT_EQ(oneThread.siteUpdates, byLength.siteUpdates);
}

// Left-to-right with one particle is sequential importance sampling,
// unbiased; with two or more it is MALLET's left-to-right, which is not. A
// budget policy, a target error and the convergence check all grow its runs
// instead of its particles.
TEST(BudgetPolicy, GrowthNeverTurnsOneParticleLeftToRightIntoABiasedEstimator) {
  EvaluateRequest request = debianRequest();
  request.estimator = "left-to-right";
  request.settings.particles = 1;
  request.settings.resampling = false;
  request.budgetPolicy = BudgetPolicy::ByLength;
  const EvaluateResult byLength = evaluate(request);
  ASSERT_TRUE(byLength.target.has_value());
  std::size_t grown = 0;
  for (const DocumentEstimate& document : byLength.documents) {
    EXPECT_EQ(document.budget, 1) << document.name;
    EXPECT_GE(document.runs, 4) << document.name;
    EXPECT_EQ(document.runLogLikelihoods.size(), static_cast<std::size_t>(document.runs)) << document.name;
    grown += document.runs > 4;
  }
  EXPECT_GT(grown, 0u);
  EXPECT_NE(byLength.estimator.description.find("left-to-right, 1 particle"), std::string::npos)
      << byLength.estimator.description;

  request.budgetPolicy = BudgetPolicy::Fixed;
  request.targetError = 0.05;
  const EvaluateResult targeted = evaluate(request);
  ASSERT_TRUE(targeted.target.has_value());
  for (const DocumentEstimate& document : targeted.documents) EXPECT_EQ(document.budget, 1) << document.name;
  EXPECT_GT(targeted.target->largestRuns, 4);

  request.targetError.reset();
  request.checkConvergence = true;
  request.maxDoublings = 1;
  const EvaluateResult checked = evaluate(request);
  ASSERT_TRUE(checked.convergence.has_value());
  EXPECT_EQ(checked.convergence->budgetSetting, "runs");
  EXPECT_NE(checked.estimator.description.find("1 particle"), std::string::npos) << checked.estimator.description;
}

// Every estimator, on a tiny model, under the default policy and under
// by-length: what grows is the budget setting where that keeps the estimator
// what it is, else the runs; a deterministic one has nothing to give.
// 3 topics over 12 words (counts n[k][w], alpha, beta 0.1), and 6 documents of
// 2 to 40 tokens: short enough for their exact likelihood.
struct Tiny {
  std::vector<int64_t> counts = std::vector<int64_t>(3 * 12);
  std::vector<double> alpha{0.2, 0.5, 0.3};
  std::vector<std::vector<int64_t>> ids;
  Tiny() {
    for (std::size_t i = 0; i < counts.size(); ++i) counts[i] = static_cast<int64_t>((i * 7 + 3) % 11);
    for (const int length : {2, 5, 9, 17, 30, 40}) {
      ids.emplace_back();
      for (int n = 0; n < length; ++n) ids.back().push_back((n * 5 + length) % 12);
    }
  }
  Model model() const { return Model::fromCounts(counts, 12, alpha, 0.1); }
  // log p(w) of document d, summed over every topic assignment.
  double exact(std::size_t d) const {
    std::vector<double> totals(3, 0.0);
    for (int k = 0; k < 3; ++k)
      for (int w = 0; w < 12; ++w) totals[static_cast<std::size_t>(k)] += static_cast<double>(counts[k * 12 + w]);
    std::vector<int32_t> words(ids[d].begin(), ids[d].end());
    return testing::exactLogLikelihood(
        words, alpha,
        [&](int32_t w, int k) {
          return (static_cast<double>(counts[static_cast<std::size_t>(k * 12 + w)]) + 0.1) /
                 (totals[static_cast<std::size_t>(k)] + 12 * 0.1);
        },
        [](int32_t) { return true; });
  }
};

TEST(BudgetPolicy, EveryEstimatorGrowsOnlyAlongItsOwnNature) {
  const Tiny tiny;
  const Model model = tiny.model();
  const auto& ids = tiny.ids;
  for (const std::string& name : estimatorNames()) {
    if (name == "estimated-theta" || name == "posterior-importance") continue;  // completion only; logistic-normal
    EvaluateRequest request;
    request.model = model;
    request.documents = Documents::fromIds(ids);
    request.estimator = name;
    request.threads = 2;
    // Left-to-right with one particle: the configuration whose budget cannot grow.
    const bool runsGrow = name == "left-to-right";
    if (runsGrow) request.settings.particles = 1;
    const EvaluateResult fixed = evaluate(request);
    EXPECT_FALSE(fixed.target.has_value()) << name;
    request.budgetPolicy = BudgetPolicy::ByLength;
    if (!fixed.estimator.stochastic) {
      expectRefused([&] { (void)evaluate(request); }, "budget-policy", "is deterministic");
      continue;
    }
    const EvaluateResult byLength = evaluate(request);
    ASSERT_TRUE(byLength.target.has_value()) << name;
    EXPECT_EQ(byLength.estimator.unbiased, fixed.estimator.unbiased) << name;
    std::size_t grown = 0;
    for (const DocumentEstimate& document : byLength.documents) {
      if (runsGrow) {
        EXPECT_EQ(document.budget, byLength.target->startBudget) << name << " " << document.name;
        grown += document.runs > 4;
      } else {
        EXPECT_EQ(document.runs, 4) << name << " " << document.name;
        grown += document.budget > byLength.target->startBudget;
      }
    }
    EXPECT_GT(grown, 0u) << name;
  }
}

// The estimators unbiased for p(w) stay so under every budget policy: on the
// tiny model's exact likelihoods, each document's mean of p-hat / p over 400
// runs is within 4 standard errors of 1, under the default and under
// by-length (which grows short documents' budgets, or left-to-right's runs).
TEST(BudgetPolicy, EveryUnbiasedEstimatorStaysUnbiasedOnExactLikelihoodsUnderEveryPolicy) {
  const Tiny tiny;
  std::size_t checked = 0;
  for (const std::string& name : estimatorNames()) {
    for (const BudgetPolicy policy : {BudgetPolicy::Fixed, BudgetPolicy::ByLength}) {
      EvaluateRequest request;
      request.model = tiny.model();
      request.documents = Documents::fromIds(tiny.ids);
      request.estimator = name;
      request.threads = 2;
      request.runs = 400;
      request.seed = 5;
      if (name == "left-to-right") {  // sequential importance sampling: its unbiased configuration
        request.settings.particles = 1;
        request.settings.resampling = false;
      }
      request.budgetPolicy = policy;
      EvaluateResult result;
      try {
        result = evaluate(request);
      } catch (const SettingError&) {
        continue;  // completion-only or deterministic: nothing to grow, refused by name above
      }
      if (!result.estimator.unbiased || !result.estimator.stochastic) continue;
      for (std::size_t d = 0; d < tiny.ids.size(); ++d) {
        // The documents of at most 17 tokens, which by-length grows: on the
        // 40-token one importance sampling's tail is beyond 400 runs (mean
        // 0.71 +- 0.02 under either policy), the estimator's trait and not
        // the policy's; and none whose runs the result calls heavy-tailed.
        if (tiny.ids[d].size() > 17 || result.documents[d].heavyTailed) continue;
        ++checked;
        const double exact = tiny.exact(d);
        double sum = 0.0, squares = 0.0;
        const auto& runs = result.documents[d].runLogLikelihoods;
        for (const double value : runs) {
          const double ratio = std::exp(value - exact);
          sum += ratio;
          squares += ratio * ratio;
        }
        const auto count = static_cast<double>(runs.size());
        const double mean = sum / count;
        const double error = std::sqrt(std::max(0.0, squares / count - mean * mean) / (count - 1));
        EXPECT_LT(std::fabs(mean - 1.0), 4.0 * error + 1e-12)
            << name << (policy == BudgetPolicy::ByLength ? " by-length" : " fixed") << ", document " << d
            << ": mean p-hat / p " << mean << " +- " << error << " over " << runs.size() << " runs";
      }
    }
  }
  // Six unbiased estimators, two policies, four documents.
  EXPECT_GE(checked, 40u);
}

// A setting that would apply to nothing is refused, whichever it is.
TEST(BudgetPolicy, SettingsThatApplyToNothingAreRefused) {
  EvaluateRequest request = debianRequest();
  request.budgetCap = 512;  // under the default (fixed) policy
  expectRefused([&] { (void)evaluate(request); }, "budget-cap", "applies only with");
  request.budgetCap.reset();
  request.maxRuns = 16;  // without a target error
  expectRefused([&] { (void)evaluate(request); }, "max-runs", "applies only with");
  request.maxRuns.reset();
  request.tolerance = 0.3;  // without the convergence check
  expectRefused([&] { (void)evaluate(request); }, "tolerance", "applies only with");
  request.tolerance = EvaluateRequest::kDefaultTolerance;
  request.estimator = "filtering";  // deterministic: nothing to grow
  request.budgetPolicy = BudgetPolicy::ByLength;
  expectRefused([&] { (void)evaluate(request); }, "budget-policy", "is deterministic");
  request.estimator.clear();
  request.targetError = 0.05;  // a target error chooses the budgets itself
  expectRefused([&] { (void)evaluate(request); }, "budget-policy", "choose each document's budget");
  request.budgetPolicy = BudgetPolicy::Fixed;
  request.budgetCap = 512;  // with a target error it applies
  EXPECT_NO_THROW((void)evaluate(request));
}

}  // namespace
}  // namespace topiceval
