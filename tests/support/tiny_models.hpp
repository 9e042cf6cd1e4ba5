// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tiny topic models built in code, and their exact held-out likelihood by
// summing over every topic assignment.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <unordered_map>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval::testing {

// Draws from mt19937 (which the standard defines bit for bit) by libstdc++'s
// algorithms for uniform_real_distribution, bernoulli_distribution and
// uniform_int_distribution (which it does not: libc++ draws others), so that the
// tiny models, on which the estimator tests' expectations were measured, are
// the same on every standard library. (Checked equal to libstdc++'s draws.)
class PortableDraws {
 public:
  explicit PortableDraws(unsigned seed) : engine_(seed) {}
  // generate_canonical<double, 53>: two 32-bit draws.
  double canonical() {
    double sum = static_cast<double>(engine_());
    sum += static_cast<double>(engine_()) * 4294967296.0;
    const double u = sum / 18446744073709551616.0;
    return u >= 1.0 ? std::nextafter(1.0, 0.0) : u;
  }
  double uniform(double low, double high) { return canonical() * (high - low) + low; }
  bool bernoulli(double p) { return canonical() < p; }
  // Lemire's nearly divisionless method over one 32-bit draw, as libstdc++ 11+ does.
  int uniformInt(int low, int high) {
    const auto range = static_cast<uint32_t>(static_cast<int64_t>(high) - low + 1);
    uint64_t product = static_cast<uint64_t>(engine_()) * range;
    auto fraction = static_cast<uint32_t>(product);
    if (fraction < range) {
      const uint32_t threshold = static_cast<uint32_t>(-range) % range;
      while (fraction < threshold) {
        product = static_cast<uint64_t>(engine_()) * range;
        fraction = static_cast<uint32_t>(product);
      }
    }
    return low + static_cast<int>(product >> 32);
  }

 private:
  std::mt19937 engine_;
};

// A model with K topics over V word types: each topic favours a few words.
inline TopicModel tinyModel(int topics, int types, unsigned seed, double beta = 0.1) {
  PortableDraws draws(seed);
  std::vector<double> alpha(static_cast<std::size_t>(topics));
  for (double& a : alpha) a = draws.uniform(0.1, 1.0);
  std::vector<int32_t> counts(static_cast<std::size_t>(topics * types), 0);
  for (int w = 0; w < types; ++w) {
    for (int k = 0; k < topics; ++k) {
      if (draws.bernoulli(0.4)) counts[static_cast<std::size_t>(w * topics + k)] = draws.uniformInt(0, 30);
    }
  }
  return TopicModel::fromDenseCounts(topics, alpha, beta, counts, static_cast<std::size_t>(types));
}

inline DocumentCollection tinyDocuments(int types, int documents, int minimumLength, int maximumLength, unsigned seed) {
  PortableDraws draws(seed);
  DocumentCollection collection;
  for (int d = 0; d < documents; ++d) {
    std::vector<int32_t> tokens(static_cast<std::size_t>(draws.uniformInt(minimumLength, maximumLength)));
    for (int32_t& token : tokens) token = draws.uniformInt(0, types - 1);
    collection.add(tokens);
  }
  return collection;
}

// log p(w | phi, alpha) for the tokens of `document` that `scored` accepts:
// a dynamic program over the topic-count vectors after each token, each step
// weighted by the Polya urn (alpha_k + c_k) / (alphaSum + n) times phi(w, k).
inline double exactLogLikelihood(std::span<const int32_t> document, const std::vector<double>& alpha,
                                 const std::function<double(int32_t, int)>& phi,
                                 const std::function<bool(int32_t)>& scored) {
  const int topics = static_cast<int>(alpha.size());
  double alphaSum = 0.0;
  for (const double a : alpha) alphaSum += a;
  // A count vector as digits in base 64 (documents are short).
  std::unordered_map<uint64_t, double> states{{0, 1.0}};
  double logScale = 0.0;
  int n = 0;
  for (const int32_t type : document) {
    if (!scored(type)) continue;
    std::unordered_map<uint64_t, double> next;
    double largest = 0.0;
    for (const auto& [key, value] : states) {
      for (int k = 0; k < topics; ++k) {
        const auto count = static_cast<double>((key >> (6 * k)) & 63);
        const double weight = value * (alpha[static_cast<std::size_t>(k)] + count) / (alphaSum + n) * phi(type, k);
        double& slot = next[key + (uint64_t{1} << (6 * k))];
        slot += weight;
        largest = std::max(largest, slot);
      }
    }
    // Rescale to keep the numbers in range; remember the scale in log space.
    for (auto& entry : next) entry.second /= largest;
    logScale += std::log(largest);
    states = std::move(next);
    ++n;
  }
  double total = 0.0;
  for (const auto& entry : states) total += entry.second;
  return logScale + std::log(total);
}

// `model` with row `type` replaced by `packed` (tokensPerTopic and the cached
// terms recomputed from the new rows, so that only the row itself is wrong).
inline TopicModel withRow(const TopicModel& model, std::size_t type, const std::vector<int32_t>& packed) {
  TopicModel changed = model;
  changed.typeTopicCounts = TypeTopicCounts();
  std::fill(changed.tokensPerTopic.begin(), changed.tokensPerTopic.end(), 0);
  for (std::size_t t = 0; t < model.numTypes(); ++t) {
    const auto stored = model.typeTopicCounts.storedRow(t);
    const std::vector<int32_t> row = t == type ? packed : std::vector<int32_t>(stored.begin(), stored.end());
    changed.typeTopicCounts.addRow(row);
    for (const int32_t entry : changed.typeTopicCounts.activeRow(t))
      changed.tokensPerTopic[static_cast<std::size_t>(model.topicOf(entry))] += model.countOf(entry);
  }
  changed.computeSmoothingTerms();
  return changed;
}

}  // namespace topiceval::testing
