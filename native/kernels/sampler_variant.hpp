// SPDX-License-Identifier: Apache-2.0
#pragma once
// What topiceval's fast left-to-right kernel does at each position n of a
// document, for particles carrying topic assignments z_<n (Wallach et al.
// 2009, algorithm 3):
// - LeftToRight: score w_n, draw z_n (sequential importance sampling);
// - LeftToRightResampling: first one collapsed Gibbs sweep over z_<n, then
//   score and draw (the algorithm as published).
// Resample-move drives the same kernel position by position instead (see
// SteppedGroup in left_to_right_kernel.hpp).

namespace topiceval {

enum class SamplerVariant { LeftToRight, LeftToRightResampling };

}  // namespace topiceval
