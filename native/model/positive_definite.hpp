// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small dense symmetric positive definite matrices (the K-1 dimensions of a
// logistic-normal model): Cholesky factor, solves, inverse, log determinant.
// Row-major std::vector<double> of n x n.

#include <cstddef>
#include <span>
#include <vector>

namespace topiceval {

// sum a[k] b[k] over k < n, in four interleaved partial sums (which the
// compiler keeps in one vector register): at K in the thousands these dot
// products are the whole cost, and one running sum is a chain of dependent
// additions. The order of the additions is this function's, not the loop's.
double dot(const double* a, const double* b, std::size_t n);

class Cholesky {
 public:
  // Factors `matrix` (n x n, only its lower triangle read) as L L^T; false if
  // it is not positive definite (a pivot not above 0, or not finite).
  bool factor(std::span<const double> matrix, std::size_t n);

  std::size_t size() const { return n_; }
  // log det of the factored matrix: 2 sum log L_ii.
  double logDeterminant() const;
  // x = A^-1 b, in place.
  void solve(std::span<double> b) const;
  // The whole inverse A^-1, n x n.
  std::vector<double> inverse() const;
  // y = L z (z standard normal gives y ~ N(0, A)).
  void multiplyLower(std::span<const double> z, std::span<double> y) const;
  // z^T A^-1 z, the squared Mahalanobis length: |L^-1 z|^2.
  double inverseQuadraticForm(std::span<const double> z, std::span<double> scratch) const;
  // The factor L, row-major, zeros above the diagonal.
  const std::vector<double>& lower() const { return lower_; }

 private:
  std::size_t n_ = 0;
  std::vector<double> lower_;
};

}  // namespace topiceval
