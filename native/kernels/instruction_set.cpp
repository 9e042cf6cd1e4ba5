// SPDX-License-Identifier: Apache-2.0
#include "native/kernels/instruction_set.hpp"

#include <cstdlib>
#include <string>

namespace topiceval {

namespace {

bool supports(InstructionSet set) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  switch (set) {
    case InstructionSet::Avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
    case InstructionSet::Avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
    default: return true;
  }
#else
  // Other processors run the baseline copy: aarch64's NEON holds two doubles,
  // as SSE2 does.
  return set == InstructionSet::Baseline || set == InstructionSet::Automatic;
#endif
}

InstructionSet widestSupported() {
  if (const char* forced = std::getenv("TOPICEVAL_INSTRUCTION_SET")) {
    const std::string name = forced;
    if (name == "baseline") return InstructionSet::Baseline;
    if (name == "avx2" && supports(InstructionSet::Avx2)) return InstructionSet::Avx2;
    if (name == "avx512" && supports(InstructionSet::Avx512)) return InstructionSet::Avx512;
  }
  if (supports(InstructionSet::Avx512)) return InstructionSet::Avx512;
  if (supports(InstructionSet::Avx2)) return InstructionSet::Avx2;
  return InstructionSet::Baseline;
}

}  // namespace

const char* describe(InstructionSet set) {
  switch (set) {
    case InstructionSet::Automatic: return "automatic";
    case InstructionSet::Baseline: return "baseline";
    case InstructionSet::Avx2: return "avx2";
    case InstructionSet::Avx512: return "avx512";
  }
  return "baseline";
}

InstructionSet resolveInstructionSet(InstructionSet requested) {
  static const InstructionSet widest = widestSupported();
  switch (requested) {
    case InstructionSet::Automatic: return widest;
    case InstructionSet::Avx512:
      if (supports(InstructionSet::Avx512)) return InstructionSet::Avx512;
      [[fallthrough]];
    case InstructionSet::Avx2:
      if (supports(InstructionSet::Avx2)) return InstructionSet::Avx2;
      [[fallthrough]];
    default: return InstructionSet::Baseline;
  }
}

}  // namespace topiceval
