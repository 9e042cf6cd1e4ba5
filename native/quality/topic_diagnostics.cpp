// SPDX-License-Identifier: Apache-2.0
#include "native/quality/topic_diagnostics.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "native/java/java_math.hpp"
#include "native/quality/quality_limits.hpp"

namespace topiceval::quality {

namespace {

// Java's String.length() of a UTF-8 word: UTF-16 units, two for a character
// beyond the Basic Multilingual Plane.
int32_t utf16Length(const std::string& word) {
  int32_t units = 0;
  for (const char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) != 0x80) ++units;
    if (byte >= 0xF0) ++units;
  }
  return units;
}

// What one pass over the documents gives (TopicModelDiagnostics' constructor).
struct DocumentStatistics {
  std::vector<std::vector<int32_t>> coDocuments;  // per topic, N x N, row-major
  std::vector<int64_t> wordTypeCounts;
  int64_t numTokens = 0;
  std::vector<int32_t> rank1;
  std::vector<int32_t> nonZero;
  std::vector<std::array<int32_t, 7>> atProportion;
  std::vector<double> sumCountTimesLogCount;
};

DocumentStatistics countDocuments(const TopicModel& model, const TrainingAssignments& documents,
                                  const std::vector<std::vector<WordCount>>& sorted, std::size_t n, Progress* progress) {
  const auto topics = static_cast<std::size_t>(model.numTopics);
  DocumentStatistics stats;
  stats.coDocuments.assign(topics, std::vector<int32_t>(n * n, 0));
  stats.wordTypeCounts.assign(model.numTypes(), 0);
  stats.rank1.assign(topics, 0);
  stats.nonZero.assign(topics, 0);
  stats.atProportion.assign(topics, {});
  stats.sumCountTimesLogCount.assign(topics, 0.0);
  static constexpr std::array<double, 7> kThresholds{0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5};

  // For each type, the (topic, rank) pairs where it is a top word; and for each
  // topic with fewer than N words, the rank of type 0 among them (its phantom
  // slots stand for type 0: MALLET's index array defaults to 0).
  std::vector<std::vector<std::pair<int32_t, int32_t>>> topRanks(model.numTypes());
  std::vector<int32_t> typeZeroRank(topics, -1);
  std::vector<std::size_t> limit(topics);
  for (std::size_t k = 0; k < topics; ++k) {
    limit[k] = std::min(n, sorted[k].size());
    for (std::size_t i = 0; i < limit[k]; ++i) {
      topRanks[static_cast<std::size_t>(sorted[k][i].type)].emplace_back(static_cast<int32_t>(k),
                                                                         static_cast<int32_t>(i));
      if (sorted[k][i].type == 0) typeZeroRank[k] = static_cast<int32_t>(i);
    }
  }

  std::vector<int32_t> counts(topics, 0);
  std::vector<uint8_t> supported(topics * n, 0);
  std::vector<int32_t> touched;
  std::vector<std::size_t> positions;
  for (std::size_t d = 0; d < documents.numDocuments(); ++d) {
    const auto types = documents.documentTypes(d);
    const auto assigned = documents.documentTopics(d);
    if (progress != nullptr) progress->advance(1, types.size());
    touched.clear();
    for (std::size_t t = 0; t < types.size(); ++t) {
      const auto type = static_cast<std::size_t>(types[t]);
      const auto topic = static_cast<std::size_t>(assigned[t]);
      ++stats.numTokens;
      ++stats.wordTypeCounts[type];
      if (counts[topic]++ == 0) touched.push_back(assigned[t]);
      for (const auto& [topTopic, rank] : topRanks[type]) {
        if (static_cast<std::size_t>(topTopic) == topic) supported[topic * n + static_cast<std::size_t>(rank)] = 1;
      }
    }
    const std::size_t length = types.size();
    if (length == 0) continue;
    // MALLET visits topics in increasing order; the lowest topic wins ties for rank 1.
    std::sort(touched.begin(), touched.end());
    int32_t maxTopic = -1;
    int32_t maxCount = -1;
    for (const int32_t topicIndex : touched) {
      const auto k = static_cast<std::size_t>(topicIndex);
      const int32_t count = counts[k];
      ++stats.nonZero[k];
      if (count > maxCount) {
        maxTopic = topicIndex;
        maxCount = count;
      }
      stats.sumCountTimesLogCount[k] += count * javaLog(count);
      const double proportion = (model.alpha[k] + count) / (model.alphaSum + static_cast<double>(length));
      for (std::size_t i = 0; i < kThresholds.size(); ++i) {
        if (proportion < kThresholds[i]) break;
        ++stats.atProportion[k][i];
      }
      uint8_t* support = supported.data() + k * n;
      if (typeZeroRank[k] >= 0 && support[typeZeroRank[k]] != 0) {
        for (std::size_t i = limit[k]; i < n; ++i) support[i] = 1;
      }
      positions.clear();
      for (std::size_t i = 0; i < n; ++i) {
        if (support[i] != 0) positions.push_back(i);
      }
      int32_t* matrix = stats.coDocuments[k].data();
      for (std::size_t a = 0; a < positions.size(); ++a) {
        const std::size_t i = positions[a];
        ++matrix[i * n + i];
        for (std::size_t b = a + 1; b < positions.size(); ++b) {
          const std::size_t j = positions[b];
          ++matrix[i * n + j];
          ++matrix[j * n + i];
        }
      }
      std::fill(support, support + n, uint8_t{0});
      counts[k] = 0;
    }
    if (maxTopic > -1) ++stats.rank1[static_cast<std::size_t>(maxTopic)];
  }
  return stats;
}

// Without documents: the token totals the documents would give, from the counts.
DocumentStatistics countModel(const TopicModel& model) {
  DocumentStatistics stats;
  stats.wordTypeCounts.assign(model.numTypes(), 0);
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    for (const int32_t entry : model.typeTopicCounts.activeRow(type))
      stats.wordTypeCounts[type] += model.countOf(entry);
  }
  stats.numTokens = model.totalTokens();
  return stats;
}

}  // namespace

std::vector<std::vector<WordCount>> sortedTopicWords(const TopicModel& model, std::size_t limit) {
  std::vector<std::vector<WordCount>> sorted(static_cast<std::size_t>(model.numTopics));
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    for (const int32_t entry : model.typeTopicCounts.activeRow(type))
      sorted[static_cast<std::size_t>(model.topicOf(entry))].push_back({static_cast<int32_t>(type), model.countOf(entry)});
  }
  const auto before = [](const WordCount& a, const WordCount& b) {
    return a.count != b.count ? a.count > b.count : a.type > b.type;
  };
  for (auto& words : sorted) {
    if (limit < words.size()) {
      std::partial_sort(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(limit), words.end(), before);
      words.resize(limit);
    } else {
      std::sort(words.begin(), words.end(), before);
    }
  }
  return sorted;
}

namespace {

// Sum over topics of beta / (betaSum + n_k): a word's smoothed probabilities
// summed over topics, before its counts are added.
double smoothingOverTopics(const TopicModel& model) {
  double sum = 0.0;
  for (std::size_t k = 0; k < static_cast<std::size_t>(model.numTopics); ++k)
    sum += model.beta / (model.betaSum + model.tokensPerTopic[k]);
  return sum;
}

// A word's smoothed probability in topic k (n_k `tokens`) over its sum in all topics.
double wordExclusivity(const TopicModel& model, WordCount word, int32_t tokens, double smoothing) {
  double sum = smoothing;
  for (const int32_t entry : model.typeTopicCounts.activeRow(static_cast<std::size_t>(word.type))) {
    sum += static_cast<double>(model.countOf(entry)) /
           (model.betaSum + model.tokensPerTopic[static_cast<std::size_t>(model.topicOf(entry))]);
  }
  return ((model.beta + word.count) / (model.betaSum + tokens)) / sum;
}

}  // namespace

std::vector<double> topicExclusivity(const TopicModel& model, const std::vector<std::vector<WordCount>>& top,
                                     int numTopWords) {
  const double smoothing = smoothingOverTopics(model);
  std::vector<double> result(top.size(), 0.0);
  for (std::size_t k = 0; k < top.size(); ++k) {
    double exclusivity = 0.0;
    const std::size_t limit = std::min(top[k].size(), static_cast<std::size_t>(numTopWords));
    for (std::size_t pos = 0; pos < limit; ++pos)
      exclusivity += wordExclusivity(model, top[k][pos], model.tokensPerTopic[k], smoothing);
    result[k] = exclusivity / numTopWords;
  }
  return result;
}

void checkDiagnosticsCost(const TopicModel& model, bool withDocuments, int numTopWords) {
  if (!withDocuments) return;  // then each topic's figures take O(N) of its words
  const auto n = static_cast<double>(numTopWords);
  const auto topics = static_cast<double>(model.numTopics);
  checkQualityCost("num-top-words",
                   std::to_string(numTopWords) + " top words over " + std::to_string(model.numTopics) + " topics",
                   topics * n * n * sizeof(int32_t), topics * n * n / 2.0, "lower --num-top-words");
}

std::vector<TopicDiagnostics> topicDiagnostics(const TopicModel& model, const TrainingAssignments* documents,
                                               int numTopWords, Progress* progress) {
  const auto n = static_cast<std::size_t>(numTopWords);
  const auto topics = static_cast<std::size_t>(model.numTopics);
  const auto sorted = sortedTopicWords(model);
  if (progress != nullptr)
    progress->setTotal((documents != nullptr ? documents->numDocuments() : 0) + topics,
                       documents != nullptr ? static_cast<uint64_t>(model.totalTokens()) : 0);
  const DocumentStatistics stats =
      documents != nullptr ? countDocuments(model, *documents, sorted, n, progress) : countModel(model);
  const double numTypes = static_cast<double>(model.numTypes());
  const double beta = model.beta;
  const double smoothing = smoothingOverTopics(model);

  std::vector<TopicDiagnostics> result(topics);
  for (std::size_t k = 0; k < topics; ++k) {
    if (progress != nullptr) progress->advance(1, 0);
    TopicDiagnostics& topic = result[k];
    const int32_t tokens = model.tokensPerTopic[k];
    const std::vector<WordCount>& words = sorted[k];
    const std::size_t limit = std::min(n, words.size());
    topic.tokens = tokens;
    topic.words.resize(limit);
    double cumulative = 0.0;
    for (std::size_t pos = 0; pos < limit; ++pos) {
      WordDiagnostics& word = topic.words[pos];
      word.word = words[pos];
      word.probability = static_cast<double>(word.word.count) / tokens;
      cumulative += word.probability;
      word.cumulative = cumulative;
    }

    // Word lengths; the topic's is divided by N, not by the words it has.
    if (model.alphabet != nullptr) {
      int32_t total = 0;
      for (WordDiagnostics& word : topic.words) {
        const int32_t length = utf16Length(model.alphabet->word(static_cast<std::size_t>(word.word.type)));
        total += length;
        word.wordLength = length;
      }
      topic.wordLength = static_cast<double>(total) / numTopWords;
    }

    // Distances from the uniform and the corpus distributions, and the effective
    // number of words, over every word of the topic.
    const double coefficient = static_cast<double>(stats.numTokens) / tokens;
    double uniform = 0.0;
    double corpus = 0.0;
    double squares = 0.0;
    for (std::size_t pos = 0; pos < words.size(); ++pos) {
      const double count = words[pos].count;
      const double uniformScore = (count / tokens) * javaLog((count * numTypes) / tokens);
      const double corpusScore = (count / tokens) *
          javaLog((coefficient * count) / static_cast<double>(stats.wordTypeCounts[static_cast<std::size_t>(words[pos].type)]));
      const double p = count / tokens;
      squares += p * p;
      if (pos < limit) {
        topic.words[pos].uniformDist = uniformScore;
        topic.words[pos].corpusDist = corpusScore;
      }
      uniform += uniformScore;
      corpus += corpusScore;
    }
    topic.uniformDist = uniform;
    topic.corpusDist = corpus;
    topic.effectiveNumWords = 1.0 / squares;

    // Exclusivity: each top word's smoothed probability here over its sum in all topics.
    double exclusivity = 0.0;
    for (WordDiagnostics& word : topic.words) {
      word.exclusivity = wordExclusivity(model, word.word, tokens, smoothing);
      exclusivity += word.exclusivity;
    }
    topic.exclusivity = exclusivity / numTopWords;

    if (documents == nullptr) continue;
    const int32_t* matrix = stats.coDocuments[k].data();
    for (std::size_t pos = 0; pos < limit; ++pos) topic.words[pos].documents = matrix[pos * n + pos];
    topic.documentEntropy = (-stats.sumCountTimesLogCount[k]) / tokens + javaLog(tokens);

    // Coherence over all N rows, phantom ones included.
    double coherence = 0.0;
    for (std::size_t row = 0; row < n; ++row) {
      double rowSum = 0.0;
      double least = 0.0;
      for (std::size_t col = 0; col < row; ++col) {
        const double score = javaLog((matrix[row * n + col] + beta) / (matrix[col * n + col] + beta));
        rowSum += score;
        if (score < least) least = score;
      }
      coherence += rowSum;
      if (row < limit) topic.words[row].coherence = least;
    }
    topic.coherence = coherence;

    // Jensen-Shannon divergence of the top words' token and document counts.
    std::vector<double> wordShare(n, 0.0);
    std::vector<double> documentShare(n, 0.0);
    double wordSum = 0.0;
    double documentSum = 0.0;
    for (std::size_t pos = 0; pos < limit; ++pos) {
      wordShare[pos] = words[pos].count;
      documentShare[pos] = matrix[pos * n + pos];
      wordSum += wordShare[pos];
      documentSum += documentShare[pos];
    }
    double divergence = 0.0;
    for (std::size_t pos = 0; pos < n; ++pos) {
      const double p = wordShare[pos] / wordSum;
      const double q = documentShare[pos] / documentSum;
      const double mean = 0.5 * (p + q);
      double score = 0.0;
      if (p > 0) score += 0.5 * p * javaLog(p / mean);
      if (q > 0) score += 0.5 * q * javaLog(q / mean);
      if (pos < limit) topic.words[pos].tokenDocDiff = score;
      divergence += score;
    }
    topic.tokenDocDiff = divergence;

    topic.rank1Documents = static_cast<double>(stats.rank1[k]) / stats.nonZero[k];
    topic.allocationRatio = static_cast<double>(stats.atProportion[k][6]) / stats.atProportion[k][1];
    topic.allocationCount = static_cast<double>(stats.atProportion[k][5]) / stats.nonZero[k];
  }
  return result;
}

}  // namespace topiceval::quality
