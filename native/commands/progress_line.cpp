// SPDX-License-Identifier: Apache-2.0
#include <algorithm>
#include "native/commands/progress_line.hpp"

#include <system_error>

#include <unistd.h>

#include <cstdio>
#include <string>

namespace topiceval::commands {

bool ProgressLine::standardErrorIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

ProgressLine::ProgressLine(const Progress& progress, std::ostream& err, bool enabled)
    : progress_(progress), err_(err), started_(std::chrono::steady_clock::now()) {
  if (!enabled) return;
  try {
    thread_ = std::thread([this] { run(); });
  } catch (const std::system_error&) {  // no thread to spare: the run goes on without a progress line
  }
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (drawn_) err_ << "\r" << std::string(79, ' ') << "\r" << std::flush;
}

void ProgressLine::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(250));
    if (stopping_) break;
    if (progress_.doneTokens() < lastDone_) {  // Progress::setTotal began a new count (the convergence check)
      started_ = std::chrono::steady_clock::now();
      left_ = -1;
      lastDraw_ = 0;
    }
    lastDone_ = progress_.doneTokens();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (seconds >= 2.0 || drawn_) draw(std::max(seconds, 1e-3));
  }
}

void ProgressLine::draw(double seconds) {
  // Time left from the token visits done (documents run longest first, so a
  // count of documents would promise too much at the start), shown once 5% is
  // done, and smoothed: each new reading moves the shown value a third of the way.
  const double done = static_cast<double>(progress_.doneTokens());
  const double total = static_cast<double>(progress_.totalTokens());
  const double rate = done / seconds;
  char eta[32] = "?";
  if (done > 0 && total >= done && done >= 0.05 * total) {
    const double reading = seconds * (total - done) / done;
    const double sinceLast = seconds - lastDraw_;
    left_ = left_ < 0 ? reading : std::max(0.0, left_ - sinceLast) + (reading - std::max(0.0, left_ - sinceLast)) / 3;
    if (left_ < 120) {
      std::snprintf(eta, sizeof eta, "%.0f s", left_);
    } else {
      std::snprintf(eta, sizeof eta, "%.0f min", left_ / 60);
    }
  }
  lastDraw_ = seconds;
  char line[96];
  if (progress_.totalDocuments() == 0) {  // read in one pass: how many there are is not known ahead
    std::snprintf(line, sizeof line, "\r[topiceval] %llu documents  %.3g tokens/s   ",
                  static_cast<unsigned long long>(progress_.doneDocuments()), rate);
  } else {
    std::snprintf(line, sizeof line, "\r[topiceval] %llu/%llu documents  %.3g tokens/s  ETA %s   ",
                  static_cast<unsigned long long>(progress_.doneDocuments()),
                  static_cast<unsigned long long>(progress_.totalDocuments()), rate, eta);
  }
  err_ << line << std::flush;
  drawn_ = true;
}

}  // namespace topiceval::commands
