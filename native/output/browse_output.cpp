// SPDX-License-Identifier: Apache-2.0
// The topic browser's page and its data (browse_output.hpp).
#include "native/output/browse_output.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "native/output/browse_page_assets.hpp"
#include "native/output/evaluation_output.hpp"
#include "native/output/output_file.hpp"
#include "native/output/quality_output.hpp"
#include "native/output/report_writers.hpp"
#include "native/runtime/classic_locale.hpp"

namespace topiceval {

namespace output {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// What each of MALLET's diagnostics says, for the table's tooltips.
std::string diagnosticHelp(const std::string& name) {
  if (name == "tokens") return "MALLET: tokens assigned to the topic";
  if (name == "document_entropy") return "MALLET: entropy of the topic's tokens over documents (lower: concentrated)";
  if (name == "word-length") return "MALLET: mean length of the top words (short ones are often noise)";
  if (name == "coherence") return "MALLET: Mimno et al.'s coherence of the top words over the training documents";
  if (name == "uniform_dist") return "MALLET: KL divergence from the uniform distribution (higher: more specific)";
  if (name == "corpus_dist") return "MALLET: KL divergence from the corpus distribution (higher: more distinct)";
  if (name == "eff_num_words") return "MALLET: effective number of words, 1 / sum phi^2";
  if (name == "token-doc-diff") return "MALLET: divergence of the top words' token and document counts";
  if (name == "rank_1_docs") return "MALLET: share of documents where the topic is the largest";
  if (name == "allocation_ratio") return "MALLET: share of documents with one token of the topic among those holding it";
  if (name == "allocation_count") return "MALLET: documents whose tokens are all the topic's";
  if (name == "exclusivity") return "MALLET: mean share of the top words' probability held by this topic";
  return name;
}

// A number only drawn (a bar's length, a tooltip's count) to six significant digits: the page holds one per
// term and per topic's term (at K = 1,000, 1.4 MB more at full digits, on a page of 8.7 MB), and never orders
// by them. Numbers the page orders by (log probabilities, lifts, saliency, figures) keep every digit.
double shown(double value) {
  if (!std::isfinite(value) || value == 0.0) return value;
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return std::strtod(text, nullptr);
}

void numbers(JsonWriter& json, const std::string& key, const std::vector<double>& values) {
  json.key(key).beginArray();
  for (const double value : values) json.value(value);
  json.endArray();
}

template <class T>
void wholes(JsonWriter& json, const std::string& key, const std::vector<T>& values) {
  json.key(key).beginArray();
  for (const T value : values) json.value(static_cast<int64_t>(value));
  json.endArray();
}

void writeRanking(JsonWriter& json, const RankedModel& model, std::size_t rank) {
  json.key("ranking").beginObject().field("rank", static_cast<uint64_t>(rank));
  json.field("per_token", model.perToken).field("per_token_se", model.perTokenStandardError);
  json.field("perplexity", model.perplexity).field("difference_to_best", model.difference);
  json.field("difference_se", model.differenceError).field("verdict", model.verdict);
  json.field("scored_tokens", model.scoredTokens).endObject();
}

void writeModel(JsonWriter& json, const BrowseModel& model, const BrowseResult& result) {
  json.beginObject().field("name", model.name).field("description", model.description);
  json.field("topics", model.topics).field("vocabulary", static_cast<uint64_t>(model.vocabulary));
  wholes(json, "order", model.order);
  numbers(json, "frequency", model.frequency);
  numbers(json, "proportion", model.proportion);
  numbers(json, "x", model.x);
  numbers(json, "y", model.y);
  numbers(json, "eigenvalues", model.eigenvalues);
  // Terms as columns: the page's largest part.
  json.key("terms").beginObject();
  json.key("word").beginArray();
  for (const BrowseTerm& term : model.terms) json.value(term.word);
  json.endArray().key("type").beginArray();
  for (const BrowseTerm& term : model.terms) json.value(static_cast<int64_t>(term.type));
  json.endArray().key("frequency").beginArray();
  for (const BrowseTerm& term : model.terms) json.value(shown(term.frequency));
  json.endArray().key("topics").beginArray();
  for (const BrowseTerm& term : model.terms) {
    json.beginArray();
    for (const int32_t topic : term.topics) json.value(static_cast<int64_t>(topic));
    json.endArray();
  }
  // A term's share in each topic is tokens / frequency (LDAvis's token table): whole numbers are the shorter
  // text (the shares at full digits were 10 MB at K = 1,000, the tokens are 1.3 MB).
  json.endArray().key("tokens").beginArray();
  for (const BrowseTerm& term : model.terms) {
    json.beginArray();
    for (const double tokens : term.tokens) json.value(static_cast<int64_t>(tokens));
    json.endArray();
  }
  json.endArray().endObject();
  json.key("topic_terms").beginArray();
  for (const auto& terms : model.topicTerms) {
    json.beginObject().key("term").beginArray();
    for (const BrowseTopicTerm& term : terms) json.value(static_cast<uint64_t>(term.term));
    json.endArray().key("log_probability").beginArray();
    for (const BrowseTopicTerm& term : terms) json.value(term.logProbability);
    json.endArray().key("log_lift").beginArray();
    for (const BrowseTopicTerm& term : terms) json.value(term.logLift);
    json.endArray().key("frequency").beginArray();
    for (const BrowseTopicTerm& term : terms) json.value(shown(term.frequency));
    json.endArray().endObject();
  }
  json.endArray();
  json.key("salient").beginObject();
  wholes(json, "term", model.salient);
  numbers(json, "saliency", model.saliency);
  json.endObject();
  json.key("figures").beginArray();
  for (const BrowseFigure& figure : topiceval::browseFigures(model)) {
    json.beginObject().field("name", figure.name).field("label", figure.label).field("help", figure.help);
    numbers(json, "values", figure.values);
    if (!figure.errors.empty()) numbers(json, "errors", figure.errors);
    json.endObject();
  }
  json.endArray();
  if (model.coherence) {
    json.key("quality").beginObject();
    json.key("measures").beginArray();
    for (const auto& measure : model.coherence->measures)
      json.beginObject().field("name", measure.name).field("mean", measure.mean).field("mean_se", measure.meanStandardError).endObject();
    json.endArray();
    json.field("exclusivity", model.coherence->meanExclusivity).field("frex", model.coherence->meanFrex);
    json.endObject();
  }
  json.key("documents").beginObject().field("source", model.documentsSource).key("topics").beginArray();
  for (const auto& documents : model.documents) {
    json.beginArray();
    for (const TypicalDocument& document : documents) {
      json.beginObject().field("document", static_cast<uint64_t>(document.document)).field("name", document.name);
      json.field("proportion", document.proportion).field("tokens", static_cast<uint64_t>(document.tokens));
      json.field("text", document.text).endObject();
    }
    json.endArray();
  }
  json.endArray().endObject();
  json.key("stability").beginArray();
  for (const SeedMatch& match : model.stability) {
    json.beginObject().field("model", match.model).field("index", static_cast<uint64_t>(match.index));
    wholes(json, "topic", match.topic);
    numbers(json, "agreement", match.agreement);
    json.endObject();
  }
  json.endArray();
  if (model.ranking && result.selection) {
    std::size_t rank = 1;
    for (const RankedModel& ranked : result.selection->models) {
      if (ranked.model.path == model.name) break;
      ++rank;
    }
    writeRanking(json, *model.ranking, rank);
  }
  json.endObject();
}

// The page's data, with every '<' written as \u003c so that no text in it can end its script element.
std::string pageData(const BrowseResult& result) {
  std::ostringstream data;
  writeBrowseJson(data, result);
  const std::string json = data.str();
  std::string safe;
  safe.reserve(json.size());
  for (const char c : json) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  return safe;
}

}  // namespace

}  // namespace output

std::vector<BrowseFigure> browseFigures(const BrowseModel& model) {
  using output::diagnosticHelp;
  using output::topicFigures;
  const auto topics = static_cast<std::size_t>(model.topics);
  std::vector<BrowseFigure> figures;
  figures.push_back({"share", "token share", "LDAvis: the topic's share of the tokens (its circle's area)",
                     model.proportion, {}});
  if (model.diagnostics) {
    const DiagnosticsResult::Topic blank;
    const auto names = topicFigures(blank);
    for (std::size_t f = 0; f < names.size(); ++f) {
      BrowseFigure figure{names[f].first, names[f].first, diagnosticHelp(names[f].first), {}, {}};
      for (const DiagnosticsResult::Topic& topic : model.diagnostics->topics)
        figure.values.push_back(topicFigures(topic)[f].second);
      figures.push_back(std::move(figure));
    }
  }
  if (model.coherence) {
    for (const CoherenceResult::Measure& measure : model.coherence->measures) {
      figures.push_back({measure.name, measure.name,
                         measure.name + " coherence of the top words against " + model.coherence->reference +
                             " (+- its bootstrap standard error)",
                         measure.perTopic, measure.perTopicStandardError});
    }
    if (!model.diagnostics)
      figures.push_back({"exclusivity", "exclusivity",
                         "MALLET's exclusivity of the top words, from the model's probabilities",
                         model.coherence->exclusivity, {}});
    figures.push_back({"frex", "FREX",
                       "stm's FREX of the top words (Bischof & Airoldi 2012): frequent and exclusive",
                       model.coherence->frex, {}});
  }
  if (!model.stability.empty()) {
    BrowseFigure figure{"stability", "stability",
                        "the average Jaccard of the topic's top words with its matched topic in each other model of "
                        "the same K (Greene et al. 2014), averaged over them",
                        std::vector<double>(topics, 0.0), {}};
    for (const SeedMatch& match : model.stability) {
      for (std::size_t k = 0; k < topics; ++k) figure.values[k] += match.agreement[k];
    }
    for (double& value : figure.values) value /= static_cast<double>(model.stability.size());
    figures.push_back(std::move(figure));
  }
  for (BrowseFigure& figure : figures) {
    if (figure.values.size() != topics) figure.values.assign(topics, output::kNaN);
  }
  return figures;
}

void writeBrowseJson(std::ostream& out, const BrowseResult& result) {
  const ClassicLocale classic;
  output::JsonWriter json(out);
  output::beginEnvelope(json, "browse");
  json.field("terms", result.terms);
  output::numbers(json, "lambda_grid", result.lambdaGrid);
  json.field("lambda_start", static_cast<uint64_t>(result.lambdaStart));
  if (result.selection) {
    const SelectResult& selection = *result.selection;
    json.key("selection").beginObject().field("input", selection.input);
    json.field("documents", static_cast<uint64_t>(selection.documents)).field("scored_tokens", selection.sharedTokens);
    json.field("estimator", selection.estimator).field("runs", selection.runs).endObject();
  }
  json.key("models").beginArray();
  for (const BrowseModel& model : result.models) output::writeModel(json, model, result);
  json.endArray();
  output::endEnvelope(json, out, result.warnings);
}

void writeBrowsePage(std::ostream& out, const BrowseResult& result) {
  const ClassicLocale classic;
  std::string title = "topiceval browse";
  if (!result.models.empty()) title += ": " + result.models.front().name;
  if (result.models.size() > 1) title += " and " + std::to_string(result.models.size() - 1) + " more";
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; "
         "style-src 'unsafe-inline'; img-src data:\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << output::escapeHtml(title) << "</title>\n<link rel=\"icon\" href=\"data:,\">\n<style>\n"
      << output::kBrowsePageCss << "</style>\n</head>\n<body>\n"
      << "<noscript><p>This page draws its figures with its own inline script (it requests nothing): allow "
         "scripts to see them.</p></noscript>\n"
      << "<script type=\"application/json\" id=\"browse-data\">" << output::pageData(result) << "</script>\n"
      << "<script>\n" << output::kBrowsePageScript << "</script>\n</body>\n</html>\n";
}

void writeBrowseJson(const std::string& path, const BrowseResult& result) {
  std::ostringstream discarded;
  output::OutputFile file(path, "the page's data", result.inputs, discarded);
  writeBrowseJson(file.stream(), result);
  file.commit();
}

void writeBrowsePage(const std::string& path, const BrowseResult& result) {
  std::ostringstream discarded;
  output::OutputFile page(path, "the page", result.inputs, discarded);
  writeBrowsePage(page.stream(), result);
  page.commit();
}

}  // namespace topiceval
