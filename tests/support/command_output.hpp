// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs one of topiceval's command functions in-process and keeps what it printed.

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace topiceval::testing {

struct CommandOutput {
  int status;
  std::string out;
  std::string err;
};

using Command = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

inline CommandOutput runCommand(Command command, const std::vector<std::string>& arguments) {
  std::ostringstream out, err;
  const int status = command(arguments, out, err);
  return {status, out.str(), err.str()};
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

// Writes `contents` to a file named topiceval-test-NAME in the temporary directory; returns its path.
inline std::string writeTemporary(const std::string& name, const std::string& contents) {
  const auto path = std::filesystem::temp_directory_path() / ("topiceval-test-" + name);
  std::ofstream(path) << contents;
  return path.string();
}

}  // namespace topiceval::testing
