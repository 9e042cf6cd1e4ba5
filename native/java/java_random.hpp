// SPDX-License-Identifier: Apache-2.0
#pragma once
// java.util.Random, bit for bit, plus MALLET's Randoms.nextUniform() and an
// O(log n) jump ahead so that independent units of work can start at the exact
// place in one shared random stream.

#include <cstdint>

namespace topiceval {

class JavaRandom {
 public:
  // Same as `new java.util.Random(seed)`: the seed is scrambled with the multiplier.
  explicit JavaRandom(int64_t seed);

  // java.util.Random.next(bits): advance the 48-bit linear congruential
  // generator once and return its top `bits` bits as a signed int.
  int32_t next(int bits) {
    state_ = (state_ * kMultiplier + kIncrement) & kMask;
    return static_cast<int32_t>(static_cast<int64_t>(state_ >> (48 - bits)));
  }

  // MALLET's cc.mallet.util.Randoms.nextUniform(): 53 random bits over 2^53,
  // in [0, 1). Consumes two steps of the generator.
  double nextUniform() {
    const int64_t high = next(26);
    const int64_t low = next(27);
    return static_cast<double>((high << 27) + low) / 9007199254740992.0;
  }

  // Advance the generator as if next() had been called `steps` times.
  void skip(uint64_t steps) { jump(Jump::of(steps)); }

  // `steps` calls of next() as one affine map of the state, computed once in
  // O(log steps) and applied in O(1): particles whose streams start a fixed
  // number of draws apart are placed with one Jump.
  struct Jump {
    uint64_t multiplier = 1;
    uint64_t increment = 0;
    static Jump of(uint64_t steps);
  };
  void jump(const Jump& jump) { state_ = (state_ * jump.multiplier + jump.increment) & kMask; }

  // The raw 48-bit state (what java.util.Random keeps in its `seed` field).
  uint64_t state() const { return state_; }
  static JavaRandom fromState(uint64_t state);

  static constexpr uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr uint64_t kIncrement = 0xBULL;
  static constexpr uint64_t kMask = (uint64_t{1} << 48) - 1;

 private:
  JavaRandom() = default;
  uint64_t state_ = 0;
};

}  // namespace topiceval
