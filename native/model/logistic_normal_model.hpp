// SPDX-License-Identifier: Apache-2.0
#pragma once
// A logistic-normal topic admixture model (LoNTAM; Ahmed & Xing 2007, section 2;
// the correlated topic model of Blei & Lafferty 2005):
//     gamma ~ N(mean, covariance) in R^(K-1),
//     theta = softmax(gamma_1, ..., gamma_(K-1), 0),
//     z_n ~ Mult(theta),  w_n ~ Mult(beta_(z_n)).
// Topic K is the reference whose gamma is fixed at 0 (the paper's K-1
// dimensions), so the mean and covariance need no constraint.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "native/model/alphabet.hpp"

namespace topiceval {

struct LogisticNormalModel {
  int numTopics = 0;                         // K, at least 2
  std::size_t numTypes = 0;                  // V
  std::vector<double> mean;                  // K-1
  std::vector<double> covariance;            // (K-1) x (K-1), row-major, symmetric positive definite
  std::vector<double> logTopicWord;          // K x V, row-major: log p(w | topic k), each row summing to 1
  std::shared_ptr<const Alphabet> alphabet;  // the words by type index, or nullptr (indices only)

  int dimensions() const { return numTopics - 1; }
  double logBeta(int topic, std::size_t type) const {
    return logTopicWord[static_cast<std::size_t>(topic) * numTypes + type];
  }
};

// How far a topic's probabilities may sum from 1 before the model is refused
// (files written with 10 decimals, as Blei's ctm-c writes, sum to 1 within 1e-6).
inline constexpr double kLogisticNormalRowTolerance = 1e-4;

// Scales beyond which a model's numbers would only overflow or lose all
// precision in the E-steps: |mean| at most kLargestLogOdds, covariance
// entries at most kLargestVariance, and the covariance's Cholesky pivots
// (squared) no smaller than kSmallestPivotRatio times the largest.
inline constexpr double kLargestLogOdds = 1e4;
inline constexpr double kLargestVariance = 1e8;
inline constexpr double kSmallestPivotRatio = 1e-12;

// What is wrong with `model`, in one line, or empty if nothing: K >= 2,
// V >= 1, sizes consistent, every number finite (a log probability may be
// -infinity), each topic's probabilities summing to 1 within
// kLogisticNormalRowTolerance, the covariance symmetric (to 1e-9 relative),
// positive definite and within the scales above, and the alphabet, when
// present, of V words.
std::string findLogisticNormalProblem(const LogisticNormalModel& model);

// Each topic's log probabilities shifted so that they sum to 1 exactly (to
// rounding): files carry a few decimals.
void renormalizeTopics(LogisticNormalModel& model);

}  // namespace topiceval
