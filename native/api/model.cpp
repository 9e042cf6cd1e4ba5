// SPDX-License-Identifier: Apache-2.0
// The public Model and Documents (topiceval/model.hpp) over the library's own types.
#include "native/api/model_data.hpp"

#include <algorithm>
#include <cmath>

#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "native/api/document_selection.hpp"
#include "native/model/model_validator.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/random_stream.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

std::string Model::Data::howToGiveWords() const {
  switch (kind) {
    case FileKind::Evaluator: return "an evaluator file: give the inferencer, the saved model or the topic state";
    case FileKind::InMemory:
      return description +
             ": give the model its words (Model::withWords; Python's Model.with_words, Java's "
             "TopicModelData words)";
    default: return description + ": give a model file that carries its words";
  }
}

int Model::Data::numTopics() const {
  if (counts) return counts->numTopics;
  if (logisticNormal) return logisticNormal->numTopics;
  return static_cast<int>(alpha.size());
}

std::size_t Model::Data::numTypes() const {
  if (counts) return counts->numTypes();
  if (logisticNormal) return logisticNormal->numTypes;
  return types;
}

const Alphabet* Model::Data::alphabet() const {
  if (words) return words.get();
  if (counts) return counts->alphabet.get();
  if (logisticNormal) return logisticNormal->alphabet.get();
  return nullptr;
}

ScoringModel Model::Data::scoring(UnseenWords policy, const DocumentCollection& documents,
                                  std::optional<std::size_t> vocabularySize, bool policyGiven) const {
  if (counts) return ScoringModel(*counts, policy, documents, vocabularySize);
  if (logisticNormal) {
    if (vocabularySize || policyGiven)
      throw SettingError(vocabularySize ? "vocab-size" : "unseen-words",
                         "applies to LDA models; this is a logistic-normal model, which scores the words of its "
                         "vocabulary and skips the rest");
    return ScoringModel::fromLogisticNormal(*logisticNormal, documents);
  }
  if (policy == UnseenWords::Smooth)
    throw SettingError("unseen-words",
                       "cannot be 'smooth' for a model given as probabilities: it has no beta to smooth with; words "
                       "it gives no probability are skipped");
  if (vocabularySize) throw SettingError("vocab-size", "does not apply to a model given as probabilities");
  return probabilityRows->forDocuments(documents);
}

TopicModel Model::Data::malletCounts(std::shared_ptr<const Alphabet> vocabulary) const {
  if (kind != FileKind::TopicState || !training) return *counts;
  if (vocabulary == nullptr && malletOrder) return *malletOrder;
  return TopicModel::fromAssignments(counts->alpha, counts->beta, *training,
                                     vocabulary != nullptr ? std::move(vocabulary) : counts->alphabet);
}

namespace detail {

Model makeModel(ModelData data) { return LibraryAccess::model(std::make_shared<const ModelData>(std::move(data))); }

Documents makeDocuments(DocumentCollection collection, FileKind kind) {
  return LibraryAccess::documents(
      std::make_shared<const DocumentsData>(DocumentsData{std::move(collection), kind, {}}));
}

DocumentsSource withBagsShuffled(const DocumentsSource& source, uint64_t seed) {
  if (!source.documents || !source.documents->anyUnordered()) return source;
  // The stream's first index sets it apart from every estimator's (document, run, ...) streams.
  constexpr uint64_t kBagOrder = 0xBA600DE5C0FFEEULL;
  const Documents& given = *source.documents;
  const DocumentCollection& collection = dataOf(given).collection;
  DocumentsData shuffled;
  shuffled.kind = dataOf(given).kind;
  shuffled.unordered = dataOf(given).unordered;
  shuffled.collection.reserve(collection.size(), collection.totalTokens());
  std::vector<int32_t> tokens;
  for (std::size_t d = 0; d < collection.size(); ++d) {
    const auto document = collection.document(d);
    tokens.assign(document.begin(), document.end());
    if (given.unordered(d)) {
      // From the bag's own order (ids ascending), so that the order its pairs came in changes nothing.
      std::sort(tokens.begin(), tokens.end());
      RandomStream random(seed, {kBagOrder, d});
      for (std::size_t n = tokens.size(); n > 1; --n) std::swap(tokens[n - 1], tokens[random.below(n)]);
    }
    shuffled.collection.add(tokens, collection.name(d), collection.source(d), collection.named(d));
  }
  shuffled.collection.setAlphabet(collection.alphabet());
  DocumentsSource result;
  result.documents = LibraryAccess::documents(std::make_shared<const DocumentsData>(std::move(shuffled)));
  return result;
}

Model loadModel(const ModelSource& source) { return source.model ? *source.model : Model::read(source.path); }

Documents loadDocuments(const DocumentsSource& source, const Model& model, const std::string& modelName) {
  if (source.documents) return *source.documents;
  if (source.path.empty()) throw SettingError("input", "is required (an instance list or a text file)");
  FileKind kind = FileKind::Text;
  DocumentCollection collection =
      formats::readHeldOutDocuments(source.path, dataOf(model).alphabet(), modelName, &kind);
  return makeDocuments(std::move(collection), kind);
}

Documents loadDealtDocuments(const DocumentsSource& source, const Model& model, const std::string& modelName,
                             const std::string& selection, DealCost cost) {
  if (source.documents || source.path.empty()) {
    Documents documents = loadDocuments(source, model, modelName);
    return selection.empty() ? documents : documents.subset(parseDocumentSelection(selection, documents.size()));
  }
  FileKind kind = FileKind::InMemory;
  DocumentCollection collection = readDealtOverRanks(
      [&] {
        kind = FileKind::Text;
        DocumentCollection read =
            formats::readHeldOutDocuments(source.path, dataOf(model).alphabet(), modelName, &kind);
        if (selection.empty()) return read;
        return read.subset(parseDocumentSelection(selection, read.size()));
      },
      cost);
  return makeDocuments(std::move(collection), kind);
}

// A few MiB of tokens, and few enough batches that each one's set-up (a
// sampler's tables, the schedule) stays small beside its sampling when
// documents are short.
constexpr formats::InstanceBatch kInstanceBatch{std::size_t{1} << 16, std::size_t{4} << 20};

bool readListInBatches(const DocumentsSource& source, const Alphabet* modelAlphabet, const std::string& modelName,
                       const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                       const std::function<void(std::size_t documents, uint64_t tokens)>& checked,
                       std::size_t documentsAtMost) {
  if (source.documents || source.path.empty() || cluster().size() != 1) return false;
  formats::InstanceBatch batch = kInstanceBatch;
  if (documentsAtMost > 0) batch.documents = std::min(batch.documents, documentsAtMost);
  return formats::readHeldOutListInBatches(source.path, modelAlphabet, modelName, batch, consume, checked);
}

std::string sourceName(const ModelSource& source) {
  if (!source.name.empty()) return source.name;
  return source.model ? "model in memory" : source.path;
}

std::string sourceName(const ModelSource& source, std::size_t index) {
  if (!source.name.empty() || !source.model) return sourceName(source);
  return "model " + std::to_string(index + 1);
}

std::string sourceName(const DocumentsSource& source) { return source.documents ? "documents in memory" : source.path; }

}  // namespace detail

const char* describe(FileKind kind) { return formats::describeKind(kind); }
bool isModel(FileKind kind) { return formats::isModelKind(kind); }
FileKind recogniseFile(const std::string& path) { return formats::recogniseFile(path); }

Model::Model(std::shared_ptr<const Data> data) : data_(std::move(data)) {}

Model Model::read(const std::string& path) {
  formats::AnyLoadedModel loaded = formats::readAnyModelFile(path);
  detail::ModelData data;
  data.kind = loaded.kind;
  data.description = topiceval::describe(loaded.kind);
  data.source = path;
  if (loaded.lda) data.counts = std::move(*loaded.lda);
  if (loaded.logisticNormal) data.logisticNormal = std::move(*loaded.logisticNormal);
  if (loaded.probabilities) {
    data.types = loaded.probabilities->types;
    data.probabilities = std::move(loaded.probabilities->probabilities);
    data.alpha = std::move(loaded.probabilities->alpha);
    data.words = std::move(loaded.probabilities->words);
    data.probabilityRows = std::make_shared<const ScoringModel>(
        ScoringModel::fromTopicWordProbabilities(data.probabilities, data.types, data.alpha, DocumentCollection{}));
  }
  if (loaded.training) data.training = std::make_shared<const TrainingAssignments>(std::move(*loaded.training));
  if (loaded.malletOrder) data.malletOrder = std::make_shared<const TopicModel>(std::move(*loaded.malletOrder));
  return detail::makeModel(std::move(data));
}

Model Model::fromCounts(std::span<const int64_t> counts, std::size_t types, std::vector<double> alpha, double beta) {
  const std::size_t topics = alpha.size();
  if (topics == 0 || types == 0) throw ModelError("topic_word_counts is empty");
  if (counts.size() / topics != types || counts.size() % topics != 0)
    throw ModelError("topic_word_counts has " + std::to_string(counts.size()) + " values, not " +
                     std::to_string(topics) + " topics x " + std::to_string(types) + " words");
  if (!(beta > 0.0) || !std::isfinite(beta)) throw ModelError("beta must be positive and finite");
  // The library's layout: counts[type * topics + topic].
  std::vector<int32_t> byType(topics * types);
  for (std::size_t k = 0; k < topics; ++k) {
    for (std::size_t w = 0; w < types; ++w) {
      const int64_t count = counts[k * types + w];
      if (count < 0 || count > INT32_MAX / 2)
        throw ModelError("topic_word_counts[" + std::to_string(k) + ", " + std::to_string(w) + "] is " +
                         std::to_string(count) + ": counts must be non-negative and below 2^30");
      byType[w * topics + k] = static_cast<int32_t>(count);
    }
  }
  detail::ModelData data;
  data.description = "topic-word counts";
  data.counts = TopicModel::fromDenseCounts(static_cast<int>(topics), std::move(alpha), beta, byType, types);
  if (const std::string problem = findModelProblem(*data.counts); !problem.empty())
    throw ModelError("topic_word_counts: " + problem);
  return detail::makeModel(std::move(data));
}

Model Model::fromTopics(std::span<const double> phi, std::size_t types, std::vector<double> alpha) {
  detail::ModelData data;
  data.description = "topic-word probabilities";
  data.types = types;
  data.probabilities.assign(phi.begin(), phi.end());
  data.alpha = std::move(alpha);
  // Checked now (shapes, signs, row sums), so that a bad matrix fails at
  // construction; the rows are kept, not rebuilt for every evaluation.
  data.probabilityRows = std::make_shared<const ScoringModel>(
      ScoringModel::fromTopicWordProbabilities(data.probabilities, data.types, data.alpha, DocumentCollection{}));
  return detail::makeModel(std::move(data));
}

Model Model::fromMalletArrays(MalletArrays arrays) {
  TopicModel model;
  model.numTopics = arrays.numTopics;
  if (model.numTopics <= 0 || arrays.alpha.size() != static_cast<std::size_t>(model.numTopics))
    throw ModelError("model.numTopics is " + std::to_string(model.numTopics) + " but alpha has " +
                     std::to_string(arrays.alpha.size()) + " values");
  model.alpha = std::move(arrays.alpha);
  model.tokensPerTopic = std::move(arrays.tokensPerTopic);
  TopicModel::topicBitsFor(model.numTopics, model.topicBits, model.topicMask);
  for (std::size_t type = 0; type < arrays.typeTopicCounts.size(); ++type) {
    const bool present = arrays.presentRows.empty() || arrays.presentRows[type];
    model.typeTopicCounts.addRow(arrays.typeTopicCounts[type], present);
  }
  model.beta = arrays.beta;
  if (std::isnan(arrays.alphaSum)) {
    model.alphaSum = 0.0;
    for (const double a : model.alpha) model.alphaSum += a;
  } else {
    model.alphaSum = arrays.alphaSum;
  }
  model.betaSum = std::isnan(arrays.betaSum) ? model.beta * static_cast<double>(model.numTypes()) : arrays.betaSum;
  if (model.tokensPerTopic.size() == model.alpha.size()) model.computeSmoothingTerms();
  if (!arrays.words.empty()) model.alphabet = std::make_shared<const Alphabet>(std::move(arrays.words));
  if (const std::string problem = findModelProblem(model); !problem.empty()) throw ModelError("model: " + problem);
  detail::ModelData data;
  data.description = "MALLET topic model (arrays)";
  data.counts = std::move(model);
  return detail::makeModel(std::move(data));
}

Model::MalletArrays Model::malletArrays() const {
  if (!data_->counts) throw ModelError(describe() + " has no counts to give as MALLET's arrays");
  const TopicModel& model = *data_->counts;
  MalletArrays arrays;
  arrays.numTopics = model.numTopics;
  arrays.alpha = model.alpha;
  arrays.alphaSum = model.alphaSum;
  arrays.beta = model.beta;
  arrays.betaSum = model.betaSum;
  arrays.tokensPerTopic = model.tokensPerTopic;
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    const auto row = model.typeTopicCounts.storedRow(type);
    arrays.typeTopicCounts.emplace_back(row.begin(), row.end());
    arrays.presentRows.push_back(model.typeTopicCounts.present(type));
  }
  if (const Alphabet* words = data_->alphabet()) arrays.words = words->words();
  return arrays;
}

void writeModel(const Model& model, std::ostream& out) {
  const detail::ModelData& data = detail::dataOf(model);
  if (data.logisticNormal) {
    if (data.words != nullptr) {  // words given to a model read without them
      LogisticNormalModel withWords = *data.logisticNormal;
      withWords.alphabet = data.words;
      formats::writeLogisticNormalModel(out, withWords);
    } else {
      formats::writeLogisticNormalModel(out, *data.logisticNormal);
    }
  } else if (data.counts) {
    formats::writeLdaModel(out, *data.counts, data.alphabet());
  } else {
    formats::writeLdaModel(out, data.probabilities, data.types, data.alpha, data.alphabet());
  }
}

Model Model::withWords(std::vector<std::string> words) const {
  if (words.size() != numTypes())
    throw ModelError("the model has " + std::to_string(numTypes()) + " word types but " + std::to_string(words.size()) +
                     " words were given");
  detail::ModelData data = *data_;
  data.words = std::make_shared<const Alphabet>(std::move(words));
  if (const std::string problem = findVocabularyProblem(*data.words); !problem.empty()) throw ModelError(problem);
  return detail::makeModel(std::move(data));
}

FileKind Model::kind() const { return data_->kind; }
std::string Model::describe() const { return data_->description; }
ModelFamily Model::family() const { return data_->family(); }
int Model::numTopics() const { return data_->numTopics(); }
std::size_t Model::numTypes() const { return data_->numTypes(); }
const std::vector<std::string>* Model::words() const {
  const Alphabet* alphabet = data_->alphabet();
  return alphabet != nullptr ? &alphabet->words() : nullptr;
}
std::vector<double> Model::alpha() const {
  if (data_->counts) return data_->counts->alpha;
  return data_->alpha;
}
std::optional<double> Model::beta() const {
  return data_->counts ? std::optional<double>(data_->counts->beta) : std::nullopt;
}

std::vector<double> Model::topicWordProbabilities() const {
  if (data_->logisticNormal) {
    const LogisticNormalModel& model = *data_->logisticNormal;
    std::vector<double> phi(static_cast<std::size_t>(model.numTopics) * model.numTypes);
    for (int k = 0; k < model.numTopics; ++k) {
      for (std::size_t w = 0; w < model.numTypes; ++w)
        phi[static_cast<std::size_t>(k) * model.numTypes + w] = std::exp(model.logBeta(k, w));
    }
    return phi;
  }
  if (!data_->counts) return data_->probabilities;
  const auto topics = static_cast<std::size_t>(numTopics());
  const std::size_t words = numTypes();
  const ScoringModel scoring = data_->scoring(UnseenWords::Skip, DocumentCollection{}, std::nullopt);
  std::vector<double> phi(topics * words);
  for (std::size_t k = 0; k < topics; ++k) {
    const double smoothing = scoring.beta() / scoring.denominators()[k];
    for (std::size_t w = 0; w < words; ++w) phi[k * words + w] = smoothing;
  }
  for (std::size_t w = 0; w < words; ++w) {
    const auto rowTopics = scoring.rowTopics(static_cast<int32_t>(w));
    const auto rowCounts = scoring.rowCounts(static_cast<int32_t>(w));
    for (std::size_t i = 0; i < rowTopics.size(); ++i) {
      const auto k = static_cast<std::size_t>(rowTopics[i]);
      phi[k * words + w] = (rowCounts[i] + scoring.beta()) / scoring.denominators()[k];
    }
  }
  return phi;
}

Documents::Documents() : data_(std::make_shared<const detail::DocumentsData>()) {}
Documents::Documents(std::shared_ptr<const Data> data) : data_(std::move(data)) {}

Documents Documents::fromIds(const std::vector<std::vector<int64_t>>& documents, std::vector<std::string> names) {
  if (!names.empty() && names.size() != documents.size())
    throw SettingError("documents", "have " + std::to_string(documents.size()) + " entries but " +
                                        std::to_string(names.size()) + " names");
  DocumentCollection collection;
  std::vector<int32_t> tokens;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    tokens.clear();
    for (std::size_t n = 0; n < documents[d].size(); ++n) {
      const int64_t id = documents[d][n];
      if (id < 0 || id > INT32_MAX)
        throw SettingError(
            "documents[" + std::to_string(d) + "]",
            "has word id " + std::to_string(id) + " at position " + std::to_string(n) + ": ids must be in 0..2^31-1");
      tokens.push_back(static_cast<int32_t>(id));
    }
    collection.add(tokens, names.empty() ? std::string() : std::move(names[d]));
  }
  return detail::makeDocuments(std::move(collection));
}

DocumentsBuilder::DocumentsBuilder() : data_(std::make_unique<detail::DocumentsData>()) {}
DocumentsBuilder::~DocumentsBuilder() = default;

void DocumentsBuilder::add(std::span<const int64_t> ids, std::string name) {
  std::vector<int32_t> tokens;
  tokens.reserve(ids.size());
  for (std::size_t n = 0; n < ids.size(); ++n) {
    if (ids[n] < 0 || ids[n] > INT32_MAX)
      throw SettingError(
          "documents[" + std::to_string(data_->collection.size()) + "]",
          "has word id " + std::to_string(ids[n]) + " at position " + std::to_string(n) + ": ids must be in 0..2^31-1");
    tokens.push_back(static_cast<int32_t>(ids[n]));
  }
  data_->collection.add(tokens, std::move(name));
}

void DocumentsBuilder::addBag(std::span<const int64_t> ids, std::string name) {
  add(ids, std::move(name));
  data_->unordered.resize(data_->collection.size(), 0);
  data_->unordered.back() = 1;
}

void DocumentsBuilder::add(std::span<const int32_t> ids, std::string name) {
  for (std::size_t n = 0; n < ids.size(); ++n) {
    if (ids[n] < 0)
      throw SettingError("documents[" + std::to_string(data_->collection.size()) + "]",
                         "has negative word id " + std::to_string(ids[n]) + " at position " + std::to_string(n));
  }
  data_->collection.add(ids, std::move(name));
}

Documents DocumentsBuilder::build() {
  Documents documents(std::shared_ptr<const detail::DocumentsData>(std::move(data_)));
  data_ = std::make_unique<detail::DocumentsData>();
  return documents;
}

Documents Documents::read(const std::string& path, const Model& model) {
  return detail::loadDocuments(path, model,
                               detail::dataOf(model).source.empty() ? "the model" : detail::dataOf(model).source);
}

Documents Documents::read(const std::string& path) {
  const Alphabet none;
  FileKind kind = FileKind::Text;
  DocumentCollection collection = formats::readHeldOutDocuments(path, &none, "a vocabulary of its own", &kind);
  return detail::makeDocuments(std::move(collection), kind);
}

std::size_t Documents::size() const { return data_->collection.size(); }
std::size_t Documents::totalTokens() const { return data_->collection.totalTokens(); }
std::span<const int32_t> Documents::tokens(std::size_t document) const { return data_->collection.document(document); }
const std::string& Documents::name(std::size_t document) const { return data_->collection.name(document); }
bool Documents::unordered(std::size_t document) const {
  return document < data_->unordered.size() && data_->unordered[document] != 0;
}
bool Documents::anyUnordered() const {
  return std::find(data_->unordered.begin(), data_->unordered.end(), uint8_t{1}) != data_->unordered.end();
}
const std::vector<std::string>* Documents::words() const {
  const auto& alphabet = data_->collection.alphabet();
  return alphabet ? &alphabet->words() : nullptr;
}
Documents Documents::withWords(std::vector<std::string> words) const {
  DocumentCollection collection = data_->collection;
  for (std::size_t d = 0; d < collection.size(); ++d) {
    for (const int32_t id : collection.document(d)) {
      if (static_cast<std::size_t>(id) >= words.size())
        throw SettingError("documents", "document " + std::to_string(d) + " has word id " + std::to_string(id) +
                                            " beyond the " + std::to_string(words.size()) + " words given");
    }
  }
  auto alphabet = std::make_shared<const Alphabet>(std::move(words));
  if (const std::string problem = findVocabularyProblem(*alphabet); !problem.empty())
    throw SettingError("documents", problem);
  collection.setAlphabet(std::move(alphabet));
  detail::DocumentsData data{std::move(collection), data_->kind, data_->unordered};
  return Documents(std::make_shared<const detail::DocumentsData>(std::move(data)));
}

Documents Documents::subset(std::span<const std::size_t> indices) const {
  for (const std::size_t index : indices) {
    if (index >= size())
      throw SettingError("documents",
                         "has no document " + std::to_string(index) + " (there are " + std::to_string(size()) + ")");
  }
  detail::DocumentsData data{
      data_->collection.subset(indices), data_->kind, {}};  // the warnings name the cause by kind
  if (anyUnordered()) {
    for (const std::size_t index : indices) data.unordered.push_back(unordered(index) ? 1 : 0);
  }
  return Documents(std::make_shared<const detail::DocumentsData>(std::move(data)));
}

}  // namespace topiceval
