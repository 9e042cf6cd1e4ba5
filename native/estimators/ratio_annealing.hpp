// SPDX-License-Identifier: Apache-2.0
#pragma once
// Ratio-AIS: annealed importance sampling from one topic model to another, to
// estimate the per-document ratio p(w | A) / p(w | B) directly (Foulds and
// Smyth 2014, "Annealing Paths for the Evaluation of Topic Models").
//
// With f_M(z) = p(z | alpha_M) prod_n phi_M[w_n][z_n] (so that p(w | M) = sum_z f_M(z)),
// the chain starts near the posterior of the start model (a draw from its prior,
// then --burn-in Gibbs sweeps) and passes through f_0 = f_start, ..., f_T = f_end:
//   geometric path: f_j = f_end^b_j f_start^(1 - b_j);
//   convex path:    f_j is the topic model with alpha_j and phi_j interpolated
//                   linearly, b_j alpha_end + (1 - b_j) alpha_start (likewise phi);
// b_j = j / T. At step j the log weight gains log f_j(z) - log f_{j-1}(z) for
// the current z, then one Gibbs sweep leaves f_j invariant: every intermediate
// distribution is the one the chain is sampled from (alpha included).
// The weight's mean estimates Z_end / Z_start. Forward anneals B to A
// (estimating A / B); reverse anneals A to B (estimating B / A, inverted).
// In expectation the forward log estimate lies below log(A / B) and the
// reverse one above it, so the two directions bracket the truth, and
// disagreement beyond their spread signals that the chains have not converged.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/model/document_phi.hpp"
#include "native/runtime/progress.hpp"
#include "native/model/scoring_model.hpp"
#include "topiceval/choices.hpp"

namespace topiceval {

const char* describe(AnnealingPath path);
const char* describe(AnnealingDirection direction);

struct RatioAnnealingOptions {
  AnnealingPath path = AnnealingPath::Geometric;
  AnnealingDirection direction = AnnealingDirection::Both;
  int temperatures = 1000;
  int burnIn = 100;
  int samples = 1;  // independent annealing runs per direction and document
  uint64_t seed = 1;
  int threads = 0;
  Progress* progress = nullptr;  // advanced by one per (document, direction, sample)
};

struct DocumentRatio {
  uint64_t tokens = 0;  // scored under both models
  // log of the mean of the estimates of A/B in each direction (NaN when not run),
  // and the standard error of that mean over the mean (0 with one sample).
  double forward = 0.0, forwardError = 0.0;
  double reverse = 0.0, reverseError = 0.0;
  std::vector<double> forwardSamples;  // log A/B estimates, one per sample
  std::vector<double> reverseSamples;
  // The reported log ratio: one direction's, or the midpoint of both.
  double logRatio = 0.0;
  double logRatioError = 0.0;
  // Both directions: true when they differ by more than 3 combined standard
  // errors (needs at least 5 samples per direction for a usable spread).
  bool directionsDisagree = false;
};

struct RatioResult {
  std::vector<DocumentRatio> documents;
  double totalLogRatio = 0.0;
  // sqrt of the sum of the documents' squared errors (NaN with one sample per direction).
  double totalLogRatioError = 0.0;
  uint64_t scoredTokens = 0;
  // Both directions: paired across documents, mean of (forward - reverse) over
  // its standard error; large values mean systematic disagreement.
  double directionsPairedStatistic = 0.0;
};

// Models A and B must have the same number of topics, with topic k meaning the
// same thing in both for the convex path (see alignTopics). A word is scored
// when both models score it.
RatioResult estimateLogRatios(const ScoringModel& modelA, const ScoringModel& modelB,
                              const DocumentCollection& documents, const RatioAnnealingOptions& options);

// Iteration-AIS (Foulds and Smyth 2014): the held-out likelihood at each of a
// series of models from one training run (MALLET's --output-state-interval).
// One chain per document anneals from the prior to the first model (AIS,
// Wallach et al.'s algorithm 1), then along the convex path to each next model,
// reusing the chain; each model's estimate is the previous one's plus the log
// weight of the segment.
struct CurveOptions {
  int temperatures = 1000;  // per segment
  uint64_t seed = 1;
  int threads = 0;
  Progress* progress = nullptr;  // advanced by one per document
};

struct CurveEstimates {
  std::vector<double> totals;                  // per model: sum over documents of log p(w)
  std::vector<std::vector<double>> documents;  // [model][document]
  uint64_t scoredTokens = 0;                   // scored under every model
};

CurveEstimates estimateLikelihoodCurve(const std::vector<const ScoringModel*>& models, const DocumentCollection& documents,
                                    const CurveOptions& options);

}  // namespace topiceval
