#include "native/output/inference_output.hpp"

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"
#include "native/output/report_writers.hpp"

namespace topiceval::output {

void writeDocTopicsTable(std::ostream& out, const InferTopicsResult& result) {
  out << "doc\tname";
  for (int t = 0; t < result.topics; ++t) out << "\ttopic" << t;
  out << '\n';
  const auto topics = static_cast<std::size_t>(result.topics);
  for (std::size_t d = 0; d < result.documents; ++d) {
    out << d << '\t' << result.names[d];
    for (std::size_t t = 0; t < topics; ++t) out << '\t' << formatNumber(result.proportions[d * topics + t]);
    out << '\n';
  }
}

void writeDocTopicsJson(std::ostream& out, const InferTopicsResult& result, const InferTopicsRequest& request) {
  JsonWriter json(out);
  beginEnvelope(json, "infer-topics");
  json.field("exact", request.exact)
      .field("num_iterations", request.iterations)
      .field("burn_in", request.burnIn)
      .field("sample_interval", request.sampleInterval)
      .field("random_seed", int64_t{result.seed})
      .field("topics", result.topics)
      .field("tokens", result.tokens)
      .field("sampled_tokens", result.sampledTokens);
  json.key("documents").beginArray();
  const auto topics = static_cast<std::size_t>(result.topics);
  for (std::size_t d = 0; d < result.documents; ++d) {
    json.beginObject().field("doc", static_cast<uint64_t>(d)).field("name", result.names[d]);
    json.key("proportions").beginArray();
    for (std::size_t t = 0; t < topics; ++t) json.value(result.proportions[d * topics + t]);
    json.endArray().endObject();
  }
  json.endArray();
  endEnvelope(json, out, {});
}

}  // namespace topiceval::output
