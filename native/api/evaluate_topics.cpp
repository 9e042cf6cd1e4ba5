// SPDX-License-Identifier: Apache-2.0
// topiceval::evaluateTopics (topiceval/evaluate_topics.hpp): MALLET's
// evaluate-topics, and topiceval's other estimators in its layout.
#include "topiceval/evaluate_topics.hpp"

#include <chrono>
#include <optional>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/settings_by_name.hpp"
#include "native/api/model_data.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/kernels/instruction_set.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

namespace {

bool malletsOwn(const std::string& estimator) { return estimator.empty() || estimator == "left-to-right"; }

// The estimator settings the request runs with: MALLET's particles and
// resampling go to an estimator that takes them.
EstimatorChoice settingsOf(const EvaluateTopicsRequest& request) {
  EstimatorChoice settings{malletsOwn(request.estimator) ? "left-to-right" : request.estimator,
                           settingsByName(request.settings)};
  if (declaresSetting(settings.estimator, "particles") && !settings.values.count("particles"))
    settings.values["particles"] = std::to_string(request.particles);
  if (declaresSetting(settings.estimator, "resampling") && !settings.values.count("resampling"))
    settings.values["resampling"] = request.resampling ? "true" : "false";
  return settings;
}

// Every setting of the request, before anything is read; the unseen-word policy.
UnseenWords checkRequest(const EvaluateTopicsRequest& request) {
  validate(request);
  const UnseenWords policy = request.unseenWords;
  const bool mallet = malletsOwn(request.estimator);
  if (!mallet && request.showWords)
    throw SettingError("show-words", "needs per-word probabilities, which only left-to-right gives");
  if (mallet && policy != UnseenWords::Skip)
    throw SettingError("unseen-words",
                       "for left-to-right in evaluate-topics follows MALLET's rule (skip); use topiceval evaluate for "
                       "others");
  validateSettings(settingsOf(request));  // the name and the other estimators' settings, without a model
  return policy;
}

// A file must be MALLET's evaluator, as for MALLET (an inferencer's counts are
// the same, but only the evaluator carries the terms MALLET's arithmetic starts
// from); a Model in memory needs counts.
Model evaluatorOf(const ModelSource& source) {
  if (source.model) return *source.model;
  detail::ModelData data;
  data.kind = FileKind::Evaluator;
  data.description = describe(FileKind::Evaluator);
  data.source = source.path;
  data.counts = formats::readEvaluatorFile(source.path);
  return detail::makeModel(std::move(data));
}

// MALLET's input is an instance list, read without a model's words (an evaluator has none).
Documents instanceListOf(const EvaluateTopicsRequest& request) {
  if (request.documents.documents)
    return *detail::withBagsShuffled(request.documents, static_cast<uint64_t>(static_cast<uint32_t>(request.seed)))
                .documents;
  return detail::makeDocuments(
      detail::readDealtOverRanks([&] { return formats::readInstanceListFile(request.documents.path); },
                                 // MALLET's left-to-right resamples every earlier word at each word
                                 request.resampling ? detail::DealCost::Quadratic : detail::DealCost::Linear),
      FileKind::InstanceList);
}

// Documents in memory are refused when nothing is scored, as everywhere.
void checkMalletScoresSomething(const DocumentCollection& collection, const TopicModel& counts) {
  uint64_t skipped = 0;
  for (std::size_t d = 0; d < collection.size(); ++d) {
    for (const int32_t type : collection.document(d)) skipped += !counts.scoresLikeMallet(type);
  }
  checkDocumentsAreScored(collection, skipped, "MALLET's rule (words beyond the model are skipped)");
}

MalletEvaluationOptions malletOptions(const EvaluateTopicsRequest& request, int32_t seed, Progress& ownProgress) {
  MalletEvaluationOptions options;
  options.particles = request.particles;
  options.resampling = request.resampling;
  options.exact = request.exact;
  options.seed = seed;
  options.threads = request.threads;
  options.keepWordProbabilities = request.showWords;
  options.progress = request.progress != nullptr ? request.progress : &ownProgress;
  return options;
}

// Another estimator's totals, in MALLET's layout.
MalletEvaluationResult evaluateWithOther(const EvaluateTopicsRequest& request, const TopicModel& counts,
                                         const DocumentCollection& collection, UnseenWords policy,
                                         const MalletEvaluationOptions& options) {
  const ScoringModel scoring(counts, policy, collection);
  const auto estimator = makeEstimator(settingsOf(request), scoring);
  EvaluationOptions other;
  other.seed = static_cast<uint32_t>(options.seed);
  other.runs = request.runs;
  other.threads = request.threads;
  other.progress = options.progress;
  const EvaluationResult estimates = evaluateDocuments(*estimator, scoring, collection, other);
  MalletEvaluationResult mallet;
  for (const DocumentResult& document : estimates.documents)
    mallet.documentLogLikelihoods.push_back(document.logLikelihood);
  mallet.totalLogLikelihood = estimates.totalLogLikelihood;
  mallet.siteUpdates = estimates.siteUpdates;
  return mallet;
}

// Each word's probability (show-words), named by the documents' words when they have them.
void reportWords(const MalletEvaluationResult& mallet, const DocumentCollection& collection,
                 EvaluateTopicsResult& result) {
  const Alphabet* words = collection.alphabet().get();
  for (const auto& word : mallet.words) {
    const int32_t type = collection.document(word.document)[word.position];
    result.words.push_back(
        {words != nullptr ? words->word(static_cast<std::size_t>(type)) : "<type " + std::to_string(type) + ">",
         word.logProbability});
  }
}

// MALLET's evaluation of a list file read in batches (detail::readListInBatches),
// with the bits of the whole list. Nothing where the list is read whole:
// documents in memory, another estimator or --show-words (which keep every
// document), several ranks (which deal the whole list), or a file not read in batches.
std::optional<MalletEvaluationResult> evaluateListInBatches(const EvaluateTopicsRequest& request,
                                                            const TopicModel& counts,
                                                            const MalletEvaluationOptions& options,
                                                            std::size_t& documents, uint64_t& tokens) {
  if (!malletsOwn(request.estimator) || request.showWords) return std::nullopt;
  MalletEvaluationInBatches evaluation(counts, options);
  const bool read = detail::readListInBatches(
      request.documents, nullptr, "", [&](DocumentCollection batch, std::size_t) { evaluation.add(batch); },
      [&](std::size_t listed, uint64_t listedTokens) { options.progress->setTotal(listed, listedTokens); });
  if (!read) return std::nullopt;
  documents = evaluation.documents();
  tokens = evaluation.tokens();
  return evaluation.finish();
}

}  // namespace

EvaluateTopicsResult evaluateTopics(const EvaluateTopicsRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  const UnseenWords policy = checkRequest(request);
  const auto started = std::chrono::steady_clock::now();
  const Model model = evaluatorOf(request.model);
  const detail::ModelData& data = detail::dataOf(model);
  if (!data.counts)
    throw SettingError("model", "holds no counts: MALLET's evaluator needs a MALLET model or one built from counts");
  const TopicModel& counts = *data.counts;
  checkParticleWorkspace(request.particles, counts.numTopics);

  EvaluateTopicsResult result;
  result.seed =
      request.seed == EvaluateTopicsRequest::kClockSeed ? malletClockSeed() : static_cast<int32_t>(request.seed);
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  const MalletEvaluationOptions options = malletOptions(request, result.seed, ownProgress);
  auto loaded = std::chrono::steady_clock::now();
  std::size_t batchedDocuments = 0;
  uint64_t batchedTokens = 0;
  std::optional<MalletEvaluationResult> batched =
      evaluateListInBatches(request, counts, options, batchedDocuments, batchedTokens);
  if (batched) {
    result.documentLogLikelihoods = std::move(batched->documentLogLikelihoods);
    result.total = batched->totalLogLikelihood;
    result.samplingErrors = batched->samplingErrors;
    result.siteUpdates = batched->siteUpdates;
    result.documents = batchedDocuments;
    result.tokens = batchedTokens;
  } else {
    const Documents documents = instanceListOf(request);
    const DocumentCollection& collection = detail::dataOf(documents).collection;
    if (request.documents.documents) checkMalletScoresSomething(collection, counts);
    loaded = std::chrono::steady_clock::now();
    MalletEvaluationResult mallet = malletsOwn(request.estimator)
                                        ? evaluateLikeMallet(counts, collection, options)
                                        : evaluateWithOther(request, counts, collection, policy, options);
    result.documentLogLikelihoods = std::move(mallet.documentLogLikelihoods);
    result.total = mallet.totalLogLikelihood;
    reportWords(mallet, collection, result);
    result.samplingErrors = mallet.samplingErrors;
    result.siteUpdates = mallet.siteUpdates;
    result.documents = collection.size();
    result.tokens = collection.totalTokens();
  }
  const auto evaluated = std::chrono::steady_clock::now();
  result.readSeconds = std::chrono::duration<double>(loaded - started).count();
  result.evaluateSeconds = std::chrono::duration<double>(evaluated - loaded).count();
  result.threads = resolveThreads(request.threads);
  result.instructionSet = describe(resolveInstructionSet(options.instructionSet));
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
