// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs numbered tasks on a fixed number of threads. Each worker keeps its own
// index so that callers can give it private scratch memory.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace topiceval {

// The machine's hardware threads (at least 1); what `threads = 0` means.
int availableThreads();
// The threads a run uses when `requested` were asked for: 0 (or less) means every core.
int resolveThreads(int requested);

// Calls task(index, worker) for every index in [0, count), on min(threads, count)
// threads (worker in [0, threads)). Tasks are handed out in increasing order.
// The first exception thrown by a task stops the hand-out and is rethrown here.
// A thread the system cannot start is a SettingError("threads", ...) before
// any task runs.
void runInParallel(std::size_t count, int threads, const std::function<void(std::size_t index, int worker)>& task);

// Runs `work` on a new thread whose stack holds `stackBytes`, waits for it, and
// rethrows what it threw: for recursive work whose depth a file decides, so
// that the caller's own stack (a Java or Python thread's may be small) cannot
// be exhausted by it.
void runWithStack(std::size_t stackBytes, const std::function<void()>& work);

// The indices of `costs` from the costliest to the cheapest (ties in index
// order): handing out long units first keeps a long one from being left for
// last while the other threads idle.
std::vector<std::size_t> costliestFirst(const std::vector<uint64_t>& costs);

}  // namespace topiceval
