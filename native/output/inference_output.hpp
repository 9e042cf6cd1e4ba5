// SPDX-License-Identifier: Apache-2.0
#pragma once
// infer-topics' own layouts beside MALLET's file (which the library writes):
// a documents x topics table and the JSON report.

#include <cstddef>
#include <fstream>
#include <optional>
#include <ostream>

#include "native/output/report_writers.hpp"
#include "topiceval/infer_topics.hpp"

namespace topiceval::output {

// "doc name topic0 ... topicK-1", then one row per document (shortest decimals).
void writeDocTopicsTable(std::ostream& out, const InferTopicsResult& result);
// The run's settings and every document's proportions, in the JSON envelope.
void writeDocTopicsJson(std::ostream& out, const InferTopicsResult& result, const InferTopicsRequest& request);

// The table or the JSON report written a batch of documents at a time, as the
// library hands them over (InferTopicsRequest::consumeBatch), so that no more
// than a batch's proportions are held: the same bytes as writing the whole
// result. The JSON report's totals come before its documents, so its documents
// wait in an unnamed temporary file (in TMPDIR) until finish().
class DocTopicsWriter {
 public:
  enum class Layout { Table, Json };
  DocTopicsWriter(std::ostream& out, Layout layout, const InferTopicsRequest& request);
  DocTopicsWriter(const DocTopicsWriter&) = delete;
  DocTopicsWriter& operator=(const DocTopicsWriter&) = delete;

  // The documents of `batch`, numbered from `firstDocument` (batches in order).
  void add(const InferTopicsResult& batch, std::size_t firstDocument);
  // After the last batch: `totals` gives the run's figures (its proportions are not read).
  void finish(const InferTopicsResult& totals);
  // The most documents one call to add() was given: what this writer held at once.
  std::size_t largestBatch() const { return largestBatch_; }

 private:
  std::ostream& out_;
  Layout layout_;
  const InferTopicsRequest& request_;
  bool started_ = false;
  std::size_t largestBatch_ = 0;
  std::fstream spill_;
  std::optional<JsonWriter> documents_;
};

}  // namespace topiceval::output
