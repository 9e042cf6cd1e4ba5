// SPDX-License-Identifier: Apache-2.0
// javaLog's fast path against its arbiter on many random inputs, and the time
// per call of each. Usage: java-log-check [count, default 10^9] [seed]
// Prints how many inputs differ (must be 0), how many the fast path handed
// over, and nanoseconds per call of javaLog and of the arbiter alone.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "native/java/java_math.hpp"

namespace {

double fromPattern(uint64_t pattern) {
  double x = 0;
  std::memcpy(&x, &pattern, sizeof x);
  return x;
}

// Half the inputs spread over every positive finite double by bit pattern,
// half within 2^40 ulps of 1 (where the logarithm is smallest).
double input(std::mt19937_64& generator, uint64_t i) {
  if (i % 2 == 0) return fromPattern(1 + generator() % 0x7FEFFFFFFFFFFFFFULL);
  const int64_t offset = static_cast<int64_t>(generator() % (uint64_t{1} << 41)) - (int64_t{1} << 40);
  return fromPattern(0x3FF0000000000000ULL + static_cast<uint64_t>(offset));
}

template <class F>
double nanosecondsPerCall(const std::vector<double>& xs, F f) {
  double sink = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const double x : xs) sink += f(x);
  const auto stop = std::chrono::steady_clock::now();
  if (sink == 42.0) std::puts("");
  return std::chrono::duration<double, std::nano>(stop - start).count() / static_cast<double>(xs.size());
}

}  // namespace

int main(int argc, char** argv) {
  const uint64_t count = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000000ULL;
  std::mt19937_64 generator(argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 48);
  uint64_t differ = 0, handedOver = 0;
  for (uint64_t i = 0; i < count; ++i) {
    const double x = input(generator, i);
    if (!topiceval::quickJavaLog(x)) {
      ++handedOver;
      std::printf("handed over: %a\n", x);
    }
    if (topiceval::javaLog(x) != topiceval::extendedPrecisionJavaLog(x)) {
      ++differ;
      std::printf("DIFFERS: %a\n", x);
    }
  }
  std::vector<double> sample(10000000);
  for (std::size_t i = 0; i < sample.size(); ++i) sample[i] = input(generator, i);
  const double fast = nanosecondsPerCall(sample, [](double x) { return topiceval::javaLog(x); });
  const double arbiter = nanosecondsPerCall(sample, [](double x) { return topiceval::extendedPrecisionJavaLog(x); });
  std::printf("inputs %llu differ %llu handed_over %llu javaLog_ns %.1f arbiter_ns %.1f\n",
              static_cast<unsigned long long>(count), static_cast<unsigned long long>(differ),
              static_cast<unsigned long long>(handedOver), fast, arbiter);
  return differ == 0 ? 0 : 1;
}
