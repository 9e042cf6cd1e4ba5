// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which compiled copy of the vector kernels runs, and the one place that picks
// it. The kernels (kernels_*.cpp) are compiled once per instruction set from
// the same source; every copy gives the same bits.

namespace topiceval {

// Automatic takes the widest the processor supports (or what the environment
// variable TOPICEVAL_INSTRUCTION_SET=baseline|avx2|avx512 names, if supported).
enum class InstructionSet { Automatic, Baseline, Avx2, Avx512 };
const char* describe(InstructionSet set);
// What `requested` resolves to on this processor (a wider set than it has falls back).
InstructionSet resolveInstructionSet(InstructionSet requested);

// The copy of a kernel compiled for `set` (resolved), given the three copies
// (functions or function pointers). Only the chosen one is ever called: code
// compiled for a wider set must not run on a processor without it.
template <class Kernel>
Kernel forInstructionSet(InstructionSet set, Kernel baseline, Kernel avx2, Kernel avx512) {
  switch (resolveInstructionSet(set)) {
    case InstructionSet::Avx512: return avx512;
    case InstructionSet::Avx2: return avx2;
    default: return baseline;
  }
}

}  // namespace topiceval
