// `topiceval evaluate-topics`: a drop-in replacement for `mallet evaluate-topics`
// (cc.mallet.topics.tui.EvaluateTopics): the same options and defaults, the same
// output files and layout, and the same numbers for the same --random-seed.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

#include "formats/format_error.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/output_file.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/java/java_math.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/cli/progress_line.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"

namespace topiceval::cli {

namespace {

MalletStyleOptions evaluateTopicsOptions() {
  MalletStyleOptions options;
  options.addString("evaluator", "FILENAME", std::nullopt,
                    "A serialized topic evaluator from a trained topic model (train-topics --evaluator-filename).");
  options.addString("input", "FILENAME", std::nullopt,
                    "The serialized instance list (FeatureSequence documents) to evaluate. Use - for stdin.");
  options.addString("output-doc-probs", "FILENAME", std::nullopt,
                    "The file in which to write the log probability of each document, one per line.");
  options.addString("output-prob", "FILENAME", std::string("-"),
                    "The file in which to write the total log probability. Use - for stdout.");
  options.addInteger("num-particles", "INTEGER", 10, "The number of particles to use in left-to-right evaluation.");
  options.addBoolean("show-words", false, "If true, print the log probability of each token to standard out.");
  options.addBoolean("use-resampling", false,
                     "Whether to resample topics in left-to-right evaluation (quadratic in document length).");
  options.addInteger("num-iterations", "INTEGER", 100, "Accepted and ignored, as MALLET does.");
  options.addInteger("sample-interval", "INTEGER", 10, "Accepted and ignored, as MALLET does.");
  options.addInteger("burn-in", "INTEGER", 10, "Accepted and ignored, as MALLET does.");
  options.addInteger("random-seed", "INTEGER", -1, "The random seed. -1 uses the clock.");
  options.addInteger("threads", "INTEGER", 0,
                     "Threads to use (topiceval only). 0 uses every core; results do not depend on it.");
  options.addBoolean("exact", true,
                     "topiceval only. true: MALLET's numbers bit for bit. false: the same estimator with topiceval's\n"
                     "  faster sampler and random stream (statistically equivalent, different digits).");
  options.addString("estimator", "NAME", std::string("left-to-right"),
                    "topiceval only: " + listOfChoices(estimatorNames()) +
                        " (left-to-right is MALLET's). The others print\n"
                        "  MALLET's layout too (total, --output-doc-probs) but not --show-words.");
  options.addString("unseen-words", "POLICY", std::string("skip"),
                    "topiceval only, for estimators other than MALLET's: skip, skip-untrained or smooth.");
  options.addInteger("runs", "INTEGER", 1, "topiceval only: independent estimates per document (other estimators).");
  // The other estimators' settings, from the registry (particles and resampling are MALLET's own options).
  for (const SharedSetting& setting : allEstimatorSettings()) {
    const std::string& name = setting.spec.name;
    if (name == "particles" || name == "resampling") continue;
    const std::string help = "topiceval only, " + setting.helpText() + ".";
    if (setting.spec.kind == SettingKind::Boolean) {
      options.addBoolean(name, *parseBoolean(setting.spec.defaultValue), help);
    } else {
      // No default here: an estimator not given the option takes its own.
      options.addString(name, setting.spec.kind == SettingKind::Integer ? "INTEGER" : "NAME", std::nullopt, help);
    }
  }
  options.addBoolean("timing", false, "topiceval only: print the work done and the time taken to standard error.");
  options.addBoolean("quiet", false, "topiceval only: no progress line on standard error.");
  options.addBoolean("help", false, "Print this list of options.");
  return options;
}

}  // namespace

int evaluateTopicsCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  MalletStyleOptions options = evaluateTopicsOptions();
  try {
    options.parse(arguments);
  } catch (...) {
    return reportFailure("evaluate-topics", err);
  }
  if (options.boolean("help")) {
    out << "Estimate the marginal probability of new documents under a trained topic model\n"
           "(MALLET's evaluate-topics, same options and output).\n"
        << options.usage()
        << "\nInside MALLET: with topiceval's launcher (java-bridge/bin/mallet) first on PATH and MALLET_HOME set,\n"
           "'mallet evaluate-topics ... --native' runs this command within MALLET's command line; without\n"
           "--native, MALLET's own EvaluateTopics runs unchanged.\n";
    return 0;
  }
  if (!options.string("evaluator")) {
    err << "You must specify a serialized topic evaluator. Use --help to list options.\n";
    return 2;
  }
  if (!options.string("input")) {
    err << "You must specify a serialized instance list. Use --help to list options.\n";
    return 2;
  }
  MalletEvaluationOptions evaluation;
  evaluation.particles = options.integer("num-particles");
  if (evaluation.particles < 1) {
    err << "topiceval evaluate-topics: --num-particles must be at least 1 (got " << evaluation.particles << ")\n";
    return 2;
  }
  evaluation.threads = options.integer("threads");
  if (evaluation.threads < 0) {
    err << "topiceval evaluate-topics: --threads must be 0 (every core) or more\n";
    return 2;
  }
  evaluation.resampling = options.boolean("use-resampling");
  evaluation.exact = options.boolean("exact");
  evaluation.keepWordProbabilities = options.boolean("show-words");
  const int seed = options.integer("random-seed");
  evaluation.seed = seed == -1 ? malletClockSeed() : seed;

  // topiceval's other estimators, reported in MALLET's layout.
  const std::string estimatorName = *options.string("estimator");
  const bool malletEstimator = estimatorName == "left-to-right";
  EstimatorSettings estimatorSettings;
  estimatorSettings.estimator = estimatorName;
  for (const SharedSetting& setting : allEstimatorSettings()) {
    const std::string& name = setting.spec.name;
    // MALLET's own options always have a value; they go to the estimators that
    // take them, and to any other only when given (which that one refuses).
    const bool declared =
        std::find(setting.estimators.begin(), setting.estimators.end(), estimatorName) != setting.estimators.end();
    const bool malletOption = name == "particles" || name == "resampling";
    if (malletOption && !declared && !options.given(name == "particles" ? "num-particles" : "use-resampling")) continue;
    if (name == "particles") {
      estimatorSettings.values[name] = std::to_string(evaluation.particles);
    } else if (name == "resampling") {
      estimatorSettings.values[name] = evaluation.resampling ? "true" : "false";
    } else if (options.given(name)) {
      estimatorSettings.values[name] = setting.spec.kind == SettingKind::Boolean
                                           ? (options.boolean(name) ? "true" : "false")
                                           : *options.string(name);
    }
  }
  UnseenWords policy = UnseenWords::Skip;
  const int runs = options.integer("runs");
  try {
    policy = parseUnseenWords(*options.string("unseen-words"));
    checkSettingRange("particles", evaluation.particles, 1, SettingLimits::kParticles);
    checkSettingRange("threads", evaluation.threads, 0, SettingLimits::kThreads);
    checkSettingRange("runs", runs, 1, SettingLimits::kRuns);
    if (!malletEstimator && evaluation.keepWordProbabilities)
      throw UsageError("--show-words needs per-word probabilities, which only left-to-right gives");
    if (malletEstimator && policy != UnseenWords::Skip)
      throw UsageError(
          "left-to-right in evaluate-topics follows MALLET's rule (--unseen-words skip); use topiceval evaluate for "
          "others");
    validateSettings(estimatorSettings);  // the name and the other estimators' settings, without a model
  } catch (...) {
    return reportFailure("evaluate-topics", err);
  }

  try {
    // As MALLET does, open the outputs before reading anything; unlike MALLET,
    // an existing file is replaced only when the run succeeds.
    const std::vector<std::string> inputs = {*options.string("evaluator"), *options.string("input")};
    const std::string totalPath = options.string("output-prob").value_or("-");
    if (const auto path = options.string("output-doc-probs");
        path && *path != "-" && totalPath != "-" &&
        std::filesystem::weakly_canonical(*path) == std::filesystem::weakly_canonical(totalPath))
      throw UsageError("--output-doc-probs and --output-prob name the same file, " + *path);
    std::optional<OutputFile> documentProbabilities;
    if (const auto path = options.string("output-doc-probs"))
      documentProbabilities.emplace(*path, "--output-doc-probs", inputs, out);
    OutputFile totalProbability(totalPath, "--output-prob", inputs, out);
    const auto started = std::chrono::steady_clock::now();
    const TopicModel model = formats::readEvaluatorFile(*options.string("evaluator"));
    checkParticleWorkspace(evaluation.particles, model.numTopics);
    const DocumentCollection documents = formats::readInstanceListFile(*options.string("input"));
    const auto loaded = std::chrono::steady_clock::now();
    MalletEvaluationResult result;
    Progress progress;
    evaluation.progress = &progress;
    {
      // Erased when this block ends, before anything is printed.
      const ProgressLine line(progress, err, !options.boolean("quiet") && ProgressLine::standardErrorIsTerminal());
      if (malletEstimator) {
        result = evaluateLikeMallet(model, documents, evaluation);
      } else {
        const ScoringModel scoring(model, policy, documents);
        const auto estimator = makeEstimator(estimatorSettings, scoring);
        EvaluationOptions other;
        other.seed = static_cast<uint32_t>(evaluation.seed);
        other.runs = runs;
        other.threads = evaluation.threads;
        other.progress = &progress;
        const EvaluationResult estimates = evaluateDocuments(*estimator, scoring, documents, other);
        for (const DocumentResult& document : estimates.documents)
          result.documentLogLikelihoods.push_back(document.logLikelihood);
        result.totalLogLikelihood = estimates.totalLogLikelihood;
      }
    }
    const auto evaluated = std::chrono::steady_clock::now();

    if (evaluation.keepWordProbabilities) {
      const auto& alphabet = documents.alphabet();
      for (const auto& word : result.words) {
        const int32_t type = documents.document(word.document)[word.position];
        if (alphabet) {
          out << alphabet->word(static_cast<std::size_t>(type));
        } else {
          out << "<type " << type << ">";
        }
        out << '\t' << javaFormatFixed(word.logProbability, 6) << '\n';
      }
    }
    if (documentProbabilities) {
      for (const double value : result.documentLogLikelihoods)
        documentProbabilities->stream() << javaDoubleToString(value) << '\n';
      documentProbabilities->commit();
    }
    totalProbability.stream() << javaDoubleToString(result.totalLogLikelihood) << '\n';
    totalProbability.commit();
    if (options.boolean("timing")) {
      const double reading = std::chrono::duration<double>(loaded - started).count();
      const double sampling = std::chrono::duration<double>(evaluated - loaded).count();
      err << "topiceval timing: documents " << documents.size() << " tokens " << documents.totalTokens()
          << " site-updates " << result.siteUpdates << " threads " << resolveThreads(evaluation.threads) << " mode "
          << (evaluation.exact ? "exact" : "fast") << " instruction-set "
          << describe(resolveInstructionSet(evaluation.instructionSet)) << " read-seconds " << reading
          << " evaluate-seconds " << sampling << " ns-per-site-update "
          << (result.siteUpdates == 0 ? 0.0 : sampling * 1e9 / static_cast<double>(result.siteUpdates)) << "\n";
    }
    if (result.samplingErrors > 0) {
      err << "warning: " << result.samplingErrors
          << " draws hit MALLET's \"sampling error\" case (rounding left no topic); like MALLET, they took the last "
             "topic\n";
    }
    checkStandardOutput(out);
    return 0;
  } catch (...) {
    return reportFailure("evaluate-topics", err);
  }
}

}  // namespace topiceval::cli
