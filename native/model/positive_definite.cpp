#include "native/model/positive_definite.hpp"

#include <algorithm>
#include <cmath>

namespace topiceval {

bool Cholesky::factor(std::span<const double> matrix, std::size_t n) {
  n_ = n;
  lower_.assign(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j <= i; ++j) {
      double sum = matrix[i * n + j];
      for (std::size_t k = 0; k < j; ++k) sum -= lower_[i * n + k] * lower_[j * n + k];
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
  for (std::size_t i = 0; i < n_; ++i) {  // L y = b
    double sum = b[i];
    for (std::size_t k = 0; k < i; ++k) sum -= lower_[i * n_ + k] * b[k];
    b[i] = sum / lower_[i * n_ + i];
  }
  for (std::size_t i = n_; i-- > 0;) {  // L^T x = y
    double sum = b[i];
    for (std::size_t k = i + 1; k < n_; ++k) sum -= lower_[k * n_ + i] * b[k];
    b[i] = sum / lower_[i * n_ + i];
  }
}

std::vector<double> Cholesky::inverse() const {
  std::vector<double> result(n_ * n_, 0.0);
  std::vector<double> column(n_);
  for (std::size_t j = 0; j < n_; ++j) {
    std::fill(column.begin(), column.end(), 0.0);
    column[j] = 1.0;
    solve(column);
    for (std::size_t i = 0; i < n_; ++i) result[i * n_ + j] = column[i];
  }
  // Exactly symmetric, so that factoring it again sees the same matrix either way.
  for (std::size_t i = 0; i < n_; ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const double average = 0.5 * (result[i * n_ + j] + result[j * n_ + i]);
      result[i * n_ + j] = result[j * n_ + i] = average;
    }
  }
  return result;
}

void Cholesky::multiplyLower(std::span<const double> z, std::span<double> y) const {
  for (std::size_t i = 0; i < n_; ++i) {
    double sum = 0.0;
    for (std::size_t k = 0; k <= i; ++k) sum += lower_[i * n_ + k] * z[k];
    y[i] = sum;
  }
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
