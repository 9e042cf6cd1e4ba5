// SPDX-License-Identifier: Apache-2.0
#include "native/output/evaluation_output.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <variant>

#include "native/output/number_text.hpp"
#include "topiceval/version.hpp"

namespace topiceval::output {

void beginEnvelope(JsonWriter& json, const std::string& command) {
  json.beginObject().field("command", command).field("version", kVersion);
}

void endEnvelope(JsonWriter& json, std::ostream& out, const std::vector<Warning>& warnings) {
  json.key("warnings").beginArray();
  for (const Warning& warning : warnings) json.value(warning.text);
  json.endArray().endObject();
  out << "\n";
}

std::string documentFlags(const DocumentEstimate& document) {
  std::string flags;
  if (document.heavyTailed) flags = "heavy-tailed";
  if (document.notConverged) flags += flags.empty() ? "not-converged" : ",not-converged";
  if (document.aboveTarget) flags += flags.empty() ? "above-target" : ",above-target";
  return flags.empty() ? "-" : flags;
}

void writeDocumentTableHeader(std::ostream& out) {
  out << "doc\tname\ttokens\tskipped\tloglik\tloglik_se\tperplexity\teffective_runs\tflag\n";
}

void writeDocumentRow(std::ostream& out, std::size_t index, const DocumentEstimate& document) {
  out << index << '\t' << tsvField(document.name) << '\t' << document.scoredTokens << '\t' << document.skippedTokens
      << '\t' << formatNumber(document.logLikelihood) << '\t' << formatNumber(document.standardError) << '\t'
      << formatNumber(document.perplexity) << '\t' << formatNumber(document.effectiveRuns) << '\t'
      << documentFlags(document) << '\n';
}

std::string intervalText(double value, const Interval& interval, int decimals) {
  return "(-" + fixed(value - interval.low, decimals) + " / +" + fixed(interval.high - value, decimals) + ")";
}

void writeInterval(JsonWriter& json, const std::string& key, const Interval& interval) {
  json.key(key).beginArray().value(interval.low).value(interval.high).endArray();
}

std::string siteUpdatesText(uint64_t updates) {
  if (updates == 0) return {};
  return "; " + general(static_cast<double>(updates), 3) +
         " Gibbs site updates (the cost unit of Wallach et al. 2009, table 1)";
}

std::vector<std::pair<std::string, std::string>> summaryRows(const EvaluateResult& result) {
  const EstimatorReport& estimatorReport = result.estimator;
  std::string estimator = estimatorReport.description;
  if (estimatorReport.stochastic)
    estimator += "; seed " + std::to_string(estimatorReport.seed) + ", " + std::to_string(estimatorReport.runs) +
                 (estimatorReport.runs == 1 ? " run" : " runs");
  // "value (-below / +above) (se error; bias bound bias)" where an error exists (no comma: see process_locale_test):
  // the headline interval first, its parts after (the error sentence says what it holds).
  const bool withError = estimatorReport.stochastic && estimatorReport.runs > 1;
  const auto withInterval = [&](double value, const Interval& interval, double error, double bias, int decimals) {
    if (!withError) return fixed(value, decimals);
    return fixed(value, decimals) + " " + intervalText(value, interval, decimals) + " (se " + fixed(error, decimals) +
           "; bias bound " + fixed(bias, decimals) + ")";
  };
  const auto tokens = static_cast<double>(result.scoredTokens);
  const double perTokenBias = result.scoredTokens > 0 ? result.logMeanBias / tokens : std::nan("");
  // Perplexity is exp(-per token): the interval's ends swap.
  const Interval perplexityInterval{std::exp(-result.perTokenInterval.high), std::exp(-result.perTokenInterval.low)};
  std::string unseen = std::string(spellingOf(result.unseenWords)) + ": " + std::to_string(result.unseenSkippedTokens) +
                       " tokens of " + std::to_string(result.skippedTypes) + " distinct types skipped";
  if (result.unseenTypesScored > 0) unseen += ", " + std::to_string(result.unseenTypesScored) + " unseen types scored";
  unseen += "; V = " + std::to_string(result.vocabularySize);
  std::vector<std::pair<std::string, std::string>> rows = {
      {"model", result.model.path + ": " + result.model.kind + ", " + std::to_string(result.model.topics) +
                    " topics, " + std::to_string(result.model.types) + " types"},
      {"input", result.input + ": " + std::to_string(result.inputDocuments) + " documents, " +
                    std::to_string(result.inputTokens) + " tokens"},
      {"estimator", estimator},
      {"unseen words", unseen},
      {"scored tokens", std::to_string(result.scoredTokens)},
      {"completion", result.completeDocuments == DocumentSplit::None
                         ? std::string("none (the whole of each document is scored)")
                         : "p(w2 | w1) per document, split " + std::string(spellingOf(result.completeDocuments)) +
                               ": " + std::to_string(result.conditionedTokens) +
                               " scored tokens of w1 conditioned on, " + std::to_string(result.scoredTokens) +
                               " tokens of w2 scored (the figures below are for w2)"},
      {"log likelihood",
       withInterval(result.total, result.logLikelihoodInterval, result.totalStandardError, result.logMeanBias, 4)},
      {"per token",
       withInterval(result.perToken, result.perTokenInterval, result.perTokenStandardError, perTokenBias, 6)},
      {"perplexity", withError ? fixed(result.perplexity, 3) + " " + intervalText(result.perplexity, perplexityInterval, 3)
                               : fixed(result.perplexity, 3)},
      {"error", result.errorStatement},
      {"budget", result.target ? result.target->summary : std::string()},
      {"convergence", result.convergence ? result.convergence->summary
                                         : std::string(estimatorReport.stochastic ? "not checked (--check-convergence)"
                                                                                  : "deterministic")},
      {"time", fixed(result.seconds, 3) + " s on " + std::to_string(result.threads) +
                   (result.threads == 1 ? " thread" : " threads") + siteUpdatesText(result.siteUpdates)},
  };
  if (!result.target)
    rows.erase(std::find_if(rows.begin(), rows.end(), [](const auto& row) { return row.first == "budget"; }));
  if (result.variationalBound) {
    const auto error = std::find_if(rows.begin(), rows.end(), [](const auto& row) { return row.first == "error"; });
    rows.insert(error + 1, {"bound", fixed(*result.variationalBound, 4) + " (the " + result.boundMethod +
                                         " E-step's variational lower bound on the log likelihood, for comparison: "
                                         "the log likelihood lies above it)"});
  }
  return rows;
}

void writeSummary(std::ostream& out, const EvaluateResult& result) {
  for (const auto& [label, value] : summaryRows(result)) out << padded(label, 16) << value << "\n";
}

void writeJson(std::ostream& out, const std::string& command, const EvaluateResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, command);
  json.key("model").beginObject();
  json.field("path", result.model.path).field("kind", result.model.kind);
  json.field("topics", result.model.topics).field("types", static_cast<uint64_t>(result.model.types));
  json.endObject();
  json.key("input").beginObject();
  json.field("path", result.input).field("documents", static_cast<uint64_t>(result.inputDocuments));
  json.field("tokens", result.inputTokens);
  json.endObject();
  const EstimatorReport& estimator = result.estimator;
  json.key("estimator").beginObject();
  json.field("description", estimator.description).field("stochastic", estimator.stochastic);
  json.field("name", estimator.name);
  json.key("settings").beginObject();
  for (const TypedSetting& setting : estimator.typedSettings)
    std::visit([&](const auto& value) { json.field(setting.name, value); }, setting.value);
  json.endObject();
  json.field("unbiased", estimator.unbiased).field("seed", estimator.seed).field("runs", estimator.runs);
  json.field("run_combination", estimator.runCombination);
  if (result.completeDocuments != DocumentSplit::None) {
    json.key("completion").beginObject().field("split", std::string(spellingOf(result.completeDocuments)));
    json.field("conditioned_tokens", result.conditionedTokens).field("scored_tokens", result.scoredTokens);
    json.endObject();
  }
  json.endObject();
  json.key("unseen_words").beginObject();
  json.field("policy", std::string(spellingOf(result.unseenWords))).field("skipped_tokens", result.unseenSkippedTokens);
  json.field("skipped_types", result.skippedTypes).field("unseen_types_scored", result.unseenTypesScored);
  json.field("vocabulary_size", static_cast<uint64_t>(result.vocabularySize));
  json.endObject();
  json.key("summary").beginObject();
  json.field("log_likelihood", result.total).field("log_likelihood_se", result.totalStandardError);
  json.field("per_token", result.perToken).field("per_token_se", result.perTokenStandardError);
  json.field("perplexity", result.perplexity).field("perplexity_se", result.perplexityStandardError);
  json.field("error", result.errorStatement);
  json.field("log_mean_bias", result.logMeanBias);
  json.field("lognormal_documents", static_cast<uint64_t>(result.lognormalDocuments));
  writeInterval(json, "log_likelihood_interval", result.logLikelihoodInterval);
  writeInterval(json, "per_token_interval", result.perTokenInterval);
  json.field("interval_confidence", kIntervalConfidence);
  json.field("heavy_tailed_documents", static_cast<uint64_t>(result.heavyTailedDocuments));
  json.field("interval_unsupported", result.intervalUnsupported);
  json.field("documents", static_cast<uint64_t>(result.documents.size()));
  json.field("tokens", result.scoredTokens).field("skipped_tokens", result.skippedTokens);
  json.field("wall_seconds", result.seconds).field("threads", result.threads);
  json.field("site_updates", result.siteUpdates);
  if (result.variationalBound) {
    json.field("variational_bound", *result.variationalBound).field("variational_bound_e_step", result.boundMethod);
  }
  json.endObject();
  if (result.convergence) {
    const ConvergenceVerdict& convergence = *result.convergence;
    json.key("convergence").beginObject();
    json.field("converged", convergence.converged).field("budget_setting", convergence.budgetSetting);
    json.field("summary", convergence.summary);
    json.field("last_change", convergence.lastChange).field("last_change_se", convergence.lastChangeError);
    json.key("steps").beginArray();
    for (const ConvergenceVerdict::Step& step : convergence.steps) {
      json.beginObject();
      json.field("budget", step.budget).field("log_likelihood", step.logLikelihood);
      json.field("log_likelihood_se", step.standardError);
      json.field("documents_not_converged", static_cast<uint64_t>(step.documentsNotConverged));
      json.field("seconds", step.seconds);
      json.endObject();
    }
    json.endArray();
    json.endObject();
  }
  if (result.target) {
    const TargetErrorSummary& target = *result.target;
    json.key("target_error").beginObject();
    if (target.perToken > 0.0) json.field("per_token", target.perToken);
    if (target.perDocument > 0.0) json.field("per_document", target.perDocument);
    json.field("budget_setting", target.budgetSetting);
    json.field("start_budget", target.startBudget).field("budget_cap", target.largestBudget);
    json.field("start_runs", target.startRuns).field("max_runs", target.largestRuns);
    json.field("rounds", static_cast<uint64_t>(target.rounds));
    json.field("above_target_documents", static_cast<uint64_t>(target.aboveTargetDocuments));
    json.field("by_length", target.byLength);
    json.field("grown_documents", static_cast<uint64_t>(target.grownDocuments));
    json.field("summary", target.summary);
    json.key("levels").beginArray();
    for (const TargetErrorSummary::Level& level : target.levels) {
      json.beginObject().field("budget", level.budget).field("runs", level.runs);
      json.field("documents", static_cast<uint64_t>(level.documents)).endObject();
    }
    json.endArray();
    json.endObject();
  }
  json.key("documents").beginArray();
  for (std::size_t d = 0; d < result.documents.size(); ++d) {
    const DocumentEstimate& document = result.documents[d];
    json.beginObject();
    json.field("doc", static_cast<uint64_t>(d)).field("name", document.name);
    json.field("tokens", document.scoredTokens).field("skipped", document.skippedTokens);
    json.field("loglik", document.logLikelihood).field("loglik_se", document.standardError);
    json.field("perplexity", document.perplexity).field("effective_runs", document.effectiveRuns);
    json.field("flag", documentFlags(document));
    json.field("lognormal", document.lognormal).field("log_mean_bias", document.logMeanBias);
    if (result.target) json.field("budget", document.budget).field("runs", static_cast<int64_t>(document.runs));
    json.field("site_updates", document.siteUpdates);
    json.endObject();
  }
  json.endArray();
  endEnvelope(json, out, result.warnings);
}

void writeEvaluationReport(std::ostream& out, const EvaluateResult& result, const EvaluateResult& versus) {
  HtmlReport report;
  report.title = "topiceval: held-out likelihood of " + result.input;
  report.summary = summaryRows(result);
  for (const Warning& warning : result.warnings) report.summary.emplace_back("warning", warning.text);
  std::vector<double> perplexities, mine, theirs;
  for (std::size_t d = 0; d < result.documents.size(); ++d) {
    const DocumentEstimate& document = result.documents[d];
    if (document.scoredTokens == 0) continue;
    const auto tokens = static_cast<double>(document.scoredTokens);
    perplexities.push_back(document.perplexity);
    mine.push_back(document.logLikelihood / tokens);
    theirs.push_back(versus.documents[d].logLikelihood / tokens);
  }
  const std::string& name = result.estimator.description;
  const std::string& versusName = versus.estimator.description;
  report.figures.push_back({"Per-document log likelihood per token: " + name + " (x) against " + versusName +
                                " (y); the dashed line is y = x.",
                            scatterSvg(mine, theirs, name, versusName, "scatter")});
  report.figures.push_back(
      {"Per-document perplexity (" + name + ").", histogramSvg(perplexities, "perplexity", true, "histogram")});
  writeHtmlReport(out, report);
}

}  // namespace topiceval::output
