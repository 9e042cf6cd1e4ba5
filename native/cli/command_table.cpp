#include <algorithm>

#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/runtime/classic_locale.hpp"

namespace topiceval::cli {

const std::vector<CommandEntry>& allCommands() {
  static const std::vector<CommandEntry> commands = {
      {"evaluate-topics", evaluateTopicsCommand, "MALLET's evaluate-topics: same options, same output, same numbers"},
      {"evaluate", evaluateCommand,
       "held-out likelihood with error bars: resample-move (default), left-to-right, filtering, particle "
       "learning, AIS, harmonic mean"},
      {"select", selectCommand, "rank models of any number of topics on the same held-out tokens, paired errors"},
      {"compare", compareCommand, "per-document log ratio of two models by ratio-AIS"},
      {"curve", curveCommand, "held-out likelihood across the states of a training run (iteration-AIS)"},
      {"train-ctm", trainCtmCommand,
       "train a correlated (logistic-normal) topic model: Ahmed & Xing's Taylor E-step, or Blei & Lafferty's"},
      {"info", infoCommand, "what a MALLET file is and holds (topics, words, documents)"},
      {"plan-ranks", planRanksCommand, "an MPI run on paper: load imbalance, speed-up and bytes moved for N ranks"},
      {"perturb-state", perturbStateCommand, "a topic state with a fraction of its assignments moved at random"},
  };
  return commands;
}

void printOverview(std::ostream& out) {
  out << "topiceval " << kVersion
      << ": held-out likelihood for MALLET topic models\n\nusage: topiceval COMMAND [OPTIONS]\n\ncommands:\n";
  for (const CommandEntry& command : allCommands()) {
    const std::string name = command.name;
    out << "  " << name << std::string(name.size() < 18 ? 18 - name.size() : 1, ' ') << command.summary << "\n";
  }
  out << "\nRun 'topiceval COMMAND --help' for a command's options, 'topiceval --version' for the version.\n";
}

int runCommand(const std::string& name, const std::vector<std::string>& arguments, std::ostream& out,
               std::ostream& err) {
  const ClassicLocale numbers;  // "-2417.9338" whatever locale a host program (Python, a JVM) runs under
  const auto& commands = allCommands();
  const auto found =
      std::find_if(commands.begin(), commands.end(), [&](const CommandEntry& entry) { return name == entry.name; });
  if (found != commands.end()) return found->run(arguments, out, err);
  std::vector<std::string> names;
  for (const CommandEntry& entry : commands) names.emplace_back(entry.name);
  const auto suggestion = closestMatch(name, names);
  err << "topiceval: unknown command '" << name << "'"
      << (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()) << "\n";
  return kUsageProblem;
}

}  // namespace topiceval::cli
