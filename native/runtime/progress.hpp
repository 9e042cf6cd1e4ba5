// SPDX-License-Identifier: Apache-2.0
#pragma once
// Progress counters and cancellation are part of the public API.
#include "topiceval/progress.hpp"

namespace topiceval {

// Where a long loop with no Progress of its own (a reader, a merge, a pass
// over a model) answers the Cancellation in force on its thread (Python's or
// R's Ctrl-C, topiceval/interruptible.hpp): Interrupted once it is requested.
// A thread-local read and a relaxed load: cheap enough for every block of work.
inline void stopIfCancelled() {
  const Cancellation* cancellation = CancellationScope::current();
  if (cancellation != nullptr && cancellation->requested()) throw Interrupted();
}

}  // namespace topiceval
