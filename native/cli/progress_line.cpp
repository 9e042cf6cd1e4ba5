#include "native/cli/progress_line.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace topiceval::cli {

bool ProgressLine::standardErrorIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

ProgressLine::ProgressLine(const Progress& progress, std::ostream& err, bool enabled)
    : progress_(progress), err_(err), started_(std::chrono::steady_clock::now()) {
  if (enabled) thread_ = std::thread([this] { run(); });
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
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (seconds >= 2.0) draw(seconds);
  }
}

void ProgressLine::draw(double seconds) {
  const uint64_t done = progress_.doneUnits();
  const uint64_t total = progress_.totalUnits();
  const double rate = static_cast<double>(progress_.doneTokens()) / seconds;
  char eta[32] = "?";
  if (done > 0 && total >= done) {
    const double left = seconds * static_cast<double>(total - done) / static_cast<double>(done);
    if (left < 120) {
      std::snprintf(eta, sizeof eta, "%.0f s", left);
    } else {
      std::snprintf(eta, sizeof eta, "%.0f min", left / 60);
    }
  }
  char line[96];
  std::snprintf(line, sizeof line, "\r[topiceval] %llu/%llu documents  %.3g tokens/s  ETA %s   ",
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), rate, eta);
  err_ << line << std::flush;
  drawn_ = true;
}

}  // namespace topiceval::cli
