// SPDX-License-Identifier: Apache-2.0
#pragma once
// A progress line on standard error for long runs: documents done of all,
// tokens per second and the time left, redrawn in place. It appears only when
// standard error is a terminal, only after two seconds, and is erased when the
// work ends, so logs and pipes never see it.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <thread>

#include "native/runtime/progress.hpp"

namespace topiceval::commands {

class ProgressLine {
 public:
  // `enabled` false (--quiet, or stderr not a terminal) makes it do nothing.
  ProgressLine(const Progress& progress, std::ostream& err, bool enabled);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Whether standard error is a terminal (the default for `enabled`).
  static bool standardErrorIsTerminal();

 private:
  void run();
  void draw(double seconds);

  const Progress& progress_;
  std::ostream& err_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool drawn_ = false;
  double left_ = -1;       // seconds left as last shown (-1: none yet)
  double lastDraw_ = 0;    // seconds since started_ at the last draw
  uint64_t lastDone_ = 0;  // token visits done at the last draw (fewer now: a new count began)
  std::chrono::steady_clock::time_point started_;
  std::thread thread_;
};

}  // namespace topiceval::commands
