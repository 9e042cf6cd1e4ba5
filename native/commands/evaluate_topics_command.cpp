// SPDX-License-Identifier: Apache-2.0
// `topiceval evaluate-topics`: a drop-in replacement for `mallet evaluate-topics`
// (cc.mallet.topics.tui.EvaluateTopics): the same options and defaults, the same
// output files and layout, and the same numbers for the same --random-seed.
#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/java/java_math.hpp"
#include "topiceval/evaluate_topics.hpp"

namespace topiceval::commands {

int evaluateTopicsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  try {
    const auto options = commandOptions("evaluate-topics", arguments, out);
    if (!options) return 0;
    // MALLET's own words for what is missing.
    if (!options->given("evaluator")) {
      err << "You must specify a serialized topic evaluator. Use --help to list options.\n";
      return kUsageProblem;
    }
    if (!options->given("input")) {
      err << "You must specify a serialized instance list. Use --help to list options.\n";
      return kUsageProblem;
    }
    EvaluateTopicsRequest request = evaluateTopicsRequest(*options);
    // As MALLET does, open the outputs before reading anything; unlike MALLET,
    // an existing file is replaced only when the run succeeds.
    const std::vector<std::string> inputs = {request.model.path, request.documents.path};
    const std::string totalPath = *options->text("output-prob");
    const auto documentsPath = options->text("output-doc-probs");
    std::optional<OutputFile> documentProbabilities;
    openOutput(documentProbabilities, documentsPath, "--output-doc-probs", inputs, out);
    OutputFile totalProbability(totalPath, "--output-prob", inputs, out);
    Progress progress;
    request.progress = &progress;
    EvaluateTopicsResult result;
    {
      // Erased when this block ends, before anything is printed.
      const ProgressLine line(progress, err, showProgress(*options));
      result = evaluateTopics(request);
    }
    for (const auto& word : result.words) out << word.word << '\t' << javaFormatFixed(word.logProbability, 6) << '\n';
    if (documentProbabilities) {
      for (const double value : result.documentLogLikelihoods)
        documentProbabilities->stream() << javaDoubleToString(value) << '\n';
      documentProbabilities->commit();
    }
    totalProbability.stream() << javaDoubleToString(result.total) << '\n';
    totalProbability.commit();
    if (options->boolean("timing")) {
      err << "topiceval timing: documents " << result.documents << " tokens " << result.tokens << " site-updates "
          << result.siteUpdates << " threads " << result.threads << " mode " << (request.exact ? "exact" : "fast")
          << " instruction-set " << result.instructionSet << " read-seconds " << result.readSeconds
          << " evaluate-seconds " << result.evaluateSeconds << " ns-per-site-update "
          << (result.siteUpdates == 0 ? 0.0 : result.evaluateSeconds * 1e9 / static_cast<double>(result.siteUpdates))
          << "\n";
    }
    if (result.samplingErrors > 0)
      err << "warning: " << result.samplingErrors
          << " draws hit MALLET's \"sampling error\" case (rounding left no topic); like MALLET, they took the last "
             "topic\n";
    checkStandardOutput(out);
    return 0;
  } catch (...) {
    return reportFailure("evaluate-topics", err);
  }
}

}  // namespace topiceval::commands
