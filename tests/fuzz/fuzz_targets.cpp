#include "fuzz_targets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <zlib.h>

#include "formats/format_error.hpp"
#include "formats/gzip_output.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/reference_index.hpp"
#include "native/commands/commands.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/model/model_validator.hpp"

namespace topiceval::fuzz {

namespace {

template <typename Function>
void expectingClearErrors(Function&& function) {
  try {
    function();
  } catch (const formats::FormatError&) {
  }
}

std::vector<uint8_t> gzip(std::span<const uint8_t> data) {
  std::ostringstream compressed;
  formats::GzipWriter writer(compressed, "memory");
  writer.write(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
  writer.finish();
  const std::string bytes = compressed.str();
  return {bytes.begin(), bytes.end()};
}

void objectStream(std::span<const uint8_t> data) {
  expectingClearErrors([&] { formats::readObjectStream(data, "fuzz"); });
}
void evaluator(std::span<const uint8_t> data) {
  expectingClearErrors([&] { formats::readEvaluator(data, "fuzz"); });
}
void inferencer(std::span<const uint8_t> data) {
  expectingClearErrors([&] { formats::readInferencer(data, "fuzz"); });
}
void modelFile(std::span<const uint8_t> data) {
  expectingClearErrors([&] { formats::readModel(data, "fuzz"); });
}
void instanceList(std::span<const uint8_t> data) {
  expectingClearErrors([&] { formats::readInstanceList(data, "fuzz"); });
}
void topicStateText(std::span<const uint8_t> data) {
  const auto compressed = gzip(data);
  expectingClearErrors([&] { formats::readTopicState(compressed, "fuzz"); });
}
void topicStateGzip(std::span<const uint8_t> data) {
  expectingClearErrors([&] { formats::readTopicState(data, "fuzz"); });
}

void textDocuments(std::span<const uint8_t> data) {
  static const Alphabet alphabet(std::vector<std::string>{"apple", "pear", "", "plum"});
  expectingClearErrors([&] {
    formats::readHeldOutDocuments(std::vector<uint8_t>(data.begin(), data.end()), "fuzz", &alphabet, "model");
  });
}

// Arguments separated by NUL bytes; the first byte picks the command. Inputs
// that would write files (--output-*) or ask for long runs are passed over.
void commandLine(std::span<const uint8_t> data) {
  if (data.empty()) return;
  std::vector<std::string> arguments(1);
  for (std::size_t i = 1; i < data.size(); ++i) {
    if (data[i] == 0) {
      arguments.emplace_back();
    } else {
      arguments.back().push_back(static_cast<char>(data[i]));
    }
  }
  for (const std::string& argument : arguments) {
    if (argument.rfind("--output", 0) == 0 || argument.rfind("--report", 0) == 0) return;
    if (argument.size() > 2 && argument.find_first_not_of("0123456789") == std::string::npos) return;  // > 99
  }
  std::ostringstream out, err;
  if (data[0] % 2 == 0) {
    commands::evaluateTopicsCommand(arguments, out, err);
  } else {
    // evaluate's defaults (resample-move, 64 particles, 4 runs) cost seconds per
    // fixture under the sanitizers: a few documents keep each input quick.
    if (std::none_of(arguments.begin(), arguments.end(),
                     [](const std::string& argument) { return argument.rfind("--documents", 0) == 0; }))
      arguments.insert(arguments.end(), {"--documents", "0-2"});
    commands::evaluateCommand(arguments, out, err);
  }
}

// Bytes taken in order, zero once they run out.
class ByteSource {
 public:
  explicit ByteSource(std::span<const uint8_t> data) : data_(data) {}
  uint8_t next() { return position_ < data_.size() ? data_[position_++] : 0; }

 private:
  std::span<const uint8_t> data_;
  std::size_t position_ = 0;
};

// A small model decoded from the bytes, free to break any invariant: rows may
// repeat or exceed topics, totals and cached terms may disagree with the counts.
TopicModel decodeModel(ByteSource& in) {
  const int topics = 1 + in.next() % 6;
  const std::size_t types = 1 + in.next() % 8;
  const uint8_t flags = in.next();
  TopicModel model;
  model.numTopics = topics;
  TopicModel::topicBitsFor(topics, model.topicBits, model.topicMask);
  for (int k = 0; k < topics; ++k) model.alpha.push_back((1 + in.next()) / 64.0);
  for (const double a : model.alpha) model.alphaSum += a;
  if (flags & 1) model.alphaSum *= 1 + in.next();
  model.beta = (1 + in.next()) / 256.0;
  model.betaSum = model.beta * static_cast<double>(types);
  model.tokensPerTopic.assign(static_cast<std::size_t>(topics), 0);
  for (std::size_t type = 0; type < types; ++type) {
    std::vector<int32_t> row(in.next() % (static_cast<std::size_t>(topics) + 3));
    for (int32_t& entry : row) {
      const int32_t count = in.next() % 6;
      const int32_t topic = (in.next() % (model.topicMask + 2)) & model.topicMask;
      entry = model.pack(count, topic);
    }
    model.typeTopicCounts.addRow(row, (flags & 2) == 0 || in.next() % 4 != 0);
    if (!model.typeTopicCounts.present(type)) continue;
    for (const int32_t entry : model.typeTopicCounts.activeRow(type)) {
      if (model.topicOf(entry) < topics)
        model.tokensPerTopic[static_cast<std::size_t>(model.topicOf(entry))] += model.countOf(entry);
    }
  }
  if (flags & 4) model.tokensPerTopic[in.next() % static_cast<std::size_t>(topics)] += in.next() - 128;
  model.computeSmoothingTerms();
  if (flags & 8) model.smoothingOnlyMass *= in.next();
  return model;
}

// The validator's promise: a model it accepts is safe for every kernel (the
// sanitizers see any out-of-bounds access) and gives log probabilities of at
// most 0. Models come from the readers (MALLET files and states) or are decoded
// from the bytes.
void modelValidator(std::span<const uint8_t> data) {
  TopicModel model;
  if (formats::looksLikeObjectStream(data) || (data.size() >= 2 && data[0] == 0x1F && data[1] == 0x8B)) {
    try {
      model = formats::readModel(data, "fuzz").model;
    } catch (const formats::FormatError&) {
      return;
    }
  } else {
    ByteSource in(data);
    model = decodeModel(in);
    if (!findModelProblem(model).empty()) return;
  }
  DocumentCollection documents;
  ByteSource words(data.subspan(data.size() / 2));
  for (int d = 0; d < 2; ++d) {
    std::vector<int32_t> tokens(1 + words.next() % 12);
    for (int32_t& type : tokens) type = words.next() % static_cast<int32_t>(model.numTypes() + 2);
    documents.add(tokens);
  }
  auto check = [](double logLikelihood) {
    if (!(logLikelihood <= 1e-9)) std::abort();  // a probability above 1, or NaN: the validator let a bad model in
  };
  for (const bool exact : {true, false}) {
    MalletEvaluationOptions options;
    options.exact = exact;
    options.particles = 3;
    options.resampling = true;
    options.seed = 1;
    options.threads = 1;
    check(evaluateLikeMallet(model, documents, options).totalLogLikelihood);
  }
  const ScoringModel scoring(model, UnseenWords::Smooth, documents);
  for (const std::string& name : estimatorNames(ModelFamily::Dirichlet)) {
    EstimatorChoice settings;
    settings.estimator = name;
    for (const SettingSpec& spec : findEstimator(name).settings) {
      if (spec.name == "particles") settings.values["particles"] = "3";
      if (spec.name == "temperatures") settings.values["temperatures"] = "20";
      if (spec.name == "samples") settings.values["samples"] = "5";
      if (spec.name == "burn-in-sweeps") settings.values["burn-in-sweeps"] = "2";
    }
    const auto estimator = makeEstimator(settings, scoring);
    // One estimate by a ratio p(w, x) / q(x) (Chib-style, importance sampling's
    // per-token proposals) may exceed 1 while the mean is p(w): only NaN and
    // infinities betray a bad model there. The others' estimates are products
    // of probabilities, at most 1.
    const bool ratioOfProbabilities = name == "chib-style" || name == "importance-sampling";
    const auto checkEstimate = [&](double logLikelihood) {
      if (ratioOfProbabilities) {
        if (!std::isfinite(logLikelihood)) std::abort();
      } else {
        check(logLikelihood);
      }
    };
    EvaluationOptions options;
    options.threads = 1;
    if (estimator->scoresWholeDocuments())
      checkEstimate(evaluateDocuments(*estimator, scoring, documents, options).totalLogLikelihood);
    options.completion = DocumentSplit::Alternate;  // p(w2 | w1) <= 1 as well
    if (estimator->completesDocuments())
      checkEstimate(evaluateDocuments(*estimator, scoring, documents, options).totalLogLikelihood);
  }
}

// topiceval's logistic-normal model format: a model the reader accepts must
// give finite E-steps and estimates on any document.
void logisticNormalModel(std::span<const uint8_t> data) {
  std::optional<LogisticNormalModel> model;
  expectingClearErrors([&] { model = formats::readLogisticNormalModel(data, "fuzz"); });
  if (!model || model->numTopics > 50 || model->numTypes > 10'000) return;  // (bounded work per input)
  DocumentCollection documents;
  std::vector<int32_t> tokens;
  for (std::size_t n = 0; n < 12; ++n) tokens.push_back(static_cast<int32_t>((n * 7) % (model->numTypes + 2)));
  documents.add(tokens);
  const ScoringModel scoring = ScoringModel::fromLogisticNormal(*model, documents);
  for (const std::string eStep : {"taylor", "blei-lafferty"}) {
    EstimatorChoice settings;
    settings.estimator = "posterior-importance";
    settings.values = {{"e-step", eStep}, {"samples", "5"}};
    const auto estimator = makeEstimator(settings, *model);
    EvaluationOptions options;
    options.threads = 1;
    if (scoring.skippedTokens() == documents.totalTokens()) continue;
    if (!std::isfinite(evaluateDocuments(*estimator, scoring, documents, options).totalLogLikelihood)) std::abort();
  }
}

// topiceval's reference index: opening checks the header, checksum and
// sections; every word's postings decode within the documents and their
// lengths. The bytes are tried as they are and with their checksum made
// right, so that mutations reach the bounds behind it.
void referenceIndex(std::span<const uint8_t> data) {
  std::vector<uint8_t> resigned(data.begin(), data.end());
  if (resigned.size() >= 8) {
    const auto crc = static_cast<uint32_t>(crc32_z(0, resigned.data(), resigned.size() - 8));
    for (std::size_t i = 0; i < 4; ++i) resigned[resigned.size() - 8 + i] = static_cast<uint8_t>(crc >> (8 * i));
  }
  for (const auto& bytes : {std::vector<uint8_t>(data.begin(), data.end()), resigned}) expectingClearErrors([&] {
    const auto index = formats::ReferenceIndex::fromBytes(bytes, "fuzz");
    formats::WordPostings postings;
    for (std::size_t w = 0; w < index.words().size(); ++w) {
      index.postings(w, postings);
      for (std::size_t i = 0; i < postings.documents.size(); ++i) {
        if (postings.documents[i] >= index.numDocuments()) std::abort();
        for (std::size_t k = postings.start[i]; k < postings.start[i + 1]; ++k) {
          if (postings.positions[k] >= index.documentLengths()[postings.documents[i]]) std::abort();
        }
      }
    }
  });
}

}  // namespace

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"object-stream", objectStream},
      {"evaluator", evaluator},
      {"inferencer", inferencer},
      {"model-file", modelFile},
      {"instance-list", instanceList},
      {"topic-state-text", topicStateText},
      {"topic-state-gzip", topicStateGzip},
      {"text-documents", textDocuments},
      {"command-line", commandLine},
      {"model-validator", modelValidator},
      {"logistic-normal-model", logisticNormalModel},
      {"reference-index", referenceIndex},
  };
  return all;
}

const Target* findTarget(const std::string& name) {
  for (const Target& target : targets()) {
    if (name == target.name) return &target;
  }
  return nullptr;
}

}  // namespace topiceval::fuzz
