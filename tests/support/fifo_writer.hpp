// SPDX-License-Identifier: Apache-2.0
#pragma once
// A FIFO whose first reader gets its bytes from a thread, as from `cat file > fifo`.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>

namespace topiceval::testing {

// A FIFO whose first reader gets `bytes` from a thread, as from `cat file > fifo`.
class FifoWriter {
 public:
  FifoWriter(std::string path, std::string bytes) : path_(std::move(path)), bytes_(std::move(bytes)) {
    std::filesystem::remove(path_);
    if (::mkfifo(path_.c_str(), 0600) != 0) throw std::runtime_error("mkfifo " + path_);
    ::signal(SIGPIPE, SIG_IGN);  // a reader that stops early: write fails, and the test goes on
    thread_ = std::thread([this] { run(); });
  }
  ~FifoWriter() {
    stop_ = true;
    thread_.join();
    std::filesystem::remove(path_);
  }
  int openings() const { return openings_; }

 private:
  void run() {
    while (!stop_) {
      // Without a reader the opening fails (ENXIO) rather than waits, so that the thread can stop.
      const int fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        continue;
      }
      ++openings_;
      ::fcntl(fd, F_SETFL, 0);  // blocking writes: the reader takes the bytes at its pace
      for (std::size_t written = 0; written < bytes_.size();) {
        const ssize_t put = ::write(fd, bytes_.data() + written, bytes_.size() - written);
        if (put <= 0) break;
        written += static_cast<std::size_t>(put);
      }
      ::close(fd);
      return;  // as `cat file > fifo` writes: once
    }
  }

  std::string path_;
  std::string bytes_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<int> openings_{0};
};

}  // namespace topiceval::testing
