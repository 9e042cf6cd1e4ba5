#pragma once
// Topic quality as tables and JSON: the diagnostics command's TSV and JSON
// (its XML is MALLET's own, written by the library).

#include <ostream>

#include "topiceval/coherence.hpp"
#include "topiceval/diagnostics.hpp"

namespace topiceval::output {

// One row per topic: its figures, alpha and top words (space-separated).
void writeDiagnosticsTable(std::ostream& out, const DiagnosticsResult& result);
// Every topic's figures and words, in the JSON envelope (NaN: null).
void writeDiagnosticsJson(std::ostream& out, const DiagnosticsResult& result);

// What people read: the reference, each measure's mean with its error, then
// one line per topic (values, exclusivity, FREX, top words).
void writeCoherenceSummary(std::ostream& out, const CoherenceResult& result);
// "measure topic value standard_error" rows (gensim's coherence-gensim.tsv
// columns first): per measure each topic then "mean"; then exclusivity, frex
// and diversity.
void writeCoherenceTable(std::ostream& out, const CoherenceResult& result);
void writeCoherenceJson(std::ostream& out, const CoherenceResult& result);

}  // namespace topiceval::output
