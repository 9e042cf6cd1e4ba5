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
  ResampleMoveEstimator(const ScoringModel& model, int particles,
                        InstructionSet instructionSet = InstructionSet::Automatic);
  ~ResampleMoveEstimator() override;

  std::string description() const override;
  bool stochastic() const override { return true; }
  bool unbiased() const override { return true; }
  void prepare(int workers) override;
  double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const override;
  bool scoresTokenByToken() const override { return true; }
  uint64_t relativeCost(std::size_t length) const override { return length * (length + 1) / 2; }
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
  InstructionSet instructionSet_;
  std::unique_ptr<detail::FastTables> tables_;
  PerThread<Worker> workers_;
};

}  // namespace topiceval
