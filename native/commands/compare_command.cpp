// SPDX-License-Identifier: Apache-2.0
// `topiceval compare`: the per-document log ratio p(w | A) / p(w | B) by
// ratio-AIS (Foulds and Smyth 2014), on either path, in either or both directions.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/compare_output.hpp"
#include "topiceval/compare.hpp"

namespace topiceval::commands {

int compareCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("compare", arguments, out);
    if (!options) return 0;
    CompareRequest request = compareRequest(*options);
    std::optional<OutputFile> report;
    openOutput(report, options->text("report"), "--report",
               {request.modelA.path, request.modelB.path, request.documents.path}, out);
    Progress progress;
    request.progress = &progress;
    CompareResult result;
    {
      const ProgressLine line(progress, err, showProgress(*options));
      result = compare(request);
    }
    for (const Warning& warning : result.warnings) err << "note: " << warning.text << "\n";
    const std::string format = *options->text("format");
    if (format == "json") {
      output::writeCompareJson(out, result);
    } else {
      if (format == "tsv") output::writeCompareTsv(out, result);
      output::writeCompareSummary(format == "text" ? out : err, result);
    }
    if (report) {
      output::writeCompareReport(report->stream(), result);
      report->commit();
    }
    return 0;
  } catch (...) {
    return reportFailure("compare", err);
  }
}

}  // namespace topiceval::commands
