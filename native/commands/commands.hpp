// SPDX-License-Identifier: Apache-2.0
#pragma once
// The subcommands of the topiceval executable. Each takes its arguments (without
// the command name) and the streams to write to, and returns the exit status:
// 0 success, 1 a file or evaluation problem, 2 a command-line mistake.

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace topiceval::commands {

// `topiceval evaluate-topics`: MALLET's evaluate-topics, same options, same output.
int evaluateTopicsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval infer-topics`: MALLET's infer-topics, same options, same file.
int inferTopicsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);
// The most documents infer-topics' last --format tsv or json run held at once to write them (what shows,
// counted, that they are written a batch at a time).
extern std::size_t largestDocTopicsBatch;

// `topiceval evaluate`: any of topiceval's estimators on any MALLET model file.
int evaluateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval select`: models of any number of topics ranked on the same held-out tokens.
int selectCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval compare`: per-document log ratios of two models by ratio-AIS.
int compareCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval curve`: held-out likelihood across the states of a training run, by iteration-AIS.
int curveCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval train-ctm`: a logistic-normal (correlated) topic model by variational EM.
int trainCtmCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval info`: what a MALLET file is and holds.
int infoCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval diagnostics`: MALLET's topic diagnostics and topic reports, byte for byte.
int diagnosticsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval coherence`: topic coherence as gensim computes it, and MALLET's, with errors.
int coherenceCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval browse`: the topic browser, one offline HTML page for one or several models.
int browseCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval plan-ranks`: an MPI run on paper (load imbalance, speed-up, bytes moved).
int planRanksCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval index`: a reference index of texts, for coherence --reference.
int indexCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);
// `topiceval perturb-state`: a topic state with a fraction of assignments moved at random.
int perturbStateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);
// `topiceval upgrade`: a MALLET 2.0 file rewritten as MALLET 2.1 reads it.
int upgradeCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// Every command by name, in the order the overview lists them.
using CommandFunction = int (*)(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);
struct CommandEntry {
  const char* name;
  CommandFunction run;
  const char* summary;
};
const std::vector<CommandEntry>& allCommands();

// The overview: version, usage, one line per command.
void printOverview(std::ostream& out);

// Runs command `name` (status 2 and "unknown command ... (did you mean ...?)"
// on `err` for a name no command has): what the executable and the Java
// bridge's TopicEvaluator.run both call.
int runCommand(const std::string& name, const std::vector<std::string>& arguments, std::ostream& out,
               std::ostream& err);

}  // namespace topiceval::commands
