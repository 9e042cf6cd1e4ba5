#pragma once
// One chain of MALLET's left-to-right sampler: one particle's run through one
// document, its generator where MALLET's single stream is for that particle.
// Chains are independent, so a kernel may run them in any order and side by
// side (mallet_interleaved_chains.inc fills its lanes with them).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "native/java/java_random.hpp"

namespace topiceval {

struct MalletChain {
  std::span<const int32_t> document;
  JavaRandom random{0};
  // document.size() entries: the particle's probability of each position (0 where the word is skipped).
  double* wordProbabilities = nullptr;
  // The caller's own labels, handed back untouched.
  std::size_t documentIndex = 0;
  std::size_t particle = 0;
};

// Fills its argument with the next chain to run; false when none are left.
// Called from the thread running the kernel.
using NextMalletChain = std::function<bool(MalletChain&)>;
// Receives a finished chain (its wordProbabilities written).
using MalletChainDone = std::function<void(const MalletChain&)>;

}  // namespace topiceval
