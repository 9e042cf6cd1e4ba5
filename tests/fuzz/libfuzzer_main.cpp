// A libFuzzer binary for one target, named at compile time (TOPICEVAL_FUZZ_TARGET).
#include <cstdio>
#include <cstdlib>

#include "fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const topiceval::fuzz::Target* target = [] {
    const auto* found = topiceval::fuzz::findTarget(TOPICEVAL_FUZZ_TARGET);
    if (found == nullptr) {
      std::fprintf(stderr, "no fuzz target %s\n", TOPICEVAL_FUZZ_TARGET);
      std::abort();
    }
    return found;
  }();
  target->run({data, size});
  return 0;
}
