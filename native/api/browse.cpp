// SPDX-License-Identifier: Apache-2.0
// topiceval::browse (topiceval/browse.hpp): what the topic browser's page
// shows of each model, computed here so that every front end gets the same
// numbers and the page's script only displays and re-sorts them.
#include "topiceval/browse.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <queue>
#include <set>
#include <span>

#include "formats/file_bytes.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/coherence_against.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/model_data.hpp"
#include "native/api/seed_stability.hpp"
#include "native/quality/ldavis.hpp"
#include "native/quality/topic_stability.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/settings/settings.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/infer_topics.hpp"

namespace topiceval {

struct BrowseModel::Tables {
  quality::FloorAndRises phi;
  quality::TermMarginals marginals;
  std::optional<Model> model;  // for its words (none: terms by type index)
  const Alphabet* words() const { return model ? detail::dataOf(*model).alphabet() : nullptr; }
};

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// A typical document's text on the page: its first words, at most this many bytes.
constexpr std::size_t kSnippetBytes = 240;

std::string wordOf(const Alphabet* words, std::size_t type) {
  return words != nullptr && type < words->size() ? words->word(type) : std::to_string(type);
}

// phi as floor and rises: a count model's from its rows ((n_kw + beta) / (n_k +
// betaSum), as Model::topicWordProbabilities makes it, without the K x V
// matrix), any other's from its matrix.
quality::FloorAndRises topicWords(const Model& model) {
  const detail::ModelData& data = detail::dataOf(model);
  const auto topics = static_cast<std::size_t>(model.numTopics());
  const std::size_t types = model.numTypes();
  if (!data.counts || data.logisticNormal) {
    const std::vector<double> phi = model.topicWordProbabilities();
    return quality::floorAndRises(quality::TopicWordMatrix{phi, topics, types}, true);
  }
  const ScoringModel scoring = data.scoring(UnseenWords::Skip, DocumentCollection{}, std::nullopt);
  std::vector<double> floor(topics);
  for (std::size_t k = 0; k < topics; ++k) floor[k] = scoring.beta() / scoring.denominators()[k];
  std::vector<std::size_t> wordStart{0};
  std::vector<int> topic;
  std::vector<double> value;
  std::vector<std::pair<int, double>> row;
  for (std::size_t w = 0; w < types; ++w) {
    row.clear();
    const auto rowTopics = scoring.rowTopics(static_cast<int32_t>(w));
    const auto rowCounts = scoring.rowCounts(static_cast<int32_t>(w));
    for (std::size_t i = 0; i < rowTopics.size(); ++i) {
      const auto k = static_cast<std::size_t>(rowTopics[i]);
      row.emplace_back(rowTopics[i], (rowCounts[i] + scoring.beta()) / scoring.denominators()[k]);
    }
    std::sort(row.begin(), row.end());
    for (const auto& [k, phi] : row) {
      topic.push_back(k);
      value.push_back(phi);
    }
    wordStart.push_back(topic.size());
  }
  return quality::floorAndRisesOfColumns(std::move(floor), std::move(wordStart), std::move(topic), std::move(value));
}

// The texts' documents: a file is read through each model's words in turn;
// documents in memory are every model's ids.
struct Texts {
  std::optional<Documents> documents;
  std::string description;
  std::string path;  // the file they were read from, or empty
};

// A document's first words, cut at a character's boundary.
std::string snippet(std::span<const int32_t> tokens, const std::vector<std::string>* ownWords, const Alphabet* words) {
  std::string text;
  for (const int32_t id : tokens) {
    const auto type = static_cast<std::size_t>(id);
    const std::string& word =
        ownWords != nullptr && type < ownWords->size() ? (*ownWords)[type] : wordOf(words, type);
    if (!text.empty()) text += ' ';
    text += word;
    if (text.size() >= kSnippetBytes) break;
  }
  if (text.size() > kSnippetBytes) {
    std::size_t cut = kSnippetBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text.resize(cut);
    text += "...";
  }
  return text;
}

// Each topic's `count` documents of the largest proportion (ties: the lower
// index), from proportions given a document at a time.
class TypicalDocuments {
 public:
  TypicalDocuments(std::size_t topics, std::size_t count) : heaps_(topics), count_(count) {}
  void offer(std::size_t topic, std::size_t document, double proportion) {
    if (count_ == 0 || !(proportion >= 0.0)) return;
    auto& heap = heaps_[topic];
    const Entry entry{proportion, document};
    if (heap.size() < count_) {
      heap.push(entry);
    } else if (better(entry, heap.top())) {
      heap.pop();
      heap.push(entry);
    }
  }
  // Per topic, the best first.
  std::vector<std::vector<std::pair<std::size_t, double>>> take() {
    std::vector<std::vector<std::pair<std::size_t, double>>> best(heaps_.size());
    for (std::size_t k = 0; k < heaps_.size(); ++k) {
      while (!heaps_[k].empty()) {
        best[k].emplace_back(heaps_[k].top().document, heaps_[k].top().proportion);
        heaps_[k].pop();
      }
      std::reverse(best[k].begin(), best[k].end());
    }
    return best;
  }

 private:
  struct Entry {
    double proportion;
    std::size_t document;
  };
  static bool better(const Entry& a, const Entry& b) {
    return a.proportion != b.proportion ? a.proportion > b.proportion : a.document < b.document;
  }
  struct Worst {
    bool operator()(const Entry& a, const Entry& b) const { return better(a, b); }
  };
  std::vector<std::priority_queue<Entry, std::vector<Entry>, Worst>> heaps_;
  std::size_t count_;
};

// Typical documents from a state's or saved model's training documents:
// theta_dk = (n_dk + alpha_k) / (N_d + sum alpha), LDA's posterior mean. A
// topic a document has no token of can still be its most typical (short ones):
// those come from the shortest documents.
std::vector<std::vector<std::pair<std::size_t, double>>> typicalFromTraining(const TrainingAssignments& training,
                                                                            const std::vector<double>& alpha,
                                                                            std::size_t count) {
  const std::size_t topics = alpha.size();
  double alphaSum = 0.0;
  for (const double a : alpha) alphaSum += a;
  TypicalDocuments typical(topics, count);
  std::vector<int32_t> perTopic(topics, 0);
  std::vector<std::size_t> touched;
  std::vector<std::pair<std::size_t, std::size_t>> byLength;  // (length, document)
  for (std::size_t d = 0; d < training.numDocuments(); ++d) {
    const auto assigned = training.documentTopics(d);
    const double length = static_cast<double>(assigned.size());
    byLength.emplace_back(assigned.size(), d);
    for (const int32_t k : assigned) {
      if (perTopic[static_cast<std::size_t>(k)]++ == 0) touched.push_back(static_cast<std::size_t>(k));
    }
    for (const std::size_t k : touched) {
      typical.offer(k, d, (perTopic[k] + alpha[k]) / (length + alphaSum));
      perTopic[k] = 0;
    }
    touched.clear();
  }
  std::sort(byLength.begin(), byLength.end());
  // For topic k, the shortest documents without it (the others were offered).
  for (std::size_t k = 0; k < topics; ++k) {
    std::size_t offered = 0;
    for (const auto& [length, d] : byLength) {
      if (offered == count) break;
      const auto assigned = training.documentTopics(d);
      if (std::find(assigned.begin(), assigned.end(), static_cast<int32_t>(k)) != assigned.end()) continue;
      typical.offer(k, d, alpha[k] / (static_cast<double>(length) + alphaSum));
      ++offered;
    }
  }
  return typical.take();
}

std::vector<std::vector<std::pair<std::size_t, double>>> typicalFromProportions(const std::vector<double>& theta,
                                                                               std::size_t topics,
                                                                               std::size_t count) {
  TypicalDocuments typical(topics, count);
  const std::size_t documents = topics == 0 ? 0 : theta.size() / topics;
  for (std::size_t d = 0; d < documents; ++d) {
    for (std::size_t k = 0; k < topics; ++k) typical.offer(k, d, theta[d * topics + k]);
  }
  return typical.take();
}

// LDAvis's topic frequency from documents' proportions: sum_d theta_dk N_d.
std::vector<double> frequencyOfProportions(const std::vector<double>& theta, const Documents& documents,
                                           std::size_t topics) {
  std::vector<double> frequency(topics, 0.0);
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const auto length = static_cast<double>(documents.tokens(d).size());
    for (std::size_t k = 0; k < topics; ++k) frequency[k] += theta[d * topics + k] * length;
  }
  return frequency;
}

void checkRequest(const BrowseRequest& request) {
  validate(request);
  if (request.models.empty()) throw SettingError("model", "needs at least one model");
  const auto& known = coherenceMeasures();
  const bool none = request.measures.size() == 1 && request.measures.front() == "none";
  if (!none) {
    for (const std::string& measure : request.measures) {
      if (std::find(known.begin(), known.end(), measure) == known.end())
        throw SettingError("measure", "takes " + listOfChoices(known) + ", or none alone, not '" + measure + "'");
    }
  }
  if (!request.documentTopics.empty() && request.documentTopics.size() != request.models.size())
    throw SettingError("document-topics", "has " + std::to_string(request.documentTopics.size()) +
                                              " entries for " + std::to_string(request.models.size()) +
                                              " models: give one per model (an empty one for none)");
  const bool anyTheta = std::any_of(request.documentTopics.begin(), request.documentTopics.end(),
                                    [](const std::vector<double>& theta) { return !theta.empty(); });
  if (anyTheta && !request.texts)
    throw SettingError("document-topics", "are the texts' topic proportions: give the texts too");
}

// The figures beside LDAvis's: MALLET's diagnostics, coherence (or, without
// reference texts, exclusivity and FREX alone).
void addQuality(const BrowseRequest& request, const Model& model, const std::string& name, const Texts& texts,
                BrowseModel& shown, std::vector<Warning>& warnings) {
  const detail::ModelData& data = detail::dataOf(model);
  if (data.counts && !data.logisticNormal) {
    DiagnosticsRequest diagnosticsRequest;
    diagnosticsRequest.model = ModelSource(model);
    diagnosticsRequest.model.name = name;
    diagnosticsRequest.numTopWords =
        static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(request.diagnosticsWords),
                                               std::max<std::size_t>(model.numTypes(), 1)));
    shown.diagnostics = diagnostics(diagnosticsRequest);
    for (Warning warning : shown.diagnostics->warnings) {
      // The page takes no training alphabet: the diagnostics command does.
      if (warning.kind == "topic-state-vocabulary")
        warning.text = name + " does not record the size of the vocabulary it was sampled over: the page uses V = " +
                       std::to_string(model.numTypes()) +
                       ", the types it holds; if the training alphabet held more words, MALLET's uniform_dist and "
                       "exclusivity differ (topiceval diagnostics --input gives MALLET's)";
      warnings.push_back(warning);
    }
  }
  const bool none = request.measures.size() == 1 && request.measures.front() == "none";
  const bool reference = texts.documents || !request.reference.empty() || data.training;
  if (!none && reference && data.alphabet() != nullptr) {
    CoherenceRequest coherenceRequest;
    coherenceRequest.model = ModelSource(model);
    coherenceRequest.model.name = name;
    if (texts.documents)
      coherenceRequest.texts = texts.path.empty() ? DocumentsSource(*texts.documents) : DocumentsSource(texts.path);
    coherenceRequest.reference = request.reference;
    coherenceRequest.measures = request.measures;
    coherenceRequest.topWords = request.topWords;
    coherenceRequest.bootstrap = request.bootstrap;
    coherenceRequest.seed = request.seed;
    coherenceRequest.threads = request.threads;
    shown.coherence = coherence(coherenceRequest);
    for (const Warning& warning : shown.coherence->warnings) warnings.push_back(warning);
    return;
  }
  if (!none)
    warnings.push_back({"no-reference-texts",
                        name + ": no coherence (" +
                            (data.alphabet() == nullptr ? std::string("the model holds no words")
                                                        : std::string("give texts or a reference index: the model "
                                                                      "holds no training documents")) +
                            "); exclusivity and FREX are shown"});
  // Exclusivity and FREX need no texts.
  CoherenceResult own;
  const detail::ExclusivityFigures figures =
      detail::exclusivityAndFrex(model, static_cast<std::size_t>(request.topWords));
  own.exclusivity = figures.exclusivity;
  own.frex = figures.frex;
  // The topics the figures are of (a CoherenceResult's promise: one list of top words per topic).
  for (const std::vector<int>& top : figures.top) {
    own.topics.emplace_back();
    for (const int type : top) own.topics.back().push_back(wordOf(data.alphabet(), static_cast<std::size_t>(type)));
  }
  own.meanExclusivity = kNaN;
  own.meanFrex = kNaN;
  own.diversity = kNaN;
  double sumExclusivity = 0.0, sumFrex = 0.0;
  for (std::size_t k = 0; k < own.exclusivity.size(); ++k) {
    sumExclusivity += own.exclusivity[k];
    sumFrex += own.frex[k];
  }
  if (!own.exclusivity.empty()) {
    own.meanExclusivity = sumExclusivity / static_cast<double>(own.exclusivity.size());
    own.meanFrex = sumFrex / static_cast<double>(own.frex.size());
  }
  shown.coherence = std::move(own);
}

// LDAvis's figures of one model.
void addLdavis(const BrowseRequest& request, const Model& model, std::vector<double> frequency,
               const std::vector<double>& grid, int threads, BrowseModel& shown) {
  const detail::ModelData& data = detail::dataOf(model);
  auto tables = std::make_shared<BrowseModel::Tables>();
  tables->phi = topicWords(model);
  tables->model = model;
  const Alphabet* words = data.alphabet();
  const auto topics = static_cast<std::size_t>(model.numTopics());
  const auto r = static_cast<std::size_t>(request.terms);
  shown.frequency = std::move(frequency);
  shown.proportion = quality::topicProportions(shown.frequency);
  shown.order = quality::topicOrder(shown.proportion);
  const std::vector<double> divergence = quality::jensenShannonMatrix(tables->phi, threads, request.progress);
  const quality::PrincipalCoordinates map = quality::principalCoordinates(divergence, topics);
  shown.x = map.x;
  shown.y = map.y;
  shown.eigenvalues = map.eigenvalues;
  tables->marginals = quality::termMarginals(tables->phi, shown.frequency, shown.proportion, threads);
  const quality::TermMarginals& marginals = tables->marginals;
  std::vector<std::vector<quality::RelevantTerm>> unions(topics);
  runInParallel(topics, threads,
                [&](std::size_t k, int) { unions[k] = quality::relevanceUnion(tables->phi, marginals, k, grid, r); });
  const std::vector<int32_t> salient = quality::mostSalient(marginals, r);
  std::set<int32_t> shownWords(salient.begin(), salient.end());
  for (const auto& terms : unions) {
    for (const auto& term : terms) shownWords.insert(term.word);
  }
  std::map<int32_t, std::size_t> termIndex;
  for (const int32_t w : shownWords) {
    termIndex[w] = shown.terms.size();
    BrowseTerm term;
    term.word = wordOf(words, static_cast<std::size_t>(w));
    term.type = w;
    term.frequency = marginals.frequency[static_cast<std::size_t>(w)];
    for (const quality::Membership& membership : quality::termMemberships(tables->phi, shown.frequency, marginals, w)) {
      term.topics.push_back(membership.topic);
      term.tokens.push_back(membership.tokens);
      term.shares.push_back(membership.share);
    }
    shown.terms.push_back(std::move(term));
  }
  shown.topicTerms.resize(topics);
  for (std::size_t k = 0; k < topics; ++k) {
    for (const auto& term : unions[k]) {
      const double phi = std::exp(term.logProbability);
      shown.topicTerms[k].push_back({termIndex.at(term.word), term.logProbability, term.logLift, phi * shown.frequency[k]});
    }
  }
  for (const int32_t w : salient) {
    shown.salient.push_back(termIndex.at(w));
    shown.saliency.push_back(marginals.saliency[static_cast<std::size_t>(w)]);
  }
  shown.computed = std::move(tables);
}

// Typical documents and, for proportions given or inferred over the texts, the topic frequencies.
std::vector<double> addDocuments(const BrowseRequest& request, std::size_t index, const Model& model,
                                 const std::string& name, const Texts& texts, BrowseModel& shown) {
  const detail::ModelData& data = detail::dataOf(model);
  const auto topics = static_cast<std::size_t>(model.numTopics());
  const auto count = static_cast<std::size_t>(request.documents);
  const std::vector<double>* given =
      request.documentTopics.empty() || request.documentTopics[index].empty() ? nullptr
                                                                               : &request.documentTopics[index];
  std::vector<double> frequency;
  std::vector<std::vector<std::pair<std::size_t, double>>> typical;
  const auto fill = [&](const std::function<std::span<const int32_t>(std::size_t)>& tokensOf,
                        const std::vector<std::string>* ownWords, const std::function<std::string(std::size_t)>& nameOf) {
    shown.documents.assign(topics, {});
    for (std::size_t k = 0; k < typical.size(); ++k) {
      for (const auto& [d, proportion] : typical[k]) {
        const auto tokens = tokensOf(d);
        shown.documents[k].push_back(
            {d, nameOf(d), proportion, tokens.size(), snippet(tokens, ownWords, data.alphabet())});
      }
    }
  };
  if (given != nullptr) {
    const Documents& documents = *texts.documents;
    if (given->size() != documents.size() * topics)
      throw SettingError("document-topics", "for " + name + " holds " + std::to_string(given->size()) +
                                                " proportions, but the texts' " + std::to_string(documents.size()) +
                                                " documents times its " + std::to_string(topics) + " topics are " +
                                                std::to_string(documents.size() * topics));
    for (const double p : *given) {
      if (!(p >= 0.0) || !std::isfinite(p))
        throw SettingError("document-topics", "for " + name + " holds a proportion that is negative or not finite");
    }
    frequency = frequencyOfProportions(*given, documents, topics);
    typical = typicalFromProportions(*given, topics, count);
    shown.documentsSource = texts.description + " (topic proportions given)";
  } else if (texts.documents && data.counts && !data.logisticNormal) {
    InferTopicsRequest infer;
    infer.model = ModelSource(model);
    infer.model.name = name;
    infer.documents = DocumentsSource(*texts.documents);
    infer.seed = request.seed;
    infer.threads = request.threads;
    const InferTopicsResult inferred = inferTopics(infer);
    typical = typicalFromProportions(inferred.proportions, topics, count);
    shown.documentsSource = texts.description + " (topics inferred, MALLET's sampler, seed " +
                            std::to_string(infer.seed) + ")";
  } else if (data.training) {
    typical = typicalFromTraining(*data.training, data.counts->alpha, count);
    shown.documentsSource = "the training documents of " + name;
  }
  if (given == nullptr) {
    if (!data.counts || data.logisticNormal)
      throw ModelError(name + " is " + data.description +
                       ": its topics' token frequencies (LDAvis's sum over documents of theta_dk N_d) come from the "
                       "texts' topic proportions: give them (document_topics) with the texts");
    for (const int32_t n : data.counts->tokensPerTopic) frequency.push_back(static_cast<double>(n));
  }
  if (!typical.empty()) {
    if (texts.documents) {
      const Documents& documents = *texts.documents;
      fill([&](std::size_t d) { return documents.tokens(d); }, documents.words(),
           [&](std::size_t d) { return documents.name(d); });
    } else {
      const TrainingAssignments& training = *data.training;
      fill([&](std::size_t d) { return training.documentTypes(d); }, nullptr, [](std::size_t) { return std::string(); });
    }
  }
  return frequency;
}

// Each topic's t most probable words, R's order (ties by the lower index), as
// select's stability ranks them (seed_stability.hpp), from the floor and rises
// rather than the K x V matrix.
detail::TopicRankings rankingsOf(const BrowseModel& shown, std::size_t t) {
  const BrowseModel::Tables& tables = *shown.computed;
  const quality::FloorAndRises& phi = tables.phi;
  const Alphabet* words = tables.words();
  detail::TopicRankings rankings;
  for (std::size_t k = 0; k < phi.topics; ++k) {
    std::vector<std::pair<double, int>> risen;
    for (const int w : phi.rowWords[k]) {
      const auto at = std::lower_bound(phi.topic.begin() + static_cast<std::ptrdiff_t>(phi.wordStart[static_cast<std::size_t>(w)]),
                                       phi.topic.begin() + static_cast<std::ptrdiff_t>(phi.wordStart[static_cast<std::size_t>(w) + 1]),
                                       static_cast<int>(k));
      risen.emplace_back(phi.value[static_cast<std::size_t>(at - phi.topic.begin())], w);
    }
    const auto before = [](const std::pair<double, int>& a, const std::pair<double, int>& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    };
    std::vector<int> top;
    std::vector<std::pair<double, int>> above, below;
    for (const auto& entry : risen) (entry.first > phi.floor[k] ? above : below).push_back(entry);
    const auto take = [&](std::vector<std::pair<double, int>>& entries) {
      const std::size_t keep = std::min(entries.size(), t - top.size());
      std::partial_sort(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(keep), entries.end(), before);
      for (std::size_t i = 0; i < keep; ++i) top.push_back(entries[i].second);
    };
    take(above);
    // The words on the floor, by index, between those above and below it.
    for (std::size_t w = 0, r = 0; w < phi.types && top.size() < t; ++w) {
      while (r < phi.rowWords[k].size() && static_cast<std::size_t>(phi.rowWords[k][r]) < w) ++r;
      if (r < phi.rowWords[k].size() && static_cast<std::size_t>(phi.rowWords[k][r]) == w) continue;
      top.push_back(static_cast<int>(w));
    }
    take(below);
    rankings.ids.push_back(top);
    if (words != nullptr) {
      std::vector<std::string>& named = rankings.words.emplace_back();
      for (const int id : top) named.push_back(wordOf(words, static_cast<std::size_t>(id)));
    }
  }
  return rankings;
}

// Each model's topics matched in every other model of its K.
void addStability(const std::vector<detail::TopicRankings>& rankings, std::vector<BrowseModel>& models) {
  for (std::size_t m = 0; m < models.size(); ++m) {
    for (std::size_t o = 0; o < models.size(); ++o) {
      if (o == m || models[o].topics != models[m].topics || rankings[m].ids.empty()) continue;
      const auto ids = detail::sharedIds({&rankings[m], &rankings[o]});
      const quality::RunAgreement agreement = quality::runAgreement(ids[0], ids[1]);
      models[m].stability.push_back({models[o].name, o, agreement.match, agreement.perTopic});
    }
  }
}

std::size_t nearestGridPoint(const std::vector<double>& grid, double lambda) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < grid.size(); ++i) {
    if (std::fabs(grid[i] - lambda) < std::fabs(grid[best] - lambda)) best = i;
  }
  return best;
}

}  // namespace

BrowseResult browse(const BrowseRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale classic;
  checkRequest(request);
  const int threads = resolveThreads(request.threads);
  BrowseResult result;
  result.terms = request.terms;
  result.lambdaGrid = quality::lambdaGrid(request.lambdaStep);
  result.lambdaStart = nearestGridPoint(result.lambdaGrid, request.lambda);
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  BrowseRequest own = request;
  if (own.progress == nullptr) own.progress = &ownProgress;
  std::vector<detail::TopicRankings> rankings;
  for (const ModelSource& source : request.models) {
    if (!source.path.empty()) result.inputs.push_back(source.path);
  }
  for (const auto& documents : {request.texts, request.heldOut}) {
    if (documents && !documents->path.empty()) result.inputs.push_back(documents->path);
  }
  if (!request.reference.empty()) result.inputs.push_back(request.reference);
  for (std::size_t m = 0; m < request.models.size(); ++m) {
    const Model model = detail::loadModel(request.models[m]);
    const detail::ModelData& data = detail::dataOf(model);
    const std::string name = detail::sourceName(request.models[m], m);
    // A model given in memory may have been read from a file: the page never replaces that one either.
    if (!data.source.empty() && request.models[m].path.empty()) result.inputs.push_back(data.source);
    Texts texts;
    if (request.texts) {
      texts.documents = detail::loadDocuments(*request.texts, model, name);
      texts.description = detail::sourceName(*request.texts);
      texts.path = request.texts->path;
    }
    BrowseModel shown;
    shown.name = name;
    shown.description = data.description;
    shown.topics = model.numTopics();
    shown.vocabulary = model.numTypes();
    own.progress->setTotal(static_cast<uint64_t>(shown.topics), 0);
    std::vector<double> frequency = addDocuments(own, m, model, name, texts, shown);
    double total = 0.0;
    for (const double f : frequency) total += f;
    if (!(total > 0.0))
      throw ModelError(name + " has no tokens in any topic: LDAvis's topic proportions are f_k / sum f");
    addLdavis(own, model, std::move(frequency), result.lambdaGrid, threads, shown);
    addQuality(own, model, name, texts, shown, result.warnings);
    rankings.push_back(rankingsOf(shown, static_cast<std::size_t>(request.stabilityWords)));
    result.models.push_back(std::move(shown));
  }
  addStability(rankings, result.models);
  if (request.heldOut) {
    SelectRequest ranking;
    ranking.models = request.models;
    for (std::size_t m = 0; m < ranking.models.size(); ++m) ranking.models[m].name = result.models[m].name;
    ranking.documents = *request.heldOut;
    ranking.estimator = request.estimator;
    ranking.settings = request.settings;
    ranking.runs = request.runs;
    ranking.seed = request.seed;
    ranking.threads = request.threads;
    ranking.coherenceMeasure = "none";  // each topic's is the page's own
    ranking.stabilityWords = request.stabilityWords;
    result.selection = select(ranking);
    for (const RankedModel& ranked : result.selection->models) {
      for (BrowseModel& shown : result.models) {
        if (shown.name == ranked.model.path && !shown.ranking) {
          shown.ranking = ranked;
          break;
        }
      }
    }
    for (const Warning& warning : result.selection->warnings) result.warnings.push_back(warning);
  }
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

std::vector<RankedTerm> relevantTerms(const BrowseResult& result, std::size_t model, std::size_t topic, double lambda,
                                      std::size_t count) {
  if (model >= result.models.size())
    throw SettingError("model", "is " + std::to_string(model) + ", but the result holds " +
                                    std::to_string(result.models.size()) + " model(s)");
  const BrowseModel& shown = result.models[model];
  if (topic >= static_cast<std::size_t>(shown.topics))
    throw SettingError("topic", "is " + std::to_string(topic) + ", but " + shown.name + " has " +
                                    std::to_string(shown.topics) + " topics (0-based)");
  if (!(lambda >= 0.0 && lambda <= 1.0))
    throw SettingError("lambda", "is " + numberText(lambda) + ": relevance weighs log phi by lambda in [0, 1]");
  if (!shown.computed)
    throw Error("this browse result has no tables to rank terms from (they stay in the process that computed it, "
                "and are not copied to another): run browse again");
  const BrowseModel::Tables& tables = *shown.computed;
  std::vector<RankedTerm> ranked;
  for (const quality::RelevantTerm& term :
       quality::mostRelevant(tables.phi, tables.marginals, topic, lambda, count)) {
    ranked.push_back({wordOf(tables.words(), static_cast<std::size_t>(term.word)), term.word,
                      term.logProbability, term.logLift, term.relevance});
  }
  return ranked;
}

}  // namespace topiceval
