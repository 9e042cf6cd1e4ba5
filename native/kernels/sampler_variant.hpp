#pragma once
// What topiceval's fast left-to-right machinery does at each position n of a
// document, for particles carrying topic assignments z_<n:
// - LeftToRight: score w_n, draw z_n (Wallach et al. 2009, algorithm 3 without
//   resampling: sequential importance sampling, one weight per particle);
// - LeftToRightResampling: first one collapsed Gibbs sweep over z_<n, then
//   score and draw (algorithm 3 as published);
// - ResampleMove: the sweep, the score, then the particles are selected by
//   their scores (systematic resampling) before drawing z_n: the fully adapted
//   particle filter of Scott & Baldridge (2013) with Gibbs rejuvenation
//   (Gilks & Berzuini 2001), unbiased for p(w).

namespace topiceval {

enum class SamplerVariant { LeftToRight, LeftToRightResampling, ResampleMove };

}  // namespace topiceval
