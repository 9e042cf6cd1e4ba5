// SPDX-License-Identifier: Apache-2.0
// topiceval::coherence (topiceval/coherence.hpp): a model's top words scored
// against reference texts, with bootstrap errors, and its exclusivity.
#include "topiceval/coherence.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "formats/file_bytes.hpp"
#include "formats/reference_index.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/coherence_against.hpp"
#include "native/api/index_blocks.hpp"
#include "native/api/model_data.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/model/word_index.hpp"
#include "native/quality/coherence.hpp"
#include "native/quality/exclusivity.hpp"
#include "native/quality/topic_diagnostics.hpp"
#include "native/runtime/classic_locale.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

using detail::IndexBlocks;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The model's `n` most probable words per topic, as type indices: a count
// model's in MALLET's order (topic keys), others by probability (ties: the
// larger index first, as MALLET breaks them).
std::vector<std::vector<int>> topWordIds(const Model& model, const std::optional<TopicModel>& counts,
                                         const std::vector<double>& phi, std::size_t n) {
  const detail::ModelData& data = detail::dataOf(model);
  std::vector<std::vector<int>> top(static_cast<std::size_t>(data.numTopics()));
  if (counts) {
    const auto sorted = quality::sortedTopicWords(*counts, n);
    for (std::size_t k = 0; k < top.size(); ++k) {
      for (const quality::WordCount& word : sorted[k]) top[k].push_back(word.type);
    }
    return top;
  }
  const std::size_t types = data.numTypes();
  for (std::size_t k = 0; k < top.size(); ++k) {
    std::vector<int> order(types);
    for (std::size_t w = 0; w < types; ++w) order[w] = static_cast<int>(w);
    const double* row = phi.data() + k * types;
    const std::size_t keep = std::min(n, types);
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](int a, int b) { return row[a] != row[b] ? row[a] > row[b] : a > b; });
    top[k].assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep));
  }
  return top;
}

struct Reference {
  quality::ReferenceCorpus corpus;
  const std::vector<std::string>* words = nullptr;  // by id
  std::string description;
  // A reference index: counted a block of documents at a time from the topic
  // words' postings (IndexBlocks) once they are known.
  std::unique_ptr<formats::ReferenceIndex> ownIndex;  // on the heap: `index` and `words` outlive a move
  const formats::ReferenceIndex* index = nullptr;  // ownIndex, or one the caller opened
  bool unordered = false;  // bags of words: windows count whole documents
  // Whether each word id occurs in the texts.
  std::vector<uint8_t> used() const {
    std::vector<uint8_t> used(words->size(), 0);
    if (index) {
      for (std::size_t id = 0; id < used.size(); ++id) used[id] = index->documentFrequency(id) > 0 ? 1 : 0;
    } else {
      for (const int32_t id : corpus.tokens) {
        if (static_cast<std::size_t>(id) < used.size()) used[static_cast<std::size_t>(id)] = 1;
      }
    }
    return used;
  }
};

Reference loadReference(const CoherenceRequest& request, const Model& model, const std::string& modelName,
                        std::optional<Documents>& keep, const formats::ReferenceIndex* opened) {
  Reference reference;
  const detail::ModelData& data = detail::dataOf(model);
  if (!request.reference.empty()) {
    if (request.texts)
      throw SettingError("reference", "takes the place of the texts: give either the texts or an index of them");
    if (opened != nullptr) {
      reference.index = opened;
    } else {
      reference.ownIndex = std::make_unique<formats::ReferenceIndex>(formats::ReferenceIndex::open(request.reference));
      reference.index = reference.ownIndex.get();
    }
    reference.words = &reference.index->words();
    reference.unordered = reference.index->unordered();
    reference.description = request.reference;
    return reference;
  }
  if (!request.texts) {
    if (!data.training)
      throw SettingError("texts", modelName + " (" + data.description +
                                      ") holds no training documents: give reference texts (an instance list, or "
                                      "plain text with one document per line)");
    reference.corpus.tokens = data.training->types;
    reference.corpus.topics = data.training->topics;
    reference.corpus.offsets = data.training->offsets;
    reference.words = &data.alphabet()->words();
    reference.description = "the training documents of " + modelName;
    return reference;
  }
  const DocumentsSource& source = *request.texts;
  keep = source.documents ? *source.documents : Documents::read(source.path);
  reference.description = detail::sourceName(source);
  reference.unordered = keep->anyUnordered();
  reference.words = keep->words();
  if (reference.words == nullptr) {
    // Ids without words are the model's type indices.
    if (data.alphabet() == nullptr)
      throw SettingError("texts", "the documents carry no words and " + modelName + " has none to read them by");
    reference.words = &data.alphabet()->words();
  }
  for (std::size_t d = 0; d < keep->size(); ++d) {
    const auto tokens = keep->tokens(d);
    reference.corpus.tokens.insert(reference.corpus.tokens.end(), tokens.begin(), tokens.end());
    reference.corpus.offsets.push_back(reference.corpus.tokens.size());
  }
  return reference;
}

// The topics as words: the ones given, or the model's top words (then also as
// the model's type indices, for exclusivity and FREX).
struct TopicWords {
  std::vector<std::vector<std::string>> words;
  std::vector<std::vector<int>> modelTop;  // empty for topics given
};

TopicWords topicWords(const CoherenceRequest& request, const Model& model, const std::string& modelName,
                      const std::optional<TopicModel>& counts, const std::vector<double>& phi) {
  const detail::ModelData& data = detail::dataOf(model);
  TopicWords topics{request.topics, {}};
  if (!topics.words.empty()) return topics;
  if (data.alphabet() == nullptr)
    throw SettingError("model", modelName + " holds no words to look up in the texts (" + data.howToGiveWords() + ")");
  topics.modelTop = topWordIds(model, counts, phi, static_cast<std::size_t>(request.topWords));
  for (const auto& ids : topics.modelTop) {
    topics.words.emplace_back();
    for (const int id : ids) topics.words.back().push_back(data.alphabet()->word(static_cast<std::size_t>(id)));
  }
  return topics;
}

// Each word by its id in the texts. A topic word outside the dictionary (by
// default the words the texts use) is dropped, as gensim drops it; one in
// the dictionary but not in the texts keeps a count of 0.
class TextWordIds {
 public:
  TextWordIds(const CoherenceRequest& request, const Reference& reference,
              const std::vector<std::vector<std::string>>& topics)
      : words_(*reference.words), byDictionary_(!request.dictionary.empty()) {
    if (!byDictionary_) {
      // Only the topics' words are looked up: an index of them (small enough
      // to stay in cache) that the texts' words pass through once, the first
      // id of a repeated word kept, as a map of the texts' words keeps it.
      for (const auto& topic : topics) {
        for (const std::string& word : topic) {
          if (!wantedIndex_.find(word, wanted_)) {
            wanted_.push_back(word);
            wantedIndex_.insert(static_cast<int32_t>(wanted_.size() - 1), wanted_);
          }
        }
      }
      idOfWanted_.assign(wanted_.size(), -1);
      const std::vector<uint8_t> used = reference.used();
      for (std::size_t id = 0; id < words_.size(); ++id) {
        if (const auto at = wantedIndex_.find(words_[id], wanted_)) {
          int32_t& wanted = idOfWanted_[static_cast<std::size_t>(*at)];
          if (wanted < 0) wanted = used[id] != 0 ? static_cast<int32_t>(id) : kUnused;
        }
      }
      return;
    }
    for (std::size_t id = 0; id < words_.size(); ++id) idOf_.emplace(words_[id], static_cast<int32_t>(id));
    const std::unordered_set<std::string_view> known(request.dictionary.begin(), request.dictionary.end());
    std::erase_if(idOf_, [&](const auto& entry) { return !known.contains(entry.first); });
    for (const std::string& word : request.dictionary) {
      if (!idOf_.contains(word)) absent_.push_back(word);
    }
    for (std::size_t i = 0; i < absent_.size(); ++i) idOf_.emplace(absent_[i], static_cast<int32_t>(words_.size() + i));
  }
  std::optional<int32_t> find(const std::string& word) const {
    if (!byDictionary_) {
      const std::optional<int32_t> at = wantedIndex_.find(word, wanted_);
      if (!at || idOfWanted_[static_cast<std::size_t>(*at)] < 0) return std::nullopt;
      return idOfWanted_[static_cast<std::size_t>(*at)];
    }
    const auto found = idOf_.find(word);
    return found == idOf_.end() ? std::nullopt : std::optional<int32_t>(found->second);
  }
  const std::string& word(int32_t id) const {
    return static_cast<std::size_t>(id) < words_.size() ? words_[static_cast<std::size_t>(id)]
                                                        : absent_[static_cast<std::size_t>(id) - words_.size()];
  }

 private:
  const std::vector<std::string>& words_;
  bool byDictionary_;
  // Without a dictionary: the topics' words, and each one's id in the texts (-1
  // absent, kUnused when its first id never occurs in them).
  static constexpr int32_t kUnused = -2;
  std::vector<std::string> wanted_;
  WordIndex wantedIndex_;
  std::vector<int32_t> idOfWanted_;
  std::unordered_map<std::string_view, int32_t> idOf_;  // with a dictionary
  std::vector<std::string> absent_;  // dictionary words the texts never use: ids of their own
};

// The topics as ids in the texts, cut to `n` as gensim cuts them; the words
// kept go to the result, and those dropped are said in a warning.
std::vector<std::vector<int32_t>> topicIdsInTexts(const std::vector<std::vector<std::string>>& topics,
                                                  const TextWordIds& idOf, std::size_t n, CoherenceResult& result) {
  std::vector<std::vector<int32_t>> ids(topics.size());
  std::size_t dropped = 0, total = 0;
  std::vector<std::size_t> unknownTopics;
  for (std::size_t k = 0; k < topics.size(); ++k) {
    for (const std::string& word : topics[k]) {
      ++total;
      const std::optional<int32_t> found = idOf.find(word);
      if (!found) {
        ++dropped;
      } else {
        ids[k].push_back(*found);
      }
    }
    if (ids[k].empty()) unknownTopics.push_back(k);
  }
  // gensim cuts every topic to topn only when the first is longer.
  if (!ids.empty() && ids[0].size() > n) {
    for (auto& topic : ids) topic.resize(std::min(topic.size(), n));
  }
  for (std::size_t k = 0; k < ids.size(); ++k) {
    result.topics.emplace_back();
    for (const int32_t id : ids[k]) result.topics.back().push_back(idOf.word(id));
  }
  if (dropped > 0) {
    std::string text = std::to_string(dropped) + " of the " + std::to_string(total) +
                       " top words never occur in the reference texts and were left out, as gensim leaves them out";
    if (!unknownTopics.empty())
      text += "; " + std::to_string(unknownTopics.size()) + " topic(s) kept no word at all and score NaN (topic " +
              std::to_string(unknownTopics.front()) + (unknownTopics.size() > 1 ? ", ..." : "") + ")";
    result.warnings.push_back({"dropped-top-words", text});
  }
  return ids;
}

// The measures' settings. Bags of words have no order for a window to slide
// along (an order made up for them, such as ids in increasing order, would
// decide the counts): the window measures count whole documents on them, and
// say so. MALLET's measure smooths with the model's beta.
quality::CoherenceSettings coherenceSettings(const CoherenceRequest& request,
                                             const std::vector<quality::MeasureRequest>& measures, bool unordered,
                                             const Model& model,
                                             const std::string& modelName, CoherenceResult& result) {
  quality::CoherenceSettings settings;
  settings.measures = measures;
  settings.bootstrap = request.bootstrap;
  settings.seed = static_cast<uint64_t>(request.seed);
  settings.threads = request.threads;
  settings.unorderedTexts = unordered;
  std::vector<std::string> windowed;
  for (const auto& measure : measures) {
    if (quality::slidesAWindow(measure.measure)) windowed.emplace_back(quality::coherenceMeasureName(measure.measure));
  }
  if (settings.unorderedTexts && !windowed.empty()) {
    if (request.windowSize > 0)
      throw SettingError("window-size", "does not apply to bags of words (texts without a token order): for " +
                                            listOfChoices(windowed) + ", whole documents take the place of windows");
    result.warnings.push_back(
        {"bag-of-words-texts", "the reference texts are bags of words, without a token order: for " +
                                   listOfChoices(windowed) +
                                   ", whole documents (boolean document co-occurrence) take the place of sliding "
                                   "windows"});
  }
  for (const auto& measure : measures) {
    if (measure.measure != quality::CoherenceMeasure::Mallet) continue;
    const std::optional<double> beta = model.beta();
    if (!beta)
      throw SettingError("measure", "mallet smooths with the model's beta, and " + modelName +
                                        " has none: choose u_mass, c_uci, c_npmi or c_v");
    settings.malletBeta = *beta;
  }
  return settings;
}

// Each measure's values in the result, and a warning for topics whose
// bootstrap replicates were not all finite.
void addMeasures(const std::vector<quality::MeasureValues>& measured, int bootstrap, CoherenceResult& result) {
  for (const quality::MeasureValues& measure : measured) {
    CoherenceResult::Measure out;
    out.name = quality::coherenceMeasureName(measure.measure);
    out.windowSize = measure.windowSize;
    out.perTopic = measure.perTopic;
    out.perTopicStandardError = measure.perTopicStandardError;
    out.mean = measure.mean;
    out.meanStandardError = measure.meanStandardError;
    std::size_t unstable = 0;
    int worst = 0;
    for (std::size_t k = 0; k < measure.perTopicNonFinite.size(); ++k) {
      if (std::isfinite(measure.perTopic[k]) && measure.perTopicNonFinite[k] > 0) ++unstable;
      worst = std::max(worst, measure.perTopicNonFinite[k]);
    }
    if (unstable > 0 || (std::isfinite(measure.mean) && measure.meanNonFinite > 0)) {
      const auto share = [&](int count) {
        return std::to_string(static_cast<int>(std::lround(100.0 * count / bootstrap))) + "%";
      };
      result.warnings.push_back(
          {"unstable-coherence",
           out.name + ": " + std::to_string(unstable) +
               " topic(s) have a top word in so few reference documents that "
               "up to " +
               share(worst) +
               " of the bootstrap replicates draw none of them (the value is then not "
               "finite); their errors come from the other replicates and understate that instability; the mean's "
               "error pairs topics over the replicates where both are finite"});
    }
    result.measures.push_back(std::move(out));
  }
}

// Exclusivity and FREX describe the model's own top words (NaN for topics
// given).
void addExclusivity(const Model& model, const std::optional<TopicModel>& counts, const std::vector<double>& phi,
                    const std::vector<std::vector<int>>& modelTop, std::size_t topWords, std::size_t topicCount,
                    CoherenceResult& result) {
  if (modelTop.empty()) {
    result.exclusivity.assign(topicCount, kNaN);
    result.frex.assign(topicCount, kNaN);
  } else {
    detail::ExclusivityFigures figures = detail::exclusivityAndFrex(model, counts, phi, modelTop, topWords);
    result.exclusivity = std::move(figures.exclusivity);
    result.frex = std::move(figures.frex);
  }
  result.meanExclusivity = quality::numpyMean(result.exclusivity);
  result.meanFrex = quality::numpyMean(result.frex);
}

// The share of distinct words among all the topics' words.
double diversityOf(const std::vector<std::vector<std::string>>& topics) {
  std::unordered_set<std::string> distinct;
  std::size_t words = 0;
  for (const auto& topic : topics) {
    distinct.insert(topic.begin(), topic.end());
    words += topic.size();
  }
  return words == 0 ? kNaN : static_cast<double>(distinct.size()) / static_cast<double>(words);
}

}  // namespace

// A count model's phi, (n + beta) / (n_k + betaSum), is made a row at a time.
detail::ExclusivityFigures detail::exclusivityAndFrex(const Model& model, const std::optional<TopicModel>& counts,
                                                      const std::vector<double>& phi,
                                                      const std::vector<std::vector<int>>& modelTop,
                                                      std::size_t topWords) {
  const detail::ModelData& data = detail::dataOf(model);
  const std::size_t topicCount = modelTop.size();
  const std::size_t n = topWords;
  ExclusivityFigures figures;
  if (counts) {
    std::vector<std::vector<std::pair<int, int>>> nonzero(topicCount);
    for (std::size_t type = 0; type < counts->numTypes(); ++type) {
      for (const int32_t entry : counts->typeTopicCounts.activeRow(type))
        nonzero[static_cast<std::size_t>(counts->topicOf(entry))].emplace_back(static_cast<int>(type),
                                                                               counts->countOf(entry));
    }
    figures.exclusivity =
        quality::topicExclusivity(*counts, quality::sortedTopicWords(*counts, n), static_cast<int>(topWords));
    figures.frex =
        quality::frexOfCounts(nonzero, counts->tokensPerTopic, counts->beta, counts->betaSum, counts->numTypes(), n);
    return figures;
  }
  const quality::PhiRow rows = quality::matrixRows(phi, data.numTypes());
  figures.exclusivity = quality::exclusivityOfProbabilities(rows, topicCount, data.numTypes(), modelTop, n);
  // stm's M most probable words: R's order, ties by index.
  std::vector<std::vector<int>> frexTop(topicCount);
  std::vector<double> values;
  for (std::size_t k = 0; k < topicCount; ++k) {
    rows(k, values);
    std::vector<int> order(values.size());
    for (std::size_t w = 0; w < order.size(); ++w) order[w] = static_cast<int>(w);
    const std::size_t keep = std::min(n, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](int a, int b) { return values[a] != values[b] ? values[a] > values[b] : a < b; });
    frexTop[k].assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep));
  }
  figures.frex = quality::frex(rows, topicCount, data.numTypes(), frexTop);
  return figures;
}

detail::ExclusivityFigures detail::exclusivityAndFrex(const Model& model, std::size_t topWords) {
  const detail::ModelData& data = detail::dataOf(model);
  const std::optional<TopicModel> counts = data.counts ? std::optional<TopicModel>(data.malletCounts()) : std::nullopt;
  const std::vector<double> phi = data.family() == ModelFamily::LogisticNormal || !data.counts
                                      ? model.topicWordProbabilities()
                                      : std::vector<double>{};
  std::vector<std::vector<int>> top = topWordIds(model, counts, phi, topWords);
  ExclusivityFigures figures = exclusivityAndFrex(model, counts, phi, top, topWords);
  figures.top = std::move(top);
  return figures;
}

const std::vector<std::string>& coherenceMeasures() { return quality::coherenceMeasureNames(); }

void detail::checkTopWordPairs(const Model& model, int topWords, std::size_t measures, int bootstrap, int threads) {
  const detail::ModelData& data = detail::dataOf(model);
  const auto n = static_cast<std::size_t>(std::max(topWords, 0));
  std::vector<std::size_t> sizes(static_cast<std::size_t>(data.numTopics()), std::min(n, data.numTypes()));
  if (data.counts && data.family() == ModelFamily::Dirichlet) {
    // A count model's top words are those with a count in the topic (topWordIds).
    std::vector<std::size_t> counted(sizes.size(), 0);
    const TopicModel& counts = *data.counts;
    for (std::size_t type = 0; type < counts.numTypes(); ++type) {
      for (const int32_t entry : counts.typeTopicCounts.activeRow(type)) {
        const auto topic = static_cast<std::size_t>(counts.topicOf(entry));
        if (topic < counted.size()) ++counted[topic];
      }
    }
    for (std::size_t k = 0; k < sizes.size(); ++k) sizes[k] = std::min(n, counted[k]);
  }
  quality::checkCoherenceCost(sizes, measures, measures, bootstrap, threads);
}

CoherenceResult coherence(const CoherenceRequest& request) { return detail::coherenceAgainst(request, nullptr); }

CoherenceResult detail::coherenceAgainst(const CoherenceRequest& request, const formats::ReferenceIndex* opened) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale classic;
  validate(request);  // the declared ranges: top-words, window-size, bootstrap, threads
  std::vector<quality::MeasureRequest> measures;
  if (request.measures.empty()) throw SettingError("measure", "needs at least one measure");
  for (const std::string& name : request.measures) {
    const auto measure = quality::coherenceMeasure(name);
    if (!measure) throw SettingError("measure", "takes " + listOfChoices(coherenceMeasures()) + ", not '" + name + "'");
    measures.push_back({*measure, request.windowSize});
  }
  // Beyond the declared ranges: bootstrap takes no single replicate.
  if (request.bootstrap == 1) throw SettingError("bootstrap", "takes 0 (no errors) or 2 to 100000 replicates");

  const Model model = detail::loadModel(request.model);
  const std::string modelName = detail::sourceName(request.model);
  const detail::ModelData& data = detail::dataOf(model);
  if (request.topics.empty()) detail::checkTopWordPairs(model, request.topWords, measures.size(), request.bootstrap, request.threads);
  std::optional<Documents> documents;
  Reference reference = loadReference(request, model, modelName, documents, opened);

  CoherenceResult result;
  result.reference = reference.description;
  result.bootstrap = request.bootstrap;

  // MALLET's rows for a count model (once: a state's are rebuilt).
  const std::optional<TopicModel> counts = data.counts ? std::optional<TopicModel>(data.malletCounts()) : std::nullopt;
  // A model of probabilities (or logistic-normal) as its matrix; a count model's phi is made a row at a time.
  const std::vector<double> phi = data.family() == ModelFamily::LogisticNormal || !data.counts
                                      ? model.topicWordProbabilities()
                                      : std::vector<double>{};
  const TopicWords topics = topicWords(request, model, modelName, counts, phi);
  const std::vector<std::vector<int32_t>> ids = topicIdsInTexts(topics.words, TextWordIds(request, reference, topics.words),
                                                                static_cast<std::size_t>(request.topWords), result);
  std::optional<IndexBlocks> blocks;
  if (reference.index) blocks.emplace(*reference.index, ids);
  result.referenceDocuments = blocks ? blocks->numDocuments() : reference.corpus.numDocuments();
  result.referenceTokens = blocks ? blocks->totalTokens() : reference.corpus.totalTokens();
  quality::CoherenceSettings settings =
      coherenceSettings(request, measures, reference.unordered, model, modelName, result);
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  settings.progress = request.progress != nullptr ? request.progress : &ownProgress;
  addMeasures(blocks ? quality::topicCoherence(*blocks, ids, settings)
                     : quality::topicCoherence(reference.corpus, ids, settings),
              request.bootstrap, result);
  addExclusivity(model, counts, phi, topics.modelTop, static_cast<std::size_t>(request.topWords), topics.words.size(), result);
  result.diversity = diversityOf(topics.words);
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
