// SPDX-License-Identifier: Apache-2.0
#pragma once
// Resample-move for the held-out likelihood: Scott & Baldridge's (2013) fully
// adapted particle filter over topic assignments, with the MCMC rejuvenation
// of Gilks & Berzuini (2001) and Chopin (2002) that removes its degeneracy.
// At each scored position n:
//   1. every particle sweeps once over its earlier assignments z_<n by
//      collapsed Gibbs, z_i ~ p(z_i | z_-i, w_i), which leaves p(z_<n | w_<n)
//      invariant;
//   2. is weighted by p(w_n | z_<n) = sum_k (alpha_k + n_k) phi[w_n][k] / (alphaSum + n - 1),
//      and p(w_n | w_<n) is estimated by the particles' mean weight;
//   3. the particles are resampled by weight (systematic resampling, Kitagawa
//      1996) and each draws z_n from p(z_n | w_n, z_<n).
// The product over n of the mean weights is unbiased for p(w) for any number
// of particles (Del Moral 2004, theorem 7.4.2: selection and invariant moves
// keep the normalizing-constant estimate unbiased). The moves keep the
// particles spread over the posterior; particle learning, which never
// revisits z_<n, degenerates on long documents. Steps 1 and 3's draw are
// left-to-right with resampling's (Wallach et al. 2009, algorithm 3), on the
// same kernel: vector lanes, sparse buckets, one lockstep group per 16
// particles, with the selection running across all groups.
//
// Bounded rejuvenation (sweepSites = M > 0; the default, 0, sweeps fully). A
// full sweep at every position costs N(N+1)/2 site updates per particle:
// quadratic in the document's length. With M, step 1 at a position s > M
// updates only M earlier positions: the M/2 most recent (the assignments
// drawn with the least context) and M/2 spread evenly over the older ones
// from a random offset (a systematic sample that changes at every step, so
// every position is revisited). The set is drawn from a stream of its own,
// independent of the particles' states, and a Gibbs update of any such set
// leaves p(z_<n | w_<n) invariant, so the estimate stays unbiased (the
// theorem above needs invariance, not a full sweep); the cost falls to about
// M N per particle. Positions s <= M get the full sweep. Measured on SGU
// episodes of about 9,500 tokens (scripts/budget-benchmark.py), M = 256 cost
// 1/18 of full sweeps but sat 0.015 nats per token low: copies of a selected
// particle stay alike where full sweeps would draw them apart, the runs'
// log-spread grew from about 3 to 17 nats per document, and the log of their
// mean sits low by half its square. Hence full sweeps by default.
//
// Adaptive selection. With resampleBelow < 100 the particles carry weights
// from one position to the next, W_i <- W_i p(w_n | z_<n^i), the estimate of
// p(w_n | w_<n) is sum_i W_i p(w_n | z^i) / sum_i W_i, and step 3's selection
// runs only when the effective particles (sum W)^2 / sum W^2 fall below that
// share (Liu & Chen 1995); the weights then start afresh. The product stays
// unbiased for p(w) (Whiteley, Lee & Heine 2016: the alpha-SMC framework
// covers resampling times chosen from the particles). Fewer selections keep
// the particles apart where full sweeps would have, and copy less.

#include <memory>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/per_thread.hpp"
#include "native/kernels/instruction_set.hpp"

namespace topiceval {

namespace detail {
struct FastTables;
}  // namespace detail

class ResampleMoveEstimator : public DocumentEstimator {
 public:
  // sweepSites: the positions one rejuvenation updates at most; 0 for full
  // sweeps. resampleBelow: the selection runs when the effective particles
  // fall below this percentage of them (100: at every position).
  ResampleMoveEstimator(const ScoringModel& model, int particles, int64_t sweepSites = kDefaultSweepSites,
                        int resampleBelow = kDefaultResampleBelow,
                        InstructionSet instructionSet = InstructionSet::Automatic);
  static constexpr int64_t kDefaultSweepSites = 0;  // full sweeps: see the measurement above
  static constexpr int kDefaultResampleBelow = 100;
  // Twice the 64 of release 0.1, whose runs were combined by the log of their
  // mean: the lognormal combination's first-order correction needs enough
  // particles for log p-hat to be close to normal, and against independent
  // references (docs/held-out-likelihood.md) 128 particles and 4 runs hold the
  // truth on short and long documents at twice 0.1's site updates.
  static constexpr int kDefaultParticles = 128;
  ~ResampleMoveEstimator() override;

  std::string description() const override;
  bool stochastic() const override { return true; }
  bool unbiased() const override { return true; }
  // A particle filter: log p-hat is asymptotically normal in the particles.
  RunCombination runCombination() const override { return RunCombination::Lognormal; }
  void prepare(int workers) override;
  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override;
  bool scoresTokenByToken() const override { return true; }
  uint64_t relativeCost(std::size_t length) const override;
  // log of the particles' mean weight at each scored position.
  void positionLogLikelihoods(std::span<const int32_t> document, const EstimateKey& key, int worker,
                              std::vector<double>& terms) const override;

 private:
  struct Worker;
  // Runs the filter over `document`; calls term(s, log mean weight) at each scored position s.
  template <class Term>
  void filter(std::span<const int32_t> document, const EstimateKey& key, int worker, Term term) const;
  const ScoringModel& model_;
  int particles_;
  std::size_t sweepSites_;  // 0: full sweeps
  int resampleBelow_;       // percent of the particles
  InstructionSet instructionSet_;
  std::unique_ptr<detail::FastTables> tables_;
  PerThread<Worker> workers_;
};

}  // namespace topiceval
