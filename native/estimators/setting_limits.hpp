// SPDX-License-Identifier: Apache-2.0
#pragma once
// The largest value each costly setting may take. A setting beyond its limit
// would only make a run allocate more than this machine class holds or run for
// days. The estimators' specs, the commands' own options and the Java bridge
// all check against these, before any work.

#include <cstdint>

namespace topiceval {

struct SettingLimits {
  static constexpr int64_t kParticles = 100'000;        // memory grows with particles x topics per thread
  static constexpr int64_t kTemperatures = 10'000'000;  // the schedule is kept (8 bytes a step)
  static constexpr int64_t kSamples = 100'000;          // AIS samples per document
  static constexpr int64_t kRuns = 100'000;             // independent runs per document
  static constexpr int64_t kThreads = 1'024;            // each thread keeps its own workspace
  static constexpr int64_t kBurnIn = 1'000'000;         // ratio-AIS burn-in sweeps
  static constexpr int64_t kInferenceIterations = 10'000'000;  // infer-topics sweeps (burn-in, interval too)
  static constexpr int64_t kAlignedTopics = 2'000;      // topic alignment is cubic in the topic count
  static constexpr int64_t kSweepSites = 1'000'000;     // resample-move sites per rejuvenation (more is a full sweep)
  // Working memory one thread may need for its particles (particles x topics x 16 bytes).
  static constexpr int64_t kWorkspaceBytes = int64_t{4} << 30;
};

// The samplers' Gibbs sweeps on w1 under document completion (ais,
// importance-sampling): one definition, so the two cannot drift.
struct OptionSpec;
using SettingSpec = OptionSpec;
SettingSpec completionBurnInSetting();

// SettingError("particles", ...) when `particles` particles over `topics`
// topics need more than SettingLimits::kWorkspaceBytes on one thread.
void checkParticleWorkspace(int64_t particles, int64_t topics);

}  // namespace topiceval
