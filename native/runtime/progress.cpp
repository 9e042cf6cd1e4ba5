// SPDX-License-Identifier: Apache-2.0
#include "topiceval/progress.hpp"

namespace topiceval {

const Cancellation*& CancellationScope::current() {
  thread_local const Cancellation* active = nullptr;
  return active;
}

}  // namespace topiceval
