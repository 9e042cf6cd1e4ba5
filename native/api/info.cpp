// SPDX-License-Identifier: Apache-2.0
// topiceval::describeFile (topiceval/info.hpp): what a file is and holds,
// dispatched on the one table of file kinds.
#include "topiceval/info.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "native/api/model_data.hpp"
#include "native/runtime/classic_locale.hpp"

namespace topiceval {

namespace {

// The `count` most frequent words of every topic (ties: the smaller type first).
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

void describeCounts(FileDescription& description, const TopicModel& model, std::size_t wordCount) {
  description.topics = model.numTopics;
  description.types = model.numTypes();
  if (model.alphabet) description.alphabetSize = model.alphabet->size();
  description.alpha = model.alpha;
  description.alphaSum = model.alphaSum;
  description.beta = model.beta;
  description.betaSum = model.betaSum;
  description.tokens = model.totalTokens();
  if (model.alphabet != nullptr && wordCount > 0) description.topWords = topWords(model, wordCount);
}

// A model of topic-word probabilities (topiceval's LDA format): alpha and
// each topic's most probable words (ties: the smaller type first).
void describeProbabilities(FileDescription& description, const formats::LdaModelFile& model, std::size_t wordCount) {
  const std::size_t topics = model.alpha.size();
  description.topics = static_cast<int>(topics);
  description.types = model.types;
  description.alpha = model.alpha;
  for (const double a : model.alpha) description.alphaSum += a;
  if (model.words == nullptr || wordCount == 0) return;
  description.alphabetSize = model.words->size();
  description.topWords.resize(topics);
  for (std::size_t k = 0; k < topics; ++k) {
    const double* row = model.probabilities.data() + k * model.types;
    std::vector<std::size_t> order(model.types);
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t keep = std::min(wordCount, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](std::size_t a, std::size_t b) { return row[a] != row[b] ? row[a] > row[b] : a < b; });
    for (std::size_t i = 0; i < keep; ++i) description.topWords[k].push_back(model.words->word(order[i]));
  }
}

// Per topic its mean log-odds and spread (against the reference topic K,
// whose log-odds are 0) and top words, then the most correlated pairs.
void describeLogisticNormal(FileDescription& description, const LogisticNormalModel& model, std::size_t wordCount) {
  const auto K = static_cast<std::size_t>(model.numTopics);
  const auto d = K - 1;
  description.topics = model.numTopics;
  description.types = model.numTypes;
  if (model.alphabet) description.alphabetSize = model.alphabet->size();
  description.topWords.resize(model.alphabet != nullptr ? K : 0);
  for (std::size_t k = 0; k < description.topWords.size(); ++k) {
    std::vector<std::size_t> order(model.numTypes);
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t keep = std::min(wordCount, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](std::size_t a, std::size_t b) {
                        const double pa = model.logBeta(static_cast<int>(k), a),
                                     pb = model.logBeta(static_cast<int>(k), b);
                        return pa != pb ? pa > pb : a < b;
                      });
    for (std::size_t i = 0; i < keep; ++i) description.topWords[k].push_back(model.alphabet->word(order[i]));
  }
  std::vector<FileDescription::Correlation> pairs;
  for (std::size_t a = 0; a < d; ++a) {
    for (std::size_t b = a + 1; b < d; ++b)
      pairs.push_back(
          {a, b, model.covariance[a * d + b] / std::sqrt(model.covariance[a * d + a] * model.covariance[b * d + b])});
  }
  const std::size_t strongest = std::min<std::size_t>(pairs.size(), 10);
  std::partial_sort(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(strongest), pairs.end(),
                    [](const auto& x, const auto& y) {
                      return std::abs(x.correlation) != std::abs(y.correlation)
                                 ? std::abs(x.correlation) > std::abs(y.correlation)
                                 : std::tie(x.a, x.b) < std::tie(y.a, y.b);
                    });
  pairs.resize(strongest);
  description.correlations = pairs;
  for (std::size_t k = 0; k < K; ++k) {
    description.logOddsMean.push_back(k < d ? model.mean[k] : 0.0);
    description.logOddsSpread.push_back(k < d ? std::sqrt(model.covariance[k * d + k]) : 0.0);
  }
}

void describeDocuments(FileDescription& description, const DocumentCollection& documents) {
  description.documents = documents.size();
  description.tokens = static_cast<int64_t>(documents.totalTokens());
  description.shortest = documents.empty() ? 0 : documents.length(0);
  for (std::size_t d = 0; d < documents.size(); ++d) {
    description.shortest = std::min(description.shortest, documents.length(d));
    description.longest = std::max(description.longest, documents.length(d));
    description.emptyDocuments += documents.length(d) == 0;
  }
  description.meanLength =
      documents.empty() ? 0.0 : static_cast<double>(documents.totalTokens()) / static_cast<double>(documents.size());
  if (documents.alphabet()) description.alphabetSize = documents.alphabet()->size();
  for (std::size_t d = 0; d < std::min<std::size_t>(3, documents.size()); ++d) {
    std::vector<std::string> words;
    for (std::size_t i = 0; i < std::min<std::size_t>(10, documents.length(d)); ++i) {
      const int32_t type = documents.document(d)[i];
      words.push_back(documents.alphabet() ? documents.alphabet()->word(static_cast<std::size_t>(type))
                                           : std::to_string(type));
    }
    description.firstDocuments.emplace_back(documents.name(d), words);
  }
}

}  // namespace

FileDescription describeFile(const std::string& path, std::size_t wordCount) {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  FileDescription description;
  description.path = path;
  if (formats::namesCtmModel(path)) {
    description.kind = FileKind::CtmC;
    describeLogisticNormal(description, *formats::readAnyModelFile(path).logisticNormal, wordCount);
    return description;
  }
  // Whatever info describes starts as a model does (an instance list as a Java stream).
  const std::vector<uint8_t> bytes = formats::readFileBytes(path, &formats::checkModelStart);
  description.kind = formats::recognise(bytes, path);
  switch (description.kind) {
    case FileKind::LogisticNormal:
      describeLogisticNormal(description, *formats::readAnyModel(bytes, path).logisticNormal, wordCount);
      break;
    case FileKind::LdaModel: {
      const formats::AnyLoadedModel loaded = formats::readAnyModel(bytes, path);
      if (loaded.lda)
        describeCounts(description, *loaded.lda, wordCount);
      else
        describeProbabilities(description, *loaded.probabilities, wordCount);
      break;
    }
    case FileKind::InstanceList: describeDocuments(description, formats::readInstanceList(bytes, path)); break;
    case FileKind::OtherObjectStream: {
      // A subclass of a MALLET class is read as it; anything else is named.
      const auto graph = formats::readObjectStream(bytes, path);
      const formats::java::Node* root = graph->root;
      if (root->isInstanceOf("cc.mallet.types.InstanceList")) {
        description.kind = FileKind::InstanceList;
        describeDocuments(description, formats::readInstanceList(bytes, path));
        break;
      }
      if (!root->isInstanceOf("cc.mallet.topics.MarginalProbEstimator") &&
          !root->isInstanceOf("cc.mallet.topics.TopicInferencer") &&
          !root->isInstanceOf("cc.mallet.topics.ParallelTopicModel"))
        throw FileError(path, "holds a serialized " + formats::java::describeType(root) +
                                  ", which is not a MALLET topic model or instance list");
      [[fallthrough]];
    }
    default: {
      const formats::LoadedModel loaded = formats::readModel(bytes, path);
      description.kind = loaded.kind;
      describeCounts(description, loaded.model, wordCount);
    }
  }
  return description;
}

}  // namespace topiceval
