// SPDX-License-Identifier: Apache-2.0
#include "native/mallet/mallet_inference.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "native/java/java_random.hpp"
#include "native/estimators/documents_on_ranks.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/random_stream.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

bool inferencerSamples(const TopicModel& model, int32_t type) {
  return type >= 0 && static_cast<std::size_t>(type) < model.numTypes() &&
         model.typeTopicCounts.present(static_cast<std::size_t>(type)) &&
         !model.typeTopicCounts.storedRow(static_cast<std::size_t>(type)).empty();
}

namespace {

// The topics a document uses, ascending: MALLET's localTopicIndex. The beta
// bucket walks only these, in this order (walking all topics would change a
// draw that lands exactly on a boundary).
class UsedTopics {
 public:
  void reset() { size_ = 0; }
  void reserve(std::size_t topics) { topics_.resize(topics); }
  void add(int32_t topic) {  // keeps the order
    std::size_t i = size_;
    while (i > 0 && topics_[i - 1] > topic) {
      topics_[i] = topics_[i - 1];
      --i;
    }
    topics_[i] = topic;
    ++size_;
  }
  void remove(int32_t topic) {
    std::size_t i = 0;
    while (topics_[i] != topic) ++i;
    for (; i + 1 < size_; ++i) topics_[i] = topics_[i + 1];
    --size_;
  }
  std::span<const int32_t> topics() const { return {topics_.data(), size_}; }

 private:
  std::vector<int32_t> topics_;
  std::size_t size_ = 0;
};

struct Scratch {
  std::vector<int32_t> counts;    // n_dk, zero between documents
  std::vector<int32_t> topics;    // each position's topic
  std::vector<double> coefficients;  // (alpha_k + n_dk) / (n_k + betaSum): MALLET's cachedCoefficients
  std::vector<double> scores;     // the topic-word bucket's terms, by row position
  UsedTopics used;
  // topiceval's sampler: each distinct type's (beta + count) / (n_k + betaSum) over the topics, by slot.
  std::vector<int32_t> slotOfType;
  std::vector<int32_t> slotTypes;
  std::vector<double> wordWeights;  // slot x topic, beta / den_k between documents
  std::vector<double> blocks;       // the document-word terms' sums of four
  std::vector<int32_t> slots;       // each position's slot
  std::vector<int32_t> usedList;    // the document's topics, unordered
  std::vector<int32_t> usedAt;      // each used topic's place in usedList
  // The Metropolis-Hastings sampler: the sampled tokens' types and topics, in order.
  std::vector<int32_t> sampledTypes;
  std::vector<int32_t> sampledTopics;
};

// The model's constants, in the form both samplers read them.
class Inferencer {
 public:
  explicit Inferencer(const TopicModel& model) : model_(model), topics_(static_cast<std::size_t>(model.numTopics)) {
    for (std::size_t t = 0; t < topics_; ++t) {
      // Java widens the int before adding: the same double every time MALLET computes it.
      denominators_.push_back(static_cast<double>(model.tokensPerTopic[t]) + model.betaSum);
    }
    for (std::size_t type = 0; type < model.numTypes(); ++type) longestRow_ = std::max(longestRow_, model.typeTopicCounts.activeRow(type).size());
  }

  const TopicModel& model() const { return model_; }

  uint64_t validTokens(std::span<const int32_t> tokens) const {
    uint64_t valid = 0;
    for (const int32_t type : tokens) valid += inferencerSamples(model_, type);
    return valid;
  }

  Scratch makeScratch() const {
    Scratch scratch;
    scratch.counts.assign(topics_, 0);
    scratch.used.reserve(topics_);
    scratch.scores.assign(std::max<std::size_t>(longestRow_, topics_), 0.0);
    scratch.blocks.assign(std::max<std::size_t>(longestRow_, topics_) / 4 + 1, 0.0);
    scratch.coefficients.resize(topics_);
    for (std::size_t t = 0; t < topics_; ++t) scratch.coefficients[t] = model_.alpha[t] / denominators_[t];
    return scratch;
  }

  void exact(std::span<const int32_t> tokens, JavaRandom& random, const MalletInferenceOptions& options,
             Scratch& s, std::span<double> result) const;
  void fast(std::span<const int32_t> tokens, const FixedModelBuckets& buckets, RandomStream& random,
            const MalletInferenceOptions& options, Scratch& s, std::span<double> result) const;
  void metropolisHastings(std::span<const int32_t> tokens, const TopicProposals& proposals, RandomStream& random,
                          const MalletInferenceOptions& options, Scratch& s, std::span<double> result) const;

 private:
  // Every token starts at the topic of its row's first stored pair, as MALLET's does.
  void startDocument(std::span<const int32_t> tokens, Scratch& s) const;
  // Adds the sweep's alpha + n_dk to the kept samples, interleaved with their total as MALLET sums them.
  void keepSample(std::span<double> result, double& sum, const Scratch& s) const {
    for (std::size_t t = 0; t < topics_; ++t) {
      result[t] += model_.alpha[t] + s.counts[t];
      sum += model_.alpha[t] + s.counts[t];
    }
  }
  // The saved samples' average, or the last state's proportions when none was saved.
  void finish(std::span<double> result, double sum, const Scratch& s) const;
  bool saves(int iteration, const MalletInferenceOptions& options) const {
    return iteration > options.burnIn && (iteration - options.burnIn) % options.sampleInterval == 0;
  }
  [[noreturn]] static void roundingFailure() {
    // MALLET throws ArrayIndexOutOfBounds here and abandons the whole run; these
    // need a uniform of exactly 0 or rounding that leaves every bucket short.
    throw ModelError("MALLET's inference sampler found no topic for a token (rounding); MALLET aborts its run here");
  }

  const TopicModel& model_;
  const std::size_t topics_;
  std::vector<double> denominators_;    // n_k + betaSum
  std::size_t longestRow_ = 0;
};

void Inferencer::startDocument(std::span<const int32_t> tokens, Scratch& s) const {
  s.topics.assign(tokens.size(), 0);
  s.used.reset();
  for (std::size_t p = 0; p < tokens.size(); ++p) {
    if (!inferencerSamples(model_, tokens[p])) continue;
    const int32_t topic = model_.topicOf(model_.typeTopicCounts.storedRow(static_cast<std::size_t>(tokens[p]))[0]);
    s.topics[p] = topic;
    ++s.counts[static_cast<std::size_t>(topic)];
  }
  for (std::size_t t = 0; t < topics_; ++t) {
    if (s.counts[t] != 0) s.used.add(static_cast<int32_t>(t));
  }
}

void Inferencer::finish(std::span<double> result, double sum, const Scratch& s) const {
  if (sum == 0.0) {  // no sample was saved
    for (std::size_t t = 0; t < topics_; ++t) {
      result[t] = model_.alpha[t] + s.counts[t];
      sum += result[t];
    }
  }
  for (std::size_t t = 0; t < topics_; ++t) result[t] /= sum;
}

// TopicInferencer.getSampledDistribution, every operation in Java's order
// (Java evaluates left to right in IEEE double; -ffp-contract=off keeps the
// compiler from fusing any of it).
void Inferencer::exact(std::span<const int32_t> tokens, JavaRandom& random, const MalletInferenceOptions& options,
                       Scratch& s, std::span<double> result) const {
  const double beta = model_.beta;
  const std::vector<double>& alpha = model_.alpha;
  const std::vector<double>& den = denominators_;
  int32_t* n = s.counts.data();
  double* coef = s.coefficients.data();
  double* scores = s.scores.data();
  const int32_t mask = model_.topicMask;
  const int bits = model_.topicBits;

  startDocument(tokens, s);
  double topicBetaMass = 0.0;
  for (const int32_t t : s.used.topics()) {
    topicBetaMass += beta * n[t] / den[t];
    coef[t] = (alpha[t] + n[t]) / den[t];
  }
  std::fill(result.begin(), result.end(), 0.0);
  double sum = 0.0;

  for (int iteration = 1; iteration <= options.iterations; ++iteration) {
    for (std::size_t p = 0; p < tokens.size(); ++p) {
      const int32_t type = tokens[p];
      if (!inferencerSamples(model_, type)) continue;
      const std::span<const int32_t> row = model_.typeTopicCounts.activeRow(static_cast<std::size_t>(type));
      const int32_t old = s.topics[p];

      topicBetaMass -= beta * n[old] / den[old];
      --n[old];
      if (n[old] == 0) s.used.remove(old);
      topicBetaMass += beta * n[old] / den[old];
      coef[old] = (alpha[old] + n[old]) / den[old];

      double topicTermMass = 0.0;
      for (std::size_t i = 0; i < row.size(); ++i) {
        const double score = coef[row[i] & mask] * (row[i] >> bits);
        topicTermMass += score;
        scores[i] = score;
      }

      double sample = random.nextUniform() * ((model_.smoothingOnlyMass + topicBetaMass) + topicTermMass);
      int32_t chosen;
      if (sample < topicTermMass) {
        std::ptrdiff_t i = -1;
        while (sample > 0) {
          ++i;
          sample -= scores[i];
        }
        if (i < 0) roundingFailure();
        chosen = row[static_cast<std::size_t>(i)] & mask;
      } else {
        sample -= topicTermMass;
        if (sample < topicBetaMass) {
          sample /= beta;
          chosen = -1;
          for (const int32_t t : s.used.topics()) {
            sample -= n[t] / den[t];
            if (sample <= 0.0) {
              chosen = t;
              break;
            }
          }
          if (chosen < 0) roundingFailure();
        } else {
          sample -= topicBetaMass;
          sample /= beta;
          chosen = 0;
          sample -= alpha[0] / den[0];
          while (sample > 0.0) {
            ++chosen;
            if (static_cast<std::size_t>(chosen) >= topics_) roundingFailure();
            sample -= alpha[chosen] / den[chosen];
          }
        }
      }

      s.topics[p] = chosen;
      topicBetaMass -= beta * n[chosen] / den[chosen];
      ++n[chosen];
      if (n[chosen] == 1) s.used.add(chosen);
      coef[chosen] = (alpha[chosen] + n[chosen]) / den[chosen];
      topicBetaMass += beta * n[chosen] / den[chosen];
    }
    if (saves(iteration, options)) keepSample(result, sum, s);
  }
  for (const int32_t t : s.used.topics()) coef[t] = alpha[t] / den[t];
  finish(result, sum, s);
  for (const int32_t t : s.used.topics()) n[t] = 0;
}

// The document-word bucket's terms over a list, summed in blocks of four
// (independent additions: the dependent chain is a quarter as long as the
// list), and the search through them.
struct BlockedTerms {
  template <class TermAt>
  static double sum(std::size_t count, TermAt termAt, double* terms, double* blocks) {
    double total = 0.0;
    std::size_t i = 0;
    std::size_t b = 0;
    for (; i + 4 <= count; i += 4, ++b) {
      for (std::size_t j = 0; j < 4; ++j) terms[i + j] = termAt(i + j);
      blocks[b] = (terms[i] + terms[i + 1]) + (terms[i + 2] + terms[i + 3]);
      total += blocks[b];
    }
    double tail = 0.0;
    for (; i < count; ++i) {
      terms[i] = termAt(i);
      tail += terms[i];
    }
    blocks[b] = tail;
    return total + tail;
  }
  // The position whose term holds `sample` (below the total); rounding past the end gives the last position.
  static std::size_t find(double sample, std::size_t count, const double* terms, const double* blocks) {
    const std::size_t numBlocks = count / 4 + 1;
    std::size_t b = 0;
    while (b + 1 < numBlocks && sample >= blocks[b]) sample -= blocks[b++];
    std::size_t i = b * 4;
    const std::size_t end = std::min(count, i + 4);
    while (i + 1 < end && sample >= terms[i]) sample -= terms[i++];
    return std::min(i, count - 1);
  }
};

// A uniform in [0, 1) from the part of a draw that fell in a bucket of `mass`.
double within(double sample, double mass) { return std::min(sample / mass, 0x1.fffffffffffffp-1); }

// topiceval's sampler: the same conditional, (alpha_k + n_dk)(n_wk + beta) /
// den_k, in buckets of which only the document's are computed per token:
// alpha_k beta / den_k and alpha_k n_wk / den_k are fixed (FixedModelBuckets:
// O(1) alias draws), and n_dk (beta + n_wk) / den_k is summed over the
// document's topics ((beta + n_wk) / den_k read from the word's slot, dense
// over the topics) or, when the word's row is shorter, split into n_dk n_wk /
// den_k over the row and n_dk beta / den_k, kept up to date as counts change.
// It differs from MALLET's only in the order of the sums and in its random
// stream; where rounding leaves a draw past a bucket's last term, that term is
// taken.
void Inferencer::fast(std::span<const int32_t> tokens, const FixedModelBuckets& buckets, RandomStream& random,
                      const MalletInferenceOptions& options, Scratch& s, std::span<double> result) const {
  const double* betaOverDen = buckets.betaOverDen();
  int32_t* n = s.counts.data();

  // The document's words, one slot each; the first `denseSlots` hold (beta +
  // n_wk) / den_k at every topic of the row (beta / den_k elsewhere, and again
  // after the document).
  if (s.slotOfType.size() < model_.numTypes()) s.slotOfType.assign(model_.numTypes(), -1);
  s.slotTypes.clear();
  s.slots.assign(tokens.size(), -1);
  for (std::size_t p = 0; p < tokens.size(); ++p) {
    const int32_t type = tokens[p];
    if (!inferencerSamples(model_, type)) continue;
    int32_t& slot = s.slotOfType[static_cast<std::size_t>(type)];
    if (slot < 0) {
      slot = static_cast<int32_t>(s.slotTypes.size());
      s.slotTypes.push_back(type);
    }
    s.slots[p] = slot;
  }
  const std::size_t denseSlots = std::min(s.slotTypes.size(), options.denseSlotBudget / std::max<std::size_t>(topics_, 1));
  while (s.wordWeights.size() < denseSlots * topics_)
    s.wordWeights.insert(s.wordWeights.end(), betaOverDen, betaOverDen + topics_);
  for (std::size_t slot = 0; slot < denseSlots; ++slot) {
    double* weights = s.wordWeights.data() + slot * topics_;
    const std::span<const int32_t> rowTopics = buckets.rowTopics(s.slotTypes[slot]);
    const std::span<const double> rowWeights = buckets.rowWeights(s.slotTypes[slot]);
    for (std::size_t i = 0; i < rowTopics.size(); ++i)
      weights[rowTopics[i]] = betaOverDen[rowTopics[i]] + rowWeights[i];
  }

  // Every token starts at the topic of its row's first stored pair, as MALLET's does; the
  // document's topics are kept unordered (this sampler's sums need no order), each knowing its place.
  s.topics.assign(tokens.size(), 0);
  if (s.usedAt.size() < topics_) s.usedAt.assign(topics_, 0);
  s.usedList.clear();
  auto add = [&](int32_t topic) {
    s.usedAt[static_cast<std::size_t>(topic)] = static_cast<int32_t>(s.usedList.size());
    s.usedList.push_back(topic);
  };
  auto remove = [&](int32_t topic) {
    const int32_t at = s.usedAt[static_cast<std::size_t>(topic)];
    const int32_t last = s.usedList.back();
    s.usedList[static_cast<std::size_t>(at)] = last;
    s.usedAt[static_cast<std::size_t>(last)] = at;
    s.usedList.pop_back();
  };
  for (std::size_t p = 0; p < tokens.size(); ++p) {
    if (s.slots[p] < 0) continue;
    const int32_t topic = model_.topicOf(model_.typeTopicCounts.storedRow(static_cast<std::size_t>(tokens[p]))[0]);
    s.topics[p] = topic;
    if (n[topic]++ == 0) add(topic);
  }

  const double smoothingMass = buckets.smoothingMass();
  // The kept samples' n_dk summed over the document's topics only; alpha is added once at the end.
  std::fill(result.begin(), result.end(), 0.0);
  int kept = 0;
  double* terms = s.scores.data();
  double* blocks = s.blocks.data();
  for (int iteration = 1; iteration <= options.iterations; ++iteration) {
    double documentBetaMass = 0.0;  // recomputed each sweep: no drift
    for (const int32_t t : s.usedList) documentBetaMass += n[t] * betaOverDen[t];
    for (std::size_t p = 0; p < tokens.size(); ++p) {
      if (s.slots[p] < 0) continue;
      const int32_t type = tokens[p];
      const auto slot = static_cast<std::size_t>(s.slots[p]);
      const int32_t old = s.topics[p];
      documentBetaMass -= betaOverDen[old];
      if (--n[old] == 0) remove(old);

      const std::span<const int32_t> rowTopics = buckets.rowTopics(type);
      const double* rowWeights = buckets.rowWeights(type).data();
      const int32_t* used = s.usedList.data();
      const bool byRow = slot >= denseSlots || rowTopics.size() < s.usedList.size();
      const std::size_t count = byRow ? rowTopics.size() : s.usedList.size();
      double documentWordMass;
      if (byRow) {
        documentWordMass = BlockedTerms::sum(
            count, [&](std::size_t i) { return n[rowTopics[i]] * rowWeights[i]; }, terms, blocks);
      } else {
        const double* weights = s.wordWeights.data() + slot * topics_;
        documentWordMass = BlockedTerms::sum(
            count, [&](std::size_t i) { return n[used[i]] * weights[used[i]]; }, terms, blocks);
      }
      const double wordMass = buckets.wordMass(type);
      const double betaMass = byRow ? std::max(documentBetaMass, 0.0) : 0.0;  // else in documentWordMass
      double sample = random.uniform() * (documentWordMass + wordMass + betaMass + smoothingMass);
      int32_t chosen;
      if (sample < documentWordMass) {
        const std::size_t i = BlockedTerms::find(sample, count, terms, blocks);
        chosen = byRow ? rowTopics[i] : used[i];
      } else if ((sample -= documentWordMass) < wordMass) {
        chosen = buckets.drawWord(type, within(sample, wordMass));
      } else if ((sample -= wordMass) < betaMass && !s.usedList.empty()) {
        chosen = s.usedList.back();
        for (const int32_t t : s.usedList) {
          sample -= n[t] * betaOverDen[t];
          if (sample < 0.0) {
            chosen = t;
            break;
          }
        }
      } else {
        chosen = buckets.drawSmoothing(within(std::max(sample - betaMass, 0.0), smoothingMass));
      }
      s.topics[p] = chosen;
      if (n[chosen]++ == 0) add(chosen);
      documentBetaMass += betaOverDen[chosen];
    }
    if (saves(iteration, options)) {
      for (const int32_t t : s.usedList) result[static_cast<std::size_t>(t)] += n[t];
      ++kept;
    }
  }
  if (kept == 0) {  // no sample was kept: the last state's proportions
    for (const int32_t t : s.usedList) result[static_cast<std::size_t>(t)] = n[t];
    kept = 1;
  }
  double sum = 0.0;
  for (std::size_t t = 0; t < topics_; ++t) {
    result[t] += kept * model_.alpha[t];
    sum += result[t];
  }
  for (double& proportion : result) proportion /= sum;
  for (const int32_t t : s.usedList) n[t] = 0;
  for (std::size_t slot = 0; slot < denseSlots; ++slot) {
    double* weights = s.wordWeights.data() + slot * topics_;
    for (const int32_t t : buckets.rowTopics(s.slotTypes[slot])) weights[t] = betaOverDen[t];
  }
  for (const int32_t type : s.slotTypes) s.slotOfType[static_cast<std::size_t>(type)] = -1;
}

// LightLDA's sampler of the same posterior (Yuan et al. 2015): each token's
// topic moves by Metropolis-Hastings steps from its current topic s, each a
// word proposal t ~ q_w ∝ phi_wt (alias tables: O(1) whatever K), accepted
// with min(1, (n_dt + alpha_t) / (n_ds + alpha_s)), then a document proposal
// t ~ n_dt + alpha_t (O(1): the topic of a random other token of the document,
// or a draw from alpha), accepted with min(1, phi_wt / phi_ws); n_d leaves the
// token itself out throughout. LightLDA counts the token in its document
// proposal; that makes the proposal depend on the token's topic before the
// steps, and the draws are then biased (seen in the enumerated-posterior test).
// Each step keeps the conditional pi(k) ∝ (n_dk + alpha_k) phi_wk invariant, so
// the chain over the document's topics has MALLET's posterior as its limit.
void Inferencer::metropolisHastings(std::span<const int32_t> tokens, const TopicProposals& proposals,
                                    RandomStream& random, const MalletInferenceOptions& options, Scratch& s,
                                    std::span<double> result) const {
  int32_t* n = s.counts.data();
  const std::vector<double>& alpha = model_.alpha;
  s.sampledTypes.clear();
  s.sampledTopics.clear();
  for (const int32_t type : tokens) {
    if (!inferencerSamples(model_, type)) continue;
    const int32_t topic = model_.topicOf(model_.typeTopicCounts.storedRow(static_cast<std::size_t>(type))[0]);
    s.sampledTypes.push_back(type);
    s.sampledTopics.push_back(topic);
    ++n[topic];
  }
  const std::size_t length = s.sampledTypes.size();
  const auto others = static_cast<double>(length) - 1.0;
  const double documentMass = others + proposals.alphaSum();
  std::fill(result.begin(), result.end(), 0.0);
  double sum = 0.0;
  for (int iteration = 1; iteration <= options.iterations; ++iteration) {
    for (std::size_t i = 0; i < length; ++i) {
      const int32_t type = s.sampledTypes[i];
      const int32_t old = s.sampledTopics[i];
      // n_dk + alpha_k over the document's other tokens.
      auto without = [&](int32_t k) { return (n[k] - (k == old)) + alpha[static_cast<std::size_t>(k)]; };
      int32_t current = old;
      double currentPhi = -1.0;  // looked up when a document proposal needs it
      for (int step = 0; step < options.mhSteps; ++step) {
        int32_t proposed = proposals.drawWord(type, random.uniform());
        if (proposed != current) {
          const double up = without(proposed);
          const double down = without(current);
          if (up >= down || random.uniform() * down < up) {
            current = proposed;
            currentPhi = -1.0;
          }
        }
        const double u = random.uniform() * documentMass;
        if (u < others) {
          std::size_t j = std::min(static_cast<std::size_t>(u), length - 2);
          proposed = s.sampledTopics[j + (j >= i)];
        } else {
          proposed = proposals.drawAlpha(std::min((u - others) / proposals.alphaSum(), std::nextafter(1.0, 0.0)));
        }
        if (proposed != current) {
          if (currentPhi < 0.0) currentPhi = proposals.phi(type, current);
          const double proposedPhi = proposals.phi(type, proposed);
          if (proposedPhi >= currentPhi || random.uniform() * currentPhi < proposedPhi) {
            current = proposed;
            currentPhi = proposedPhi;
          }
        }
      }
      if (current != old) {
        --n[old];
        ++n[current];
        s.sampledTopics[i] = current;
      }
    }
    if (saves(iteration, options)) keepSample(result, sum, s);
  }
  finish(result, sum, s);
  for (const int32_t topic : s.sampledTopics) n[topic] = 0;
}

}  // namespace

FastInferenceTables::FastInferenceTables(const TopicModel& model, const MalletInferenceOptions& options) {
  if (options.exact) return;
  const auto samples = [&](int32_t type) { return inferencerSamples(model, type); };
  if (options.mhSteps > 0)
    proposals.emplace(model, samples);
  else
    buckets.emplace(model, samples);
}

MalletInferenceResult inferLikeMallet(const TopicModel& model, const DocumentCollection& documents,
                                      const MalletInferenceOptions& options, const FastInferenceTables* prebuilt) {
  if (options.iterations < 0 || options.burnIn < 0 || options.sampleInterval < 0)
    throw std::invalid_argument("iterations, burn-in and sample interval cannot be negative");
  if (options.sampleInterval == 0 && options.iterations > options.burnIn)
    throw std::invalid_argument("a sample interval of 0 with more iterations than the burn-in");
  if (options.mhSteps < 0) throw std::invalid_argument("Metropolis-Hastings steps cannot be negative");
  const Inferencer inferencer(model);
  // Built once for every document and thread (the model is fixed).
  std::optional<FastInferenceTables> built;
  const FastInferenceTables& tables = prebuilt != nullptr ? *prebuilt : built.emplace(model, options);
  const TopicProposals* proposals = tables.proposals ? &*tables.proposals : nullptr;
  const std::size_t numDocuments = documents.size();
  const auto topics = static_cast<std::size_t>(model.numTopics);
  const auto iterations = static_cast<uint64_t>(options.iterations);

  // Where each document's draws start in MALLET's one stream: two steps of the
  // generator per uniform, one uniform per valid token per sweep.
  const std::vector<uint64_t> validTokens =
      countOnRanks(documents, [&](std::size_t d) { return inferencer.validTokens(documents.document(d)); });
  std::vector<uint64_t> cost(numDocuments);
  std::vector<uint64_t> firstStep(numDocuments);
  MalletInferenceResult result;
  for (std::size_t d = 0; d < numDocuments; ++d) {
    const uint64_t valid = validTokens[d];
    result.sampledTokens += valid;
    cost[d] = valid * iterations;
    firstStep[d] = 2 * (options.uniformsBefore + result.siteUpdates);
    result.siteUpdates += cost[d];
  }
  result.proportions.assign(numDocuments * topics, 0.0);
  const std::vector<std::size_t> schedule = scheduleOnThisRank(cost, documents);
  if (options.progress != nullptr && !options.batch) {
    uint64_t tokens = 0;
    for (const std::size_t d : schedule) tokens += documents.length(d);
    options.progress->setTotal(schedule.size(), tokens);
  }
  const int threads = resolveThreads(options.threads);
  std::vector<Scratch> scratch;
  for (int w = 0; w < threads; ++w) scratch.push_back(inferencer.makeScratch());
  const std::vector<int> owners = ownersOnRanks(cost, documents);
  computeOnRanksAndGather(
      [&] {
        runInParallel(schedule.size(), threads, [&](std::size_t unit, int worker) {
          const std::size_t d = schedule[unit];
          const std::span<double> row(result.proportions.data() + d * topics, topics);
          if (options.exact) {
            JavaRandom random = JavaRandom::fromState(options.randomState);
            random.skip(firstStep[d]);
            inferencer.exact(documents.document(d), random, options, scratch[static_cast<std::size_t>(worker)], row);
          } else {
            RandomStream random(options.randomState, {options.firstDocument + d});
            if (proposals)
              inferencer.metropolisHastings(documents.document(d), *proposals, random, options,
                                            scratch[static_cast<std::size_t>(worker)], row);
            else
              inferencer.fast(documents.document(d), *tables.buckets, random, options,
                              scratch[static_cast<std::size_t>(worker)], row);
          }
          if (options.progress != nullptr) options.progress->advance(1, documents.length(d));
        });
      },
      owners, result.proportions, topics);
  return result;
}

MalletInferenceInBatches::MalletInferenceInBatches(const TopicModel& model, const MalletInferenceOptions& options,
                                                   Consumer consume)
    : model_(model), options_(options), consume_(std::move(consume)) {
  options_.batch = true;
  tables_ = std::make_shared<const FastInferenceTables>(model, options_);
}

void MalletInferenceInBatches::add(const DocumentCollection& batch) {
  MalletInferenceResult part = inferLikeMallet(model_, batch, options_, tables_.get());
  options_.uniformsBefore += part.siteUpdates;  // one uniform per site update
  sampledTokens_ += part.sampledTokens;
  tokens_ += batch.totalTokens();
  const std::size_t first = options_.firstDocument;
  options_.firstDocument += batch.size();
  consume_(part, batch, first);
}

}  // namespace topiceval
