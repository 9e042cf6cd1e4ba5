// `topiceval train-ctm`: a logistic-normal (correlated) topic model trained by
// variational EM with Ahmed & Xing's (2007) Taylor E-step, or Blei &
// Lafferty's for comparison (native/logistic_normal/).
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <memory>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/progress_line.hpp"
#include "native/cli/shared_options.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/logistic_normal/logistic_normal_training.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval::cli {

namespace {

// A relative change to three significant digits ("1.23e-05").
std::string threeDigits(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

}  // namespace

int trainCtmCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  namespace po = boost::program_options;
  std::string input, output, eStep = "taylor";
  TrainingOptions training;
  long long seed = 1;
  bool quiet = false;
  po::options_description options("topiceval train-ctm options");
  options.add_options()("input", po::value(&input),
                        "training documents: a MALLET instance list (import-file --keep-sequence), or plain text "
                        "with one document per line")("num-topics", po::value(&training.numTopics),
                                                      "K, the number of topics (at least 2)")(
      "output", po::value(&output), "where to write the model (topiceval's logistic-normal text format)")(
      "e-step", po::value(&eStep)->default_value(eStep),
      "taylor (Ahmed & Xing 2007, section 3.1: full posterior covariance) or blei-lafferty (Blei & Lafferty "
      "2005: diagonal, for comparison)")("max-iterations",
                                         po::value(&training.maxIterations)->default_value(training.maxIterations),
                                         "at most this many EM iterations")(
      "tolerance", po::value(&training.tolerance)->default_value(training.tolerance, "1e-5"),
      "stop when the total bound changes by less than this fraction in one iteration")(
      "topic-word-smoothing",
      po::value(&training.topicWordSmoothing)->default_value(training.topicWordSmoothing, "0.1"),
      "pseudo-count added to each expected topic-word count in the M-step (0: the paper's maximum likelihood)")(
      "initial-sweeps", po::value(&training.initialSweeps)->default_value(training.initialSweeps),
      "collapsed Gibbs sweeps of LDA whose topics start EM")("seed", po::value(&seed)->default_value(seed),
                                                             "random seed (of the starting topics)")(
      "threads", po::value(&training.threads)->default_value(training.threads),
      "threads; 0 uses every core (results do not depend on it)")(
      "quiet", po::bool_switch(&quiet), "no progress line and no per-iteration lines")("help",
                                                                                       "print this list of options");
  PosteriorMethod method = PosteriorMethod::Taylor;
  try {
    po::variables_map values;
    parseCommandLine(arguments, options, values);
    if (values.count("help")) {
      out << "Train a correlated (logistic-normal) topic model by variational EM.\n\n"
          << "usage: topiceval train-ctm --input DOCS --num-topics K --output MODEL [options]\n\n"
          << options << "\n";
      return 0;
    }
    if (input.empty()) throw UsageError("--input is required (an instance list or a text file)");
    if (!values.count("num-topics")) throw UsageError("--num-topics is required");
    if (output.empty()) throw UsageError("--output is required (the model file to write)");
    checkSettingRange("num-topics", training.numTopics, 2, SettingLimits::kAlignedTopics);
    method = parsePosteriorMethod(eStep, "e-step");
    checkSettingRange("max-iterations", training.maxIterations, 1, 100'000);
    if (!(training.tolerance >= 0.0) || !std::isfinite(training.tolerance))
      throw SettingError("tolerance", "must be a non-negative number");
    if (!(training.topicWordSmoothing >= 0.0) || !std::isfinite(training.topicWordSmoothing))
      throw SettingError("topic-word-smoothing", "must be a non-negative number");
    if (training.topicWordSmoothing > TrainingOptions::kLargestTopicWordSmoothing)
      throw SettingError("topic-word-smoothing",
                         "must be at most 1e6 (larger pseudo-counts make every topic uniform), not " +
                             formatNumber(training.topicWordSmoothing));
    checkSettingRange("initial-sweeps", training.initialSweeps, 0, 100'000);
    if (seed < 0) throw SettingError("seed", "must not be negative");
    checkSettingRange("threads", training.threads, 0, SettingLimits::kThreads);
  } catch (...) {
    return reportFailure("train-ctm", err);
  }
  try {
    OutputFile file(output, "--output", {input}, out);
    // An empty alphabet: every word gets its index as first seen (plain
    // text), or the instance list's own alphabet is kept.
    const Alphabet none;
    std::vector<uint8_t> bytes = formats::readFileBytes(input);
    const std::string source = input == "-" ? "standard input" : input;
    if (formats::looksLikeLogisticNormalModel(bytes))
      throw formats::FormatError(source, "is a logistic-normal model, not documents to train on");
    const DocumentCollection documents = formats::readHeldOutDocuments(std::move(bytes), source, &none, "train-ctm");
    if (documents.totalTokens() == 0) throw formats::FormatError(input, "holds no words");
    const std::size_t types = documents.alphabet() != nullptr ? documents.alphabet()->size() : 0;
    if (types == 0) throw formats::FormatError(input, "holds no vocabulary");
    training.method = method;
    training.seed = static_cast<uint64_t>(seed);
    Progress progress;
    training.progress = &progress;
    if (!quiet) {
      out << "training " << training.numTopics << " topics on " << documents.size() << " documents, "
          << documents.totalTokens() << " tokens, " << types << " types; E-step " << describe(method) << ", "
          << resolveThreads(training.threads) << (resolveThreads(training.threads) == 1 ? " thread" : " threads")
          << "\n";
      training.onIteration = [&](const TrainingIteration& step) {
        out << "iteration " << step.iteration << "  objective " << fixed(step.objective, 3) << "  bound "
            << fixed(step.bound, 3) << "  change "
            << (std::isnan(step.relativeChange) ? std::string("-") : threeDigits(step.relativeChange)) << "  E-step "
            << fixed(step.meanEStepIterations, 1) << " steps per document"
            << (step.unconvergedDocuments > 0 ? ", " + std::to_string(step.unconvergedDocuments) + " not converged"
                                              : std::string())
            << "  " << fixed(step.seconds, 1) << " s elapsed\n"
            << std::flush;
      };
    }
    TrainingResult result;
    {
      const ProgressLine line(progress, err, !quiet && ProgressLine::standardErrorIsTerminal());
      result = trainLogisticNormal(documents, types, documents.alphabet(), training);
    }
    formats::writeLogisticNormalModel(file.stream(), result.model);
    file.commit();
    const TrainingIteration& last = result.iterations.back();
    if (result.converged) {
      if (!quiet)
        out << "converged after " << last.iteration << " iterations (objective change "
            << formatNumber(last.relativeChange) << " < --tolerance " << formatNumber(training.tolerance)
            << "); model written to " << output << "\n";
    } else {
      if (!quiet) out << "model written to " << output << "\n";
      err << "warning: not converged: stopped at --max-iterations " << training.maxIterations
          << " with the objective still changing by " << threeDigits(last.relativeChange)
          << " per iteration (--tolerance " << formatNumber(training.tolerance) << ")\n";
    }
    return 0;
  } catch (...) {
    return reportFailure("train-ctm", err);
  }
}

}  // namespace topiceval::cli
