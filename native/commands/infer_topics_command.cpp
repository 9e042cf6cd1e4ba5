// SPDX-License-Identifier: Apache-2.0
// `topiceval infer-topics`: a drop-in replacement for `mallet infer-topics`
// (cc.mallet.topics.tui.InferTopics): the same options and defaults, the same
// file and the same digits for the same seed (or the inferencer's own stream).
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/inference_output.hpp"
#include "topiceval/infer_topics.hpp"

#include <optional>

namespace topiceval::commands {

std::size_t largestDocTopicsBatch = 0;

int inferTopicsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("infer-topics", arguments, out);
    if (!options) return 0;
    if (!options->given("inferencer") && !options->given("model")) {  // MALLET's words, and topiceval's option
      err << "You must specify a serialized topic inferencer (or, topiceval only, --model MODEL). Use --help to list "
             "options.\n";
      return kUsageProblem;
    }
    if (!options->given("input")) {
      err << "You must specify a serialized instance list. Use --help to list options.\n";
      return kUsageProblem;
    }
    InferTopicsRequest request = inferTopicsRequest(*options);
    const std::string format = *options->text("format");
    const double threshold = options->real("doc-topics-threshold");
    const int maximum = static_cast<int>(options->integer("doc-topics-max"));
    if (format != "mallet" && (options->given("doc-topics-threshold") || options->given("doc-topics-max")))
      throw UsageError("--doc-topics-threshold and --doc-topics-max shape MALLET's file; --format " + format +
                       " always holds every topic");
    checkMalletDocTopicsLayout(threshold, maximum);
    // --output-state is MALLET 2.1.1's option that writes nothing; it is not opened.
    OutputFile docTopics(*options->text("output-doc-topics"), "--output-doc-topics",
                         {request.model.path, request.documents.path}, out);
    Progress progress;
    request.progress = &progress;
    // Every layout is written a batch at a time where the list is read in
    // batches, so that memory does not grow with the list.
    bool written = false;
    std::optional<output::DocTopicsWriter> layout;
    if (format != "mallet")
      layout.emplace(docTopics.stream(),
                     format == "tsv" ? output::DocTopicsWriter::Layout::Table : output::DocTopicsWriter::Layout::Json,
                     request);
    request.consumeBatch = [&](const InferTopicsResult& batch, std::size_t first) {
      if (layout) {
        layout->add(batch, first);
      } else {
        writeMalletDocTopics(docTopics.stream(), batch, threshold, maximum, first);  // the header with the first
      }
      written = true;
    };
    InferTopicsResult result;
    {
      const ProgressLine line(progress, err, showProgress(*options));
      result = inferTopics(request);
    }
    if (layout) {
      if (!written) layout->add(result, 0);
      layout->finish(result);
      largestDocTopicsBatch = layout->largestBatch();
    } else if (!written) {
      writeMalletDocTopics(docTopics.stream(), result, threshold, maximum);
    }
    docTopics.commit();
    if (options->boolean("timing")) {
      err << "topiceval timing: documents " << result.documents << " tokens " << result.tokens << " site-updates "
          << result.siteUpdates << " threads " << result.threads << " mode " << (request.exact ? "exact" : "fast")
          << " read-seconds " << result.readSeconds << " infer-seconds " << result.inferSeconds
          << " ns-per-site-update "
          << (result.siteUpdates == 0 ? 0.0 : result.inferSeconds * 1e9 / static_cast<double>(result.siteUpdates))
          << "\n";
    }
    checkStandardOutput(out);
    return 0;
  } catch (...) {
    return reportFailure("infer-topics", err);
  }
}

}  // namespace topiceval::commands
