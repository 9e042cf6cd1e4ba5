// SPDX-License-Identifier: Apache-2.0
// java.util.Random and MALLET's Randoms.nextUniform(), pinned to values printed
// by OpenJDK 17 (new Random(seed).nextInt(), nextDouble(); Java's nextDouble()
// draws the same 26+27 bits as MALLET's nextUniform()).
#include <gtest/gtest.h>

#include <bit>

#include "native/java/java_random.hpp"

namespace topiceval {
namespace {

int32_t nextInt(JavaRandom& random) { return random.next(32); }

TEST(JavaRandom, MatchesJavaForKnownSeeds) {
  struct Case {
    int64_t seed;
    int32_t first, second;
    uint64_t uniformBits;
  };
  const Case cases[] = {
      {0, -1155484576, -723955400, 4597834257986432532ULL},
      {1, -1155869325, 431529176, 4601058979077218200ULL},
      {42, -1170105035, 234785527, 4604329149490933249ULL},
      {-1, 1155099827, 1887904451, 4578226784790118144ULL},
      {-2147483648LL, 1631269984, 1562497336, 4600951017538805514ULL},
  };
  for (const Case& c : cases) {
    JavaRandom random(c.seed);
    EXPECT_EQ(nextInt(random), c.first) << "seed " << c.seed;
    EXPECT_EQ(nextInt(random), c.second) << "seed " << c.seed;
    EXPECT_EQ(std::bit_cast<uint64_t>(random.nextUniform()), c.uniformBits) << "seed " << c.seed;
  }
}

TEST(JavaRandom, MatchesJavaAfterAMillionUniforms) {
  JavaRandom random(7);
  for (int i = 0; i < 1000000; ++i) random.nextUniform();
  EXPECT_EQ(std::bit_cast<uint64_t>(random.nextUniform()), 4600285647166604148ULL);
  EXPECT_EQ(nextInt(random), 1142118168);
}

TEST(JavaRandom, SkipEqualsStepping) {
  for (const uint64_t steps : {0ULL, 1ULL, 2ULL, 3ULL, 17ULL, 1000ULL, 123457ULL}) {
    JavaRandom stepped(99);
    for (uint64_t i = 0; i < steps; ++i) stepped.next(32);
    JavaRandom jumped(99);
    jumped.skip(steps);
    EXPECT_EQ(jumped.state(), stepped.state()) << steps << " steps";
  }
}

TEST(JavaRandom, SkipComposes) {
  JavaRandom once(5);
  once.skip(1'000'000'007ULL);
  JavaRandom twice(5);
  twice.skip(1'000'000'000ULL);
  twice.skip(7);
  EXPECT_EQ(once.state(), twice.state());
  // The generator has period 2^48: a full period returns to the start.
  JavaRandom full(5);
  full.skip(uint64_t{1} << 48);
  EXPECT_EQ(full.state(), JavaRandom(5).state());
}

TEST(JavaRandom, ARepeatedJumpEqualsStepping) {
  // How consecutive particles' generators are placed: one Jump of a
  // particle's draws, applied again and again.
  for (const uint64_t steps : {1ULL, 6ULL, 4097ULL}) {
    const JavaRandom::Jump jump = JavaRandom::Jump::of(steps);
    JavaRandom jumped(-7);
    JavaRandom stepped(-7);
    for (int particle = 0; particle < 5; ++particle) {
      jumped.jump(jump);
      for (uint64_t i = 0; i < steps; ++i) stepped.next(32);
      EXPECT_EQ(jumped.state(), stepped.state()) << steps << " steps, jump " << particle;
    }
  }
  JavaRandom unmoved(3);
  unmoved.jump(JavaRandom::Jump::of(0));
  EXPECT_EQ(unmoved.state(), JavaRandom(3).state());
}

TEST(JavaRandom, UniformIsInUnitInterval) {
  JavaRandom random(3);
  for (int i = 0; i < 100000; ++i) {
    const double u = random.nextUniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
}

}  // namespace
}  // namespace topiceval
