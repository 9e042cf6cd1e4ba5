// SPDX-License-Identifier: Apache-2.0
#include "native/quality/topic_stability.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include "native/model/topic_alignment.hpp"
#include "native/quality/sample_statistics.hpp"

namespace topiceval::quality {

double averageJaccard(const std::vector<int>& a, const std::vector<int>& b) {
  const std::size_t depth = std::min(a.size(), b.size());
  if (depth == 0) return 0.0;
  std::set<int> prefixA, prefixB;
  double sum = 0.0;
  for (std::size_t d = 0; d < depth; ++d) {
    prefixA.insert(a[d]);
    prefixB.insert(b[d]);
    std::size_t shared = 0;
    for (const int word : prefixA) shared += prefixB.count(word);
    sum += static_cast<double>(shared) / static_cast<double>(prefixA.size() + prefixB.size() - shared);
  }
  return sum / static_cast<double>(depth);
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
  std::vector<double> similarity(n * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) similarity[i * n + j] = averageJaccard(a[i], b[j]);
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
