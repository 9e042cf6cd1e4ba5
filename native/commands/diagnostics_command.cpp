// SPDX-License-Identifier: Apache-2.0
// `topiceval diagnostics`: MALLET's topic diagnostics and topic reports from a
// state or a saved model, without a JVM or the training instance list.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/quality_output.hpp"
#include "topiceval/diagnostics.hpp"

namespace topiceval::commands {

int diagnosticsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("diagnostics", arguments, out);
    if (!options) return 0;
    const DiagnosticsRequest request = diagnosticsRequest(*options);
    const std::vector<std::string> inputs = {request.model.path, request.trainingData};
    OutputFile report(*options->text("output"), "--output", inputs, out);
    std::optional<OutputFile> keys, weights, counts;
    openOutput(keys, options->text("output-topic-keys"), "--output-topic-keys", inputs, out);
    openOutput(weights, options->text("topic-word-weights-file"), "--topic-word-weights-file", inputs, out);
    openOutput(counts, options->text("word-topic-counts-file"), "--word-topic-counts-file", inputs, out);
    const DiagnosticsResult result = diagnostics(request);
    printWarnings(err, result.warnings);
    const std::string format = *options->text("format");
    if (format == "xml") {
      writeDiagnosticsXml(report.stream(), result);
    } else if (format == "tsv") {
      output::writeDiagnosticsTable(report.stream(), result);
    } else {
      output::writeDiagnosticsJson(report.stream(), result);
    }
    if (keys) writeTopicKeys(keys->stream(), result);
    if (weights) writeTopicWordWeights(weights->stream(), result);
    if (counts) writeWordTopicCounts(counts->stream(), result);
    for (auto* file : {&keys, &weights, &counts}) {
      if (*file) (*file)->commit();
    }
    report.commit();
    checkStandardOutput(out);
    return 0;
  } catch (...) {
    return reportFailure("diagnostics", err);
  }
}

}  // namespace topiceval::commands
