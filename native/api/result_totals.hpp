// SPDX-License-Identifier: Apache-2.0
#pragma once
// The estimators' numbers turned into the public result: per-document
// estimates and totals, summed in one order whether documents arrive whole or
// in batches, so both give the same bits.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/ratio_annealing.hpp"
#include "native/model/document_collection.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/interval.hpp"

namespace topiceval {

ModelReport modelReport(const Model& model, const std::string& name);
DocumentEstimate documentEstimate(const DocumentResult& document, const std::string& name, bool stochasticOnce);
// The per-document estimates and the totals.
void fillEvaluation(EvaluateResult& result, const EvaluationResult& estimates, const DocumentCollection& documents,
                    const std::vector<bool>* notConverged);

// The same totals gathered batch by batch (documents read and scored in
// batches): the same sums in the same order, so the same bits, while each
// document's estimate goes to `each` and is not kept.
class EvaluationTotals {
 public:
  void add(const EvaluationResult& batch, const DocumentCollection& documents, bool stochasticOnce,
           const std::function<void(std::size_t index, DocumentEstimate estimate)>& each);
  void fill(EvaluateResult& result);

 private:
  EvaluationResult totals_;  // no documents: the sums only
  double variance_ = 0.0;
  std::size_t heavyTailed_ = 0, lognormal_ = 0, empty_ = 0;
};

// The log-mean bias bound and how the runs were combined, from the estimates.
void setWidening(EvaluateResult& result, const EvaluationResult& estimates);

// One run of a stochastic estimator gives no error: every error NaN.
void markErrorsOfOneRun(EvaluateResult& result);
// The headline intervals from the total, its error and logMeanBias, and
// whether the runs support them (each of the above ends with it).
void setIntervals(EvaluateResult& result);

// Empty when the runs support an interval of this error and log-mean bias
// bound, else why not: the bound is more than kUnsupportedBoundRatio times the
// statistical half-width (topiceval/interval.hpp), so that the interval is
// mostly a bound the runs read from their own tail. At the default budget the
// SGU episodes' bound is about equal to the half-width and their interval
// held an independent reference at 20 of 20 seeds (benchmarks/coverage-study.py);
// stackexchange's test documents at 8 particles and 2 runs give 2.4 times.
inline constexpr double kUnsupportedBoundRatio = 2.0;
std::string unsupportedInterval(double standardError, double logMeanBias);

// compare's interval of the total log ratio (ratioInterval) from each
// direction's documents with a scored token: their totals, errors and log-mean bounds.
Interval logRatioInterval(const RatioResult& ratios);

}  // namespace topiceval
