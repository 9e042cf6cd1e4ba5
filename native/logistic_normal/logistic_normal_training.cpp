// SPDX-License-Identifier: Apache-2.0
#include "native/logistic_normal/logistic_normal_training.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

namespace {

// Documents per parallel task: fixed, so that the sums over a block, and the
// order in which blocks are added, do not depend on the thread count.
constexpr std::size_t kDocumentsPerBlock = 32;

// Sigma from the M-step is positive semi-definite by construction, but with
// fewer documents than dimensions (or rounding) it can be singular: a ridge
// of 1e-6 of its mean variance is added, growing tenfold until it factors.
void makePositiveDefinite(std::vector<double>& covariance, std::size_t d) {
  Cholesky factor;
  if (factor.factor(covariance, d)) return;
  double trace = 0.0;
  for (std::size_t i = 0; i < d; ++i) trace += covariance[i * d + i];
  double ridge = 1e-6 * std::max(trace / static_cast<double>(d), 1e-6);
  for (int attempt = 0; attempt < 30; ++attempt, ridge *= 10.0) {
    std::vector<double> ridged = covariance;
    for (std::size_t i = 0; i < d; ++i) ridged[i * d + i] += ridge;
    if (factor.factor(ridged, d)) {
      covariance = std::move(ridged);
      return;
    }
  }
  throw std::runtime_error("the M-step's covariance cannot be made positive definite");
}

}  // namespace

LogisticNormalModel initialLogisticNormalModel(const DocumentCollection& documents, std::size_t numTypes, int numTopics,
                                               uint64_t seed, int sweeps) {
  LogisticNormalModel model;
  model.numTopics = numTopics;
  model.numTypes = numTypes;
  const auto d = static_cast<std::size_t>(numTopics - 1);
  model.mean.assign(d, 0.0);
  model.covariance.assign(d * d, 0.0);
  for (std::size_t i = 0; i < d; ++i) model.covariance[i * d + i] = 1.0;
  const auto K = static_cast<std::size_t>(numTopics);
  // Collapsed Gibbs sampling for LDA (Griffiths & Steyvers 2004) with
  // alpha = 0.1 and beta = 0.01, from assignments drawn uniformly.
  constexpr double kAlpha = 0.1, kBeta = 0.01;
  RandomStream random(seed, {0x4C6F4E54414DULL});  // ("LoNTAM")
  std::vector<double> topicWord(K * numTypes, 0.0), topicTotals(K, 0.0), documentTopic(K), weights(K);
  std::vector<uint32_t> assignments(documents.totalTokens());
  const auto visit = [&](const auto& step) {
    std::size_t position = 0;
    for (std::size_t doc = 0; doc < documents.size(); ++doc) {
      const auto tokens = documents.document(doc);
      std::fill(documentTopic.begin(), documentTopic.end(), 0.0);
      for (std::size_t n = 0; n < tokens.size(); ++n) {
        if (tokens[n] >= 0 && static_cast<std::size_t>(tokens[n]) < numTypes)
          documentTopic[assignments[position + n]] += 1.0;
      }
      for (std::size_t n = 0; n < tokens.size(); ++n, ++position) {
        if (tokens[n] < 0 || static_cast<std::size_t>(tokens[n]) >= numTypes) continue;
        step(static_cast<std::size_t>(tokens[n]), assignments[position]);
      }
    }
  };
  for (uint32_t& topic : assignments) topic = static_cast<uint32_t>(random.below(K));
  visit([&](std::size_t type, uint32_t topic) {
    topicWord[topic * numTypes + type] += 1.0;
    topicTotals[topic] += 1.0;
  });
  const double betaSum = kBeta * static_cast<double>(numTypes);
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    visit([&](std::size_t type, uint32_t& topic) {
      topicWord[topic * numTypes + type] -= 1.0;
      topicTotals[topic] -= 1.0;
      documentTopic[topic] -= 1.0;
      double total = 0.0;
      for (std::size_t k = 0; k < K; ++k)
        total += weights[k] =
            (documentTopic[k] + kAlpha) * (topicWord[k * numTypes + type] + kBeta) / (topicTotals[k] + betaSum);
      double target = random.uniform() * total;
      std::size_t chosen = 0;
      while (chosen + 1 < K && (target -= weights[chosen]) > 0.0) ++chosen;
      topic = static_cast<uint32_t>(chosen);
      topicWord[topic * numTypes + type] += 1.0;
      topicTotals[topic] += 1.0;
      documentTopic[topic] += 1.0;
    });
  }
  model.logTopicWord.resize(K * numTypes);
  for (std::size_t k = 0; k < K; ++k) {
    for (std::size_t w = 0; w < numTypes; ++w)
      model.logTopicWord[k * numTypes + w] =
          std::log((topicWord[k * numTypes + w] + kBeta) / (topicTotals[k] + betaSum));
  }
  return model;
}

TrainingResult trainLogisticNormal(const DocumentCollection& documents, std::size_t numTypes,
                                   std::shared_ptr<const Alphabet> alphabet, const TrainingOptions& options,
                                   const LogisticNormalModel* start) {
  if (options.numTopics < 2) throw std::invalid_argument("a logistic-normal model needs at least 2 topics");
  const auto started = std::chrono::steady_clock::now();
  TrainingResult result;
  result.model = start != nullptr ? *start
                                  : initialLogisticNormalModel(documents, numTypes, options.numTopics, options.seed,
                                                               options.initialSweeps);
  result.model.alphabet = std::move(alphabet);
  LogisticNormalModel& model = result.model;
  const auto d = static_cast<std::size_t>(model.dimensions());
  const auto K = static_cast<std::size_t>(model.numTopics);

  std::vector<WordCounts> words;
  for (std::size_t i = 0; i < documents.size(); ++i) {
    WordCounts counts = WordCounts::of(documents.document(i), model);
    if (counts.total > 0.0) words.push_back(std::move(counts));
  }
  if (words.empty()) throw std::invalid_argument("no document has a word inside the vocabulary");
  const std::size_t D = words.size();
  const std::size_t blocks = (D + kDocumentsPerBlock - 1) / kDocumentsPerBlock;

  std::vector<double> means(D * d, 0.0);  // a_d, each document's last posterior mean (its next start)
  std::vector<int> iterations(D);
  std::vector<uint8_t> converged(D);
  std::vector<double> bounds(D), objectives(D);
  std::vector<double> blockCovariances(blocks * d * d);  // sum of S_d over each block
  const int threads = resolveThreads(options.threads);
  double previous = std::numeric_limits<double>::quiet_NaN();
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    if (options.progress != nullptr) options.progress->setTotal(D, 0);
    const GammaPosteriorInference inference(model);
    runInParallel(blocks, threads, [&](std::size_t block, int) {
      double* covarianceSum = blockCovariances.data() + block * d * d;
      std::fill(covarianceSum, covarianceSum + d * d, 0.0);
      const std::size_t first = block * kDocumentsPerBlock, last = std::min(D, first + kDocumentsPerBlock);
      for (std::size_t doc = first; doc < last; ++doc) {
        const std::span<double> mean(means.data() + doc * d, d);
        const GammaPosterior posterior =
            inference.fit(words[doc], options.method, iteration == 1 ? std::span<const double>{} : mean);
        std::copy(posterior.mean.begin(), posterior.mean.end(), mean.begin());
        for (std::size_t i = 0; i < d * d; ++i) covarianceSum[i] += posterior.covariance[i];
        bounds[doc] = posterior.bound;
        objectives[doc] = posterior.objective;
        iterations[doc] = posterior.iterations;
        converged[doc] = posterior.converged;
        if (options.progress != nullptr) options.progress->advance(1, static_cast<uint64_t>(words[doc].total));
      }
    });

    TrainingIteration report;
    report.iteration = iteration;
    for (std::size_t doc = 0; doc < D; ++doc) {
      report.bound += bounds[doc];
      report.objective += objectives[doc];
      report.meanEStepIterations += iterations[doc];
      report.unconvergedDocuments += converged[doc] == 0;
    }
    report.meanEStepIterations /= static_cast<double>(D);
    report.relativeChange = (report.objective - previous) / std::abs(previous);

    // M-step, in document order.
    std::vector<double> mean(d, 0.0), covariance(d * d, 0.0);
    for (std::size_t doc = 0; doc < D; ++doc) {
      for (std::size_t i = 0; i < d; ++i) mean[i] += means[doc * d + i];
    }
    for (double& value : mean) value /= static_cast<double>(D);
    for (std::size_t block = 0; block < blocks; ++block) {
      for (std::size_t i = 0; i < d * d; ++i) covariance[i] += blockCovariances[block * d * d + i];
    }
    for (std::size_t doc = 0; doc < D; ++doc) {
      const double* a = means.data() + doc * d;
      for (std::size_t i = 0; i < d; ++i) {
        for (std::size_t j = 0; j < d; ++j) covariance[i * d + j] += (a[i] - mean[i]) * (a[j] - mean[j]);
      }
    }
    for (double& value : covariance) value /= static_cast<double>(D);
    makePositiveDefinite(covariance, d);
    std::vector<double> topicWord(K * numTypes, options.topicWordSmoothing);
    for (std::size_t doc = 0; doc < D; ++doc)
      inference.addExpectedCounts(words[doc], std::span<const double>(means.data() + doc * d, d), topicWord);
    for (std::size_t k = 0; k < K; ++k) {
      double* row = topicWord.data() + k * numTypes;
      double total = 0.0;
      for (std::size_t w = 0; w < numTypes; ++w) total += row[w];
      for (std::size_t w = 0; w < numTypes; ++w) row[w] = std::log(row[w] / total);
    }
    model.mean = std::move(mean);
    model.covariance = std::move(covariance);
    model.logTopicWord = std::move(topicWord);

    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    result.iterations.push_back(report);
    if (options.onIteration) options.onIteration(report);
    // The Taylor objective need not rise at every iteration (the expansion
    // point moves), so convergence is a small change either way.
    if (iteration > 1 && std::abs(report.relativeChange) < options.tolerance) {
      result.converged = true;
      break;
    }
    previous = report.objective;
  }
  // Never hand on (or let anyone write) a model that topiceval itself would refuse.
  if (const std::string problem = findLogisticNormalProblem(result.model); !problem.empty())
    throw std::runtime_error("training went numerically wrong (" + problem +
                             "); nothing was written: try a smaller --topic-word-smoothing or fewer topics");
  return result;
}

}  // namespace topiceval
