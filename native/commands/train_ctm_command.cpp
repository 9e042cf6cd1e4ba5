// SPDX-License-Identifier: Apache-2.0
// `topiceval train-ctm`: a logistic-normal (correlated) topic model trained by
// variational EM with Ahmed & Xing's (2007) Taylor E-step, or Blei &
// Lafferty's for comparison.
#include <cmath>

#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/output/number_text.hpp"
#include "topiceval/train_ctm.hpp"

namespace topiceval::commands {

int trainCtmCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  using output::fixed;
  using output::formatNumber;
  try {
    const auto options = commandOptions("train-ctm", arguments, out);
    if (!options) return 0;
    TrainCtmRequest request = trainCtmRequest(*options);
    const bool quiet = options->boolean("quiet");
    const std::string path = *options->text("output");
    OutputFile file(path, "--output", {request.documents.path}, out);
    Progress progress;
    request.progress = &progress;
    if (!quiet) {
      request.onStart = [&](std::size_t documents, uint64_t tokens, std::size_t types, int threads) {
        out << "training " << request.topics << " topics on " << documents << " documents, " << tokens << " tokens, "
            << types << " types; E-step " << spellingOf(request.eStep) << ", " << threads << (threads == 1 ? " thread" : " threads")
            << "\n";
      };
      request.onIteration = [&](const TrainCtmRequest::Iteration& step) {
        out << "iteration " << step.iteration << "  objective " << fixed(step.objective, 3) << "  bound "
            << fixed(step.bound, 3) << "  change "
            << (std::isnan(step.relativeChange) ? std::string("-") : output::general(step.relativeChange, 3))
            << "  E-step " << fixed(step.meanEStepIterations, 1) << " steps per document"
            << (step.unconvergedDocuments > 0 ? ", " + std::to_string(step.unconvergedDocuments) + " not converged"
                                              : std::string())
            << "  " << fixed(step.seconds, 1) << " s elapsed\n"
            << std::flush;
      };
    }
    const TrainCtmResult result = [&] {
      const ProgressLine line(progress, err, showProgress(*options));
      return trainCtm(request);
    }();
    writeLogisticNormalModel(result.model, file.stream());
    file.commit();
    const TrainCtmRequest::Iteration& last = result.iterations.back();
    if (result.converged) {
      if (!quiet)
        out << "converged after " << last.iteration << " iterations (objective change "
            << formatNumber(last.relativeChange) << " < --tolerance " << formatNumber(request.tolerance)
            << "); model written to " << path << "\n";
    } else {
      if (!quiet) out << "model written to " << path << "\n";
      err << "warning: not converged: stopped at --max-iterations " << request.maxIterations
          << " with the objective still changing by " << output::general(last.relativeChange, 3)
          << " per iteration (--tolerance " << formatNumber(request.tolerance) << ")\n";
    }
    return 0;
  } catch (...) {
    return reportFailure("train-ctm", err);
  }
}

}  // namespace topiceval::commands
