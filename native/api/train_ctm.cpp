// SPDX-License-Identifier: Apache-2.0
// topiceval::trainCtm (topiceval/train_ctm.hpp): variational EM for a
// logistic-normal model on documents read with their own words.
#include "topiceval/train_ctm.hpp"

#include <cmath>
#include <limits>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/model_data.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/logistic_normal/logistic_normal_training.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

namespace {

void checkRequest(const TrainCtmRequest& request) { validate(request); }

}  // namespace

TrainCtmResult trainCtm(const TrainCtmRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  checkRequest(request);
  DocumentCollection documents;
  if (request.documents.documents) {
    documents = detail::dataOf(*request.documents.documents).collection;
  } else {
    // An empty alphabet: every word gets its index as first seen (plain
    // text), or the instance list's own alphabet is kept.
    const Alphabet none;
    std::vector<uint8_t> bytes = formats::readFileBytes(request.documents.path, &formats::checkHeldOutStart);
    const std::string source = request.documents.path == "-" ? "standard input" : request.documents.path;
    if (formats::looksLikeLogisticNormalModel(bytes))
      throw FileError(source, "is a logistic-normal model, not documents to train on");
    documents = formats::readHeldOutDocuments(std::move(bytes), source, &none, "train-ctm");
  }
  const std::string input = detail::sourceName(request.documents);
  if (documents.totalTokens() == 0) throw FileError(input, "holds no words");
  std::size_t types = documents.alphabet() != nullptr ? documents.alphabet()->size() : 0;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    for (const int32_t type : documents.document(d)) types = std::max(types, static_cast<std::size_t>(type) + 1);
  }
  TrainingOptions training;
  training.numTopics = request.topics;
  training.method = request.eStep;
  training.maxIterations = request.maxIterations;
  training.tolerance = request.tolerance;
  training.topicWordSmoothing = request.topicWordSmoothing;
  training.initialSweeps = request.initialSweeps;
  training.seed = static_cast<uint64_t>(request.seed);
  training.threads = request.threads;
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  training.progress = request.progress != nullptr ? request.progress : &ownProgress;
  if (request.onIteration) {
    training.onIteration = [&](const TrainingIteration& step) {
      request.onIteration({step.iteration, step.bound, step.objective, step.relativeChange, step.meanEStepIterations,
                           step.seconds, step.unconvergedDocuments});
    };
  }
  if (request.onStart)
    request.onStart(documents.size(), documents.totalTokens(), types, resolveThreads(request.threads));
  TrainingResult trained = trainLogisticNormal(documents, types, documents.alphabet(), training);
  detail::ModelData data;
  data.kind = FileKind::LogisticNormal;
  data.description = describe(FileKind::LogisticNormal);
  data.logisticNormal = std::move(trained.model);
  TrainCtmResult result{detail::makeModel(std::move(data)), {}};
  for (const TrainingIteration& step : trained.iterations)
    result.iterations.push_back({step.iteration, step.bound, step.objective, step.relativeChange,
                                 step.meanEStepIterations, step.seconds, step.unconvergedDocuments});
  result.converged = trained.converged;
  result.documents = documents.size();
  result.types = types;
  result.tokens = documents.totalTokens();
  result.threads = resolveThreads(request.threads);
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

void writeLogisticNormalModel(const Model& model, std::ostream& out) {
  if (!detail::dataOf(model).logisticNormal)
    throw ModelError("only a logistic-normal model is written in topiceval's logistic-normal format");
  formats::writeLogisticNormalModel(out, *detail::dataOf(model).logisticNormal);
}

}  // namespace topiceval
