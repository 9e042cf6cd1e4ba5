// Resample-move for the held-out likelihood: Scott & Baldridge's (2013) fully
// adapted particle filter over topic assignments, with the MCMC rejuvenation
// of Gilks & Berzuini (2001) and Chopin (2002) that removes its degeneracy.
// At each scored position n, every particle
//   1. sweeps once over its earlier assignments z_<n by collapsed Gibbs,
//      z_i ~ p(z_i | z_-i, w_i), which leaves p(z_<n | w_<n) invariant;
//   2. is weighted by p(w_n | z_<n) = sum_k (alpha_k + n_k) phi[w_n][k] / (alphaSum + n - 1);
//      p(w_n | w_<n) is estimated by the particles' mean weight;
//   3. the particles are resampled by weight (systematic), and each draws z_n
//      from p(z_n | w_n, z_<n).
// The product over n of the mean weights is unbiased for p(w) (Del Moral 2004,
// theorem 7.4.2: resampling and invariant moves keep the normalizing-constant
// estimate unbiased), and the moves keep the particles spread over the
// posterior, unlike particle learning's, whose earlier assignments are never
// revisited. Steps 1 and 3's draw are left-to-right with resampling's
// (Wallach et al. 2009, algorithm 3): the same kernel, vector lanes and sparse
// buckets, with the selection (step 3) added. Particles run in islands of at
// most 16 (one vector group each); the islands are independent filters whose
// estimates of p(w) are averaged, which keeps the estimate unbiased.
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/left_to_right_estimator.hpp"
#include "native/estimators/setting_limits.hpp"

namespace topiceval {

EstimatorDefinition resampleMoveDefinition() {
  return {"resample-move",
          "Scott & Baldridge (2013) particle filter with Gibbs rejuvenation (Gilks & Berzuini 2001): unbiased",
          {{"particles", SettingKind::Integer, "16", 1, SettingLimits::kParticles, {}, "particles"}},
          [](const SettingValues& values, const ScoringModel& model) -> std::unique_ptr<DocumentEstimator> {
            checkParticleWorkspace(values.integer("particles"), model.numTopics());
            return std::make_unique<LeftToRightEstimator>(model, static_cast<int>(values.integer("particles")),
                                                          SamplerVariant::ResampleMove);
          },
          "particles"};
}

}  // namespace topiceval
