// SPDX-License-Identifier: Apache-2.0
#pragma once
// A stream buffer over a file descriptor: the executable's standard output
// and standard error, and the temporary file of a ReplacingFile.

#include <cstddef>
#include <streambuf>
#include <string>

namespace topiceval {

// It writes with write(2) and keeps the error of the first write that failed, so that a
// reader that goes away mid-stream is reported as "Broken pipe" (when SIGPIPE
// is ignored), not as an unknown error once errno has moved on. Standard
// error's writes whole lines, each in one write: the ranks of an MPI job share
// one standard error, and a line written in pieces interleaves with theirs.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int descriptor, bool wholeLines = false);
  int error() const { return error_; }
  int descriptor() const { return descriptor_; }

 protected:
  int overflow(int character) override;
  std::streamsize xsputn(const char* text, std::streamsize count) override;
  int sync() override;

 private:
  bool write(const char* text, std::size_t count);
  bool writeLines();
  int descriptor_;
  bool wholeLines_;
  // Whole lines keep no put area, so that every character passes overflow
  // or xsputn and a newline is seen as it comes.
  std::string line_;
  char buffer_[1 << 16];
  int error_ = 0;
};

}  // namespace topiceval
