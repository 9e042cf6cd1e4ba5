// SPDX-License-Identifier: Apache-2.0
// The promises of each result type (result_checks.hpp), checked once.
#include "native/api/result_checks.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "topiceval/choices.hpp"

namespace topiceval {

namespace {

// A broken promise, thrown from deep in a result and caught at its top.
struct Broken {
  std::string what;
};

void require(bool kept, const std::string& what) {
  if (!kept) throw Broken{what};
}

std::string at(const std::string& list, std::size_t index) { return list + "[" + std::to_string(index) + "]"; }

template <class Choice>
void requireChoice(Choice choice, const std::string& field) {
  const auto value = static_cast<std::size_t>(choice);
  require(value < ChoiceSpellings<Choice>::names.size(),
          field + " is " + std::to_string(static_cast<long long>(choice)) + ", not one of its " +
              std::to_string(ChoiceSpellings<Choice>::names.size()) + " choices");
}

template <class Choice>
void requireSpelling(const std::string& text, const std::string& field) {
  require(choiceFromSpelling<Choice>(text).has_value(), field + " is not one of its choices");
}

void requireCount(std::size_t have, std::size_t want, const std::string& what) {
  require(have == want, what + ": " + std::to_string(have) + " where its count says " + std::to_string(want));
}

// A sum of doubles as another order of adding them would give it.
void requireSum(double total, double sum, double scale, const std::string& what) {
  if (!std::isfinite(total) || !std::isfinite(sum)) {
    require(std::isnan(total) == std::isnan(sum) && (std::isnan(total) || total == sum),
            what + " disagrees with its documents");
    return;
  }
  require(std::fabs(total - sum) <= 1e-9 * (scale + 1.0), what + " disagrees with the sum of its documents");
}

// Each element's own promises, named by its place in `list`.
template <class Element>
void each(const std::vector<Element>& elements, const std::string& list) {
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (const auto broken = brokenPromise(elements[i])) throw Broken{at(list, i) + ": " + *broken};
  }
}

template <class Part>
void part(const Part& value, const std::string& name) {
  if (const auto broken = brokenPromise(value)) throw Broken{name + ": " + *broken};
}

template <class Check>
std::optional<std::string> promises(Check check) {
  try {
    check();
    return std::nullopt;
  } catch (const Broken& broken) {
    return broken.what;
  }
}

// The documents' sums against the totals (when the documents were kept).
template <class Result>
void documentsAgree(const Result& result, const std::string& total) {
  if (result.documents.empty()) return;
  uint64_t scored = 0;
  double sum = 0.0, scale = 0.0;
  for (const DocumentEstimate& document : result.documents) {
    scored += document.scoredTokens;
    sum += document.logLikelihood;
    scale += std::fabs(document.logLikelihood);
  }
  require(scored == result.scoredTokens, "its documents score " + std::to_string(scored) + " tokens, its total " +
                                             std::to_string(result.scoredTokens));
  requireSum(result.total, sum, scale, total);
}

}  // namespace

std::optional<std::string> brokenPromise(const ModelReport& report) {
  return promises([&] { require(report.topics >= 0, "a negative number of topics"); });
}

std::optional<std::string> brokenPromise(const DocumentEstimate& document) {
  return promises([&] {
    require(document.runs >= 0, "a negative number of runs");
    require(document.budget >= 0, "a negative budget");
  });
}

std::optional<std::string> brokenPromise(const ConvergenceVerdict::Step& step) {
  return promises([&] { require(step.budget >= 0, "a negative budget"); });
}

std::optional<std::string> brokenPromise(const ConvergenceVerdict& verdict) {
  return promises([&] { each(verdict.steps, "steps"); });
}

std::optional<std::string> brokenPromise(const TargetErrorSummary::Level& level) {
  return promises([&] {
    require(level.budget >= 0, "a negative budget");
    require(level.runs >= 0, "a negative number of runs");
  });
}

std::optional<std::string> brokenPromise(const TargetErrorSummary& summary) {
  return promises([&] {
    each(summary.levels, "levels");
    require(summary.startRuns >= 0 && summary.largestRuns >= 0, "a negative number of runs");
  });
}

std::optional<std::string> brokenPromise(const EvaluateResult& result) {
  return promises([&] {
    part(result.model, "model");
    requireChoice(result.unseenWords, "unseen_words");
    requireChoice(result.completeDocuments, "complete_documents");
    require(result.estimator.runs >= 1, "estimator.runs is below 1");
    require(result.threads >= 1, "threads is below 1");
    require(result.documents.size() <= result.inputDocuments,
            std::to_string(result.documents.size()) + " documents of " + std::to_string(result.inputDocuments) +
                " read");
    each(result.documents, "documents");
    documentsAgree(result, "total");
    if (!result.documents.empty()) {
      const auto heavy = static_cast<std::size_t>(std::count_if(
          result.documents.begin(), result.documents.end(), [](const DocumentEstimate& d) { return d.heavyTailed; }));
      const auto empty = static_cast<std::size_t>(std::count_if(
          result.documents.begin(), result.documents.end(), [](const DocumentEstimate& d) { return d.scoredTokens == 0; }));
      requireCount(heavy, result.heavyTailedDocuments, "heavy_tailed_documents");
      requireCount(empty, result.emptyDocuments, "empty documents");
    }
    require(result.heavyTailedDocuments <= result.inputDocuments && result.emptyDocuments <= result.inputDocuments,
            "more heavy-tailed or empty documents than documents");
    if (result.convergence) part(*result.convergence, "convergence");
    if (result.target) part(*result.target, "target_error");
  });
}

std::optional<std::string> brokenPromise(const TopicQuality& quality) {
  return promises([&] {
    requireCount(quality.topicCoherence.size(), quality.topWords.size(), "topic_coherence (one per topic)");
  });
}

std::optional<std::string> brokenPromise(const TopicNumberFigure&) { return std::nullopt; }

std::optional<std::string> brokenPromise(const SeedGroup::Pair& pair) {
  return promises([&] { require(pair.a < pair.b, "run a is not before run b"); });
}

std::optional<std::string> brokenPromise(const SeedGroup& group) {
  return promises([&] {
    const std::size_t runs = group.runs.size();
    require(runs >= 2, "a seed group of fewer than two runs");
    require(group.topics >= 0, "a negative number of topics");
    requireCount(group.pairs.size(), runs * (runs - 1) / 2, "pairs (every two runs)");
    each(group.pairs, "pairs");
    for (std::size_t p = 0; p < group.pairs.size(); ++p)
      require(group.pairs[p].b < runs, at("pairs", p) + " names run " + std::to_string(group.pairs[p].b) + " of " +
                                           std::to_string(runs));
    requireCount(group.topicAgreement.size(), runs, "topic_agreement (one per run)");
    for (std::size_t r = 0; r < runs; ++r)
      requireCount(group.topicAgreement[r].size(), static_cast<std::size_t>(group.topics),
                   at("topic_agreement", r) + " (one per topic)");
  });
}

std::optional<std::string> brokenPromise(const RankedModel& model) {
  return promises([&] {
    part(model.model, "model");
    each(model.documents, "documents");
    documentsAgree(model, "total");
    if (model.quality) part(*model.quality, "quality");
    each(model.figures, "figures");
    for (std::size_t f = 0; f < model.figures.size(); ++f) {
      const std::size_t values = model.figures[f].perTopic.size();
      require(values == 0 || values == static_cast<std::size_t>(model.model.topics),
              at("figures", f) + ": " + std::to_string(values) + " per-topic values for " +
                  std::to_string(model.model.topics) + " topics");
    }
  });
}

std::optional<std::string> brokenPromise(const SelectResult& result) {
  return promises([&] {
    requireChoice(result.unseenWords, "unseen_words");
    require(!result.models.empty(), "no models");
    require(result.runs >= 1 && result.threads >= 1, "runs or threads below 1");
    each(result.models, "models");
    const std::size_t documents = result.models.front().documents.size();
    for (std::size_t m = 1; m < result.models.size(); ++m)
      requireCount(result.models[m].documents.size(), documents, at("models", m) + ".documents");
    for (const std::size_t d : result.scoredDocuments)
      require(d < documents, "scored document " + std::to_string(d) + " of " + std::to_string(documents));
    each(result.seedGroups, "seed_groups");
  });
}

std::optional<std::string> brokenPromise(const EvaluateTopicsResult& result) {
  return promises([&] {
    requireCount(result.documentLogLikelihoods.size(), result.documents, "log_likelihood (one per document)");
    // MALLET shows only the words its model knows: an unseen word is among the tokens but not the scored words.
    require(result.words.size() <= result.tokens,
            std::to_string(result.words.size()) + " scored words for " + std::to_string(result.tokens) + " tokens");
    double sum = 0.0, scale = 0.0;
    for (const double value : result.documentLogLikelihoods) {
      sum += value;
      scale += std::fabs(value);
    }
    requireSum(result.total, sum, scale, "total");
    require(result.threads >= 1, "threads is below 1");
  });
}

std::optional<std::string> brokenPromise(const ComparedDocument&) { return std::nullopt; }

std::optional<std::string> brokenPromise(const CompareResult& result) {
  return promises([&] {
    part(result.modelA, "model_a");
    part(result.modelB, "model_b");
    requireChoice(result.unseenWords, "unseen_words");
    requireSpelling<AnnealingPath>(result.path, "path");
    requireSpelling<AnnealingDirection>(result.direction, "direction");
    require(result.temperatures >= 0 && result.burnIn >= 0 && result.samples >= 0, "a negative setting");
    require(result.threads >= 1, "threads is below 1");
    requireCount(result.ratios.size(), result.documents, "documents (one ratio each)");
    uint64_t tokens = 0;
    double sum = 0.0, scale = 0.0;
    for (const ComparedDocument& document : result.ratios) {
      tokens += document.tokens;
      sum += document.logRatio;
      scale += std::fabs(document.logRatio);
    }
    require(tokens == result.scoredTokens, "its documents score " + std::to_string(tokens) + " tokens, its total " +
                                               std::to_string(result.scoredTokens));
    requireSum(result.logRatio, sum, scale, "log_ratio");
  });
}

std::optional<std::string> brokenPromise(const CurveResult& result) {
  return promises([&] {
    each(result.models, "models");
    requireCount(result.totals.size(), result.models.size(), "totals (one per model)");
    requireCount(result.steps.size(), result.models.size(), "steps (one per model)");
    require(result.iterations.empty() || result.iterations.size() == result.models.size(),
            std::to_string(result.iterations.size()) + " iterations for " + std::to_string(result.models.size()) +
                " models");
    require(result.threads >= 1, "threads is below 1");
  });
}

std::optional<std::string> brokenPromise(const DiagnosticsResult& result) {
  return promises([&] {
    require(result.numTopWords >= 1, "num_top_words is below 1");
    for (std::size_t k = 0; k < result.topics.size(); ++k) {
      const auto& words = result.topics[k].words;
      require(words.size() <= static_cast<std::size_t>(result.numTopWords),
              at("topics", k) + ": " + std::to_string(words.size()) + " words, more than its " +
                  std::to_string(result.numTopWords) + " top words");
      for (std::size_t w = 0; w < words.size(); ++w)
        require(words[w].type >= 0 && static_cast<std::size_t>(words[w].type) < result.vocabularySize,
                at("topics", k) + "." + at("words", w) + ": type " + std::to_string(words[w].type) + " of " +
                    std::to_string(result.vocabularySize));
    }
  });
}

std::optional<std::string> brokenPromise(const CoherenceResult::Measure& measure) {
  return promises([&] {
    requireCount(measure.perTopicStandardError.size(), measure.perTopic.size(), "per_topic_standard_error");
  });
}

std::optional<std::string> brokenPromise(const CoherenceResult& result) {
  return promises([&] {
    const std::size_t topics = result.topics.size();
    each(result.measures, "measures");
    for (std::size_t m = 0; m < result.measures.size(); ++m)
      requireCount(result.measures[m].perTopic.size(), topics, at("measures", m) + ".per_topic (one per topic)");
    requireCount(result.exclusivity.size(), topics, "exclusivity (one per topic)");
    requireCount(result.frex.size(), topics, "frex (one per topic)");
    require(result.bootstrap >= 0, "a negative number of bootstrap replicates");
  });
}

// What the page and relevantTerms index with: every topic, term and model
// index within its list, every per-topic list one per topic.
std::optional<std::string> brokenPromise(const BrowseModel& model) {
  return promises([&] {
    require(model.topics >= 1, "no topics");
    const auto topics = static_cast<std::size_t>(model.topics);
    const std::size_t terms = model.terms.size();
    requireCount(model.frequency.size(), topics, "frequency (one per topic)");
    requireCount(model.proportion.size(), topics, "proportion (one per topic)");
    requireCount(model.x.size(), topics, "x (one per topic)");
    requireCount(model.y.size(), topics, "y (one per topic)");
    requireCount(model.order.size(), topics, "order (one per topic)");
    std::vector<bool> shown(topics, false);
    for (std::size_t i = 0; i < topics; ++i) {
      require(model.order[i] < topics && !shown[model.order[i]],
              at("order", i) + ": topic " + std::to_string(model.order[i]) + " is not one more of its " +
                  std::to_string(topics));
      shown[model.order[i]] = true;
    }
    for (std::size_t t = 0; t < terms; ++t) {
      const BrowseTerm& term = model.terms[t];
      require(term.tokens.size() == term.topics.size() && term.shares.size() == term.topics.size(),
              at("terms", t) + ": its topics, tokens and shares differ in number");
      for (std::size_t i = 0; i < term.topics.size(); ++i)
        require(term.topics[i] >= 0 && static_cast<std::size_t>(term.topics[i]) < topics &&
                    (i == 0 || term.topics[i - 1] < term.topics[i]),
                at("terms", t) + "." + at("topics", i) + ": topic " + std::to_string(term.topics[i]) + " of " +
                    std::to_string(topics) + ", not ascending");
    }
    requireCount(model.topicTerms.size(), topics, "topic_terms (one per topic)");
    for (std::size_t k = 0; k < topics; ++k) {
      for (std::size_t i = 0; i < model.topicTerms[k].size(); ++i)
        require(model.topicTerms[k][i].term < terms, at("topic_terms", k) + "." + at("terms", i) + ": term " +
                                                         std::to_string(model.topicTerms[k][i].term) + " of " +
                                                         std::to_string(terms));
    }
    requireCount(model.saliency.size(), model.salient.size(), "saliency (one per salient term)");
    for (std::size_t i = 0; i < model.salient.size(); ++i)
      require(model.salient[i] < terms,
              at("salient", i) + ": term " + std::to_string(model.salient[i]) + " of " + std::to_string(terms));
    require(model.documents.empty() || model.documents.size() == topics,
            "documents: " + std::to_string(model.documents.size()) + " lists for " + std::to_string(topics) + " topics");
    for (std::size_t s = 0; s < model.stability.size(); ++s) {
      requireCount(model.stability[s].topic.size(), topics, at("stability", s) + ".topic (one per topic)");
      requireCount(model.stability[s].agreement.size(), topics, at("stability", s) + ".agreement (one per topic)");
      for (const int matched : model.stability[s].topic)
        require(matched >= 0 && matched < model.topics,
                at("stability", s) + ": matched topic " + std::to_string(matched) + " of " + std::to_string(topics));
    }
    if (model.diagnostics) {
      part(*model.diagnostics, "diagnostics");
      requireCount(model.diagnostics->topics.size(), topics, "diagnostics.topics (one per topic)");
    }
    if (model.coherence) {
      part(*model.coherence, "coherence");
      requireCount(model.coherence->topics.size(), topics, "coherence.topics (one per topic)");
    }
    if (model.ranking) part(*model.ranking, "ranking");
  });
}

std::optional<std::string> brokenPromise(const BrowseResult& result) {
  return promises([&] {
    require(!result.models.empty(), "no models");
    require(result.terms >= 1, "terms is below 1");
    require(result.lambdaStart < result.lambdaGrid.size(),
            "lambda_start " + std::to_string(result.lambdaStart) + " of " + std::to_string(result.lambdaGrid.size()) +
                " values of lambda");
    each(result.models, "models");
    for (std::size_t m = 0; m < result.models.size(); ++m) {
      for (std::size_t s = 0; s < result.models[m].stability.size(); ++s) {
        const SeedMatch& match = result.models[m].stability[s];
        require(match.index < result.models.size() && match.index != m &&
                    result.models[match.index].topics == result.models[m].topics,
                at("models", m) + "." + at("stability", s) + ": model " + std::to_string(match.index) +
                    " is not another of the " + std::to_string(result.models.size()) + " of its number of topics");
      }
    }
    if (result.selection) part(*result.selection, "selection");
  });
}

}  // namespace topiceval
