// The topiceval executable: dispatches to the subcommands in commands.hpp.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "native/cli/commands.hpp"
#include "native/cli/output_file.hpp"

namespace {

void printOverview(std::ostream& out) {
  out << "topiceval: held-out likelihood for MALLET topic models\n\n"
         "usage: topiceval COMMAND [OPTIONS]\n\n"
         "commands:\n"
         "  evaluate-topics   MALLET's evaluate-topics: same options, same output, same numbers\n"
         "  evaluate          held-out likelihood with left-to-right, filtering, particle learning or AIS\n"
         "  compare           per-document log ratio of two models by ratio-AIS\n"
         "  curve             held-out likelihood across the states of a training run (iteration-AIS)\n"
         "  info              what a MALLET file is and holds (topics, words, documents)\n"
         "  perturb-state     a topic state with a fraction of its assignments moved at random\n"
         "\n"
         "Run 'topiceval COMMAND --help' for a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    printOverview(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  const std::string command = argv[1];
  const std::vector<std::string> arguments(argv + 2, argv + argc);
  int status = 2;
  if (command == "evaluate-topics") {
    status = topiceval::cli::evaluateTopicsCommand(arguments, std::cout, std::cerr);
  } else if (command == "evaluate") {
    status = topiceval::cli::evaluateCommand(arguments, std::cout, std::cerr);
  } else if (command == "compare") {
    status = topiceval::cli::compareCommand(arguments, std::cout, std::cerr);
  } else if (command == "info") {
    status = topiceval::cli::infoCommand(arguments, std::cout, std::cerr);
  } else if (command == "curve") {
    status = topiceval::cli::curveCommand(arguments, std::cout, std::cerr);
  } else if (command == "perturb-state") {
    status = topiceval::cli::perturbStateCommand(arguments, std::cout, std::cerr);
  } else {
    std::cerr << "topiceval: unknown command '" << command << "'\n";
    printOverview(std::cerr);
    return 2;
  }
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
