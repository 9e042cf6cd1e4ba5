// SPDX-License-Identifier: Apache-2.0
#include "native/java/java_random.hpp"

namespace topiceval {

JavaRandom::JavaRandom(int64_t seed) : state_((static_cast<uint64_t>(seed) ^ kMultiplier) & kMask) {}

JavaRandom JavaRandom::fromState(uint64_t state) {
  JavaRandom random;
  random.state_ = state & kMask;
  return random;
}

JavaRandom::Jump JavaRandom::Jump::of(uint64_t steps) {
  // One step is the affine map x -> a*x + c (mod 2^48). Composing the map with
  // itself squares it: (a, c) -> (a*a, a*c + c). The powers of two that make
  // up `steps` compose into the whole jump.
  uint64_t multiplier = kMultiplier;
  uint64_t increment = kIncrement;
  Jump total;
  while (steps != 0) {
    if (steps & 1) {
      total.multiplier = (total.multiplier * multiplier) & kMask;
      total.increment = (total.increment * multiplier + increment) & kMask;
    }
    increment = (multiplier * increment + increment) & kMask;
    multiplier = (multiplier * multiplier) & kMask;
    steps >>= 1;
  }
  return total;
}

}  // namespace topiceval
