// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a result promises whoever reads it, checked once per result type:
// every enum within its choices, every index within the list it indexes,
// every per-topic or per-document list as long as its count says, and totals
// that agree with their documents. A result the library made is checked
// before it is returned (a broken promise is an internal error); one restored
// from outside (a Python pickle: python/python_state.hpp) is checked the same
// way before any of it is read, and refused as a file.

#include <optional>
#include <stdexcept>
#include <string>

#include "topiceval/browse.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/compare.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/evaluate_topics.hpp"
#include "topiceval/select.hpp"

namespace topiceval {

// The first broken promise in words ("documents[3]: 5 runs but 4 run
// estimates"), or nothing.
std::optional<std::string> brokenPromise(const ModelReport& report);
std::optional<std::string> brokenPromise(const DocumentEstimate& document);
std::optional<std::string> brokenPromise(const ConvergenceVerdict::Step& step);
std::optional<std::string> brokenPromise(const ConvergenceVerdict& verdict);
std::optional<std::string> brokenPromise(const TargetErrorSummary::Level& level);
std::optional<std::string> brokenPromise(const TargetErrorSummary& summary);
std::optional<std::string> brokenPromise(const EvaluateResult& result);
std::optional<std::string> brokenPromise(const TopicQuality& quality);
std::optional<std::string> brokenPromise(const TopicNumberFigure& figure);
std::optional<std::string> brokenPromise(const SeedGroup::Pair& pair);
std::optional<std::string> brokenPromise(const SeedGroup& group);
std::optional<std::string> brokenPromise(const RankedModel& model);
std::optional<std::string> brokenPromise(const SelectResult& result);
std::optional<std::string> brokenPromise(const EvaluateTopicsResult& result);
std::optional<std::string> brokenPromise(const ComparedDocument& document);
std::optional<std::string> brokenPromise(const CompareResult& result);
std::optional<std::string> brokenPromise(const CurveResult& result);
std::optional<std::string> brokenPromise(const DiagnosticsResult& result);
std::optional<std::string> brokenPromise(const CoherenceResult::Measure& measure);
std::optional<std::string> brokenPromise(const CoherenceResult& result);
std::optional<std::string> brokenPromise(const BrowseModel& model);
std::optional<std::string> brokenPromise(const BrowseResult& result);

// `result`, which the library has just made, once checked: a broken promise
// is a bug in the library (std::logic_error, reported as an internal error).
template <class Result>
Result checkedResult(Result result) {
  if (const auto broken = brokenPromise(result)) throw std::logic_error("a result breaks its promise: " + *broken);
  return result;
}

}  // namespace topiceval
