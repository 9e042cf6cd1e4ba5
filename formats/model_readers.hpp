// SPDX-License-Identifier: Apache-2.0
#pragma once
// Readers for the MALLET files that hold a trained model. Each takes the file's
// bytes (or its path) and returns a validated TopicModel, or throws a FormatError
// whose message starts with the file's name.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "native/model/topic_model.hpp"
#include "native/model/training_assignments.hpp"
#include "topiceval/vocabulary.hpp"

namespace topiceval::formats {

// cc.mallet.topics.MarginalProbEstimator (train-topics --evaluator-filename).
TopicModel readEvaluator(std::span<const uint8_t> bytes, const std::string& source);
TopicModel readEvaluatorFile(const std::string& path);

// cc.mallet.topics.TopicInferencer (train-topics --inferencer-filename), with its alphabet.
TopicModel readInferencer(std::span<const uint8_t> bytes, const std::string& source);
TopicModel readInferencerFile(const std::string& path);

// cc.mallet.topics.ParallelTopicModel (train-topics --output-model), with its alphabet.
TopicModel readParallelTopicModel(std::span<const uint8_t> bytes, const std::string& source);

// The gzipped topic state (train-topics --output-state): "#alpha :" and "#beta :"
// lines, then one "doc source pos typeindex type topic" row per token. The model
// has one type per index up to the largest seen; betaSum = beta * that count.
TopicModel readTopicState(std::span<const uint8_t> bytes, const std::string& source);

// What a topic state holds, as read: alpha, beta, the words by type index (a
// type no row names is an empty word) and the documents with their topics, in
// file order.
struct TopicStateContents {
  std::vector<double> alpha;
  double beta = 0.0;
  std::vector<std::string> words;
  TrainingAssignments documents;
};
TopicStateContents readTopicStateContents(std::span<const uint8_t> bytes, const std::string& source);
// The model topiceval scores with from a state's contents, over `words` (the
// state's own): each word's row sorted by decreasing count, equal counts by
// topic, validated. (MALLET's own rows, which depend on the order of the
// tokens, are TopicModel::fromAssignments: the diagnostics use those.)
TopicModel modelFromTopicState(const TopicStateContents& contents, std::shared_ptr<const Alphabet> words,
                               const std::string& source);
// The same from the counts with MALLET's rows, already built.
TopicModel sortedByCount(TopicModel malletOrder, const std::string& source);

// A saved model with its training documents (ParallelTopicModel's `data`:
// each instance's features and its topic sequence, in order).
struct ModelWithAssignments {
  TopicModel model;
  TrainingAssignments documents;
};
ModelWithAssignments readParallelTopicModelWithAssignments(std::span<const uint8_t> bytes, const std::string& source);

// The kinds of model file, in the one table of file kinds (topiceval/vocabulary.hpp,
// formats/file_kinds.hpp). LogisticNormal and CtmC are read by
// readAnyModelFile (logistic_normal_files.hpp).
using ModelFileKind = FileKind;

// Any of the above, recognised by content; a state or a saved model with its
// training documents.
struct LoadedModel {
  TopicModel model;
  ModelFileKind kind;
  std::optional<TrainingAssignments> training;
  std::optional<TopicModel> malletOrder;  // a state's counts with MALLET's rows (TopicModel::fromAssignments)
};
LoadedModel readModelFile(const std::string& path);
LoadedModel readModel(std::span<const uint8_t> bytes, const std::string& source);
// The StartCheck (file_bytes.hpp) of the model readers: a gzip stream, a Java
// serialization stream or a logistic-normal model's text, or readModel's
// FormatError for anything else.
void checkModelStart(std::span<const uint8_t> start, const std::string& source);

}  // namespace topiceval::formats
