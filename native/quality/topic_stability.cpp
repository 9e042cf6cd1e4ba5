// SPDX-License-Identifier: Apache-2.0
#include "native/quality/topic_stability.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "native/model/topic_alignment.hpp"
#include "native/quality/sample_statistics.hpp"

namespace topiceval::quality {

namespace {

// A ranking's words by their first position (a word repeated counts once, at
// its first), and how many distinct words each prefix holds.
struct Ranking {
  std::vector<uint8_t> first;      // per position: 1 where its word enters
  std::vector<std::size_t> sizes;  // per depth d: distinct words in positions 0..d
};

template <class Seen>
Ranking rankingOf(const std::vector<int>& words, Seen& seen) {
  Ranking ranking;
  ranking.first.resize(words.size());
  ranking.sizes.resize(words.size());
  std::size_t distinct = 0;
  for (std::size_t d = 0; d < words.size(); ++d) {
    ranking.first[d] = seen(words[d]) ? 0 : 1;
    distinct += ranking.first[d];
    ranking.sizes[d] = distinct;
  }
  return ranking;
}

// AJ of a and b to their common depth, given where each word enters b
// (`enteringB(word)`: its first position in b, or -1). A word entering a at p
// and b at q is shared from depth max(p, q) on; `entered` (one slot per depth)
// counts them, and its running sum is each prefix's intersection.
template <class EnteringB>
double averageJaccardOf(const std::vector<int>& a, const Ranking& rankedA, const Ranking& rankedB,
                        EnteringB enteringB, std::vector<std::size_t>& entered, uint64_t& steps) {
  const std::size_t depth = std::min(rankedA.first.size(), rankedB.first.size());
  if (depth == 0) return 0.0;
  entered.assign(depth, 0);
  for (std::size_t p = 0; p < depth; ++p) {
    if (rankedA.first[p] == 0) continue;
    const long q = enteringB(a[p]);
    if (q >= 0 && static_cast<std::size_t>(q) < depth) ++entered[std::max(p, static_cast<std::size_t>(q))];
  }
  steps += depth;
  double sum = 0.0;
  std::size_t shared = 0;
  for (std::size_t d = 0; d < depth; ++d) {
    shared += entered[d];
    sum += static_cast<double>(shared) / static_cast<double>(rankedA.sizes[d] + rankedB.sizes[d] - shared);
  }
  return sum / static_cast<double>(depth);
}

}  // namespace

double averageJaccard(const std::vector<int>& a, const std::vector<int>& b) {
  std::unordered_set<int> seenA, seenB;
  const auto inA = [&](int word) { return !seenA.insert(word).second; };
  const auto inB = [&](int word) { return !seenB.insert(word).second; };
  const Ranking rankedA = rankingOf(a, inA), rankedB = rankingOf(b, inB);
  std::unordered_map<int, long> entering;
  for (std::size_t q = b.size(); q-- > 0;) entering[b[q]] = static_cast<long>(q);
  std::vector<std::size_t> entered;
  uint64_t steps = 0;
  return averageJaccardOf(
      a, rankedA, rankedB,
      [&](int word) {
        const auto found = entering.find(word);
        return found == entering.end() ? -1L : found->second;
      },
      entered, steps);
}

double stabilityWork(std::size_t runs, std::size_t topics, std::size_t words) {
  const double pairs = static_cast<double>(runs) * static_cast<double>(runs - (runs > 0 ? 1 : 0)) / 2.0;
  return pairs * static_cast<double>(topics) * static_cast<double>(topics) * static_cast<double>(words);
}

// The model floor's assignment (Kuhn-Munkres, as compare aligns topics) on the
// cost -similarity: one solver for both.
std::vector<int> maximumMatching(const std::vector<double>& similarity, std::size_t n) {
  if (similarity.size() != n * n) throw std::invalid_argument("maximumMatching: not an n x n matrix");
  std::vector<double> cost(similarity.size());
  std::transform(similarity.begin(), similarity.end(), cost.begin(), [](double x) { return -x; });
  return solveAssignment(cost, static_cast<int>(n));
}

RunAgreement runAgreement(const std::vector<std::vector<int>>& a, const std::vector<std::vector<int>>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("runAgreement: the runs have different numbers of topics");
  const std::size_t n = a.size();
  RunAgreement result;
  if (n == 0) return result;
  // Word ids index a table of where each word enters b's topic j (-1: not in
  // it), filled for one topic of b at a time and cleared after.
  int largest = -1;
  for (const auto* run : {&a, &b}) {
    for (const auto& topic : *run) {
      for (const int word : topic) {
        if (word < 0) throw std::invalid_argument("runAgreement: a negative word id");
        largest = std::max(largest, word);
      }
    }
  }
  std::vector<long> entering(static_cast<std::size_t>(largest + 1), -1);
  std::vector<uint8_t> seen(entering.size(), 0);
  const auto ranked = [&](const std::vector<int>& topic) {
    const auto inTopic = [&](int word) {
      const bool before = seen[static_cast<std::size_t>(word)] != 0;
      seen[static_cast<std::size_t>(word)] = 1;
      return before;
    };
    Ranking ranking = rankingOf(topic, inTopic);
    for (const int word : topic) seen[static_cast<std::size_t>(word)] = 0;
    return ranking;
  };
  std::vector<Ranking> rankedA;
  for (const auto& topic : a) rankedA.push_back(ranked(topic));
  std::vector<double> similarity(n * n);
  std::vector<std::size_t> entered;
  for (std::size_t j = 0; j < n; ++j) {
    const Ranking rankedB = ranked(b[j]);
    for (std::size_t q = b[j].size(); q-- > 0;) entering[static_cast<std::size_t>(b[j][q])] = static_cast<long>(q);
    for (std::size_t i = 0; i < n; ++i)
      similarity[i * n + j] = averageJaccardOf(
          a[i], rankedA[i], rankedB, [&](int word) { return entering[static_cast<std::size_t>(word)]; }, entered,
          result.steps);
    for (const int word : b[j]) entering[static_cast<std::size_t>(word)] = -1;
  }
  result.match = maximumMatching(similarity, n);
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    result.perTopic.push_back(similarity[i * n + static_cast<std::size_t>(result.match[i])]);
    sum += result.perTopic.back();
  }
  result.agreement = sum / static_cast<double>(n);
  return result;
}

SeedAgreement seedAgreement(const std::vector<std::vector<std::vector<int>>>& runs) {
  if (runs.size() < 2) throw std::invalid_argument("seedAgreement: needs at least two runs");
  const std::size_t topics = runs.front().size();
  SeedAgreement result;
  result.perTopic.assign(runs.size(), std::vector<double>(topics, 0.0));
  for (std::size_t a = 0; a < runs.size(); ++a) {
    for (std::size_t b = a + 1; b < runs.size(); ++b) {
      const RunAgreement pair = runAgreement(runs[a], runs[b]);
      result.pairs.push_back({a, b, pair.agreement});
      // The matching is one to one: b's topic match[k] has a's topic k's similarity.
      for (std::size_t k = 0; k < topics; ++k) {
        result.perTopic[a][k] += pair.perTopic[k];
        result.perTopic[b][static_cast<std::size_t>(pair.match[k])] += pair.perTopic[k];
      }
    }
  }
  const auto others = static_cast<double>(runs.size() - 1);
  for (auto& run : result.perTopic) {
    for (double& value : run) value /= others;
  }
  std::vector<double> agreements;
  result.min = result.max = result.pairs.front().agreement;
  for (const SeedAgreement::Pair& pair : result.pairs) {
    agreements.push_back(pair.agreement);
    result.min = std::min(result.min, pair.agreement);
    result.max = std::max(result.max, pair.agreement);
  }
  result.mean = sampleMean(agreements);
  result.standardDeviation = sampleStandardDeviation(agreements);
  return result;
}

}  // namespace topiceval::quality
