// SPDX-License-Identifier: Apache-2.0
#pragma once
// The library's plain vocabulary: kinds of file and model and the defaults that
// the floors below the API share with the requests. Types and constants only,
// no function behind them, so that every floor may read them (the readers, the
// estimators, the trainers) without depending on the API that sits above them.

#include <cstdint>

namespace topiceval {

/// What a file holds, recognised from its first bytes (a ctm-c model also by
/// its name): one table that every reader, `info` and `select` consult.
enum class FileKind {
  Evaluator,           ///< MALLET's MarginalProbEstimator (train-topics --evaluator-filename)
  Inferencer,          ///< MALLET's TopicInferencer (--inferencer-filename), with its alphabet
  ParallelTopicModel,  ///< MALLET's saved model (--output-model), with its alphabet
  TopicState,          ///< MALLET's gzipped topic state (--output-state)
  LogisticNormal,      ///< topiceval train-ctm's logistic-normal model
  CtmC,                ///< Blei & Lafferty's ctm-c output (a directory, or its -param.txt)
  InstanceList,        ///< MALLET's InstanceList of FeatureSequence documents (import-file --keep-sequence)
  OtherObjectStream,   ///< a Java serialization stream of another class
  Text,                ///< anything else that is text: plain documents, one per line (gzipped or not)
  Binary,              ///< anything else
  InMemory,            ///< a model built from arrays (Model::fromCounts, Model::fromTopics)
  LdaModel,            ///< topiceval's own LDA model file (Model::save, writeModel)
};

/// The two kinds of model topiceval scores: LDA's (a Dirichlet over topic
/// proportions; every MALLET file, and arrays) and logistic-normal ones.
enum class ModelFamily { Dirichlet, LogisticNormal };

/// train-ctm's defaults: TrainCtmRequest's, and those of the variational EM
/// below the API (native/logistic_normal) when called without a request.
struct TrainCtmDefaults {
  static constexpr int kMaxIterations = 200;  ///< EM iterations at most
  /// ctm-c stops at 1e-3; on simulated data the topics were still improving at 1e-4.
  static constexpr double kTolerance = 1e-5;
  /// On sgu at K = 10 the held-out likelihood per token is -8.569 (0.001),
  /// -8.417 (0.01), -8.300 (0.1), -8.298 (0.3); hence 0.1.
  static constexpr double kTopicWordSmoothing = 0.1;
  static constexpr int kInitialSweeps = 100;  ///< Gibbs sweeps of the LDA start before EM
};

}  // namespace topiceval
