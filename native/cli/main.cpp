// The topiceval executable: dispatches to the subcommands in commands.hpp.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/output_file.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    topiceval::cli::printOverview(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "version") == 0) {
    std::cout << "topiceval " << topiceval::cli::kVersion << "\n";
    return 0;
  }
  const std::string command = argv[1];
  const std::vector<std::string> arguments(argv + 2, argv + argc);
  const int status = topiceval::cli::runCommand(command, arguments, std::cout, std::cerr);
  // Whatever a command printed must have reached standard output (a full disk
  // or a closed pipe is a failure, not a success with nothing written).
  if (status != 0) return status;  // the command has said what went wrong
  try {
    topiceval::cli::checkStandardOutput(std::cout);
  } catch (const std::exception& error) {
    std::cerr << "topiceval " << command << ": " << error.what() << "\n";
    return 1;
  }
  return 0;
}
