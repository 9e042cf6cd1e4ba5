// SPDX-License-Identifier: Apache-2.0
#pragma once
// The topic assignments z of one held-out document's scored tokens under fixed
// topics, with the per-topic counts that collapsed Gibbs sampling conditions
// on (alpha and theta integrated out):
//     p(z_n = k | z_-n, w) proportional to (alpha_k + n_k^-n) phi[w_n][k].
// Shared by the estimators that run Gibbs chains on a document (harmonic
// mean, Chib-style, and the completion samplers of AIS, importance sampling
// and estimated theta).

#include <cstdint>
#include <span>
#include <vector>

#include "native/model/document_phi.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {

class TopicAssignments {
 public:
  // No token assigned, for `topics` topics and up to `tokens` tokens.
  void reset(std::size_t topics, std::size_t tokens);

  std::size_t topics() const { return counts_.size(); }
  int32_t topic(std::size_t n) const { return topics_[n]; }
  std::span<const int32_t> counts() const { return counts_; }
  std::span<const int32_t> assignments() const { return topics_; }

  void assign(std::size_t n, int32_t topic) {
    topics_[n] = topic;
    ++counts_[static_cast<std::size_t>(topic)];
  }
  void unassign(std::size_t n) { --counts_[static_cast<std::size_t>(topics_[n])]; }

  // (alpha_k + n_k) phi_k for every k, into `weights` as running sums; returns the total.
  // Token n must be unassigned (its count removed) when its conditional is wanted.
  double cumulativeWeights(std::span<const double> phi, std::span<const double> alpha,
                           std::vector<double>& weights) const;
  // A topic drawn from cumulative weights (as cumulativeWeights leaves them).
  static int32_t draw(std::span<const double> cumulative, double total, RandomStream& random);

  // Unassigns token n, draws its topic from its conditional, assigns it.
  void resample(std::size_t n, const DocumentPhi& phi, std::span<const double> alpha, std::vector<double>& weights,
                RandomStream& random);
  // Tokens [first, last), unassigned, each drawn in turn from its conditional
  // given the tokens assigned before it: a sequential start for a chain.
  void drawInTurn(std::size_t first, std::size_t last, const DocumentPhi& phi, std::span<const double> alpha,
                  std::vector<double>& weights, RandomStream& random);
  // A chain's start on tokens [first, last): drawn in turn, then `sweeps`
  // forward sweeps (none over an empty range, which draws nothing).
  void burnIn(std::size_t first, std::size_t last, int sweeps, const DocumentPhi& phi, std::span<const double> alpha,
              std::vector<double>& weights, RandomStream& random);
  // One systematic-scan Gibbs sweep over tokens [first, last): forward, or
  // backward (last - 1 down to first), which is the reversal of the forward
  // sweep with respect to the posterior (each site update is reversible).
  void sweep(std::size_t first, std::size_t last, bool backward, const DocumentPhi& phi, std::span<const double> alpha,
             std::vector<double>& weights, RandomStream& random);

  // log p(z) of the assigned tokens, the Dirichlet-multinomial (Polya)
  // probability of the sequence: log Gamma(A) - log Gamma(A + N) +
  // sum_k log Gamma(alpha_k + n_k) - log Gamma(alpha_k), A = sum alpha.
  double logPrior(std::span<const double> alpha, double alphaSum) const;

 private:
  std::vector<int32_t> topics_;
  std::vector<int32_t> counts_;
};

}  // namespace topiceval
