// The parallel driver: every unit runs once whatever the thread count, the
// first failure comes back to the caller, and long units are handed out first.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

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

TEST(ParallelRunner, OrdersUnitsCostliestFirstWithTiesInIndexOrder) {
  EXPECT_EQ(costliestFirst({3, 10, 3, 0, 10, 7}), (std::vector<std::size_t>{1, 4, 5, 0, 2, 3}));
  EXPECT_TRUE(costliestFirst({}).empty());
}

}  // namespace
}  // namespace topiceval
