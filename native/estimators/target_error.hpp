// SPDX-License-Identifier: Apache-2.0
#pragma once
// A target error instead of a fixed budget. Every document starts at a small
// budget (the estimator's budget setting: particles, temperatures or samples)
// with R runs: the pilot. Then each document is estimated again, at the
// budget the pilot says it needs, on streams of its own, and that second
// round is reported whatever its error: the pilot only chooses the budget.
// (Stopping when a round's own error is small reports rounds whose runs
// happened to agree: on the exact models that put 79% of truths within two
// errors instead of 87%, and the log of the mean sat 0.09 nats low.)
//
// Two targets. The variance of the log of a particle estimate falls about as
// 1 / budget (Del Moral 2004, chapter 9), so a document whose pilot at budget
// b0 shows variance v needs about b0 v / t^2 for an error t.
// - perToken, E: the corpus's per-token figure. Its error adds over documents
//   in quadrature, but the bias of the log of a mean of runs (up to se^2 / 2
//   per document, see EvaluateResult::logMeanBias) adds linearly, so the sum
//   of squared errors V is held to min(E N, (E N / 2)^2) for N scored tokens:
//   bias bound and error each within E / 2 per token. The budgets that reach V
//   at the least cost are proportional to sqrt(variance / cost) per unit of
//   budget (Lagrange), which spends on long and hard documents without
//   spending in proportion.
// - perDocument, T: each document's error at most min(T, sqrt(T / 2)) (the
//   bias within a quarter of T), with twice the budget the pilot asks for
//   (a pilot of 4 runs misjudges its variance); a document still above is
//   flagged.
// Each document's variance from R runs is noisy; it is shrunk towards the
// pilot's typical variance per token for its length (the geometric mean of
// the two). A heavy-tailed pilot asks for at least 4 times its budget. The
// budget is rounded up to a power-of-two multiple of the start and capped;
// beyond the cap the runs grow. The site updates reported count both rounds.

#include <cstdint>
#include <string>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/model/logistic_normal_model.hpp"

namespace topiceval {

struct TargetErrorOptions {
  double perToken = 0.0;      // the corpus's error per scored token, in nats (see above); 0: no such target
  double perDocument = 0.0;   // a document's error, in nats; 0: no such target
  // 0: the budget setting's value when the settings give it, else a quarter
  // of its default (most documents need less than the fixed default).
  int64_t startBudget = 0;
  int64_t largestBudget = 0;  // 0: 64 times the start (within the setting's range)
  int largestRuns = 0;        // 0: 4 times EvaluationOptions::runs
};

struct TargetErrorReport {
  std::string budgetSetting;  // "particles"
  std::string startDescription;  // the estimator's description at the start budget
  int64_t startBudget = 0, largestBudget = 0;
  int startRuns = 0, largestRuns = 0;
  EvaluationResult result;       // each document's second round (site updates: both rounds)
  std::vector<int64_t> budgets;  // by document: the budget of its second round
  std::vector<int> runs;         // by document: the runs of its second round
  std::vector<bool> missed;      // by document: its reported error is above its target
  std::size_t rounds = 0;
  // The target a document of `scoredTokens` tokens must meet, in nats.
  // (infinite without a per-document target).
  double documentTarget(uint64_t scoredTokens) const;
  double perToken = 0.0, perDocument = 0.0;
  // Under the per-token target: the sum of squared errors it allows, and
  // whether the documents' errors came out above it.
  double totalVariance = 0.0;
  bool totalMissed = false;
  // Under --budget-policy by-length (evaluateByLength): the documents given
  // more than the start budget (or runs).
  bool byLength = false;
  std::size_t grown = 0;
};

// --budget-policy by-length (BudgetPolicy::ByLength): budgets by document
// length alone, never by a document's own runs (a budget chosen by the runs'
// spread keeps the documents whose few runs happened to agree, and so
// understate their tail, at the small budget: the bias-bound policy of
// release 0.1 under-covered on short documents for that reason). A document
// whose cost per unit of budget (DocumentEstimator::relativeCost) is below that
// of a kByLengthTokens-token document is given the budget setting times the
// largest power of two that keeps it at most that cost, up to largestBudget
// (0: kByLengthCapFactor times the budget setting); where a larger budget
// would change the estimator (EstimatorDefinition::budgetKeepsNature), its
// runs grow instead. Short documents are cheap and their rare modes (a
// document that fits two topics about as well) need many particles: on 60
// short Debian descriptions with exact likelihoods, 1,024 particles cut the
// lognormal estimate's shortfall from 0.3 to 0.05 nats.
inline constexpr std::size_t kByLengthTokens = 32;
inline constexpr int64_t kByLengthCapFactor = 16;
TargetErrorReport evaluateByLength(const EstimatorChoice& settings, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options,
                                   int64_t largestBudget, const LogisticNormalModel* logisticNormal = nullptr);

// Under --target-error, without --budget-cap and --max-runs: the largest
// budget is this many times where it starts, and the most runs this many
// times --runs. Named here because the options' help prints them.
inline constexpr int64_t kTargetBudgetCapFactor = 64;
inline constexpr int kTargetRunsCapFactor = 4;

// SettingError(setting_names::kTargetError, ...) unless `definition` is stochastic and runs >= 2.
struct EstimatorDefinition;
void checkTargetErrorEstimator(const EstimatorDefinition& definition, int runs);

// SettingError(setting_names::kTargetError, ...) for a deterministic estimator, fewer than
// 2 runs or no target. For a logistic-normal model, `logisticNormal` is the
// model the estimators are built for.
TargetErrorReport evaluateToTarget(const EstimatorChoice& settings, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options,
                                   const TargetErrorOptions& target,
                                   const LogisticNormalModel* logisticNormal = nullptr);

}  // namespace topiceval
