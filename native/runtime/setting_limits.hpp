#pragma once
// The largest value each costly setting may take, and the one check that
// enforces them before any work. A setting beyond its limit would only make a
// run allocate more than this machine class holds or run for days; the
// message names the option and its limit. One definition: the CLI, the Java
// bridge and the factory all check through here.

#include <cstdint>
#include <string>

namespace topiceval {

struct SettingLimits {
  static constexpr int64_t kParticles = 100'000;      // memory grows with particles x topics per thread
  static constexpr int64_t kTemperatures = 10'000'000;  // the schedule is kept (8 bytes a step)
  static constexpr int64_t kSamples = 100'000;        // AIS samples per document
  static constexpr int64_t kRuns = 100'000;           // independent runs per document
  static constexpr int64_t kThreads = 1'024;          // each thread keeps its own workspace
  static constexpr int64_t kBurnIn = 1'000'000;       // ratio-AIS burn-in sweeps
  static constexpr int64_t kAlignedTopics = 2'000;    // topic alignment is cubic in the topic count
  // Working memory one thread may need for its particles (particles x topics x 16 bytes).
  static constexpr int64_t kWorkspaceBytes = int64_t{4} << 30;
};

// Throws std::invalid_argument("OPTION must be between LEAST and MOST (got VALUE)")
// unless least <= value <= most.
void checkSettingRange(const std::string& option, int64_t value, int64_t least, int64_t most);

// Throws std::invalid_argument when `particles` particles over `topics` topics
// need more than SettingLimits::kWorkspaceBytes on one thread.
void checkParticleWorkspace(const std::string& option, int64_t particles, int64_t topics);

}  // namespace topiceval
