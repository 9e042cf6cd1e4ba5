// SPDX-License-Identifier: Apache-2.0
#include "native/output/compare_output.hpp"

#include <cmath>

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"
#include "native/output/report_writers.hpp"

namespace topiceval::output {

namespace {

// "12.3456 (-0.4567 / +1.2345)", the interval of the truth around the
// total, or the total alone when one sample per direction gives no error.
std::string totalWithError(const CompareResult& result) {
  if (!std::isfinite(result.logRatioInterval.low)) return fixed(result.logRatio, 4);
  return fixed(result.logRatio, 4) + " " + intervalText(result.logRatio, result.logRatioInterval, 4);
}

// What the interval holds, by direction (topiceval/interval.hpp, ratioInterval).
std::string intervalNote(const CompareResult& result) {
  if (result.direction == "both")
    return "95% from the forward's low end to the reverse's high end: the truth lies between them";
  if (result.direction == "forward") return "95% of the error widened upward by the forward direction's bias bound";
  return "95% of the error widened downward by the reverse direction's bias bound";
}

// Which model the interval favours, or that this budget cannot tell.
std::string verdict(const CompareResult& result) {
  if (result.tooCloseToCall) return "too close to call at this budget";
  return result.logRatioInterval.low > 0.0 ? "A is more likely" : "B is more likely";
}

bool both(const CompareResult& result) { return bothDirections(result); }

std::string method(const CompareResult& result) {
  return result.path + " path, " + result.direction + ", " + std::to_string(result.temperatures) + " temperatures, " +
         std::to_string(result.burnIn) + " burn-in sweeps, " + std::to_string(result.samples) + " samples";
}

bool numbered(const CurveResult& result) { return curveNumbered(result); }

std::string label(const CurveResult& result, std::size_t i) {
  return numbered(result) ? std::to_string(*result.iterations[i]) : std::to_string(i);
}

double perToken(const CurveResult& result, std::size_t i) { return curvePerToken(result, i); }

}  // namespace

bool bothDirections(const CompareResult& result) { return result.direction == "both"; }

bool curveNumbered(const CurveResult& result) {
  for (const auto& iteration : result.iterations) {
    if (!iteration) return false;
  }
  return !result.iterations.empty();
}

double curvePerToken(const CurveResult& result, std::size_t i) {
  return result.totals[i] / static_cast<double>(result.scoredTokens);
}

void writeCompareTsv(std::ostream& out, const CompareResult& result) {
  out << "doc\tname\ttokens\tskipped\tlogratio\tlogratio_se\tperplexity_ratio";
  if (both(result)) out << "\tlogratio_forward\tlogratio_reverse\tdisagree";
  out << "\n";
  for (std::size_t d = 0; d < result.ratios.size(); ++d) {
    const ComparedDocument& document = result.ratios[d];
    out << d << '\t' << tsvField(document.name) << '\t' << document.tokens << '\t' << document.skipped << '\t'
        << formatNumber(document.logRatio) << '\t' << formatNumber(document.logRatioError) << '\t'
        << formatNumber(document.perplexityRatio);
    if (both(result))
      out << '\t' << formatNumber(document.forward) << '\t' << formatNumber(document.reverse) << '\t'
          << (document.directionsDisagree ? "yes" : "no");
    out << "\n";
  }
}

void writeCompareJson(std::ostream& out, const CompareResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, "compare");
  json.key("model_a").beginObject().field("path", result.modelA.path);
  json.field("kind", result.modelA.kind).field("topics", result.modelA.topics).endObject();
  json.key("model_b").beginObject().field("path", result.modelB.path);
  json.field("kind", result.modelB.kind).field("topics", result.modelB.topics).endObject();
  json.key("input").beginObject().field("path", result.input);
  json.field("documents", static_cast<uint64_t>(result.documents)).endObject();
  json.key("estimator").beginObject().field("name", "ratio-ais").field("path", result.path);
  json.field("direction", result.direction);
  json.field("temperatures", result.temperatures).field("burn_in", result.burnIn).field("samples", result.samples);
  json.field("seed", result.seed).field("aligned_topics", result.alignedTopics).endObject();
  json.key("summary").beginObject().field("log_ratio", result.logRatio);
  json.field("log_ratio_se", result.logRatioError).field("perplexity_ratio", result.perplexityRatio);
  writeInterval(json, "log_ratio_interval", result.logRatioInterval);
  writeInterval(json, "per_token_ratio_interval", result.perTokenRatioInterval);
  json.field("interval_confidence", kIntervalConfidence).field("too_close_to_call", result.tooCloseToCall);
  json.field("documents", static_cast<uint64_t>(result.documents)).field("tokens", result.scoredTokens);
  json.field("unseen_words", std::string(spellingOf(result.unseenWords)));
  if (both(result)) json.field("directions_paired_statistic", result.directionsPairedStatistic);
  json.field("wall_seconds", result.seconds).field("threads", result.threads);
  json.endObject();
  json.key("documents").beginArray();
  for (std::size_t d = 0; d < result.ratios.size(); ++d) {
    const ComparedDocument& document = result.ratios[d];
    json.beginObject().field("doc", static_cast<uint64_t>(d)).field("name", document.name);
    json.field("tokens", document.tokens).field("skipped", document.skipped);
    json.field("logratio", document.logRatio).field("logratio_se", document.logRatioError);
    json.field("perplexity_ratio", document.perplexityRatio);
    if (both(result)) {
      json.field("logratio_forward", document.forward).field("logratio_reverse", document.reverse);
      json.field("disagree", document.directionsDisagree);
    }
    json.endObject();
  }
  json.endArray();
  endEnvelope(json, out, result.warnings);
}

void writeCompareReport(std::ostream& out, const CompareResult& result) {
  HtmlReport report;
  report.title = "topiceval: " + result.modelA.path + " against " + result.modelB.path;
  report.summary = {{"model A", result.modelA.path},
                    {"model B", result.modelB.path},
                    {"input", result.input},
                    {"ratio-AIS", method(result)},
                    {"seed", std::to_string(result.seed)},
                    {"unseen words", std::string(spellingOf(result.unseenWords))},
                    {"scored tokens", std::to_string(result.scoredTokens)},
                    {"log ratio A/B", totalWithError(result)},
                    {"verdict", verdict(result)},
                    {"perplexity A/B", fixed(result.perplexityRatio, 6)}};
  std::vector<double> x, y, ratios;
  for (std::size_t d = 0; d < result.ratios.size(); ++d) {
    const ComparedDocument& document = result.ratios[d];
    if (document.tokens == 0) continue;
    ratios.push_back(document.perplexityRatio);
    x.push_back(both(result) ? document.forward : document.logRatio);
    y.push_back(both(result) ? document.reverse : result.separateDifferences[d]);
  }
  if (both(result)) {
    report.figures.push_back({"Per-document log ratio A/B: forward (x) against reverse (y); the dashed line is y = x.",
                              scatterSvg(x, y, "forward log ratio", "reverse log ratio", "scatter")});
  } else {
    report.figures.push_back(
        {"Per-document log ratio A/B: ratio-AIS (x) against two separate filtering estimates (y); the dashed line "
         "is y = x.",
         scatterSvg(x, y, "ratio-AIS log ratio", "filtering log A - log B", "scatter")});
  }
  report.figures.push_back({"Per-document perplexity ratio A/B (below 1: A is better).",
                            histogramSvg(ratios, "perplexity ratio", false, "histogram")});
  for (const Warning& warning : result.warnings) report.summary.emplace_back("warning", warning.text);
  writeHtmlReport(out, report);
}

void writeCompareSummary(std::ostream& out, const CompareResult& result) {
  std::size_t winsA = 0, compared = 0, flagged = 0;
  for (const ComparedDocument& document : result.ratios) {
    if (document.tokens == 0) continue;
    ++compared;
    winsA += document.logRatio > 0.0;
    flagged += document.directionsDisagree;
  }
  out << "model A         " << result.modelA.path << ": " << result.modelA.kind << "\n";
  out << "model B         " << result.modelB.path << ": " << result.modelB.kind
      << (result.alignedTopics ? " (topics aligned to A's)" : "") << "\n";
  out << "input           " << result.input << ": " << result.documents << " documents, " << result.scoredTokens
      << " tokens scored by both models\n";
  out << "ratio-AIS       " << result.path << " path, " << result.direction << ", " << result.temperatures
      << " temperatures, " << result.burnIn << " burn-in sweeps, " << result.samples
      << (result.samples == 1 ? " sample" : " samples") << "; seed " << result.seed << "\n";
  out << "unseen words    " << spellingOf(result.unseenWords) << "\n";
  const bool withInterval = std::isfinite(result.logRatioInterval.low);
  out << "log ratio A/B   " << totalWithError(result) << " (sum over documents"
      << (withInterval ? "; se " + fixed(result.logRatioError, 4) + "; the interval: " + intervalNote(result)
                       : "; no error with one sample: use --samples 2 or more")
      << ")\n";
  if (withInterval) {
    const double perToken = result.logRatio / static_cast<double>(result.scoredTokens);
    out << "per token A/B   " << fixed(perToken, 6) << " " << intervalText(perToken, result.perTokenRatioInterval, 6)
        << "\n";
  }
  if (both(result))
    out << "  forward       " << fixed(result.forwardTotal, 4) << "\n  reverse       " << fixed(result.reverseTotal, 4)
        << "\n";
  out << "verdict         " << verdict(result) << "\n";
  out << "perplexity A/B  " << fixed(result.perplexityRatio, 6) << "\n";
  out << "A more likely   " << winsA << " of " << compared << " documents\n";
  if (both(result)) {
    out << "directions      paired statistic " << fixed(result.directionsPairedStatistic, 2) << ": "
        << (std::fabs(result.directionsPairedStatistic) > 3.0
                ? "forward and reverse disagree systematically; anneal longer (more --temperatures, --burn-in)"
                : "no systematic disagreement")
        << "\n";
    if (result.samples >= 5)
      out << "                " << flagged << " documents whose directions differ by more than 3 standard errors\n";
  }
  out << "time            " << fixed(result.seconds, 3) << " s on " << result.threads << " threads\n";
}

void writeCurveText(std::ostream& out, const CurveResult& result) {
  out << "input           " << result.input << ": " << result.documents << " documents, " << result.scoredTokens
      << " tokens scored by every model\n";
  out << "iteration-AIS   " << result.temperatures << " temperatures per segment; seed " << result.seed << "\n";
  out << (numbered(result) ? "iteration" : "state    ") << "  log likelihood    per token  perplexity  file\n";
  for (std::size_t i = 0; i < result.models.size(); ++i) {
    const std::string name = label(result, i);
    const std::string total = fixed(result.totals[i], 4), rate = fixed(perToken(result, i), 6),
                      perplexity = fixed(std::exp(-perToken(result, i)), 3);
    out << std::string(name.size() < 9 ? 9 - name.size() : 0, ' ') << name << "  "
        << std::string(total.size() < 15 ? 15 - total.size() : 0, ' ') << total << "  "
        << std::string(rate.size() < 10 ? 10 - rate.size() : 0, ' ') << rate << "  "
        << std::string(perplexity.size() < 10 ? 10 - perplexity.size() : 0, ' ') << perplexity << "  "
        << result.models[i].path << "\n";
  }
}

void writeCurveTsv(std::ostream& out, const CurveResult& result) {
  out << (numbered(result) ? "iteration" : "state") << "\tfile\tloglik\tper_token\tperplexity\n";
  for (std::size_t i = 0; i < result.models.size(); ++i)
    out << label(result, i) << '\t' << result.models[i].path << '\t' << formatNumber(result.totals[i]) << '\t'
        << formatNumber(perToken(result, i)) << '\t' << formatNumber(std::exp(-perToken(result, i))) << '\n';
}

void writeCurveFooter(std::ostream& out, const CurveResult& result) {
  out << "error           none given: one annealing chain per document (compare --samples gives errors)\n"
      << "time            " << fixed(result.seconds, 3) << " s\n";
}

void writeCurveJson(std::ostream& out, const CurveResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, "curve");
  json.key("input")
      .beginObject()
      .field("path", result.input)
      .field("documents", static_cast<uint64_t>(result.documents));
  json.field("scored_tokens", result.scoredTokens).endObject();
  json.key("estimator").beginObject().field("name", "iteration-ais").field("temperatures", result.temperatures);
  json.field("seed", result.seed).field("stochastic", true).field("runs", 1).endObject();
  json.key("states").beginArray();
  for (std::size_t i = 0; i < result.models.size(); ++i) {
    json.beginObject().field("path", result.models[i].path);
    if (numbered(result)) json.field("iteration", static_cast<int64_t>(*result.iterations[i]));
    json.field("loglik", result.totals[i]).field("per_token", perToken(result, i));
    json.field("perplexity", std::exp(-perToken(result, i))).endObject();
  }
  json.endArray().field("wall_seconds", result.seconds);
  endEnvelope(json, out, result.warnings);
}

void writeCurveReport(std::ostream& out, const CurveResult& result) {
  const std::string column = numbered(result) ? "iteration" : "state";
  HtmlReport page;
  page.title = "topiceval: held-out likelihood across a training run";
  page.summary = {{"input", result.input + ": " + std::to_string(result.documents) + " documents, " +
                                std::to_string(result.scoredTokens) + " tokens scored by every model"},
                  {"iteration-AIS", std::to_string(result.temperatures) + " temperatures per segment; seed " +
                                        std::to_string(result.seed)}};
  std::vector<double> x, y;
  for (std::size_t i = 0; i < result.models.size(); ++i) {
    page.summary.emplace_back(column + " " + label(result, i),
                              result.models[i].path + ": per token " + fixed(perToken(result, i), 6));
    x.push_back(numbered(result) ? static_cast<double>(*result.iterations[i]) : static_cast<double>(i));
    y.push_back(perToken(result, i));
  }
  page.figures.push_back({"Held-out log likelihood per token at each " + column + ".",
                          errorBarsSvg(x, y, std::vector<Interval>{}, column, "log likelihood per token", "curve")});
  writeHtmlReport(out, page);
}

}  // namespace topiceval::output
