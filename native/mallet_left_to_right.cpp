#include "native/mallet_left_to_right.hpp"

#include <algorithm>

namespace topiceval {

MalletLeftToRightSampler::MalletLeftToRightSampler(const TopicModel& model)
    : model_(model), numTopics_(model.numTopics) {
  const auto topics = static_cast<std::size_t>(numTopics_);
  denominators_.resize(topics);
  smoothingTerms_.resize(topics);
  coefficientTable_.resize(topics * kTableCounts);
  betaMassTable_.resize(topics * kTableCounts);
  betaBucketTable_.resize(topics * kTableCounts);
  for (std::size_t k = 0; k < topics; ++k) {
    // Java: (tokensPerTopic[topic] + betaSum), int promoted to double.
    denominators_[k] = model.tokensPerTopic[k] + model.betaSum;
    smoothingTerms_[k] = model.alpha[k] / denominators_[k];
    for (int32_t n = 0; n < kTableCounts; ++n) {
      const std::size_t at = k * kTableCounts + static_cast<std::size_t>(n);
      coefficientTable_[at] = (model.alpha[k] + n) / denominators_[k];
      betaMassTable_[at] = model.beta * n / denominators_[k];
      betaBucketTable_[at] = n / denominators_[k];
    }
  }
}

double MalletLeftToRightSampler::coefficient(int topic, int32_t count) const {
  const auto k = static_cast<std::size_t>(topic);
  if (count < kTableCounts) return coefficientTable_[k * kTableCounts + static_cast<std::size_t>(count)];
  return (model_.alpha[k] + count) / denominators_[k];
}

double MalletLeftToRightSampler::betaMassTerm(int topic, int32_t count) const {
  const auto k = static_cast<std::size_t>(topic);
  if (count < kTableCounts) return betaMassTable_[k * kTableCounts + static_cast<std::size_t>(count)];
  return model_.beta * count / denominators_[k];
}

double MalletLeftToRightSampler::betaBucketTerm(int topic, int32_t count) const {
  const auto k = static_cast<std::size_t>(topic);
  if (count < kTableCounts) return betaBucketTable_[k * kTableCounts + static_cast<std::size_t>(count)];
  return count / denominators_[k];
}

uint64_t MalletLeftToRightSampler::uniformsPerParticle(std::span<const int32_t> document, bool resampling) const {
  uint64_t uniforms = 0;
  uint64_t scoredSoFar = 0;
  for (const int32_t type : document) {
    if (resampling) uniforms += scoredSoFar;
    if (inVocabulary(type)) {
      ++uniforms;
      ++scoredSoFar;
    }
  }
  return uniforms;
}

MalletLeftToRightSampler::Scratch MalletLeftToRightSampler::makeScratch() const {
  Scratch scratch;
  const auto topics = static_cast<std::size_t>(numTopics_);
  scratch.localTopicCounts.resize(topics);
  scratch.localTopicIndex.resize(topics);
  scratch.coefficients.resize(topics);
  scratch.topicTermScores.resize(topics);
  return scratch;
}

int MalletLeftToRightSampler::runParticle(std::span<const int32_t> document, bool resampling, JavaRandom& random,
                                          std::span<double> wordProbabilities, Scratch& scratch) const {
  const auto topics = static_cast<std::size_t>(numTopics_);
  const int32_t topicMask = model_.topicMask;
  const int topicBits = model_.topicBits;
  const double beta = model_.beta;
  const double smoothingOnlyMass = model_.smoothingOnlyMass;
  const double alphaSum = model_.alphaSum;

  int32_t* localTopicCounts = scratch.localTopicCounts.data();
  int32_t* localTopicIndex = scratch.localTopicIndex.data();
  double* coefficients = scratch.coefficients.data();
  double* topicTermScores = scratch.topicTermScores.data();
  std::fill_n(localTopicCounts, topics, 0);
  std::fill_n(localTopicIndex, topics, 0);
  std::fill_n(topicTermScores, topics, 0.0);
  for (std::size_t k = 0; k < topics; ++k) coefficients[k] = smoothingTerms_[k];
  scratch.documentTopics.assign(document.size(), 0);
  int32_t* documentTopics = scratch.documentTopics.data();
  std::fill(wordProbabilities.begin(), wordProbabilities.end(), 0.0);

  int nonZeroTopics = 0;
  double topicBetaMass = 0.0;
  int tokensSoFar = 0;
  int samplingErrors = 0;

  // Computes the topic-word bucket for the row of `type` and draws a topic; the
  // caller has already removed the token being resampled.
  auto scoreRow = [&](std::span<const int32_t> row) {
    double topicTermMass = 0.0;
    for (std::size_t index = 0; index < row.size(); ++index) {
      const int32_t entry = row[index];
      const double score = coefficients[entry & topicMask] * (entry >> topicBits);
      topicTermMass += score;
      topicTermScores[index] = score;
    }
    return topicTermMass;
  };

  auto drawTopic = [&](double sample, double topicTermMass, std::span<const int32_t> storedRow) -> int {
    if (sample < topicTermMass) {
      // MALLET walks with `while (sample > 0)`; past the scored entries it reads
      // stale scores and whatever entry the stored row holds.
      std::size_t i = 0;
      bool started = false;
      while (sample > 0) {
        if (started) {
          if (i + 1 >= topics || i + 1 >= storedRow.size()) break;
          ++i;
        }
        started = true;
        sample -= topicTermScores[i];
      }
      return storedRow.empty() ? numTopics_ - 1 : storedRow[i] & topicMask;
    }
    sample -= topicTermMass;
    if (sample < topicBetaMass) {
      sample /= beta;
      for (int denseIndex = 0; denseIndex < nonZeroTopics; ++denseIndex) {
        const int topic = localTopicIndex[denseIndex];
        sample -= betaBucketTerm(topic, localTopicCounts[topic]);
        if (sample <= 0.0) return topic;
      }
      ++samplingErrors;  // MALLET prints "sampling error" and takes the last topic
      return numTopics_ - 1;
    }
    sample -= topicBetaMass;
    sample /= beta;
    int newTopic = 0;
    sample -= smoothingTerms_[0];
    while (sample > 0.0 && newTopic + 1 < numTopics_) {
      ++newTopic;
      sample -= smoothingTerms_[static_cast<std::size_t>(newTopic)];
    }
    return newTopic;
  };

  auto removeToken = [&](int oldTopic) {
    const auto k = static_cast<std::size_t>(oldTopic);
    topicBetaMass -= betaMassTerm(oldTopic, localTopicCounts[k]);
    --localTopicCounts[k];
    if (localTopicCounts[k] == 0) {
      int denseIndex = 0;
      while (localTopicIndex[denseIndex] != oldTopic) ++denseIndex;
      while (denseIndex < nonZeroTopics) {
        if (denseIndex < numTopics_ - 1) localTopicIndex[denseIndex] = localTopicIndex[denseIndex + 1];
        ++denseIndex;
      }
      --nonZeroTopics;
    }
    topicBetaMass += betaMassTerm(oldTopic, localTopicCounts[k]);
    coefficients[k] = coefficient(oldTopic, localTopicCounts[k]);
  };

  auto addToken = [&](int newTopic) {
    const auto k = static_cast<std::size_t>(newTopic);
    topicBetaMass -= betaMassTerm(newTopic, localTopicCounts[k]);
    ++localTopicCounts[k];
    if (localTopicCounts[k] == 1) {
      int denseIndex = nonZeroTopics;
      while (denseIndex > 0 && localTopicIndex[denseIndex - 1] > newTopic) {
        localTopicIndex[denseIndex] = localTopicIndex[denseIndex - 1];
        --denseIndex;
      }
      localTopicIndex[denseIndex] = newTopic;
      ++nonZeroTopics;
    }
    coefficients[k] = coefficient(newTopic, localTopicCounts[k]);
    topicBetaMass += betaMassTerm(newTopic, localTopicCounts[k]);
  };

  const auto& counts = model_.typeTopicCounts;
  for (std::size_t limit = 0; limit < document.size(); ++limit) {
    if (resampling) {
      for (std::size_t position = 0; position < limit; ++position) {
        const int32_t type = document[position];
        if (!inVocabulary(type)) continue;
        const auto t = static_cast<std::size_t>(type);
        removeToken(documentTopics[position]);
        const double topicTermMass = scoreRow(counts.activeRow(t));
        const double sample = random.nextUniform() * (smoothingOnlyMass + topicBetaMass + topicTermMass);
        const int newTopic = drawTopic(sample, topicTermMass, counts.storedRow(t));
        documentTopics[position] = newTopic;
        addToken(newTopic);
      }
    }
    const int32_t type = document[limit];
    if (!inVocabulary(type)) continue;
    const auto t = static_cast<std::size_t>(type);
    const double topicTermMass = scoreRow(counts.activeRow(t));
    const double sample = random.nextUniform() * (smoothingOnlyMass + topicBetaMass + topicTermMass);
    wordProbabilities[limit] += (smoothingOnlyMass + topicBetaMass + topicTermMass) / (alphaSum + tokensSoFar);
    ++tokensSoFar;
    const int newTopic = drawTopic(sample, topicTermMass, counts.storedRow(t));
    documentTopics[limit] = newTopic;
    addToken(newTopic);
  }
  return samplingErrors;
}

}  // namespace topiceval
