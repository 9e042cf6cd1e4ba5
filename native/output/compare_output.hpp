// SPDX-License-Identifier: Apache-2.0
#pragma once
// compare's and curve's outputs: text, TSV, JSON and HTML reports.

#include <cstddef>
#include <ostream>

#include "topiceval/compare.hpp"

namespace topiceval::output {

// What the outputs (and the front ends' bound results) derive from a result, defined once:
// whether compare ran both directions (and so reports each and their disagreement), whether
// every state of a curve carries an iteration, and state i's log likelihood per scored token.
bool bothDirections(const CompareResult& result);
bool curveNumbered(const CurveResult& result);
double curvePerToken(const CurveResult& result, std::size_t i);

// The summary (text, or beside the TSV on standard error).
void writeCompareSummary(std::ostream& out, const CompareResult& result);
void writeCompareTsv(std::ostream& out, const CompareResult& result);
void writeCompareJson(std::ostream& out, const CompareResult& result);
void writeCompareReport(std::ostream& out, const CompareResult& result);

// The models' labels: their iterations when every name had one, else their places.
void writeCurveText(std::ostream& out, const CurveResult& result);
void writeCurveTsv(std::ostream& out, const CurveResult& result);
// What the curve's numbers do not carry, and the time (after the text, or on standard error beside the TSV).
void writeCurveFooter(std::ostream& out, const CurveResult& result);
void writeCurveJson(std::ostream& out, const CurveResult& result);
void writeCurveReport(std::ostream& out, const CurveResult& result);

}  // namespace topiceval::output
