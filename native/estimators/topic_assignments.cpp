// SPDX-License-Identifier: Apache-2.0
#include "native/estimators/topic_assignments.hpp"

#include <cmath>

namespace topiceval {

void TopicAssignments::reset(std::size_t topics, std::size_t tokens) {
  counts_.assign(topics, 0);
  topics_.assign(tokens, 0);
}

double TopicAssignments::cumulativeWeights(std::span<const double> phi, std::span<const double> alpha,
                                           std::vector<double>& weights) const {
  const std::size_t topics = counts_.size();
  weights.resize(topics);
  double total = 0.0;
  for (std::size_t k = 0; k < topics; ++k) {
    total += (alpha[k] + counts_[k]) * phi[k];
    weights[k] = total;
  }
  return total;
}

int32_t TopicAssignments::draw(std::span<const double> cumulative, double total, RandomStream& random) {
  const double u = random.uniform() * total;
  std::size_t k = 0;
  // Skips topics of zero weight: u < total, and cumulative[last] == total.
  while (k + 1 < cumulative.size() && cumulative[k] <= u) ++k;
  return static_cast<int32_t>(k);
}

void TopicAssignments::resample(std::size_t n, const DocumentPhi& phi, std::span<const double> alpha,
                                std::vector<double>& weights, RandomStream& random) {
  unassign(n);
  const double total = cumulativeWeights(phi.tokenPhi(n), alpha, weights);
  assign(n, draw(weights, total, random));
}

void TopicAssignments::drawInTurn(std::size_t first, std::size_t last, const DocumentPhi& phi,
                                  std::span<const double> alpha, std::vector<double>& weights, RandomStream& random) {
  for (std::size_t n = first; n < last; ++n) {
    const double total = cumulativeWeights(phi.tokenPhi(n), alpha, weights);
    assign(n, draw(weights, total, random));
  }
}

void TopicAssignments::burnIn(std::size_t first, std::size_t last, int sweeps, const DocumentPhi& phi,
                              std::span<const double> alpha, std::vector<double>& weights, RandomStream& random) {
  drawInTurn(first, last, phi, alpha, weights, random);
  for (int s = 0; s < sweeps && first < last; ++s) sweep(first, last, false, phi, alpha, weights, random);
}

void TopicAssignments::sweep(std::size_t first, std::size_t last, bool backward, const DocumentPhi& phi,
                             std::span<const double> alpha, std::vector<double>& weights, RandomStream& random) {
  if (backward) {
    for (std::size_t n = last; n-- > first;) resample(n, phi, alpha, weights, random);
  } else {
    for (std::size_t n = first; n < last; ++n) resample(n, phi, alpha, weights, random);
  }
}

double TopicAssignments::logPrior(std::span<const double> alpha, double alphaSum) const {
  double tokens = 0.0;
  double logPrior = 0.0;
  for (std::size_t k = 0; k < counts_.size(); ++k) {
    if (counts_[k] == 0) continue;
    tokens += counts_[k];
    logPrior += std::lgamma(alpha[k] + counts_[k]) - std::lgamma(alpha[k]);
  }
  return logPrior + std::lgamma(alphaSum) - std::lgamma(alphaSum + tokens);
}

}  // namespace topiceval
