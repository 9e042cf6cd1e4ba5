// SPDX-License-Identifier: Apache-2.0
#pragma once
// The generator topiceval's own estimators draw from: xoshiro256++ (Blackman
// and Vigna), seeded through SplitMix64 from a seed and the indices of the unit
// of work (document, run, particle...), so that every unit has its own stream
// and results do not depend on which thread ran it.

#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>

namespace topiceval {

class RandomStream {
 public:
  RandomStream(uint64_t seed, std::initializer_list<uint64_t> stream) {
    uint64_t mixer = splitMix(seed ^ 0x6A09E667F3BCC909ULL);
    for (const uint64_t index : stream) mixer = splitMix(mixer ^ splitMix(index + 0x9E3779B97F4A7C15ULL));
    for (uint64_t& word : state_) {
      mixer += 0x9E3779B97F4A7C15ULL;
      word = splitMix(mixer);
    }
  }

  // The four state words, for kernels that step many streams at once in
  // vector lanes (the same xoshiro256++ steps, so the same values).
  const std::array<uint64_t, 4>& state() const { return state_; }
  void setState(const std::array<uint64_t, 4>& state) { state_ = state; }

  uint64_t next() { return step(state_[0], state_[1], state_[2], state_[3]); }

  // One xoshiro256++ step on the state words s0..s3, returning its output.
  // Word is uint64_t, or a vector of them that steps one stream per lane.
  template <class Word>
  static Word step(Word& s0, Word& s1, Word& s2, Word& s3) {
    const Word result = rotate(s0 + s3, 23) + s0;
    const Word shifted = s1 << 17;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= shifted;
    s3 = rotate(s3, 45);
    return result;
  }

  // Uniform in [0, 1), 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Uniform in (0, 1), for logarithms.
  double uniformOpen() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
  // Uniform integer in [0, bound).
  uint64_t below(uint64_t bound) {
    __extension__ typedef unsigned __int128 Wide;  // GCC and clang on 64-bit targets
    return static_cast<uint64_t>((static_cast<Wide>(next()) * bound) >> 64);
  }
  double standardNormal();
  // Gamma(shape, 1) by Marsaglia and Tsang (2000), boosted for shape < 1.
  double gamma(double shape);

 private:
  template <class Word>
  static Word rotate(Word x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  static uint64_t splitMix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  }

  std::array<uint64_t, 4> state_;
};

inline double RandomStream::standardNormal() {
  // Marsaglia's polar method; the second value is discarded to keep the stream stateless.
  for (;;) {
    const double u = 2.0 * uniform() - 1.0;
    const double v = 2.0 * uniform() - 1.0;
    const double s = u * u + v * v;
    if (s > 0.0 && s < 1.0) return u * std::sqrt(-2.0 * std::log(s) / s);
  }
}

inline double RandomStream::gamma(double shape) {
  if (shape < 1.0) {
    // Gamma(a) = Gamma(a + 1) * U^(1/a).
    return gamma(shape + 1.0) * std::pow(uniformOpen(), 1.0 / shape);
  }
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = standardNormal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = uniformOpen();
    if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
    if (std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) return d * v;
  }
}

}  // namespace topiceval
