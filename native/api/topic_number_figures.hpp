// SPDX-License-Identifier: Apache-2.0
#pragma once
// A model's ldatuning and stm figures for choosing K, as select reports them.

#include <cstdint>
#include <vector>

#include "topiceval/model.hpp"
#include "topiceval/select.hpp"

namespace topiceval::detail {

// `bootstrap` replicates over topics (0: no errors) drawn from `seed`.
std::vector<TopicNumberFigure> topicNumberFigures(const Model& model, int bootstrap, uint64_t seed);

// The standard deviation of the mean of `values` over `bootstrap` resamples
// of its entries with replacement (NaN for none, or fewer than 2 replicates).
double bootstrapErrorOfMean(const std::vector<double>& values, int bootstrap, uint64_t seed);

}  // namespace topiceval::detail
