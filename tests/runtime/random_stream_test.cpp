// SPDX-License-Identifier: Apache-2.0
// RandomStream's step on a vector of state words: the fast sampler steps all
// particles' streams this way and must get each stream's own values.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "native/runtime/random_stream.hpp"

namespace topiceval {
namespace {

// Two lanes: one SSE2 register, available on every x86-64 build.
typedef uint64_t TwoWords __attribute__((vector_size(2 * sizeof(uint64_t))));

TEST(RandomStream, SteppedInVectorLanesGivesEachStreamsValues) {
  std::vector<RandomStream> streams;
  for (uint64_t particle = 0; particle < 2; ++particle)
    streams.emplace_back(42, std::initializer_list<uint64_t>{7, 0, particle});
  std::vector<RandomStream> copies = streams;
  TwoWords words[4];
  for (int w = 0; w < 4; ++w)
    for (int lane = 0; lane < 2; ++lane)
      words[w][lane] = streams[static_cast<std::size_t>(lane)].state()[static_cast<std::size_t>(w)];
  for (int draw = 0; draw < 1000; ++draw) {
    const TwoWords values = RandomStream::step(words[0], words[1], words[2], words[3]);
    for (int lane = 0; lane < 2; ++lane) ASSERT_EQ(values[lane], copies[static_cast<std::size_t>(lane)].next()) << draw;
  }
  // The lanes' states, written back, continue each stream where it stands.
  for (int lane = 0; lane < 2; ++lane) {
    std::array<uint64_t, 4> state{};
    for (int w = 0; w < 4; ++w) state[static_cast<std::size_t>(w)] = words[w][lane];
    RandomStream resumed = streams[static_cast<std::size_t>(lane)];
    resumed.setState(state);
    EXPECT_EQ(resumed.uniform(), copies[static_cast<std::size_t>(lane)].uniform());
  }
}

TEST(RandomStream, IsXoshiro256PlusPlus) {
  // From state {1, 2, 3, 4}, xoshiro256++'s first outputs (computed from its
  // published definition, independently of this code).
  RandomStream stream(0, {});
  stream.setState({1, 2, 3, 4});
  EXPECT_EQ(stream.next(), 41943041u);
  EXPECT_EQ(stream.next(), 58720359u);
  EXPECT_EQ(stream.next(), 3588806011781223u);
}

TEST(RandomStream, DifferentParticlesGetDifferentStreams) {
  RandomStream first(42, {7, 0, 0});
  RandomStream second(42, {7, 0, 1});
  EXPECT_NE(first.next(), second.next());
  EXPECT_NE(first.state(), second.state());
}

}  // namespace
}  // namespace topiceval
