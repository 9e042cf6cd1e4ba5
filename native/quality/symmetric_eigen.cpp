// SPDX-License-Identifier: Apache-2.0
#include "native/quality/symmetric_eigen.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace topiceval::quality {

namespace {

// Cyclic Jacobi on the n x n row-major `a` (destroyed: its diagonal ends as the
// eigenvalues); with `vectors`, the rotations accumulated into it (row-major,
// column i the eigenvector of a[i][i]).
void jacobi(std::vector<double>& a, std::size_t n, std::vector<double>* vectors) {
  if (vectors != nullptr) {
    vectors->assign(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) (*vectors)[i * n + i] = 1.0;
  }
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0.0, diagonal = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      diagonal += a[i * n + i] * a[i * n + i];
      for (std::size_t j = i + 1; j < n; ++j) off += a[i * n + j] * a[i * n + j];
    }
    if (off == 0.0 || off < 1e-34 * diagonal) break;
    for (std::size_t p = 0; p < n; ++p) {
      for (std::size_t q = p + 1; q < n; ++q) {
        const double apq = a[p * n + q];
        if (apq == 0.0) continue;
        const double theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (std::size_t r = 0; r < n; ++r) {
          const double arp = a[r * n + p], arq = a[r * n + q];
          a[r * n + p] = c * arp - s * arq;
          a[r * n + q] = s * arp + c * arq;
        }
        for (std::size_t r = 0; r < n; ++r) {
          const double apr = a[p * n + r], aqr = a[q * n + r];
          a[p * n + r] = c * apr - s * aqr;
          a[q * n + r] = s * apr + c * aqr;
        }
        if (vectors != nullptr) {
          std::vector<double>& v = *vectors;
          for (std::size_t r = 0; r < n; ++r) {
            const double vrp = v[r * n + p], vrq = v[r * n + q];
            v[r * n + p] = c * vrp - s * vrq;
            v[r * n + q] = s * vrp + c * vrq;
          }
        }
      }
    }
  }
}

// The indices of the diagonal of `a` from the largest value down (ties by index).
std::vector<std::size_t> largestFirst(const std::vector<double>& a, std::size_t n) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return a[x * n + x] > a[y * n + y]; });
  return order;
}

// A sign of one's own for an eigenvector: its entry of largest magnitude (the first of equals) positive.
void orient(std::vector<double>& v) {
  std::size_t at = 0;
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (std::fabs(v[i]) > std::fabs(v[at])) at = i;
  }
  if (!v.empty() && v[at] < 0) {
    for (double& x : v) x = -x;
  }
}

double dot(const std::vector<double>& x, const std::vector<double>& y) {
  double sum = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) sum += x[i] * y[i];
  return sum;
}

// A fixed pseudo-random vector (splitmix64 of `seed` and the index) in [-1, 1)^n.
std::vector<double> startVector(std::size_t n, uint64_t seed) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    uint64_t z = seed * 0x9E3779B97F4A7C15ULL + (i + 1) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    v[i] = static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
  }
  return v;
}

// Removes from `w` its components along the basis, twice ("twice is enough":
// Parlett), so that the Lanczos vectors stay orthogonal to rounding.
void orthogonalise(std::vector<double>& w, const std::vector<std::vector<double>>& basis) {
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& q : basis) {
      const double along = dot(q, w);
      for (std::size_t i = 0; i < w.size(); ++i) w[i] -= along * q[i];
    }
  }
}

constexpr std::size_t kDenseUpTo = 200;  // Jacobi on the matrix itself up to this size

Eigenpairs denseLargest(std::vector<double> a, std::size_t n, std::size_t count) {
  std::vector<double> vectors;
  jacobi(a, n, &vectors);
  Eigenpairs pairs;
  pairs.steps = n;
  for (const std::size_t i : largestFirst(a, n)) {
    if (pairs.values.size() == count) break;
    pairs.values.push_back(a[i * n + i]);
    std::vector<double> v(n);
    for (std::size_t r = 0; r < n; ++r) v[r] = vectors[r * n + i];
    orient(v);
    pairs.vectors.push_back(std::move(v));
  }
  return pairs;
}

}  // namespace

std::vector<double> symmetricEigenvalues(std::vector<double> a, std::size_t n) {
  jacobi(a, n, nullptr);
  std::vector<double> values(n);
  for (std::size_t i = 0; i < n; ++i) values[i] = a[i * n + i];
  return values;
}

Eigenpairs largestEigenpairs(const std::vector<double>& a, std::size_t n, std::size_t count) {
  count = std::min(count, n);
  if (n <= kDenseUpTo) return denseLargest(a, n, count);
  double frobenius = 0.0;
  for (const double x : a) frobenius += x * x;
  frobenius = std::sqrt(frobenius);
  Eigenpairs pairs;
  if (frobenius == 0.0) {  // every vector is an eigenvector of 0
    for (std::size_t i = 0; i < count; ++i) {
      pairs.values.push_back(0.0);
      std::vector<double> v(n, 0.0);
      v[i] = 1.0;
      pairs.vectors.push_back(std::move(v));
    }
    return pairs;
  }
  std::vector<std::vector<double>> basis;
  std::vector<double> alpha, beta;  // T's diagonal, and beta[j] below T[j][j]
  std::vector<double> q = startVector(n, 1);
  q.resize(n);
  double norm = std::sqrt(dot(q, q));
  for (double& x : q) x /= norm;
  uint64_t restarts = 1;
  std::vector<double> w(n);
  for (std::size_t j = 0; j < n; ++j) {
    basis.push_back(q);
    for (std::size_t r = 0; r < n; ++r) {
      const double* row = a.data() + r * n;
      double sum = 0.0;
      for (std::size_t c = 0; c < n; ++c) sum += row[c] * q[c];
      w[r] = sum;
    }
    alpha.push_back(dot(q, w));
    orthogonalise(w, basis);
    const double next = std::sqrt(dot(w, w));
    const std::size_t m = j + 1;
    // Ritz pairs of T_m every few steps (and at the end, where they are exact).
    if (m >= count && (m % 8 == 0 || m == n || next <= 1e-14 * frobenius)) {
      std::vector<double> t(m * m, 0.0), s;
      for (std::size_t i = 0; i < m; ++i) {
        t[i * m + i] = alpha[i];
        if (i + 1 < m) t[i * m + i + 1] = t[(i + 1) * m + i] = beta[i];
      }
      jacobi(t, m, &s);
      const std::vector<std::size_t> order = largestFirst(t, m);
      double scale = 0.0;
      for (std::size_t i = 0; i < m; ++i) scale = std::max(scale, std::fabs(t[i * m + i]));
      bool converged = true;
      for (std::size_t i = 0; i < count; ++i) converged = converged && next * std::fabs(s[(m - 1) * m + order[i]]) <= 1e-12 * scale;
      if (converged || m == n) {
        pairs.steps = m;
        for (std::size_t i = 0; i < count; ++i) {
          const std::size_t c = order[i];
          pairs.values.push_back(t[c * m + c]);
          std::vector<double> v(n, 0.0);
          for (std::size_t b = 0; b < m; ++b) {
            const double weight = s[b * m + c];
            for (std::size_t r = 0; r < n; ++r) v[r] += weight * basis[b][r];
          }
          const double length = std::sqrt(dot(v, v));
          for (double& x : v) x /= length;
          orient(v);
          pairs.vectors.push_back(std::move(v));
        }
        return pairs;
      }
    }
    if (next <= 1e-14 * frobenius) {
      // An invariant subspace: go on from a new vector orthogonal to it (T splits there).
      beta.push_back(0.0);
      w = startVector(n, ++restarts);
      orthogonalise(w, basis);
      norm = std::sqrt(dot(w, w));
    } else {
      beta.push_back(next);
      norm = next;
    }
    for (std::size_t r = 0; r < n; ++r) q[r] = w[r] / norm;
  }
  return pairs;  // unreachable: step n returns
}

}  // namespace topiceval::quality
