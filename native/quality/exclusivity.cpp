// SPDX-License-Identifier: Apache-2.0
#include "native/quality/exclusivity.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string_view>
#include <unordered_map>

namespace topiceval::quality {

namespace {

// R's rank(x) / length(x) at the entries `at` of `values`, ties sharing their
// average rank: one pass over the values per queried entry, counting those
// below and equal (a loop the compiler vectorises).
std::vector<double> empiricalDistribution(const std::vector<double>& values, const std::vector<int>& at) {
  const double n = static_cast<double>(values.size());
  std::vector<double> share;
  for (const int i : at) {
    const double query = values[static_cast<std::size_t>(i)];
    std::size_t below = 0, equal = 0;
    for (const double value : values) {
      below += value < query ? 1 : 0;
      equal += value == query ? 1 : 0;
    }
    const double first = static_cast<double>(below) + 1.0;
    const double last = static_cast<double>(below + equal);
    share.push_back((first + last) / 2.0 / n);
  }
  return share;
}

std::vector<double> wordTotals(const PhiRow& row, std::size_t topics, std::size_t types) {
  std::vector<double> total(types, 0.0), values;
  for (std::size_t k = 0; k < topics; ++k) {
    row(k, values);
    for (std::size_t w = 0; w < types; ++w) total[w] += values[w];
  }
  return total;
}

// stm's rowSums(tbeta): R sums each row in long double and rounds once, so
// words whose probabilities are the same values in other topics get the same
// total; FREX ranks exclusivities, and a double sum's rounding would split
// such ties (half a rank in R's average ranks).
std::vector<double> wordTotalsAsRowSums(const PhiRow& row, std::size_t topics, std::size_t types) {
  std::vector<long double> total(types, 0.0L);
  std::vector<double> values;
  for (std::size_t k = 0; k < topics; ++k) {
    row(k, values);
    for (std::size_t w = 0; w < types; ++w) total[w] += values[w];
  }
  return std::vector<double>(total.begin(), total.end());
}

}  // namespace

PhiRow matrixRows(const std::vector<double>& phi, std::size_t types) {
  return [&phi, types](std::size_t topic, std::vector<double>& values) {
    values.assign(phi.begin() + static_cast<std::ptrdiff_t>(topic * types),
                  phi.begin() + static_cast<std::ptrdiff_t>((topic + 1) * types));
  };
}

std::vector<double> frex(const PhiRow& row, std::size_t topics, std::size_t types,
                         const std::vector<std::vector<int>>& top, double weight) {
  const std::vector<double> total = wordTotalsAsRowSums(row, topics, types);
  std::vector<double> result(topics, 0.0);
  std::vector<double> values, exclusive(types);
  for (std::size_t k = 0; k < topics; ++k) {
    row(k, values);
    for (std::size_t w = 0; w < types; ++w) exclusive[w] = total[w] > 0 ? values[w] / total[w] : 0.0;
    const std::vector<double> frequencyShare = empiricalDistribution(values, top[k]);
    const std::vector<double> exclusivityShare = empiricalDistribution(exclusive, top[k]);
    double sum = 0.0;
    for (std::size_t i = 0; i < top[k].size(); ++i)
      sum += 1.0 / (weight / exclusivityShare[i] + (1.0 - weight) / frequencyShare[i]);
    result[k] = sum;
  }
  return result;
}

std::vector<double> exclusivityOfProbabilities(const PhiRow& row, std::size_t topics, std::size_t types,
                                               const std::vector<std::vector<int>>& top, std::size_t n) {
  const std::vector<double> total = wordTotals(row, topics, types);
  std::vector<double> result(topics, 0.0), values;
  for (std::size_t k = 0; k < topics; ++k) {
    row(k, values);
    double sum = 0.0;
    for (const int w : top[k]) {
      const auto word = static_cast<std::size_t>(w);
      if (total[word] > 0) sum += values[word] / total[word];
    }
    result[k] = sum / static_cast<double>(n);
  }
  return result;
}

namespace {

// Each word's total probability over topics exactly as wordTotalsAsRowSums
// makes it from the rows (long double, topics in order, rounded once), without
// a pass over every word per topic: a word's running sum is the same for every
// word up to its first topic with tokens, and words with the same counts in
// the same topics have the same total, so each distinct column of counts is
// summed once, from its first topic with tokens.
std::vector<double> totalsOfCounts(const std::vector<std::vector<std::pair<int, int>>>& nonzero,
                                   const std::vector<double>& denominator, double beta, std::size_t types) {
  const std::size_t topics = nonzero.size();
  // Each word's column: (topic, count), topics in order.
  std::vector<std::size_t> start(types + 1, 0);
  for (const auto& topic : nonzero) {
    for (const auto& entry : topic) ++start[static_cast<std::size_t>(entry.first) + 1];
  }
  for (std::size_t w = 0; w < types; ++w) start[w + 1] += start[w];
  std::vector<std::pair<int32_t, int32_t>> column(start.back());
  {
    std::vector<std::size_t> next(start.begin(), start.end() - 1);
    for (std::size_t k = 0; k < topics; ++k) {
      for (const auto& [word, count] : nonzero[k])
        column[next[static_cast<std::size_t>(word)]++] = {static_cast<int32_t>(k), count};
    }
  }
  std::vector<long double> before(topics + 1, 0.0L);  // the running sum of the topics' beta / D_k up to k
  for (std::size_t k = 0; k < topics; ++k) before[k + 1] = before[k] + beta / denominator[k];
  std::unordered_map<std::string_view, double> byColumn;
  std::vector<double> total(types);
  for (std::size_t w = 0; w < types; ++w) {
    const std::pair<int32_t, int32_t>* entry = column.data() + start[w];
    const std::pair<int32_t, int32_t>* end = column.data() + start[w + 1];
    if (entry == end) {
      total[w] = static_cast<double>(before[topics]);
      continue;
    }
    const std::string_view key(reinterpret_cast<const char*>(entry),
                               static_cast<std::size_t>(end - entry) * sizeof(*entry));
    const auto [at, added] = byColumn.try_emplace(key, 0.0);
    if (added) {
      auto k = static_cast<std::size_t>(entry->first);
      long double sum = before[k];
      for (; k < topics; ++k) {
        if (entry != end && static_cast<std::size_t>(entry->first) == k) {
          sum += (entry->second + beta) / denominator[k];
          ++entry;
        } else {
          sum += beta / denominator[k];
        }
      }
      at->second = static_cast<double>(sum);
    }
    total[w] = at->second;
  }
  return total;
}

}  // namespace

std::vector<double> frexOfCounts(const std::vector<std::vector<std::pair<int, int>>>& nonzero,
                                 const std::vector<int32_t>& tokensPerTopic, double beta, double betaSum,
                                 std::size_t types, std::size_t topWords, double weight) {
  const std::size_t topics = nonzero.size();
  std::vector<double> denominators(topics);
  for (std::size_t k = 0; k < topics; ++k) denominators[k] = tokensPerTopic[k] + betaSum;
  const std::vector<double> total = totalsOfCounts(nonzero, denominators, beta, types);
  // The totals in decreasing order: a word without tokens in topic k has
  // exclusivity (beta / D_k) / total, which never falls along this order.
  std::vector<double> decreasingTotals(total);
  std::sort(decreasingTotals.begin(), decreasingTotals.end(), std::greater<>());
  const double n = static_cast<double>(types);
  std::vector<double> result(topics, 0.0);
  std::vector<double> phiOfEntry, ownExclusivity, zeroExclusivity;
  for (std::size_t k = 0; k < topics; ++k) {
    const double denominator = denominators[k];
    const double zero = beta / denominator;
    const std::size_t zeros = types - nonzero[k].size();
    // Per word with tokens, once a topic: its phi, and its exclusivity with and without its tokens.
    phiOfEntry.clear();
    ownExclusivity.clear();
    zeroExclusivity.clear();
    for (const auto& [word, count] : nonzero[k]) {
      const double value = (count + beta) / denominator;
      phiOfEntry.push_back(value);
      ownExclusivity.push_back(value / total[static_cast<std::size_t>(word)]);
      zeroExclusivity.push_back(zero / total[static_cast<std::size_t>(word)]);
    }
    // R's order(decreasing = TRUE) of phi: larger counts first, ties by index, then the words without tokens by index.
    std::vector<std::pair<int, int>> ranked = nonzero[k];
    const std::size_t keep = std::min(topWords, ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(keep), ranked.end(),
                      [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    std::vector<int> top;
    for (std::size_t i = 0; i < keep; ++i) top.push_back(ranked[i].first);
    std::vector<uint8_t> hasTokens;
    if (top.size() < std::min(topWords, types)) {
      hasTokens.assign(types, 0);
      for (const auto& [word, count] : nonzero[k]) hasTokens[static_cast<std::size_t>(word)] = 1;
      for (std::size_t w = 0; w < types && top.size() < std::min(topWords, types); ++w) {
        if (hasTokens[w] == 0) top.push_back(static_cast<int>(w));
      }
    }
    const auto phiOf = [&](int word) {
      for (std::size_t i = 0; i < nonzero[k].size(); ++i) {
        if (nonzero[k][i].first == word) return phiOfEntry[i];
      }
      return zero;
    };
    const auto zeroExclusivityAt = [&](std::size_t i) { return zero / decreasingTotals[i]; };
    double sum = 0.0;
    for (const int word : top) {
      const double phi = phiOf(word);
      const double exclusive = phi / total[static_cast<std::size_t>(word)];
      // Ranks by phi: the words without tokens share `zero`.
      std::size_t below = zero < phi ? zeros : 0, equal = zero == phi ? zeros : 0;
      for (const double value : phiOfEntry) {
        below += value < phi ? 1 : 0;
        equal += value == phi ? 1 : 0;
      }
      const double frequency = ((static_cast<double>(below) + 1.0) + static_cast<double>(below + equal)) / 2.0 / n;
      // Ranks by exclusivity: every word as if without tokens, by binary search,
      // then the words with tokens moved to their own values.
      std::size_t first = 0, last = types;
      {
        std::size_t low = 0, high = types;  // first index whose value is >= exclusive
        while (low < high) {
          const std::size_t middle = low + (high - low) / 2;
          if (zeroExclusivityAt(middle) < exclusive) {
            low = middle + 1;
          } else {
            high = middle;
          }
        }
        first = low;
        high = types;  // first index whose value is > exclusive
        while (low < high) {
          const std::size_t middle = low + (high - low) / 2;
          if (zeroExclusivityAt(middle) <= exclusive) {
            low = middle + 1;
          } else {
            high = middle;
          }
        }
        last = low;
      }
      auto exclusiveBelow = static_cast<int64_t>(first), exclusiveEqual = static_cast<int64_t>(last - first);
      for (std::size_t i = 0; i < phiOfEntry.size(); ++i) {
        exclusiveBelow -= zeroExclusivity[i] < exclusive ? 1 : 0;
        exclusiveEqual -= zeroExclusivity[i] == exclusive ? 1 : 0;
        exclusiveBelow += ownExclusivity[i] < exclusive ? 1 : 0;
        exclusiveEqual += ownExclusivity[i] == exclusive ? 1 : 0;
      }
      const double exclusivity =
          ((static_cast<double>(exclusiveBelow) + 1.0) + static_cast<double>(exclusiveBelow + exclusiveEqual)) / 2.0 / n;
      sum += 1.0 / (weight / exclusivity + (1.0 - weight) / frequency);
    }
    result[k] = sum;
  }
  return result;
}

}  // namespace topiceval::quality
