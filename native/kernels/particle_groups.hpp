// SPDX-License-Identifier: Apache-2.0
#pragma once
// Particles run in lockstep groups of at most kParticleGroupWidth, one particle
// per vector lane; more particles are split into groups of nearly equal size.
// Both left-to-right kernels (MALLET-exact and fast) and their drivers use
// this one width and this one split.

#include <cstddef>

namespace topiceval {

inline constexpr int kParticleGroupWidth = 16;

struct ParticleGroups {
  std::size_t particles;
  std::size_t count() const { return (particles + kParticleGroupWidth - 1) / kParticleGroupWidth; }
  std::size_t first(std::size_t group) const { return group * particles / count(); }
  std::size_t size(std::size_t group) const { return first(group + 1) - first(group); }
};

}  // namespace topiceval
