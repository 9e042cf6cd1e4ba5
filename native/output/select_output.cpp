// SPDX-License-Identifier: Apache-2.0
#include "native/output/select_output.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

#include "native/output/evaluation_output.hpp"
#include "native/output/number_text.hpp"
#include "native/output/report_writers.hpp"

namespace topiceval::output {

namespace {

std::string plusMinus(double value, double error, int decimals) {
  return std::isfinite(error) ? fixed(value, decimals) + " +- " + fixed(error, decimals) : fixed(value, decimals);
}

// "value (-below / +above)", the headline interval, or the value alone without one.
std::string withInterval(double value, const Interval& interval, int decimals) {
  return std::isfinite(interval.low) ? fixed(value, decimals) + " " + intervalText(value, interval, decimals)
                                     : fixed(value, decimals);
}

constexpr const char* kTooClose = "too close to call at this budget";

std::string estimatorLine(const SelectResult& result) {
  return result.estimatorDescription + (result.stochastic
                                            ? "; seed " + std::to_string(result.seed) + ", " +
                                                  std::to_string(result.runs) + (result.runs == 1 ? " run" : " runs")
                                            : "");
}

std::string tokensLine(const SelectResult& result) {
  return std::to_string(result.sharedTokens) + " of " + std::to_string(result.tokens) + " tokens in " +
         std::to_string(result.documents) + " documents, the ones every model scores under --unseen-words " +
         std::string(spellingOf(result.unseenWords)) +
         (result.vocabularySize ? "; V = " + std::to_string(*result.vocabularySize) +
                                      (result.vocabulariesDiffer ? " for every LDA model (the largest of theirs)" : "")
                                : std::string());
}

// The first model with topic quality measured (a model without words has none).
const TopicQuality* firstQuality(const SelectResult& result) {
  for (const RankedModel& model : result.models) {
    if (model.quality) return &*model.quality;
  }
  return nullptr;
}

std::string qualityLine(const SelectResult& result) {
  const TopicQuality* quality = firstQuality(result);
  if (quality == nullptr) return "";
  return quality->measure + " coherence of the top " + std::to_string(result.qualityTopWords) +
         " words" + (quality->windowSize > 0 ? " (windows of " + std::to_string(quality->windowSize) + ")" : "") +
         " on " + result.qualityReference;
}

// "The best is the largest K tried: try larger." when it is, for more than one K.
std::string edgeOfTheRange(const SelectResult& result) {
  int smallest = INT32_MAX, largest = INT32_MIN;
  for (const RankedModel& model : result.models) {
    smallest = std::min(smallest, model.model.topics);
    largest = std::max(largest, model.model.topics);
  }
  if (result.models.size() < 2 || smallest == largest) return "";
  const int best = result.models.front().model.topics;
  if (best == largest)
    return "The best held-out likelihood is at the largest number of topics tried (" + std::to_string(best) +
           "): try larger ones too.";
  if (best == smallest)
    return "The best held-out likelihood is at the smallest number of topics tried (" + std::to_string(best) +
           "): try smaller ones too.";
  return "";
}

// A figure for the plain-text table: "-" when the model lacks what it needs.
std::string figureText(double value, int decimals) { return std::isfinite(value) ? fixed(value, decimals) : "-"; }

// ldatuning's and stm's figures, one row per model (a mean's bootstrap error beside it).
void writeFiguresText(std::ostream& out, const SelectResult& result) {
  if (result.models.empty() || result.models.front().figures.empty()) return;
  out << "\nldatuning and stm (as their R functions compute them)\nrank  topics";
  for (const TopicNumberFigure& figure : result.models.front().figures)
    out << "  " << padded(figure.name + " (" + figure.better + ")", figure.perTopic.empty() ? 22 : 34);
  out << "  model\n";
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    out << padded(std::to_string(r + 1), 5) << ' ' << padded(std::to_string(model.model.topics), 6);
    for (const TopicNumberFigure& figure : model.figures) {
      const std::string value = figure.perTopic.empty() || !std::isfinite(figure.value)
                                    ? figureText(figure.value, 5)
                                    : plusMinus(figure.value, figure.standardError, 5);
      out << "  " << padded(value, figure.perTopic.empty() ? 22 : 34);
    }
    out << "  " << model.model.path << "\n";
  }
}

std::string agreementText(const SeedGroup& group) {
  return fixed(group.agreement, 4) + " (sd " + figureText(group.agreementSd, 4) + ", " + fixed(group.agreementMin, 4) +
         "-" + fixed(group.agreementMax, 4) + ", " + std::to_string(group.pairs.size()) +
         (group.pairs.size() == 1 ? " pair)" : " pairs)");
}

std::string nextText(const SeedGroup& group) {
  if (group.nextTopics == 0) return "";
  return "K " + std::to_string(group.nextTopics) + ": " + (group.differenceToNext >= 0 ? "+" : "") +
         fixed(group.differenceToNext, 5) + " +- " + fixed(group.differenceToNextError, 5) + ", " +
         (group.exceedsRetraining ? "exceeds retraining" : "within retraining");
}

void writeStabilityText(std::ostream& out, const SelectResult& result) {
  if (result.seedGroups.empty()) return;
  out << "\nstability across seeds (models given with the same number of topics; top " << result.stabilityWords
      << " words)\ntopics  runs  " << padded("agreement", 44)
      << " per token   between seeds  within run  to the next K\n";
  for (const SeedGroup& group : result.seedGroups) {
    out << padded(std::to_string(group.topics), 7) << ' ' << padded(std::to_string(group.runs.size()), 5) << ' '
        << padded(agreementText(group), 44) << ' ' << padded(fixed(group.perToken, 5), 11) << ' '
        << padded(figureText(group.perTokenSpread, 5), 14) << ' ' << padded(figureText(group.perTokenError, 5), 11)
        << ' ' << nextText(group) << "\n";
  }
}

}  // namespace

void writeSelectText(std::ostream& out, const SelectResult& result) {
  out << "input           " << result.input << ": " << tokensLine(result) << "\n";
  out << "estimator       " << estimatorLine(result) << "\n";
  out << "\nrank  topics  log likelihood              per token                      perplexity  difference to best"
         "                                     model\n";
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    const std::string difference =
        model.verdict == kBestVerdict          ? "(best)"
        : model.verdict == kUnsupportedVerdict ? "(unsupported: runs too heavy-tailed to rank)"
                                               : withInterval(model.difference, model.differenceInterval, 2) +
                                                     (model.verdict == kWorseVerdict ? "" : std::string(" ") + kTooClose);
    out << padded(std::to_string(r + 1), 5) << ' ' << padded(std::to_string(model.model.topics), 7) << ' '
        << padded(withInterval(model.total, model.totalInterval, 2), 27) << ' '
        << padded(withInterval(model.perToken, model.perTokenInterval, 5), 30) << ' '
        << padded(fixed(model.perplexity, 1), 11) << ' ' << padded(difference, 54) << ' ' << model.model.path << "\n";
  }
  if (firstQuality(result) != nullptr) {
    out << "\ntopic quality   " << qualityLine(result) << "\n";
    out << "\nrank  topics  coherence             exclusivity  frex     diversity  model\n";
    for (std::size_t r = 0; r < result.models.size(); ++r) {
      const RankedModel& model = result.models[r];
      if (!model.quality) {
        out << padded(std::to_string(r + 1), 5) << ' ' << padded(std::to_string(model.model.topics), 7)
            << " (no words: not measured)                               " << model.model.path << "\n";
        continue;
      }
      const TopicQuality& quality = *model.quality;
      out << padded(std::to_string(r + 1), 5) << ' ' << padded(std::to_string(model.model.topics), 7) << ' '
          << padded(plusMinus(quality.coherence, quality.coherenceStandardError, 4), 21) << ' '
          << padded(fixed(quality.exclusivity, 4), 12) << ' ' << padded(fixed(quality.frex, 3), 8) << ' '
          << padded(fixed(quality.diversity, 3), 10) << ' ' << model.model.path << "\n";
    }
  }
  writeFiguresText(out, result);
  writeStabilityText(out, result);
  if (const std::string edge = edgeOfTheRange(result); !edge.empty()) out << "\n" << edge << "\n";
  out << "\n(-below / +above) after a total or per-token figure: its 95% interval, 1.96 standard errors over runs "
         "each side, widened upward by the log-mean bias bound (the log of a mean of runs sits low by up to half "
         "the sum of squared errors; "
      << (result.unbiased ? "the estimator is unbiased, heavy tails aside" : "it leaves out the estimator's own bias")
      << (result.errorCaveat.empty() ? "" : "; " + result.errorCaveat) << ").\n"
      << "difference to best: the best total minus this one (nats behind the best), paired over the same "
         "documents, with its interval: 1.96 standard errors over documents each side, reaching up by the best's "
         "bias bound and down by this model's; \"" << kTooClose << "\": the interval holds 0, so this budget cannot "
         "tell the model from the best (a larger one can).\n";
  if (firstQuality(result) != nullptr)
    out << "coherence: the mean over topics, +- its bootstrap error over the reference documents (another sample of "
           "such documents; not the choice of texts, window or top words); exclusivity: MALLET's; frex: stm's; "
           "diversity: the share of distinct top words.\n";
  if (!result.seedGroups.empty())
    out << "agreement: Greene et al.'s, each pair of runs of a K matched topic to topic on the average Jaccard of "
           "their top words (1: the same rankings), the mean over pairs with its spread; between seeds: the "
           "standard deviation of the runs' per-token log likelihood, within run: their standard error; to the next "
           "K: its mean per token minus this one's, +- what retraining alone gives it (sqrt(s^2/n + s'^2/n')), "
           "\"exceeds retraining\" when the difference is more than twice that.\n";
  out << "time            " << fixed(result.seconds, 3) << " s on " << result.threads
      << (result.threads == 1 ? " thread" : " threads") << "\n";
}

namespace {

void writeStabilityColumns(std::ostream& out, const SelectResult& result, const RankedModel& model) {
  for (const SeedGroup& group : result.seedGroups) {
    const auto run = std::find(group.runs.begin(), group.runs.end(), model.model.path);
    if (group.topics != model.model.topics || run == group.runs.end()) continue;
    const std::vector<double>& topics = group.topicAgreement[static_cast<std::size_t>(run - group.runs.begin())];
    double sum = 0.0;
    for (const double value : topics) sum += value;
    out << '\t' << group.runs.size() << '\t' << formatNumber(group.agreement) << '\t'
        << formatNumber(group.agreementSd) << '\t' << formatNumber(group.agreementMin) << '\t'
        << formatNumber(group.agreementMax) << '\t' << group.pairs.size() << '\t'
        << formatNumber(topics.empty() ? std::nan("") : sum / static_cast<double>(topics.size())) << '\t'
        << formatNumber(group.perTokenSpread) << '\t' << group.nextTopics << '\t'
        << formatNumber(group.differenceToNext) << '\t' << formatNumber(group.differenceToNextError) << '\t'
        << (group.nextTopics == 0 ? "-" : group.exceedsRetraining ? "true" : "false");
    return;
  }
  out << "\t1\tnan\tnan\tnan\tnan\t0\tnan\tnan\t0\tnan\tnan\t-";
}

}  // namespace

void writeSelectTsv(std::ostream& out, const SelectResult& result) {
  out << "rank\tmodel\ttopics\ttokens\town_skipped\ttotal\ttotal_se\tper_token\tper_token_se\tperplexity\t"
         "difference_to_best\tdifference_se\tverdict\tcoherence_measure\tcoherence\tcoherence_se\texclusivity\tfrex\t"
         "diversity\ttotal_low\ttotal_high\tper_token_low\tper_token_high\tlog_mean_bias\tdifference_low\t"
         "difference_high";
  // ldatuning's and stm's figures, each a column (a mean's error beside it), named as the JSON names them.
  if (!result.models.empty()) {
    for (const TopicNumberFigure& figure : result.models.front().figures) {
      out << '\t' << figure.name;
      if (!figure.perTopic.empty()) out << '\t' << figure.name << "_se";
    }
  }
  // Stability across seeds: the model's K's figures (nan for a K given once) and its own topics' mean agreement.
  out << "\tseed_runs\tagreement\tagreement_sd\tagreement_min\tagreement_max\tagreement_pairs\tmodel_agreement"
         "\tper_token_seed_spread\tnext_topics\tdifference_to_next\tdifference_to_next_se\texceeds_retraining";
  out << "\tinterval_unsupported";
  out << '\n';
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    out << r + 1 << '\t' << tsvField(model.model.path) << '\t' << model.model.topics << '\t' << model.scoredTokens
        << '\t' << model.ownSkippedTokens << '\t' << formatNumber(model.total) << '\t'
        << formatNumber(model.totalStandardError) << '\t' << formatNumber(model.perToken) << '\t'
        << formatNumber(model.perTokenStandardError) << '\t' << formatNumber(model.perplexity) << '\t'
        << formatNumber(model.difference) << '\t' << formatNumber(model.differenceError) << '\t' << model.verdict;
    if (model.quality) {
      out << '\t' << model.quality->measure << '\t' << formatNumber(model.quality->coherence) << '\t'
          << formatNumber(model.quality->coherenceStandardError) << '\t' << formatNumber(model.quality->exclusivity)
          << '\t' << formatNumber(model.quality->frex) << '\t' << formatNumber(model.quality->diversity);
    } else {
      out << "\t-\tnan\tnan\tnan\tnan\tnan";
    }
    // The intervals after the older columns, which keep their places.
    out << '\t' << formatNumber(model.totalInterval.low) << '\t' << formatNumber(model.totalInterval.high) << '\t'
        << formatNumber(model.perTokenInterval.low) << '\t' << formatNumber(model.perTokenInterval.high) << '\t'
        << formatNumber(model.logMeanBias) << '\t' << formatNumber(model.differenceInterval.low) << '\t'
        << formatNumber(model.differenceInterval.high);
    for (const TopicNumberFigure& figure : model.figures) {
      out << '\t' << formatNumber(figure.value);
      if (!figure.perTopic.empty()) out << '\t' << formatNumber(figure.standardError);
    }
    writeStabilityColumns(out, result, model);
    out << '\t' << (model.intervalUnsupported.empty() ? std::string("-") : tsvField(model.intervalUnsupported));
    out << '\n';
  }
}

void writeSelectJson(std::ostream& out, const SelectResult& result) {
  JsonWriter json(out);
  beginEnvelope(json, "select");
  json.key("input").beginObject().field("path", result.input);
  json.field("documents", static_cast<uint64_t>(result.documents)).field("tokens", result.tokens);
  json.field("scored_tokens", result.sharedTokens).field("unseen_words", std::string(spellingOf(result.unseenWords))).endObject();
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
    json.field("log_mean_bias", model.logMeanBias);
    writeInterval(json, "total_interval", model.totalInterval);
    writeInterval(json, "per_token_interval", model.perTokenInterval);
    writeInterval(json, "difference_interval", model.differenceInterval);
    json.field("too_close_to_call", model.verdict == kTooCloseVerdict);
    json.field("interval_unsupported", model.intervalUnsupported);
    if (model.quality) {
      const TopicQuality& quality = *model.quality;
      json.key("quality").beginObject().field("measure", quality.measure).field("window", quality.windowSize);
      json.field("coherence", quality.coherence).field("coherence_se", quality.coherenceStandardError);
      json.field("exclusivity", quality.exclusivity).field("frex", quality.frex).field("diversity", quality.diversity);
      json.key("topic_coherence").beginArray();
      for (const double value : quality.topicCoherence) json.value(value);
      json.endArray().key("top_words").beginArray();
      for (const auto& words : quality.topWords) {
        json.beginArray();
        for (const std::string& word : words) json.value(word);
        json.endArray();
      }
      json.endArray().endObject();
    }
    json.key("figures").beginArray();
    for (const TopicNumberFigure& figure : model.figures) {
      json.beginObject().field("name", figure.name).field("better", figure.better).field("value", figure.value);
      json.field("se", figure.standardError).key("per_topic").beginArray();
      for (const double value : figure.perTopic) json.value(value);
      json.endArray().endObject();
    }
    json.endArray();
    json.endObject();
  }
  json.endArray();
  json.field("stability_words", result.stabilityWords).key("seed_groups").beginArray();
  for (const SeedGroup& group : result.seedGroups) {
    json.beginObject().field("topics", group.topics).key("runs").beginArray();
    for (const std::string& run : group.runs) json.value(run);
    json.endArray().key("pairs").beginArray();
    for (const SeedGroup::Pair& pair : group.pairs)
      json.beginObject()
          .field("a", static_cast<uint64_t>(pair.a))
          .field("b", static_cast<uint64_t>(pair.b))
          .field("agreement", pair.agreement)
          .endObject();
    json.endArray().key("topic_agreement").beginArray();
    for (const auto& run : group.topicAgreement) {
      json.beginArray();
      for (const double value : run) json.value(value);
      json.endArray();
    }
    json.endArray().field("agreement", group.agreement).field("agreement_sd", group.agreementSd);
    json.field("agreement_min", group.agreementMin).field("agreement_max", group.agreementMax);
    json.field("per_token", group.perToken).field("per_token_spread", group.perTokenSpread);
    json.field("per_token_error", group.perTokenError).field("next_topics", group.nextTopics);
    json.field("difference_to_next", group.differenceToNext).field("difference_to_next_se", group.differenceToNextError);
    json.field("exceeds_retraining", group.exceedsRetraining).endObject();
  }
  json.endArray();
  if (!result.qualityReference.empty()) json.field("quality_reference", result.qualityReference);
  json.field("wall_seconds", result.seconds).field("threads", result.threads);
  endEnvelope(json, out, result.warnings);
}

void writeSelectReport(std::ostream& out, const SelectResult& result) {
  HtmlReport report;
  report.title = "topiceval: models ranked on " + result.input;
  report.summary = {{"input", result.input + ": " + tokensLine(result)}, {"estimator", estimatorLine(result)}};
  if (firstQuality(result) != nullptr) report.summary.emplace_back("topic quality", qualityLine(result));
  for (std::size_t r = 0; r < result.models.size(); ++r) {
    const RankedModel& model = result.models[r];
    std::string line = std::to_string(model.model.topics) + " topics; per token " +
                       withInterval(model.perToken, model.perTokenInterval, 5) + "; perplexity " +
                       fixed(model.perplexity, 1) +
                       (model.verdict == kBestVerdict ? "; best"
                        : model.verdict == kUnsupportedVerdict
                            ? "; not ranked: its runs do not support its interval (" + model.intervalUnsupported + ")"
                            : "; " + withInterval(model.difference, model.differenceInterval, 2) +
                                  " nats behind the best (" +
                                  (model.verdict == kWorseVerdict ? model.verdict : std::string(kTooClose)) + ")");
    if (model.quality)
      line += "; " + model.quality->measure + " " +
              plusMinus(model.quality->coherence, model.quality->coherenceStandardError, 4) + ", exclusivity " +
              fixed(model.quality->exclusivity, 4);
    report.summary.emplace_back(std::to_string(r + 1) + ". " + model.model.path, line);
  }
  for (const SeedGroup& group : result.seedGroups) {
    const std::string next = nextText(group);
    report.summary.emplace_back("stability at " + std::to_string(group.topics) + " topics",
                                std::to_string(group.runs.size()) + " runs; agreement " + agreementText(group) +
                                    "; per token " + fixed(group.perToken, 5) + ", between seeds " +
                                    figureText(group.perTokenSpread, 5) + ", within run " +
                                    figureText(group.perTokenError, 5) + (next.empty() ? "" : "; to " + next));
  }
  if (const std::string edge = edgeOfTheRange(result); !edge.empty()) report.notes.push_back(edge);

  // The panels draw the intervals the table prints (the headline interval, widened upward by the bias bound).
  std::vector<double> topics, perToken, difference;
  std::vector<Interval> perTokenSpans, differenceSpans;
  const auto shared = static_cast<double>(result.sharedTokens);
  for (const RankedModel& model : result.models) {
    topics.push_back(model.model.topics);
    difference.push_back(model.difference / shared);
    differenceSpans.push_back({model.differenceInterval.low / shared, model.differenceInterval.high / shared});
  }
  // Runs of one K are one point: their mean, the band their spread between seeds.
  std::vector<double> byK;
  for (const RankedModel& model : result.models) {
    if (std::find(byK.begin(), byK.end(), model.model.topics) != byK.end()) continue;
    const auto group = std::find_if(result.seedGroups.begin(), result.seedGroups.end(),
                                    [&](const SeedGroup& g) { return g.topics == model.model.topics; });
    byK.push_back(model.model.topics);
    if (group == result.seedGroups.end()) {
      perToken.push_back(model.perToken);
      perTokenSpans.push_back(model.perTokenInterval);
    } else {
      perToken.push_back(group->perToken);
      perTokenSpans.push_back(
          {group->perToken - 2 * group->perTokenSpread, group->perToken + 2 * group->perTokenSpread});
    }
  }
  report.figures.push_back(
      {std::string("Held-out log likelihood per token against the number of topics; the band is each model's 95% "
                   "interval, widened upward by its log-mean bias bound, as the table prints it (drawn at least "
                   "3 px wide)") +
           (result.seedGroups.empty() ? "." : "; a K given by several models (seeds) is their mean, its band +- 2 "
                                              "standard deviations between the seeds."),
       lineBandSvg(byK, perToken, perTokenSpans, "number of topics", "log likelihood per token", "by-k")});
  if (!result.seedGroups.empty()) {
    std::vector<double> stableTopics, agreement, spread;
    for (const SeedGroup& group : result.seedGroups) {
      stableTopics.push_back(group.topics);
      agreement.push_back(group.agreement);
      spread.push_back(group.agreementSd);
    }
    report.figures.push_back(
        {"Stability across seeds against the number of topics: Greene et al.'s agreement of the runs of each K (their "
         "topics matched on the average Jaccard of the top " +
             std::to_string(result.stabilityWords) +
             " words; 1: the same rankings), the mean over pairs of runs; the band is +- 2 standard deviations over "
             "the pairs. Higher is more stable.",
         lineBandSvg(stableTopics, agreement, spread, "number of topics", "agreement between seeds", "stability")});
  }
  report.figures.push_back(
      {"Difference to the best model: the best's log likelihood per token minus this one's, paired over the same "
       "documents; bars are the interval the table's verdicts read (1.96 standard errors over documents each side, "
       "reaching up by the best's bias bound and down by this model's): a bar that crosses 0 is too close to call.",
       errorBarsSvg(topics, difference, differenceSpans, "number of topics", "per token, behind the best",
                    "difference", true)});
  // ldatuning's figures rescaled to [0, 1] over the models as its FindTopicsNumber_plot draws them; stm's
  // (named stm_...) unscaled, as searchK's plot draws them against K, the per-topic ones' means with their
  // bootstrap bands (residual dispersion is one number per model, so it has no band).
  const std::size_t figureCount = result.models.empty() ? 0 : result.models.front().figures.size();
  for (std::size_t f = 0; f < figureCount; ++f) {
    const TopicNumberFigure& named = result.models.front().figures[f];
    const bool stm = named.name.rfind("stm_", 0) == 0;
    const bool perTopic = !named.perTopic.empty();
    std::vector<double> figureTopics, values, bands;
    for (const RankedModel& model : result.models) {
      if (f >= model.figures.size() || !std::isfinite(model.figures[f].value)) continue;
      figureTopics.push_back(model.model.topics);
      values.push_back(model.figures[f].value);
      bands.push_back(perTopic ? model.figures[f].standardError : std::nan(""));
    }
    if (values.empty()) continue;
    if (!stm) {
      const auto [low, high] = std::minmax_element(values.begin(), values.end());
      const double from = *low, span = *high - *low;
      for (double& value : values) value = span > 0 ? (value - from) / span : 0.0;
    }
    const std::string shortName = stm ? named.name.substr(4) : named.name;
    report.figures.push_back(
        {(stm ? "stm's " + shortName +
                    (perTopic ? " (mean over topics; the band is +- 2 bootstrap standard errors over topics)" : "")
              : "ldatuning's " + named.name + ", rescaled to [0, 1] over these models as its plot rescales it") +
             " against the number of topics; " + named.better + " is better.",
         lineBandSvg(figureTopics, values, bands, "number of topics", stm ? shortName : named.name + " (0-1)",
                     "figure-" + named.name)});
  }
  if (const TopicQuality* first = firstQuality(result); first != nullptr) {
    const std::string measure = first->measure;
    std::vector<double> measuredTopics, coherence, coherenceErrors, exclusivity, none;
    for (const RankedModel& model : result.models) {
      if (!model.quality) continue;
      measuredTopics.push_back(model.model.topics);
      coherence.push_back(model.quality->coherence);
      coherenceErrors.push_back(model.quality->coherenceStandardError);
      exclusivity.push_back(model.quality->exclusivity);
    }
    report.figures.push_back(
        {"Mean " + measure + " coherence of the topics against the number of topics; the band is +- 2 bootstrap "
         "standard errors over the reference documents.",
         lineBandSvg(measuredTopics, coherence, coherenceErrors, "number of topics",
                     "mean " + measure + " coherence", "coherence")});
    report.figures.push_back({"Mean exclusivity of the top words (MALLET's) against the number of topics.",
                              lineBandSvg(measuredTopics, exclusivity, none, "number of topics", "mean exclusivity",
                                          "exclusivity")});
    for (const RankedModel& model : result.models) {
      if (!model.quality) continue;
      HtmlReport::Table table;
      table.heading = model.model.path + " (" + std::to_string(model.model.topics) + " topics)";
      table.columns = {"topic", measure, "top words"};
      for (std::size_t k = 0; k < model.quality->topWords.size(); ++k) {
        std::string words;
        for (const std::string& word : model.quality->topWords[k]) words += (words.empty() ? "" : " ") + word;
        table.rows.push_back({std::to_string(k), fixed(model.quality->topicCoherence[k], 4), words});
      }
      report.tables.push_back(std::move(table));
    }
  }
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
