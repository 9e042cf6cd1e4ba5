// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one output layer for held-out likelihoods: an EvaluateResult as the
// summary people read, the per-document TSV, the JSON report (one envelope for
// every command: "command", "version", ..., "warnings") and the HTML report.

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "native/output/report_writers.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval::output {

// The JSON envelope every command's report opens with: {"command": ..., "version": ...
void beginEnvelope(JsonWriter& json, const std::string& command);
// ... "warnings": [...]} and a newline.
void endEnvelope(JsonWriter& json, std::ostream& out, const std::vector<Warning>& warnings);

// "heavy-tailed", "not-converged", both (comma-separated) or "-".
std::string documentFlags(const DocumentEstimate& document);
// The per-document table: its header, then one row per document, in order, as
// they come (doc name tokens skipped loglik loglik_se perplexity effective_runs flag).
void writeDocumentTableHeader(std::ostream& out);
void writeDocumentRow(std::ostream& out, std::size_t index, const DocumentEstimate& document);
// The same table written as evaluate hands the documents over (EvaluateRequest::documentWriter).
class DocumentTableWriter final : public DocumentWriter {
 public:
  explicit DocumentTableWriter(std::ostream& out) : out_(out) {}
  void begin() override { writeDocumentTableHeader(out_); }
  void document(std::size_t index, const DocumentEstimate& estimate) override { writeDocumentRow(out_, index, estimate); }

 private:
  std::ostream& out_;
};
// The summary as (name, value) rows, shared by the text, JSON and HTML outputs.
std::vector<std::pair<std::string, std::string>> summaryRows(const EvaluateResult& result);
// The readable summary: model, input, estimator, unseen-word policy and what it
// skipped, totals, per-token log likelihood, perplexity, error, time.
void writeSummary(std::ostream& out, const EvaluateResult& result);
// "(-0.0012 / +0.0213)": how far the headline interval (topiceval/interval.hpp) reaches below and above value.
std::string intervalText(double value, const Interval& interval, int decimals);
// "key": [low, high].
void writeInterval(JsonWriter& json, const std::string& key, const Interval& interval);
// "; 1.2e+09 Gibbs site updates (...)" for the time row, empty for none counted.
std::string siteUpdatesText(uint64_t updates);
// The same as one JSON object.
void writeJson(std::ostream& out, const std::string& command, const EvaluateResult& result);
// A self-contained HTML page: the summary, a histogram of per-document
// perplexity, and a scatter of per-token log likelihood against a second
// estimator's (`versus`).
void writeEvaluationReport(std::ostream& out, const EvaluateResult& result, const EvaluateResult& versus);

}  // namespace topiceval::output
