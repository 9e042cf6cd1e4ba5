// SPDX-License-Identifier: Apache-2.0
#pragma once
// Files that hold a logistic-normal (correlated) topic model:
// - topiceval's own text format (what `topiceval train-ctm` writes), one
//   section per line group:
//       topiceval logistic-normal model 1
//       topics K
//       types V
//       mean                 then K-1 numbers on one line
//       covariance           then K-1 lines of K-1 numbers (symmetric)
//       log-topic-word       then K lines of V numbers: log p(w | topic k)
//       vocabulary N         then N lines, one word each (N = V, or 0 for none)
//   Topic K is the reference topic, whose log-odds gamma_K is fixed at 0.
//   Numbers are decimal (17 significant digits when written), -inf allowed
//   in log-topic-word.
// - Blei & Lafferty's ctm-c output: PREFIX-param.txt ("num_topics K",
//   "num_terms V"), PREFIX-mu.dat (K-1 numbers), PREFIX-cov.dat ((K-1)^2
//   numbers; or PREFIX-inv-cov.dat, inverted, when only that is there),
//   PREFIX-log-beta.dat (K x V numbers), named by the directory
//   that holds them (PREFIX = DIR/final) or by the -param.txt file; words
//   from vocab.txt beside them, one per line, when it exists.
// Every reader validates the model (findLogisticNormalProblem) and throws a
// FormatError naming the file.

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "formats/lda_model_file.hpp"
#include "formats/model_readers.hpp"
#include "native/model/logistic_normal_model.hpp"

namespace topiceval::formats {

inline constexpr const char* kLogisticNormalMagic = "topiceval logistic-normal model";

// Whether `bytes` start like topiceval's own format.
bool looksLikeLogisticNormalModel(std::span<const uint8_t> bytes);
// The same for the file at `path`, reading only its first line's bytes.
bool fileLooksLikeLogisticNormalModel(const std::string& path);
LogisticNormalModel readLogisticNormalModel(std::span<const uint8_t> bytes, const std::string& source);
void writeLogisticNormalModel(std::ostream& out, const LogisticNormalModel& model);

// Whether `path` names a ctm-c model (a directory holding final-param.txt, or a -param.txt file).
bool namesCtmModel(const std::string& path);
LogisticNormalModel readCtmModel(const std::string& path);

// Any model file `evaluate` and `select` take: one of MALLET's (readModelFile),
// topiceval's logistic-normal format or a ctm-c model, recognised by content
// (or, for ctm-c, by name), or topiceval's LDA format (lda_model_file.hpp).
// Exactly one of the three models is set.
struct AnyLoadedModel {
  ModelFileKind kind = ModelFileKind::Evaluator;
  std::optional<TopicModel> lda;
  std::optional<LogisticNormalModel> logisticNormal;
  std::optional<TrainingAssignments> training;  // a state's or saved model's training documents
  std::optional<TopicModel> malletOrder;         // a state's counts with MALLET's rows
  std::optional<LdaModelFile> probabilities;     // an LDA file of topic-word probabilities
  int numTopics() const {
    if (probabilities) return static_cast<int>(probabilities->alpha.size());
    return lda ? lda->numTopics : logisticNormal->numTopics;
  }
  std::size_t numTypes() const {
    if (probabilities) return probabilities->types;
    return lda ? lda->numTypes() : logisticNormal->numTypes;
  }
  const Alphabet* alphabet() const {
    if (probabilities) return probabilities->words.get();
    return lda ? lda->alphabet.get() : logisticNormal->alphabet.get();
  }
};
AnyLoadedModel readAnyModelFile(const std::string& path);
// The same for a file already read (not a ctm-c model, which is several files).
AnyLoadedModel readAnyModel(std::span<const uint8_t> bytes, const std::string& source);

}  // namespace topiceval::formats
