#include "native/quality/exclusivity.hpp"

#include <algorithm>
#include <numeric>

namespace topiceval::quality {

namespace {

// R's rank(x) / length(x) at the entries `at` of `values` (ties share their
// average rank): one pass over the values, each placed among the few queried
// ones by binary search.
std::vector<double> empiricalDistribution(const std::vector<double>& values, const std::vector<std::size_t>& at) {
  std::vector<double> queries;
  for (const std::size_t i : at) queries.push_back(values[i]);
  std::sort(queries.begin(), queries.end());
  queries.erase(std::unique(queries.begin(), queries.end()), queries.end());
  std::vector<std::size_t> below(queries.size() + 1, 0), equal(queries.size(), 0);
  for (const double value : values) {
    const auto upper = std::upper_bound(queries.begin(), queries.end(), value);
    ++below[static_cast<std::size_t>(upper - queries.begin())];  // smaller than every query from here on
    if (upper != queries.begin() && *(upper - 1) == value) ++equal[static_cast<std::size_t>(upper - queries.begin() - 1)];
  }
  // below[u] counts the values whose first larger query is u: those below
  // query j are the prefix sum up to j.
  std::vector<std::size_t> smaller(queries.size(), 0);
  std::size_t running = 0;
  for (std::size_t j = 0; j < queries.size(); ++j) {
    running += below[j];
    smaller[j] = running;
  }
  const double n = static_cast<double>(values.size());
  std::vector<double> share;
  for (const std::size_t i : at) {
    const std::size_t j = static_cast<std::size_t>(std::lower_bound(queries.begin(), queries.end(), values[i]) -
                                                   queries.begin());
    const double first = static_cast<double>(smaller[j]) + 1.0;
    const double last = static_cast<double>(smaller[j] + equal[j]);
    share.push_back((first + last) / 2.0 / n);
  }
  return share;
}

std::vector<double> wordTotals(const std::vector<double>& phi, std::size_t topics, std::size_t types) {
  std::vector<double> total(types, 0.0);
  for (std::size_t k = 0; k < topics; ++k) {
    for (std::size_t w = 0; w < types; ++w) total[w] += phi[k * types + w];
  }
  return total;
}

}  // namespace

std::vector<double> frex(const std::vector<double>& phi, std::size_t topics, std::size_t types, std::size_t topWords,
                         double weight) {
  const std::vector<double> total = wordTotals(phi, topics, types);
  std::vector<double> result(topics, 0.0);
  std::vector<double> row(types), exclusive(types);
  for (std::size_t k = 0; k < topics; ++k) {
    for (std::size_t w = 0; w < types; ++w) {
      row[w] = phi[k * types + w];
      exclusive[w] = total[w] > 0 ? row[w] / total[w] : 0.0;
    }
    // R's order(decreasing = TRUE): the largest first, ties by index.
    std::vector<std::size_t> order(types);
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t keep = std::min(topWords, types);
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](std::size_t a, std::size_t b) { return row[a] != row[b] ? row[a] > row[b] : a < b; });
    order.resize(keep);
    const std::vector<double> frequencyShare = empiricalDistribution(row, order);
    const std::vector<double> exclusivityShare = empiricalDistribution(exclusive, order);
    double sum = 0.0;
    for (std::size_t i = 0; i < keep; ++i)
      sum += 1.0 / (weight / exclusivityShare[i] + (1.0 - weight) / frequencyShare[i]);
    result[k] = sum;
  }
  return result;
}

std::vector<double> exclusivityOfProbabilities(const std::vector<double>& phi, std::size_t topics, std::size_t types,
                                               const std::vector<std::vector<int>>& top, std::size_t n) {
  const std::vector<double> total = wordTotals(phi, topics, types);
  std::vector<double> result(topics, 0.0);
  for (std::size_t k = 0; k < topics; ++k) {
    double sum = 0.0;
    for (const int w : top[k]) {
      const auto word = static_cast<std::size_t>(w);
      if (total[word] > 0) sum += phi[k * types + word] / total[word];
    }
    result[k] = sum / static_cast<double>(n);
  }
  return result;
}

}  // namespace topiceval::quality
