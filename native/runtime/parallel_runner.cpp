// SPDX-License-Identifier: Apache-2.0
#include "native/runtime/parallel_runner.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

#include "native/runtime/classic_locale.hpp"
#include "native/runtime/progress.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval {

int availableThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

int resolveThreads(int requested) { return requested > 0 ? requested : availableThreads(); }

void runInParallel(std::size_t count, int threads, const std::function<void(std::size_t, int)>& task) {
  // The caller's Cancellation (Python's or R's Ctrl-C) is in force on every
  // worker, and stops the hand-out before each task.
  const Cancellation* cancellation = CancellationScope::current();
  threads = resolveThreads(threads);
  const int workers =
      static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr firstError;
  std::mutex errorMutex;
  auto work = [&](int worker) {
    for (;;) {
      if (failed.load(std::memory_order_relaxed)) return;
      const std::size_t index = next.fetch_add(1, std::memory_order_relaxed);
      if (index >= count) return;
      try {
        stopIfCancelled();
        task(index, worker);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(errorMutex);
        if (!firstError) firstError = std::current_exception();
        failed = true;
        return;
      }
    }
  };
  if (workers == 1) {
    work(0);
    if (firstError) std::rethrow_exception(firstError);
    return;
  }
  // Every worker is started before any unit is handed out: a thread the system
  // refuses (an address-space or process limit) then ends the run with a clean
  // error, and no unit has run.
  std::mutex gateMutex;
  std::condition_variable gate;
  bool open = false;
  bool abandoned = false;
  std::vector<std::thread> pool;
  const auto release = [&](bool abandon) {
    {
      const std::lock_guard<std::mutex> lock(gateMutex);
      open = true;
      abandoned = abandon;
    }
    gate.notify_all();
  };
  try {
    pool.reserve(static_cast<std::size_t>(workers));
    for (int w = 0; w < workers; ++w) {
      pool.emplace_back([&, w] {
        const ClassicLocale numbers;  // a new thread starts in the process's locale
        std::optional<CancellationScope> scope;
        if (cancellation != nullptr) scope.emplace(*cancellation);
        {
          std::unique_lock<std::mutex> lock(gateMutex);
          gate.wait(lock, [&] { return open; });
          if (abandoned) return;
        }
        work(w);
      });
    }
  } catch (const std::system_error& error) {
    release(true);
    for (auto& thread : pool) thread.join();
    throw SettingError("threads", "asks for " + std::to_string(threads) + " threads, but the system started only " +
                                      std::to_string(pool.size()) + " (" + error.code().message() + "): give fewer");
  } catch (...) {
    release(true);
    for (auto& thread : pool) thread.join();
    throw;
  }
  release(false);
  for (auto& thread : pool) thread.join();
  if (firstError) std::rethrow_exception(firstError);
}

namespace {

struct StackedWork {
  const std::function<void()>* work;
  std::exception_ptr error;
  const Cancellation* cancellation;  // the caller's, in force on the thread too
};

extern "C" void* runStackedWork(void* argument) {
  auto* stacked = static_cast<StackedWork*>(argument);
  const topiceval::ClassicLocale numbers;
  std::optional<CancellationScope> scope;
  if (stacked->cancellation != nullptr) scope.emplace(*stacked->cancellation);
  try {
    (*stacked->work)();
  } catch (...) {
    stacked->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void runWithStack(std::size_t stackBytes, const std::function<void()>& work) {
  StackedWork stacked{&work, nullptr, CancellationScope::current()};
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) throw std::runtime_error("cannot prepare a thread");
  int status = pthread_attr_setstacksize(&attributes, stackBytes);
  pthread_t thread;
  if (status == 0) status = pthread_create(&thread, &attributes, &runStackedWork, &stacked);
  pthread_attr_destroy(&attributes);
  if (status != 0)
    throw std::runtime_error("cannot start a thread with a " + std::to_string(stackBytes >> 20) +
                             " MiB stack: " + std::strerror(status));
  pthread_join(thread, nullptr);
  if (stacked.error) std::rethrow_exception(stacked.error);
}

std::vector<std::size_t> costliestFirst(const std::vector<uint64_t>& costs) {
  std::vector<std::size_t> order(costs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  return order;
}

}  // namespace topiceval
