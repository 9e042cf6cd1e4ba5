// `topiceval compare`: the per-document log ratio p(w | A) / p(w | B) by
// ratio-AIS (Foulds and Smyth 2014), on either path, in either or both directions.
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/progress_line.hpp"
#include "native/cli/report_writers.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/cli/shared_options.hpp"
#include "native/estimators/filtering_estimator.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/estimators/ratio_annealing.hpp"
#include "native/model/topic_alignment.hpp"

namespace topiceval::cli {

namespace {

// "12.3456 +- 1.2345", or the total alone when one sample per direction gives no error.
std::string totalWithError(const RatioResult& result) {
  if (!std::isfinite(result.totalLogRatioError)) return fixed(result.totalLogRatio, 4);
  return fixed(result.totalLogRatio, 4) + " +- " + fixed(result.totalLogRatioError, 4);
}

namespace po = boost::program_options;

struct CompareSettings {
  std::string modelA;
  std::string modelB;
  std::string input;
  std::string path = "geometric";
  std::string direction = "both";
  int temperatures = 1000;
  int burnIn = 100;
  int samples = 1;
  SharedSettings shared;
  bool alignTopics = false;
  std::string format = "text";
  std::string report;
  bool quiet = false;
};

po::options_description compareOptions(CompareSettings& s) {
  po::options_description options("topiceval compare options");
  options.add_options()("model-a", po::value(&s.modelA), "model A (evaluator, inferencer, saved model or topic state)")(
      "model-b", po::value(&s.modelB), "model B, with the same words and number of topics")(
      "input", po::value(&s.input), "held-out documents (instance list or plain text)")(
      "path", po::value(&s.path)->default_value(s.path), "geometric | convex")(
      "direction", po::value(&s.direction)->default_value(s.direction), "forward (B to A) | reverse (A to B) | both")(
      "temperatures", po::value(&s.temperatures)->default_value(s.temperatures), "annealing steps")(
      "burn-in", po::value(&s.burnIn)->default_value(s.burnIn), "Gibbs sweeps under the start model before annealing")(
      "samples", po::value(&s.samples)->default_value(s.samples),
      "independent annealing runs per document and direction")(
      "align-topics", po::bool_switch(&s.alignTopics),
      "reorder B's topics to match A's (Hungarian, L1 distance) first")(
      "format", po::value(&s.format)->default_value(s.format), "text | tsv | json")(
      "report", po::value(&s.report), "also write a self-contained HTML report to this file")(
      "quiet", po::bool_switch(&s.quiet), "no progress line on standard error");
  addSharedOptions(options, s.shared, "skip | skip-untrained | smooth", "V for both models");
  options.add_options()("help", "print this list of options");
  return options;
}

}  // namespace

int compareCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  CompareSettings settings;
  const po::options_description options = compareOptions(settings);
  po::variables_map values;
  RatioAnnealingOptions annealing;
  try {
    parseCommandLine(arguments, options, values);
    if (values.count("help")) {
      out << "Estimate log p(w | A) - log p(w | B) per held-out document by ratio-AIS.\n\n" << options << "\n";
      return 0;
    }
    if (settings.modelA.empty() || settings.modelB.empty()) throw UsageError("--model-a and --model-b are required");
    if (settings.input.empty()) throw UsageError("--input is required (an instance list or a text file)");
    if (settings.path != "geometric" && settings.path != "convex")
      throw UsageError("--path takes geometric or convex, not '" + settings.path + "'");
    if (settings.direction != "forward" && settings.direction != "reverse" && settings.direction != "both")
      throw UsageError("--direction takes forward, reverse or both, not '" + settings.direction + "'");
    checkSettingRange("temperatures", settings.temperatures, 1, SettingLimits::kTemperatures);
    checkSettingRange("burn-in", settings.burnIn, 0, SettingLimits::kBurnIn);
    checkSettingRange("samples", settings.samples, 1, SettingLimits::kSamples);
    if (settings.format != "text" && settings.format != "tsv" && settings.format != "json")
      throw UsageError("--format takes text, tsv or json, not '" + settings.format + "'");
    checkSharedOptions(values, settings.shared);
    annealing.path = settings.path == "geometric" ? AnnealingPath::Geometric : AnnealingPath::Convex;
    annealing.direction = settings.direction == "forward"   ? AnnealingDirection::Forward
                          : settings.direction == "reverse" ? AnnealingDirection::Reverse
                                                            : AnnealingDirection::Both;
    annealing.temperatures = settings.temperatures;
    annealing.burnIn = settings.burnIn;
    annealing.samples = settings.samples;
    annealing.seed = static_cast<uint64_t>(settings.shared.seed);
    annealing.threads = settings.shared.threads;
  } catch (...) {
    return reportFailure("compare", err);
  }

  try {
    std::optional<OutputFile> reportFile;
    if (!settings.report.empty())
      reportFile.emplace(settings.report, "--report",
                         std::vector<std::string>{settings.modelA, settings.modelB, settings.input}, out);
    const auto started = std::chrono::steady_clock::now();
    const formats::LoadedModel loadedA = formats::readModelFile(settings.modelA);
    formats::LoadedModel loadedB = formats::readModelFile(settings.modelB);
    if (loadedA.model.numTopics != loadedB.model.numTopics)
      throw UsageError("the models have " + std::to_string(loadedA.model.numTopics) + " and " +
                       std::to_string(loadedB.model.numTopics) +
                       " topics; ratio-AIS anneals between models with the same number of topics");
    checkSameWords(loadedA.model, loadedB.model, settings.modelA, settings.modelB, err);
    if (settings.alignTopics) {
      if (loadedA.model.numTopics > SettingLimits::kAlignedTopics)
        throw UsageError("--align-topics takes models of at most " + std::to_string(SettingLimits::kAlignedTopics) +
                         " topics (its cost grows with the cube of the topic count); these have " +
                         std::to_string(loadedA.model.numTopics));
      const std::vector<int> order = alignTopics(loadedA.model, loadedB.model);
      loadedB.model = permuteTopics(loadedB.model, order);
    }
    const Alphabet* words = loadedA.model.alphabet ? loadedA.model.alphabet.get() : loadedB.model.alphabet.get();
    const DocumentCollection documents = formats::readHeldOutDocuments(settings.input, words, settings.modelA);
    const std::optional<std::size_t> vocabularySize = settings.shared.vocabulary(values);
    const UnseenWords policy = settings.shared.policy();
    const ScoringModel scoringA(loadedA.model, policy, documents, vocabularySize);
    const ScoringModel scoringB(loadedB.model, policy, documents, vocabularySize);
    checkSomethingIsScored(scoringA, documents, settings.input, settings.modelA);
    Progress progress;
    annealing.progress = &progress;
    RatioResult result;
    {
      const ProgressLine line(progress, err, !settings.quiet && ProgressLine::standardErrorIsTerminal());
      result = estimateLogRatios(scoringA, scoringB, documents, annealing);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const bool both = annealing.direction == AnnealingDirection::Both;
    auto perplexityRatio = [](const DocumentRatio& document) {
      return document.tokens == 0 ? std::nan("") : std::exp(-document.logRatio / static_cast<double>(document.tokens));
    };

    if (settings.format == "tsv") {
      out << "doc\tname\ttokens\tskipped\tlogratio\tlogratio_se\tperplexity_ratio";
      if (both) out << "\tlogratio_forward\tlogratio_reverse\tdisagree";
      out << "\n";
      for (std::size_t d = 0; d < result.documents.size(); ++d) {
        const DocumentRatio& document = result.documents[d];
        out << d << '\t' << tsvField(documents.name(d)) << '\t' << document.tokens << '\t'
            << documents.length(d) - document.tokens << '\t' << formatNumber(document.logRatio) << '\t'
            << formatNumber(document.logRatioError) << '\t' << formatNumber(perplexityRatio(document));
        if (both)
          out << '\t' << formatNumber(document.forward) << '\t' << formatNumber(document.reverse) << '\t'
              << (document.directionsDisagree ? "yes" : "no");
        out << "\n";
      }
    }
    if (settings.format == "json" || !settings.report.empty()) {
      const double totalPerplexityRatio =
          result.scoredTokens == 0 ? std::nan("")
                                   : std::exp(-result.totalLogRatio / static_cast<double>(result.scoredTokens));
      const std::string method = std::string(describe(annealing.path)) + " path, " + describe(annealing.direction) +
                                 ", " + std::to_string(annealing.temperatures) + " temperatures, " +
                                 std::to_string(annealing.burnIn) + " burn-in sweeps, " +
                                 std::to_string(annealing.samples) + " samples";
      if (settings.format == "json") {
        JsonWriter json(out);
        json.beginObject().field("command", "compare").field("version", kVersion);
        json.key("model_a").beginObject().field("path", settings.modelA);
        json.field("kind", formats::describe(loadedA.kind)).field("topics", loadedA.model.numTopics).endObject();
        json.key("model_b").beginObject().field("path", settings.modelB);
        json.field("kind", formats::describe(loadedB.kind)).field("topics", loadedB.model.numTopics).endObject();
        json.key("input").beginObject().field("path", settings.input);
        json.field("documents", static_cast<uint64_t>(documents.size())).endObject();
        json.key("estimator")
            .beginObject()
            .field("name", "ratio-ais")
            .field("path", describe(annealing.path))
            .field("direction", describe(annealing.direction));
        json.field("temperatures", annealing.temperatures)
            .field("burn_in", annealing.burnIn)
            .field("samples", annealing.samples);
        json.field("seed", annealing.seed).field("aligned_topics", settings.alignTopics).endObject();
        json.key("summary")
            .beginObject()
            .field("log_ratio", result.totalLogRatio)
            .field("log_ratio_se", result.totalLogRatioError)
            .field("perplexity_ratio", totalPerplexityRatio);
        json.field("documents", static_cast<uint64_t>(documents.size())).field("tokens", result.scoredTokens);
        json.field("unseen_words", describe(policy));
        if (both) json.field("directions_paired_statistic", result.directionsPairedStatistic);
        json.field("wall_seconds", seconds).field("threads", resolveThreads(annealing.threads));
        json.endObject();
        json.key("documents").beginArray();
        for (std::size_t d = 0; d < result.documents.size(); ++d) {
          const DocumentRatio& document = result.documents[d];
          json.beginObject().field("doc", static_cast<uint64_t>(d)).field("name", documents.name(d));
          json.field("tokens", document.tokens)
              .field("skipped", static_cast<uint64_t>(documents.length(d) - document.tokens));
          json.field("logratio", document.logRatio).field("logratio_se", document.logRatioError);
          json.field("perplexity_ratio", perplexityRatio(document));
          if (both) {
            json.field("logratio_forward", document.forward).field("logratio_reverse", document.reverse);
            json.field("disagree", document.directionsDisagree);
          }
          json.endObject();
        }
        json.endArray().endObject();
        out << "\n";
      }
      if (!settings.report.empty()) {
        HtmlReport report;
        report.title = "topiceval: " + settings.modelA + " against " + settings.modelB;
        report.summary = {{"model A", settings.modelA},
                          {"model B", settings.modelB},
                          {"input", settings.input},
                          {"ratio-AIS", method},
                          {"seed", std::to_string(annealing.seed)},
                          {"unseen words", describe(policy)},
                          {"scored tokens", std::to_string(result.scoredTokens)},
                          {"log ratio A/B", totalWithError(result)},
                          {"perplexity A/B", fixed(totalPerplexityRatio, 6)}};
        std::vector<double> x, y, ratios;
        for (const DocumentRatio& document : result.documents) {
          if (document.tokens == 0) continue;
          ratios.push_back(perplexityRatio(document));
        }
        if (both) {
          for (const DocumentRatio& document : result.documents) {
            if (document.tokens == 0) continue;
            x.push_back(document.forward);
            y.push_back(document.reverse);
          }
          report.figures.push_back(
              {"Per-document log ratio A/B: forward (x) against reverse (y); the dashed line is y = x.",
               scatterSvg(x, y, "forward log ratio", "reverse log ratio", "scatter")});
        } else {
          // Against the difference of two separate filtering estimates.
          FilteringEstimator filteringA(scoringA), filteringB(scoringB);
          const EvaluationResult separateA = evaluateDocuments(filteringA, scoringA, documents, {});
          const EvaluationResult separateB = evaluateDocuments(filteringB, scoringB, documents, {});
          for (std::size_t d = 0; d < result.documents.size(); ++d) {
            if (result.documents[d].tokens == 0) continue;
            x.push_back(result.documents[d].logRatio);
            y.push_back(separateA.documents[d].logLikelihood - separateB.documents[d].logLikelihood);
          }
          report.figures.push_back(
              {"Per-document log ratio A/B: ratio-AIS (x) against two separate filtering estimates (y); "
               "the dashed line is y = x.",
               scatterSvg(x, y, "ratio-AIS log ratio", "filtering log A - log B", "scatter")});
        }
        report.figures.push_back({"Per-document perplexity ratio A/B (below 1: A is better).",
                                  histogramSvg(ratios, "perplexity ratio", false, "histogram")});
        writeHtmlReport(*reportFile, report);
      }
    }
    if (settings.format == "json") return 0;  // the summary is in the JSON
    std::ostream& summary = settings.format == "text" ? out : err;
    std::size_t winsA = 0, compared = 0, flagged = 0;
    double forwardTotal = 0.0, reverseTotal = 0.0;
    for (const DocumentRatio& document : result.documents) {
      if (document.tokens == 0) continue;
      ++compared;
      winsA += document.logRatio > 0.0;
      flagged += document.directionsDisagree;
      forwardTotal += document.forward;
      reverseTotal += document.reverse;
    }
    summary << "model A         " << settings.modelA << ": " << formats::describe(loadedA.kind) << "\n";
    summary << "model B         " << settings.modelB << ": " << formats::describe(loadedB.kind)
            << (settings.alignTopics ? " (topics aligned to A's)" : "") << "\n";
    summary << "input           " << settings.input << ": " << documents.size() << " documents, " << result.scoredTokens
            << " tokens scored by both models\n";
    summary << "ratio-AIS       " << describe(annealing.path) << " path, " << describe(annealing.direction) << ", "
            << annealing.temperatures << " temperatures, " << annealing.burnIn << " burn-in sweeps, "
            << annealing.samples << (annealing.samples == 1 ? " sample" : " samples") << "; seed " << annealing.seed
            << "\n";
    summary << "unseen words    " << describe(policy) << "\n";
    summary << "log ratio A/B   " << totalWithError(result) << " (sum over documents"
            << (std::isfinite(result.totalLogRatioError) ? "; +- one standard error"
                                                         : "; no error with one sample: use --samples 2 or more")
            << ")\n";
    if (both)
      summary << "  forward       " << fixed(forwardTotal, 4) << "\n  reverse       " << fixed(reverseTotal, 4) << "\n";
    const double totalPerplexityRatio =
        result.scoredTokens == 0 ? std::nan("")
                                 : std::exp(-result.totalLogRatio / static_cast<double>(result.scoredTokens));
    summary << "perplexity A/B  " << fixed(totalPerplexityRatio, 6) << "\n";
    summary << "A more likely   " << winsA << " of " << compared << " documents\n";
    if (both) {
      summary << "directions      paired statistic " << fixed(result.directionsPairedStatistic, 2) << ": "
              << (std::fabs(result.directionsPairedStatistic) > 3.0
                      ? "forward and reverse disagree systematically; anneal longer (more --temperatures, --burn-in)"
                      : "no systematic disagreement")
              << "\n";
      if (annealing.samples >= 5)
        summary << "                " << flagged
                << " documents whose directions differ by more than 3 standard errors\n";
    }
    summary << "time            " << fixed(seconds, 3) << " s on " << resolveThreads(annealing.threads) << " threads\n";
    return 0;
  } catch (...) {
    return reportFailure("compare", err);
  }
}

}  // namespace topiceval::cli
