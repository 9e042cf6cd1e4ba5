// SPDX-License-Identifier: Apache-2.0
#pragma once
// What every command of the executable shares: reporting a failure as one
// line and an exit status, the outputs it opens before any work, and the
// progress line while the library works.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "native/commands/command_line.hpp"
#include "native/output/output_file.hpp"
#include "native/commands/progress_line.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval::commands {

// The outputs (native/output/output_file.hpp), as every command opens them.
using output::checkStandardOutput;
using output::DiscardingStream;
using output::OutputFile;
using output::removeTemporaryOutputsOnSignals;
using topiceval::DescriptorBuffer;

// topiceval's version (the CMake project's), for --version and JSON outputs.
extern const char* const kVersion;

// Exit statuses: 0 success; 1 a file or evaluation problem (FileError, out of
// memory, a failed write); 2 a command-line mistake (UsageError, a rejected
// setting); 3 an internal error (a broken promise inside topiceval: a bug to
// report, never the user's mistake).
inline constexpr int kFileProblem = 1;
inline constexpr int kUsageProblem = 2;
inline constexpr int kInternalError = 3;

// Inside a catch (...) of a command: writes the exception's one-line message as
// "topiceval COMMAND: ..." (a SettingError with the command's flag for the
// setting) and returns the exit status above.
int reportFailure(const std::string& command, std::ostream& err);
// The exit status reportFailure gives the exception being handled.
int failureStatus();

// "warning: TEXT" on `err`, one line each.
void printWarnings(std::ostream& err, const std::vector<Warning>& warnings);

// `file` opened as an output before any work, unless `path` is empty.
void openOutput(std::optional<OutputFile>& file, const std::optional<std::string>& path, const std::string& option,
                const std::vector<std::string>& inputs, std::ostream& standardOutput);

// The progress line, unless --quiet or standard error is not a terminal.
bool showProgress(const OptionValues& options);

}  // namespace topiceval::commands
