#pragma once
// Work counters the parallel drivers advance as units finish, for a progress
// display to read from another thread. Advancing is lock-free.

#include <atomic>
#include <cstdint>

namespace topiceval {

class Progress {
 public:
  void setTotal(uint64_t units, uint64_t tokens) {
    totalUnits_.store(units, std::memory_order_relaxed);
    totalTokens_.store(tokens, std::memory_order_relaxed);
  }
  void advance(uint64_t units, uint64_t tokens) {
    doneUnits_.fetch_add(units, std::memory_order_relaxed);
    doneTokens_.fetch_add(tokens, std::memory_order_relaxed);
  }
  uint64_t totalUnits() const { return totalUnits_.load(std::memory_order_relaxed); }
  uint64_t totalTokens() const { return totalTokens_.load(std::memory_order_relaxed); }
  uint64_t doneUnits() const { return doneUnits_.load(std::memory_order_relaxed); }
  uint64_t doneTokens() const { return doneTokens_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> totalUnits_{0}, totalTokens_{0}, doneUnits_{0}, doneTokens_{0};
};

}  // namespace topiceval
