// SPDX-License-Identifier: Apache-2.0
// `topiceval info FILE`: what a file is and holds, without Java.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/info_output.hpp"
#include "topiceval/info.hpp"

namespace topiceval::commands {

int infoCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("info", arguments, out);
    if (!options) return 0;
    const FileDescription description =
        describeFile(*options->text("file"), static_cast<std::size_t>(options->integer("words")));
    if (*options->text("format") == "json") {
      output::writeFileDescriptionJson(out, description);
    } else {
      output::writeFileDescription(out, description);
    }
    return 0;
  } catch (...) {
    return reportFailure("info", err);
  }
}

}  // namespace topiceval::commands
