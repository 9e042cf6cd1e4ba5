// SPDX-License-Identifier: Apache-2.0
#include "native/settings/setting_names.hpp"
#include "native/estimators/target_error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

#include "native/estimators/estimator_registry.hpp"
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
  report.largestBudget = target.largestBudget > 0 ? target.largestBudget : std::min(most, kTargetBudgetCapFactor * report.startBudget);
  checkBudgetCap(definition, report.startBudget, report.largestBudget, most);
  report.startRuns = options.runs;
  report.largestRuns = target.largestRuns > 0 ? target.largestRuns : std::min<int>(kTargetRunsCapFactor * options.runs, 1 << 20);
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

TargetErrorReport evaluateWithinBiasBound(const EstimatorChoice& settings, const ScoringModel& model,
                                          const DocumentCollection& documents, const EvaluationOptions& options,
                                          int64_t largestBudget, const LogisticNormalModel* logisticNormal) {
  const EstimatorDefinition& definition = findEstimator(settings.estimator);
  const SettingSpec& spec = budgetSpec(definition);
  const auto most = static_cast<int64_t>(spec.most);
  TargetErrorReport report;
  report.biasBound = true;
  report.budgetSetting = definition.budget;
  report.startBudget = validateSettings(settings).integer(definition.budget);  // today's fixed budget
  report.largestBudget =
      largestBudget > 0 ? largestBudget : std::min(most, kBiasBoundCapFactor * report.startBudget);
  checkBudgetCap(definition, report.startBudget, report.largestBudget, most);
  report.startRuns = report.largestRuns = options.runs;
  EstimatorsByBudget estimators(settings, definition, model, logisticNormal, settings.values.count(definition.budget) > 0,
                                report.startBudget);
  report.startDescription = estimators.at(report.startBudget).description();

  const std::size_t count = documents.size();
  report.budgets.assign(count, report.startBudget);
  report.runs.assign(count, options.runs);
  report.missed.assign(count, false);
  report.grown.assign(count, false);
  report.capped.assign(count, false);
  // Round 0: today's budget, today's streams and bits.
  report.result = evaluateDocuments(estimators.at(report.startBudget), model, documents, options);
  std::vector<DocumentResult>& current = report.result.documents;
  std::vector<uint64_t> siteUpdates(count, 0);
  uint64_t tokens = 0;
  for (std::size_t d = 0; d < count; ++d) {
    siteUpdates[d] = current[d].siteUpdates;
    tokens += current[d].scoredTokens;
  }
  report.rounds = 1;
  const double allowed = kBiasBoundVariance / 2.0;  // the corpus's bias bound, in nats
  const auto bias = [&](std::size_t d) { return current[d].standardError * current[d].standardError / 2.0; };
  const auto corpusBias = [&] {
    double sum = 0.0;
    for (std::size_t d = 0; d < count; ++d) sum += bias(d);
    return sum;
  };
  // Above its share by tokens (NaN, no error, counts as above).
  const auto overShare = [&](std::size_t d) {
    return current[d].scoredTokens > 0 &&
           !(bias(d) <= allowed * static_cast<double>(current[d].scoredTokens) / static_cast<double>(tokens));
  };
  for (uint64_t round = 1; tokens > 0; ++round) {
    const bool first = round == 1;
    const bool corpusOver = !(corpusBias() <= allowed);
    if (!first && !corpusOver) break;
    // Those to grow: above their share while the corpus is above its bound,
    // and (first round only) the heavy-tailed, whose error understates their
    // bias. What the others leave of the bound is shared among them by tokens.
    std::vector<bool> grow(count, false);
    double keptBias = 0.0;
    uint64_t grownTokens = 0;
    for (std::size_t d = 0; d < count; ++d) {
      grow[d] = report.budgets[d] < report.largestBudget &&
                ((corpusOver && overShare(d)) || (first && current[d].heavyTailed()));
      if (grow[d]) {
        grownTokens += current[d].scoredTokens;
      } else {
        keptBias += bias(d);
      }
    }
    std::map<int64_t, std::vector<std::size_t>> groups;  // by budget
    for (std::size_t d = 0; d < count; ++d) {
      if (!grow[d]) continue;
      const double share = std::max(allowed - keptBias, allowed / 1e6) *
                           static_cast<double>(current[d].scoredTokens) / static_cast<double>(grownTokens);
      const double asked = kMargin * static_cast<double>(report.budgets[d]) * bias(d) / share;
      int64_t budget = 2 * report.budgets[d];
      while (budget < report.largestBudget && !(static_cast<double>(budget) >= asked)) budget *= 2;
      report.budgets[d] = std::min(budget, report.largestBudget);
      report.grown[d] = true;
      groups[report.budgets[d]].push_back(d);
    }
    if (groups.empty()) break;
    report.rounds = round + 1;
    for (const auto& [budget, chosen] : groups) {
      EvaluationOptions grownOptions = options;
      grownOptions.only = &chosen;
      grownOptions.firstRun = round * kRunsPerRound;
      EvaluationResult estimates = evaluateDocuments(estimators.at(budget), model, documents, grownOptions);
      for (const std::size_t d : chosen) {
        siteUpdates[d] += estimates.documents[d].siteUpdates;
        current[d] = std::move(estimates.documents[d]);
      }
    }
  }
  const bool corpusOver = !(corpusBias() <= allowed);
  for (std::size_t d = 0; d < count; ++d) {
    current[d].siteUpdates = siteUpdates[d];
    report.capped[d] = corpusOver && report.budgets[d] >= report.largestBudget && overShare(d);
  }
  sumTotals(report.result);
  report.totalMissed = corpusOver;
  return report;
}

}  // namespace topiceval
