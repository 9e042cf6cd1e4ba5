// SPDX-License-Identifier: Apache-2.0
// topiceval::compare and topiceval::curve (topiceval/compare.hpp): ratio-AIS
// between two models, iteration-AIS along a training run.
#include "topiceval/compare.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <utility>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/result_totals.hpp"
#include "native/api/setting_checks.hpp"
#include "native/api/unseen_word_accounting.hpp"
#include "native/api/model_data.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/filtering_estimator.hpp"
#include "native/estimators/ratio_annealing.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/model/topic_alignment.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

namespace {

// Two models of one comparison must agree on their words where both name them
// (a topic state leaves types without training tokens unnamed). A model
// without words (an evaluator) is assumed to share them: a note says so.
void checkSameWords(const Model& a, const Model& b, const std::string& nameA, const std::string& nameB,
                    std::vector<Warning>& warnings) {
  const Alphabet* wordsA = detail::dataOf(a).alphabet();
  const Alphabet* wordsB = detail::dataOf(b).alphabet();
  if (wordsA == nullptr || wordsB == nullptr) {
    const std::string note = (wordsA == nullptr ? nameA : nameB) +
                             " carries no words (an evaluator file); the models are assumed to share their alphabet";
    if (std::none_of(warnings.begin(), warnings.end(), [&](const Warning& w) { return w.text == note; }))
      warnings.push_back({"no-words", note});
    return;
  }
  const std::size_t common = std::min(wordsA->size(), wordsB->size());
  for (std::size_t i = 0; i < common; ++i) {
    const std::string& wordA = wordsA->word(i);
    const std::string& wordB = wordsB->word(i);
    if (!wordA.empty() && !wordB.empty() && wordA != wordB)
      throw FileError(nameB, "its alphabet disagrees with " + nameA + "'s: type " + std::to_string(i) + " is '" +
                                 wordB + "' here but '" + wordA + "' there; the models must share their words");
  }
}

// The LDA counts annealing needs.
const TopicModel& countsOf(const Model& model, const std::string& name) {
  if (!detail::dataOf(model).counts)
    throw FileError(name, "is a " + model.describe() +
                              ": compare and curve anneal between LDA models with counts (MALLET's files, or models "
                              "built from counts)");
  return *detail::dataOf(model).counts;
}

// The training iteration in a state file's name: MALLET's --output-state-interval
// writes state.gz.100, state.gz.200, ...; nothing when the name does not end in digits.
std::optional<long long> iterationOf(const std::string& path) {
  std::size_t digits = path.size();
  while (digits > 0 && path[digits - 1] >= '0' && path[digits - 1] <= '9') --digits;
  if (digits == path.size() || path.size() - digits > 12) return std::nullopt;
  return std::stoll(path.substr(digits));
}

// The annealing the request asks for.
RatioAnnealingOptions annealingOptions(const CompareRequest& request, Progress& ownProgress) {
  RatioAnnealingOptions annealing;
  annealing.path = request.path;
  annealing.direction = request.direction;
  annealing.temperatures = request.temperatures;
  annealing.burnIn = request.burnIn;
  annealing.samples = request.samples;
  annealing.seed = static_cast<uint64_t>(request.seed);
  annealing.threads = request.threads;
  annealing.progress = request.progress != nullptr ? request.progress : &ownProgress;
  return annealing;
}

// The two models of a comparison with the counts annealing runs between:
// B's topics put in A's order when the request asks.
struct ComparedModels {
  std::string nameA, nameB;
  Model modelA, modelB;
  const TopicModel* countsA = nullptr;  // in modelA's data, which the copies of modelA share
  TopicModel countsB;
};

ComparedModels comparedModels(const CompareRequest& request, std::vector<Warning>& warnings) {
  const std::string nameA = detail::sourceName(request.modelA), nameB = detail::sourceName(request.modelB);
  const Model modelA = detail::loadModel(request.modelA);
  const Model modelB = detail::loadModel(request.modelB);
  TopicModel countsB = countsOf(modelB, nameB);
  const TopicModel& countsA = countsOf(modelA, nameA);
  if (countsA.numTopics != countsB.numTopics)
    throw SettingError("model-b", "has " + std::to_string(countsB.numTopics) + " topics but model A has " +
                                      std::to_string(countsA.numTopics) +
                                      "; ratio-AIS anneals between models with the same number of topics");
  checkSameWords(modelA, modelB, nameA, nameB, warnings);
  if (request.alignTopics) {
    if (countsA.numTopics > SettingLimits::kAlignedTopics)
      throw SettingError("align-topics", "takes models of at most " + std::to_string(SettingLimits::kAlignedTopics) +
                                             " topics (its cost grows with the cube of the topic count); these have " +
                                             std::to_string(countsA.numTopics));
    countsB = permuteTopics(countsB, alignTopics(countsA, countsB));
  }
  return {nameA, nameB, modelA, modelB, &countsA, std::move(countsB)};
}

// The held-out documents, read through the words of whichever model has them
// and dealt over MPI ranks as evaluate's are: an annealing run's work grows
// with the document's tokens.
Documents comparedDocuments(const CompareRequest& request, const ComparedModels& models) {
  const Model& words = models.modelA.words() != nullptr ? models.modelA : models.modelB;
  return detail::loadDealtDocuments(detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)),
                                    words, models.nameA, "", detail::DealCost::Linear);
}

double perplexityRatioOf(double logRatio, uint64_t tokens) {
  return tokens == 0 ? std::nan("") : std::exp(-logRatio / static_cast<double>(tokens));
}

// The run's settings as the result reports them.
void reportSettings(const CompareRequest& request, const RatioAnnealingOptions& annealing, CompareResult& result) {
  result.path = describe(annealing.path);
  result.direction = describe(annealing.direction);
  result.temperatures = annealing.temperatures;
  result.burnIn = annealing.burnIn;
  result.samples = annealing.samples;
  result.seed = annealing.seed;
  result.alignedTopics = request.alignTopics;
  result.unseenWords = request.unseenWords;
}

// The totals and each document's ratio; the directions' totals count the
// documents with a scored token.
void reportRatios(const RatioResult& ratios, const DocumentCollection& collection, CompareResult& result) {
  result.scoredTokens = ratios.scoredTokens;
  result.logRatio = ratios.totalLogRatio;
  result.logRatioError = ratios.totalLogRatioError;
  result.perplexityRatio = perplexityRatioOf(ratios.totalLogRatio, ratios.scoredTokens);
  result.directionsPairedStatistic = ratios.directionsPairedStatistic;
  result.logRatioInterval = logRatioInterval(ratios);
  result.perTokenRatioInterval = perTokenOf(result.logRatioInterval, static_cast<double>(ratios.scoredTokens));
  // With no interval (one sample) nothing says the budget suffices either.
  result.tooCloseToCall = !(result.logRatioInterval.low > 0.0 || result.logRatioInterval.high < 0.0);
  for (std::size_t d = 0; d < ratios.documents.size(); ++d) {
    const DocumentRatio& document = ratios.documents[d];
    ComparedDocument compared;
    compared.name = collection.name(d);
    compared.tokens = document.tokens;
    compared.skipped = collection.length(d) - document.tokens;
    compared.logRatio = document.logRatio;
    compared.logRatioError = document.logRatioError;
    compared.perplexityRatio = perplexityRatioOf(document.logRatio, document.tokens);
    compared.forward = document.forward;
    compared.reverse = document.reverse;
    compared.directionsDisagree = document.directionsDisagree;
    if (document.tokens > 0) {
      result.forwardTotal += document.forward;
      result.reverseTotal += document.reverse;
    }
    result.ratios.push_back(compared);
  }
}

// Each document's difference of two separate filtering estimates: what a
// one-sided run is set against (the report's scatter).
std::vector<double> separateDifferences(const ScoringModel& scoringA, const ScoringModel& scoringB,
                                        const DocumentCollection& collection) {
  FilteringEstimator filteringA(scoringA), filteringB(scoringB);
  const EvaluationResult separateA = evaluateDocuments(filteringA, scoringA, collection, {});
  const EvaluationResult separateB = evaluateDocuments(filteringB, scoringB, collection, {});
  std::vector<double> differences;
  for (std::size_t d = 0; d < collection.size(); ++d)
    differences.push_back(separateA.documents[d].logLikelihood - separateB.documents[d].logLikelihood);
  return differences;
}

// The models of a curve in training order: by the iteration in each name when
// every name has one (the shell's glob puts state.gz.1000 before state.gz.200),
// else as given, with no iterations.
struct TrainingRun {
  std::vector<ModelSource> sources;
  std::vector<std::optional<long long>> iterations;
};

TrainingRun inTrainingOrder(const std::vector<ModelSource>& sources) {
  TrainingRun run{sources, {}};
  for (const ModelSource& source : sources)
    run.iterations.push_back(source.model ? std::nullopt : iterationOf(source.path));
  const bool numbered =
      std::all_of(run.iterations.begin(), run.iterations.end(), [](const auto& i) { return i.has_value(); });
  if (!numbered) {
    run.iterations.assign(sources.size(), std::nullopt);
    return run;
  }
  std::vector<std::size_t> order(sources.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return *run.iterations[a] < *run.iterations[b]; });
  TrainingRun sorted;
  for (const std::size_t i : order) {
    sorted.sources.push_back(sources[i]);
    sorted.iterations.push_back(run.iterations[i]);
  }
  return sorted;
}

// The models of one training run, read in order, each with counts, the first
// one's topic count and words.
struct CurveModels {
  std::vector<Model> models;
  std::vector<std::string> names;
};

CurveModels curveModels(const std::vector<ModelSource>& sources, std::vector<Warning>& warnings) {
  CurveModels read;
  std::vector<Model>& models = read.models;
  std::vector<std::string>& names = read.names;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    names.push_back(detail::sourceName(sources[i], i));
    models.push_back(detail::loadModel(sources[i]));
    const TopicModel& counts = countsOf(models.back(), names.back());
    const TopicModel& first = countsOf(models.front(), names.front());
    if (counts.numTopics != first.numTopics)
      throw FileError(names.back(), "has " + std::to_string(counts.numTopics) + " topics but " + names.front() +
                                        " has " + std::to_string(first.numTopics) +
                                        "; a curve follows one training run");
    if (i > 0) checkSameWords(models.front(), models.back(), names.front(), names.back(), warnings);
  }
  return read;
}

CurveOptions curveOptions(const CurveRequest& request, Progress& ownProgress) {
  CurveOptions options;
  options.temperatures = request.temperatures;
  options.seed = static_cast<uint64_t>(request.seed);
  options.threads = request.threads;
  options.progress = request.progress != nullptr ? request.progress : &ownProgress;
  return options;
}

}  // namespace

CompareResult compare(const CompareRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  validate(request);
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  const RatioAnnealingOptions annealing = annealingOptions(request, ownProgress);

  const auto started = std::chrono::steady_clock::now();
  CompareResult result;
  const ComparedModels models = comparedModels(request, result.warnings);
  const Documents documents = comparedDocuments(request, models);
  const DocumentCollection& collection = detail::dataOf(documents).collection;
  const UnseenWords policy = request.unseenWords;
  const ScoringModel scoringA(*models.countsA, policy, collection, request.vocabularySize);
  const ScoringModel scoringB(models.countsB, policy, collection, request.vocabularySize);
  checkSomethingIsScored(scoringA, documents, request.documents, policy, models.nameA);
  const RatioResult ratios = estimateLogRatios(scoringA, scoringB, collection, annealing);

  result.modelA = modelReport(models.modelA, models.nameA);
  result.modelB = modelReport(models.modelB, models.nameB);
  result.input = detail::sourceName(request.documents);
  result.documents = collection.size();
  reportSettings(request, annealing, result);
  reportRatios(ratios, collection, result);
  if (annealing.direction != AnnealingDirection::Both)
    result.separateDifferences = separateDifferences(scoringA, scoringB, collection);
  result.threads = resolveThreads(annealing.threads);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

CurveResult curve(const CurveRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  validate(request);
  if (request.models.empty()) throw SettingError("states", "needs at least one model file");
  CurveResult result;
  const TrainingRun run = inTrainingOrder(request.models);
  const auto started = std::chrono::steady_clock::now();
  const CurveModels read = curveModels(run.sources, result.warnings);
  const std::vector<Model>& models = read.models;
  const Documents documents = detail::loadDealtDocuments(
      detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)), models.front(),
      read.names.front(), "", detail::DealCost::Linear);  // (as compare's)
  const DocumentCollection& collection = detail::dataOf(documents).collection;
  const UnseenWords policy = request.unseenWords;
  std::vector<std::unique_ptr<ScoringModel>> scoring;
  std::vector<const ScoringModel*> series;
  for (const Model& model : models) {
    scoring.push_back(
        std::make_unique<ScoringModel>(*detail::dataOf(model).counts, policy, collection, request.vocabularySize));
    series.push_back(scoring.back().get());
  }
  checkSomethingIsScored(*scoring.front(), documents, request.documents, policy, read.names.front());
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  const CurveEstimates estimates = estimateLikelihoodCurve(series, collection, curveOptions(request, ownProgress));
  for (std::size_t i = 0; i < models.size(); ++i) result.models.push_back(modelReport(models[i], read.names[i]));
  result.iterations = run.iterations;
  result.input = detail::sourceName(request.documents);
  result.documents = collection.size();
  result.scoredTokens = estimates.scoredTokens;
  result.temperatures = request.temperatures;
  result.seed = static_cast<uint64_t>(request.seed);
  result.totals = estimates.totals;
  for (std::size_t i = 0; i < result.totals.size(); ++i)
    result.steps.push_back(i == 0 ? 0.0 : result.totals[i] - result.totals[i - 1]);
  result.threads = resolveThreads(request.threads);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
