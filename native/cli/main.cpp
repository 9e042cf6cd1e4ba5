// The topiceval executable: dispatches to the subcommands in commands.hpp.
#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/output_file.hpp"

namespace {

using Command = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

struct CommandEntry {
  const char* name;
  Command run;
  const char* summary;
};

// Every command, in the order the overview lists them.
const CommandEntry kCommands[] = {
    {"evaluate-topics", topiceval::cli::evaluateTopicsCommand,
     "MALLET's evaluate-topics: same options, same output, same numbers"},
    {"evaluate", topiceval::cli::evaluateCommand,
     "held-out likelihood with error bars: resample-move (default), left-to-right, filtering, particle learning, "
     "AIS, harmonic mean"},
    {"select", topiceval::cli::selectCommand,
     "rank models of any number of topics on the same held-out tokens, with paired errors"},
    {"compare", topiceval::cli::compareCommand, "per-document log ratio of two models by ratio-AIS"},
    {"curve", topiceval::cli::curveCommand, "held-out likelihood across the states of a training run (iteration-AIS)"},
    {"info", topiceval::cli::infoCommand, "what a MALLET file is and holds (topics, words, documents)"},
    {"perturb-state", topiceval::cli::perturbStateCommand,
     "a topic state with a fraction of its assignments moved at random"},
};

void printOverview(std::ostream& out) {
  out << "topiceval " << topiceval::cli::kVersion
      << ": held-out likelihood for MALLET topic models\n\nusage: topiceval COMMAND [OPTIONS]\n\ncommands:\n";
  for (const CommandEntry& command : kCommands) {
    const std::string name = command.name;
    out << "  " << name << std::string(name.size() < 18 ? 18 - name.size() : 1, ' ') << command.summary << "\n";
  }
  out << "\nRun 'topiceval COMMAND --help' for a command's options, 'topiceval --version' for the version.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    printOverview(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "version") == 0) {
    std::cout << "topiceval " << topiceval::cli::kVersion << "\n";
    return 0;
  }
  const std::string command = argv[1];
  const std::vector<std::string> arguments(argv + 2, argv + argc);
  const auto found = std::find_if(std::begin(kCommands), std::end(kCommands),
                                  [&](const CommandEntry& entry) { return command == entry.name; });
  if (found == std::end(kCommands)) {
    std::vector<std::string> names;
    for (const CommandEntry& entry : kCommands) names.emplace_back(entry.name);
    const auto suggestion = topiceval::cli::closestMatch(command, names);
    std::cerr << "topiceval: unknown command '" << command << "'"
              << (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()) << "\n";
    printOverview(std::cerr);
    return 2;
  }
  const int status = found->run(arguments, std::cout, std::cerr);
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
