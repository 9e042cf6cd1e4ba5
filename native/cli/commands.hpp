#pragma once
// The subcommands of the topiceval executable. Each takes its arguments (without
// the command name) and the streams to write to, and returns the exit status:
// 0 success, 1 a file or evaluation problem, 2 a command-line mistake.

#include <ostream>
#include <string>
#include <vector>

namespace topiceval::cli {

// `topiceval evaluate-topics`: MALLET's evaluate-topics, same options, same output.
int evaluateTopicsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

// `topiceval evaluate`: any of topiceval's estimators on any MALLET model file.
int evaluateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err);

}  // namespace topiceval::cli
