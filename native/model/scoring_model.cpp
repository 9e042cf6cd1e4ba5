#include "native/model/scoring_model.hpp"

#include "native/runtime/setting_error.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

namespace topiceval {

const char* describe(UnseenWords policy) {
  switch (policy) {
    case UnseenWords::Skip: return "skip";
    case UnseenWords::SkipUntrained: return "skip-untrained";
    case UnseenWords::Smooth: return "smooth";
  }
  return "skip";
}

UnseenWords parseUnseenWords(const std::string& text) {
  if (text == "skip") return UnseenWords::Skip;
  if (text == "skip-untrained") return UnseenWords::SkipUntrained;
  if (text == "smooth") return UnseenWords::Smooth;
  throw SettingError("unseen-words", "takes skip, skip-untrained or smooth, not '" + text + "'");
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

  rowStarts_.reserve(modelTypes + 1);
  rowStarts_.push_back(0);
  for (std::size_t type = 0; type < modelTypes; ++type) {
    if (model.typeTopicCounts.present(type)) {
      for (const int32_t entry : model.typeTopicCounts.activeRow(type)) {
        rowTopics_.push_back(model.topicOf(entry));
        rowCounts_.push_back(model.countOf(entry));
      }
    }
    rowStarts_.push_back(rowTopics_.size());
  }

  for (std::size_t type = 0; type < modelTypes; ++type) {
    const bool inModel = model.scoresLikeMallet(static_cast<int32_t>(type));
    const bool trained = inModel && rowStarts_[type + 1] > rowStarts_[type];
    switch (policy) {
      case UnseenWords::Skip: scored_[type] = inModel; break;
      case UnseenWords::SkipUntrained: scored_[type] = trained; break;
      case UnseenWords::Smooth: scored_[type] = 1; break;
    }
  }
  scoresUnseenTypes_ = policy == UnseenWords::Smooth;

  // What the held-out documents lose to the policy, and the unseen types Smooth
  // adds. Types beyond the model are counted in a set, not a table by index: a
  // document's type index can be as large as 2^31 - 1.
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

}  // namespace topiceval
