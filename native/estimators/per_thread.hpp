// SPDX-License-Identifier: Apache-2.0
#pragma once
// One working state per thread for an estimator: made by prepare() before a
// run, found by the thread's index while it runs (threads never share one).
// Worker may be incomplete where PerThread is declared, as long as the
// estimator's destructor is defined where Worker is complete.

#include <memory>
#include <vector>

namespace topiceval {

template <class Worker>
class PerThread {
 public:
  // `workers` states, each made from `arguments`; the old ones are dropped.
  template <class... Arguments>
  void prepare(int workers, const Arguments&... arguments) {
    states_.clear();
    for (int w = 0; w < workers; ++w) states_.push_back(std::make_unique<Worker>(arguments...));
  }
  Worker& operator[](int worker) const { return *states_.at(static_cast<std::size_t>(worker)); }

 private:
  std::vector<std::unique_ptr<Worker>> states_;
};

}  // namespace topiceval
