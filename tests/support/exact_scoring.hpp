// SPDX-License-Identifier: Apache-2.0
#pragma once
// A document's exact log-likelihood under a scoring model (the dynamic program
// of tiny_models.hpp over its phi and alpha): what the estimators' tests measure against.

#include <cstdint>
#include <span>

#include "native/model/scoring_model.hpp"
#include "support/tiny_models.hpp"

namespace topiceval::testing {

inline double exactFor(const ScoringModel& scoring, std::span<const int32_t> document) {
  return exactLogLikelihood(
      document, scoring.alpha(), [&](int32_t type, int k) { return scoring.phi(type, k); },
      [&](int32_t type) { return scoring.scored(type); });
}

}  // namespace topiceval::testing
