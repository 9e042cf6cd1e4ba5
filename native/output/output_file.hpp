// SPDX-License-Identifier: Apache-2.0
#pragma once
// An output of a command that never destroys what it replaces. Opening one
// (before any work) checks that it can be written, that it is none of the
// run's inputs and that no other output of the run open on this thread names
// the same file (compared as files, not as spellings: x, ./x and a link to x
// are one); it is then written as native/runtime/replacing_file.hpp says.
// "-" is standard output. Every write error, standard output's included, is
// reported. Under MPI only rank 0 writes: on the other ranks an output is
// discarded. What the command line and the bindings write files through.

#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "native/runtime/descriptor_buffer.hpp"
#include "native/runtime/replacing_file.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval::output {

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
  const std::string& path() const { return file_ ? file_->target() : path_; }
  // Flushes and closes, checking every step, then moves the file into place.
  void commit();

 private:
  void open(const std::string& option, const std::vector<std::string>& inputs, std::ostream& standardOutput);
  std::string path_;
  std::string option_;
  bool standard_ = false;  // written to standard output ("-", or the file it writes)
  FileIdentity identity_;
  std::unique_ptr<ReplacingFile> file_;
  DiscardingStream discarded_;  // an output on a rank other than 0
  std::ostream* stream_ = nullptr;
  bool committed_ = false;
};

// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary
// files being written, then let the signal end the process
// (exit status 128 + signal); one the process started with ignored (nohup,
// a background job) stays ignored. For the executable only: a host program
// (Python, a JVM) owns its signals.
void removeTemporaryOutputsOnSignals();

// Flushes `out` (standard output) and throws a FormatError naming it if any
// write failed, e.g. on a full disk or a closed pipe.
void checkStandardOutput(std::ostream& out);

}  // namespace topiceval::output
