#include "native/estimators/estimator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

double EvaluationResult::perplexity() const { return std::exp(-perTokenLogLikelihood()); }

LogMean logMeanExp(std::span<const double> logValues) {
  if (logValues.empty()) return {0.0, 0.0};
  const double largest = *std::max_element(logValues.begin(), logValues.end());
  if (!std::isfinite(largest)) return {largest, 0.0};
  const auto count = static_cast<double>(logValues.size());
  double sum = 0.0;
  for (const double value : logValues) sum += std::exp(value - largest);
  const double mean = sum / count;
  double squares = 0.0;
  for (const double value : logValues) {
    const double deviation = std::exp(value - largest) - mean;
    squares += deviation * deviation;
  }
  const double standardError = logValues.size() > 1 ? std::sqrt(squares / (count - 1.0) / count) : 0.0;
  return {largest + std::log(mean), standardError / mean};
}

EvaluationResult evaluateDocuments(DocumentEstimator& estimator, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options) {
  if (options.runs < 1) throw std::invalid_argument("the number of runs must be at least 1");
  const std::size_t runs = estimator.stochastic() ? static_cast<std::size_t>(options.runs) : 1;
  const int threads = resolveThreads(options.threads);
  estimator.prepare(threads);

  EvaluationResult result;
  result.documents.resize(documents.size());
  for (std::size_t d = 0; d < documents.size(); ++d) {
    DocumentResult& document = result.documents[d];
    document.runLogLikelihoods.assign(runs, 0.0);
    for (const int32_t type : documents.document(d)) {
      if (model.scored(type)) {
        ++document.scoredTokens;
      } else {
        ++document.skippedTokens;
      }
    }
  }
  if (options.progress != nullptr) options.progress->setTotal(documents.size() * runs, documents.totalTokens() * runs);
  // Longest documents first (every estimator's cost grows with length).
  std::vector<uint64_t> lengths(documents.size());
  for (std::size_t d = 0; d < documents.size(); ++d) lengths[d] = documents.length(d);
  const std::vector<std::size_t> schedule = costliestFirst(lengths);
  runInParallel(documents.size() * runs, threads, [&](std::size_t unit, int worker) {
    const std::size_t d = schedule[unit / runs];
    const std::size_t run = unit % runs;
    const EstimateKey key{options.seed, d, run};
    result.documents[d].runLogLikelihoods[run] = estimator.logLikelihood(documents.document(d), key, worker);
    if (options.progress != nullptr) options.progress->advance(1, documents.length(d));
  });
  for (DocumentResult& document : result.documents) {
    const LogMean mean = logMeanExp(document.runLogLikelihoods);
    document.logLikelihood = mean.logMean;
    document.relativeStandardError = mean.relativeStandardError;
    result.totalLogLikelihood += document.logLikelihood;
    result.scoredTokens += document.scoredTokens;
    result.skippedTokens += document.skippedTokens;
  }
  return result;
}

}  // namespace topiceval
