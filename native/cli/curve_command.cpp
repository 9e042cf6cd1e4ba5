// `topiceval curve`: held-out likelihood across a series of models from one
// training run (MALLET's --output-state-interval), by iteration-AIS.
#include <optional>
#include <cctype>
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/output_file.hpp"
#include "native/cli/report_writers.hpp"
#include "native/cli/progress_line.hpp"
#include "native/cli/commands.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/shared_options.hpp"
#include "native/estimators/ratio_annealing.hpp"

namespace topiceval::cli {

namespace {

namespace po = boost::program_options;

// The training iteration in a state file's name: MALLET's --output-state-interval
// writes state.gz.100, state.gz.200, ...; nothing when the name does not end in digits.
std::optional<long long> iterationOf(const std::string& path) {
  std::size_t digits = path.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(path[digits - 1]))) --digits;
  if (digits == path.size() || path.size() - digits > 12) return std::nullopt;
  return std::stoll(path.substr(digits));
}

}  // namespace

int curveCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  std::vector<std::string> states;
  std::string input;
  int temperatures = 1000;
  SharedSettings shared;
  std::string format = "text";
  std::string report;
  bool quiet = false;
  po::options_description options("topiceval curve options");
  options.add_options()("states", po::value(&states)->multitoken(),
                        "model files in training order (gzipped topic states, or any model file)")(
      "input", po::value(&input), "held-out documents (instance list or plain text)")(
      "temperatures", po::value(&temperatures)->default_value(temperatures), "annealing steps per segment")(
      "format", po::value(&format)->default_value(format), "text | tsv | json")(
      "report", po::value(&report), "also write an HTML report: log likelihood per token against the iteration")(
      "quiet", po::bool_switch(&quiet), "no progress line on standard error");
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
    if (format != "text" && format != "tsv" && format != "json")
      throw UsageError("--format takes text, tsv or json, not '" + format + "'");
    checkSharedOptions(values, shared);
  } catch (...) {
    return reportFailure("curve", err);
  }

  try {
    // In training order: by the iteration in each name when every name has
    // one (the shell's glob puts state.gz.1000 before state.gz.200), else as given.
    std::vector<std::optional<long long>> iterations;
    for (const std::string& path : states) iterations.push_back(iterationOf(path));
    const bool numbered =
        std::all_of(iterations.begin(), iterations.end(), [](const auto& i) { return i.has_value(); });
    if (numbered) {
      std::vector<std::size_t> order(states.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return *iterations[a] < *iterations[b]; });
      std::vector<std::string> sorted;
      std::vector<std::optional<long long>> sortedIterations;
      for (const std::size_t i : order) {
        sorted.push_back(states[i]);
        sortedIterations.push_back(iterations[i]);
      }
      states = sorted;
      iterations = sortedIterations;
    }
    std::vector<std::string> inputs = states;
    inputs.push_back(input);
    std::optional<OutputFile> reportFile;
    if (!report.empty()) reportFile.emplace(report, "--report", inputs, out);
    const auto started = std::chrono::steady_clock::now();
    std::vector<formats::LoadedModel> models;
    for (const std::string& path : states) {
      models.push_back(formats::readModelFile(path));
      if (models.back().model.numTopics != models.front().model.numTopics)
        throw formats::FormatError(path, "has " + std::to_string(models.back().model.numTopics) + " topics but " +
                                             states.front() + " has " + std::to_string(models.front().model.numTopics) +
                                             "; a curve follows one training run");
      if (models.size() > 1) checkSameWords(models.front().model, models.back().model, states.front(), path, err);
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
    Progress progress;
    curveOptions.progress = &progress;
    CurveResult curve;
    {
      const ProgressLine line(progress, err, !quiet && ProgressLine::standardErrorIsTerminal());
      curve = estimateLikelihoodCurve(series, documents, curveOptions);
    }
    // The state's label: its iteration, or its place in the list.
    const auto label = [&](std::size_t i) { return numbered ? std::to_string(*iterations[i]) : std::to_string(i); };
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const auto tokens = static_cast<double>(curve.scoredTokens);
    const std::string column = numbered ? "iteration" : "state";
    if (format == "json") {
      JsonWriter json(out);
      json.beginObject().field("command", "curve").field("version", kVersion);
      json.key("input").beginObject().field("path", input).field("documents", static_cast<uint64_t>(documents.size()));
      json.field("scored_tokens", curve.scoredTokens).endObject();
      json.key("estimator").beginObject().field("name", "iteration-ais").field("temperatures", temperatures);
      json.field("seed", static_cast<uint64_t>(shared.seed)).field("stochastic", true).field("runs", 1).endObject();
      json.key("states").beginArray();
      for (std::size_t i = 0; i < states.size(); ++i) {
        json.beginObject().field("path", states[i]);
        if (numbered) json.field("iteration", static_cast<int64_t>(*iterations[i]));
        json.field("loglik", curve.totals[i]).field("per_token", curve.totals[i] / tokens);
        json.field("perplexity", std::exp(-curve.totals[i] / tokens)).endObject();
      }
      json.endArray().field("wall_seconds", seconds).endObject();
      out << "\n";
    } else if (format == "tsv") {
      out << column << "\tfile\tloglik\tper_token\tperplexity\n";
      for (std::size_t i = 0; i < states.size(); ++i)
        out << label(i) << '\t' << states[i] << '\t' << formatNumber(curve.totals[i]) << '\t'
            << formatNumber(curve.totals[i] / tokens) << '\t' << formatNumber(std::exp(-curve.totals[i] / tokens))
            << '\n';
    } else {
      out << "input           " << input << ": " << documents.size() << " documents, " << curve.scoredTokens
          << " tokens scored by every model\n";
      out << "iteration-AIS   " << temperatures << " temperatures per segment; seed " << shared.seed << "\n";
      out << (numbered ? "iteration" : "state    ") << "  log likelihood    per token  perplexity  file\n";
      for (std::size_t i = 0; i < states.size(); ++i) {
        char line[160];
        std::snprintf(line, sizeof line, "%9s  %15.4f  %10.6f  %10.3f  ", label(i).c_str(), curve.totals[i],
                      curve.totals[i] / tokens, std::exp(-curve.totals[i] / tokens));
        out << line << states[i] << "\n";
      }
    }
    if (format != "json") {
      (format == "tsv" ? err : out)
          << "error           none given: one annealing chain per document (compare --samples gives errors)\n"
          << "time            " << fixed(seconds, 3) << " s\n";
    }
    if (reportFile) {
      HtmlReport page;
      page.title = "topiceval: held-out likelihood across a training run";
      page.summary = {{"input", input + ": " + std::to_string(documents.size()) + " documents, " +
                                    std::to_string(curve.scoredTokens) + " tokens scored by every model"},
                      {"iteration-AIS", std::to_string(temperatures) + " temperatures per segment; seed " +
                                            std::to_string(shared.seed)}};
      std::vector<double> x, y;
      for (std::size_t i = 0; i < states.size(); ++i) {
        page.summary.emplace_back(column + " " + label(i),
                                  states[i] + ": per token " + fixed(curve.totals[i] / tokens, 6));
        x.push_back(numbered ? static_cast<double>(*iterations[i]) : static_cast<double>(i));
        y.push_back(curve.totals[i] / tokens);
      }
      page.figures.push_back({"Held-out log likelihood per token at each " + column + ".",
                              errorBarsSvg(x, y, {}, column, "log likelihood per token", "curve")});
      writeHtmlReport(*reportFile, page);
    }
    return 0;
  } catch (...) {
    return reportFailure("curve", err);
  }
}

}  // namespace topiceval::cli
