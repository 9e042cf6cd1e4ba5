#include "native/quality/topic_stability.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <set>

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

// Kuhn-Munkres with row and column potentials, O(n^3), minimising the cost -similarity.
std::vector<int> maximumMatching(const std::vector<double>& similarity, std::size_t n) {
  if (similarity.size() != n * n) throw std::invalid_argument("maximumMatching: not an n x n matrix");
  const double infinity = std::numeric_limits<double>::infinity();
  std::vector<double> u(n + 1, 0.0), v(n + 1, 0.0);
  std::vector<std::size_t> p(n + 1, 0), way(n + 1, 0);  // p[j]: the row (1-based) holding column j
  for (std::size_t i = 1; i <= n; ++i) {
    p[0] = i;
    std::size_t j0 = 0;
    std::vector<double> minv(n + 1, infinity);
    std::vector<char> used(n + 1, 0);
    do {
      used[j0] = 1;
      const std::size_t i0 = p[j0];
      double delta = infinity;
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= n; ++j) {
        if (used[j]) continue;
        const double cost = -similarity[(i0 - 1) * n + (j - 1)] - u[i0] - v[j];
        if (cost < minv[j]) {
          minv[j] = cost;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (std::size_t j = 0; j <= n; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const std::size_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<int> match(n, -1);
  for (std::size_t j = 1; j <= n; ++j) match[p[j] - 1] = static_cast<int>(j - 1);
  return match;
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

}  // namespace topiceval::quality
