#pragma once
// compare's and curve's outputs: text, TSV, JSON and HTML reports.

#include <ostream>

#include "topiceval/compare.hpp"

namespace topiceval::output {

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
