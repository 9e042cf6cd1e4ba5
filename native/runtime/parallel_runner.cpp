#include "native/runtime/parallel_runner.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace topiceval {

int availableThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

int resolveThreads(int requested) { return requested > 0 ? requested : availableThreads(); }

void runInParallel(std::size_t count, int threads, const std::function<void(std::size_t, int)>& task) {
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
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(workers));
    for (int w = 0; w < workers; ++w) pool.emplace_back(work, w);
    for (auto& thread : pool) thread.join();
  }
  if (firstError) std::rethrow_exception(firstError);
}

std::vector<std::size_t> costliestFirst(const std::vector<uint64_t>& costs) {
  std::vector<std::size_t> order(costs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  return order;
}

}  // namespace topiceval
