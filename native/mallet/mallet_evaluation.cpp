// SPDX-License-Identifier: Apache-2.0
#include "native/mallet/mallet_evaluation.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <cmath>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "native/java/java_math.hpp"
#include "native/java/java_random.hpp"
#include "native/estimators/left_to_right_estimator.hpp"
#include "native/model/scoring_model.hpp"
#include "native/mallet/mallet_left_to_right.hpp"
#include "native/estimators/documents_on_ranks.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

namespace {

// The documents this process computes, costliest first: all of them, or under
// MPI this rank's share (see Cluster; every rank ends with every document's
// value). With --show-words rank 0 computes every document (the words'
// probabilities are not gathered) and the others none.
std::vector<std::size_t> malletSchedule(const std::vector<uint64_t>& costs, const DocumentCollection& documents,
                                        const MalletEvaluationOptions& options) {
  const std::vector<std::size_t> schedule = !options.keepWordProbabilities ? scheduleOnThisRank(costs, documents)
                                            : cluster().rank() == 0        ? costliestFirst(costs)
                                                                           : std::vector<std::size_t>{};
  if (options.progress != nullptr && !options.batch) {
    uint64_t tokens = 0;
    for (const std::size_t d : schedule) tokens += documents.length(d);
    options.progress->setTotal(schedule.size(), tokens);
  }
  return schedule;
}

// Who computes each document of malletSchedule's deal (rank 0 every one with the words' probabilities).
std::vector<int> malletOwners(const std::vector<uint64_t>& costs, const DocumentCollection& documents,
                              const MalletEvaluationOptions& options) {
  if (options.keepWordProbabilities && cluster().size() > 1) return std::vector<int>(documents.size(), 0);
  return ownersOnRanks(costs, documents);
}

// Holds the per-particle probabilities of the documents being worked on, and
// hands a document to whoever finishes its last particle.
class DocumentsInFlight {
 public:
  DocumentsInFlight(const DocumentCollection& documents, int particles, int groups)
      : documents_(documents), particles_(particles), groups_(groups) {}

  double* buffer(std::size_t document) {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto found = pending_.find(document);
    if (found == pending_.end()) {
      std::vector<double> storage;
      if (!pool_.empty()) {
        storage = std::move(pool_.back());
        pool_.pop_back();
      }
      storage.assign(documents_.length(document) * static_cast<std::size_t>(particles_), 0.0);
      found = pending_.emplace(document, Pending{std::move(storage), groups_}).first;
    }
    return found->second.probabilities.data();
  }

  // Marks one group of `document`'s particles done; returns its probabilities when it was the last.
  bool finish(std::size_t document, std::vector<double>& completed) {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto found = pending_.find(document);
    if (--found->second.remaining > 0) return false;
    completed = std::move(found->second.probabilities);
    pending_.erase(found);
    return true;
  }

  void recycle(std::vector<double>&& storage) {
    const std::lock_guard<std::mutex> lock(mutex_);
    pool_.push_back(std::move(storage));
  }

 private:
  struct Pending {
    std::vector<double> probabilities;  // [particle * length + position]
    int remaining;
  };
  const DocumentCollection& documents_;
  const int particles_;
  const int groups_;
  std::mutex mutex_;
  std::unordered_map<std::size_t, Pending> pending_;
  std::vector<std::vector<double>> pool_;
};

}  // namespace

namespace {

// evaluate-topics --exact false: MALLET's estimator and output, topiceval's sampler.
MalletEvaluationResult evaluateWithFastSampler(const TopicModel& model, const DocumentCollection& documents,
                                               const MalletEvaluationOptions& options) {
  const ScoringModel scoring(model, UnseenWords::Skip, documents);  // MALLET's evaluator rule
  LeftToRightEstimator estimator(
      scoring, options.particles,
      options.resampling ? SamplerVariant::LeftToRightResampling : SamplerVariant::LeftToRight, options.instructionSet);
  const int threads = resolveThreads(options.threads);
  estimator.prepare(threads);
  MalletEvaluationResult result;
  result.documentLogLikelihoods.assign(documents.size(), 0.0);
  std::vector<std::vector<MalletEvaluationResult::ScoredWord>> wordsByDocument(
      options.keepWordProbabilities ? documents.size() : 0);
  const MalletLeftToRightSampler counter(model);
  const std::vector<uint64_t> cost = countOnRanks(
      documents, [&](std::size_t d) { return counter.uniformsPerParticle(documents.document(d), options.resampling); });
  for (const uint64_t uniforms : cost) result.siteUpdates += uniforms * static_cast<uint64_t>(options.particles);
  const std::vector<std::size_t> schedule = malletSchedule(cost, documents, options);
  const std::vector<int> owners = malletOwners(cost, documents, options);
  computeOnRanksAndGather(
      [&] {
        runInParallel(schedule.size(), threads, [&](std::size_t unit, int worker) {
          const std::size_t d = schedule[unit];
          std::vector<double> probabilities;
          const EstimateKey key{static_cast<uint64_t>(static_cast<uint32_t>(options.seed)), options.firstDocument + d,
                                0};
          estimator.positionProbabilities(documents.document(d), key, worker, probabilities);
          double documentLogLikelihood = 0.0;
          for (std::size_t position = 0; position < probabilities.size(); ++position) {
            if (probabilities[position] > 0.0) {
              const double logProbability = std::log(probabilities[position]);
              documentLogLikelihood += logProbability;
              if (options.keepWordProbabilities)
                wordsByDocument[d].push_back({static_cast<uint32_t>(options.firstDocument + d),
                                              static_cast<uint32_t>(position), logProbability});
            }
          }
          result.documentLogLikelihoods[d] = documentLogLikelihood;
          if (options.progress != nullptr) options.progress->advance(1, documents.length(d));
        });
      },
      owners, result.documentLogLikelihoods, 1);
  for (const double value : result.documentLogLikelihoods) result.totalLogLikelihood += value;
  for (auto& words : wordsByDocument) result.words.insert(result.words.end(), words.begin(), words.end());
  return result;
}

}  // namespace

int32_t malletClockSeed() {
  std::random_device device;
  const auto now = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return static_cast<int32_t>(device() ^ static_cast<uint32_t>(now) ^ static_cast<uint32_t>(now >> 32));
}

MalletEvaluationResult evaluateLikeMallet(const TopicModel& model, const DocumentCollection& documents,
                                          const MalletEvaluationOptions& options) {
  if (options.particles < 1) throw std::invalid_argument("the number of particles must be at least 1");
  if (!options.exact) return evaluateWithFastSampler(model, documents, options);
  std::size_t longest = 0;
  for (std::size_t d = 0; d < documents.size(); ++d) longest = std::max(longest, documents.length(d));
  const MalletLeftToRightSampler sampler(model, longest, options.instructionSet);
  const auto particles = static_cast<std::size_t>(options.particles);
  const std::size_t numDocuments = documents.size();

  // Where each document's draws start in the single stream MALLET uses.
  const std::vector<uint64_t> uniformsPerParticle = countOnRanks(
      documents, [&](std::size_t d) { return sampler.uniformsPerParticle(documents.document(d), options.resampling); });
  std::vector<uint64_t> firstUniform(numDocuments);
  uint64_t totalUniforms = 0;
  for (std::size_t d = 0; d < numDocuments; ++d) {
    firstUniform[d] = options.uniformsBefore + totalUniforms;
    totalUniforms += uniformsPerParticle[d] * particles;
  }

  MalletEvaluationResult result;
  result.documentLogLikelihoods.assign(numDocuments, 0.0);
  result.siteUpdates = totalUniforms;
  std::vector<std::vector<MalletEvaluationResult::ScoredWord>> wordsByDocument(
      options.keepWordProbabilities ? numDocuments : 0);

  const double logNumParticles = javaLog(static_cast<double>(options.particles));
  const int threads = resolveThreads(options.threads);
  std::vector<MalletLeftToRightSampler::Scratch> scratch;
  for (int w = 0; w < threads; ++w) scratch.push_back(sampler.makeScratch());
  std::atomic<int64_t> samplingErrors{0};
  // Particles run in lockstep groups of nearly equal size.
  const ParticleGroups split{particles};
  const std::size_t groups = split.count();
  DocumentsInFlight inFlight(documents, options.particles, static_cast<int>(groups));

  auto combine = [&](std::size_t d, const std::vector<double>& probabilities) {
    // Same order as MALLET: particles summed in order per position, positions in order.
    const std::size_t length = documents.length(d);
    double documentLogLikelihood = 0.0;
    for (std::size_t position = 0; position < length; ++position) {
      double sum = 0.0;
      for (std::size_t particle = 0; particle < particles; ++particle)
        sum += probabilities[particle * length + position];
      if (sum > 0.0) {
        const double logProbability = javaLog(sum) - logNumParticles;
        documentLogLikelihood += logProbability;
        if (options.keepWordProbabilities)
          wordsByDocument[d].push_back(
              {static_cast<uint32_t>(options.firstDocument + d), static_cast<uint32_t>(position), logProbability});
      }
    }
    result.documentLogLikelihoods[d] = documentLogLikelihood;
    if (options.progress != nullptr) options.progress->advance(1, length);
  };

  // The order cannot change a bit: every unit starts its generators at its own
  // offset, and results are combined by document.
  const std::vector<std::size_t> schedule = malletSchedule(uniformsPerParticle, documents, options);
  const std::vector<int> owners = malletOwners(uniformsPerParticle, documents, options);
  std::vector<uint64_t> samplingErrorCount(1, 0);
  computeOnRanksAndGather(
      [&] {
        runInParallel(schedule.size() * groups, threads, [&](std::size_t unit, int worker) {
          const std::size_t d = schedule[unit / groups];
          const std::size_t first = split.first(unit % groups);
          const std::size_t count = split.size(unit % groups);
          const auto document = documents.document(d);
          double* probabilities = inFlight.buffer(d);
          // Particle p's draws start p * uniformsPerParticle[d] uniforms after particle 0's.
          std::vector<JavaRandom> randoms;
          randoms.reserve(count);
          randoms.emplace_back(options.seed);
          randoms.back().skip(2 * (firstUniform[d] + first * uniformsPerParticle[d]));
          const JavaRandom::Jump nextParticle = JavaRandom::Jump::of(2 * uniformsPerParticle[d]);
          for (std::size_t particle = first + 1; particle < first + count; ++particle) {
            randoms.push_back(randoms.back());
            randoms.back().jump(nextParticle);
          }
          const int errors = sampler.runParticles(document, options.resampling, randoms,
                                                  {probabilities + first * document.size(), count * document.size()},
                                                  *scratch[static_cast<std::size_t>(worker)]);
          if (errors != 0) samplingErrors += errors;
          std::vector<double> completed;
          if (inFlight.finish(d, completed)) {
            combine(d, completed);
            inFlight.recycle(std::move(completed));
          }
        });
        samplingErrorCount[0] = static_cast<uint64_t>(samplingErrors.load());
      },
      owners, result.documentLogLikelihoods, 1);
  cluster().sum(samplingErrorCount);  // one number for the whole job

  for (std::size_t d = 0; d < numDocuments; ++d) result.totalLogLikelihood += result.documentLogLikelihoods[d];
  if (options.keepWordProbabilities) {
    for (auto& words : wordsByDocument) result.words.insert(result.words.end(), words.begin(), words.end());
  }
  result.samplingErrors = static_cast<int64_t>(samplingErrorCount[0]);
  return result;
}

MalletEvaluationInBatches::MalletEvaluationInBatches(const TopicModel& model, const MalletEvaluationOptions& options)
    : model_(model), options_(options) {
  if (options.keepWordProbabilities) throw std::invalid_argument("the words' probabilities need the whole list");
  options_.batch = true;
}

void MalletEvaluationInBatches::add(const DocumentCollection& batch) {
  options_.firstDocument = result_.documentLogLikelihoods.size();
  MalletEvaluationResult part = evaluateLikeMallet(model_, batch, options_);
  options_.uniformsBefore += part.siteUpdates;  // MALLET's uniforms, all particles'
  result_.documentLogLikelihoods.insert(result_.documentLogLikelihoods.end(), part.documentLogLikelihoods.begin(),
                                        part.documentLogLikelihoods.end());
  result_.samplingErrors += part.samplingErrors;
  result_.siteUpdates += part.siteUpdates;
  tokens_ += batch.totalTokens();
}

MalletEvaluationResult MalletEvaluationInBatches::finish() {
  result_.totalLogLikelihood = 0.0;
  for (const double value : result_.documentLogLikelihoods) result_.totalLogLikelihood += value;
  return std::move(result_);
}

}  // namespace topiceval
