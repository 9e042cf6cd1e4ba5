// SPDX-License-Identifier: Apache-2.0
#include "native/commands/command_support.hpp"

#include "native/commands/mallet_style_options.hpp"
#include "native/runtime/cluster.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/version.hpp"

namespace topiceval::commands {

const char* const kVersion = topiceval::kVersion;

namespace {

// The exception being handled as its line (after "topiceval COMMAND: ") and
// exit status: the one rule for both.
std::pair<int, std::string> describeFailure(const std::string& command) {
  try {
    throw;
  } catch (const FileError& error) {
    return {kFileProblem, error.what()};
  } catch (const SettingError& error) {
    return {kUsageProblem, commandLineFlag(command, error.setting()) + " " + error.problem()};
  } catch (const UsageError& error) {
    return {kUsageProblem, error.what()};
  } catch (const Error& error) {
    return {kFileProblem, error.what()};
  } catch (const RankFailure& error) {
    return {error.status(), error.what()};
  } catch (const std::logic_error& error) {  // a broken promise inside topiceval, not the user's mistake
    return {kInternalError, std::string("internal error: ") + error.what() + " (please report it)"};
  } catch (const std::bad_alloc&) {
    return {kFileProblem, outOfMemoryMessage(command)};
  } catch (const std::exception& error) {
    return {kFileProblem, error.what()};
  }
}

}  // namespace

int reportFailure(const std::string& command, std::ostream& err) {
  const auto [status, text] = describeFailure(command);
  err << "topiceval " << command << ": " << text << "\n";
  return status;
}

int failureStatus() { return describeFailure("").first; }

void printWarnings(std::ostream& err, const std::vector<Warning>& warnings) {
  for (const Warning& warning : warnings) err << "warning: " << oneLine(warning.text) << "\n";
}

void openOutput(std::optional<OutputFile>& file, const std::optional<std::string>& path, const std::string& option,
                const std::vector<std::string>& inputs, std::ostream& standardOutput) {
  if (path && !path->empty()) file.emplace(*path, option, inputs, standardOutput);
}

bool showProgress(const OptionValues& options) {
  return !options.boolean("quiet") && ProgressLine::standardErrorIsTerminal();
}

}  // namespace topiceval::commands
