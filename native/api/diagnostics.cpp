// SPDX-License-Identifier: Apache-2.0
// topiceval::diagnostics (topiceval/diagnostics.hpp): MALLET's topic
// diagnostics from a model file's counts and training documents.
#include "topiceval/diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/instance_list_reader.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/model_data.hpp"
#include "native/quality/mallet_reports.hpp"
#include "native/quality/topic_diagnostics.hpp"
#include "native/runtime/classic_locale.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

struct DiagnosticsResult::Tables {
  TopicModel model;  // rows in MALLET's order, over the training vocabulary
  std::vector<quality::TopicDiagnostics> topics;
  std::vector<std::vector<quality::WordCount>> sorted;
  bool withDocuments = false;
  bool withWords = true;
};

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The training alphabet of `path` (an instance list, inferencer or saved
// model), checked against the state: every word the state names sits at the
// same index, and an instance list holds the state's documents token for token
// (MALLET's own check when it reads a state: the state's type index must be the
// instance's token at each position).
std::shared_ptr<const Alphabet> trainingAlphabet(const std::string& path, const TopicModel& state,
                                                 const TrainingAssignments& documents, const std::string& stateName) {
  const FileKind kind = recogniseFile(path);
  std::shared_ptr<const Alphabet> alphabet;
  if (kind == FileKind::InstanceList) {
    const DocumentCollection list = formats::readInstanceListFile(path);
    alphabet = list.alphabet();
    std::size_t next = 0;  // the state's next document; the list's empty documents have none there
    for (std::size_t i = 0; i < list.size(); ++i) {
      const auto tokens = list.document(i);
      if (tokens.empty()) continue;
      if (next == documents.numDocuments() ||
          !std::equal(tokens.begin(), tokens.end(), documents.documentTypes(next).begin(),
                      documents.documentTypes(next).end()))
        throw FileError(path, "does not hold the documents of " + stateName + ": its document " + std::to_string(i) +
                                  " differs from the state's (was the model trained on this instance list?)");
      ++next;
    }
    if (next != documents.numDocuments())
      throw FileError(path, "holds " + std::to_string(next) + " documents with tokens, " + stateName + " " +
                                std::to_string(documents.numDocuments()) +
                                " (was the model trained on this instance list?)");
  } else if (kind == FileKind::Inferencer || kind == FileKind::ParallelTopicModel) {
    alphabet = detail::dataOf(Model::read(path)).counts->alphabet;
  } else {
    throw SettingError("input", path + " is " + describe(kind) +
                                    ": give the training instance list, or the inferencer or saved model of the "
                                    "same training run (their alphabet is the training vocabulary)");
  }
  if (alphabet == nullptr) throw FileError(path, "holds no alphabet");
  const Alphabet& own = *state.alphabet;
  if (alphabet->size() < own.size())
    throw FileError(path, "has " + std::to_string(alphabet->size()) + " words, but " + stateName + " uses type index " +
                              std::to_string(own.size() - 1));
  for (std::size_t type = 0; type < own.size(); ++type) {
    if (!own.word(type).empty() && own.word(type) != alphabet->word(type))
      throw FileError(path, "has '" + alphabet->word(type) + "' at index " + std::to_string(type) + " where " +
                                stateName + " has '" + own.word(type) +
                                "': the state was not sampled over this vocabulary");
  }
  return alphabet;
}

// The counts the figures are computed from, as MALLET's diagnostics see them,
// with a warning for each figure the model cannot give as MALLET would.
std::shared_ptr<DiagnosticsResult::Tables> countsForDiagnostics(const DiagnosticsRequest& request,
                                                                const detail::ModelData& data, const std::string& name,
                                                                DiagnosticsResult& result) {
  auto computed = std::make_shared<DiagnosticsResult::Tables>();
  const TrainingAssignments* documents = data.training.get();
  if (!request.trainingData.empty() && data.kind != FileKind::TopicState)
    throw SettingError("input", "applies to a topic state, which does not record its vocabulary; " + name + " (" +
                                    data.description + ") records it");
  computed->model = data.malletCounts(
      request.trainingData.empty() ? nullptr : trainingAlphabet(request.trainingData, *data.counts, *documents, name));
  // Words given to the model (Model::withWords, one per type) name its types,
  // as they do for coherence and text; the training vocabulary (--input) is
  // checked against the state's own words instead.
  if (data.words != nullptr && request.trainingData.empty()) computed->model.alphabet = data.words;
  if (data.kind == FileKind::TopicState && request.trainingData.empty()) {
    result.warnings.push_back(
        {"topic-state-vocabulary",
         name + " does not record the size of the vocabulary it was sampled over: V = " +
             std::to_string(computed->model.numTypes()) +
             ", the types it holds. MALLET counts every word of the training alphabet, so if that alphabet held words "
             "without training tokens (held-out words imported with --use-pipe-from), uniform_dist, exclusivity and "
             "the "
             "topic-word weights differ from MALLET's: give --input with the training instance list or the "
             "inferencer"});
  }
  if (documents == nullptr)
    result.warnings.push_back(
        {"no-training-documents", name + " holds no training documents: document_entropy, coherence, token-doc-diff, "
                                         "rank_1_docs, allocation_ratio, allocation_count and docs need them (give the "
                                         "topic state or the saved model)"});
  if (computed->model.alphabet == nullptr) {
    // An evaluator holds no words: each is shown by its type index.
    std::vector<std::string> indices;
    for (std::size_t type = 0; type < computed->model.numTypes(); ++type) indices.push_back(std::to_string(type));
    computed->model.alphabet = std::make_shared<const Alphabet>(std::move(indices));
    computed->withWords = false;
    result.warnings.push_back(
        {"no-words", name + " holds no words: they are shown by type index, without word-length"});
  }
  computed->withDocuments = documents != nullptr;
  return computed;
}

// One topic's figures as the result gives them: NaN (or -1 documents) for
// those that need training documents or words the model does not hold.
DiagnosticsResult::Topic topicResult(const quality::TopicDiagnostics& topic, const DiagnosticsResult::Tables& computed,
                                     std::size_t k) {
  const bool d = computed.withDocuments;
  DiagnosticsResult::Topic out{topic.tokens,
                               d ? topic.documentEntropy : kNaN,
                               computed.withWords ? topic.wordLength : kNaN,
                               d ? topic.coherence : kNaN,
                               topic.uniformDist,
                               topic.corpusDist,
                               topic.effectiveNumWords,
                               d ? topic.tokenDocDiff : kNaN,
                               d ? topic.rank1Documents : kNaN,
                               d ? topic.allocationRatio : kNaN,
                               d ? topic.allocationCount : kNaN,
                               topic.exclusivity,
                               computed.model.alpha[k],
                               {}};
  for (const quality::WordDiagnostics& word : topic.words) {
    out.words.push_back({computed.model.alphabet->word(static_cast<std::size_t>(word.word.type)), word.word.type,
                         word.word.count, word.probability, word.cumulative, d ? word.documents : -1,
                         computed.withWords ? word.wordLength : kNaN, d ? word.coherence : kNaN, word.uniformDist,
                         word.corpusDist, d ? word.tokenDocDiff : kNaN, word.exclusivity});
  }
  return out;
}

}  // namespace

DiagnosticsResult diagnostics(const DiagnosticsRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale classic;
  validate(request);
  const Model model = detail::loadModel(request.model);
  const detail::ModelData& data = detail::dataOf(model);
  const std::string name = detail::sourceName(request.model);
  if (!data.counts)
    throw ModelError(name + " is " + data.description +
                     ": diagnostics need an LDA model with counts (a topic state, a saved model or an inferencer)");

  DiagnosticsResult result;
  auto computed = countsForDiagnostics(request, data, name, result);
  // MALLET fills a topic's list beyond its words with slots of type 0, and its
  // figures depend on N through them, so N is not silently cut to the
  // vocabulary (that would print another N's figures); but beyond the
  // vocabulary (and MALLET's default) they are all such slots, so it is refused.
  const std::size_t vocabulary = computed->model.numTypes();
  if (static_cast<std::size_t>(request.numTopWords) >
      std::max<std::size_t>(vocabulary, DiagnosticsRequest::kDefaultTopWords))
    throw SettingError("num-top-words", "is " + std::to_string(request.numTopWords) + ", more than the " +
                                            std::to_string(vocabulary) + " words of " + name +
                                            ": a topic has at most that many top words; give at most " +
                                            std::to_string(vocabulary));
  quality::checkDiagnosticsCost(computed->model, computed->withDocuments, request.numTopWords);
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  const TrainingAssignments* documents = data.training.get();
  computed->sorted = quality::sortedTopicWords(computed->model);
  computed->topics = quality::topicDiagnostics(computed->model, documents, request.numTopWords,
                                               request.progress != nullptr ? request.progress : &ownProgress);

  result.fromDocuments = computed->withDocuments;
  result.numTopWords = request.numTopWords;
  result.vocabularySize = computed->model.numTypes();
  result.documents = documents != nullptr ? documents->numDocuments() : 0;
  result.tokens = computed->model.totalTokens();
  result.modelDescription = data.description;
  for (std::size_t k = 0; k < computed->topics.size(); ++k)
    result.topics.push_back(topicResult(computed->topics[k], *computed, k));
  result.computed = std::move(computed);
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

namespace {

// The tables behind MALLET's files stay with the run that computed them: a
// result copied without them (a default one, or one sent to another process,
// as Python's pickle does) has none to write from.
const DiagnosticsResult::Tables& tablesOf(const DiagnosticsResult& result) {
  if (!result.computed)
    throw Error("this diagnostics result has no tables to write MALLET's files from (they stay in the process that "
                "computed it, and are not copied to another): run diagnostics again");
  return *result.computed;
}

}  // namespace

void writeDiagnosticsXml(std::ostream& out, const DiagnosticsResult& result) {
  const auto& tables = tablesOf(result);
  quality::writeDiagnosticsXml(out, tables.model, tables.topics, tables.withDocuments, tables.withWords);
}

void writeTopicKeys(std::ostream& out, const DiagnosticsResult& result) {
  const auto& tables = tablesOf(result);
  quality::writeTopicKeys(out, tables.model, tables.sorted, result.numTopWords);
}

void writeTopicWordWeights(std::ostream& out, const DiagnosticsResult& result) {
  const auto& tables = tablesOf(result);
  quality::writeTopicWordWeights(out, tables.model, tables.sorted);
}

void writeWordTopicCounts(std::ostream& out, const DiagnosticsResult& result) {
  quality::writeWordTopicCounts(out, tablesOf(result).model);
}

}  // namespace topiceval
