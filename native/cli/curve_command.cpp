// `topiceval curve`: held-out likelihood across a series of models from one
// training run (MALLET's --output-state-interval), by iteration-AIS.
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/shared_options.hpp"
#include "native/estimators/ratio_annealing.hpp"

namespace topiceval::cli {

namespace {

namespace po = boost::program_options;

}  // namespace

int curveCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  std::vector<std::string> states;
  std::string input;
  int temperatures = 1000;
  SharedSettings shared;
  std::string format = "text";
  po::options_description options("topiceval curve options");
  options.add_options()("states", po::value(&states)->multitoken(),
                        "model files in training order (gzipped topic states, or any model file)")(
      "input", po::value(&input), "held-out documents (instance list or plain text)")(
      "temperatures", po::value(&temperatures)->default_value(temperatures), "annealing steps per segment")(
      "format", po::value(&format)->default_value(format), "text | tsv");
  addSharedOptions(options, shared, "skip | skip-untrained | smooth", "V for every model");
  options.add_options()("help", "print this list of options");
  po::variables_map values;
  try {
    parseCommandLine(arguments, options, values);
    if (values.count("help")) {
      out << "Held-out log likelihood at each model of a training run, by iteration-AIS.\n\n" << options << "\n";
      return 0;
    }
    if (states.empty()) throw UsageError("--states needs at least one model file");
    if (input.empty()) throw UsageError("--input is required (an instance list or a text file)");
    checkSettingRange("temperatures", temperatures, 1, SettingLimits::kTemperatures);
    if (format != "text" && format != "tsv") throw UsageError("--format takes text or tsv, not '" + format + "'");
    checkSharedOptions(values, shared);
  } catch (...) {
    return reportFailure("curve", err);
  }

  try {
    const auto started = std::chrono::steady_clock::now();
    std::vector<formats::LoadedModel> models;
    for (const std::string& path : states) {
      models.push_back(formats::readModelFile(path));
      if (models.back().model.numTopics != models.front().model.numTopics)
        throw formats::FormatError(path, "has " + std::to_string(models.back().model.numTopics) + " topics but " +
                                             states.front() + " has " + std::to_string(models.front().model.numTopics) +
                                             "; a curve follows one training run");
    }
    const DocumentCollection documents =
        formats::readHeldOutDocuments(input, models.front().model.alphabet.get(), states.front());
    const std::optional<std::size_t> vocabulary = shared.vocabulary(values);
    std::vector<std::unique_ptr<ScoringModel>> scoring;
    std::vector<const ScoringModel*> series;
    for (const auto& loaded : models) {
      scoring.push_back(std::make_unique<ScoringModel>(loaded.model, shared.policy(), documents, vocabulary));
      series.push_back(scoring.back().get());
    }
    checkSomethingIsScored(*scoring.front(), documents, input, states.front());
    CurveOptions curveOptions;
    curveOptions.temperatures = temperatures;
    curveOptions.seed = static_cast<uint64_t>(shared.seed);
    curveOptions.threads = shared.threads;
    const CurveResult curve = estimateLikelihoodCurve(series, documents, curveOptions);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const auto tokens = static_cast<double>(curve.scoredTokens);
    if (format == "tsv") {
      out << "state\tfile\tloglik\tper_token\tperplexity\n";
      for (std::size_t i = 0; i < states.size(); ++i)
        out << i << '\t' << states[i] << '\t' << formatNumber(curve.totals[i]) << '\t'
            << formatNumber(curve.totals[i] / tokens) << '\t' << formatNumber(std::exp(-curve.totals[i] / tokens))
            << '\n';
    } else {
      out << "input           " << input << ": " << documents.size() << " documents, " << curve.scoredTokens
          << " tokens scored by every model\n";
      out << "iteration-AIS   " << temperatures << " temperatures per segment; seed " << shared.seed << "\n";
      out << "state  log likelihood    per token  perplexity  file\n";
      for (std::size_t i = 0; i < states.size(); ++i) {
        char line[160];
        std::snprintf(line, sizeof line, "%5zu  %15.4f  %10.6f  %10.3f  ", i, curve.totals[i], curve.totals[i] / tokens,
                      std::exp(-curve.totals[i] / tokens));
        out << line << states[i] << "\n";
      }
    }
    (format == "tsv" ? err : out) << "time            " << fixed(seconds, 3) << " s\n";
    return 0;
  } catch (...) {
    return reportFailure("curve", err);
  }
}

}  // namespace topiceval::cli
