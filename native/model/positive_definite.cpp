// SPDX-License-Identifier: Apache-2.0
#include "native/model/positive_definite.hpp"

#include <algorithm>
#include <cmath>

namespace topiceval {

double dot(const double* a, const double* b, std::size_t n) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  std::size_t k = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += a[k] * b[k];
    s1 += a[k + 1] * b[k + 1];
    s2 += a[k + 2] * b[k + 2];
    s3 += a[k + 3] * b[k + 3];
  }
  for (; k < n; ++k) s0 += a[k] * b[k];
  return (s0 + s1) + (s2 + s3);
}

namespace {

// y[k] -= factor x[k], for k < n.
void subtractScaled(double* y, double factor, const double* x, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) y[k] -= factor * x[k];
}

}  // namespace

bool Cholesky::factor(std::span<const double> matrix, std::size_t n) {
  n_ = n;
  lower_.assign(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const double* row = lower_.data() + i * n;
    for (std::size_t j = 0; j <= i; ++j) {
      const double sum = matrix[i * n + j] - dot(row, lower_.data() + j * n, j);
      if (i == j) {
        if (!(sum > 0.0) || !std::isfinite(sum)) return false;
        lower_[i * n + i] = std::sqrt(sum);
      } else {
        lower_[i * n + j] = sum / lower_[j * n + j];
      }
    }
  }
  return true;
}

double Cholesky::logDeterminant() const {
  double sum = 0.0;
  for (std::size_t i = 0; i < n_; ++i) sum += std::log(lower_[i * n_ + i]);
  return 2.0 * sum;
}

void Cholesky::solve(std::span<double> b) const {
  for (std::size_t i = 0; i < n_; ++i)  // L y = b, row by row
    b[i] = (b[i] - dot(lower_.data() + i * n_, b.data(), i)) / lower_[i * n_ + i];
  // L^T x = y, taking L's rows (its columns are strided): once x[i] is known,
  // row i of L holds its coefficient in every earlier equation.
  for (std::size_t i = n_; i-- > 0;) {
    b[i] /= lower_[i * n_ + i];
    subtractScaled(b.data(), b[i], lower_.data() + i * n_, i);
  }
}

std::vector<double> Cholesky::inverse() const {
  // L^-1 row by row (row i of L L^-1 = e_i), then A^-1 = L^-T L^-1 as a sum
  // over the rows k of L^-1 of their outer products, every loop along a row.
  std::vector<double> inverseLower(n_ * n_, 0.0);
  for (std::size_t i = 0; i < n_; ++i) {
    double* row = inverseLower.data() + i * n_;
    row[i] = 1.0;
    for (std::size_t k = 0; k < i; ++k) subtractScaled(row, lower_[i * n_ + k], inverseLower.data() + k * n_, k + 1);
    for (std::size_t k = 0; k <= i; ++k) row[k] /= lower_[i * n_ + i];
  }
  std::vector<double> result(n_ * n_, 0.0);
  for (std::size_t k = 0; k < n_; ++k) {
    const double* row = inverseLower.data() + k * n_;
    for (std::size_t i = 0; i <= k; ++i) subtractScaled(result.data() + i * n_, -row[i], row, i + 1);
  }
  for (std::size_t i = 0; i < n_; ++i) {  // exactly symmetric: the upper triangle copies the lower
    for (std::size_t j = 0; j < i; ++j) result[j * n_ + i] = result[i * n_ + j];
  }
  return result;
}

void Cholesky::multiplyLower(std::span<const double> z, std::span<double> y) const {
  for (std::size_t i = 0; i < n_; ++i) y[i] = dot(lower_.data() + i * n_, z.data(), i + 1);
}

double Cholesky::inverseQuadraticForm(std::span<const double> z, std::span<double> scratch) const {
  double length = 0.0;
  for (std::size_t i = 0; i < n_; ++i) {
    double sum = z[i];
    for (std::size_t k = 0; k < i; ++k) sum -= lower_[i * n_ + k] * scratch[k];
    scratch[i] = sum / lower_[i * n_ + i];
    length += scratch[i] * scratch[i];
  }
  return length;
}

}  // namespace topiceval
