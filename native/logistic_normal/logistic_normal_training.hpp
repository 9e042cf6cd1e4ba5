#pragma once
// Variational EM for a logistic-normal topic model (Ahmed & Xing 2007,
// section 3): the E-step fits q(gamma) for every document (Taylor, or
// Blei-Lafferty's for comparison; gamma_posterior.hpp), the M-step (section
// 3.2) sets
//     mu    = 1/D sum_d a_d,
//     Sigma = 1/D sum_d (S_d + (a_d - mu)(a_d - mu)^T),
//     beta_k proportional to smoothing + sum_d sum_n phi_(d, n, k) [w_(d, n) = w],
// and the two alternate until the total bound rises by less than the
// tolerance (relative). The same inputs give the same bits on any number of
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

namespace topiceval {

struct TrainingIteration {
  int iteration = 0;                     // 1-based
  double bound = 0.0;                    // sum over documents of the E-step's bound, under the model before this M-step
  double relativeChange = 0.0;           // (bound - previous) / |previous|; NaN for the first
  double meanEStepIterations = 0.0;      // per document
  std::size_t unconvergedDocuments = 0;  // E-steps that hit kPosteriorMaxIterations
  double seconds = 0.0;                  // since training started
};

struct TrainingOptions {
  int numTopics = 10;
  PosteriorMethod method = PosteriorMethod::Taylor;
  int maxIterations = 100;
  double tolerance = 1e-4;
  // A pseudo-count added to every expected topic-word count, so that a word
  // seen in training keeps a positive probability under every topic (the
  // role beta plays in LDA); 0 gives the paper's maximum-likelihood topics.
  double topicWordSmoothing = 0.01;
  uint64_t seed = 1;
  int threads = 0;               // 0: every hardware thread
  Progress* progress = nullptr;  // advanced by one per document fitted
  std::function<void(const TrainingIteration&)> onIteration;
};

struct TrainingResult {
  LogisticNormalModel model;
  std::vector<TrainingIteration> iterations;
  bool converged = false;  // the bound's relative rise fell below the tolerance
};

// The starting point: mu = 0, Sigma = I, and each topic seeded from the word
// counts of two documents drawn at random, plus 1 and uniform noise on every
// type (Blei & Lafferty's ctm-c seeds its topics from documents the same way).
LogisticNormalModel initialLogisticNormalModel(const DocumentCollection& documents, std::size_t numTypes, int numTopics,
                                               uint64_t seed);

// Trains from initialLogisticNormalModel (or from `start` when given) on
// `documents`, whose type indices are below numTypes. std::invalid_argument
// for fewer than 2 topics or no document with a word.
TrainingResult trainLogisticNormal(const DocumentCollection& documents, std::size_t numTypes,
                                   std::shared_ptr<const Alphabet> alphabet, const TrainingOptions& options,
                                   const LogisticNormalModel* start = nullptr);

}  // namespace topiceval
