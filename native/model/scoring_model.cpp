// SPDX-License-Identifier: Apache-2.0
#include "native/model/scoring_model.hpp"

#include "native/runtime/setting_error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <stdexcept>
#include <unordered_set>

namespace topiceval {

void checkDocumentsAreScored(const DocumentCollection& documents, uint64_t skippedTokens, const std::string& policy) {
  if (documents.totalTokens() == 0)
    throw SettingError("documents", documents.empty() ? "is empty: there is nothing to score"
                                                      : "hold no words: there is nothing to score");
  if (skippedTokens == documents.totalTokens())
    throw SettingError("documents", "have none of their " + std::to_string(documents.totalTokens()) +
                                        " words scored under " + policy +
                                        ": were their word ids made with this model's vocabulary?");
}

ScoringModel::ScoringModel(const TopicModel& model, UnseenWords policy, const DocumentCollection& documents,
                           std::optional<std::size_t> vocabularySize)
    : numTopics_(model.numTopics),
      alpha_(model.alpha),
      alphaSum_(model.alphaSum),
      beta_(model.beta),
      betaSum_(model.betaSum),
      vocabularySize_(model.numTypes()),
      policy_(policy) {
  const std::size_t modelTypes = model.numTypes();
  scored_.assign(modelTypes, 0);

  auto rows = std::make_shared<Rows>();
  rows->starts.reserve(modelTypes + 1);
  rows->starts.push_back(0);
  for (std::size_t type = 0; type < modelTypes; ++type) {
    if (model.typeTopicCounts.present(type)) {
      for (const int32_t entry : model.typeTopicCounts.activeRow(type)) {
        rows->topics.push_back(model.topicOf(entry));
        rows->counts.push_back(model.countOf(entry));
      }
    }
    rows->starts.push_back(rows->topics.size());
  }
  rows_ = std::move(rows);

  for (std::size_t type = 0; type < modelTypes; ++type) {
    const bool inModel = model.scoresLikeMallet(static_cast<int32_t>(type));
    const bool trained = inModel && rows_->starts[type + 1] > rows_->starts[type];
    switch (policy) {
      case UnseenWords::Skip: scored_[type] = inModel; break;
      case UnseenWords::SkipUntrained: scored_[type] = trained; break;
      case UnseenWords::Smooth: scored_[type] = 1; break;
    }
  }
  scoresUnseenTypes_ = policy == UnseenWords::Smooth;

  countSkipped(documents, modelTypes);

  if (vocabularySize) {
    // A topic state names only the types with training tokens: the type
    // indices between them are unnamed slots, and a held-out word the named
    // alphabet lacks may be one of them. So V must cover the model's types
    // and, separately, its named words plus the distinct new words; not their sum.
    std::size_t named = modelTypes;
    if (model.alphabet != nullptr) {
      named = 0;
      for (std::size_t t = 0; t < model.alphabet->size() && t < modelTypes; ++t)
        named += !model.alphabet->word(t).empty();
    }
    const std::size_t least = std::max(modelTypes, named + unseenTypesScored_);
    if (*vocabularySize < least)
      throw SettingError("vocab-size", std::to_string(*vocabularySize) + " is smaller than the " +
                                           std::to_string(least) + " types the model and the held-out documents use");
    vocabularySize_ = *vocabularySize;
    betaSum_ = beta_ * static_cast<double>(vocabularySize_);
  } else if (policy == UnseenWords::Smooth) {
    vocabularySize_ = modelTypes + unseenTypesScored_;
    // MALLET's betaSum is beta times its type count; unseen types add beta each.
    betaSum_ = unseenTypesScored_ == 0 ? model.betaSum : beta_ * static_cast<double>(vocabularySize_);
  }

  denominators_.resize(static_cast<std::size_t>(numTopics_));
  for (std::size_t k = 0; k < denominators_.size(); ++k) denominators_[k] = model.tokensPerTopic[k] + betaSum_;
}

ScoringModel ScoringModel::forDocuments(const DocumentCollection& documents) const {
  ScoringModel copy = *this;
  copy.skippedTokens_ = copy.skippedTypes_ = copy.unseenTypesScored_ = 0;
  copy.countSkipped(documents, scored_.size());
  return copy;
}

void ScoringModel::countSkipped(const DocumentCollection& documents, std::size_t modelTypes) {
  // What the held-out documents lose to the policy, and the unseen types Smooth
  // adds. Types beyond the model are counted in a set, not a table by index: a
  // document's type index can be as large as 2^31 - 1.
  if (documents.dealt()) {  // a rank without every document's tokens: the set's profile holds each type once
    for (const auto& [type, tokens] : documents.share()->typeCounts) {
      const bool isScored = scored(type);
      if (!isScored) skippedTokens_ += tokens, ++skippedTypes_;
      if (static_cast<std::size_t>(type) >= modelTypes && isScored) ++unseenTypesScored_;
    }
    return;
  }
  std::vector<uint8_t> seen(modelTypes, 0);
  std::unordered_set<int32_t> seenBeyondModel;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    for (const int32_t type : documents.document(d)) {
      const auto t = static_cast<std::size_t>(type);
      const bool isScored = scored(type);
      if (!isScored) ++skippedTokens_;
      if (t < modelTypes) {
        if (seen[t]) continue;
        seen[t] = 1;
      } else if (!seenBeyondModel.insert(type).second) {
        continue;
      }
      if (!isScored) ++skippedTypes_;
      if (t >= modelTypes && isScored) ++unseenTypesScored_;
    }
  }
}

ScoringModel ScoringModel::fromTopicWordProbabilities(std::span<const double> phi, std::size_t numTypes,
                                                      std::vector<double> alpha, const DocumentCollection& documents) {
  const std::size_t topics = alpha.size();
  if (topics == 0) throw ModelError("alpha is empty: a model needs at least one topic");
  if (numTypes == 0) throw ModelError("the topic-word matrix has no words");
  if (topics > static_cast<std::size_t>(std::numeric_limits<int>::max()) || phi.size() / topics != numTypes ||
      phi.size() % topics != 0)
    throw ModelError("the topic-word matrix has " + std::to_string(phi.size()) + " values, not " +
                                std::to_string(topics) + " topics x " + std::to_string(numTypes) + " words");
  ScoringModel model;
  model.numTopics_ = static_cast<int>(topics);
  model.alphaSum_ = 0.0;
  for (std::size_t k = 0; k < topics; ++k) {
    if (!(alpha[k] > 0.0) || !std::isfinite(alpha[k]))
      throw ModelError("alpha[" + std::to_string(k) + "] is " + std::to_string(alpha[k]) +
                                  ": alpha must be positive and finite");
    model.alphaSum_ += alpha[k];
  }
  model.alpha_ = std::move(alpha);
  std::vector<double> rowSums(topics, 0.0);
  std::size_t positive = 0;
  for (std::size_t k = 0; k < topics; ++k) {
    for (std::size_t w = 0; w < numTypes; ++w) {
      const double p = phi[k * numTypes + w];
      if (!(p >= 0.0) || !std::isfinite(p))
        throw ModelError("topic " + std::to_string(k) + ", word " + std::to_string(w) + ": probability " +
                                    std::to_string(p) + " is negative or not finite");
      rowSums[k] += p;
      positive += p > 0.0;
    }
    if (std::fabs(rowSums[k] - 1.0) > kProbabilityRowTolerance)
      throw ModelError("topic " + std::to_string(k) + "'s word probabilities sum to " +
                                  std::to_string(rowSums[k]) + ", not 1: pass normalised rows (p(word | topic))");
  }
  model.beta_ = 0.0;
  model.betaSum_ = 0.0;
  model.vocabularySize_ = numTypes;
  model.policy_ = UnseenWords::SkipUntrained;
  model.denominators_.assign(topics, 1.0);
  model.scored_.assign(numTypes, 0);
  auto rows = std::make_shared<Rows>();
  rows->starts.reserve(numTypes + 1);
  rows->starts.push_back(0);
  rows->topics.reserve(positive);
  rows->counts.reserve(positive);
  // phi is topic-major and the rows are word-major: a block of words at a
  // time, so that each topic's stretch of the block is read in one pass
  // (a dense gensim model of 100 x 68,006 was built 3 times slower word by word).
  constexpr std::size_t kBlock = 256;
  std::vector<std::vector<std::pair<double, int32_t>>> block(kBlock);
  for (std::size_t first = 0; first < numTypes; first += kBlock) {
    const std::size_t last = std::min(numTypes, first + kBlock);
    for (std::size_t w = first; w < last; ++w) block[w - first].clear();
    for (std::size_t k = 0; k < topics; ++k) {
      const double* topic = phi.data() + k * numTypes;
      for (std::size_t w = first; w < last; ++w) {
        const double p = topic[w] / rowSums[k];
        if (p > 0.0) block[w - first].emplace_back(p, static_cast<int32_t>(k));
      }
    }
    for (std::size_t w = first; w < last; ++w) {
      auto& row = block[w - first];
      // Decreasing probability, as MALLET orders counts: the samplers find the mass early.
      std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      for (const auto& [p, k] : row) {
        rows->topics.push_back(k);
        rows->counts.push_back(p);
      }
      rows->starts.push_back(rows->topics.size());
      model.scored_[w] = !row.empty();
    }
  }
  model.rows_ = std::move(rows);
  model.countSkipped(documents, numTypes);
  return model;
}

double ScoringModel::phi(int32_t type, int topic) const {
  const auto topics = rowTopics(type);
  const auto counts = rowCounts(type);
  double count = 0.0;
  for (std::size_t i = 0; i < topics.size(); ++i) {
    if (topics[i] == topic) {
      count = counts[i];
      break;
    }
  }
  return (count + beta_) / denominators_[static_cast<std::size_t>(topic)];
}

ScoringModel ScoringModel::fromLogisticNormal(const LogisticNormalModel& model, const DocumentCollection& documents) {
  std::vector<double> phi(model.logTopicWord.size());
  for (std::size_t i = 0; i < phi.size(); ++i) phi[i] = std::exp(model.logTopicWord[i]);
  ScoringModel scoring = fromTopicWordProbabilities(
      phi, model.numTypes, std::vector<double>(static_cast<std::size_t>(model.numTopics), 1.0), documents);
  // MALLET's evaluator rule: words beyond the vocabulary are skipped, and
  // those inside it without training counts are scored (the training's
  // smoothing gave them a probability).
  scoring.policy_ = UnseenWords::Skip;
  return scoring;
}

}  // namespace topiceval
