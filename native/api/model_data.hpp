// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a public Model and Documents hold (topiceval/model.hpp): the library's
// own model types behind one handle, and how each scores documents.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "native/api/dealt_documents.hpp"
#include "native/model/document_collection.hpp"
#include "native/model/logistic_normal_model.hpp"
#include "native/model/scoring_model.hpp"
#include "native/model/topic_model.hpp"
#include "topiceval/model.hpp"

namespace topiceval {

struct Model::Data {
  FileKind kind = FileKind::InMemory;
  std::string description;            // describe(kind), or what the arrays were
  std::string source;                 // the file it was read from, or empty
  std::optional<TopicModel> counts;   // LDA with counts: MALLET's files, Model::fromCounts
  std::vector<double> probabilities;  // LDA as phi[k * types + w]: Model::fromTopics
  std::vector<double> alpha;          // with probabilities
  std::size_t types = 0;              // with probabilities
  // The rows of `probabilities`, built (and checked) once by Model::fromTopics.
  std::shared_ptr<const ScoringModel> probabilityRows;
  std::optional<LogisticNormalModel> logisticNormal;
  std::shared_ptr<const Alphabet> words;  // an array model's words, when given
  // A topic state's or saved model's training documents with their topics.
  std::shared_ptr<const TrainingAssignments> training;
  std::shared_ptr<const TopicModel> malletOrder;  // a state's counts with MALLET's rows, as read

  // The counts with MALLET's row order: a topic state's rebuilt as MALLET
  // rebuilds them from it (TopicModel::fromAssignments), over `words` when given
  // (the training vocabulary), otherwise the counts as read. What MALLET's
  // diagnostics sum along.
  TopicModel malletCounts(std::shared_ptr<const Alphabet> words = nullptr) const;

  // How to give a model without words its words, true for its kind: "an
  // evaluator file: give the inferencer, ..." or "arrays: give their words ...".
  std::string howToGiveWords() const;
  ModelFamily family() const { return logisticNormal ? ModelFamily::LogisticNormal : ModelFamily::Dirichlet; }
  int numTopics() const;
  std::size_t numTypes() const;
  const Alphabet* alphabet() const;
  // How the model scores `documents`: the unseen-word policy and V apply to
  // counts; a model of probabilities takes skip or skip-untrained (words it gives
  // no probability are skipped) and no V; a logistic-normal one neither.
  // `policyOption` and `vocabularyOption` name the options in errors.
  ScoringModel scoring(UnseenWords policy, const DocumentCollection& documents,
                       std::optional<std::size_t> vocabularySize, bool policyGiven = false) const;
};

struct Documents::Data {
  DocumentCollection collection;
  FileKind kind = FileKind::InMemory;  // InstanceList or Text when read from a file
  std::vector<uint8_t> unordered;      // by document, 1 for a bag of words; empty: none is
};

// The library's own reach behind the public handles: their data and the
// constructors around it, which the public header keeps private.
struct LibraryAccess {
  using ModelData = Model::Data;
  using DocumentsData = Documents::Data;
  static const ModelData& data(const Model& model) { return *model.data_; }
  static const DocumentsData& data(const Documents& documents) { return *documents.data_; }
  static Model model(std::shared_ptr<const ModelData> data) { return Model(std::move(data)); }
  static Documents documents(std::shared_ptr<const DocumentsData> data) { return Documents(std::move(data)); }
};

namespace detail {

using ModelData = LibraryAccess::ModelData;
using DocumentsData = LibraryAccess::DocumentsData;
inline const ModelData& dataOf(const Model& model) { return LibraryAccess::data(model); }
inline const DocumentsData& dataOf(const Documents& documents) { return LibraryAccess::data(documents); }

// A Model around a model the library read or built.
Model makeModel(ModelData data);
// Documents around a collection.
Documents makeDocuments(DocumentCollection collection, FileKind kind = FileKind::InMemory);

// `source` with every bag of words among its documents in memory
// (Documents::unordered) shuffled into an order of its own: document d's
// tokens, sorted, then shuffled by Fisher-Yates from RandomStream(seed,
// {kBagOrder, d}): the same order however the bag's pairs were listed.
// What a likelihood command scores, so that no estimator whose result depends
// on the order sees an invented one (such as ids in increasing order); the
// documents stay marked unordered.
DocumentsSource withBagsShuffled(const DocumentsSource& source, uint64_t seed);

// A source's model, read now if it is a file.
Model loadModel(const ModelSource& source);
// A source's documents as `model` reads them (a file through its words).
Documents loadDocuments(const DocumentsSource& source, const Model& model, const std::string& modelName);
// The same for a command whose drivers take documents dealt over MPI ranks
// (readDealtOverRanks): `selection` ("0-29,40", or empty for all) is applied
// before the deal. Off rank 0 the kind is left InMemory (it only words warnings,
// which rank 0 alone writes).
Documents loadDealtDocuments(const DocumentsSource& source, const Model& model, const std::string& modelName,
                             const std::string& selection, DealCost cost);
// The topic proportions infer-topics holds at most per batch of a list read in batches (a test
// narrows it to see the batches).
std::size_t& inferenceBatchProportions();

// The held-out documents of MALLET's commands (evaluate-topics, infer-topics),
// whose work goes document by document in the list's order, handed over in
// batches of a few MiB (formats::readHeldOutListInBatches; `modelAlphabet`, if
// given, checked against the list's) so that memory does not grow with the
// list; `documentsAtMost` lowers the documents per batch for a command whose
// results per document are large. False, with nothing consumed, where they are to be read whole:
// documents in memory, several ranks (which deal the whole list), a file that
// is not an instance list one process reads.
bool readListInBatches(const DocumentsSource& source, const Alphabet* modelAlphabet, const std::string& modelName,
                       const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                       const std::function<void(std::size_t documents, uint64_t tokens)>& checked = {},
                       std::size_t documentsAtMost = 0);
// The name a source is reported under: its name when given, else its path, or "model in memory".
std::string sourceName(const ModelSource& source);
// The same for the model at place `index` of a list (select's, curve's): its
// name when given, else its path, or "model N" (numbered from 1 as given).
std::string sourceName(const ModelSource& source, std::size_t index);
std::string sourceName(const DocumentsSource& source);

}  // namespace detail

}  // namespace topiceval
