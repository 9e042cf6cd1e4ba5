// SPDX-License-Identifier: Apache-2.0
#include "native/output/output_file.hpp"

#include <signal.h>
#include <sys/stat.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <algorithm>

#include "formats/format_error.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::output {

namespace {

std::string lastError() { return errno != 0 ? std::strerror(errno) : "unknown error"; }

extern "C" void removeTemporariesAndDie(int signal) {
  removeTemporariesBeingWritten();
  std::signal(signal, SIG_DFL);  // then die of the signal, as the shell expects (status 128 + signal)
  std::raise(signal);
}

// The outputs open on this thread: a command opens all of its outputs on the
// thread that runs it, so these are the run's (the Python and Java bridges may
// run commands on several threads at once, each its own run).
thread_local std::vector<const OutputFile*> openOutputs;

}  // namespace

void removeTemporaryOutputsOnSignals() {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    // A signal ignored when the process started stays ignored: nohup's SIGHUP,
    // and SIGINT in a shell's background job, are the caller's decision.
    struct sigaction current {};
    if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = &removeTemporariesAndDie;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
  }
}

OutputFile::OutputFile(const std::string& path, const std::string& option, const std::vector<std::string>& inputs,
                       std::ostream& standardOutput)
    : path_(path), option_(option) {
  if (path.empty()) throw formats::FormatError(option, "needs a file name");
  requireFileName(path);
  standard_ = path == "-";
  if (!standard_) {
    identity_ = fileIdentity(path);
    // The file standard output writes (--output-prob /dev/stdout > file):
    // replacing it would lose what standard output wrote there, so the output
    // goes there too, as "-" would.
    const auto* buffer = dynamic_cast<const DescriptorBuffer*>(standardOutput.rdbuf());
    struct stat written {};
    standard_ = identity_.exists && identity_.replaced && buffer != nullptr &&
                ::fstat(buffer->descriptor(), &written) == 0 && written.st_dev == identity_.device &&
                written.st_ino == identity_.inode;
  }
  if (!standard_) {
    // Two outputs in one file: the second renamed over the first would lose it.
    // A device or FIFO is written in place and keeps both.
    for (const OutputFile* other : openOutputs) {
      if (identity_.replaced && !other->standard_ && other->identity_ == identity_)
        throw UsageError(other->option_ + " and " + option + " name the same file, " + path);
    }
  }
  open(option, inputs, standardOutput);
  openOutputs.push_back(this);
}

void OutputFile::open(const std::string& option, const std::vector<std::string>& inputs, std::ostream& standardOutput) {
  if (cluster().rank() != 0) {  // under MPI, rank 0 alone writes
    stream_ = &discarded_;
    return;
  }
  if (standard_) {
    stream_ = &standardOutput;
    return;
  }
  if (identity_.exists) {
    for (const std::string& input : inputs) {
      if (input != "-" && !input.empty() && fileIdentity(input) == identity_)
        throw formats::FormatError(
            path_, "is also an input of this run; writing " + option + " there would destroy it: choose another file");
    }
  }
  file_ = std::make_unique<ReplacingFile>(path_, option);
  stream_ = &file_->stream();
}

OutputFile::~OutputFile() {
  const auto listed = std::find(openOutputs.begin(), openOutputs.end(), this);
  if (listed != openOutputs.end()) openOutputs.erase(listed);
}

void OutputFile::commit() {
  if (committed_) return;
  if (stream_ == &discarded_) {
    committed_ = true;
    return;
  }
  if (!file_) {
    checkStandardOutput(*stream_);
    committed_ = true;
    return;
  }
  file_->commit();
  committed_ = true;
}

void checkStandardOutput(std::ostream& out) {
  errno = 0;
  out.flush();
  if (out) return;
  const auto* buffer = dynamic_cast<const DescriptorBuffer*>(out.rdbuf());
  if (buffer != nullptr && buffer->error() != 0) errno = buffer->error();
  throw formats::FormatError("standard output", "writing failed: " + lastError());
}

}  // namespace topiceval::output
