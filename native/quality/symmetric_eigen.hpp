// SPDX-License-Identifier: Apache-2.0
#pragma once
// Eigenvalues and eigenvectors of real symmetric matrices, without LAPACK:
//   - cyclic Jacobi rotations (Golub & Van Loan, "Matrix Computations", 4th ed.,
//     section 8.5), which keep small eigenvalues to an absolute error of a few
//     ulps of the largest: the whole spectrum of a small matrix;
//   - Lanczos with full reorthogonalisation (ibid., section 10.1), its
//     tridiagonal matrix solved by Jacobi: the few algebraically largest
//     eigenpairs of a large one (classical scaling's two of K x K), in
//     O(m n^2) for m Lanczos steps instead of O(n^3).

#include <cstddef>
#include <vector>

namespace topiceval::quality {

// Every eigenvalue of the n x n row-major symmetric `a`, in no particular order.
std::vector<double> symmetricEigenvalues(std::vector<double> a, std::size_t n);

struct Eigenpairs {
  std::vector<double> values;                // largest first
  std::vector<std::vector<double>> vectors;  // unit length, one per value
  std::size_t steps = 0;                     // Lanczos steps taken (n for the dense solver)
};

// The `count` algebraically largest eigenvalues of the n x n row-major
// symmetric `a`, with unit eigenvectors (each vector's sign is its own: the
// entry of largest magnitude made positive). Deterministic. Exact to rounding
// for n up to a few hundred (Jacobi on `a` itself); beyond, Lanczos steps are
// added until each pair's residual |a v - lambda v| is below 1e-12 of a's
// largest eigenvalue in magnitude (at most n steps, where Lanczos is exact).
Eigenpairs largestEigenpairs(const std::vector<double>& a, std::size_t n, std::size_t count);

}  // namespace topiceval::quality
