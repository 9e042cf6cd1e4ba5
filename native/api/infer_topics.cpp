// SPDX-License-Identifier: Apache-2.0
// topiceval::inferTopics (topiceval/infer_topics.hpp): MALLET's infer-topics.
#include "topiceval/infer_topics.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <ostream>

#include "formats/file_bytes.hpp"
#include "formats/model_readers.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/model_data.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/java/java_math.hpp"
#include "native/java/java_random.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/mallet/mallet_inference.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

namespace {

void checkRequest(const InferTopicsRequest& request) {
  validate(request);
  // MALLET divides by it once a sweep is past the burn-in (and dies of it, leaving an empty file).
  if (request.sampleInterval == 0 && request.iterations > request.burnIn)
    throw SettingError("sample-interval", "must be at least 1 when --num-iterations exceeds --burn-in");
}

Model loadInferenceModel(const InferTopicsRequest& request) {
  if (request.model.model) return *request.model.model;
  if (request.model.path.empty()) throw SettingError("inferencer", "is required (MALLET's inferencer file)");
  if (request.inferencerOnly) {  // exactly MALLET's input: a TopicInferencer, read as one
    detail::ModelData data;
    data.kind = FileKind::Inferencer;
    data.description = describe(FileKind::Inferencer);
    data.source = request.model.path;
    data.counts = formats::readInferencerFile(request.model.path);
    data.words = data.counts->alphabet;
    return detail::makeModel(std::move(data));
  }
  return detail::loadModel(request.model);
}

// The java.util.Random state MALLET's run starts from, and the seed reported.
uint64_t streamStart(const InferTopicsRequest& request, const TopicModel& counts, int32_t& seed) {
  seed = static_cast<int32_t>(request.seed);
  if (seed == InferTopicsRequest::kFileStream && counts.serializedRandomState) return *counts.serializedRandomState;
  if (seed == InferTopicsRequest::kFileStream) seed = malletClockSeed();
  return JavaRandom(seed).state();
}

// Topic proportions a batch of documents holds at most (8 MiB of them): a
// batch's results are a row of K per document, more than its tokens when K is large.
constexpr std::size_t kProportionsPerBatch = std::size_t{1} << 20;

}  // namespace

std::size_t& detail::inferenceBatchProportions() {
  static std::size_t proportions = kProportionsPerBatch;
  return proportions;
}

namespace {

// The name MALLET prints for a document.
std::string nameOf(const DocumentCollection& documents, std::size_t d) {
  return documents.named(d) ? documents.name(d) : "no-name";
}

}  // namespace

InferTopicsResult inferTopics(const InferTopicsRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  checkRequest(request);
  const auto started = std::chrono::steady_clock::now();
  const Model model = loadInferenceModel(request);
  const detail::ModelData& data = detail::dataOf(model);
  if (!data.counts)
    throw SettingError("model", detail::sourceName(request.model) +
                                    " holds no counts: MALLET's sampler needs an LDA model "
                                    "with counts (MALLET's files, a topic state, Model::fromCounts)");
  const TopicModel& counts = *data.counts;
  InferTopicsResult result;
  MalletInferenceOptions options;
  options.iterations = request.iterations;
  options.sampleInterval = request.sampleInterval;
  options.burnIn = request.burnIn;
  options.randomState = streamStart(request, counts, result.seed);
  options.exact = request.exact;
  options.mhSteps = request.mhSteps;
  options.threads = request.threads;
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  options.progress = request.progress != nullptr ? request.progress : &ownProgress;
  result.topics = counts.numTopics;
  const std::string modelName = detail::sourceName(request.model);
  auto loaded = std::chrono::steady_clock::now();

  // A list read in batches: each batch's documents go to the request's
  // consumer, or are kept, as they are inferred.
  MalletInferenceInBatches batches(
      counts, options, [&](MalletInferenceResult& inferred, const DocumentCollection& batch, std::size_t first) {
        InferTopicsResult part;
        InferTopicsResult& kept = request.consumeBatch ? part : result;
        if (request.consumeBatch) {
          kept.proportions = std::move(inferred.proportions);
        } else {
          kept.proportions.insert(kept.proportions.end(), inferred.proportions.begin(), inferred.proportions.end());
        }
        for (std::size_t d = 0; d < batch.size(); ++d) kept.names.push_back(nameOf(batch, d));
        if (!request.consumeBatch) return;
        part.documents = batch.size();
        part.topics = counts.numTopics;
        part.seed = result.seed;
        request.consumeBatch(part, first);
      });
  if (detail::readListInBatches(
          request.documents, data.alphabet(), modelName, [&](DocumentCollection batch, std::size_t) { batches.add(batch); },
          [&](std::size_t listed, uint64_t tokens) { options.progress->setTotal(listed, tokens); },
          std::max<std::size_t>(detail::inferenceBatchProportions() / static_cast<std::size_t>(std::max(counts.numTopics, 1)), 1))) {
    result.documents = batches.documents();
    result.siteUpdates = batches.siteUpdates();
    result.sampledTokens = batches.sampledTokens();
    result.tokens = batches.tokens();
  } else {
    const Documents documents = detail::loadDealtDocuments(
        detail::withBagsShuffled(request.documents, static_cast<uint64_t>(static_cast<uint32_t>(request.seed))), model,
        modelName, "", detail::DealCost::Linear);
    const DocumentCollection& collection = detail::dataOf(documents).collection;
    loaded = std::chrono::steady_clock::now();
    MalletInferenceResult inferred = inferLikeMallet(counts, collection, options);
    result.documents = collection.size();
    result.proportions = std::move(inferred.proportions);
    for (std::size_t d = 0; d < collection.size(); ++d) result.names.push_back(nameOf(collection, d));
    result.siteUpdates = inferred.siteUpdates;
    result.sampledTokens = inferred.sampledTokens;
    result.tokens = collection.totalTokens();
  }
  const auto finished = std::chrono::steady_clock::now();

  result.readSeconds = std::chrono::duration<double>(loaded - started).count();
  result.inferSeconds = std::chrono::duration<double>(finished - loaded).count();
  result.threads = resolveThreads(request.threads);
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

void checkMalletDocTopicsLayout(double threshold, int maximum) {
  if (!(threshold >= 0.0)) throw SettingError("doc-topics-threshold", "must be at least 0");
  // MALLET's 0 prints each document's number and name only: a mistake, not a request.
  if (maximum == 0 || maximum < -1)
    throw SettingError("doc-topics-max", "must be at least 1, or -1 for every topic above the threshold");
}

void writeMalletDocTopics(std::ostream& out, const InferTopicsResult& result, double threshold, int maximum,
                          std::size_t firstDocument) {
  checkMalletDocTopicsLayout(threshold, maximum);
  const auto topics = static_cast<std::size_t>(result.topics);
  const std::size_t shown =
      maximum < 0 || static_cast<std::size_t>(maximum) > topics ? topics : static_cast<std::size_t>(maximum);
  if (firstDocument == 0) out << "#doc name topic proportion ...\n";
  // Lines are made on every core, a batch at a time, and written in order: a
  // large set's file holds millions of numbers in Java's format.
  constexpr std::size_t kBatch = 4096;
  const int threads = resolveThreads(0);
  std::vector<std::string> lines(std::min(kBatch, result.documents));
  std::vector<std::vector<int>> orders(static_cast<std::size_t>(threads), std::vector<int>(topics));
  for (std::size_t first = 0; first < result.documents; first += kBatch) {
    const std::size_t count = std::min(kBatch, result.documents - first);
    runInParallel(count, threads, [&](std::size_t i, int worker) {
      const std::size_t d = first + i;
      const double* proportions = result.proportions.data() + d * topics;
      std::string& line = lines[i];
      line.clear();
      line += std::to_string(firstDocument + d);
      line += '\t';
      line += result.names[d];
      if (threshold > 0.0) {
        // MALLET's IDSorter: larger proportion first, equal ones the larger topic first.
        std::vector<int>& order = orders[static_cast<std::size_t>(worker)];
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) {
          return proportions[a] != proportions[b] ? proportions[a] > proportions[b] : a > b;
        });
        for (std::size_t k = 0; k < shown; ++k) {
          const double value = proportions[order[k]];
          if (value < threshold) break;
          line += '\t';
          line += std::to_string(order[k]);
          line += '\t';
          appendJavaDoubleToString(line, value);
        }
      } else {
        for (std::size_t t = 0; t < topics; ++t) {
          line += '\t';
          appendJavaDoubleToString(line, proportions[t]);
        }
      }
      line += '\n';
    });
    for (std::size_t i = 0; i < count; ++i) out << lines[i];
  }
}

}  // namespace topiceval
