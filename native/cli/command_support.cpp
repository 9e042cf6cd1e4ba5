#include "native/cli/command_support.hpp"

#include "native/cli/mallet_style_options.hpp"
#include "native/runtime/cluster.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/version.hpp"

namespace topiceval::cli {

const char* const kVersion = topiceval::kVersion;

int reportFailure(const std::string& command, std::ostream& err) {
  const std::string prefix = "topiceval " + command + ": ";
  try {
    throw;
  } catch (const FileError& error) {
    err << prefix << error.what() << "\n";
    return kFileProblem;
  } catch (const SettingError& error) {
    err << prefix << commandLineFlag(command, error.setting()) << " " << error.problem() << "\n";
    return kUsageProblem;
  } catch (const UsageError& error) {
    err << prefix << error.what() << "\n";
    return kUsageProblem;
  } catch (const Error& error) {
    err << prefix << error.what() << "\n";
    return kFileProblem;
  } catch (const RankFailure& error) {
    err << prefix << error.what() << "\n";
    return error.status();
  } catch (const std::logic_error& error) {  // a broken promise inside topiceval, not the user's mistake
    err << prefix << "internal error: " << error.what() << " (please report it)\n";
    return kInternalError;
  } catch (const std::bad_alloc&) {
    err << prefix << "out of memory while evaluating (lower --particles, --runs, --temperatures or --threads)\n";
    return kFileProblem;
  } catch (const std::exception& error) {
    err << prefix << error.what() << "\n";
    return kFileProblem;
  }
}

void printWarnings(std::ostream& err, const std::vector<Warning>& warnings) {
  for (const Warning& warning : warnings) err << "warning: " << warning.text << "\n";
}

void openOutput(std::optional<OutputFile>& file, const std::optional<std::string>& path, const std::string& option,
                const std::vector<std::string>& inputs, std::ostream& standardOutput) {
  if (path && !path->empty()) file.emplace(*path, option, inputs, standardOutput);
}

bool showProgress(const OptionValues& options) {
  return !options.boolean("quiet") && ProgressLine::standardErrorIsTerminal();
}

}  // namespace topiceval::cli
