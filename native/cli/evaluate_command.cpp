// `topiceval evaluate`: held-out likelihood with any of topiceval's estimators,
// on any model file MALLET writes, with an explicit unseen-word policy.
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <optional>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/estimators/convergence_check.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/logistic_normal/gamma_posterior.hpp"
#include "native/cli/progress_line.hpp"
#include "native/cli/shared_options.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval::cli {

namespace {

namespace po = boost::program_options;

struct EvaluateSettings {
  std::string model;
  std::string input;
  EstimatorChoice estimator;
  SharedSettings shared;
  std::string format = "text";
  std::string report;
  std::string reportVersus;
  std::string documents;   // --documents, empty for all
  std::string completion;  // --complete-documents, empty for none
  bool checkConvergence = false;
  ConvergenceOptions convergence;
  bool quiet = false;
};

po::options_description evaluateOptions(EvaluateSettings& s) {
  po::options_description options("topiceval evaluate options");
  options.add_options()(
      "model", po::value(&s.model),
      "model file: a MALLET evaluator, inferencer, saved model (--output-model) or gzipped topic state; or a "
      "logistic-normal model (train-ctm's, or a ctm-c directory)")(
      "input", po::value(&s.input),
      "held-out documents: a MALLET instance list, or plain text with one document per line (needs a model with "
      "words)");
  s.estimator.addOptions(options);
  options.add_options()("format", po::value(&s.format)->default_value(s.format), "text | tsv | json")(
      "complete-documents", po::value(&s.completion),
      "document completion (Wallach et al. 2009, section 5): estimate p(w2 | w1) for w1 the first half "
      "(first-half) or the even positions (alternate) of each document; left-to-right, resample-move, ais, "
      "importance-sampling and estimated-theta")(
      "check-convergence", po::bool_switch(&s.checkConvergence),
      "rerun at doubled budgets (particles, temperatures or samples) until no document's estimate moves by more than "
      "--tolerance beyond its error, or has a change whose error exceeds --tolerance; the others are flagged "
      "not-converged")("tolerance", po::value(&s.convergence.tolerance)->default_value(s.convergence.tolerance),
                       "--check-convergence: the change allowed per document, in nats")(
      "max-doublings", po::value(&s.convergence.maxDoublings)->default_value(s.convergence.maxDoublings),
      "--check-convergence: at most this many doublings of the budget")(
      "documents", po::value(&s.documents),
      "evaluate only these documents: 0-based indices and ranges, e.g. 0-29,40 (the doc column of --format tsv "
      "then counts within them)")("report", po::value(&s.report),
                                  "also write a self-contained HTML report to this file")(
      "report-versus", po::value(&s.reportVersus),
      "the second estimator of the report's scatter (default: filtering, or left-to-right when the first is "
      "filtering)")("quiet", po::bool_switch(&s.quiet), "no progress line on standard error");
  addSharedOptions(
      options, s.shared, "skip | skip-untrained | smooth (see README)",
      "V in phi = (n + beta) / (n_k + V beta); default: the model's type count (plus unseen types under smooth)");
  options.add_options()("help", "print this list of options");
  return options;
}

}  // namespace

int evaluateCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  EvaluateSettings settings;
  const po::options_description options = evaluateOptions(settings);
  po::variables_map values;
  try {
    parseCommandLine(arguments, options, values);
    if (values.count("help")) {
      out << "Estimate the probability of held-out documents under a MALLET topic model.\n\n" << options << "\n";
      return 0;
    }
    if (settings.model.empty())
      throw UsageError("--model is required (a MALLET evaluator, inferencer, saved model or topic state)");
    if (settings.input.empty()) throw UsageError("--input is required (an instance list or a text file)");
    if (settings.format != "text" && settings.format != "tsv" && settings.format != "json")
      throw UsageError("--format takes text, tsv or json, not '" + settings.format + "'");
    checkSharedOptions(values, settings.shared);
    if (settings.checkConvergence) {
      if (!(settings.convergence.tolerance > 0.0) || !std::isfinite(settings.convergence.tolerance))
        throw SettingError("tolerance", "must be a positive number of nats per document");
      checkSettingRange("max-doublings", settings.convergence.maxDoublings, 1, 20);
      if (findEstimator(settings.estimator.estimator).budget.empty())
        throw SettingError("check-convergence", "needs a stochastic estimator; " + settings.estimator.estimator +
                                                    " is deterministic, so it has nothing to converge");
      if (settings.estimator.runs < 2)
        throw SettingError("check-convergence", "needs --runs 2 or more: it compares changes with their errors");
    }
    settings.estimator.check(values);  // before any work: no model needed
    if (values.count("complete-documents")) parseDocumentSplit(settings.completion);  // checked before any work
    if (!settings.reportVersus.empty()) {
      try {
        findEstimator(settings.reportVersus);
      } catch (const SettingError& error) {
        throw SettingError("report-versus", error.problem());
      }
    }
  } catch (...) {
    return reportFailure("evaluate", err);
  }

  try {
    // Checked before any work, so an unwritable report costs nothing.
    std::optional<OutputFile> reportFile;
    if (!settings.report.empty())
      reportFile.emplace(settings.report, "--report", std::vector<std::string>{settings.model, settings.input}, out);
    const auto started = std::chrono::steady_clock::now();
    const formats::AnyLoadedModel loaded = formats::readAnyModelFile(settings.model);
    DocumentCollection documents = formats::readHeldOutDocuments(settings.input, loaded.alphabet(), settings.model);
    if (values.count("documents"))
      documents = documents.subset(parseDocumentSelection(settings.documents, documents.size()));
    // A logistic-normal model takes its own estimator (posterior-importance
    // unless another of its family is named) and scores the words of its
    // vocabulary; the unseen-word policy and V are LDA's smoothing.
    const LogisticNormalModel* logisticNormal = loaded.logisticNormal ? &*loaded.logisticNormal : nullptr;
    EstimatorSettings chosen = settings.estimator.settings(values);
    if (logisticNormal != nullptr) {
      if (values["estimator"].defaulted()) chosen.estimator = defaultEstimator(ModelFamily::LogisticNormal);
      if (values.count("vocab-size") || !values["unseen-words"].defaulted())
        throw SettingError(values.count("vocab-size") ? "vocab-size" : "unseen-words",
                           "applies to LDA models; " + settings.model +
                               " is a logistic-normal model, which scores the words of its vocabulary and skips "
                               "the rest");
      if (!settings.completion.empty())
        throw SettingError("complete-documents", "is not available for logistic-normal models");
      if (!settings.report.empty()) throw SettingError("report", "is not available for logistic-normal models");
    }
    const ScoringModel scoring =
        logisticNormal != nullptr
            ? ScoringModel::fromLogisticNormal(*logisticNormal, documents)
            : ScoringModel(*loaded.lda, settings.shared.policy(), documents, settings.shared.vocabulary(values));
    std::unique_ptr<DocumentEstimator> estimator =
        logisticNormal != nullptr ? makeEstimator(chosen, *logisticNormal) : makeEstimator(chosen, scoring);
    EvaluationOptions evaluation;
    evaluation.seed = static_cast<uint64_t>(settings.shared.seed);
    evaluation.runs = settings.estimator.runs;
    if (!settings.completion.empty()) evaluation.completion = parseDocumentSplit(settings.completion);
    evaluation.threads = settings.shared.threads;
    checkSomethingIsScored(scoring, documents, settings.input, settings.model);
    Progress progress;
    evaluation.progress = &progress;
    EvaluationResult result;
    std::optional<ConvergenceReport> convergence;
    {
      const ProgressLine line(progress, err, !settings.quiet && ProgressLine::standardErrorIsTerminal());
      if (settings.checkConvergence) {
        convergence = checkConvergence(chosen, scoring, documents, evaluation, settings.convergence, logisticNormal);
        result = convergence->result;
      } else {
        result = evaluateDocuments(*estimator, scoring, documents, evaluation);
      }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    RunDescription run;
    run.command = "evaluate";
    run.modelPath = settings.model;
    run.modelKind = loaded.kind;
    run.modelTopics = loaded.numTopics();
    run.modelTypes = loaded.numTypes();
    run.inputPath = settings.input;
    run.documents = &documents;
    run.scoring = &scoring;
    run.estimator = estimator->description();
    run.estimatorName = chosen.estimator;
    run.estimatorSettings = validateSettings(chosen).asText();
    if (logisticNormal != nullptr) {
      const PosteriorMethod method = parsePosteriorMethod(validateSettings(chosen).choice("e-step"), "e-step");
      run.variationalBound =
          totalBound(GammaPosteriorInference(*logisticNormal), documents, method, settings.shared.threads);
      run.boundMethod = describe(method);
    }
    if (convergence) {
      run.estimator = convergence->estimatorDescription;
      run.estimatorSettings = convergence->estimatorSettings;
      run.convergence = &*convergence;
    }
    run.stochastic = estimator->stochastic();
    run.unbiased = estimator->unbiased();
    run.errorCaveat = estimator->errorCaveat();
    run.completion = settings.completion;
    run.vocabularyGiven = values.count("vocab-size") > 0;
    run.seed = evaluation.seed;
    run.runs = estimator->stochastic() ? settings.estimator.runs : 1;
    run.threads = resolveThreads(settings.shared.threads);
    run.seconds = seconds;
    const std::vector<bool> notConverged = convergence ? convergence->notConverged : std::vector<bool>{};
    if (settings.format == "tsv") {
      writeDocumentTable(out, documents, result, notConverged);
      writeSummary(err, run, result);
    } else if (settings.format == "json") {
      writeJson(out, run, result, notConverged);
    } else {
      writeSummary(out, run, result);
    }
    if (!settings.report.empty()) {
      EstimatorSettings second;
      second.estimator = !settings.reportVersus.empty()                ? settings.reportVersus
                         : settings.estimator.estimator == "filtering" ? "left-to-right"
                                                                       : "filtering";
      const auto versus = makeEstimator(second, scoring);
      EvaluationOptions once = evaluation;
      once.runs = 1;
      once.progress = nullptr;
      writeEvaluationReport(*reportFile, run, result, evaluateDocuments(*versus, scoring, documents, once),
                            versus->description());
    }
    for (const std::string& warning : runWarnings(run, result)) err << "warning: " << warning << "\n";
    warnAboutEmptyDocuments(err, result);
    // (With --format tsv the summary, which says it too, is on standard error already.)
    if (convergence && !convergence->converged && settings.format != "tsv")
      err << "warning: " << convergence->summary() << "\n";
    return 0;
  } catch (...) {
    return reportFailure("evaluate", err);
  }
}

}  // namespace topiceval::cli
