// SPDX-License-Identifier: Apache-2.0
// `topiceval evaluate`: held-out likelihood with any of topiceval's estimators,
// on any model file, with an explicit unseen-word policy.
#include <optional>

#include "formats/file_bytes.hpp"
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/evaluation_output.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval::commands {

int evaluateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  const formats::ReadSession reads;  // the report's second estimator reads the files the first read
  try {
    const auto options = commandOptions("evaluate", arguments, out);
    if (!options) return 0;
    EvaluateRequest request = evaluateRequest(*options);
    const std::string format = *options->text("format");
    const auto versus = options->text("report-versus");
    std::optional<OutputFile> report;
    openOutput(report, options->text("report"), "--report", {request.model.path, request.documents.path}, out);
    Progress progress;
    request.progress = &progress;
    // The table's rows are written as documents finish, and the summary needs
    // none kept: plain text is then read in batches (see EvaluateRequest's
    // documentWriter and keepDocuments). The report and JSON need them all.
    std::optional<output::DocumentTableWriter> table;
    if (!report && format == "tsv") request.documentWriter = &table.emplace(out);
    if (!report && format == "text") request.keepDocuments = false;
    EvaluateResult result;
    {
      const ProgressLine line(progress, err, showProgress(*options));
      result = evaluate(request);
    }
    if (format == "tsv") {
      if (!table) output::writeDocumentTableHeader(out);  // (the writer heads its table)
      output::writeSummary(err, result);
    } else if (format == "json") {
      output::writeJson(out, "evaluate", result);
    } else {
      output::writeSummary(out, result);
    }
    if (report) {
      // The report's scatter: a second estimator, once per document.
      EvaluateRequest second = request;
      second.estimator = versus ? *versus : result.estimator.name == "filtering" ? "left-to-right" : "filtering";
      second.settings = {};
      second.runs = 1;
      second.checkConvergence = false;
      second.progress = nullptr;
      output::writeEvaluationReport(report->stream(), result, evaluate(second));
      report->commit();
    }
    // (With --format tsv the summary, which says it too, is on standard error already.)
    for (const Warning& warning : result.warnings) {
      if (format != "tsv" || warning.kind != "not-converged") err << "warning: " << oneLine(warning.text) << "\n";
    }
    return 0;
  } catch (...) {
    return reportFailure("evaluate", err);
  }
}

}  // namespace topiceval::commands
