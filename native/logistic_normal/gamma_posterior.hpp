// SPDX-License-Identifier: Apache-2.0
#pragma once
// Variational inference for one document under a logistic-normal topic model
// (native/model/logistic_normal_model.hpp): a Gaussian q(gamma) = N(a, S) over
// the K-1 free log-odds, with the word-topic responsibilities phi at their
// optimum given q. Two E-steps:
// - Taylor (Ahmed & Xing 2007, section 3.1): the log-partition term
//   C(gamma) = log(1 + sum_i exp gamma_i) is replaced by its second-order
//   Taylor expansion at gamma-hat, which makes q(gamma) Gaussian in closed form,
//       S^-1 = Sigma^-1 + N H(gamma-hat),
//       a    = S (Sigma^-1 mu + m - N g(gamma-hat) + N H(gamma-hat) gamma-hat),
//   g = theta-hat_(1..K-1), H = diag(g) - g g^T, m = sum_n phi_n, with
//   gamma-hat = a iterated to the fixed point. Each update is a Newton step on
//       F(x) = log N(x; mu, Sigma) + sum_n log sum_k theta_k(x) beta_(k, w_n),
//   the log posterior density of gamma, with a curvature that leaves out the
//   spread of the responsibilities, so the fixed point is F's mode. We reach
//   the same point faster: Newton steps with F's exact curvature where F is
//   concave (quadratic convergence; the paper's update converges linearly,
//   about 55 steps per document on sgu at K = 10), the paper's update
//   elsewhere, and a step halved while it would lower F. S is the paper's,
//   (Sigma^-1 + N H(a))^-1, full.
// - Blei-Lafferty (Blei & Lafferty 2005; 2007, section 3.1): S diagonal
//   (nu^2), and E_q log(sum_k exp eta_k) bounded by log sum_k E_q exp eta_k =
//   log(1 + sum_i exp(a_i + nu_i^2 / 2)) (their zeta at its optimum), a by
//   Newton steps and each nu_i^2 by a one-dimensional root, alternated until
//   the bound stops rising.
// Both report the same lower bound on log p(w) (bound below), so their
// bounds compare.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/model/logistic_normal_model.hpp"
#include "native/model/positive_definite.hpp"
#include "topiceval/choices.hpp"

namespace topiceval {

// "taylor" or "blei-lafferty".
const char* describe(PosteriorMethod method);
// SettingError(settingName, ...) for anything but the two names.
PosteriorMethod parsePosteriorMethod(const std::string& text, const std::string& settingName);

// A document as its distinct types (those inside the model) and their counts.
struct WordCounts {
  std::vector<int32_t> types;
  std::vector<double> counts;
  double total = 0.0;    // N: the document's tokens inside the model
  uint64_t skipped = 0;  // tokens left out
  // Types beyond the model's V, or with probability 0 under every topic,
  // cannot be scored and are left out (and counted as skipped).
  static WordCounts of(std::span<const int32_t> tokens, const LogisticNormalModel& model);
};

struct GammaPosterior {
  std::vector<double> mean;        // a, K-1
  std::vector<double> covariance;  // S, (K-1) x (K-1) (diagonal for Blei-Lafferty)
  double bound = 0.0;              // the variational lower bound on log p(w) at (a, S)
  // What the E-step optimises: the bound (Blei-Lafferty), or Ahmed & Xing's
  // Taylor-approximated bound (taylorObjective), which is not a bound.
  double objective = 0.0;
  int iterations = 0;  // Newton steps (Taylor) or coordinate-ascent rounds (Blei-Lafferty)
  bool converged = false;
};

// An E-step stops when a Newton step moves no log-odds by more than
// kPosteriorStepTolerance, and (Blei-Lafferty) a round raises the bound by
// less than kPosteriorTolerance relative; kPosteriorMaxIterations caps both.
inline constexpr double kPosteriorStepTolerance = 1e-10;
inline constexpr double kPosteriorTolerance = 1e-10;
inline constexpr int kPosteriorMaxIterations = 500;

class GammaPosteriorInference {
 public:
  // Precomputes Sigma^-1 and log det Sigma; std::invalid_argument if Sigma is
  // not positive definite.
  explicit GammaPosteriorInference(const LogisticNormalModel& model);

  const LogisticNormalModel& model() const { return model_; }
  int dimensions() const { return dimensions_; }

  // The E-step for one document, its search started at `start` (the prior
  // mean when empty; training starts each document where it last ended).
  GammaPosterior fit(const WordCounts& words, PosteriorMethod method, std::span<const double> start = {}) const;

  // log N(gamma; mu, Sigma).
  double logPrior(std::span<const double> gamma) const;
  // log p(w | gamma) = sum_n log sum_k theta_k(gamma) beta_(k, w_n).
  double logLikelihood(const WordCounts& words, std::span<const double> gamma) const;
  // The lower bound on log p(w) of q(gamma) = N(mean, covariance) with phi at
  // its optimum (see the file comment): -1/2 log|Sigma| + 1/2 log|S| + d/2 -
  // 1/2 tr(Sigma^-1 S) - 1/2 (a - mu)^T Sigma^-1 (a - mu) + sum_n log sum_k
  // exp(a_k) beta_(k, w_n) - N log(1 + sum_i exp(a_i + S_ii / 2)).
  double bound(const WordCounts& words, std::span<const double> mean, std::span<const double> covariance) const;
  // The same with E_q log(1 + sum_i exp gamma_i) replaced by its second-order
  // Taylor expansion at the mean, C(a) + 1/2 tr(H(a) S): the objective of
  // Ahmed & Xing's variational EM (section 3), which their updates (and the
  // M-step) optimise. Close to the log likelihood, but on neither side of it.
  double taylorObjective(const WordCounts& words, std::span<const double> mean,
                         std::span<const double> covariance) const;
  // phi at E_q[eta] = (mean, 0): counts[j] * phi_(j, k) added to
  // topicWord[k * V + type_j], the expected topic-word counts of the M-step.
  void addExpectedCounts(const WordCounts& words, std::span<const double> mean, std::span<double> topicWord) const;

 private:
  // F_shift(x) = log N(x; mu, Sigma) (without its constant) + sum_n log sum_k
  // exp(x_k) beta_(k, w_n) - N log(1 + sum_i exp(x_i + shift_i)), maximised
  // over x from x by Newton steps (halved while F would fall); on return
  // `hessian` holds Sigma^-1 + N (diag(p) - p p^T), p = softmax(x + shift) at
  // the final x. Returns the steps taken; sets `converged`.
  int maximizeProfiled(const WordCounts& words, std::span<const double> shift, std::vector<double>& x,
                       std::vector<double>& hessian, bool& converged) const;
  // F_shift at x; when `gradient` is not empty, its gradient and p, and when
  // `spread` is not empty, sum_n (diag(r_n) - r_n r_n^T) over the words'
  // responsibilities r_n (the part of F's curvature the paper's update leaves out).
  double profiled(const WordCounts& words, std::span<const double> shift, std::span<const double> x,
                  std::span<double> gradient, std::span<double> normalizer, std::span<double> spread) const;

  double objective(const WordCounts& words, std::span<const double> mean, std::span<const double> covariance,
                   bool taylor) const;

  const LogisticNormalModel& model_;
  int dimensions_;
  std::vector<double> precision_;      // Sigma^-1
  double logDeterminant_;              // log det Sigma
  std::vector<double> logBetaByType_;  // V x K: log beta transposed, so a type's K values are adjacent
};

// The sum over `documents` of each one's bound under `method` (0 for a
// document with no word in the model), on `threads` threads, added in
// document order.
double totalBound(const GammaPosteriorInference& inference, const DocumentCollection& documents, PosteriorMethod method,
                  int threads);

}  // namespace topiceval
