// SPDX-License-Identifier: Apache-2.0
#pragma once
// Progress of a long call, for a display on another thread, and a way to stop
// it from outside. Advancing is lock-free.

#include <atomic>
#include <cstdint>

#include "topiceval/errors.hpp"

#include "topiceval/export.hpp"

namespace topiceval {

/// A request to stop: what a host program (Python's Ctrl-C) sets to end work
/// it did not start itself, such as a whole command with its own counters.
class Cancellation {
 public:
  /// Asks for the stop; safe from any thread (and a signal handler).
  void request() { requested_.store(true, std::memory_order_relaxed); }
  /// Whether request() was called.
  bool requested() const { return requested_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> requested_{false};
};

/// While a CancellationScope lives on a thread, every Progress made on that
/// thread also stops when its Cancellation is requested: a command's counters
/// answer the caller's Ctrl-C without the command knowing of it.
class TOPICEVAL_API CancellationScope {
 public:
  /// Puts `cancellation` in force on this thread until the scope ends (the previous one after).
  explicit CancellationScope(const Cancellation& cancellation) : previous_(current()) { current() = &cancellation; }
  ~CancellationScope() { current() = previous_; }
  CancellationScope(const CancellationScope&) = delete;
  CancellationScope& operator=(const CancellationScope&) = delete;
  /// The innermost scope's cancellation on this thread, or nullptr (one slot
  /// per thread, in the library, whichever binary made the scope).
  static const Cancellation*& current();

 private:
  const Cancellation* previous_;
};

/// A counter of work done, for a progress bar and for cancelling: give one to a request
/// (its `progress` field), read it from another thread while the work runs, cancel() to stop it.
class Progress {
 public:
  /// Starts a new count: `units` of work over `tokens` token visits, where one
  /// document takes `unitsPerDocument` units (runs, or directions x samples).
  void setTotal(uint64_t units, uint64_t tokens, uint64_t unitsPerDocument = 1) {
    doneUnits_.store(0, std::memory_order_relaxed);
    doneTokens_.store(0, std::memory_order_relaxed);
    unitsPerDocument_.store(unitsPerDocument == 0 ? 1 : unitsPerDocument, std::memory_order_relaxed);
    totalUnits_.store(units, std::memory_order_relaxed);
    totalTokens_.store(tokens, std::memory_order_relaxed);
  }
  /// From the workers, as units finish; throws Interrupted after cancel(), which
  /// the drivers pass to their caller (the units in flight finish first).
  void advance(uint64_t units, uint64_t tokens) {
    if (cancelled_.load(std::memory_order_relaxed) || (outer_ != nullptr && outer_->requested())) throw Interrupted();
    doneUnits_.fetch_add(units, std::memory_order_relaxed);
    doneTokens_.fetch_add(tokens, std::memory_order_relaxed);
  }
  /// Asks the work that advances this counter to stop.
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  /// Whether cancel() was called or the scope's Cancellation requested.
  bool cancelled() const {
    return cancelled_.load(std::memory_order_relaxed) || (outer_ != nullptr && outer_->requested());
  }
  /// Units of work in all (runs, or directions x samples, per document), since setTotal().
  uint64_t totalUnits() const { return totalUnits_.load(std::memory_order_relaxed); }
  /// Token visits in all.
  uint64_t totalTokens() const { return totalTokens_.load(std::memory_order_relaxed); }
  /// Units finished so far.
  uint64_t doneUnits() const { return doneUnits_.load(std::memory_order_relaxed); }
  /// Token visits finished so far.
  uint64_t doneTokens() const { return doneTokens_.load(std::memory_order_relaxed); }
  /// Documents done (all their units) and in all.
  uint64_t doneDocuments() const { return doneUnits() / unitsPerDocument_.load(std::memory_order_relaxed); }
  /// Documents in all.
  uint64_t totalDocuments() const { return totalUnits() / unitsPerDocument_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> totalUnits_{0}, totalTokens_{0}, doneUnits_{0}, doneTokens_{0}, unitsPerDocument_{1};
  std::atomic<bool> cancelled_{false};
  const Cancellation* outer_ = CancellationScope::current();  ///< the scope this counter was made in
};

}  // namespace topiceval
