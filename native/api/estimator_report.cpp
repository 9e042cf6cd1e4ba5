// SPDX-License-Identifier: Apache-2.0
#include "native/api/estimator_report.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include "native/api/model_data.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/settings/setting_names.hpp"

namespace topiceval {

std::string shortestText(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

std::vector<TypedSetting> typedSettings(const std::string& estimator,
                                        const std::vector<std::pair<std::string, std::string>>& settings) {
  const EstimatorDefinition& definition = findEstimator(estimator);
  std::vector<TypedSetting> typed;
  for (const auto& [name, value] : settings) {
    const std::string& setting = name;
    const auto spec = std::find_if(definition.settings.begin(), definition.settings.end(),
                                   [&](const SettingSpec& s) { return s.name == setting; });
    TypedSetting entry{name, value};
    if (spec != definition.settings.end() && spec->kind == OptionKind::Integer) {
      int64_t number = 0;
      std::from_chars(value.data(), value.data() + value.size(), number);
      entry.value = number;
    } else if (spec != definition.settings.end() && spec->kind == OptionKind::Boolean) {
      entry.value = value == "true";
    }
    typed.push_back(std::move(entry));
  }
  return typed;
}

namespace {

// "; N documents are above --target-document-error ...": those at the caps and those the pilot misjudged.
std::string aboveTargetText(const TargetErrorReport& report, std::size_t aboveTarget) {
  if (aboveTarget == 0) return "";
  std::size_t atCaps = 0;
  for (std::size_t d = 0; d < report.missed.size(); ++d)
    atCaps += report.missed[d] && report.budgets[d] == report.largestBudget && report.runs[d] == report.largestRuns;
  const std::size_t misjudged = aboveTarget - atCaps;
  std::string above = "; " + std::to_string(aboveTarget) + (aboveTarget == 1 ? " document is" : " documents are") +
                      " above --target-document-error (flag above-target)";
  if (atCaps > 0)
    above += ", " + std::to_string(atCaps) + " at the caps (" + report.budgetSetting + " " +
             std::to_string(report.largestBudget) + ", " + std::to_string(report.largestRuns) + " runs: raise --" +
             setting_names::kBudgetCap + " or --" + setting_names::kMaxRuns + ")";
  if (misjudged > 0)
    above += ", " + std::to_string(misjudged) + " below them, whose pilot's error understated what they need";
  return above;
}

}  // namespace

std::string budgetStatement(const TargetErrorSummary& summary) {
  if (summary.byLength)
    return "; documents shorter than " + std::to_string(kByLengthTokens) + " tokens had more " +
           (summary.largestRuns > summary.startRuns ? std::string("runs") : summary.budgetSetting) + " (see budget)";
  return "; under the target error each document has the runs and budget it needed (see budget)";
}

TargetErrorSummary targetSummary(const TargetErrorReport& report, std::vector<DocumentEstimate>& documents) {
  TargetErrorSummary summary;
  summary.byLength = report.byLength;
  summary.grownDocuments = report.grown;
  summary.perToken = report.perToken;
  summary.perDocument = report.perDocument;
  summary.budgetSetting = report.budgetSetting;
  summary.startBudget = report.startBudget;
  summary.largestBudget = report.largestBudget;
  summary.startRuns = report.startRuns;
  summary.largestRuns = report.largestRuns;
  summary.rounds = report.rounds;
  std::map<std::pair<int64_t, int>, std::size_t> levels;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    documents[d].budget = report.budgets[d];
    documents[d].runs = report.runs[d];
    documents[d].aboveTarget = report.missed[d];
    summary.aboveTargetDocuments += report.missed[d];
    ++levels[{report.budgets[d], report.runs[d]}];
  }
  std::string spread;
  for (const auto& [level, count] : levels) {
    summary.levels.push_back({level.first, level.second, count});
    spread += (spread.empty() ? "" : ", ") + std::to_string(level.first) + " x " + std::to_string(level.second) +
              " runs: " + std::to_string(count);
  }
  std::string goal;
  if (report.perToken > 0.0) goal = shortestText(report.perToken) + " nats per token (the corpus's)";
  if (report.perDocument > 0.0)
    goal += (goal.empty() ? "" : " and ") + shortestText(report.perDocument) + " nats per document (each)";
  const std::string above = aboveTargetText(report, summary.aboveTargetDocuments);
  std::string total;
  if (report.perToken > 0.0 && report.result.scoredTokens > 0) {
    const auto tokens = static_cast<double>(report.result.scoredTokens);
    const double variance = report.result.totalStandardError * report.result.totalStandardError;
    char text[200];
    std::snprintf(text, sizeof text, "; per token, error %.3g and log-mean bias bound %.3g (each asked within %.3g)",
                  std::sqrt(variance) / tokens, variance / 2.0 / tokens, report.perToken / 2.0);
    total = text;
    if (report.totalMissed) total += ": above the target, as the pilot's errors understated the rest";
  }
  summary.totalMissed = report.totalMissed;
  if (report.byLength) {
    summary.summary = "budgets by document length: " + report.budgetSetting + " " +
                      std::to_string(report.startBudget) + " x " + std::to_string(report.startRuns) +
                      " runs, more for the " + std::to_string(summary.grownDocuments) +
                      (summary.grownDocuments == 1 ? " document" : " documents") + " shorter than " +
                      std::to_string(kByLengthTokens) + " tokens (each costs at most what one of " +
                      std::to_string(kByLengthTokens) + " tokens does); documents by " + report.budgetSetting +
                      " x runs: " + spread;
    return summary;
  }
  summary.summary = "target error " + goal + ": a pilot at " + report.budgetSetting + " " +
                    std::to_string(report.startBudget) + " x " + std::to_string(report.startRuns) +
                    " runs, then each document at the budget it asked for; documents by " + report.budgetSetting +
                    " x runs: " + spread + total + above;
  return summary;
}

std::string errorStatement(const EstimatorReport& estimator, DocumentSplit completion, std::size_t heavyTailedDocuments,
                           double logMeanBias, std::size_t lognormalDocuments, std::size_t scoredDocuments,
                           uint64_t scoredTokens, const std::string& unsupported) {
  if (!estimator.stochastic) return "none from sampling (a deterministic estimator); its bias is not measured here";
  if (estimator.runs == 1)
    return "unknown: one run gives no standard error (use --runs 2 or more; 4 is a fair minimum)";
  const bool lognormal = estimator.runCombination == kLognormalCombination;
  // What the interval printed after each total holds (topiceval/interval.hpp), then what it leaves out.
  std::string statement =
      "the interval after a total, (-below / +above), is 1.96 standard errors each side (95% of the sampling "
      "error; se: one standard error over " +
      std::to_string(estimator.runs) +
      " runs per document, summed over independent documents), widened upward by the log-mean bias bound";
  if (lognormal)
    statement += "; the runs of " + std::to_string(lognormalDocuments) + " of " + std::to_string(scoredDocuments) +
                 " documents are combined lognormally (the mean of their log p-hat plus half its variance, which a "
                 "particle filter's particles make unbiased to first order; a mode all runs under-sampled still "
                 "leaves it low, for which each keeps half the bound below), the others, whose runs are too spread "
                 "for the lognormal limit (a log-spread above 1 nat), by the log of their mean, which sits low";
  else
    statement += ": the log of a mean of runs sits low";
  if (scoredTokens > 0 && std::isfinite(logMeanBias)) {
    char bias[160];
    std::snprintf(bias, sizeof bias, "%.3g nats in total (%.3g per token)", logMeanBias,
                  logMeanBias / static_cast<double>(scoredTokens));
    statement += ", here by at most " + std::string(bias) +
                 ", half the sum of the squared errors of the log of their mean (0.07 to 0.35 of it on models with "
                 "exact likelihoods; a larger budget shrinks it)";
  }
  statement += "; ";
  if (completion != DocumentSplit::None) {
    // p(w2 | w1) = p(w) / p(w1): no estimator here is unbiased for the ratio
    // unless it samples p(z1 | w1) exactly.
    statement += estimator.unbiased
                     ? "p(w2 | w1) is estimated through the sampler's state on w1, which only an exact "
                       "sample of p(z1 | w1) makes unbiased: the interval does not include that bias, small "
                       "when the sampler on w1 has converged"
                     : "it does not include the estimator's bias (this estimator is biased)";
  } else if (!estimator.unbiased) {
    statement += "it does not include the estimator's bias (this estimator is biased)";
  } else if (lognormal) {
    statement += "the estimator is unbiased for p(w), so the interval covers the truth unless a rare run that none of "
                 "these runs showed carries much of p(w) (a larger --particles finds it; measured coverage against "
                 "independent references: the guide's page on held-out likelihood)";
  } else if (estimator.errorCaveat.empty()) {
    statement += "the estimator is unbiased for p(w), so the interval covers the truth except under heavy tails";
  } else {
    statement += "the estimator is unbiased for p(w), but " + estimator.errorCaveat;
  }
  if (static_cast<std::size_t>(estimator.runs) < kFewestSamplesForTails)
    statement += "; with fewer than " + std::to_string(kFewestSamplesForTails) +
                 " runs heavy tails cannot be detected, so the errors may be too small";
  if (!unsupported.empty()) {
    statement += "; the runs do not support this interval: " + unsupported +
                 ", which a tail they did not sample makes too small, so it may miss the truth (select does not rank "
                 "on it); a larger budget (--particles, --temperatures or --samples) is the remedy";
  }
  if (heavyTailedDocuments > 0) {
    statement += "; " + std::to_string(heavyTailedDocuments) +
                 (heavyTailedDocuments == 1 ? " document is" : " documents are") +
                 " heavy-tailed (a few runs carry the mean, see flag): their errors are unreliable and the interval may "
                 "miss them; a larger budget (--particles, --temperatures or --samples) thins the tail, while more "
                 "--runs only find more of it (--" +
                 std::string(setting_names::kTargetError) + " raises each document's budget until it is met)";
  }
  return statement;
}

namespace {

std::string percent(uint64_t part, uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

}  // namespace

std::vector<Warning> evaluationWarnings(const EvaluateResult& result, const Documents& documents, FileKind modelKind) {
  std::vector<Warning> warnings;
  const uint64_t tokens = result.scoredTokens + result.skippedTokens;
  if (result.skippedTokens * 20 > tokens) {
    // Why they are skipped: the cause that applies to where the documents came from.
    const FileKind input = detail::dataOf(documents).kind;
    const std::string cause =
        input == FileKind::Text
            ? "plain text is split at white space, without MALLET's import pipeline: import held-out documents "
              "with --use-pipe-from to get MALLET's tokens"
        : input == FileKind::InstanceList
            ? "these words lie beyond the model's alphabet: held-out documents imported after training bring words "
              "the model never saw (--unseen-words smooth scores them by smoothing alone)"
            : "their ids lie beyond the model's words, or the model gives them no probability";
    warnings.push_back({"skipped-tokens", std::to_string(result.skippedTokens) + " of " + std::to_string(tokens) +
                                              " tokens (" + percent(result.skippedTokens, tokens) +
                                              "%) are skipped under --unseen-words " +
                                              std::string(spellingOf(result.unseenWords)) +
                                              ": the likelihood covers only the rest, so it is not comparable with a "
                                              "run that scores more (" +
                                              cause + ")"});
  }
  if (modelKind == FileKind::TopicState && !result.vocabularySizeGiven)
    warnings.push_back({"topic-state-vocabulary",
                        "V = " + std::to_string(result.vocabularySize) +
                            " counts the types this topic state shows (those with training tokens); the same model's "
                            "evaluator, inferencer or saved model uses its whole alphabet, which gives lower "
                            "probabilities: pass --vocab-size (the training alphabet's size) to match them"});
  const std::size_t empty = result.emptyDocuments;
  if (empty > 0)
    warnings.push_back({"empty-documents", std::to_string(empty) + (empty == 1 ? " document has" : " documents have") +
                                               " no scored word; each counts log likelihood 0 and has no perplexity"});
  return warnings;
}

}  // namespace topiceval
