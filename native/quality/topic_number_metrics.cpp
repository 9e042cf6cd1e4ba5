// SPDX-License-Identifier: Apache-2.0
#include "native/quality/topic_number_metrics.hpp"

#include "native/quality/floor_and_rises.hpp"
#include "native/quality/symmetric_eigen.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numeric>

namespace topiceval::quality {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The Gram matrix phi phi^T (K x K, row-major): every pair's dot product, which
// both the cosines and the singular values need. With phi_kw = f_k + r_kw:
// x.y = V f_x f_y + f_x sum r_y + f_y sum r_x + sum over words risen in both of r_x r_y.
std::vector<double> gramMatrix(const TopicWordMatrix& phi) {
  const std::size_t k = phi.topics, v = phi.types;
  const FloorAndRises split = floorAndRises(phi);
  std::vector<double> riseSum(k, 0.0), gram(k * k, 0.0);
  for (std::size_t w = 0; w < v; ++w) {
    const std::size_t begin = split.wordStart[w], end = split.wordStart[w + 1];
    for (std::size_t a = begin; a < end; ++a) {
      const auto i = static_cast<std::size_t>(split.topic[a]);
      riseSum[i] += split.rise[a];
      for (std::size_t b = a; b < end; ++b) gram[i * k + static_cast<std::size_t>(split.topic[b])] += split.rise[a] * split.rise[b];
    }
  }
  const auto types = static_cast<double>(v);
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = i; j < k; ++j) {
      const double fi = split.floor[i], fj = split.floor[j];
      gram[i * k + j] = gram[j * k + i] = types * fi * fj + fi * riseSum[j] + fj * riseSum[i] + gram[i * k + j];
    }
  }
  return gram;
}

// Loader (2000)'s saddle-point pieces, so that x^a e^-x / Gamma(a + 1) keeps
// its relative accuracy when a and x are large and close.
double stirlingError(double n) {
  if (n < 10.0) return std::lgamma(n + 1.0) - (n + 0.5) * std::log(n) + n - 0.5 * std::log(2.0 * M_PI);
  const double nn = n * n;
  return (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - (1.0 / 1680 - 1.0 / 1188 / nn) / nn) / nn) / nn) / n;
}

double deviance(double x, double mean) {  // x log(x / mean) + mean - x
  if (std::fabs(x - mean) < 0.1 * (x + mean)) {
    const double v = (x - mean) / (x + mean), v2 = v * v;
    double sum = (x - mean) * v, term = 2.0 * x * v;
    for (int j = 1; j < 1000; ++j) {
      term *= v2;
      const double next = sum + term / (2 * j + 1);
      if (next == sum) break;
      sum = next;
    }
    return sum;
  }
  return x * std::log(x / mean) + mean - x;
}

// x^a e^-x / Gamma(a + 1).
double poissonTerm(double a, double x) {
  if (a < 1.0) return std::exp(a * std::log(x) - x - std::lgamma(a + 1.0));
  return std::exp(-stirlingError(a) - deviance(a, x)) / std::sqrt(2.0 * M_PI * a);
}

}  // namespace

double caoJuan2009(const TopicWordMatrix& phi) {
  const std::size_t k = phi.topics;
  if (k < 2) return kNaN;
  const std::vector<double> gram = gramMatrix(phi);
  double sum = 0.0;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = i + 1; j < k; ++j)
      sum += gram[i * k + j] / std::sqrt(gram[i * k + i] * gram[j * k + j]);
  }
  return sum / (static_cast<double>(k) * static_cast<double>(k - 1) / 2.0);
}

std::vector<double> singularValues(const TopicWordMatrix& phi) {
  std::vector<double> values = symmetricEigenvalues(gramMatrix(phi), phi.topics);
  for (double& value : values) value = std::sqrt(std::max(value, 0.0));
  std::sort(values.begin(), values.end(), std::greater<>());
  return values;
}

double arun2010(const TopicWordMatrix& phi, const std::vector<double>& theta, const std::vector<double>& lengths) {
  const std::size_t k = phi.topics;
  if (k > phi.types || k == 0) return kNaN;
  double longest = 0.0;
  for (const double length : lengths) longest = std::max(longest, std::fabs(length));
  if (longest == 0.0) return kNaN;
  std::vector<double> mass(k, 0.0);
  for (std::size_t d = 0; d < lengths.size(); ++d) {
    for (std::size_t t = 0; t < k; ++t) mass[t] += lengths[d] * theta[d * k + t];
  }
  const std::vector<double> singular = singularValues(phi);
  double forward = 0.0, backward = 0.0;
  for (std::size_t t = 0; t < k; ++t) {
    const double share = mass[t] / longest;
    forward += singular[t] * std::log(singular[t] / share);
    backward += share * std::log(share / singular[t]);
  }
  return forward + backward;
}

double deveaud2014(const TopicWordMatrix& phi) {
  const std::size_t k = phi.topics, v = phi.types;
  if (k < 2) return kNaN;
  const bool anyZero = std::any_of(phi.phi.begin(), phi.phi.begin() + static_cast<std::ptrdiff_t>(k * v),
                                   [](double value) { return value == 0.0; });
  std::vector<double> value(k * v);
  for (std::size_t i = 0; i < k * v; ++i) value[i] = anyZero ? phi.phi[i] + DBL_MIN : phi.phi[i];
  const FloorAndRises split = floorAndRises({value, k, v});
  // Each row's risen entries side by side (word, value, logarithm), so that a
  // pair walks two short arrays: one logarithm per risen entry.
  struct Entry {
    int word;
    double value, log;
  };
  std::vector<std::vector<Entry>> rows(k);
  std::vector<double> logFloor(k);
  for (std::size_t t = 0; t < k; ++t) {
    logFloor[t] = std::log(split.floor[t]);
    for (const int w : split.rowWords[t]) {
      const double x = value[t * v + static_cast<std::size_t>(w)];
      rows[t].push_back({w, x, std::log(x)});
    }
  }
  // x log(x/y) + y log(y/x) = (x - y)(log x - log y), word by word where either
  // row rises; every word where neither does adds the floors' term.
  double sum = 0.0;
  for (std::size_t i = 0; i < k; ++i) {
    const std::vector<Entry>& a = rows[i];
    const Entry floorA{0, split.floor[i], logFloor[i]};
    for (std::size_t j = i + 1; j < k; ++j) {
      const std::vector<Entry>& b = rows[j];
      const Entry floorB{0, split.floor[j], logFloor[j]};
      double pair = 0.0;
      std::size_t p = 0, q = 0, risen = 0;
      while (p < a.size() || q < b.size()) {
        const Entry *x, *y;
        if (q == b.size() || (p < a.size() && a[p].word < b[q].word)) {
          x = &a[p++];
          y = &floorB;
        } else if (p == a.size() || b[q].word < a[p].word) {
          x = &floorA;
          y = &b[q++];
        } else {
          x = &a[p++];
          y = &b[q++];
        }
        ++risen;
        pair += (x->value - y->value) * (x->log - y->log);
      }
      pair += static_cast<double>(v - risen) * (floorA.value - floorB.value) * (floorA.log - floorB.log);
      sum += 0.5 * pair;
    }
  }
  return sum / (static_cast<double>(k) * static_cast<double>(k - 1));
}

std::vector<std::vector<int>> topWordsInROrder(const TopicWordMatrix& phi, std::size_t m) {
  std::vector<std::vector<int>> top(phi.topics);
  const std::size_t keep = std::min(m, phi.types);
  std::vector<int> order(phi.types);
  for (std::size_t k = 0; k < phi.topics; ++k) {
    const double* values = phi.row(k);
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [values](int a, int b) { return values[a] != values[b] ? values[a] > values[b] : a < b; });
    top[k].assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep));
  }
  return top;
}

std::vector<double> stmSemanticCoherence(const TopicWordMatrix& phi, const ReferenceCorpus& documents, std::size_t m) {
  const std::vector<std::vector<int>> top = topWordsInROrder(phi, m);
  // semCoh1beta's wordlist: every topic's top words in turn, each word at its first appearance.
  std::vector<int> position(phi.types, -1);
  std::size_t listed = 0;
  for (const auto& words : top) {
    for (const int word : words) {
      if (position[static_cast<std::size_t>(word)] < 0) position[static_cast<std::size_t>(word)] = static_cast<int>(listed++);
    }
  }
  std::vector<int64_t> together(listed * listed, 0);
  std::vector<char> seen(listed, 0);
  std::vector<int> present;
  for (std::size_t d = 0; d < documents.numDocuments(); ++d) {
    present.clear();
    for (std::size_t i = documents.offsets[d]; i < documents.offsets[d + 1]; ++i) {
      const int32_t word = documents.tokens[i];
      if (word < 0 || static_cast<std::size_t>(word) >= phi.types) continue;
      const int at = position[static_cast<std::size_t>(word)];
      if (at >= 0 && !seen[static_cast<std::size_t>(at)]) {
        seen[static_cast<std::size_t>(at)] = 1;
        present.push_back(at);
      }
    }
    for (const int a : present) {
      for (const int b : present) ++together[static_cast<std::size_t>(a) * listed + static_cast<std::size_t>(b)];
    }
    for (const int a : present) seen[static_cast<std::size_t>(a)] = 0;
  }
  std::vector<double> result(phi.topics, 0.0);
  for (std::size_t k = 0; k < phi.topics; ++k) {
    double sum = 0.0;
    for (std::size_t i = 0; i < top[k].size(); ++i) {
      for (std::size_t j = i + 1; j < top[k].size(); ++j) {
        const auto a = static_cast<std::size_t>(position[static_cast<std::size_t>(top[k][i])]);
        const auto b = static_cast<std::size_t>(position[static_cast<std::size_t>(top[k][j])]);
        const std::size_t later = std::max(a, b), earlier = std::min(a, b);
        sum += std::log(0.01 + static_cast<double>(together[later * listed + earlier])) -
               std::log(static_cast<double>(together[earlier * listed + earlier]) + 0.01);
      }
    }
    result[k] = sum;
  }
  return result;
}

ResidualDispersion stmResidualDispersion(const TopicWordMatrix& phi, const std::vector<double>& theta,
                                         const ReferenceCorpus& documents, double tol) {
  const std::size_t k = phi.topics, v = phi.types;
  const FloorAndRises split = floorAndRises(phi);
  std::vector<double> q(v), count(v, 0.0);
  double statistic = 0.0, expectedAbove = 0.0, used = 0.0;
  for (std::size_t d = 0; d < documents.numDocuments(); ++d) {
    const std::size_t begin = documents.offsets[d], end = documents.offsets[d + 1];
    if (begin == end) continue;
    used += 1.0;
    const double m = static_cast<double>(end - begin);
    // q = theta_d phi: the floors once, then each word's rises.
    const double* share = &theta[d * k];
    double floorMix = 0.0;
    for (std::size_t t = 0; t < k; ++t) floorMix += share[t] * split.floor[t];
    for (std::size_t w = 0; w < v; ++w) {
      double value = floorMix;
      for (std::size_t a = split.wordStart[w]; a < split.wordStart[w + 1]; ++a)
        value += share[static_cast<std::size_t>(split.topic[a])] * split.rise[a];
      q[w] = value;
    }
    for (std::size_t i = begin; i < end; ++i) count[static_cast<std::size_t>(documents.tokens[i])] += 1.0;
    double observed = 0.0, expected = 0.0;
    for (std::size_t w = 0; w < v; ++w) {
      const double x = count[w];
      expectedAbove += q[w] * m > tol ? 1.0 : 0.0;
      observed += (x * x - 2.0 * x * q[w] * m) / (m * q[w] * (1.0 - q[w]));
      expected += m * q[w] / (1.0 - q[w]);
    }
    statistic += observed + expected;
    for (std::size_t i = begin; i < end; ++i) count[static_cast<std::size_t>(documents.tokens[i])] = 0.0;
  }
  const double parameters = used * static_cast<double>(k - 1) + static_cast<double>(k) * static_cast<double>(v - 1);
  ResidualDispersion result;
  result.statistic = statistic;
  result.degreesOfFreedom = expectedAbove - static_cast<double>(v) - parameters;
  result.dispersion = statistic / result.degreesOfFreedom;
  result.pValue = chiSquaredUpperTail(statistic, result.degreesOfFreedom);
  return result;
}

double chiSquaredUpperTail(double x, double df) {
  if (std::isnan(x) || std::isnan(df) || df < 0.0) return kNaN;
  if (df == 0.0) return x > 0.0 ? 0.0 : 1.0;
  if (x <= 0.0) return 1.0;
  if (std::isinf(x)) return 0.0;
  const double a = df / 2.0, z = x / 2.0;
  const double prefix = poissonTerm(a, z);
  constexpr double eps = DBL_EPSILON / 4;
  if (z < a + 1.0) {  // the series of the lower tail
    double term = 1.0, sum = 1.0;
    for (int n = 1; n < 100000000; ++n) {
      term *= z / (a + n);
      sum += term;
      if (term < sum * eps) break;
    }
    return 1.0 - prefix * sum;
  }
  // The upper tail's continued fraction (modified Lentz).
  constexpr double tiny = 1e-300;
  double b = z + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 100000000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1.0) < eps) break;
  }
  return prefix * a * h;
}

}  // namespace topiceval::quality
