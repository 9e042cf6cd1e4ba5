#include "native/api/evaluation_support.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include "formats/format_error.hpp"
#include "native/api/model_data.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/settings/setting_names.hpp"

namespace topiceval {

std::string shortestText(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

void checkCommonSettings(int runs, int threads, std::optional<std::size_t> vocabularySize) {
  checkSettingRange("runs", runs, 1, SettingLimits::kRuns);
  checkSettingRange("threads", threads, 0, SettingLimits::kThreads);
  if (vocabularySize && *vocabularySize < 1) throw SettingError("vocab-size", "must be positive");
}

void checkEstimatorChoice(const std::string& estimator, const std::map<std::string, std::string>& settings) {
  if (!estimator.empty()) {
    validateSettings({estimator, settings});
    return;
  }
  EstimatorChoice lda{defaultEstimator(ModelFamily::Dirichlet), {}};
  EstimatorChoice logisticNormal{defaultEstimator(ModelFamily::LogisticNormal), {}};
  for (const auto& [name, value] : settings) {
    if (declaresSetting(lda.estimator, name)) {
      lda.values[name] = value;
    } else if (declaresSetting(logisticNormal.estimator, name)) {
      logisticNormal.values[name] = value;
    } else {
      validateSettings({lda.estimator, settings});  // names the estimators that declare it
    }
  }
  validateSettings(lda);
  validateSettings(logisticNormal);
}

std::vector<std::size_t> parseDocumentSelection(const std::string& text, std::size_t documents) {
  const auto malformed = [&]() {
    return SettingError("documents", "takes 0-based indices and ranges such as 0-29,40, not '" + text + "'");
  };
  const auto number = [&](const std::string& digits) {
    if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
      throw malformed();
    const auto value = std::stoull(digits);
    if (value >= documents)
      throw SettingError("documents", "names document " + digits + ", but the input has " + std::to_string(documents) +
                                          " documents (0 to " + std::to_string(documents == 0 ? 0 : documents - 1) +
                                          ")");
    return static_cast<std::size_t>(value);
  };
  std::vector<bool> chosen(documents, false);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    const std::size_t first = number(item.substr(0, dash));
    const std::size_t last = dash == std::string::npos ? first : number(item.substr(dash + 1));
    if (last < first) throw malformed();
    for (std::size_t d = first; d <= last; ++d) chosen[d] = true;
    start = comma + 1;
  }
  std::vector<std::size_t> indices;
  for (std::size_t d = 0; d < documents; ++d) {
    if (chosen[d]) indices.push_back(d);
  }
  return indices;
}

void checkSomethingIsScored(const ScoringModel& scoring, const Documents& documents, const DocumentsSource& source,
                            UnseenWords unseenWords, const std::string& modelName) {
  const std::string policy(spellingOf(unseenWords));
  if (source.documents) {
    checkDocumentsAreScored(documents.data().collection, scoring.skippedTokens(), "--unseen-words " + policy);
    return;
  }
  const std::string input = source.path == "-" ? "standard input" : source.path;
  if (documents.totalTokens() == 0) throw FileError(input, "holds no words");
  if (scoring.skippedTokens() == documents.totalTokens())
    throw FileError(input, "none of its " + std::to_string(documents.totalTokens()) +
                               " words is scored under --unseen-words " + policy +
                               ": were these documents imported for " + modelName + "?");
}

ModelReport modelReport(const Model& model, const std::string& name) {
  return {name, model.describe(), model.numTopics(), model.numTypes()};
}

DocumentEstimate documentEstimate(const DocumentResult& document, const std::string& name, bool stochasticOnce) {
  DocumentEstimate estimate;
  estimate.name = name;
  estimate.logLikelihood = document.logLikelihood;
  estimate.standardError = stochasticOnce ? std::nan("") : document.standardError;
  estimate.perplexity = document.scoredTokens == 0
                            ? std::nan("")
                            : std::exp(-document.logLikelihood / static_cast<double>(document.scoredTokens));
  estimate.effectiveRuns = document.effectiveRuns;
  estimate.scoredTokens = document.scoredTokens;
  estimate.skippedTokens = document.skippedTokens;
  estimate.conditionedTokens = document.conditionedTokens;
  estimate.siteUpdates = document.siteUpdates;
  estimate.heavyTailed = document.heavyTailed();
  estimate.runLogLikelihoods = document.runLogLikelihoods;
  return estimate;
}

void fillEvaluation(EvaluateResult& result, const EvaluationResult& estimates, const DocumentCollection& documents,
                    const std::vector<bool>* notConverged) {
  result.documents.clear();
  result.documents.reserve(estimates.documents.size());
  for (std::size_t d = 0; d < estimates.documents.size(); ++d) {
    DocumentEstimate estimate = documentEstimate(estimates.documents[d], documents.name(d), false);
    estimate.notConverged = notConverged != nullptr && d < notConverged->size() && (*notConverged)[d];
    result.documents.push_back(std::move(estimate));
  }
  result.total = estimates.totalLogLikelihood;
  result.totalStandardError = estimates.totalStandardError;
  result.logMeanBias = 0.0;
  for (const DocumentEstimate& document : result.documents)
    result.logMeanBias += 0.5 * document.standardError * document.standardError;
  result.perToken = estimates.perTokenLogLikelihood();
  result.perTokenStandardError = estimates.perTokenStandardError();
  result.perplexity = estimates.perplexity();
  result.perplexityStandardError = estimates.perplexityStandardError();
  result.scoredTokens = estimates.scoredTokens;
  result.skippedTokens = estimates.skippedTokens;
  result.conditionedTokens = estimates.conditionedTokens;
  result.siteUpdates = estimates.siteUpdates;
  result.heavyTailedDocuments = estimates.heavyTailedDocuments();
  result.emptyDocuments = 0;
  for (const DocumentEstimate& document : result.documents) result.emptyDocuments += document.scoredTokens == 0;
}

void EvaluationTotals::add(const EvaluationResult& batch, const DocumentCollection& documents, bool stochasticOnce,
                           const std::function<void(std::size_t, DocumentEstimate)>& each) {
  for (std::size_t d = 0; d < batch.documents.size(); ++d) {
    const DocumentResult& document = batch.documents[d];
    // As sumTotals and fillEvaluation sum them, document by document in order.
    totals_.totalLogLikelihood += document.logLikelihood;
    variance_ += document.standardError * document.standardError;
    totals_.scoredTokens += document.scoredTokens;
    totals_.skippedTokens += document.skippedTokens;
    totals_.conditionedTokens += document.conditionedTokens;
    totals_.siteUpdates += document.siteUpdates;
    heavyTailed_ += document.heavyTailed();
    empty_ += document.scoredTokens == 0;
    DocumentEstimate estimate = documentEstimate(document, documents.name(d), stochasticOnce);
    logMeanBias_ += 0.5 * estimate.standardError * estimate.standardError;
    each(d, std::move(estimate));
  }
}

void EvaluationTotals::fill(EvaluateResult& result) {
  totals_.totalStandardError = std::sqrt(variance_);
  fillEvaluation(result, totals_, DocumentCollection{}, nullptr);
  result.logMeanBias = logMeanBias_;
  result.heavyTailedDocuments = heavyTailed_;
  result.emptyDocuments = empty_;
}

void fillScoring(EvaluateResult& result, const ScoringModel& scoring, bool vocabularyGiven) {
  result.unseenWords = scoring.policy();
  result.unseenSkippedTokens = scoring.skippedTokens();
  result.skippedTypes = scoring.skippedTypes();
  result.unseenTypesScored = scoring.unseenTypesScored();
  result.vocabularySize = scoring.vocabularySize();
  result.vocabularySizeGiven = vocabularyGiven;
}

void markErrorsOfOneRun(EvaluateResult& result) {
  if (!result.estimator.stochastic || result.estimator.runs != 1) return;
  result.totalStandardError = result.perTokenStandardError = result.perplexityStandardError = std::nan("");
  result.logMeanBias = std::nan("");
  for (DocumentEstimate& document : result.documents) document.standardError = std::nan("");
}

void checkTargetError(double perToken, double perDocument, bool checkConvergence, const std::string& estimator,
                      int runs) {
  if (perToken == 0.0 && perDocument == 0.0) return;
  for (const auto& [name, value] :
       {std::pair{setting_names::kTargetError, perToken}, {setting_names::kTargetDocumentError, perDocument}}) {
    if (value < 0.0 || !std::isfinite(value)) throw SettingError(name, "must be a positive number of nats");
  }
  if (checkConvergence)
    throw SettingError(setting_names::kTargetError, "and --check-convergence each choose the budget: give one of them");
  checkTargetErrorEstimator(findEstimator(estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : estimator),
                            runs);
}

TargetErrorSummary targetSummary(const TargetErrorReport& report, std::vector<DocumentEstimate>& documents) {
  TargetErrorSummary summary;
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
  std::size_t atCaps = 0;
  for (std::size_t d = 0; d < documents.size(); ++d)
    atCaps += report.missed[d] && report.budgets[d] == report.largestBudget && report.runs[d] == report.largestRuns;
  std::string above;
  if (summary.aboveTargetDocuments > 0) {
    const std::size_t misjudged = summary.aboveTargetDocuments - atCaps;
    above = "; " + std::to_string(summary.aboveTargetDocuments) +
            (summary.aboveTargetDocuments == 1 ? " document is" : " documents are") +
            " above --target-document-error (flag above-target)";
    if (atCaps > 0)
      above += ", " + std::to_string(atCaps) + " at the caps (" + report.budgetSetting + " " +
               std::to_string(report.largestBudget) + ", " + std::to_string(report.largestRuns) + " runs: raise --" +
               setting_names::kBudgetCap + " or --" + setting_names::kMaxRuns + ")";
    if (misjudged > 0)
      above += ", " + std::to_string(misjudged) + " below them, whose pilot's error understated what they need";
  }
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
  summary.summary = "target error " + goal + ": a pilot at " + report.budgetSetting + " " +
                    std::to_string(report.startBudget) + " x " + std::to_string(report.startRuns) +
                    " runs, then each document at the budget it asked for; documents by " + report.budgetSetting +
                    " x runs: " + spread + total + above;
  return summary;
}

std::string errorStatement(const EstimatorReport& estimator, DocumentSplit completion, std::size_t heavyTailedDocuments,
                           double logMeanBias, uint64_t scoredTokens) {
  if (!estimator.stochastic) return "none from sampling (a deterministic estimator); its bias is not measured here";
  if (estimator.runs == 1)
    return "unknown: one run gives no standard error (use --runs 2 or more; 4 is a fair minimum)";
  std::string statement = "+- is one standard error over " + std::to_string(estimator.runs) +
                          " runs per document (the larger of the jackknife and lognormal errors), summed over "
                          "independent documents; ";
  if (completion != DocumentSplit::None) {
    // p(w2 | w1) = p(w) / p(w1): no estimator here is unbiased for the ratio
    // unless it samples p(z1 | w1) exactly.
    statement += estimator.unbiased
                     ? "p(w2 | w1) is estimated through the sampler's state on w1, which only an exact "
                       "sample of p(z1 | w1) makes unbiased: the error does not include that bias, small "
                       "when the sampler on w1 has converged"
                     : "it does not include the estimator's bias (this estimator is biased)";
  } else if (!estimator.unbiased) {
    statement += "it does not include the estimator's bias (this estimator is biased)";
  } else if (estimator.errorCaveat.empty()) {
    statement += "the estimator is unbiased for p(w), so this covers its error except heavy tails and one bias";
    if (scoredTokens > 0 && std::isfinite(logMeanBias)) {
      char bias[160];
      std::snprintf(bias, sizeof bias, "%.3g nats in total (%.3g per token)", logMeanBias,
                    logMeanBias / static_cast<double>(scoredTokens));
      statement += ": the log of a mean of runs sits low, here by at most " + std::string(bias) +
                   ", half the sum of squared errors (0.07 to 0.35 of it on models with exact likelihoods); a "
                   "larger budget shrinks it";
    }
  } else {
    statement += "the estimator is unbiased for p(w), but " + estimator.errorCaveat;
  }
  if (static_cast<std::size_t>(estimator.runs) < kFewestSamplesForTails)
    statement += "; with fewer than " + std::to_string(kFewestSamplesForTails) +
                 " runs heavy tails cannot be detected, so the errors may be too small";
  if (heavyTailedDocuments > 0)
    statement += "; " + std::to_string(heavyTailedDocuments) +
                 (heavyTailedDocuments == 1 ? " document is" : " documents are") +
                 " heavy-tailed (a few runs carry the mean, see flag): their errors are unreliable; a larger budget "
                 "(--particles, --temperatures or --samples) thins the tail, while more --runs only find more of it "
                 "(--" +
                 std::string(setting_names::kTargetError) + " raises each document's budget until it is met)";
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
    const FileKind input = documents.data().kind;
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
