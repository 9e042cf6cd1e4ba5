// SPDX-License-Identifier: Apache-2.0
#include "native/output/info_output.hpp"

#include <algorithm>
#include <cmath>

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"
#include "native/output/report_writers.hpp"

namespace topiceval::output {

namespace {

bool isLogisticNormal(const FileDescription& description) {
  return description.kind == FileKind::LogisticNormal || description.kind == FileKind::CtmC;
}

std::string signedFixed(double value, int decimals) {
  const std::string text = fixed(value, decimals);
  return text.starts_with('-') ? text : "+" + text;
}

// Right-aligned in `width`, as printf's %*s.
std::string right(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

void writeTopWords(JsonWriter& json, const FileDescription& description) {
  json.key("top_words").beginArray();
  for (const auto& topic : description.topWords) {
    json.beginArray();
    for (const auto& word : topic) json.value(word);
    json.endArray();
  }
  json.endArray();
}

}  // namespace

void writeFileDescription(std::ostream& out, const FileDescription& description) {
  out << "file            " << description.path << "\n";
  out << "kind            " << describe(description.kind) << "\n";
  if (description.kind == FileKind::InstanceList) {
    out << "documents       " << description.documents
        << (description.emptyDocuments ? " (" + std::to_string(description.emptyDocuments) + " empty)" : "") << "\n";
    out << "tokens          " << description.tokens << "\n";
    out << "lengths         shortest " << description.shortest << ", mean " << fixed(description.meanLength, 1)
        << ", longest " << description.longest << "\n";
    out << "alphabet        "
        << (description.alphabetSize ? std::to_string(*description.alphabetSize) + " words" : "none") << "\n";
    for (std::size_t d = 0; d < description.firstDocuments.size(); ++d) {
      const auto& [name, words] = description.firstDocuments[d];
      out << "document " << d << "      " << (name.empty() ? "-" : name) << ":";
      for (const std::string& word : words) out << ' ' << word;
      out << (words.size() == 10 ? " ..." : "") << "\n";
    }
    return;
  }
  if (isLogisticNormal(description)) {
    const auto K = static_cast<std::size_t>(description.topics);
    out << "topics          " << description.topics << " (log-odds against topic " << K - 1 << ", fixed at 0)\n";
    out << "types           " << description.types << "\n";
    out << "alphabet        "
        << (description.alphabetSize ? std::to_string(*description.alphabetSize) + " words" : "none") << "\n";
    for (std::size_t k = 0; k < K; ++k) {
      out << "topic " << padded(std::to_string(k), 3) << ' ' << right(signedFixed(description.logOddsMean[k], 3), 7)
          << " +- " << right(fixed(description.logOddsSpread[k], 3), 6) << ' ';
      if (k < description.topWords.size()) {
        for (const auto& word : description.topWords[k]) out << ' ' << word;
      }
      out << "\n";
    }
    for (const FileDescription::Correlation& pair : description.correlations)
      out << "correlation     topics " << pair.a << " and " << pair.b << ": " << signedFixed(pair.correlation, 3)
          << "\n";
    return;
  }
  const auto [low, high] = std::minmax_element(description.alpha.begin(), description.alpha.end());
  const double mean = description.alphaSum / description.topics;
  out << "topics          " << description.topics << "\n";
  out << "types           " << description.types << "\n";
  out << "alpha           sum " << fixed(description.alphaSum, 6) << ", min " << fixed(*low, 6) << ", mean "
      << fixed(mean, 6) << ", max " << fixed(*high, 6) << (*low == *high ? " (symmetric)" : " (asymmetric)") << "\n";
  // A model of topic-word probabilities (topiceval's LDA format) has no beta and no counts.
  if (description.beta > 0.0) {
    out << "beta            " << formatNumber(description.beta) << " (betaSum " << formatNumber(description.betaSum)
        << ")\n";
    out << "tokens          " << description.tokens << "\n";
  } else {
    out << "beta            none (topic-word probabilities)\n";
  }
  out << "alphabet        "
      << (description.alphabetSize ? std::to_string(*description.alphabetSize) + " words"
          : description.kind == FileKind::Evaluator ? std::string("none (evaluator files carry no words)")
                                                    : std::string("none"))
      << "\n";
  for (std::size_t k = 0; k < description.topWords.size(); ++k) {
    out << "topic " << padded(std::to_string(k), 3) << ' ' << right(fixed(description.alpha[k], 4), 7) << ' ';
    for (const auto& word : description.topWords[k]) out << ' ' << word;
    out << "\n";
  }
}

void writeFileDescriptionJson(std::ostream& out, const FileDescription& description) {
  JsonWriter json(out);
  beginEnvelope(json, "info");
  json.field("file", description.path).field("kind", describe(description.kind));
  if (description.kind == FileKind::InstanceList) {
    json.field("documents", static_cast<uint64_t>(description.documents))
        .field("tokens", static_cast<uint64_t>(description.tokens));
    json.field("shortest", static_cast<uint64_t>(description.shortest))
        .field("mean_length", description.meanLength)
        .field("longest", static_cast<uint64_t>(description.longest));
    json.field("empty_documents", static_cast<uint64_t>(description.emptyDocuments));
    if (description.alphabetSize) json.field("alphabet_size", static_cast<uint64_t>(*description.alphabetSize));
  } else if (isLogisticNormal(description)) {
    json.field("topics", description.topics).field("types", static_cast<uint64_t>(description.types));
    if (description.alphabetSize) json.field("alphabet_size", static_cast<uint64_t>(*description.alphabetSize));
    json.key("topic_log_odds").beginArray();
    for (std::size_t k = 0; k < description.logOddsMean.size(); ++k)
      json.beginObject()
          .field("mean", description.logOddsMean[k])
          .field("sd", description.logOddsSpread[k])
          .endObject();
    json.endArray();
    writeTopWords(json, description);
    json.key("strongest_correlations").beginArray();
    for (const FileDescription::Correlation& pair : description.correlations) {
      json.beginObject()
          .field("topic_a", static_cast<uint64_t>(pair.a))
          .field("topic_b", static_cast<uint64_t>(pair.b));
      json.field("correlation", pair.correlation).endObject();
    }
    json.endArray();
  } else {
    const auto [low, high] = std::minmax_element(description.alpha.begin(), description.alpha.end());
    json.field("topics", description.topics).field("types", static_cast<uint64_t>(description.types));
    json.key("alpha")
        .beginObject()
        .field("sum", description.alphaSum)
        .field("min", *low)
        .field("mean", description.alphaSum / description.topics)
        .field("max", *high)
        .endObject();
    if (description.beta > 0.0)
      json.field("beta", description.beta).field("beta_sum", description.betaSum).field("tokens", description.tokens);
    if (description.alphabetSize) json.field("alphabet_size", static_cast<uint64_t>(*description.alphabetSize));
    writeTopWords(json, description);
  }
  endEnvelope(json, out, {});
}

}  // namespace topiceval::output
