// topiceval::compare and topiceval::curve (topiceval/compare.hpp): ratio-AIS
// between two models, iteration-AIS along a training run.
#include "topiceval/compare.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
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

}  // namespace

CompareResult compare(const CompareRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  validate(request);
  RatioAnnealingOptions annealing;
  annealing.path = request.path;
  annealing.direction = request.direction;
  annealing.temperatures = request.temperatures;
  annealing.burnIn = request.burnIn;
  annealing.samples = request.samples;
  annealing.seed = static_cast<uint64_t>(request.seed);
  annealing.threads = request.threads;
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  annealing.progress = request.progress != nullptr ? request.progress : &ownProgress;

  const auto started = std::chrono::steady_clock::now();
  CompareResult result;
  const std::string nameA = detail::sourceName(request.modelA), nameB = detail::sourceName(request.modelB);
  const Model modelA = detail::loadModel(request.modelA);
  const Model modelB = detail::loadModel(request.modelB);
  TopicModel countsB = countsOf(modelB, nameB);
  const TopicModel& countsA = countsOf(modelA, nameA);
  if (countsA.numTopics != countsB.numTopics)
    throw SettingError("model-b", "has " + std::to_string(countsB.numTopics) + " topics but model A has " +
                                      std::to_string(countsA.numTopics) +
                                      "; ratio-AIS anneals between models with the same number of topics");
  checkSameWords(modelA, modelB, nameA, nameB, result.warnings);
  if (request.alignTopics) {
    if (countsA.numTopics > SettingLimits::kAlignedTopics)
      throw SettingError("align-topics", "takes models of at most " + std::to_string(SettingLimits::kAlignedTopics) +
                                             " topics (its cost grows with the cube of the topic count); these have " +
                                             std::to_string(countsA.numTopics));
    countsB = permuteTopics(countsB, alignTopics(countsA, countsB));
  }
  const Model words = modelA.words() != nullptr ? modelA : modelB;
  const Documents documents = detail::loadDocuments(
      detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)), words, nameA);
  const DocumentCollection& collection = detail::dataOf(documents).collection;
  const UnseenWords policy = request.unseenWords;
  const ScoringModel scoringA(countsA, policy, collection, request.vocabularySize);
  const ScoringModel scoringB(countsB, policy, collection, request.vocabularySize);
  checkSomethingIsScored(scoringA, documents, request.documents, policy, nameA);
  const RatioResult ratios = estimateLogRatios(scoringA, scoringB, collection, annealing);

  result.modelA = modelReport(modelA, nameA);
  result.modelB = modelReport(modelB, nameB);
  result.input = detail::sourceName(request.documents);
  result.documents = collection.size();
  result.path = describe(annealing.path);
  result.direction = describe(annealing.direction);
  result.temperatures = annealing.temperatures;
  result.burnIn = annealing.burnIn;
  result.samples = annealing.samples;
  result.seed = annealing.seed;
  result.alignedTopics = request.alignTopics;
  result.unseenWords = policy;
  result.scoredTokens = ratios.scoredTokens;
  result.logRatio = ratios.totalLogRatio;
  result.logRatioError = ratios.totalLogRatioError;
  result.perplexityRatio = ratios.scoredTokens == 0
                               ? std::nan("")
                               : std::exp(-ratios.totalLogRatio / static_cast<double>(ratios.scoredTokens));
  result.directionsPairedStatistic = ratios.directionsPairedStatistic;
  for (std::size_t d = 0; d < ratios.documents.size(); ++d) {
    const DocumentRatio& document = ratios.documents[d];
    ComparedDocument compared;
    compared.name = collection.name(d);
    compared.tokens = document.tokens;
    compared.skipped = collection.length(d) - document.tokens;
    compared.logRatio = document.logRatio;
    compared.logRatioError = document.logRatioError;
    compared.perplexityRatio =
        document.tokens == 0 ? std::nan("") : std::exp(-document.logRatio / static_cast<double>(document.tokens));
    compared.forward = document.forward;
    compared.reverse = document.reverse;
    compared.directionsDisagree = document.directionsDisagree;
    if (document.tokens > 0) {
      result.forwardTotal += document.forward;
      result.reverseTotal += document.reverse;
    }
    result.ratios.push_back(compared);
  }
  if (annealing.direction != AnnealingDirection::Both) {
    // Against the difference of two separate filtering estimates (the report's scatter).
    FilteringEstimator filteringA(scoringA), filteringB(scoringB);
    const EvaluationResult separateA = evaluateDocuments(filteringA, scoringA, collection, {});
    const EvaluationResult separateB = evaluateDocuments(filteringB, scoringB, collection, {});
    for (std::size_t d = 0; d < collection.size(); ++d)
      result.separateDifferences.push_back(separateA.documents[d].logLikelihood - separateB.documents[d].logLikelihood);
  }
  result.threads = resolveThreads(annealing.threads);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

CurveResult curve(const CurveRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  validate(request);
  if (request.models.empty()) throw SettingError("states", "needs at least one model file");
  CurveResult result;
  // In training order: by the iteration in each name when every name has one
  // (the shell's glob puts state.gz.1000 before state.gz.200), else as given.
  std::vector<ModelSource> sources = request.models;
  std::vector<std::optional<long long>> iterations;
  for (const ModelSource& source : sources)
    iterations.push_back(source.model ? std::nullopt : iterationOf(source.path));
  const bool numbered = std::all_of(iterations.begin(), iterations.end(), [](const auto& i) { return i.has_value(); });
  if (numbered) {
    std::vector<std::size_t> order(sources.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return *iterations[a] < *iterations[b]; });
    std::vector<ModelSource> sorted;
    std::vector<std::optional<long long>> sortedIterations;
    for (const std::size_t i : order) {
      sorted.push_back(sources[i]);
      sortedIterations.push_back(iterations[i]);
    }
    sources = sorted;
    iterations = sortedIterations;
  } else {
    iterations.assign(sources.size(), std::nullopt);
  }
  const auto started = std::chrono::steady_clock::now();
  std::vector<Model> models;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    names.push_back(sources[i].model ? "model " + std::to_string(i + 1) : detail::sourceName(sources[i]));
    models.push_back(detail::loadModel(sources[i]));
    const TopicModel& counts = countsOf(models.back(), names.back());
    const TopicModel& first = countsOf(models.front(), names.front());
    if (counts.numTopics != first.numTopics)
      throw FileError(names.back(), "has " + std::to_string(counts.numTopics) + " topics but " + names.front() +
                                        " has " + std::to_string(first.numTopics) +
                                        "; a curve follows one training run");
    if (i > 0) checkSameWords(models.front(), models.back(), names.front(), names.back(), result.warnings);
  }
  const Documents documents = detail::loadDocuments(
      detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)), models.front(), names.front());
  const DocumentCollection& collection = detail::dataOf(documents).collection;
  const UnseenWords policy = request.unseenWords;
  std::vector<std::unique_ptr<ScoringModel>> scoring;
  std::vector<const ScoringModel*> series;
  for (std::size_t i = 0; i < models.size(); ++i) {
    scoring.push_back(
        std::make_unique<ScoringModel>(*detail::dataOf(models[i]).counts, policy, collection, request.vocabularySize));
    series.push_back(scoring.back().get());
  }
  checkSomethingIsScored(*scoring.front(), documents, request.documents, policy, names.front());
  CurveOptions options;
  options.temperatures = request.temperatures;
  options.seed = static_cast<uint64_t>(request.seed);
  options.threads = request.threads;
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  options.progress = request.progress != nullptr ? request.progress : &ownProgress;
  const CurveEstimates estimates = estimateLikelihoodCurve(series, collection, options);
  for (std::size_t i = 0; i < models.size(); ++i) result.models.push_back(modelReport(models[i], names[i]));
  result.iterations = iterations;
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
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
