// SPDX-License-Identifier: Apache-2.0
#include "native/quality/ldavis.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

#include "native/quality/symmetric_eigen.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval::quality {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double xLogX(double x) { return x > 0.0 ? x * std::log(x) : 0.0; }

// m log m for m = (x + y) / 2: one word's share of sum_w m_w log m_w.
double midLogMid(double x, double y) { return xLogX(0.5 * (x + y)); }

// A word rising in at least this share of the topics is compared against every
// pair directly (one logarithm per pair) rather than through the sparse
// corrections (three per pair of its topics): 3 d^2 / 2 > K^2 / 2.
constexpr double kDenseShare = 0.58;

struct Columns {
  std::vector<int32_t> dense;        // the words compared directly
  std::vector<uint8_t> isDense;      // per word
  std::vector<double> denseRows;     // K x dense.size(), row-major: phi_kw of the dense words
  // Per topic, its sparse words' entries (word-major positions into phi's arrays), ascending by word.
  std::vector<std::vector<std::size_t>> sparseEntries;
  // Per topic, its sparse rises' distinct values with their multiplicities.
  std::vector<std::vector<std::pair<double, double>>> distinct;
  std::size_t sparseWords = 0;  // words not dense (risen or not)
};

Columns splitColumns(const FloorAndRises& phi) {
  const std::size_t k = phi.topics, v = phi.types;
  Columns columns;
  columns.isDense.assign(v, 0);
  for (std::size_t w = 0; w < v; ++w) {
    const auto d = static_cast<double>(phi.wordStart[w + 1] - phi.wordStart[w]);
    if (d > 0 && d >= kDenseShare * static_cast<double>(k) && k > 2) {
      columns.isDense[w] = 1;
      columns.dense.push_back(static_cast<int32_t>(w));
    }
  }
  columns.sparseWords = v - columns.dense.size();
  const std::size_t nd = columns.dense.size();
  columns.denseRows.resize(k * nd);
  for (std::size_t t = 0; t < k; ++t) std::fill_n(columns.denseRows.begin() + static_cast<std::ptrdiff_t>(t * nd), nd, phi.floor[t]);
  columns.sparseEntries.resize(k);
  for (std::size_t i = 0; i < nd; ++i) {
    const auto w = static_cast<std::size_t>(columns.dense[i]);
    for (std::size_t a = phi.wordStart[w]; a < phi.wordStart[w + 1]; ++a)
      columns.denseRows[static_cast<std::size_t>(phi.topic[a]) * nd + i] = phi.value[a];
  }
  for (std::size_t w = 0; w < v; ++w) {
    if (columns.isDense[w]) continue;
    for (std::size_t a = phi.wordStart[w]; a < phi.wordStart[w + 1]; ++a)
      columns.sparseEntries[static_cast<std::size_t>(phi.topic[a])].push_back(a);
  }
  columns.distinct.resize(k);
  std::vector<double> values;
  for (std::size_t t = 0; t < k; ++t) {
    values.clear();
    for (const std::size_t a : columns.sparseEntries[t]) values.push_back(phi.value[a]);
    std::sort(values.begin(), values.end());
    for (std::size_t i = 0; i < values.size();) {
      std::size_t j = i;
      while (j < values.size() && values[j] == values[i]) ++j;
      columns.distinct[t].emplace_back(values[i], static_cast<double>(j - i));
      i = j;
    }
  }
  return columns;
}

// The position of topic `t` in word w's entries, or npos.
std::size_t entryOf(const FloorAndRises& phi, std::size_t w, int t) {
  const auto begin = phi.topic.begin() + static_cast<std::ptrdiff_t>(phi.wordStart[w]);
  const auto end = phi.topic.begin() + static_cast<std::ptrdiff_t>(phi.wordStart[w + 1]);
  const auto at = std::lower_bound(begin, end, t);
  return at != end && *at == t ? static_cast<std::size_t>(at - phi.topic.begin()) : static_cast<std::size_t>(-1);
}

}  // namespace

std::vector<double> topicProportions(const std::vector<double>& frequency) {
  double total = 0.0;
  for (const double f : frequency) total += f;
  std::vector<double> proportion;
  for (const double f : frequency) proportion.push_back(f / total);
  return proportion;
}

std::vector<std::size_t> topicOrder(const std::vector<double>& proportion) {
  std::vector<std::size_t> order(proportion.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return proportion[a] > proportion[b]; });
  return order;
}

std::vector<double> jensenShannonMatrix(const FloorAndRises& phi, int threads, Progress* progress) {
  const std::size_t k = phi.topics, v = phi.types;
  const Columns columns = splitColumns(phi);
  const std::size_t nd = columns.dense.size();
  // sum_w phi log phi per topic.
  std::vector<double> negativeEntropy(k, 0.0);
  for (std::size_t t = 0; t < k; ++t) {
    negativeEntropy[t] = static_cast<double>(v - phi.rowWords[t].size()) * xLogX(phi.floor[t]);
  }
  for (std::size_t w = 0; w < v; ++w) {
    for (std::size_t a = phi.wordStart[w]; a < phi.wordStart[w + 1]; ++a)
      negativeEntropy[static_cast<std::size_t>(phi.topic[a])] += xLogX(phi.value[a]);
  }
  std::vector<double> js(k * k, 0.0);
  // Row i holds every pair (i, j > i); a row is one task, its sums in word order, so the bits do not depend on threads.
  runInParallel(k, threads, [&](std::size_t i, int) {
    std::vector<double> mix(k, 0.0);           // sum_w m log m over the sparse words in both or one
    std::vector<std::size_t> shared(k, 0);     // sparse words risen in both
    // Words risen in both i and j (j > i): their own term, less what the
    // one-sided sums below count for them.
    for (const std::size_t a : columns.sparseEntries[i]) {
      const auto w = static_cast<std::size_t>(std::upper_bound(phi.wordStart.begin(), phi.wordStart.end(), a) -
                                              phi.wordStart.begin() - 1);
      const double x = phi.value[a];
      for (std::size_t b = a + 1; b < phi.wordStart[w + 1]; ++b) {
        const auto j = static_cast<std::size_t>(phi.topic[b]);
        const double y = phi.value[b];
        mix[j] += midLogMid(x, y) - midLogMid(x, phi.floor[j]) - midLogMid(phi.floor[i], y);
        ++shared[j];
      }
    }
    const double* rowI = columns.denseRows.data() + i * nd;
    for (std::size_t j = i + 1; j < k; ++j) {
      double sum = mix[j];
      // Words risen in i (in j or not) against j's floor, and in j against i's: by distinct values.
      for (const auto& [value, count] : columns.distinct[i]) sum += count * midLogMid(value, phi.floor[j]);
      for (const auto& [value, count] : columns.distinct[j]) sum += count * midLogMid(phi.floor[i], value);
      // Sparse words risen in neither.
      const std::size_t either = columns.sparseEntries[i].size() + columns.sparseEntries[j].size() - shared[j];
      sum += static_cast<double>(columns.sparseWords - either) * midLogMid(phi.floor[i], phi.floor[j]);
      const double* rowJ = columns.denseRows.data() + j * nd;
      double dense = 0.0;
      for (std::size_t c = 0; c < nd; ++c) dense += midLogMid(rowI[c], rowJ[c]);
      const double divergence = 0.5 * (negativeEntropy[i] + negativeEntropy[j]) - (sum + dense);
      js[i * k + j] = std::max(0.0, divergence);
    }
    if (progress != nullptr) progress->advance(1, 0);
  });
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < i; ++j) js[i * k + j] = js[j * k + i];
  }
  return js;
}

PrincipalCoordinates principalCoordinates(const std::vector<double>& distance, std::size_t topics) {
  const std::size_t n = topics;
  PrincipalCoordinates coordinates;
  coordinates.x.assign(n, 0.0);
  coordinates.y.assign(n, 0.0);
  if (n == 0) return coordinates;
  // B = -1/2 J D^2 J: the squares less their row and column means, plus the grand mean.
  std::vector<double> b(n * n), rowMean(n, 0.0);
  double grand = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const double squared = distance[i * n + j] * distance[i * n + j];
      b[i * n + j] = squared;
      rowMean[i] += squared;
    }
    grand += rowMean[i];
    rowMean[i] /= static_cast<double>(n);
  }
  grand /= static_cast<double>(n) * static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) b[i * n + j] = -0.5 * (b[i * n + j] - rowMean[i] - rowMean[j] + grand);
  }
  const Eigenpairs pairs = largestEigenpairs(b, n, 2);
  coordinates.eigenvalues = pairs.values;
  coordinates.lanczosSteps = pairs.steps;
  for (std::size_t axis = 0; axis < pairs.values.size(); ++axis) {
    if (!(pairs.values[axis] > 0.0)) continue;
    const double scale = std::sqrt(pairs.values[axis]);
    std::vector<double>& out = axis == 0 ? coordinates.x : coordinates.y;
    for (std::size_t i = 0; i < n; ++i) out[i] = pairs.vectors[axis][i] * scale;
  }
  return coordinates;
}

TermMarginals termMarginals(const FloorAndRises& phi, const std::vector<double>& frequency,
                            const std::vector<double>& proportion, int threads) {
  const std::size_t k = phi.topics, v = phi.types;
  TermMarginals marginals;
  marginals.frequency.assign(v, 0.0);
  marginals.proportion.assign(v, 0.0);
  marginals.saliency.assign(v, kNaN);
  // What every word has from the floors; each word then adds its rises.
  double floorFrequency = 0.0, floorMass = 0.0, floorLog = 0.0, floorLogShare = 0.0;
  std::vector<double> logShare(k);
  for (std::size_t t = 0; t < k; ++t) {
    logShare[t] = std::log(proportion[t]);
    floorFrequency += phi.floor[t] * frequency[t];
    floorMass += phi.floor[t];
    floorLog += xLogX(phi.floor[t]);
    floorLogShare += phi.floor[t] > 0.0 ? phi.floor[t] * logShare[t] : 0.0;
  }
  constexpr std::size_t kBlock = 4096;
  runInParallel((v + kBlock - 1) / kBlock, threads, [&](std::size_t block, int) {
    for (std::size_t w = block * kBlock; w < std::min(v, (block + 1) * kBlock); ++w) {
      double n = floorFrequency, mass = floorMass, logs = floorLog, logShares = floorLogShare;
      for (std::size_t a = phi.wordStart[w]; a < phi.wordStart[w + 1]; ++a) {
        const auto t = static_cast<std::size_t>(phi.topic[a]);
        const double value = phi.value[a], floor = phi.floor[t];
        n += (value - floor) * frequency[t];
        mass += value - floor;
        logs += xLogX(value) - xLogX(floor);
        logShares += (value > 0.0 ? value * logShare[t] : 0.0) - (floor > 0.0 ? floor * logShare[t] : 0.0);
      }
      marginals.frequency[w] = n;
      // distinctiveness = sum_k P log(P / share_k), P = phi_kw / mass.
      if (mass > 0.0) marginals.saliency[w] = (logs - logShares) / mass - std::log(mass);
    }
  });
  double total = 0.0;
  for (const double n : marginals.frequency) total += n;
  for (std::size_t w = 0; w < v; ++w) {
    marginals.proportion[w] = marginals.frequency[w] / total;
    if (marginals.proportion[w] > 0.0) {
      marginals.saliency[w] *= marginals.proportion[w];
      marginals.byProportion.push_back(static_cast<int32_t>(w));
    } else {
      marginals.saliency[w] = kNaN;
    }
  }
  std::stable_sort(marginals.byProportion.begin(), marginals.byProportion.end(), [&](int32_t a, int32_t b) {
    return marginals.proportion[static_cast<std::size_t>(a)] < marginals.proportion[static_cast<std::size_t>(b)];
  });
  return marginals;
}

std::vector<int32_t> mostSalient(const TermMarginals& marginals, std::size_t r) {
  std::vector<int32_t> words = marginals.byProportion;
  std::sort(words.begin(), words.end());
  const auto before = [&](int32_t a, int32_t b) {
    const double x = marginals.saliency[static_cast<std::size_t>(a)], y = marginals.saliency[static_cast<std::size_t>(b)];
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) == std::isnan(y) ? a < b : std::isnan(y);
    return x != y ? x > y : a < b;
  };
  const std::size_t keep = std::min(r, words.size());
  std::partial_sort(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(keep), words.end(), before);
  words.resize(keep);
  return words;
}

bool ranksBefore(const RelevantTerm& a, const RelevantTerm& b) {
  const bool aNaN = std::isnan(a.relevance), bNaN = std::isnan(b.relevance);
  if (aNaN || bNaN) return aNaN == bNaN ? a.word < b.word : bNaN;
  return a.relevance != b.relevance ? a.relevance > b.relevance : a.word < b.word;
}

namespace {

// Topic `topic`'s words that can rank among its R most relevant at any lambda
// in [0, 1]: its risen words, and among those on its floor (whose relevance
// falls as p_w rises, and ties at lambda = 1) the R of least p_w (with any
// that tie with the R-th) and the R of lowest index.
std::vector<RelevantTerm> candidates(const FloorAndRises& phi, const TermMarginals& marginals, std::size_t topic,
                                     std::size_t r) {
  std::vector<RelevantTerm> terms;
  const auto term = [&](int32_t word, double value) {
    const double p = marginals.proportion[static_cast<std::size_t>(word)];
    terms.push_back({word, std::log(value), std::log(value / p), 0.0});
  };
  const std::vector<int>& risen = phi.rowWords[topic];
  for (const int w : risen) {
    if (marginals.proportion[static_cast<std::size_t>(w)] > 0.0)
      term(w, phi.value[entryOf(phi, static_cast<std::size_t>(w), static_cast<int>(topic))]);
  }
  const double floor = phi.floor[topic];
  const auto onFloor = [&](int32_t w) { return !std::binary_search(risen.begin(), risen.end(), w); };
  std::size_t taken = 0;
  double last = 0.0;
  for (const int32_t w : marginals.byProportion) {
    if (!onFloor(w)) continue;
    const double logLift = std::log(floor / marginals.proportion[static_cast<std::size_t>(w)]);
    if (taken >= r && logLift != last) break;
    term(w, floor);
    last = logLift;
    ++taken;
  }
  taken = 0;
  for (std::size_t w = 0; w < phi.types && taken < r; ++w) {
    if (marginals.proportion[w] > 0.0 && onFloor(static_cast<int32_t>(w))) {
      term(static_cast<int32_t>(w), floor);
      ++taken;
    }
  }
  std::sort(terms.begin(), terms.end(), [](const RelevantTerm& a, const RelevantTerm& b) { return a.word < b.word; });
  terms.erase(std::unique(terms.begin(), terms.end(),
                          [](const RelevantTerm& a, const RelevantTerm& b) { return a.word == b.word; }),
              terms.end());
  return terms;
}

std::vector<RelevantTerm> topAt(std::vector<RelevantTerm> terms, double lambda, std::size_t r) {
  for (RelevantTerm& term : terms) term.relevance = relevanceAt(lambda, term.logProbability, term.logLift);
  const std::size_t keep = std::min(r, terms.size());
  std::partial_sort(terms.begin(), terms.begin() + static_cast<std::ptrdiff_t>(keep), terms.end(), ranksBefore);
  terms.resize(keep);
  return terms;
}

// Leaves out the terms that R others beat at both lambda = 0 and lambda = 1,
// and so (relevance being linear in lambda) at every lambda between: with A
// and B the least log phi and log lift among the R most relevant at lambda =
// 1/2, a term below both (by more than rounding) ranks below those R
// everywhere on [0, 1].
std::vector<RelevantTerm> withoutDominated(const std::vector<RelevantTerm>& terms, std::size_t r) {
  if (terms.size() <= r) return terms;
  const std::vector<RelevantTerm> middle = topAt(terms, 0.5, r);
  double a = std::numeric_limits<double>::infinity(), b = a;
  for (const RelevantTerm& term : middle) {
    a = std::min(a, term.logProbability);
    b = std::min(b, term.logLift);
  }
  if (!std::isfinite(a) || !std::isfinite(b)) return terms;
  const double slackA = 1e-12 * std::max(1.0, std::fabs(a)), slackB = 1e-12 * std::max(1.0, std::fabs(b));
  std::vector<RelevantTerm> kept;
  for (const RelevantTerm& term : terms) {
    if (!(term.logProbability < a - slackA && term.logLift < b - slackB)) kept.push_back(term);
  }
  return kept;
}

}  // namespace

std::vector<RelevantTerm> mostRelevant(const FloorAndRises& phi, const TermMarginals& marginals, std::size_t topic,
                                       double lambda, std::size_t r) {
  return topAt(candidates(phi, marginals, topic, r), lambda, r);
}

std::vector<double> lambdaGrid(double step) {
  std::vector<double> grid;
  const auto points = static_cast<std::size_t>(std::floor(1.0 / step + 1e-10)) + 1;
  for (std::size_t i = 0; i < points; ++i) grid.push_back(static_cast<double>(i) * step);
  return grid;
}

std::vector<RelevantTerm> relevanceUnion(const FloorAndRises& phi, const TermMarginals& marginals, std::size_t topic,
                                         const std::vector<double>& grid, std::size_t r) {
  const std::vector<RelevantTerm> kept = withoutDominated(candidates(phi, marginals, topic, r), r);
  std::vector<RelevantTerm> shown;
  for (const double lambda : grid) {
    for (RelevantTerm term : topAt(kept, lambda, r)) {
      term.relevance = 0.0;
      shown.push_back(term);
    }
  }
  std::sort(shown.begin(), shown.end(), [](const RelevantTerm& a, const RelevantTerm& b) { return a.word < b.word; });
  shown.erase(std::unique(shown.begin(), shown.end(),
                          [](const RelevantTerm& a, const RelevantTerm& b) { return a.word == b.word; }),
              shown.end());
  return shown;
}

std::vector<Membership> termMemberships(const FloorAndRises& phi, const std::vector<double>& frequency,
                                        const TermMarginals& marginals, int32_t word) {
  const auto w = static_cast<std::size_t>(word);
  std::vector<Membership> memberships;
  std::size_t a = phi.wordStart[w];
  for (std::size_t t = 0; t < phi.topics; ++t) {
    double value = phi.floor[t];
    if (a < phi.wordStart[w + 1] && static_cast<std::size_t>(phi.topic[a]) == t) value = phi.value[a++];
    const double tokens = value * frequency[t];
    // R's round(): halves to even, as the default rounding mode rounds.
    if (tokens >= 0.5) {
      const double rounded = std::nearbyint(tokens);
      memberships.push_back({static_cast<int32_t>(t), rounded, rounded / marginals.frequency[w]});
    }
  }
  return memberships;
}

}  // namespace topiceval::quality
