// SPDX-License-Identifier: Apache-2.0
#pragma once
// Variational EM for a logistic-normal topic model (Ahmed & Xing 2007,
// section 3): the E-step fits q(gamma) for every document (Taylor, or
// Blei-Lafferty's for comparison; gamma_posterior.hpp), the M-step (section
// 3.2) sets
//     mu    = 1/D sum_d a_d,
//     Sigma = 1/D sum_d (S_d + (a_d - mu)(a_d - mu)^T),
//     beta_k proportional to smoothing + sum_d sum_n phi_(d, n, k) [w_(d, n) = w],
// and the two alternate until the E-step's total objective (the bound, or
// the Taylor-approximated bound) changes by less than the tolerance
// (relative). The same inputs give the same bits on any number of
// threads: documents are fitted in fixed blocks, and sums are taken in
// document order.

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "native/logistic_normal/gamma_posterior.hpp"
#include "native/model/document_collection.hpp"
#include "native/model/logistic_normal_model.hpp"
#include "native/runtime/progress.hpp"
#include "topiceval/vocabulary.hpp"

namespace topiceval {

struct TrainingIteration {
  int iteration = 0;            // 1-based
  double bound = 0.0;           // sum over documents of the variational lower bound, under the model before this M-step
  double objective = 0.0;       // the same of the E-step's objective (GammaPosterior::objective)
  double relativeChange = 0.0;  // of the objective: (objective - previous) / |previous|; NaN for the first
  double meanEStepIterations = 0.0;      // per document
  std::size_t unconvergedDocuments = 0;  // E-steps that hit kPosteriorMaxIterations
  double seconds = 0.0;                  // since training started
};

struct TrainingOptions {
  int numTopics = 10;
  PosteriorMethod method = PosteriorMethod::Taylor;
  int maxIterations = TrainCtmDefaults::kMaxIterations;
  double tolerance = TrainCtmDefaults::kTolerance;
  // A pseudo-count added to every expected topic-word count, so that every
  // word keeps a positive probability under every topic (the role beta plays
  // in LDA); 0 gives the paper's maximum-likelihood topics.
  double topicWordSmoothing = TrainCtmDefaults::kTopicWordSmoothing;
  uint64_t seed = 1;
  int initialSweeps = TrainCtmDefaults::kInitialSweeps;  // Gibbs sweeps of the LDA start (initialLogisticNormalModel)
  int threads = 0;               // 0: every hardware thread
  Progress* progress = nullptr;  // advanced by one per document fitted
  std::function<void(const TrainingIteration&)> onIteration;
};

struct TrainingResult {
  LogisticNormalModel model;
  std::vector<TrainingIteration> iterations;
  bool converged = false;  // the bound's relative rise fell below the tolerance
};

// The starting point: mu = 0, Sigma = I, and the topics of LDA after
// `sweeps` sweeps of collapsed Gibbs sampling (alpha 0.1, beta 0.01). Blei &
// Lafferty's ctm-c seeds each topic from random documents instead. On 400
// documents simulated from a known model, over 4 seeds, EM to convergence
// (tolerance 1e-6) ended with topics at a mean L1 distance from the true ones
// of 0.20 to 0.72 (K = 5) and 0.65 to 1.04 (K = 10) from seeded documents,
// 0.20 to 0.28 and 0.49 to 0.70 from the LDA start.
LogisticNormalModel initialLogisticNormalModel(const DocumentCollection& documents, std::size_t numTypes, int numTopics,
                                               uint64_t seed, int sweeps);

// Trains from initialLogisticNormalModel (or from `start` when given) on
// `documents`, whose type indices are below numTypes. std::invalid_argument
// for fewer than 2 topics or no document with a word.
TrainingResult trainLogisticNormal(const DocumentCollection& documents, std::size_t numTypes,
                                   std::shared_ptr<const Alphabet> alphabet, const TrainingOptions& options,
                                   const LogisticNormalModel* start = nullptr);

}  // namespace topiceval
