// SPDX-License-Identifier: Apache-2.0
// topiceval::runInterruptibly, the one way Python and R run library work so
// that Ctrl-C stops it: checked with a host whose interrupt is scripted.
#include "topiceval/interruptible.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>

using namespace topiceval;

namespace {

struct HostInterrupt {};

// Interrupts at the poll numbered `interruptAtPoll` (never when 0); counts
// how often it was asked and whether the work ran with its lock released.
struct ScriptedHost {
  int interruptAtPoll = 0;
  int polls = 0;
  int unlockedCalls = 0;
  template <class F>
  auto unlocked(F f) {
    ++unlockedCalls;
    return f();
  }
  bool interruptRequested() { return interruptAtPoll != 0 && ++polls >= interruptAtPoll; }
  [[noreturn]] void raiseInterrupt() { throw HostInterrupt(); }
};

// Advances a counter made on the work's thread, as a library function does
// between its units of work, until it is cancelled (then `stopped`), or at
// most `kMostUnits` times, so that a broken cancellation fails instead of hanging.
constexpr int kMostUnits = 2'000'000;
int workUntilCancelled(std::atomic<int>& units, std::atomic<bool>& stopped) {
  Progress progress;
  progress.setTotal(kMostUnits, 0);
  try {
    for (int unit = 0; unit < kMostUnits; ++unit) {
      progress.advance(1, 0);
      ++units;
      std::this_thread::yield();
    }
  } catch (const Interrupted&) {
    stopped = true;
    throw;
  }
  return units;
}

}  // namespace

TEST(RunInterruptibly, ReturnsTheWorksValueWhenNotInterrupted) {
  ScriptedHost host;
  EXPECT_EQ(runInterruptibly([] { return 42; }, host), 42);
  EXPECT_GE(host.unlockedCalls, 1);  // the host waited with its lock released
}

TEST(RunInterruptibly, RethrowsWhatTheWorkThrows) {
  ScriptedHost host;
  EXPECT_THROW(runInterruptibly([]() -> int { throw std::runtime_error("bad file"); }, host), std::runtime_error);
}

TEST(RunInterruptibly, AnInterruptCancelsTheWorkAndRaisesTheHostsInterruptOnceItStopped) {
  ScriptedHost host;
  host.interruptAtPoll = 2;
  std::atomic<int> units{0};
  std::atomic<bool> stopped{false};
  EXPECT_THROW(runInterruptibly([&] { return workUntilCancelled(units, stopped); }, host), HostInterrupt);
  EXPECT_TRUE(stopped.load());
  EXPECT_EQ(host.polls, 2);
  EXPECT_GT(units.load(), 0);
  // The work stopped (its counter threw Interrupted) before the call returned:
  // nothing runs on after the host's interrupt.
  const int unitsAtReturn = units.load();
  std::this_thread::sleep_for(kInterruptPollPeriod);
  EXPECT_EQ(units.load(), unitsAtReturn);
}
