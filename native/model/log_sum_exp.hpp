// SPDX-License-Identifier: Apache-2.0
#pragma once
// log sum_i exp(term(i)) over i in [0, count), with the largest term factored
// out so that the exponentials cannot all underflow to 0 (or overflow).
// Terms are evaluated twice, in index order; the sum adds them in that order.
// Returns the largest term itself when it is not finite (-infinity for no
// terms or all -infinity).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace topiceval {

template <class Term>
double logSumExp(std::size_t count, Term term) {
  double largest = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < count; ++i) largest = std::max(largest, term(i));
  if (!std::isfinite(largest)) return largest;
  double sum = 0.0;
  for (std::size_t i = 0; i < count; ++i) sum += std::exp(term(i) - largest);
  return largest + std::log(sum);
}

}  // namespace topiceval
