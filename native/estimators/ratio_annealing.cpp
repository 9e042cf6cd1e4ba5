// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/ratio_annealing.hpp"

#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"

#include <cmath>
#include <stdexcept>

#include "native/estimators/estimator.hpp"
#include "native/estimators/documents_on_ranks.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

// (The spellings are string literals: NUL-terminated.)
const char* describe(AnnealingPath path) { return spellingOf(path).data(); }

const char* describe(AnnealingDirection direction) { return spellingOf(direction).data(); }

namespace {

// log p(z | alpha) for topic counts `counts` over `tokens` tokens (Dirichlet-multinomial, one order).
double logPolya(std::span<const int32_t> counts, std::span<const double> alpha, double alphaSum, std::size_t tokens) {
  double value = std::lgamma(alphaSum) - std::lgamma(alphaSum + static_cast<double>(tokens));
  for (std::size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] != 0) value += std::lgamma(alpha[k] + counts[k]) - std::lgamma(alpha[k]);
  }
  return value;
}

// One end of an annealing path for one document: alpha and the dense phi rows
// of the document's distinct words ([word * K + k]).
struct PathEnd {
  std::vector<double> alpha;
  double alphaSum = 0.0;
  std::vector<double> phi;
  std::vector<double> logPhi;

  static PathEnd of(const ScoringModel& model, const DocumentPhi& rows) {
    PathEnd end;
    end.alpha = model.alpha();
    end.alphaSum = model.alphaSum();
    const auto topics = static_cast<std::size_t>(model.numTopics());
    end.phi.resize(rows.distinctWords() * topics);
    for (std::size_t j = 0; j < rows.distinctWords(); ++j)
      for (std::size_t k = 0; k < topics; ++k) end.phi[j * topics + k] = rows.phi(j)[k];
    end.logPhi.resize(end.phi.size());
    for (std::size_t i = 0; i < end.phi.size(); ++i) end.logPhi[i] = std::log(end.phi[i]);
    return end;
  }
  // The prior alone: phi = 1 everywhere, so annealing from it is Wallach et al.'s AIS.
  static PathEnd prior(const ScoringModel& model, std::size_t words) {
    PathEnd end;
    end.alpha = model.alpha();
    end.alphaSum = model.alphaSum();
    end.phi.assign(words * static_cast<std::size_t>(model.numTopics()), 1.0);
    end.logPhi.assign(end.phi.size(), 0.0);
    return end;
  }
};

// A chain of topic assignments for one document, annealed along a path.
class Annealer {
 public:
  // `progress`: its cancellation stops an annealing within a step (a
  // document's annealing at a large --temperatures is long).
  Annealer(std::vector<uint32_t> wordOfToken, std::size_t topics, const Progress* progress)
      : progress_(progress),
        wordOfToken_(std::move(wordOfToken)),
        topics_(topics),
        counts_(topics, 0),
        topicOf_(wordOfToken_.size(), 0),
        weights_(topics) {}

  // A draw from the prior (Polya urn), then `sweeps` Gibbs sweeps under `model`.
  void start(const PathEnd& model, int sweeps, RandomStream& random) {
    std::fill(counts_.begin(), counts_.end(), 0);
    for (std::size_t n = 0; n < topicOf_.size(); ++n) {
      double sample = random.uniform() * (model.alphaSum + static_cast<double>(n));
      std::size_t topic = 0;
      while (topic + 1 < topics_ && (sample -= model.alpha[topic] + counts_[topic]) > 0.0) ++topic;
      topicOf_[n] = static_cast<int32_t>(topic);
      ++counts_[topic];
    }
    for (int sweep = 0; sweep < sweeps; ++sweep) convexSweep(model, model, 0.0, random);
  }

  // Anneals from `from` to `to` in `steps` steps from the current assignments;
  // returns the log weight, an estimate of log(Z_to / Z_from).
  double anneal(const PathEnd& from, const PathEnd& to, AnnealingPath path, int steps, RandomStream& random) {
    if (topicOf_.empty()) return 0.0;
    double logWeight = 0.0;
    for (int j = 1; j <= steps; ++j) {
      if (progress_ != nullptr && progress_->cancelled()) throw Interrupted();
      const double previous = static_cast<double>(j - 1) / steps;
      const double current = static_cast<double>(j) / steps;
      logWeight += logJoint(from, to, path, current) - logJoint(from, to, path, previous);
      if (j == steps) break;
      if (path == AnnealingPath::Convex) {
        convexSweep(from, to, current, random);
      } else {
        geometricSweep(from, to, current, random);
      }
    }
    return logWeight;
  }

 private:
  // log f_b(z) for the current z on the path, up to terms that cancel between temperatures.
  double logJoint(const PathEnd& from, const PathEnd& to, AnnealingPath path, double b) const {
    const std::size_t tokens = topicOf_.size();
    if (path == AnnealingPath::Geometric) {
      double logFrom = logPolya(counts_, from.alpha, from.alphaSum, tokens);
      double logTo = logPolya(counts_, to.alpha, to.alphaSum, tokens);
      for (std::size_t n = 0; n < tokens; ++n) {
        const std::size_t at = wordOfToken_[n] * topics_ + static_cast<std::size_t>(topicOf_[n]);
        logFrom += from.logPhi[at];
        logTo += to.logPhi[at];
      }
      return logFrom + b * (logTo - logFrom);
    }
    mixedAlpha_.resize(topics_);
    double alphaSum = 0.0;
    for (std::size_t k = 0; k < topics_; ++k) {
      mixedAlpha_[k] = from.alpha[k] + b * (to.alpha[k] - from.alpha[k]);
      alphaSum += mixedAlpha_[k];
    }
    double value = logPolya(counts_, mixedAlpha_, alphaSum, tokens);
    for (std::size_t n = 0; n < tokens; ++n) {
      const std::size_t at = wordOfToken_[n] * topics_ + static_cast<std::size_t>(topicOf_[n]);
      value += std::log(from.phi[at] + b * (to.phi[at] - from.phi[at]));
    }
    return value;
  }

  // One sweep invariant for the topic model with alpha and phi interpolated at b.
  void convexSweep(const PathEnd& from, const PathEnd& to, double b, RandomStream& random) {
    mixedAlpha_.resize(topics_);
    for (std::size_t k = 0; k < topics_; ++k) mixedAlpha_[k] = from.alpha[k] + b * (to.alpha[k] - from.alpha[k]);
    mixedPhi_.resize(from.phi.size());
    for (std::size_t i = 0; i < mixedPhi_.size(); ++i) mixedPhi_[i] = from.phi[i] + b * (to.phi[i] - from.phi[i]);
    sweep(random, [&](std::size_t word, std::size_t k) {
      return (mixedAlpha_[k] + counts_[k]) * mixedPhi_[word * topics_ + k];
    });
  }

  // One sweep invariant for f_to^b f_from^(1-b): per topic,
  // ((alphaTo_k + c_k) phiTo_k)^b ((alphaFrom_k + c_k) phiFrom_k)^(1-b).
  void geometricSweep(const PathEnd& from, const PathEnd& to, double b, RandomStream& random) {
    mixedPhi_.resize(from.phi.size());
    for (std::size_t i = 0; i < mixedPhi_.size(); ++i)
      mixedPhi_[i] = std::exp(b * to.logPhi[i] + (1.0 - b) * from.logPhi[i]);
    const bool sameAlpha = from.alpha == to.alpha;
    sweep(random, [&](std::size_t word, std::size_t k) {
      const double prior =
          sameAlpha
              ? from.alpha[k] + counts_[k]
              : std::exp(b * std::log(to.alpha[k] + counts_[k]) + (1.0 - b) * std::log(from.alpha[k] + counts_[k]));
      return prior * mixedPhi_[word * topics_ + k];
    });
  }

  template <typename Weight>
  void sweep(RandomStream& random, const Weight& weight) {
    for (std::size_t n = 0; n < topicOf_.size(); ++n) {
      const std::size_t word = wordOfToken_[n];
      --counts_[static_cast<std::size_t>(topicOf_[n])];
      double total = 0.0;
      for (std::size_t k = 0; k < topics_; ++k) {
        weights_[k] = weight(word, k);
        total += weights_[k];
      }
      double sample = random.uniform() * total;
      std::size_t topic = 0;
      while (topic + 1 < topics_ && (sample -= weights_[topic]) > 0.0) ++topic;
      topicOf_[n] = static_cast<int32_t>(topic);
      ++counts_[topic];
    }
  }

  const Progress* progress_;
  std::vector<uint32_t> wordOfToken_;
  std::size_t topics_;
  std::vector<int32_t> counts_;
  std::vector<int32_t> topicOf_;
  std::vector<double> weights_;
  mutable std::vector<double> mixedAlpha_;
  std::vector<double> mixedPhi_;
};

std::vector<uint32_t> tokenWords(const DocumentPhi& rows) {
  std::vector<uint32_t> words(rows.tokens());
  for (std::size_t n = 0; n < rows.tokens(); ++n) words[n] = rows.word(n);
  return words;
}

}  // namespace

RatioResult estimateLogRatios(const ScoringModel& modelA, const ScoringModel& modelB,
                              const DocumentCollection& documents, const RatioAnnealingOptions& options) {
  if (modelA.numTopics() != modelB.numTopics())
    throw std::invalid_argument("the models have " + std::to_string(modelA.numTopics()) + " and " +
                                std::to_string(modelB.numTopics()) +
                                " topics; ratio-AIS anneals between models with the same number of topics");
  checkSettingRange("temperatures", options.temperatures, 1, SettingLimits::kTemperatures);
  checkSettingRange("burn-in", options.burnIn, 0, SettingLimits::kBurnIn);
  checkSettingRange("samples", options.samples, 1, SettingLimits::kSamples);
  const bool forward = options.direction != AnnealingDirection::Reverse;
  const bool reverse = options.direction != AnnealingDirection::Forward;
  const auto samples = static_cast<std::size_t>(options.samples);

  RatioResult result;
  result.documents.resize(documents.size());
  const int threads = resolveThreads(options.threads);
  // Units: (document, direction, sample), each with its own random stream.
  const std::size_t perDocument = 2 * samples;
  for (auto& document : result.documents) {
    document.forwardSamples.assign(forward ? samples : 0, 0.0);
    document.reverseSamples.assign(reverse ? samples : 0, 0.0);
  }
  // This process's documents (all, or under MPI this rank's share; see Cluster).
  std::vector<uint64_t> lengths(documents.size());
  for (std::size_t d = 0; d < documents.size(); ++d) lengths[d] = documents.length(d);
  const std::vector<std::size_t> schedule = scheduleOnThisRank(lengths, documents);
  const std::vector<int> owners = ownersOnRanks(lengths, documents);
  if (options.progress != nullptr) {
    uint64_t tokens = 0;
    for (const std::size_t d : schedule) tokens += documents.length(d);
    options.progress->setTotal(schedule.size() * (forward + reverse) * samples, tokens * (forward + reverse) * samples,
                               (forward + reverse) * samples);
  }
  // Every sample's log weight by (document, direction, sample), and the scored
  // tokens by document, gathered from the ranks.
  std::vector<double> logWeights(documents.size() * perDocument, 0.0);
  std::vector<uint64_t> sharedTokens(documents.size(), 0);
  computeOnRanksAndGather(
      [&] {
        runInParallel(schedule.size() * perDocument, threads, [&](std::size_t unit, int) {
          const std::size_t d = schedule[unit / perDocument];
          const bool isReverse = (unit % perDocument) >= samples;
          const std::size_t sample = unit % samples;
          if ((isReverse && !reverse) || (!isReverse && !forward)) return;
          std::vector<int32_t> shared;
          for (const int32_t type : documents.document(d)) {
            if (modelA.scored(type) && modelB.scored(type)) shared.push_back(type);
          }
          const ScoringModel& start = isReverse ? modelA : modelB;
          const ScoringModel& end = isReverse ? modelB : modelA;
          DocumentPhi startRows, endRows;
          startRows.build(start, shared);
          endRows.build(end, shared);
          const PathEnd from = PathEnd::of(start, startRows);
          const PathEnd to = PathEnd::of(end, endRows);
          RandomStream random(options.seed, {d, isReverse ? 1u : 0u, sample, 0x52414953});
          Annealer chain(tokenWords(startRows), static_cast<std::size_t>(start.numTopics()), options.progress);
          chain.start(from, options.burnIn, random);
          logWeights[d * perDocument + unit % perDocument] =
              chain.anneal(from, to, options.path, options.temperatures, random);
          if (sample == 0 && (!isReverse || !forward)) sharedTokens[d] = shared.size();
          if (options.progress != nullptr) options.progress->advance(1, documents.length(d));
        });
      },
      owners, logWeights, perDocument, sharedTokens, 1);
  for (std::size_t d = 0; d < documents.size(); ++d) {
    DocumentRatio& document = result.documents[d];
    for (std::size_t sample = 0; sample < samples; ++sample) {
      if (forward) document.forwardSamples[sample] = logWeights[d * perDocument + sample];            // log of A / B
      if (reverse) document.reverseSamples[sample] = logWeights[d * perDocument + samples + sample];  // of B / A
    }
    document.tokens = sharedTokens[d];
  }

  double differenceSum = 0.0, differenceSquares = 0.0;
  for (DocumentRatio& document : result.documents) {
    if (forward) {
      const LogMean mean = logMeanExp(document.forwardSamples);
      document.forward = mean.logMean;
      document.forwardError = mean.standardError;
    } else {
      document.forward = std::nan("");
    }
    if (reverse) {
      const LogMean mean = logMeanExp(document.reverseSamples);
      document.reverse = 0.0 - mean.logMean;  // an estimate of B / A, inverted (0.0 - x: no -0.0)
      document.reverseError = mean.standardError;
      for (double& value : document.reverseSamples) value = 0.0 - value;  // now log A / B estimates
    } else {
      document.reverse = std::nan("");
    }
    if (forward && reverse) {
      document.logRatio = 0.5 * (document.forward + document.reverse);
      document.logRatioError = 0.5 * std::hypot(document.forwardError, document.reverseError);
      const double spread = std::hypot(document.forwardError, document.reverseError);
      document.directionsDisagree = samples >= 5 && std::fabs(document.forward - document.reverse) > 3.0 * spread;
      const double difference = document.forward - document.reverse;
      differenceSum += difference;
      differenceSquares += difference * difference;
    } else if (forward) {
      document.logRatio = document.forward;
      document.logRatioError = document.forwardError;
    } else {
      document.logRatio = document.reverse;
      document.logRatioError = document.reverseError;
    }
    result.totalLogRatio += document.logRatio;
    result.totalLogRatioError += document.logRatioError * document.logRatioError;
    result.scoredTokens += document.tokens;
  }
  result.totalLogRatioError = std::sqrt(result.totalLogRatioError);
  if (forward && reverse && documents.size() > 1) {
    const auto n = static_cast<double>(documents.size());
    const double mean = differenceSum / n;
    const double variance = std::max(0.0, (differenceSquares - n * mean * mean) / (n - 1.0));
    const double standardError = std::sqrt(variance / n);
    result.directionsPairedStatistic = standardError > 0.0 ? mean / standardError : 0.0;
  }
  return result;
}

CurveEstimates estimateLikelihoodCurve(const std::vector<const ScoringModel*>& models, const DocumentCollection& documents,
                                    const CurveOptions& options) {
  if (models.empty()) throw std::invalid_argument("a likelihood curve needs at least one model");
  for (const ScoringModel* model : models) {
    if (model->numTopics() != models.front()->numTopics())
      throw std::invalid_argument("the models have different numbers of topics; a curve follows one training run");
  }
  checkSettingRange("temperatures", options.temperatures, 1, SettingLimits::kTemperatures);
  CurveEstimates result;
  result.documents.assign(models.size(), std::vector<double>(documents.size(), 0.0));
  std::vector<uint64_t> tokens(documents.size(), 0);
  const int threads = resolveThreads(options.threads);
  const auto topics = static_cast<std::size_t>(models.front()->numTopics());
  std::vector<uint64_t> lengths(documents.size());
  for (std::size_t d = 0; d < documents.size(); ++d) lengths[d] = documents.length(d);
  const std::vector<std::size_t> schedule = scheduleOnThisRank(lengths, documents);
  const std::vector<int> owners = ownersOnRanks(lengths, documents);  // see Cluster
  if (options.progress != nullptr) {
    uint64_t scheduledTokens = 0;
    for (const std::size_t d : schedule) scheduledTokens += documents.length(d);
    options.progress->setTotal(schedule.size(), scheduledTokens);
  }
  std::vector<double> logLikelihoods(models.size() * documents.size(), 0.0);  // by (model, document)
  computeOnRanksAndGather(
      [&] {
        runInParallel(schedule.size(), threads, [&](std::size_t unit, int) {
          const std::size_t d = schedule[unit];
          std::vector<int32_t> shared;
          for (const int32_t type : documents.document(d)) {
            bool everywhere = true;
            for (const ScoringModel* model : models) everywhere = everywhere && model->scored(type);
            if (everywhere) shared.push_back(type);
          }
          tokens[d] = shared.size();
          std::vector<PathEnd> ends;
          std::vector<uint32_t> words;
          for (const ScoringModel* model : models) {
            DocumentPhi rows;
            rows.build(*model, shared);
            if (words.empty()) words = tokenWords(rows);
            ends.push_back(PathEnd::of(*model, rows));
          }
          RandomStream random(options.seed, {d, 0x4355525645});
          Annealer chain(words, topics, options.progress);
          const PathEnd prior = PathEnd::prior(*models.front(), ends.front().phi.size() / topics);
          chain.start(prior, 0, random);
          double logLikelihood =
              chain.anneal(prior, ends.front(), AnnealingPath::Geometric, options.temperatures, random);
          logLikelihoods[d] = logLikelihood;
          for (std::size_t i = 1; i < models.size(); ++i) {
            logLikelihood += chain.anneal(ends[i - 1], ends[i], AnnealingPath::Convex, options.temperatures, random);
            logLikelihoods[i * documents.size() + d] = logLikelihood;
          }
          if (options.progress != nullptr) options.progress->advance(1, documents.length(d));
        });
      },
      owners, logLikelihoods, 1, tokens, 1);
  for (std::size_t i = 0; i < models.size(); ++i)
    for (std::size_t d = 0; d < documents.size(); ++d)
      result.documents[i][d] = logLikelihoods[i * documents.size() + d];
  for (const auto& perModel : result.documents) {
    double total = 0.0;
    for (const double value : perModel) total += value;
    result.totals.push_back(total);
  }
  for (const uint64_t count : tokens) result.scoredTokens += count;
  return result;
}

}  // namespace topiceval
