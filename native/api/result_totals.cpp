// SPDX-License-Identifier: Apache-2.0
#include "native/api/result_totals.hpp"

#include <cmath>
#include <cstdio>

namespace topiceval {

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
  estimate.lognormal = document.lognormal;
  estimate.logMeanBias = document.logMeanBias;
  estimate.runLogLikelihoods = document.runLogLikelihoods;
  return estimate;
}

void setWidening(EvaluateResult& result, const EvaluationResult& estimates) {
  result.logMeanBias = estimates.logMeanBias;
  result.estimator.runCombination = runCombinationName(estimates.combination);
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
  setWidening(result, estimates);
  result.perToken = estimates.perTokenLogLikelihood();
  result.perTokenStandardError = estimates.perTokenStandardError();
  result.perplexity = estimates.perplexity();
  result.perplexityStandardError = estimates.perplexityStandardError();
  result.scoredTokens = estimates.scoredTokens;
  result.skippedTokens = estimates.skippedTokens;
  result.conditionedTokens = estimates.conditionedTokens;
  result.siteUpdates = estimates.siteUpdates;
  result.heavyTailedDocuments = estimates.heavyTailedDocuments();
  result.lognormalDocuments = 0;
  for (const DocumentEstimate& document : result.documents) result.lognormalDocuments += document.lognormal;
  result.emptyDocuments = 0;
  for (const DocumentEstimate& document : result.documents) result.emptyDocuments += document.scoredTokens == 0;
  setIntervals(result);
}

void EvaluationTotals::add(const EvaluationResult& batch, const DocumentCollection& documents, bool stochasticOnce,
                           const std::function<void(std::size_t, DocumentEstimate)>& each) {
  for (std::size_t d = 0; d < batch.documents.size(); ++d) {
    const DocumentResult& document = batch.documents[d];
    // As sumTotals and fillEvaluation sum them, document by document in order.
    totals_.combination = batch.combination;
    totals_.totalLogLikelihood += document.logLikelihood;
    totals_.logMeanBias += document.logMeanBias;
    variance_ += document.standardError * document.standardError;
    totals_.scoredTokens += document.scoredTokens;
    totals_.skippedTokens += document.skippedTokens;
    totals_.conditionedTokens += document.conditionedTokens;
    totals_.siteUpdates += document.siteUpdates;
    heavyTailed_ += document.heavyTailed();
    lognormal_ += document.lognormal;
    empty_ += document.scoredTokens == 0;
    each(d, documentEstimate(document, documents.name(d), stochasticOnce));
  }
}

void EvaluationTotals::fill(EvaluateResult& result) {
  totals_.totalStandardError = std::sqrt(variance_);
  fillEvaluation(result, totals_, DocumentCollection{}, nullptr);
  result.heavyTailedDocuments = heavyTailed_;
  result.emptyDocuments = empty_;
  result.lognormalDocuments = lognormal_;
  setIntervals(result);
}

void markErrorsOfOneRun(EvaluateResult& result) {
  if (!result.estimator.stochastic || result.estimator.runs != 1) return;
  result.totalStandardError = result.perTokenStandardError = result.perplexityStandardError = std::nan("");
  result.logMeanBias = std::nan("");
  for (DocumentEstimate& document : result.documents) document.standardError = std::nan("");
  setIntervals(result);
}

void setIntervals(EvaluateResult& result) {
  result.logLikelihoodInterval = headlineInterval(result.total, result.totalStandardError, result.logMeanBias);
  result.intervalUnsupported = unsupportedInterval(result.totalStandardError, result.logMeanBias);
  result.perTokenInterval = perTokenOf(result.logLikelihoodInterval, static_cast<double>(result.scoredTokens));
}

std::string unsupportedInterval(double standardError, double logMeanBias) {
  if (!std::isfinite(standardError) || !std::isfinite(logMeanBias) ||
      !(logMeanBias > kUnsupportedBoundRatio * kIntervalZ * standardError))
    return {};
  char text[240];
  std::snprintf(text, sizeof text,
                "its log-mean bias bound (%.3g nats) is more than twice its statistical half-width (%.3g): the "
                "interval rests on what the runs say of their own tail",
                logMeanBias, kIntervalZ * standardError);
  return text;
}

Interval logRatioInterval(const RatioResult& ratios) {
  RatioDirection forward, reverse;
  double forwardVariance = 0.0, reverseVariance = 0.0;
  for (const DocumentRatio& document : ratios.documents) {
    if (document.tokens == 0) continue;
    forward.run = !document.forwardSamples.empty();
    reverse.run = !document.reverseSamples.empty();
    const double f = document.forwardError * document.forwardError, r = document.reverseError * document.reverseError;
    if (forward.run) {
      forward.total += document.forward;
      forwardVariance += f;
      forward.biasBound += 0.5 * f;
    }
    if (reverse.run) {
      reverse.total += document.reverse;
      reverseVariance += r;
      reverse.biasBound += 0.5 * r;
    }
  }
  forward.standardError = std::sqrt(forwardVariance);
  reverse.standardError = std::sqrt(reverseVariance);
  return ratioInterval(forward, reverse);
}

}  // namespace topiceval
