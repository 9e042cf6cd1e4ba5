// SPDX-License-Identifier: Apache-2.0
// `topiceval coherence`: a model's topics scored against reference texts.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/quality_output.hpp"
#include "topiceval/coherence.hpp"

namespace topiceval::commands {

int coherenceCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("coherence", arguments, out);
    if (!options) return 0;
    const CoherenceResult result = coherence(coherenceRequest(*options));
    printWarnings(err, result.warnings);
    const std::string format = *options->text("format");
    if (format == "json") {
      output::writeCoherenceJson(out, result);
    } else if (format == "tsv") {
      output::writeCoherenceTable(out, result);
    } else {
      output::writeCoherenceSummary(out, result);
    }
    checkStandardOutput(out);
    return 0;
  } catch (...) {
    return reportFailure("coherence", err);
  }
}

}  // namespace topiceval::commands
