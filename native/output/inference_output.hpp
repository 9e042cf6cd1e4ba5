#pragma once
// infer-topics' own layouts beside MALLET's file (which the library writes):
// a documents x topics table and the JSON report.

#include <ostream>

#include "topiceval/infer_topics.hpp"

namespace topiceval::output {

// "doc name topic0 ... topicK-1", then one row per document (shortest decimals).
void writeDocTopicsTable(std::ostream& out, const InferTopicsResult& result);
// The run's settings and every document's proportions, in the JSON envelope.
void writeDocTopicsJson(std::ostream& out, const InferTopicsResult& result, const InferTopicsRequest& request);

}  // namespace topiceval::output
