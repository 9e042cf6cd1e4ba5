// SPDX-License-Identifier: Apache-2.0
#pragma once
// Systematic resampling (Kitagawa 1996): one uniform u, and P points
// (u + i) / P spaced evenly over the cumulative weights; particle i takes the
// ancestor whose interval holds point i. Each particle is copied a number of
// times within one of P times its normalized weight, which keeps a particle
// filter's likelihood estimate unbiased with less noise than multinomial
// draws. Particle learning and resample-move both select this way.

#include <cstddef>
#include <span>

namespace topiceval {

// ancestors[i] for i < weights.size(); `uniform` in [0, 1); weights not all zero.
inline void systematicResample(std::span<const double> weights, double weightSum, double uniform,
                               std::span<std::size_t> ancestors) {
  const std::size_t particles = weights.size();
  const double step = weightSum / static_cast<double>(particles);
  double point = uniform * step;
  double cumulative = weights[0];
  std::size_t source = 0;
  for (std::size_t particle = 0; particle < particles; ++particle) {
    while (point >= cumulative && source + 1 < particles) cumulative += weights[++source];
    ancestors[particle] = source;
    point += step;
  }
}

}  // namespace topiceval
