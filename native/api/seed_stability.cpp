// SPDX-License-Identifier: Apache-2.0
#include "native/api/seed_stability.hpp"

#include <cmath>
#include <map>

#include "native/quality/sample_statistics.hpp"
#include "native/quality/topic_number_metrics.hpp"
#include "native/quality/topic_stability.hpp"

namespace topiceval::detail {

TopicRankings topicRankings(const Model& model, int t) {
  const std::vector<double> phi = model.topicWordProbabilities();
  const auto topics = static_cast<std::size_t>(model.numTopics());
  const std::size_t types = topics == 0 ? 0 : phi.size() / topics;
  TopicRankings rankings;
  rankings.ids = quality::topWordsInROrder(quality::TopicWordMatrix{phi, topics, types}, static_cast<std::size_t>(t));
  if (const std::vector<std::string>* words = model.words(); words != nullptr) {
    for (const auto& topic : rankings.ids) {
      std::vector<std::string>& named = rankings.words.emplace_back();
      for (const int id : topic)
        named.push_back(static_cast<std::size_t>(id) < words->size() ? (*words)[static_cast<std::size_t>(id)]
                                                                      : "#" + std::to_string(id));
    }
  }
  return rankings;
}

// The runs' rankings in one id space: by word when every run has words.
std::vector<std::vector<std::vector<int>>> sharedIds(const std::vector<const TopicRankings*>& runs) {
  std::vector<std::vector<std::vector<int>>> ids;
  bool named = true;
  for (const TopicRankings* run : runs) named = named && run->words.size() == run->ids.size();
  if (!named) {
    for (const TopicRankings* run : runs) ids.push_back(run->ids);
    return ids;
  }
  std::map<std::string, int> idOf;
  for (const TopicRankings* run : runs) {
    auto& topics = ids.emplace_back();
    for (const auto& words : run->words) {
      auto& topic = topics.emplace_back();
      for (const std::string& word : words) topic.push_back(idOf.emplace(word, static_cast<int>(idOf.size())).first->second);
    }
  }
  return ids;
}

std::vector<SeedGroup> seedGroups(const std::vector<RankedModel>& models, const std::vector<TopicRankings>& rankings) {
  std::map<int, std::vector<std::size_t>> byTopics;
  for (std::size_t m = 0; m < models.size(); ++m) byTopics[models[m].model.topics].push_back(m);
  std::vector<SeedGroup> groups;
  for (const auto& [topics, members] : byTopics) {
    if (members.size() < 2) continue;
    SeedGroup& group = groups.emplace_back();
    group.topics = topics;
    std::vector<const TopicRankings*> runs;
    std::vector<double> perToken, squaredErrors;
    for (const std::size_t m : members) {
      group.runs.push_back(models[m].model.path);
      runs.push_back(&rankings[m]);
      perToken.push_back(models[m].perToken);
      squaredErrors.push_back(models[m].perTokenStandardError * models[m].perTokenStandardError);
    }
    const quality::SeedAgreement agreement = quality::seedAgreement(sharedIds(runs));
    for (const auto& pair : agreement.pairs) group.pairs.push_back({pair.a, pair.b, pair.agreement});
    group.topicAgreement = agreement.perTopic;
    group.agreement = agreement.mean;
    group.agreementSd = agreement.standardDeviation;
    group.agreementMin = agreement.min;
    group.agreementMax = agreement.max;
    group.perToken = quality::sampleMean(perToken);
    group.perTokenSpread = quality::sampleStandardDeviation(perToken);
    // NaN when a run has no error (one run of a sampler).
    group.perTokenError = std::sqrt(quality::sampleMean(squaredErrors));
  }
  // Adjacent Ks: retraining alone moves each K's mean by s / sqrt(n), so their difference by the root sum of those.
  for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
    SeedGroup& group = groups[g];
    const SeedGroup& next = groups[g + 1];
    group.nextTopics = next.topics;
    group.differenceToNext = next.perToken - group.perToken;
    group.differenceToNextError =
        std::sqrt(group.perTokenSpread * group.perTokenSpread / static_cast<double>(group.runs.size()) +
                  next.perTokenSpread * next.perTokenSpread / static_cast<double>(next.runs.size()));
    group.exceedsRetraining = std::fabs(group.differenceToNext) > 2.0 * group.differenceToNextError;
  }
  for (SeedGroup& group : groups) {
    if (group.nextTopics == 0) group.differenceToNext = group.differenceToNextError = std::nan("");
  }
  return groups;
}

}  // namespace topiceval::detail
