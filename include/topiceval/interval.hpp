// SPDX-License-Identifier: Apache-2.0
#pragma once
// The headline interval: where the truth lies, given an estimate made from
// independent runs of an estimator unbiased for p(w) (evaluate's totals,
// select's totals and their paired differences).
//
// Each document's runs are combined in one of two ways
// (native/estimators/estimator.hpp, RunCombination):
// - The lognormal estimate (a particle filter's documents whose runs are
//   within the lognormal limit: the mean of log p-hat plus half its variance)
//   has no first-order bias, but a mode that all runs under-sampled still
//   leaves it low: it keeps half the bound below (kLognormalBoundShare in
//   native/estimators/estimator.hpp), which on short documents' independent
//   references brought coverage from 37-38 seeds of 40 to 38-40.
// - The log of the mean of R runs of p-hat (E[p-hat] = p; every other
//   unbiased estimator, and a particle filter's documents whose runs are too
//   spread for the limit) sits LOW by Jensen's inequality, never high: by the
//   delta method by about var(p-hat) / (2 R p^2), which is se^2 / 2 for the
//   document's standard error se of the log. The documents' shortfalls add,
//   so sum_d se_d^2 / 2 over these documents (EvaluateResult::logMeanBias)
//   widens the interval UPWARD: [x - z se, x + z se + bias].
//
// What it covers and what not: the runs' sampling error and the bias of the
// combination; not a biased estimator's own bias, and not a tail of rare
// large runs that no run showed (a larger budget is the remedy). When the
// bound, read from the runs themselves, is more than twice the statistical half
// width, the interval rests on what the runs say of their own tail, which is
// what a tail they did not sample hides: the result then says the runs do not
// support it (EvaluateResult::intervalUnsupported) and select does not rank on
// it. With no error to state (one run of a stochastic estimator) both ends are
// NaN; a deterministic estimator's interval is the point itself.
// tests/api/headline_interval_test.cpp checks the coverage on the exact models,
// and docs/held-out-likelihood.md gives it against independent references.

#include "topiceval/export.hpp"

namespace topiceval {

/// Where a truth lies: [low, high], in the units of the figure it bounds (nats, or nats per token).
struct Interval {
  /// @{
  double low = 0.0, high = 0.0;  ///< the ends (NaN when there is no error to state)
  /// @}
};

inline constexpr double kIntervalConfidence = 0.95;      // two-sided, of the statistical part
inline constexpr double kIntervalZ = 1.959963984540054;  // its normal quantile

/// [estimate - z se, estimate + z se + biasBound]; NaN ends when se or the bound is NaN.
[[nodiscard]] TOPICEVAL_API Interval headlineInterval(double estimate, double standardError, double biasBound);
/// The same divided by `tokens` (per token); NaN ends when nothing is scored.
[[nodiscard]] TOPICEVAL_API Interval perTokenOf(const Interval& total, double tokens);
/// The interval of truthA - truthB from estimateA - estimateB = difference:
// each estimate sits below its truth by between 0 and its bound, so the truth's
// difference lies in [difference - z se - biasBoundB, difference + z se + biasBoundA].
[[nodiscard]] TOPICEVAL_API Interval differenceInterval(double difference, double standardError, double biasBoundA,
                                                        double biasBoundB);

// Ratio-AIS (compare): the interval of the true total log ratio log p(w | A) -
// log p(w | B) from each direction's total over the documents. The forward
// direction anneals B to A and takes the log of a mean of unbiased weights of
// A / B: like evaluate's, it sits LOW by up to its bound sum_d se_d^2 / 2. The
// reverse one estimates B / A the same way and inverts it, so it sits HIGH by
// up to its own bound. Run alone, a direction's interval is the statistical
// one widened on its bias's side by that bound. Run both ways, the truth lies
// between the forward and the reverse estimates in expectation (the
// bidirectional sandwich: Grosse, Ghahramani & Adams 2015, "Sandwiching the
// marginal likelihood using bidirectional Monte Carlo"; the bounds themselves
// need no delta method), so the interval runs from the lower of the two less
// z times its error to the higher plus z times its error (each direction's
// own error, not the midpoint's). The midpoint's +- alone misses the truth
// whenever the two directions are apart by more than their noise, as short
// annealing leaves them. No direction's error (one sample): NaN ends.
/// One direction of compare's annealing, as ratioInterval weighs it.
struct RatioDirection {
  bool run = false;            ///< whether this direction was run
  double total = 0.0;          ///< sum over documents of its log A / B estimates
  double standardError = 0.0;  ///< sqrt of the sum of their squared errors
  double biasBound = 0.0;      ///< sum of their se^2 / 2
};
[[nodiscard]] TOPICEVAL_API Interval ratioInterval(const RatioDirection& forward, const RatioDirection& reverse);
// Whether the interval holds x (false for NaN ends).
[[nodiscard]] inline bool contains(const Interval& interval, double x) {
  return interval.low <= x && x <= interval.high;
}

}  // namespace topiceval
