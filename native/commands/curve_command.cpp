// SPDX-License-Identifier: Apache-2.0
// `topiceval curve`: held-out likelihood across a series of models from one
// training run (MALLET's --output-state-interval), by iteration-AIS.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/compare_output.hpp"
#include "topiceval/compare.hpp"

namespace topiceval::commands {

int curveCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("curve", arguments, out);
    if (!options) return 0;
    CurveRequest request = curveRequest(*options);
    std::vector<std::string> inputs = options->list("states");
    inputs.push_back(request.documents.path);
    std::optional<OutputFile> report;
    openOutput(report, options->text("report"), "--report", inputs, out);
    Progress progress;
    request.progress = &progress;
    CurveResult result;
    {
      const ProgressLine line(progress, err, showProgress(*options));
      result = curve(request);
    }
    for (const Warning& warning : result.warnings) err << "note: " << warning.text << "\n";
    const std::string format = *options->text("format");
    if (format == "json") {
      output::writeCurveJson(out, result);
    } else if (format == "tsv") {
      output::writeCurveTsv(out, result);
      output::writeCurveFooter(err, result);
    } else {
      output::writeCurveText(out, result);
      output::writeCurveFooter(out, result);
    }
    if (report) {
      output::writeCurveReport(report->stream(), result);
      report->commit();
    }
    return 0;
  } catch (...) {
    return reportFailure("curve", err);
  }
}

}  // namespace topiceval::commands
