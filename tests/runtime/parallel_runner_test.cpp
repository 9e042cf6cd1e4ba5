// SPDX-License-Identifier: Apache-2.0
// The parallel driver: every unit runs once whatever the thread count, the
// first failure comes back to the caller, and long units are handed out first.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "support/sanitizer.hpp"
#include "native/runtime/setting_error.hpp"

#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {
namespace {

TEST(ParallelRunner, RunsEveryUnitOnceOnAnyNumberOfThreads) {
  for (const int threads : {1, 2, 7}) {
    std::vector<std::atomic<int>> runs(50);
    std::atomic<int> highestWorker{0};
    runInParallel(runs.size(), threads, [&](std::size_t unit, int worker) {
      ++runs[unit];
      int seen = highestWorker.load();
      while (worker > seen && !highestWorker.compare_exchange_weak(seen, worker)) {
      }
    });
    for (std::size_t unit = 0; unit < runs.size(); ++unit) EXPECT_EQ(runs[unit].load(), 1) << unit;
    EXPECT_LT(highestWorker.load(), threads);
  }
}

TEST(ParallelRunner, RethrowsTheFailureOfAUnit) {
  EXPECT_THROW(runInParallel(20, 2,
                             [](std::size_t unit, int) {
                               if (unit == 5) throw std::runtime_error("unit 5 failed");
                             }),
               std::runtime_error);
}

// More threads than the process may start (here: an address space of 1 GiB and
// 8 MiB stacks) is a clean SettingError before any unit runs; it was an abort.
TEST(ParallelRunner, AThreadTheSystemRefusesIsASettingErrorBeforeAnyUnitRuns) {
#if defined(TOPICEVAL_ADDRESS_SANITIZER)
  GTEST_SKIP() << "AddressSanitizer's shadow memory needs more address space than the limit leaves";
#endif
  const auto startTooManyThreads = [] {
    const rlimit limit{std::size_t{1} << 30, std::size_t{1} << 30};
    setrlimit(RLIMIT_AS, &limit);
    std::atomic<int> ran{0};
    try {
      runInParallel(100000, 1024, [&](std::size_t, int) { ++ran; });
    } catch (const SettingError& error) {
      std::cerr << error.setting() << ": " << error.problem() << "; units run: " << ran.load() << "\n";
      std::exit(7);
    }
    std::exit(0);
  };
  EXPECT_EXIT(startTooManyThreads(), ::testing::ExitedWithCode(7),
              "threads: asks for 1024 threads, but the system started only [0-9]+ \\(.*\\): give fewer; units run: 0");
}

TEST(ParallelRunner, RunsWorkOnAStackOfTheSizeAsked) {
  // 8 MiB of locals would overflow a 64 KiB stack; on the 16 MiB one asked for it fits.
  std::size_t sum = 0;
  runWithStack(std::size_t{16} << 20, [&] {
    volatile char big[std::size_t{8} << 20];
    for (std::size_t i = 0; i < sizeof big; i += 4096) big[i] = 1;
    for (std::size_t i = 0; i < sizeof big; i += 4096) sum += static_cast<std::size_t>(big[i]);
  });
  EXPECT_EQ(sum, (std::size_t{8} << 20) / 4096);
  EXPECT_THROW(runWithStack(std::size_t{1} << 20, [] { throw std::runtime_error("inside"); }), std::runtime_error);
}

TEST(ParallelRunner, OrdersUnitsCostliestFirstWithTiesInIndexOrder) {
  EXPECT_EQ(costliestFirst({3, 10, 3, 0, 10, 7}), (std::vector<std::size_t>{1, 4, 5, 0, 2, 3}));
  EXPECT_TRUE(costliestFirst({}).empty());
}

TEST(RankDeal, GivesEachDocumentToOneRankLongestFirstToTheLeastLoaded) {
  // Costs 9, 7, 5, 4, 3, 1 over 2 ranks: 9 -> 0; 7 -> 1; 5 -> 1 (7 < 9); 4 -> 0 (9 < 12);
  // 3 -> 1 (12 < 13); 1 -> 0 (13 < 15).
  const std::vector<uint64_t> costs = {5, 9, 1, 7, 3, 4};
  EXPECT_EQ(dealDocuments(costs, 2), (std::vector<int>{1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(documentsOfRank(costs, 1, 2), (std::vector<uint8_t>{1, 0, 0, 1, 1, 0}));
  // One rank: everything, in costliest-first order.
  const std::vector<uint64_t> many(1000, 3);
  EXPECT_EQ(dealDocuments(many, 1), std::vector<int>(1000, 0));
  // Equal costs spread evenly, ties to the lowest rank; no-cost documents still dealt once.
  const std::vector<int> owners = dealDocuments(many, 7);
  std::vector<int> perRank(7, 0);
  for (const int owner : owners) ++perRank[static_cast<std::size_t>(owner)];
  EXPECT_EQ(perRank, (std::vector<int>{143, 143, 143, 143, 143, 143, 142}));
  EXPECT_EQ(dealDocuments(std::vector<uint64_t>{0, 0, 0}, 2), (std::vector<int>{0, 1, 0}));
}

TEST(RankDeal, ThisProcessAloneComputesEverything) {
  EXPECT_EQ(cluster().size(), 1);
  EXPECT_EQ(scheduleOnThisRank({2, 8, 5}), (std::vector<std::size_t>{1, 2, 0}));
}

}  // namespace
}  // namespace topiceval
