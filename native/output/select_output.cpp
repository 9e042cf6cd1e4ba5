#include "native/output/select_output.hpp"

#include <cmath>

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"
#include "native/output/report_writers.hpp"

namespace topiceval::output {

namespace {

std::string plusMinus(double value, double error, int decimals) {
  return std::isfinite(error) ? fixed(value, decimals) + " +- " + fixed(error, decimals) : fixed(value, decimals);
}

std::string estimatorLine(const SelectResult& result) {
  return result.estimatorDescription + (result.stochastic
                                            ? "; seed " + std::to_string(result.seed) + ", " +
                                                  std::to_string(result.runs) + (result.runs == 1 ? " run" : " runs")
                                            : "");
}

std::string tokensLine(const SelectResult& result) {
  return std::to_string(result.sharedTokens) + " of " + std::to_string(result.tokens) + " tokens in " +
         std::to_string(result.documents) + " documents, the ones every model scores under --unseen-words " +
         result.unseenWords +
         (result.vocabularySize ? "; V = " + std::to_string(*result.vocabularySize) +
                                      (result.vocabulariesDiffer ? " for every LDA model (the largest of theirs)" : "")
                                : std::string());
}

}  // namespace

void writeSelectText(std::ostream& out, const SelectResult& result) {
  out << "input           " << result.input << ": " << tokensLine(result) << "\n";
  out << "estimator       " << estimatorLine(result) << "\n";
  out << "\nrank  topics  log likelihood            per token              perplexity  difference to best      "
         "model\n";
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    const std::string difference =
        r == 0 ? "(best)"
               : plusMinus(-model.difference, model.differenceError, 2) + (model.verdict == "worse" ? "" : " tied");
    out << padded(std::to_string(r + 1), 5) << ' ' << padded(std::to_string(model.model.topics), 7) << ' '
        << padded(plusMinus(model.total, model.totalStandardError, 2), 25) << ' '
        << padded(plusMinus(model.perToken, model.perTokenStandardError, 5), 22) << ' '
        << padded(fixed(model.perplexity, 1), 11) << ' ' << padded(difference, 23) << ' ' << model.model.path << "\n";
  }
  out << "\n+- after a total or per-token figure: its standard error over runs ("
      << (result.unbiased ? "the estimator is unbiased" : "it leaves out the estimator's bias")
      << (result.errorCaveat.empty() ? "" : "; " + result.errorCaveat) << ").\n"
      << "difference to best: paired over the same documents, +- its standard error over documents; \"tied\": "
         "within two errors of the best, not distinguishably worse.\n";
  out << "time            " << fixed(result.seconds, 3) << " s on " << result.threads
      << (result.threads == 1 ? " thread" : " threads") << "\n";
}

void writeSelectTsv(std::ostream& out, const SelectResult& result) {
  out << "rank\tmodel\ttopics\ttokens\town_skipped\ttotal\ttotal_se\tper_token\tper_token_se\tperplexity\t"
         "difference_to_best\tdifference_se\tverdict\n";
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    out << r + 1 << '\t' << tsvField(model.model.path) << '\t' << model.model.topics << '\t' << model.scoredTokens
        << '\t' << model.ownSkippedTokens << '\t' << formatNumber(model.total) << '\t'
        << formatNumber(model.totalStandardError) << '\t' << formatNumber(model.perToken) << '\t'
        << formatNumber(model.perTokenStandardError) << '\t' << formatNumber(model.perplexity) << '\t'
        << formatNumber(model.difference) << '\t' << formatNumber(model.differenceError) << '\t' << model.verdict
        << '\n';
  }
}

void writeSelectJson(std::ostream& out, const SelectResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, "select");
  json.key("input").beginObject().field("path", result.input);
  json.field("documents", static_cast<uint64_t>(result.documents)).field("tokens", result.tokens);
  json.field("scored_tokens", result.sharedTokens).field("unseen_words", result.unseenWords).endObject();
  json.key("estimator").beginObject().field("name", result.estimator).field("description", result.estimatorDescription);
  json.field("stochastic", result.stochastic).field("unbiased", result.unbiased);
  json.field("seed", result.seed).field("runs", result.runs).endObject();
  json.key("models").beginArray();
  for (const RankedModel& model : result.models) {
    json.beginObject().field("path", model.model.path).field("kind", model.model.kind);
    json.field("topics", model.model.topics).field("tokens", model.scoredTokens);
    json.field("own_skipped_tokens", model.ownSkippedTokens);
    json.field("total", model.total).field("total_se", model.totalStandardError);
    json.field("per_token", model.perToken).field("per_token_se", model.perTokenStandardError);
    json.field("perplexity", model.perplexity).field("difference_to_best", model.difference);
    json.field("difference_se", model.differenceError).field("verdict", model.verdict);
    json.endObject();
  }
  json.endArray();
  json.field("wall_seconds", result.seconds).field("threads", result.threads);
  endEnvelope(json, out, result.warnings);
}

void writeSelectReport(std::ostream& out, const SelectResult& result) {
  HtmlReport report;
  report.title = "topiceval: models ranked on " + result.input;
  report.summary = {{"input", result.input + ": " + tokensLine(result)}, {"estimator", estimatorLine(result)}};
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    report.summary.emplace_back(std::to_string(r + 1) + ". " + model.model.path,
                                std::to_string(model.model.topics) + " topics; per token " +
                                    plusMinus(model.perToken, model.perTokenStandardError, 5) + "; perplexity " +
                                    fixed(model.perplexity, 1) +
                                    (r == 0 ? "; best"
                                            : "; " + plusMinus(-model.difference, model.differenceError, 2) +
                                                  " nats to the best (" + model.verdict + ")"));
  }
  std::vector<double> topics, perToken, errors, perplexity, perplexityErrors;
  for (const RankedModel& model : result.models) {
    topics.push_back(model.model.topics);
    perToken.push_back(model.perToken);
    errors.push_back(model.perTokenStandardError);
    perplexity.push_back(model.perplexity);
    perplexityErrors.push_back(model.perplexityStandardError);
  }
  report.figures.push_back(
      {"Held-out log likelihood per token against the number of topics; bars are +- 2 "
       "standard errors (over runs).",
       errorBarsSvg(topics, perToken, errors, "topics", "log likelihood per token", "by-k")});
  report.figures.push_back({"Perplexity against the number of topics; bars are +- 2 standard errors.",
                            errorBarsSvg(topics, perplexity, perplexityErrors, "topics", "perplexity", "perplexity")});
  if (result.models.size() > 1) {
    const RankedModel& best = result.models[0];
    const RankedModel& second = result.models[1];
    std::vector<double> first, next;
    for (const std::size_t d : result.scoredDocuments) {
      const auto tokens = static_cast<double>(best.documents[d].scoredTokens);
      first.push_back(best.documents[d].logLikelihood / tokens);
      next.push_back(second.documents[d].logLikelihood / tokens);
    }
    report.figures.push_back({"Per-document log likelihood per token: the best model (x, " + best.model.path +
                                  ") against the second (y, " + second.model.path +
                                  "); below the diagonal, the best model wins the document.",
                              scatterSvg(first, next, "best: " + std::to_string(best.model.topics) + " topics",
                                         "second: " + std::to_string(second.model.topics) + " topics", "pair")});
  }
  for (const Warning& warning : result.warnings) report.summary.emplace_back("warning", warning.text);
  writeHtmlReport(out, report);
}

}  // namespace topiceval::output
