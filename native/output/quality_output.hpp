// SPDX-License-Identifier: Apache-2.0
#pragma once
// Topic quality as tables and JSON: the diagnostics command's TSV and JSON
// (its XML is MALLET's own, written by the library).

#include <ostream>
#include <utility>
#include <vector>

#include "topiceval/coherence.hpp"
#include "topiceval/diagnostics.hpp"

namespace topiceval::output {

// A topic's figures and a top word's by MALLET's attribute names ("word-length"), in the XML's order: what the
// JSON and the table write, and what the front ends bind (Python spells "-" as "_").
std::vector<std::pair<const char*, double>> topicFigures(const DiagnosticsResult::Topic& topic);
std::vector<std::pair<const char*, double>> wordFigures(const DiagnosticsResult::Word& word);

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
