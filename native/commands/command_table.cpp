// SPDX-License-Identifier: Apache-2.0
#include <algorithm>
#include <map>
#include <stdexcept>

#include "formats/file_bytes.hpp"
#include "native/commands/command_support.hpp"
#include "topiceval/options.hpp"
#include "native/commands/commands.hpp"
#include "native/runtime/classic_locale.hpp"

namespace topiceval::commands {

const std::vector<CommandEntry>& allCommands() {
  // The commands' names and summaries are their declarations' (topiceval/options.hpp).
  static const std::vector<CommandEntry> commands = [] {
    const std::map<std::string, CommandFunction> functions = {{"evaluate-topics", evaluateTopicsCommand},
                                                              {"infer-topics", inferTopicsCommand},
                                                              {"evaluate", evaluateCommand},
                                                              {"select", selectCommand},
                                                              {"compare", compareCommand},
                                                              {"curve", curveCommand},
                                                              {"train-ctm", trainCtmCommand},
                                                              {"info", infoCommand},
                                                              {"diagnostics", diagnosticsCommand},
                                                              {"coherence", coherenceCommand},
                                                              {"browse", browseCommand},
                                                              {"index", indexCommand},
                                                              {"plan-ranks", planRanksCommand},
                                                              {"perturb-state", perturbStateCommand},
                                                              {"upgrade", upgradeCommand}};
    std::vector<CommandEntry> entries;
    for (const CommandSpec& spec : commandSpecs()) {
      const auto function = functions.find(spec.name);
      if (function == functions.end()) throw std::logic_error("command " + spec.name + " is declared but not built");
      entries.push_back({spec.name.c_str(), function->second, spec.summary.c_str()});
    }
    return entries;
  }();
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
  // A command may read an input more than once (evaluate --report's second
  // estimator, select's models, plan-ranks): each reading must see the same
  // bytes, and a stream must be read from once.
  const formats::ReadSession reads;
  const auto& commands = allCommands();
  const auto found =
      std::find_if(commands.begin(), commands.end(), [&](const CommandEntry& entry) { return name == entry.name; });
  if (found != commands.end()) return found->run(arguments, out, err);
  std::vector<std::string> names;
  for (const CommandEntry& entry : commands) names.emplace_back(entry.name);
  const auto suggestion = closestMatch(name, names);
  err << "topiceval: unknown command '" << oneLine(name) << "'"
      << (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()) << "\n";
  return kUsageProblem;
}

}  // namespace topiceval::commands
