#pragma once
// An output that never destroys what it replaces. Opening one (before any
// work) checks that it can be written and that it is none of the run's inputs;
// the bytes go to a temporary file beside the target, which commit() renames
// over it once everything was written and closed without error. A run that
// fails leaves the target as it was and no temporary file behind (a run killed
// by a signal can leave one, named TARGET.tmp-PID-N). A symbolic link is
// written through to its target.
// "-" is standard output; devices and FIFOs (/dev/null, /dev/full) are written
// in place. Every write error, standard output's included, is reported.
// Under MPI only rank 0 writes: on the other ranks an output is discarded.

#include <fstream>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace topiceval::cli {

// A stream that accepts and drops everything: what ranks other than 0 write
// under MPI.
class DiscardingStream : public std::ostream {
 public:
  DiscardingStream() : std::ostream(&buffer_) {}

 private:
  struct Buffer : std::streambuf {
    int overflow(int character) override { return traits_type::not_eof(character); }
    std::streamsize xsputn(const char*, std::streamsize count) override { return count; }
  } buffer_;
};

class OutputFile {
 public:
  // `option` names the flag in messages ("--output-doc-probs"); `inputs` are the
  // paths this run reads ("-" and missing files are ignored).
  OutputFile(const std::string& path, const std::string& option, const std::vector<std::string>& inputs,
             std::ostream& standardOutput);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream() { return *stream_; }
  const std::string& path() const { return path_; }
  // Flushes and closes, checking every step, then moves the file into place.
  void commit();

 private:
  std::string path_;
  std::string temporary_;  // empty when writing in place
  std::ofstream file_;
  DiscardingStream discarded_;  // an output on a rank other than 0
  std::ostream* stream_ = nullptr;
  bool committed_ = false;
};

// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary
// files of the outputs being written, then let the signal end the process
// (exit status 128 + signal). For the executable only: a host program (Python,
// a JVM) owns its signals.
void removeTemporaryOutputsOnSignals();

// The executable's buffer for standard output or standard error: it writes
// with write(2) and keeps the error of the first write that failed, so that a
// reader that goes away mid-stream is reported as "Broken pipe" (when SIGPIPE
// is ignored), not as an unknown error once errno has moved on. Standard
// error's writes whole lines, each in one write: the ranks of an MPI job share
// one standard error, and a line written in pieces interleaves with theirs.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int descriptor, bool wholeLines = false);
  int error() const { return error_; }

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

// Flushes `out` (standard output) and throws a FormatError naming it if any
// write failed, e.g. on a full disk or a closed pipe.
void checkStandardOutput(std::ostream& out);

}  // namespace topiceval::cli
