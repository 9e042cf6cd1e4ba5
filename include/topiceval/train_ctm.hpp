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

struct TrainCtmRequest {
  static constexpr int kDefaultMaxIterations = TrainCtmDefaults::kMaxIterations;
  static constexpr double kDefaultTolerance = TrainCtmDefaults::kTolerance;
  static constexpr double kDefaultTopicWordSmoothing = TrainCtmDefaults::kTopicWordSmoothing;
  // Beyond it every topic is uniform to double precision (and far beyond, the counts overflow).
  static constexpr double kLargestTopicWordSmoothing = 1e6;
  static constexpr int kDefaultInitialSweeps = TrainCtmDefaults::kInitialSweeps;

  DocumentsSource documents;     // an instance list or plain text (each word its own id, in order of first use)
  int topics = 0;                // K, at least 2
  PosteriorMethod eStep = PosteriorMethod::Taylor;
  int maxIterations = kDefaultMaxIterations;
  double tolerance = kDefaultTolerance;
  double topicWordSmoothing = kDefaultTopicWordSmoothing;
  int initialSweeps = kDefaultInitialSweeps;
  Seed seed = 1;
  int threads = 0;
  Progress* progress = nullptr;
  struct Iteration {
    int iteration = 0;
    double bound = 0.0, objective = 0.0, relativeChange = 0.0, meanEStepIterations = 0.0, seconds = 0.0;
    std::size_t unconvergedDocuments = 0;
  };
  std::function<void(const Iteration&)> onIteration;  // after each EM iteration
  // Once the documents are read, before training: their count, tokens and types, and the threads.
  std::function<void(std::size_t documents, uint64_t tokens, std::size_t types, int threads)> onStart;
};

struct TrainCtmResult {
  Model model;
  std::vector<TrainCtmRequest::Iteration> iterations;
  bool converged = false;
  std::size_t documents = 0, types = 0;
  uint64_t tokens = 0;
  int threads = 1;
};

[[nodiscard]] TOPICEVAL_API TrainCtmResult trainCtm(const TrainCtmRequest& request);
// The request the `train-ctm` command's options describe.
[[nodiscard]] TOPICEVAL_API TrainCtmRequest trainCtmRequest(const OptionValues& options);
// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const TrainCtmRequest& request);
// Writes a logistic-normal model in topiceval's text format (what Model::read reads).
TOPICEVAL_API void writeLogisticNormalModel(const Model& model, std::ostream& out);

}  // namespace topiceval
