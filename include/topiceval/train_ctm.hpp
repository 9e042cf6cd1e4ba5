// SPDX-License-Identifier: Apache-2.0
#pragma once
// A correlated (logistic-normal) topic model by variational EM: Ahmed & Xing's
// (2007) Taylor E-step, or Blei & Lafferty's (2005) for comparison. The
// `train-ctm` command.

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "topiceval/choices.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"
#include "topiceval/vocabulary.hpp"

#include "topiceval/export.hpp"

namespace topiceval {

/// Training a correlated (logistic-normal) topic model by variational EM.
struct TrainCtmRequest {
  static constexpr int kDefaultMaxIterations = TrainCtmDefaults::kMaxIterations;  ///< the default maxIterations
  static constexpr double kDefaultTolerance = TrainCtmDefaults::kTolerance;  ///< the default tolerance
  static constexpr double kDefaultTopicWordSmoothing = TrainCtmDefaults::kTopicWordSmoothing;  ///< the default topicWordSmoothing
  /// Beyond it every topic is uniform to double precision (and far beyond, the counts overflow).
  static constexpr double kLargestTopicWordSmoothing = 1e6;
  static constexpr int kDefaultInitialSweeps = TrainCtmDefaults::kInitialSweeps;  ///< the default initialSweeps

  DocumentsSource documents;     ///< an instance list or plain text (each word its own id, in order of first use)
  int topics = 0;                ///< K, at least 2
  PosteriorMethod eStep = PosteriorMethod::Taylor;  ///< the E-step's bound: Taylor (default) or Blei & Lafferty's
  int maxIterations = kDefaultMaxIterations;  ///< EM iterations at most (default 200)
  double tolerance = kDefaultTolerance;  ///< stop when the total bound changes by less than this fraction in one iteration (default 1e-5)
  double topicWordSmoothing = kDefaultTopicWordSmoothing;  ///< pseudo-count added to each expected topic-word count in the M-step (default 0.1; at most 1e6)
  int initialSweeps = kDefaultInitialSweeps;  ///< Gibbs sweeps of LDA that start the topics (default 100)
  Seed seed = 1;  ///< the random seed
  int threads = 0;  ///< 0: every core; never changes a number
  Progress* progress = nullptr;  ///< counts EM iterations, or nullptr
  /// What one EM iteration did (for onIteration).
  struct Iteration {
    int iteration = 0;  ///< 1-based
    /// @{
    double bound = 0.0, objective = 0.0, relativeChange = 0.0, meanEStepIterations = 0.0, seconds = 0.0;  ///< the evidence bound (nats), the objective, its relative change, the mean E-step iterations per document, wall-clock seconds
    /// @}
    std::size_t unconvergedDocuments = 0;  ///< documents whose E-step did not converge
  };
  std::function<void(const Iteration&)> onIteration;  ///< after each EM iteration
  /// Once the documents are read, before training: their count, tokens and types, and the threads.
  std::function<void(std::size_t documents, uint64_t tokens, std::size_t types, int threads)> onStart;
};

/// The trained model and how training went.
struct TrainCtmResult {
  Model model;  ///< the logistic-normal model (Model::family() is LogisticNormal)
  std::vector<TrainCtmRequest::Iteration> iterations;  ///< one per EM iteration
  bool converged = false;  ///< the tolerance was met within maxIterations
  /// @{
  std::size_t documents = 0, types = 0;  ///< documents and vocabulary size V trained on
  /// @}
  uint64_t tokens = 0;  ///< tokens trained on
  int threads = 1;  ///< threads used
};

/// Trains the model. FileError for unreadable documents; SettingError for a setting out of range;
/// Interrupted when the progress is cancelled.
[[nodiscard]] TOPICEVAL_API TrainCtmResult trainCtm(const TrainCtmRequest& request);
/// The request the `train-ctm` command's options describe.
[[nodiscard]] TOPICEVAL_API TrainCtmRequest trainCtmRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const TrainCtmRequest& request);
/// Writes a logistic-normal model in topiceval's text format (what Model::read reads).
TOPICEVAL_API void writeLogisticNormalModel(const Model& model, std::ostream& out);

}  // namespace topiceval
