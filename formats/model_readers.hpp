#pragma once
// Readers for the MALLET files that hold a trained model. Each takes the file's
// bytes (or its path) and returns a validated TopicModel, or throws a FormatError
// whose message starts with the file's name.

#include <cstdint>
#include <span>
#include <string>

#include "native/model/topic_model.hpp"
#include "topiceval/model.hpp"

namespace topiceval::formats {

// cc.mallet.topics.MarginalProbEstimator (train-topics --evaluator-filename).
TopicModel readEvaluator(std::span<const uint8_t> bytes, const std::string& source);
TopicModel readEvaluatorFile(const std::string& path);

// cc.mallet.topics.TopicInferencer (train-topics --inferencer-filename), with its alphabet.
TopicModel readInferencer(std::span<const uint8_t> bytes, const std::string& source);

// cc.mallet.topics.ParallelTopicModel (train-topics --output-model), with its alphabet.
TopicModel readParallelTopicModel(std::span<const uint8_t> bytes, const std::string& source);

// The gzipped topic state (train-topics --output-state): "#alpha :" and "#beta :"
// lines, then one "doc source pos typeindex type topic" row per token. The model
// has one type per index up to the largest seen; betaSum = beta * that count.
TopicModel readTopicState(std::span<const uint8_t> bytes, const std::string& source);

// The kinds of model file, in the one table of file kinds (topiceval/model.hpp,
// formats/file_kinds.hpp). LogisticNormal and CtmC are read by
// readAnyModelFile (logistic_normal_files.hpp).
using ModelFileKind = FileKind;

// Any of the above, recognised by content.
struct LoadedModel {
  TopicModel model;
  ModelFileKind kind;
};
LoadedModel readModelFile(const std::string& path);
LoadedModel readModel(std::span<const uint8_t> bytes, const std::string& source);

}  // namespace topiceval::formats
