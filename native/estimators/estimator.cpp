// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/estimator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "native/estimators/documents_on_ranks.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/setting_error.hpp"
#include "topiceval/choices.hpp"

namespace topiceval {

std::string runCombinationName(RunCombination combination) {
  return combination == RunCombination::Lognormal ? kLognormalCombination : kLogOfMeanCombination;
}

double EvaluationResult::perplexity() const { return std::exp(-perTokenLogLikelihood()); }

LogMean logMeanExp(std::span<const double> logValues) {
  const std::size_t count = logValues.size();
  if (count == 0) return {0.0, 0.0, 0.0};
  const auto largest = std::max_element(logValues.begin(), logValues.end());
  if (!std::isfinite(*largest)) return {*largest, count > 1 ? 0.0 : std::nan(""), 1.0};
  double sum = 0.0;
  double squares = 0.0;
  for (const double value : logValues) {
    const double weight = std::exp(value - *largest);
    sum += weight;
    squares += weight * weight;
  }
  const double logMean = *largest + std::log(sum / static_cast<double>(count));
  const double effective = sum * sum / squares;
  if (count == 1) return {logMean, std::nan(""), effective};
  // Leave-one-out means. Without the largest value the others are summed
  // afresh against the runner-up, so a dominant value cannot leave 0 behind.
  const auto others = static_cast<double>(count - 1);
  const std::size_t top = static_cast<std::size_t>(largest - logValues.begin());
  double runnerUp = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < count; ++i) {
    if (i != top) runnerUp = std::max(runnerUp, logValues[i]);
  }
  double withoutTop = 0.0;
  if (std::isfinite(runnerUp)) {
    double rest = 0.0;
    for (std::size_t i = 0; i < count; ++i) {
      if (i != top) rest += std::exp(logValues[i] - runnerUp);
    }
    withoutTop = runnerUp + std::log(rest / others);
  } else {
    withoutTop = runnerUp;  // every other value is 0: the estimate rests on one run
  }
  if (!std::isfinite(withoutTop)) return {logMean, std::numeric_limits<double>::infinity(), effective};
  double leaveOneOutSum = 0.0;
  std::vector<double> leaveOneOut(count);
  for (std::size_t i = 0; i < count; ++i) {
    leaveOneOut[i] = i == top ? withoutTop : *largest + std::log((sum - std::exp(logValues[i] - *largest)) / others);
    leaveOneOutSum += leaveOneOut[i];
  }
  const double leaveOneOutMean = leaveOneOutSum / static_cast<double>(count);
  double spread = 0.0;
  for (const double value : leaveOneOut) spread += (value - leaveOneOutMean) * (value - leaveOneOutMean);
  const double jackknife = std::sqrt(others / static_cast<double>(count) * spread);
  // The lognormal error: the sample variance s^2 of the logarithms read as
  // that of a lognormal; the mean of R such draws is close to a lognormal of
  // log-variance log(1 + (e^{s^2} - 1) / R) (Fenton 1960; Wilkinson's moment
  // match), which tends to s^2 / R for close values and to s^2 - log R
  // (never overflowing) for far-apart ones.
  double logSum = 0.0;
  for (const double value : logValues) logSum += value;
  const double logAverage = logSum / static_cast<double>(count);
  double logSquares = 0.0;
  for (const double value : logValues) logSquares += (value - logAverage) * (value - logAverage);
  const double logVariance = logSquares / others;
  const double meanLogVariance = logVariance < 700.0 ? std::log1p(std::expm1(logVariance) / static_cast<double>(count))
                                                     : logVariance - std::log(static_cast<double>(count));
  const double lognormal = std::sqrt(meanLogVariance);
  return {logMean, std::max(jackknife, lognormal), effective};
}

LognormalMean lognormalMean(std::span<const double> logValues) {
  const std::size_t count = logValues.size();
  if (count == 0) return {0.0, 0.0, 0.0};
  for (const double value : logValues) {
    if (!std::isfinite(value)) {
      const LogMean mean = logMeanExp(logValues);
      return {mean.logMean, mean.standardError, std::numeric_limits<double>::infinity()};
    }
  }
  double sum = 0.0;
  for (const double value : logValues) sum += value;
  const double average = sum / static_cast<double>(count);
  if (count == 1) return {average, std::nan(""), std::nan("")};
  double squares = 0.0;
  for (const double value : logValues) squares += (value - average) * (value - average);
  const double variance = squares / static_cast<double>(count - 1);
  const double error = std::sqrt(variance / static_cast<double>(count) +
                                 variance * variance / (2.0 * static_cast<double>(count - 1)));
  return {average + variance / 2.0, error, variance};
}

bool heavyTailed(const LogMean& mean, std::size_t samples) {
  return samples >= kFewestSamplesForTails && mean.effectiveSamples < 0.5 * static_cast<double>(samples);
}

bool DocumentResult::heavyTailed() const {
  return topiceval::heavyTailed({logLikelihood, standardError, effectiveRuns}, runLogLikelihoods.size());
}

std::size_t EvaluationResult::heavyTailedDocuments() const {
  return static_cast<std::size_t>(
      std::count_if(documents.begin(), documents.end(), [](const DocumentResult& d) { return d.heavyTailed(); }));
}

void DocumentEstimator::positionLogLikelihoods(std::span<const int32_t>, const EstimateKey&, int,
                                               std::vector<double>&) const {
  throw std::logic_error(description() + " does not score token by token");
}

double DocumentEstimator::completionLogLikelihood(std::span<const int32_t> document, std::size_t observed,
                                                  const EstimateKey& key, int worker) const {
  thread_local std::vector<double> terms;
  positionLogLikelihoods(document, key, worker, terms);
  double completion = 0.0;
  for (std::size_t n = observed; n < terms.size(); ++n) completion += terms[n];
  return completion;
}

namespace {

thread_local uint64_t siteUpdatesOfThisThread = 0;

}  // namespace

void countSiteUpdates(uint64_t updates) { siteUpdatesOfThisThread += updates; }

namespace {

// The document reordered as (w1, w2) and the length of w1 (see DocumentSplit).
std::size_t splitDocument(std::span<const int32_t> document, DocumentSplit split, std::vector<int32_t>& reordered) {
  reordered.clear();
  if (split == DocumentSplit::FirstHalf) {
    reordered.assign(document.begin(), document.end());
    return document.size() / 2;
  }
  for (std::size_t n = 0; n < document.size(); n += 2) reordered.push_back(document[n]);
  const std::size_t observed = reordered.size();
  for (std::size_t n = 1; n < document.size(); n += 2) reordered.push_back(document[n]);
  return observed;
}

}  // namespace

EvaluationResult evaluateDocuments(DocumentEstimator& estimator, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options) {
  if (options.runs < 1) throw std::invalid_argument("the number of runs must be at least 1");
  const bool completing = options.completion != DocumentSplit::None;
  if (completing && !estimator.completesDocuments())
    throw SettingError("complete-documents", "is not available for " + estimator.description() +
                                                 " (left-to-right, resample-move, ais, importance-sampling and "
                                                 "estimated-theta complete documents)");
  if (!completing && !estimator.scoresWholeDocuments())
    throw SettingError("complete-documents", "is needed by " + estimator.description() +
                                                 ", which scores only w2 given w1: pass first-half or alternate");
  const std::size_t runs = estimator.stochastic() ? static_cast<std::size_t>(options.runs) : 1;
  const int threads = resolveThreads(options.threads);
  estimator.prepare(threads);

  EvaluationResult result;
  result.documents.resize(documents.size());
  std::vector<std::size_t> all;
  if (options.only == nullptr) {
    all.resize(documents.size());
    for (std::size_t d = 0; d < documents.size(); ++d) all[d] = d;
  }
  const std::vector<std::size_t>& chosen = options.only != nullptr ? *options.only : all;
  std::vector<std::vector<int32_t>> reordered(completing ? documents.size() : 0);
  std::vector<std::size_t> observed(documents.size(), 0);
  uint64_t chosenTokens = 0;
  // Each document's conditioned, scored and skipped tokens, counted where its
  // tokens are (see documents_on_ranks.hpp).
  std::vector<uint64_t> tokenCounts(3 * documents.size(), 0);
  for (const std::size_t d : chosen) {
    result.documents[d].runLogLikelihoods.assign(runs, 0.0);
    chosenTokens += documents.length(d);
    if (!documents.mine(d)) continue;
    std::span<const int32_t> tokens = documents.document(d);
    if (completing) {
      observed[d] = splitDocument(tokens, options.completion, reordered[d]);
      tokens = reordered[d];
    }
    for (std::size_t n = 0; n < tokens.size(); ++n) {
      const bool scored = model.scored(tokens[n]);
      if (n < observed[d]) {
        tokenCounts[3 * d] += scored;  // a conditioning word the model skips counts nowhere
      } else {
        ++tokenCounts[3 * d + (scored ? 1 : 2)];
      }
    }
  }
  if (documents.dealt() && cluster().size() > 1) cluster().gather(tokenCounts, {documents.share()->owners, 3});
  for (const std::size_t d : chosen) {
    result.documents[d].conditionedTokens = tokenCounts[3 * d];
    result.documents[d].scoredTokens = tokenCounts[3 * d + 1];
    result.documents[d].skippedTokens = tokenCounts[3 * d + 2];
  }
  if (options.progress != nullptr) options.progress->setTotal(chosen.size() * runs, chosenTokens * runs, runs);
  // Costliest documents first, and under MPI only this rank's share of them
  // (see Cluster); the results are gathered from the ranks.
  std::vector<uint64_t> costs(chosen.size());
  for (std::size_t i = 0; i < chosen.size(); ++i) costs[i] = estimator.relativeCost(documents.length(chosen[i]));
  std::vector<std::size_t> schedule = scheduleOnThisRank(costs, documents, chosen);
  const std::vector<int> owners = ownersOnRanks(costs, documents, chosen);
  for (std::size_t& unit : schedule) unit = chosen[unit];
  if (cluster().size() > 1) {
    if (options.progress != nullptr) {
      uint64_t tokens = 0;
      for (const std::size_t d : schedule) tokens += documents.length(d);
      options.progress->setTotal(schedule.size() * runs, tokens * runs, runs);  // this rank's share
    }
  }
  std::vector<double> values(documents.size() * runs, 0.0);       // by (document, run)
  std::vector<uint64_t> siteUpdates(documents.size() * runs, 0);  // no thread shares a slot
  computeOnRanksAndGather(
      [&] {
        runInParallel(schedule.size() * runs, threads, [&](std::size_t unit, int worker) {
          const std::size_t d = schedule[unit / runs];
          const std::size_t run = unit % runs;
          const EstimateKey key{options.seed, options.firstDocument + d, options.firstRun + run};
          siteUpdatesOfThisThread = 0;
          values[d * runs + run] = completing
                                       ? estimator.completionLogLikelihood(reordered[d], observed[d], key, worker)
                                       : estimator.logLikelihood(documents.document(d), key, worker);
          siteUpdates[d * runs + run] = siteUpdatesOfThisThread;
          if (options.progress != nullptr) options.progress->advance(1, documents.length(d));
        });
      },
      owners, values, runs, siteUpdates, runs);
  result.combination = estimator.runCombination();
  for (const std::size_t d : chosen) {
    DocumentResult& document = result.documents[d];
    for (std::size_t run = 0; run < runs; ++run) {
      document.runLogLikelihoods[run] = values[d * runs + run];
      document.siteUpdates += siteUpdates[d * runs + run];
    }
    const LogMean mean = logMeanExp(document.runLogLikelihoods);
    document.effectiveRuns = mean.effectiveSamples;
    document.logLikelihood = mean.logMean;
    // A document with nothing scored is exactly 0 whatever the estimator.
    if (!estimator.stochastic() || document.scoredTokens == 0) {
      document.standardError = 0.0;
      continue;
    }
    const LognormalMean lognormal =
        result.combination == RunCombination::Lognormal && runs > 1 ? lognormalMean(document.runLogLikelihoods)
                                                                    : LognormalMean{0.0, 0.0, std::nan("")};
    document.lognormal = lognormal.logVariance <= kLognormalRegime;
    if (document.lognormal) {
      document.logLikelihood = lognormal.estimate;
      // The larger of the two errors of the same runs: on heavy-tailed
      // exact models (tests/estimators/heavy_tail_coverage_test.cpp) the
      // lognormal error alone held 92-99% of 6 models' totals over 100
      // seeds, the larger 95-99% for 4% more width.
      document.standardError = std::max(lognormal.standardError, mean.standardError);
      // What a mode the runs under-sampled leaves low: half the log of the
      // mean's bound (kLognormalBoundShare). Without it the short reference
      // sets' totals were held at 37-38 seeds of 40, with it 38-40 for 10%
      // more width (benchmarks/coverage-study.py, the guide's error page).
      document.logMeanBias = kLognormalBoundShare * 0.5 * mean.standardError * mean.standardError;
    } else {
      document.standardError = mean.standardError;
      document.logMeanBias = 0.5 * mean.standardError * mean.standardError;  // NaN for one run
    }
  }
  sumTotals(result);  // documents left out hold zeros
  return result;
}

void sumTotals(EvaluationResult& result) {
  double variance = 0.0;
  result.totalLogLikelihood = result.logMeanBias = 0.0;
  result.scoredTokens = result.skippedTokens = result.conditionedTokens = result.siteUpdates = 0;
  for (const DocumentResult& document : result.documents) {
    variance += document.standardError * document.standardError;
    result.totalLogLikelihood += document.logLikelihood;
    result.logMeanBias += document.logMeanBias;
    result.scoredTokens += document.scoredTokens;
    result.skippedTokens += document.skippedTokens;
    result.conditionedTokens += document.conditionedTokens;
    result.siteUpdates += document.siteUpdates;
  }
  result.totalStandardError = std::sqrt(variance);
}

}  // namespace topiceval
