// SPDX-License-Identifier: Apache-2.0
#pragma once
// Ctrl-C for a host language (Python, R) that calls the library from its own
// thread: the work runs on a thread of its own under a CancellationScope,
// while the host's thread waits and polls for the host's interrupt. One
// definition for every front end, so that each cancels, waits and reports
// the same way.

#include <chrono>
#include <future>
#include <system_error>
#include <utility>

#include "topiceval/progress.hpp"

namespace topiceval {

/// How long the host's thread waits between two polls for an interrupt: what
/// Ctrl-C may cost in work done after it, besides the work's own unit (a poll
/// takes microseconds, so 50 a second cost nothing).
inline constexpr std::chrono::milliseconds kInterruptPollPeriod{20};

/// Runs `work()` on a thread of its own, where a Cancellation is in force
/// (every Progress the work makes answers it), and returns what it returns or
/// rethrows what it throws. `host` is the calling language's side:
///  - `host.unlocked(f)` runs `f()` with the host's interpreter lock released
///    (Python's GIL; nothing for R) and returns its value;
///  - `host.interruptRequested()` says whether the user pressed Ctrl-C since
///    the last poll (called every kInterruptPollPeriod, lock held);
///  - `host.raiseInterrupt()` throws the host's interrupt.
/// On an interrupt the work is cancelled and, once it has stopped, whatever
/// it returned or threw first is dropped and the host's interrupt raised: the
/// work never outlives the call. With no thread to spare, `work` runs on the
/// calling thread (unlocked), and cannot be interrupted.
template <class Work, class Host>
auto runInterruptibly(Work&& work, Host& host) -> decltype(work()) {
  Cancellation cancellation;
  std::future<decltype(work())> future;
  try {
    future = std::async(std::launch::async, [&work, &cancellation] {
      const CancellationScope scope(cancellation);
      return work();
    });
  } catch (const std::system_error&) {
    return host.unlocked([&] { return work(); });
  }
  for (;;) {
    const bool done =
        host.unlocked([&] { return future.wait_for(kInterruptPollPeriod) == std::future_status::ready; });
    if (done) return future.get();
    if (host.interruptRequested()) {
      cancellation.request();
      host.unlocked([&] {
        future.wait();
        return 0;
      });
      try {
        future.get();
      } catch (...) {  // Interrupted, or whatever the work met first: the interrupt wins
      }
      host.raiseInterrupt();
    }
  }
}

}  // namespace topiceval
