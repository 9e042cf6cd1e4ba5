// SPDX-License-Identifier: Apache-2.0
#include "native/settings/setting_names.hpp"
#include "native/estimators/target_error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval {

namespace {

// Rounds are keyed apart by this many runs (far more than SettingLimits::kRuns).
constexpr uint64_t kRunsPerRound = uint64_t{1} << 32;

// Budgets from a pilot of few runs run short; the corpus target asks for
// this much more than the pilot's variances say.
constexpr double kMargin = 1.25;

// The estimator at each budget a document is given, made once per budget.
class EstimatorsByBudget {
 public:
  EstimatorsByBudget(const EstimatorChoice& settings, const EstimatorDefinition& definition,
                     const ScoringModel& model, const LogisticNormalModel* logisticNormal, bool given,
                     int64_t startBudget)
      : settings_(settings),
        definition_(definition),
        model_(model),
        logisticNormal_(logisticNormal),
        given_(given),
        startBudget_(startBudget) {}

  DocumentEstimator& at(int64_t budget) {
    auto& made = made_[budget];
    if (!made) {
      EstimatorChoice chosen = settings_;
      chosen.values[definition_.budget] = std::to_string(budget);
      try {
        made = logisticNormal_ != nullptr ? makeEstimator(chosen, *logisticNormal_) : makeEstimator(chosen, model_);
      } catch (const SettingError& error) {
        // A budget the policy chose (not the one given) that the model cannot
        // afford is the cap's to lower: name the option the user can change.
        if (error.setting() != definition_.budget || (given_ && budget == startBudget_)) throw;
        throw SettingError(setting_names::kBudgetCap, "lets --" + definition_.budget + " reach " +
                                                          std::to_string(budget) + ", which this model cannot take (" +
                                                          error.problem() + ")");
      }
    }
    return *made;
  }

 private:
  const EstimatorChoice& settings_;
  const EstimatorDefinition& definition_;
  const ScoringModel& model_;
  const LogisticNormalModel* logisticNormal_;
  bool given_;
  int64_t startBudget_;
  std::map<int64_t, std::unique_ptr<DocumentEstimator>> made_;
};

// SettingError unless start <= largest <= the setting's most.
void checkBudgetCap(const EstimatorDefinition& definition, int64_t start, int64_t largest, int64_t most) {
  if (largest < start)
    throw SettingError(setting_names::kBudgetCap, "is below the budget the estimator starts at (" + definition.budget +
                                                      " " + std::to_string(start) + ")");
  if (largest > most)
    throw SettingError(setting_names::kBudgetCap, "is above the most " + definition.name + " takes (--" +
                                                      definition.budget + " at most " + std::to_string(most) +
                                                      "; got " + std::to_string(largest) + ")");
}

}  // namespace

void checkTargetErrorEstimator(const EstimatorDefinition& definition, int runs) {
  requireSampledErrors(setting_names::kTargetError, definition, runs, "so its error is not from sampling",
                       "the errors come from the runs");
}

double TargetErrorReport::documentTarget(uint64_t scoredTokens) const {
  if (!(perDocument > 0.0) || scoredTokens == 0) return std::numeric_limits<double>::infinity();
  // The bias of the log of a mean of runs, at most se^2 / 2, kept within a
  // quarter of the target: se^2 / 2 <= target / 4.
  return std::min(perDocument, std::sqrt(perDocument / 2.0));
}

TargetErrorReport evaluateToTarget(const EstimatorChoice& settings, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options,
                                   const TargetErrorOptions& target, const LogisticNormalModel* logisticNormal) {
  const EstimatorDefinition& definition = findEstimator(settings.estimator);
  checkTargetErrorEstimator(definition, options.runs);
  if (!(target.perToken > 0.0) && !(target.perDocument > 0.0))
    throw SettingError(setting_names::kTargetError, "needs a positive target (nats per token or per document)");
  const SettingSpec& spec = budgetSpec(definition);
  const auto least = static_cast<int64_t>(spec.least), most = static_cast<int64_t>(spec.most);
  const bool given = settings.values.count(definition.budget) > 0;
  const int64_t byDefault = validateSettings(settings).integer(definition.budget);

  TargetErrorReport report;
  report.budgetSetting = definition.budget;
  report.perToken = target.perToken;
  report.perDocument = target.perDocument;
  report.startBudget = target.startBudget > 0 ? target.startBudget
                       : given               ? byDefault
                                             : std::max(least, byDefault / 4);
  // Where a larger budget would change the estimator (left-to-right's one
  // particle), the budget stays and only the runs grow, as far as the budget
  // would have.
  EstimatorChoice started = settings;
  started.values[definition.budget] = std::to_string(report.startBudget);
  const bool runsOnly = growthOf(definition, validateSettings(started)).runs;
  report.largestBudget = runsOnly                   ? report.startBudget
                         : target.largestBudget > 0 ? target.largestBudget
                                                    : std::min(most, kTargetBudgetCapFactor * report.startBudget);
  if (runsOnly && target.largestBudget > 0)
    throw SettingError(setting_names::kBudgetCap, "does not apply: " + definition.name + " with " +
                                                      definition.budget + " " + std::to_string(report.startBudget) +
                                                      " grows its runs, not its " + definition.budget +
                                                      " (more would make it biased); --" + setting_names::kMaxRuns +
                                                      " caps the runs");
  checkBudgetCap(definition, report.startBudget, report.largestBudget, most);
  report.startRuns = options.runs;
  const int64_t runsFactor = runsOnly ? kTargetBudgetCapFactor : kTargetRunsCapFactor;
  report.largestRuns = target.largestRuns > 0
                           ? target.largestRuns
                           : static_cast<int>(std::min<int64_t>(runsFactor * options.runs, SettingLimits::kRuns));
  if (report.largestRuns < report.startRuns)
    throw SettingError(setting_names::kMaxRuns, "is below --runs (" + std::to_string(report.startRuns) + ")");

  const std::size_t count = documents.size();
  report.result.documents.resize(count);
  report.budgets.assign(count, report.startBudget);
  report.runs.assign(count, report.startRuns);
  report.missed.assign(count, false);
  std::vector<uint64_t> siteUpdates(count, 0);
  EstimatorsByBudget estimators(settings, definition, model, logisticNormal, given, report.startBudget);
  const auto estimatorAt = [&](int64_t budget) -> DocumentEstimator& { return estimators.at(budget); };

  report.startDescription = estimatorAt(report.startBudget).description();
  // Round 0, the pilot: every document at the start budget. Round 1: each
  // document at the budget its pilot asks for, on fresh streams; reported
  // whatever its error, so that the estimate is not chosen by its own error.
  std::vector<std::size_t> all(count);
  for (std::size_t d = 0; d < count; ++d) all[d] = d;
  EvaluationOptions pilotOptions = options;
  pilotOptions.only = &all;
  EvaluationResult pilot = evaluateDocuments(estimatorAt(report.startBudget), model, documents, pilotOptions);
  // The pilot's squared error per scored token, over the documents: the
  // prior each document's own (from only R runs, noisy) is shrunk towards.
  std::vector<double> perToken;
  for (const DocumentResult& document : pilot.documents) {
    if (document.scoredTokens > 0 && std::isfinite(document.standardError) && document.standardError > 0.0)
      perToken.push_back(document.standardError * document.standardError /
                         static_cast<double>(document.scoredTokens));
  }
  double typical = 0.0;
  if (!perToken.empty()) {
    std::nth_element(perToken.begin(), perToken.begin() + static_cast<std::ptrdiff_t>(perToken.size() / 2),
                     perToken.end());
    typical = perToken[perToken.size() / 2];
  }
  // Each document's variance at budget b is about unit[d] / b, and its cost
  // cost[d] b (site updates per unit of budget, as the pilot counted them).
  std::vector<double> unit(count, 0.0), cost(count, 0.0);
  uint64_t tokens = 0;
  for (std::size_t d = 0; d < count; ++d) {
    const DocumentResult& document = pilot.documents[d];
    siteUpdates[d] += document.siteUpdates;
    tokens += document.scoredTokens;
    if (document.scoredTokens == 0) continue;
    const double own = document.standardError * document.standardError;
    const double prior = typical * static_cast<double>(document.scoredTokens);
    // The geometric mean of the two variances (a document's own alone, from
    // R runs, misjudged a third of the tiny models' documents).
    const double variance = own > 0.0 && prior > 0.0 ? std::sqrt(own * prior) : std::max(own, prior);
    unit[d] = (std::isfinite(variance) ? variance : 1e300) * static_cast<double>(report.startBudget);
    cost[d] = std::max(1.0, static_cast<double>(document.siteUpdates)) / static_cast<double>(report.startBudget);
  }
  // The corpus target: the sum of squared errors V at most min(E N, (E N / 2)^2),
  // so that both the log-mean bias bound (V / 2) and the total's error
  // (sqrt V) stay within half of E per token. The cheapest budgets that reach
  // it (a Lagrange multiplier: minimise sum cost b subject to sum unit / b = V)
  // are b = lambda sqrt(unit / cost): long and hard documents get more, but
  // not in proportion to their variance, since they also cost more.
  std::vector<double> wanted(count, 0.0);
  if (report.perToken > 0.0 && tokens > 0) {
    const double allowed = report.perToken * static_cast<double>(tokens);
    report.totalVariance = std::min(allowed, allowed * allowed / 4.0);
    double spread = 0.0;
    for (std::size_t d = 0; d < count; ++d) spread += std::sqrt(unit[d] * cost[d]);
    const double lambda = kMargin * spread / report.totalVariance;
    for (std::size_t d = 0; d < count; ++d)
      if (cost[d] > 0.0) wanted[d] = lambda * std::sqrt(unit[d] / cost[d]);
  }
  for (std::size_t d = 0; d < count; ++d) {
    const DocumentResult& document = pilot.documents[d];
    if (document.scoredTokens == 0) continue;
    if (report.perDocument > 0.0) {
      const double goal = report.documentTarget(document.scoredTokens);
      wanted[d] = std::max(wanted[d], 2.0 * unit[d] / (goal * goal));
    }
    // A heavy-tailed pilot's error understates the spread.
    if (document.heavyTailed()) wanted[d] = std::max(wanted[d], 4.0 * static_cast<double>(report.startBudget));
    int64_t budget = report.startBudget;
    while (budget < (int64_t{1} << 50) && static_cast<double>(budget) < wanted[d]) budget *= 2;
    // (Under runsOnly the cap is the start: all of the growth goes to the runs.)
    report.budgets[d] = std::min(budget, report.largestBudget);
    // Beyond the budget's cap, runs: their error falls as 1 / sqrt(runs).
    const int64_t moreRuns = (budget + report.largestBudget - 1) / report.largestBudget;
    report.runs[d] = static_cast<int>(std::min<int64_t>(report.largestRuns, report.startRuns * moreRuns));
  }
  std::map<std::pair<int64_t, int>, std::vector<std::size_t>> groups;  // by (budget, runs)
  for (std::size_t d = 0; d < count; ++d) groups[{report.budgets[d], report.runs[d]}].push_back(d);
  report.rounds = 2;
  for (const auto& [budgetAndRuns, chosen] : groups) {
    EvaluationOptions finalOptions = options;
    finalOptions.runs = budgetAndRuns.second;
    finalOptions.only = &chosen;
    finalOptions.firstRun = kRunsPerRound;
    EvaluationResult estimates = evaluateDocuments(estimatorAt(budgetAndRuns.first), model, documents, finalOptions);
    report.result.combination = estimates.combination;
    for (const std::size_t d : chosen) {
      DocumentResult& document = estimates.documents[d];
      siteUpdates[d] += document.siteUpdates;
      report.missed[d] = !(document.standardError <= report.documentTarget(document.scoredTokens));
      report.result.documents[d] = std::move(document);
    }
  }

  for (std::size_t d = 0; d < count; ++d) report.result.documents[d].siteUpdates = siteUpdates[d];
  sumTotals(report.result);
  const double variance = report.result.totalStandardError * report.result.totalStandardError;
  report.totalMissed = report.perToken > 0.0 && !(variance <= report.totalVariance);
  return report;
}

TargetErrorReport evaluateByLength(const EstimatorChoice& settings, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options,
                                   int64_t largestBudget, const LogisticNormalModel* logisticNormal) {
  const EstimatorDefinition& definition = findEstimator(settings.estimator);
  const SettingValues values = validateSettings(settings);
  const Growth growth = growthOf(definition, values);
  TargetErrorReport report;
  report.byLength = true;
  report.budgetSetting = definition.budget;
  report.startBudget = values.integer(definition.budget);
  report.startRuns = options.runs;
  const int64_t most = growth.runs ? SettingLimits::kRuns : static_cast<int64_t>(budgetSpec(definition).most);
  const int64_t start = growth.runs ? options.runs : report.startBudget;
  const int64_t largest = largestBudget > 0 ? largestBudget : std::min(most, kByLengthCapFactor * start);
  checkBudgetCap(definition, start, largest, most);
  report.largestBudget = growth.runs ? report.startBudget : largest;
  report.largestRuns = growth.runs ? static_cast<int>(largest) : options.runs;
  EstimatorsByBudget estimators(settings, definition, model, logisticNormal, true, report.startBudget);
  DocumentEstimator& first = estimators.at(report.startBudget);
  report.startDescription = first.description();
  const double floor = static_cast<double>(first.relativeCost(kByLengthTokens));

  const std::size_t count = documents.size();
  report.budgets.assign(count, report.startBudget);
  report.runs.assign(count, options.runs);
  report.missed.assign(count, false);
  std::map<int64_t, std::vector<std::size_t>> groups;  // by the grown value (budget or runs)
  for (std::size_t d = 0; d < count; ++d) {
    const auto cost = static_cast<double>(std::max<uint64_t>(1, first.relativeCost(documents.length(d))));
    int64_t grown = start;
    while (grown * 2 <= largest && static_cast<double>(grown * 2) * cost <= floor * static_cast<double>(start))
      grown *= 2;
    report.grown += grown > start;
    if (growth.runs) {
      report.runs[d] = static_cast<int>(grown);
    } else {
      report.budgets[d] = grown;
    }
    groups[grown].push_back(d);
  }
  report.result.documents.resize(count);
  report.rounds = 1;
  for (const auto& [grown, chosen] : groups) {
    EvaluationOptions groupOptions = options;
    groupOptions.only = &chosen;
    if (growth.runs) groupOptions.runs = static_cast<int>(grown);
    EvaluationResult estimates =
        evaluateDocuments(estimators.at(growth.runs ? report.startBudget : grown), model, documents, groupOptions);
    report.result.combination = estimates.combination;
    for (const std::size_t d : chosen) report.result.documents[d] = std::move(estimates.documents[d]);
  }
  sumTotals(report.result);
  return report;
}

}  // namespace topiceval
