// `topiceval info FILE`: what a MALLET file is and holds, without Java.
#include <boost/program_options.hpp>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/shared_options.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/report_writers.hpp"
#include "native/estimators/estimator_settings.hpp"

namespace topiceval::cli {

namespace {

// The `count` most frequent words of every topic.
std::vector<std::vector<std::string>> topWords(const TopicModel& model, std::size_t count) {
  const auto topics = static_cast<std::size_t>(model.numTopics);
  std::vector<std::vector<std::pair<int32_t, std::size_t>>> byTopic(topics);  // (count, type)
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    if (!model.typeTopicCounts.present(type)) continue;
    for (const int32_t entry : model.typeTopicCounts.activeRow(type))
      byTopic[static_cast<std::size_t>(model.topicOf(entry))].emplace_back(model.countOf(entry), type);
  }
  std::vector<std::vector<std::string>> words(topics);
  for (std::size_t k = 0; k < topics; ++k) {
    auto& entries = byTopic[k];
    const std::size_t keep = std::min(count, entries.size());
    std::partial_sort(
        entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(keep), entries.end(),
        [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    for (std::size_t i = 0; i < keep; ++i) words[k].push_back(model.alphabet->word(entries[i].second));
  }
  return words;
}

void describeModel(std::ostream& out, const std::string& path, const formats::LoadedModel& loaded,
                   std::size_t wordCount, bool json) {
  const TopicModel& model = loaded.model;
  const auto [low, high] = std::minmax_element(model.alpha.begin(), model.alpha.end());
  const double mean = model.alphaSum / model.numTopics;
  const auto words =
      model.alphabet != nullptr && wordCount > 0 ? topWords(model, wordCount) : std::vector<std::vector<std::string>>{};
  if (json) {
    JsonWriter writer(out);
    writer.beginObject().field("command", "info").field("version", kVersion);
    writer.field("file", path).field("kind", formats::describe(loaded.kind));
    writer.field("topics", model.numTopics).field("types", static_cast<uint64_t>(model.numTypes()));
    writer.key("alpha")
        .beginObject()
        .field("sum", model.alphaSum)
        .field("min", *low)
        .field("mean", mean)
        .field("max", *high)
        .endObject();
    writer.field("beta", model.beta)
        .field("beta_sum", model.betaSum)
        .field("tokens", static_cast<int64_t>(model.totalTokens()));
    if (model.alphabet != nullptr) writer.field("alphabet_size", static_cast<uint64_t>(model.alphabet->size()));
    writer.key("top_words").beginArray();
    for (const auto& topic : words) {
      writer.beginArray();
      for (const auto& word : topic) writer.value(word);
      writer.endArray();
    }
    writer.endArray().endObject();
    out << "\n";
    return;
  }
  out << "file            " << path << "\n";
  out << "kind            " << formats::describe(loaded.kind) << "\n";
  out << "topics          " << model.numTopics << "\n";
  out << "types           " << model.numTypes() << "\n";
  out << "alpha           sum " << fixed(model.alphaSum, 6) << ", min " << fixed(*low, 6) << ", mean " << fixed(mean, 6)
      << ", max " << fixed(*high, 6) << (*low == *high ? " (symmetric)" : " (asymmetric)") << "\n";
  out << "beta            " << formatNumber(model.beta) << " (betaSum " << formatNumber(model.betaSum) << ")\n";
  out << "tokens          " << model.totalTokens() << "\n";
  out << "alphabet        "
      << (model.alphabet ? std::to_string(model.alphabet->size()) + " words" : "none (evaluator files carry no words)")
      << "\n";
  for (std::size_t k = 0; k < words.size(); ++k) {
    char label[64];
    std::snprintf(label, sizeof label, "topic %-3zu %7.4f ", k, model.alpha[k]);
    out << label;
    for (const auto& word : words[k]) out << ' ' << word;
    out << "\n";
  }
}

// A logistic-normal model: per topic its mean log-odds and spread (against
// the reference topic K, whose log-odds are 0) and top words, then the most
// correlated pairs of topics: what such a model adds to LDA.
void describeLogisticNormal(std::ostream& out, const std::string& path, const formats::AnyLoadedModel& loaded,
                            std::size_t wordCount, bool json) {
  const LogisticNormalModel& model = *loaded.logisticNormal;
  const auto K = static_cast<std::size_t>(model.numTopics);
  const auto d = K - 1;
  std::vector<std::vector<std::string>> words(model.alphabet != nullptr ? K : 0);
  for (std::size_t k = 0; k < words.size(); ++k) {
    std::vector<std::size_t> order(model.numTypes);
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t keep = std::min(wordCount, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](std::size_t a, std::size_t b) {
                        const double pa = model.logBeta(static_cast<int>(k), a),
                                     pb = model.logBeta(static_cast<int>(k), b);
                        return pa != pb ? pa > pb : a < b;
                      });
    for (std::size_t i = 0; i < keep; ++i) words[k].push_back(model.alphabet->word(order[i]));
  }
  struct Pair {
    std::size_t a, b;
    double correlation;
  };
  std::vector<Pair> pairs;
  for (std::size_t a = 0; a < d; ++a) {
    for (std::size_t b = a + 1; b < d; ++b)
      pairs.push_back(
          {a, b, model.covariance[a * d + b] / std::sqrt(model.covariance[a * d + a] * model.covariance[b * d + b])});
  }
  std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
    return std::abs(x.correlation) != std::abs(y.correlation) ? std::abs(x.correlation) > std::abs(y.correlation)
                                                              : std::tie(x.a, x.b) < std::tie(y.a, y.b);
  });
  pairs.resize(std::min<std::size_t>(pairs.size(), 10));
  const auto logOdds = [&](std::size_t k) { return k < d ? model.mean[k] : 0.0; };
  const auto spread = [&](std::size_t k) { return k < d ? std::sqrt(model.covariance[k * d + k]) : 0.0; };
  if (json) {
    JsonWriter writer(out);
    writer.beginObject().field("command", "info").field("version", kVersion);
    writer.field("file", path).field("kind", formats::describe(loaded.kind));
    writer.field("topics", model.numTopics).field("types", static_cast<uint64_t>(model.numTypes));
    if (model.alphabet != nullptr) writer.field("alphabet_size", static_cast<uint64_t>(model.alphabet->size()));
    writer.key("topic_log_odds").beginArray();
    for (std::size_t k = 0; k < K; ++k)
      writer.beginObject().field("mean", logOdds(k)).field("sd", spread(k)).endObject();
    writer.endArray();
    writer.key("top_words").beginArray();
    for (const auto& topic : words) {
      writer.beginArray();
      for (const auto& word : topic) writer.value(word);
      writer.endArray();
    }
    writer.endArray();
    writer.key("strongest_correlations").beginArray();
    for (const Pair& pair : pairs) {
      writer.beginObject()
          .field("topic_a", static_cast<uint64_t>(pair.a))
          .field("topic_b", static_cast<uint64_t>(pair.b));
      writer.field("correlation", pair.correlation).endObject();
    }
    writer.endArray().endObject();
    out << "\n";
    return;
  }
  out << "file            " << path << "\n";
  out << "kind            " << formats::describe(loaded.kind) << "\n";
  out << "topics          " << model.numTopics << " (log-odds against topic " << K - 1 << ", fixed at 0)\n";
  out << "types           " << model.numTypes << "\n";
  out << "alphabet        " << (model.alphabet ? std::to_string(model.alphabet->size()) + " words" : "none") << "\n";
  for (std::size_t k = 0; k < K; ++k) {
    char label[80];
    std::snprintf(label, sizeof label, "topic %-3zu %+7.3f +- %6.3f ", k, logOdds(k), spread(k));
    out << label;
    if (k < words.size()) {
      for (const auto& word : words[k]) out << ' ' << word;
    }
    out << "\n";
  }
  for (const Pair& pair : pairs) {
    char line[96];
    std::snprintf(line, sizeof line, "correlation     topics %zu and %zu: %+.3f\n", pair.a, pair.b, pair.correlation);
    out << line;
  }
}

void describeDocuments(std::ostream& out, const std::string& path, const DocumentCollection& documents, bool json) {
  std::size_t shortest = documents.empty() ? 0 : documents.length(0), longest = 0, empty = 0;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    shortest = std::min(shortest, documents.length(d));
    longest = std::max(longest, documents.length(d));
    empty += documents.length(d) == 0;
  }
  const double mean =
      documents.empty() ? 0.0 : static_cast<double>(documents.totalTokens()) / static_cast<double>(documents.size());
  if (json) {
    JsonWriter writer(out);
    writer.beginObject().field("command", "info").field("version", kVersion);
    writer.field("file", path).field("kind", "MALLET instance list (FeatureSequence documents)");
    writer.field("documents", static_cast<uint64_t>(documents.size()))
        .field("tokens", static_cast<uint64_t>(documents.totalTokens()));
    writer.field("shortest", static_cast<uint64_t>(shortest))
        .field("mean_length", mean)
        .field("longest", static_cast<uint64_t>(longest));
    writer.field("empty_documents", static_cast<uint64_t>(empty));
    if (documents.alphabet()) writer.field("alphabet_size", static_cast<uint64_t>(documents.alphabet()->size()));
    writer.endObject();
    out << "\n";
    return;
  }
  out << "file            " << path << "\n";
  out << "kind            MALLET instance list (FeatureSequence documents)\n";
  out << "documents       " << documents.size() << (empty ? " (" + std::to_string(empty) + " empty)" : "") << "\n";
  out << "tokens          " << documents.totalTokens() << "\n";
  out << "lengths         shortest " << shortest << ", mean " << fixed(mean, 1) << ", longest " << longest << "\n";
  out << "alphabet        " << (documents.alphabet() ? std::to_string(documents.alphabet()->size()) + " words" : "none")
      << "\n";
  for (std::size_t d = 0; d < std::min<std::size_t>(3, documents.size()); ++d) {
    out << "document " << d << "      " << (documents.name(d).empty() ? "-" : documents.name(d)) << ":";
    for (std::size_t i = 0; i < std::min<std::size_t>(10, documents.length(d)); ++i) {
      const int32_t type = documents.document(d)[i];
      out << ' '
          << (documents.alphabet() ? documents.alphabet()->word(static_cast<std::size_t>(type)) : std::to_string(type));
    }
    out << (documents.length(d) > 10 ? " ..." : "") << "\n";
  }
}

}  // namespace

int infoCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  namespace po = boost::program_options;
  std::string path;
  long long words = 10;
  std::string format = "text";
  po::options_description options("topiceval info options");
  options.add_options()("file", po::value(&path),
                        "a MALLET file (evaluator, inferencer, saved model, topic state or instance list) or a "
                        "logistic-normal model (train-ctm's, or a ctm-c directory)")(
      "words", po::value(&words)->default_value(words), "top words shown per topic (models with an alphabet)")(
      "format", po::value(&format)->default_value(format), "text | json")("help", "print this list of options");
  po::positional_options_description positional;
  positional.add("file", 1);
  try {
    po::variables_map values;
    parseCommandLine(arguments, options, values, &positional);
    if (values.count("help")) {
      out << "Describe a MALLET file.\n\nusage: topiceval info FILE [--words N] [--format text|json]\n\n"
          << options << "\n";
      return 0;
    }
    if (path.empty()) throw UsageError("name a file: topiceval info FILE");
    if (format != "text" && format != "json") throw UsageError("--format takes text or json, not '" + format + "'");
    checkSettingRange("words", words, 0, 1'000'000);
  } catch (...) {
    return reportFailure("info", err);
  }
  try {
    if (formats::namesCtmModel(path)) {
      describeLogisticNormal(out, path, formats::readAnyModelFile(path), static_cast<std::size_t>(words),
                             format == "json");
      return 0;
    }
    const std::vector<uint8_t> bytes = formats::readFileBytes(path);
    if (formats::looksLikeLogisticNormalModel(bytes)) {
      describeLogisticNormal(out, path, formats::readAnyModel(bytes, path), static_cast<std::size_t>(words),
                             format == "json");
      return 0;
    }
    if (formats::looksLikeObjectStream(bytes)) {
      const auto graph = formats::readObjectStream(bytes, path);
      const formats::java::Node* root = graph->root;
      if (root->isInstanceOf("cc.mallet.types.InstanceList")) {
        describeDocuments(out, path, formats::readInstanceList(bytes, path), format == "json");
        return 0;
      }
      if (!root->isInstanceOf("cc.mallet.topics.MarginalProbEstimator") &&
          !root->isInstanceOf("cc.mallet.topics.TopicInferencer") &&
          !root->isInstanceOf("cc.mallet.topics.ParallelTopicModel")) {
        throw formats::FormatError(path, "holds a serialized " + formats::java::describeType(root) +
                                             ", which is not a MALLET topic model or instance list");
      }
    }
    describeModel(out, path, formats::readModel(bytes, path), static_cast<std::size_t>(words), format == "json");
    return 0;
  } catch (...) {
    return reportFailure("info", err);
  }
}

}  // namespace topiceval::cli
