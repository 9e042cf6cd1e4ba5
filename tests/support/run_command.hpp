// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs the topiceval executable in a shell and captures what it prints.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace topiceval::testing {

struct CommandResult {
  int status = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// `arguments` is pasted into a shell command line after the executable, and
// `before` before it (a pipe into it, `timeout`).
inline CommandResult runTopiceval(const std::string& arguments, const std::string& before = "") {
  char errTemplate[] = "/tmp/topiceval-test-stderr-XXXXXX";
  const int descriptor = ::mkstemp(errTemplate);
  if (descriptor < 0) throw std::runtime_error("cannot create a temporary file");
  ::close(descriptor);
  const std::string errFile = errTemplate;
  const std::string command = before + std::string(TOPICEVAL_BINARY) + " " + arguments + " 2>" + errFile;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  CommandResult result;
  std::array<char, 65536> buffer;
  std::size_t got;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.out.append(buffer.data(), got);
  const int status = ::pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (FILE* err = std::fopen(errFile.c_str(), "r")) {
    while ((got = std::fread(buffer.data(), 1, buffer.size(), err)) > 0) result.err.append(buffer.data(), got);
    std::fclose(err);
  }
  std::remove(errFile.c_str());
  return result;
}

}  // namespace topiceval::testing
