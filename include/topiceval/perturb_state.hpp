// SPDX-License-Identifier: Apache-2.0
#pragma once
// A copy of a gzipped MALLET topic state with a fraction of its token
// assignments moved to other topics at random (the `perturb-state` command):
// the "model and slightly worse model" pairs on which estimators of model
// comparisons are judged (Foulds and Smyth 2014, tables 1 and 2).

#include <cstdint>
#include <ostream>
#include <string>

#include "topiceval/options.hpp"

#include "topiceval/export.hpp"

namespace topiceval {

/// What perturbState() reads and how much it moves.
struct PerturbStateRequest {
  std::string input;       ///< a gzipped topic state (train-topics --output-state) of two topics or more
  double fraction = 0.05;  ///< share of token assignments moved to another topic, 0 to 1
  uint64_t seed = 1;  ///< the random seed: the same seed moves the same assignments
};

/// What perturbState() did.
struct PerturbStateResult {
  uint64_t tokens = 0;  ///< token assignments read
  uint64_t moved = 0;   ///< of them moved to another topic
};

/// Writes the perturbed state, gzipped, to `out`: every row as read but the
/// topics of those moved (each to any topic but its own, uniformly), and every
/// comment line. FileError for an input the topic state reader refuses or of
/// one topic; nothing is written then. `outName` names `out` in a failed
/// write's FileError (its path).
[[nodiscard]] TOPICEVAL_API PerturbStateResult perturbState(const PerturbStateRequest& request, std::ostream& out,
                                                            const std::string& outName = "the perturbed state");
/// The request the `perturb-state` command's options describe.
[[nodiscard]] TOPICEVAL_API PerturbStateRequest perturbStateRequest(const OptionValues& options);

}  // namespace topiceval
