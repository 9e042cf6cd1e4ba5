// SPDX-License-Identifier: Apache-2.0
#pragma once
// topiceval's own text format for an LDA model (what Python's Model.save
// writes for one; every command that takes a model reads it), in the style
// of the logistic-normal format (logistic_normal_files.hpp):
//       topiceval LDA model 1
//       topics K
//       types V
//       alpha                then K numbers on one line
// then either the counts (a model read from MALLET's files or built from counts):
//       alpha-sum S          the alpha total the estimators use (to rounding, the sum of alpha)
//       beta B
//       beta-sum S           to rounding, B times V
//       smoothing-only-mass X, then cached-coefficients and K numbers: only
//                            when MALLET's formulas do not give these bits
//                            again (a MALLET evaluator file's own)
//       type-topic-counts    then V lines, one per word type: its row as
//                            "topic:count" pairs (topics from 0, counts
//                            positive) in the order MALLET's estimator visits
//                            them, then any stored empty entries as "0:0";
//                            an empty line for a word no topic holds, "null"
//                            for a type MALLET keeps no row for
// or the probabilities (a model built from them):
//       topic-word           then K lines of V numbers: p(w | topic k)
// and last:
//       vocabulary N         then N lines, one word each (N = V, or 0 for none)
// Numbers are decimal, written as the shortest text that reads back to the
// same bits, so a model read back scores every document as the one written.
// Each topic's total is the sum of its counts. Not kept: a topic state's or
// saved model's training documents (the diagnostics read those from MALLET's
// file) and an inferencer's random state.
// The reader validates the model (findModelProblem, or the probabilities'
// own check) and throws a FormatError naming the file.

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "native/model/alphabet.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval::formats {

inline constexpr const char* kLdaModelMagic = "topiceval LDA model";

// An LDA model as topiceval's format holds it: counts, or probabilities.
struct LdaModelFile {
  std::optional<TopicModel> counts;       // with its alphabet
  std::vector<double> probabilities;      // phi[k * types + w], when no counts
  std::vector<double> alpha;              // with probabilities
  std::size_t types = 0;                  // with probabilities
  std::shared_ptr<const Alphabet> words;  // with probabilities, or null
};

// Whether `bytes` start like this format.
bool looksLikeLdaModel(std::span<const uint8_t> bytes);
LdaModelFile readLdaModel(std::span<const uint8_t> bytes, const std::string& source);
// ModelError for a word this format cannot hold (one with a line break).
void writeLdaModel(std::ostream& out, const TopicModel& counts, const Alphabet* words);
void writeLdaModel(std::ostream& out, std::span<const double> probabilities, std::size_t types,
                   std::span<const double> alpha, const Alphabet* words);

}  // namespace topiceval::formats
