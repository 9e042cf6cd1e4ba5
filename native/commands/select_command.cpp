// SPDX-License-Identifier: Apache-2.0
// `topiceval select`: ranks models (any number of topics, any file kind) by
// the probability they give the same held-out tokens, with paired errors.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/select_output.hpp"
#include "topiceval/select.hpp"

namespace topiceval::commands {

int selectCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("select", arguments, out);
    if (!options) return 0;
    SelectRequest request = selectRequest(*options);
    std::vector<std::string> inputs = options->list("model");
    inputs.push_back(request.documents.path);
    inputs.push_back(request.coherenceTexts.path);
    inputs.push_back(request.coherenceReference);
    std::optional<OutputFile> report;
    openOutput(report, options->text("report"), "--report", inputs, out);
    Progress progress;
    request.progress = &progress;
    SelectResult result;
    {
      const ProgressLine line(progress, err, showProgress(*options));
      result = select(request);
    }
    const std::string format = *options->text("format");
    if (format == "json") {
      output::writeSelectJson(out, result);
    } else if (format == "tsv") {
      output::writeSelectTsv(out, result);
    } else {
      output::writeSelectText(out, result);
    }
    printWarnings(err, result.warnings);
    if (report) {
      output::writeSelectReport(report->stream(), result);
      report->commit();
    }
    return 0;
  } catch (...) {
    return reportFailure("select", err);
  }
}

}  // namespace topiceval::commands
