// SPDX-License-Identifier: Apache-2.0
// `topiceval upgrade`: the command line over topiceval::upgrade
// (topiceval/upgrade.hpp). The output is written whole, then moved into place
// (never over the input, which it refuses as an output).
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/upgrade.hpp"

#include <cstdint>
#include <string>

namespace topiceval::commands {
namespace {

std::string counted(uint64_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

}  // namespace

int upgradeCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  UpgradeRequest request;
  std::string output;
  try {
    const auto options = commandOptions("upgrade", arguments, out);
    if (!options) return 0;
    request = upgradeRequest(*options);
    output = *options->text("output");
  } catch (...) {
    return reportFailure("upgrade", err);
  }
  try {
    OutputFile file(output, "--output", {request.input}, out);
    const UpgradeResult result = upgrade(request, file.stream(), output);
    file.commit();
    // The names echoed as every message echoes them (oneLine): a name may hold a line break.
    const std::string input = oneLine(request.input);
    if (result.changed()) {
      err << "upgraded " << input << " (" << result.kind << ") for MALLET 2.1: "
          << counted(result.identifiers, "instance id", "instance ids") << " (java.rmi.dgc.VMID) written as "
          << (result.identifiers == 1 ? "a java.util.UUID, " : "java.util.UUIDs, ")
          << counted(result.fieldTypes, "field type", "field types") << " of class descriptors changed; wrote "
          << oneLine(output) << "\n";
    } else {
      err << input << " (" << result.kind << ") is already as MALLET 2.1 reads it: copied unchanged to "
          << oneLine(output) << "\n";
    }
    return 0;
  } catch (...) {
    return reportFailure("upgrade", err);
  }
}

}  // namespace topiceval::commands
