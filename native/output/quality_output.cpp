// SPDX-License-Identifier: Apache-2.0
#include "native/output/quality_output.hpp"

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"

#include <cmath>
#include <tuple>

namespace topiceval::output {

std::vector<std::pair<const char*, double>> topicFigures(const DiagnosticsResult::Topic& topic) {
  return {{"tokens", topic.tokens},
          {"document_entropy", topic.documentEntropy},
          {"word-length", topic.wordLength},
          {"coherence", topic.coherence},
          {"uniform_dist", topic.uniformDist},
          {"corpus_dist", topic.corpusDist},
          {"eff_num_words", topic.effectiveNumWords},
          {"token-doc-diff", topic.tokenDocDiff},
          {"rank_1_docs", topic.rank1Documents},
          {"allocation_ratio", topic.allocationRatio},
          {"allocation_count", topic.allocationCount},
          {"exclusivity", topic.exclusivity}};
}

std::vector<std::pair<const char*, double>> wordFigures(const DiagnosticsResult::Word& word) {
  return {{"prob", word.probability},           {"cumulative", word.cumulative},
          {"word-length", word.wordLength},     {"coherence", word.coherence},
          {"uniform_dist", word.uniformDist},   {"corpus_dist", word.corpusDist},
          {"token-doc-diff", word.tokenDocDiff}, {"exclusivity", word.exclusivity}};
}

void writeDiagnosticsTable(std::ostream& out, const DiagnosticsResult& result) {
  out << "topic\talpha";
  const DiagnosticsResult::Topic header;
  for (const auto& [name, value] : topicFigures(header)) out << '\t' << name;
  out << "\ttop_words\n";
  for (std::size_t k = 0; k < result.topics.size(); ++k) {
    const DiagnosticsResult::Topic& topic = result.topics[k];
    out << k << '\t' << formatNumber(topic.alpha);
    for (const auto& [name, value] : topicFigures(topic)) out << '\t' << formatNumber(value);
    out << '\t';
    for (std::size_t i = 0; i < topic.words.size(); ++i) out << (i > 0 ? " " : "") << tsvField(topic.words[i].word);
    out << '\n';
  }
}

void writeDiagnosticsJson(std::ostream& out, const DiagnosticsResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, "diagnostics");
  json.field("model", result.modelDescription);
  json.field("from_documents", result.fromDocuments);
  json.field("num_top_words", result.numTopWords);
  json.field("vocabulary_size", static_cast<uint64_t>(result.vocabularySize));
  json.field("documents", static_cast<uint64_t>(result.documents));
  json.field("tokens", result.tokens);
  json.key("topics").beginArray();
  for (std::size_t k = 0; k < result.topics.size(); ++k) {
    const DiagnosticsResult::Topic& topic = result.topics[k];
    json.beginObject().field("topic", static_cast<uint64_t>(k)).field("alpha", topic.alpha);
    for (const auto& [name, value] : topicFigures(topic)) json.field(name, value);
    json.key("words").beginArray();
    for (std::size_t i = 0; i < topic.words.size(); ++i) {
      const DiagnosticsResult::Word& word = topic.words[i];
      json.beginObject()
          .field("rank", static_cast<uint64_t>(i + 1))
          .field("word", word.word)
          .field("type", int64_t{word.type})
          .field("count", int64_t{word.count});
      if (word.documents >= 0) json.field("docs", int64_t{word.documents});
      for (const auto& [name, value] : wordFigures(word)) json.field(name, value);
      json.endObject();
    }
    json.endArray().endObject();
  }
  json.endArray();
  endEnvelope(json, out, result.warnings);
}

namespace {

std::string withError(double value, double error, int decimals) {
  std::string text = fixed(value, decimals);
  if (std::isfinite(error)) text += " +- " + fixed(error, decimals);
  return text;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

}  // namespace

void writeCoherenceSummary(std::ostream& out, const CoherenceResult& result) {
  out << "reference: " << result.reference << " (" << result.referenceDocuments << " documents, "
      << result.referenceTokens << " tokens)\n";
  out << "errors: " << (result.bootstrap > 0 ? std::to_string(result.bootstrap) + " bootstrap replicates over the "
                                                   "reference documents (sampling error only)"
                                             : std::string("none (--bootstrap 0)"))
      << "\n\n";
  for (const CoherenceResult::Measure& measure : result.measures) {
    out << padded(measure.name, 8) << " mean " << withError(measure.mean, measure.meanStandardError, 4)
        << (measure.windowSize > 0 ? "   (windows of " + std::to_string(measure.windowSize) + ")" : "   (documents)")
        << '\n';
  }
  out << padded("exclusivity", 8) << " mean " << fixed(result.meanExclusivity, 4) << '\n';
  out << padded("frex", 8) << " mean " << fixed(result.meanFrex, 4) << '\n';
  out << padded("diversity", 8) << "      " << fixed(result.diversity, 4) << "   (share of distinct top words)\n\n";
  out << "topic";
  for (const CoherenceResult::Measure& measure : result.measures) out << '\t' << measure.name;
  out << "\texclusivity\tfrex\ttop words\n";
  for (std::size_t k = 0; k < result.topics.size(); ++k) {
    out << k;
    for (const CoherenceResult::Measure& measure : result.measures)
      out << '\t' << withError(measure.perTopic[k], measure.perTopicStandardError[k], 4);
    out << '\t' << fixed(result.exclusivity[k], 4) << '\t' << fixed(result.frex[k], 4) << '\t'
        << joined(result.topics[k]) << '\n';
  }
}

void writeCoherenceTable(std::ostream& out, const CoherenceResult& result) {
  out << "measure\ttopic\tvalue\tstandard_error\twindow\twords\n";
  for (const CoherenceResult::Measure& measure : result.measures) {
    for (std::size_t k = 0; k < measure.perTopic.size(); ++k) {
      out << measure.name << '\t' << k << '\t' << formatNumber(measure.perTopic[k]) << '\t'
          << formatNumber(measure.perTopicStandardError[k]) << '\t' << measure.windowSize << '\t'
          << tsvField(joined(result.topics[k])) << '\n';
    }
    out << measure.name << "\tmean\t" << formatNumber(measure.mean) << '\t' << formatNumber(measure.meanStandardError)
        << '\t' << measure.windowSize << "\t-\n";
  }
  for (const auto& [name, values, mean] :
       {std::tuple{"exclusivity", &result.exclusivity, result.meanExclusivity},
        std::tuple{"frex", &result.frex, result.meanFrex}}) {
    for (std::size_t k = 0; k < values->size(); ++k)
      out << name << '\t' << k << '\t' << formatNumber((*values)[k]) << "\tnan\t0\t"
          << tsvField(joined(result.topics[k])) << '\n';
    out << name << "\tmean\t" << formatNumber(mean) << "\tnan\t0\t-\n";
  }
  out << "diversity\tall\t" << formatNumber(result.diversity) << "\tnan\t0\t-\n";
}

void writeCoherenceJson(std::ostream& out, const CoherenceResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, "coherence");
  json.field("reference", result.reference);
  json.field("reference_documents", static_cast<uint64_t>(result.referenceDocuments));
  json.field("reference_tokens", result.referenceTokens);
  json.field("bootstrap", result.bootstrap);
  json.key("measures").beginArray();
  for (const CoherenceResult::Measure& measure : result.measures) {
    json.beginObject().field("measure", measure.name).field("window", measure.windowSize);
    json.field("mean", measure.mean).field("mean_standard_error", measure.meanStandardError);
    json.key("per_topic").beginArray();
    for (const double value : measure.perTopic) json.value(value);
    json.endArray().key("per_topic_standard_error").beginArray();
    for (const double value : measure.perTopicStandardError) json.value(value);
    json.endArray().endObject();
  }
  json.endArray();
  json.key("exclusivity").beginArray();
  for (const double value : result.exclusivity) json.value(value);
  json.endArray().field("mean_exclusivity", result.meanExclusivity);
  json.key("frex").beginArray();
  for (const double value : result.frex) json.value(value);
  json.endArray().field("mean_frex", result.meanFrex);
  json.field("diversity", result.diversity);
  json.key("topics").beginArray();
  for (const auto& topic : result.topics) {
    json.beginArray();
    for (const std::string& word : topic) json.value(word);
    json.endArray();
  }
  json.endArray();
  endEnvelope(json, out, result.warnings);
}

}  // namespace topiceval::output
