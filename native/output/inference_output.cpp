// SPDX-License-Identifier: Apache-2.0
#include "native/output/inference_output.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"

namespace topiceval::output {

void writeDocTopicsTable(std::ostream& out, const InferTopicsResult& result) {
  DocTopicsWriter writer(out, DocTopicsWriter::Layout::Table, InferTopicsRequest{});
  writer.add(result, 0);
  writer.finish(result);
}

void writeDocTopicsJson(std::ostream& out, const InferTopicsResult& result, const InferTopicsRequest& request) {
  DocTopicsWriter writer(out, DocTopicsWriter::Layout::Json, request);
  writer.add(result, 0);
  writer.finish(result);
}

DocTopicsWriter::DocTopicsWriter(std::ostream& out, Layout layout, const InferTopicsRequest& request)
    : out_(out), layout_(layout), request_(request) {}

void DocTopicsWriter::add(const InferTopicsResult& batch, std::size_t firstDocument) {
  largestBatch_ = std::max(largestBatch_, batch.documents);
  const auto topics = static_cast<std::size_t>(batch.topics);
  if (layout_ == Layout::Table) {
    if (!started_) {
      out_ << "doc\tname";
      for (int t = 0; t < batch.topics; ++t) out_ << "\ttopic" << t;
      out_ << '\n';
      started_ = true;
    }
    for (std::size_t d = 0; d < batch.documents; ++d) {
      out_ << firstDocument + d << '\t' << batch.names[d];
      for (std::size_t t = 0; t < topics; ++t) out_ << '\t' << formatNumber(batch.proportions[d * topics + t]);
      out_ << '\n';
    }
    return;
  }
  if (!started_) {
    std::error_code noDirectory;
    const std::filesystem::path directory = std::filesystem::temp_directory_path(noDirectory);
    if (noDirectory)
      throw std::runtime_error("cannot make a temporary file for the JSON report's documents: the temporary "
                               "directory (TMPDIR) is not usable: " + noDirectory.message());
    std::string path = (directory / "topiceval-doc-topics-XXXXXX").string();
    const int descriptor = ::mkstemp(path.data());
    if (descriptor < 0)
      throw std::runtime_error("cannot make a temporary file in " + directory.string() +
                               " for the JSON report's documents: " + std::generic_category().message(errno));
    ::close(descriptor);
    spill_.open(path, std::ios::in | std::ios::out | std::ios::trunc | std::ios::binary);
    // Nobody else needs its name: gone at once, its space freed when it closes, even after a crash.
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    if (!spill_) throw std::runtime_error("cannot open a temporary file for the JSON report's documents");
    documents_.emplace(spill_);
    documents_->beginArray();
    started_ = true;
  }
  for (std::size_t d = 0; d < batch.documents; ++d) {
    documents_->beginObject().field("doc", static_cast<uint64_t>(firstDocument + d)).field("name", batch.names[d]);
    documents_->key("proportions").beginArray();
    for (std::size_t t = 0; t < topics; ++t) documents_->value(batch.proportions[d * topics + t]);
    documents_->endArray().endObject();
  }
  if (!spill_) throw std::runtime_error("cannot write the JSON report's documents to a temporary file (disk full?)");
}

void DocTopicsWriter::finish(const InferTopicsResult& totals) {
  if (!started_) {  // no document: the header alone
    InferTopicsResult none;
    none.topics = totals.topics;
    add(none, 0);
  }
  if (layout_ == Layout::Table) return;
  documents_->endArray();
  spill_.flush();
  if (!spill_) throw std::runtime_error("cannot write the JSON report's documents to a temporary file (disk full?)");
  spill_.seekg(0);
  JsonWriter json(out_);
  beginEnvelope(json, "infer-topics");
  json.field("exact", request_.exact)
      .field("num_iterations", request_.iterations)
      .field("burn_in", request_.burnIn)
      .field("sample_interval", request_.sampleInterval)
      .field("random_seed", int64_t{totals.seed})
      .field("topics", totals.topics)
      .field("tokens", totals.tokens)
      .field("sampled_tokens", totals.sampledTokens);
  json.key("documents").copiedValue(spill_);
  endEnvelope(json, out_, {});
}

}  // namespace topiceval::output
