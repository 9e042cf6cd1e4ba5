// SPDX-License-Identifier: Apache-2.0
// topiceval::select (topiceval/select.hpp): models ranked on the tokens every
// one of them scores, with paired differences to the best.
#include "topiceval/select.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/logistic_normal_files.hpp"
#include "native/api/result_checks.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/coherence_against.hpp"
#include "native/api/document_selection.hpp"
#include "native/api/estimator_report.hpp"
#include "native/api/result_totals.hpp"
#include "native/api/seed_stability.hpp"
#include "native/api/setting_checks.hpp"
#include "native/api/settings_by_name.hpp"
#include "native/api/topic_number_figures.hpp"
#include "native/estimators/target_error.hpp"
#include "native/api/model_data.hpp"
#include "native/api/reference_index_writing.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/quality/quality_limits.hpp"
#include "native/quality/sample_statistics.hpp"
#include "native/quality/topic_stability.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/rank_bytes.hpp"

namespace topiceval {

namespace {

// A directory stands for the model files in it, recognised by content, in name
// order; the files that are no model are passed over, and said so.
std::vector<ModelSource> expandDirectories(const std::vector<ModelSource>& given, std::vector<std::string>& skipped) {
  std::vector<ModelSource> sources;
  for (const ModelSource& source : given) {
    std::error_code error;
    if (source.model || formats::namesCtmModel(source.path) || !std::filesystem::is_directory(source.path, error)) {
      sources.push_back(source);
      continue;
    }
    std::vector<std::string> inside;
    for (const auto& entry : std::filesystem::directory_iterator(source.path, error)) {
      const std::string path = entry.path().string();
      if (!entry.is_regular_file(error) && !formats::namesCtmModel(path)) continue;
      const FileKind kind = recogniseFile(path);
      if (isModel(kind)) {
        inside.push_back(path);
      } else {
        skipped.push_back(path + ": " + describe(kind) + ", not a model");
      }
    }
    if (error) throw FileError(source.path, "cannot be listed: " + error.message());
    if (inside.empty()) throw FileError(source.path, "holds no model file");
    std::sort(inside.begin(), inside.end());
    sources.insert(sources.end(), inside.begin(), inside.end());
  }
  std::sort(skipped.begin(), skipped.end());
  return sources;
}

// Every setting of the request, before anything is read; the unseen-word policy, parsed.
UnseenWords checkSelectRequest(const SelectRequest& request) {
  validate(request);
  checkEstimatorChoice(request.estimator, settingsByName(request.settings));
  checkTargetError(request.targetError.value_or(0.0), request.targetDocumentError.value_or(0.0), false,
                   request.estimator, request.runs);
  const UnseenWords policy = request.unseenWords;
  if (request.models.empty()) throw SettingError("model", "needs at least one model file (or a directory of them)");
  const auto& measures = coherenceMeasures();
  if (request.coherenceMeasure != "none" &&
      std::find(measures.begin(), measures.end(), request.coherenceMeasure) == measures.end())
    throw SettingError("coherence",
                       "takes " + listOfChoices(measures) + " or none, not '" + request.coherenceMeasure + "'");
  return policy;
}

// The held-out documents as `model` reads them, those --documents chose, all of them here.
Documents documentsFor(const SelectRequest& request, const Model& model, const std::string& name) {
  Documents documents = detail::loadDocuments(
      detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)), model, name);
  if (!request.documentSelection.empty())
    documents = documents.subset(parseDocumentSelection(request.documentSelection, documents.size()));
  return documents;
}

// The same, dealt over MPI ranks as evaluate's are (rank 0 holds them all, each
// other rank its own); what documentsFor gives when nothing deals.
Documents dealtDocumentsFor(const SelectRequest& request, const Model& model, const std::string& name) {
  return detail::loadDealtDocuments(detail::withBagsShuffled(request.documents, static_cast<uint64_t>(request.seed)),
                                    model, name, request.documentSelection, detail::DealCost::Linear);
}

// The first reading of every model: which tokens each scores. Models are read
// one at a time, twice (once here, once to score), so that memory holds one
// model however many there are.
struct SurveyedModel {
  ModelReport report;
  ModelFamily family = ModelFamily::Dirichlet;
  std::size_t ownVocabulary = 0;  // V the model alone would use (LDA)
  uint64_t ownSkipped = 0;        // tokens it alone cannot score
};
struct Survey {
  std::vector<SurveyedModel> models;
  std::vector<std::size_t> lengths;          // the documents' lengths, which every model must read alike
  std::vector<std::vector<uint8_t>> common;  // per token of the documents held here: whether every model scores it
  uint64_t sharedTokens = 0;                 // the tokens every model scores
};

// Under MPI each rank surveys the tokens of the documents dealt to it; the
// counts are summed over the ranks (rank 0, which holds every document, alone
// keeps every mask: it builds the shared tokens, sharedTokensOf).
void countSharedTokens(const DocumentCollection& collection, Survey& survey) {
  std::vector<uint64_t> counts(survey.models.size() + 1, 0);
  for (std::size_t m = 0; m < survey.models.size(); ++m) counts[m] = survey.models[m].ownSkipped;
  for (std::size_t d = 0; d < survey.lengths.size(); ++d)
    if (collection.mine(d)) counts.back() += static_cast<uint64_t>(std::count(survey.common[d].begin(), survey.common[d].end(), 1));
  if (collection.dealt()) cluster().sum(counts);
  for (std::size_t m = 0; m < survey.models.size(); ++m) survey.models[m].ownSkipped = counts[m];
  survey.sharedTokens = counts.back();
}

Survey surveyModels(const SelectRequest& request, const std::vector<ModelSource>& sources, UnseenWords policy,
                    const std::string& input) {
  Survey survey;
  for (std::size_t m = 0; m < sources.size(); ++m) {
    const Model model = detail::loadModel(sources[m]);
    const std::string name = detail::sourceName(sources[m], m);
    // Its topic quality's word pairs, priced from the model before any model is scored.
    if (request.coherenceMeasure != "none" && model.words() != nullptr)
      detail::checkTopWordPairs(model, request.topWords, 1, request.bootstrap, request.threads);
    const Documents documents = dealtDocumentsFor(request, model, name);
    const DocumentCollection& collection = detail::dataOf(documents).collection;
    if (m == 0) {
      for (std::size_t d = 0; d < collection.size(); ++d) survey.lengths.push_back(collection.length(d));
      survey.common.resize(survey.lengths.size());
      for (std::size_t d = 0; d < survey.lengths.size(); ++d)
        survey.common[d].assign(collection.holds(d) ? survey.lengths[d] : 0, 1);
    }
    bool aligned = collection.size() == survey.lengths.size();
    for (std::size_t d = 0; aligned && d < survey.lengths.size(); ++d)
      aligned = collection.length(d) == survey.lengths[d];
    if (!aligned)
      throw FileError(input,
                      "reads into different documents under " + name + " than under " + detail::sourceName(sources[0], 0));
    const ScoringModel scoring = detail::dataOf(model).scoring(policy, collection, request.vocabularySize);
    SurveyedModel& surveyed = survey.models.emplace_back();
    surveyed = {modelReport(model, name), model.family(),
                model.family() == ModelFamily::Dirichlet ? scoring.vocabularySize() : 0, 0};
    for (std::size_t d = 0; d < collection.size(); ++d) {
      if (!collection.holds(d)) continue;
      const auto tokens = collection.document(d);
      for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (scoring.scored(tokens[i])) continue;
        survey.common[d][i] = 0;
        surveyed.ownSkipped += collection.mine(d);
      }
    }
    if (m + 1 == sources.size()) countSharedTokens(collection, survey);
  }
  return survey;
}

// The tokens every model scores, and one V for every model: phi = (n + beta) /
// (n_k + V beta) normalizes over V words, and models normalized over different
// vocabularies are not comparable (a topic state only shows the types it has
// tokens of, so it would otherwise get a smaller V than the same model's
// inferencer). A logistic-normal model's topics are normalised over its own
// vocabulary. (Which tokens a model scores does not depend on V.)
void fillSharedTokens(const SelectRequest& request, const Survey& survey, SelectResult& result) {
  result.vocabularySize = request.vocabularySize;
  if (!result.vocabularySize) {
    std::size_t largest = 0, smallest = SIZE_MAX;
    for (const SurveyedModel& model : survey.models) {
      if (model.family != ModelFamily::Dirichlet) continue;
      largest = std::max(largest, model.ownVocabulary);
      smallest = std::min(smallest, model.ownVocabulary);
    }
    if (largest > 0) result.vocabularySize = largest;
    result.vocabulariesDiffer = largest > 0 && smallest != largest;
  }
  result.sharedTokens = survey.sharedTokens;
  for (const std::size_t length : survey.lengths) result.tokens += length;
  result.documents = survey.lengths.size();
  if (result.sharedTokens == 0)
    throw FileError(result.input, "holds no word that every model scores under --unseen-words " +
                                        std::string(spellingOf(result.unseenWords)));
}

// One table may hold LDA and logistic-normal models: each family runs the
// estimator named if it is of that family, else the family's default, with
// the settings given that its estimator declares.
std::string estimatorFor(const SelectRequest& request, ModelFamily family) {
  return !request.estimator.empty() && findEstimator(request.estimator).family == family ? request.estimator
                                                                                         : defaultEstimator(family);
}

EstimatorChoice familySettings(const SelectRequest& request, ModelFamily family) {
  EstimatorChoice chosen{estimatorFor(request, family), settingsByName(request.settings)};
  std::erase_if(chosen.values, [&](const auto& entry) { return !declaresSetting(chosen.estimator, entry.first); });
  return chosen;
}

// Every setting given must apply to the estimator of some model here.
void checkSettingsApply(const SelectRequest& request, const Survey& survey) {
  std::vector<std::string> estimatorsUsed;
  for (const SurveyedModel& model : survey.models) {
    const std::string name = estimatorFor(request, model.family);
    if (std::find(estimatorsUsed.begin(), estimatorsUsed.end(), name) == estimatorsUsed.end())
      estimatorsUsed.push_back(name);
  }
  for (const auto& [setting, value] : settingsByName(request.settings)) {
    const std::string& name = setting;
    if (std::none_of(estimatorsUsed.begin(), estimatorsUsed.end(),
                     [&](const std::string& estimator) { return declaresSetting(estimator, name); }))
      throw SettingError(name,
                         "does not apply to " + listOfChoices(estimatorsUsed) + ", the estimators of these models");
  }
}

// Stability across seeds matches the topics of every two runs of one K by
// their top words (quality::stabilityWork steps each), and keeps every model's
// rankings (an id and a word, about 40 bytes, per topic and word): priced from
// the models' sizes before any model is scored.
void checkStabilityWork(const SelectRequest& request, const Survey& survey) {
  struct Group {
    std::size_t runs = 0, words = 0;  // the most words a run ranks
    double bytes = 0.0;
  };
  std::map<int, Group> groups;
  const auto t = static_cast<std::size_t>(std::max(request.stabilityWords, 0));
  for (const SurveyedModel& model : survey.models) {
    const std::size_t words = std::min(t, model.report.types);
    Group& group = groups[model.report.topics];
    ++group.runs;
    group.words = std::max(group.words, words);
    group.bytes += 40.0 * static_cast<double>(model.report.topics) * static_cast<double>(words);
  }
  double steps = 0.0, bytes = 0.0;
  int costliestTopics = 0;
  std::size_t costliestRuns = 0, costliestWords = 0;
  double costliest = -1.0;
  for (const auto& [topics, group] : groups) {
    if (group.runs < 2) continue;  // a K given once is matched with nothing, and ranks nothing
    const double work = quality::stabilityWork(group.runs, static_cast<std::size_t>(topics), group.words);
    steps += work;
    bytes += group.bytes;
    if (work > costliest) {
      costliest = work;
      costliestTopics = topics;
      costliestRuns = group.runs;
      costliestWords = group.words;
    }
  }
  if (costliestRuns == 0) return;
  quality::checkQualityCost("stability-words",
                            "matching the topics of runs with the same number of topics by their top words (the "
                            "largest group: " +
                                std::to_string(costliestRuns) + " runs of " + std::to_string(costliestTopics) +
                                " topics, " + std::to_string(costliestWords) + " words each)",
                            bytes, steps, "lower --stability-words");
}

// Topic quality's reference texts, read once with words of their own (or the
// held-out ids in memory, which every model's words read alike). The held-out
// documents as reference are those --documents chose: the coherence then costs
// what the likelihood does, however large the file. Nothing when no quality is measured.
std::optional<DocumentsSource> qualityReference(const SelectRequest& request, SelectResult& result) {
  if (request.coherenceMeasure == "none") return std::nullopt;
  result.qualityTopWords = request.topWords;
  if (!request.coherenceReference.empty()) {
    if (!request.coherenceTexts.path.empty() || request.coherenceTexts.documents)
      throw SettingError("coherence-reference",
                         "takes the place of the coherence texts: give either the texts or an index of them");
    result.qualityReference = request.coherenceReference;
    return DocumentsSource();  // (measureQuality reads the index)
  }
  if (!request.coherenceTexts.path.empty() || request.coherenceTexts.documents) {
    result.qualityReference = detail::sourceName(request.coherenceTexts);
    // Under MPI each model's quality is measured by one rank alone (QualityOnRanks), where no rank may
    // wait for the others to read a file: the texts are read here, once, by every rank together.
    if (cluster().size() > 1 && !request.coherenceTexts.documents)
      return DocumentsSource(Documents::read(request.coherenceTexts.path));
    return request.coherenceTexts;
  }
  Documents heldOut =
      request.documents.documents ? *request.documents.documents : Documents::read(request.documents.path);
  if (!request.documentSelection.empty())
    heldOut = heldOut.subset(parseDocumentSelection(request.documentSelection, heldOut.size()));
  result.qualityReference = result.input + (request.documentSelection.empty()
                                                ? " (the held-out documents)"
                                                : " (the held-out documents " + request.documentSelection + ")");
  return DocumentsSource(std::move(heldOut));
}

// The reference index every model's coherence is counted from: the one given,
// opened once; or, for coherence texts and several models, one made of the
// texts in memory, so that they are read and counted once rather than once a
// model (the numbers are the texts'). Texts in memory without words of their
// own (the models' ids) and the held-out documents are counted a model at a time.
std::optional<formats::ReferenceIndex> qualityIndex(const SelectRequest& request,
                                                    const std::optional<DocumentsSource>& reference, std::size_t models) {
  if (!reference) return std::nullopt;
  if (!request.coherenceReference.empty()) return formats::ReferenceIndex::open(request.coherenceReference);
  const DocumentsSource& texts = request.coherenceTexts;
  const bool withWords = !texts.path.empty() || (texts.documents && texts.documents->words() != nullptr);
  if (models < 2 || !withWords) return std::nullopt;
  return referenceIndexInMemory(texts, request.threads);
}

// A warning every model meets alike is said once, naming the models.
class ModelWarnings {
 public:
  void add(const std::string& model, const Warning& warning) {
    const auto same = std::find_if(warnings_.begin(), warnings_.end(), [&](const Entry& seen) {
      return seen.kind == warning.kind && seen.text == warning.text;
    });
    if (same != warnings_.end()) {
      same->models.push_back(model);
    } else {
      warnings_.push_back({warning.kind, warning.text, {model}});
    }
  }
  void appendTo(std::vector<Warning>& warnings) const {
    for (const Entry& warning : warnings_) {
      std::string models = warning.models.front();
      constexpr std::size_t kNamed = 3;
      for (std::size_t i = 1; i < std::min(warning.models.size(), kNamed); ++i)
        models += (i + 1 == warning.models.size() ? " and " : ", ") + warning.models[i];
      if (warning.models.size() > kNamed)
        models += " and " + std::to_string(warning.models.size() - kNamed) +
                  (warning.models.size() == kNamed + 1 ? " other model" : " other models");
      const bool sentence = warning.kind == "no-topic-quality";  // the model is its subject
      warnings.push_back({warning.kind, models + (sentence ? (warning.models.size() > 1 ? " hold" : " holds") +
                                                                 warning.text.substr(std::string("holds").size())
                                                           : ": " + warning.text)});
    }
  }

 private:
  struct Entry {
    std::string kind, text;
    std::vector<std::string> models;
  };
  std::vector<Entry> warnings_;
};

// The documents as `model` reads them, kept to the tokens every model scores;
// under MPI built by rank 0 (which holds every mask) and dealt as evaluate's
// documents are.
DocumentCollection sharedTokensOf(const SelectRequest& request, const Model& model, const std::string& name,
                                  const Survey& survey) {
  return detail::readDealtOverRanks(
      [&] {
        const Documents documents = documentsFor(request, model, name);
        const DocumentCollection& collection = detail::dataOf(documents).collection;
        DocumentCollection kept;
        std::vector<int32_t> tokens;
        for (std::size_t d = 0; d < survey.lengths.size(); ++d) {
          tokens.clear();
          const auto document = collection.document(d);
          for (std::size_t i = 0; i < document.size(); ++i) {
            if (survey.common[d][i]) tokens.push_back(document[i]);
          }
          kept.add(tokens, collection.name(d));
        }
        return kept;
      },
      detail::DealCost::Linear);
}

// One model's likelihood on the shared tokens; what its estimator is and says
// goes into the result's description.
RankedModel scoreModel(const SelectRequest& request, const Model& model, const SurveyedModel& surveyed,
                       const DocumentCollection& kept, UnseenWords policy, EvaluationOptions& evaluation,
                       SelectResult& result) {
  const auto addOnce = [](std::string& list, const std::string& item) {
    if (!item.empty() && list.find(item) == std::string::npos) list += (list.empty() ? "" : "; ") + item;
  };
  const detail::ModelData& data = detail::dataOf(model);
  const ScoringModel scoring = data.scoring(policy, kept, data.counts ? result.vocabularySize : std::nullopt);
  const ModelFamily family = model.family();
  const EstimatorChoice settings = familySettings(request, family);
  const auto estimator =
      data.logisticNormal ? makeEstimator(settings, *data.logisticNormal) : makeEstimator(settings, scoring);
  const bool targeted = request.targetError.value_or(0.0) > 0.0 || request.targetDocumentError.value_or(0.0) > 0.0;
  addOnce(result.estimatorDescription,
          (family == ModelFamily::Dirichlet ? "LDA models: " : "logistic-normal models: ") + estimator->description() +
              (targeted ? ", each document's budget by the target error" : ""));
  result.stochastic = result.stochastic || estimator->stochastic();
  result.unbiased = result.unbiased && estimator->unbiased();
  addOnce(result.errorCaveat, estimator->errorCaveat());
  const TargetErrorOptions target{request.targetError.value_or(0.0), request.targetDocumentError.value_or(0.0), 0,
                                  request.budgetCap.value_or(0), request.maxRuns.value_or(0)};
  const EvaluationResult estimates = targeted ? evaluateToTarget(settings, scoring, kept, evaluation, target,
                                                                 data.logisticNormal ? &*data.logisticNormal : nullptr)
                                                    .result
                                              : evaluateDocuments(*estimator, scoring, kept, evaluation);
  if (!std::isfinite(estimates.totalLogLikelihood))
    throw Error(surveyed.report.path + ": its estimated log likelihood is not a finite number (" +
                shortestText(estimates.totalLogLikelihood) + "), so it cannot be ranked");
  RankedModel entry;
  entry.model = surveyed.report;
  entry.ownSkippedTokens = surveyed.ownSkipped;
  const bool once = estimator->stochastic() && request.runs == 1;
  for (std::size_t d = 0; d < estimates.documents.size(); ++d) {
    entry.documents.push_back(documentEstimate(estimates.documents[d], kept.name(d), once));
    entry.documents.back().runLogLikelihoods.clear();
  }
  entry.total = estimates.totalLogLikelihood;
  entry.totalStandardError = once ? std::nan("") : estimates.totalStandardError;
  entry.perToken = estimates.perTokenLogLikelihood();
  entry.perTokenStandardError = once ? std::nan("") : estimates.perTokenStandardError();
  entry.perplexity = estimates.perplexity();
  entry.perplexityStandardError = once ? std::nan("") : estimates.perplexityStandardError();
  entry.scoredTokens = estimates.scoredTokens;
  entry.logMeanBias = once ? std::nan("") : estimates.logMeanBias;
  entry.totalInterval = headlineInterval(entry.total, entry.totalStandardError, entry.logMeanBias);
  entry.intervalUnsupported = unsupportedInterval(entry.totalStandardError, entry.logMeanBias);
  entry.perTokenInterval = perTokenOf(entry.totalInterval, static_cast<double>(entry.scoredTokens));
  return entry;
}

// One model's topic quality on the reference texts (coherence with its
// bootstrap error, exclusivity, FREX, diversity); nothing for a model without words.
// One model's topic quality and the warnings it meets (said once for every
// model alike, ModelWarnings).
struct MeasuredQuality {
  std::optional<TopicQuality> quality;
  std::vector<Warning> warnings;
};

MeasuredQuality measureQuality(const SelectRequest& request, const Model& model, const std::string& name,
                               const DocumentsSource& reference, const formats::ReferenceIndex* index) {
  if (model.words() == nullptr)
    return {std::nullopt, {{"no-topic-quality", "holds no words, so its topics' quality is not measured (" +
                                                    detail::dataOf(model).howToGiveWords() + ")"}}};
  CoherenceRequest quality;
  quality.model = model;
  quality.model.name = name;
  if (index != nullptr) {
    quality.reference = index->source();
  } else {
    quality.texts = reference;
  }
  quality.measures = {request.coherenceMeasure};
  quality.topWords = request.topWords;
  quality.bootstrap = request.bootstrap;
  quality.seed = request.seed;
  quality.threads = request.threads;
  const CoherenceResult measured = detail::coherenceAgainst(quality, index);
  const CoherenceResult::Measure& measure = measured.measures.front();
  return {TopicQuality{measure.name,
                       measure.windowSize,
                       measure.mean,
                       measure.meanStandardError,
                       measured.meanExclusivity,
                       measured.meanFrex,
                       measured.diversity,
                       measure.perTopic,
                       measured.topics},
          measured.warnings};
}

// MeasuredQuality as bytes, to go from the rank that measured it to the others.
void putQuality(ByteWriter& out, const MeasuredQuality& measured) {
  out.putVarint(measured.quality.has_value());
  if (const auto& quality = measured.quality) {
    out.putText(quality->measure);
    out.put<int64_t>(quality->windowSize);
    for (const double value : {quality->coherence, quality->coherenceStandardError, quality->exclusivity,
                               quality->frex, quality->diversity})
      out.put(value);
    out.putVarint(quality->topicCoherence.size());
    out.putAll(std::span<const double>(quality->topicCoherence));
    out.putVarint(quality->topWords.size());
    for (const auto& words : quality->topWords) {
      out.putVarint(words.size());
      for (const std::string& word : words) out.putText(word);
    }
  }
  out.putVarint(measured.warnings.size());
  for (const Warning& warning : measured.warnings) {
    out.putText(warning.kind);
    out.putText(warning.text);
  }
}

MeasuredQuality getQuality(ByteReader& in) {
  MeasuredQuality measured;
  if (in.getVarint() != 0) {
    TopicQuality& quality = measured.quality.emplace();
    quality.measure = in.getText();
    quality.windowSize = static_cast<int>(in.get<int64_t>());
    for (double* value : {&quality.coherence, &quality.coherenceStandardError, &quality.exclusivity, &quality.frex,
                          &quality.diversity})
      *value = in.get<double>();
    quality.topicCoherence.resize(static_cast<std::size_t>(in.getVarint()));
    in.getAll(std::span<double>(quality.topicCoherence));
    quality.topWords.resize(static_cast<std::size_t>(in.getVarint()));
    for (auto& words : quality.topWords) {
      words.resize(static_cast<std::size_t>(in.getVarint()));
      for (std::string& word : words) word = in.getText();
    }
  }
  measured.warnings.resize(static_cast<std::size_t>(in.getVarint()));
  for (Warning& warning : measured.warnings) {
    warning.kind = in.getText();
    warning.text = in.getText();
  }
  return measured;
}

// Under MPI each model's topic quality is measured by one rank (model m by rank
// m mod ranks: a model's coherence costs about the same whatever its K), and
// the ranks then exchange what they measured, so that every rank ends with
// every model's. In one process: each model's, here.
class QualityOnRanks {
 public:
  explicit QualityOnRanks(std::size_t models) : measured_(models) {}
  bool measuresHere(std::size_t model) const {
    return model % static_cast<std::size_t>(cluster().size()) == static_cast<std::size_t>(cluster().rank());
  }
  void keep(std::size_t model, MeasuredQuality measured) { measured_[model] = std::move(measured); }
  // Every model's, in model order (after the loop over the models, on every rank).
  std::vector<MeasuredQuality> all() {
    if (cluster().size() == 1) return std::move(measured_);
    ByteWriter mine;
    for (std::size_t m = 0; m < measured_.size(); ++m)
      if (measuresHere(m)) putQuality(mine, measured_[m]);
    const std::vector<std::vector<uint8_t>> pieces = cluster().exchange(mine.take());
    std::vector<ByteReader> readers;
    for (const std::vector<uint8_t>& piece : pieces) readers.emplace_back(piece, "a rank's topic quality");
    for (std::size_t m = 0; m < measured_.size(); ++m) measured_[m] = getQuality(readers[m % readers.size()]);
    return std::move(measured_);
  }

 private:
  std::vector<MeasuredQuality> measured_;
};

// Best first, each with its difference to the best, paired over documents:
// the total difference is a sum over the same documents, so its error is
// sqrt(D) times the spread of the per-document differences (which holds each
// estimate's own noise as well). The log-mean biases differ between models
// (heavier tails at larger K) and do not cancel: the difference's interval
// takes each model's bound over the same documents, and a model is "worse"
// only when that interval lies above 0 (one run: no bound, too close to call).
void rankModels(std::vector<RankedModel>& ranked, SelectResult& result) {
  // Models whose runs support their interval first, each part by total: the
  // best is the first of them (all unsupported: the first model, compared
  // but not called best), and an unsupported one is never ranked above it.
  std::stable_sort(ranked.begin(), ranked.end(), [](const RankedModel& a, const RankedModel& b) {
    if (a.intervalUnsupported.empty() != b.intervalUnsupported.empty()) return a.intervalUnsupported.empty();
    return a.total > b.total;
  });
  const RankedModel& best = ranked.front();
  for (std::size_t d = 0; d < result.documents; ++d) {
    if (best.documents[d].scoredTokens > 0) result.scoredDocuments.push_back(d);
  }
  const auto used = static_cast<double>(result.scoredDocuments.size());
  for (RankedModel& model : ranked) {
    double sum = 0.0;
    std::vector<double> differences;
    differences.reserve(result.scoredDocuments.size());
    for (const std::size_t d : result.scoredDocuments) {
      const double difference = best.documents[d].logLikelihood - model.documents[d].logLikelihood;
      sum += difference;
      differences.push_back(difference);
    }
    model.difference = sum;
    // NaN with fewer than two documents. (Every model scores the same tokens,
    // so its documents without any hold nothing of its bias or excess.)
    model.differenceError = std::sqrt(used) * quality::sampleStandardDeviation(differences);
    model.differenceInterval = &model == &best ? Interval{0.0, 0.0}
                                               : differenceInterval(model.difference, model.differenceError,
                                                                    best.logMeanBias, model.logMeanBias);
    model.verdict = !model.intervalUnsupported.empty()  ? kUnsupportedVerdict
                    : &model == &best                    ? kBestVerdict
                    : model.differenceInterval.low > 0.0 ? kWorseVerdict
                                                         : kTooCloseVerdict;
  }
}

// The warnings of the whole table: a model that alone skips many tokens, a file passed over.
void tableWarnings(const std::vector<RankedModel>& ranked, SelectResult& result) {
  for (const RankedModel& model : ranked) {
    if (model.ownSkippedTokens * 20 > result.tokens)
      result.warnings.push_back(
          {"skipped-tokens", model.model.path + " alone cannot score " + std::to_string(model.ownSkippedTokens) +
                                 " of " + std::to_string(result.tokens) +
                                 " tokens (more than 5%); every model is ranked on the " +
                                 std::to_string(result.sharedTokens) + " tokens all of them score"});
  }
  for (const std::string& file : result.skippedFiles) result.warnings.push_back({"not-a-model", "passed over " + file});
}

}  // namespace

// Every model reads the same documents through its own words; a token is
// scored only if every model scores it, so all totals cover one set.
SelectResult select(const SelectRequest& request) try {
  const formats::ReadSession reads;  // a file read twice reads the same bytes (file_bytes.hpp)
  const ClassicLocale numbers;
  const UnseenWords policy = checkSelectRequest(request);
  SelectResult result;
  const std::vector<ModelSource> sources = expandDirectories(request.models, result.skippedFiles);
  const auto started = std::chrono::steady_clock::now();
  result.input = detail::sourceName(request.documents);
  result.unseenWords = policy;
  const Survey survey = surveyModels(request, sources, policy, result.input);
  fillSharedTokens(request, survey, result);
  checkSettingsApply(request, survey);
  checkStabilityWork(request, survey);
  result.estimator = request.estimator.empty() ? defaultEstimator(ModelFamily::Dirichlet) : request.estimator;
  const std::optional<DocumentsSource> reference = qualityReference(request, result);
  const std::optional<formats::ReferenceIndex> index = qualityIndex(request, reference, sources.size());
  ModelWarnings warnings;
  Progress ownProgress;  // when none is given: made on this thread, it answers a caller's Cancellation
  EvaluationOptions evaluation;
  evaluation.seed = static_cast<uint64_t>(request.seed);
  evaluation.runs = request.runs;
  evaluation.threads = request.threads;
  evaluation.progress = request.progress != nullptr ? request.progress : &ownProgress;
  std::vector<RankedModel> ranked;
  std::vector<detail::TopicRankings> rankings;  // kept small: t words per topic
  QualityOnRanks qualities(sources.size());
  for (std::size_t m = 0; m < sources.size(); ++m) {
    const Model model = detail::loadModel(sources[m]);
    const std::string& name = survey.models[m].report.path;
    const DocumentCollection kept = sharedTokensOf(request, model, name, survey);
    ranked.push_back(scoreModel(request, model, survey.models[m], kept, policy, evaluation, result));
    if (reference && qualities.measuresHere(m))
      qualities.keep(m, measureQuality(request, model, name, *reference, index ? &*index : nullptr));
    ranked.back().figures =
        detail::topicNumberFigures(model, request.bootstrap, static_cast<uint64_t>(request.seed));
    // Only a K given more than once is compared across seeds (seedGroups).
    const bool grouped = std::count_if(survey.models.begin(), survey.models.end(), [&](const SurveyedModel& other) {
                           return other.report.topics == survey.models[m].report.topics;
                         }) > 1;
    rankings.push_back(grouped ? detail::topicRankings(model, request.stabilityWords) : detail::TopicRankings{});
  }
  if (reference) {
    std::vector<MeasuredQuality> measured = qualities.all();
    for (std::size_t m = 0; m < ranked.size(); ++m) {
      for (const Warning& warning : measured[m].warnings) warnings.add(survey.models[m].report.path, warning);
      ranked[m].quality = std::move(measured[m].quality);
    }
  }
  result.seedGroups = detail::seedGroups(ranked, rankings);  // in the order given, before the ranking sorts
  result.stabilityWords = request.stabilityWords;
  warnings.appendTo(result.warnings);
  rankModels(ranked, result);
  tableWarnings(ranked, result);
  result.models = std::move(ranked);
  result.seed = static_cast<uint64_t>(request.seed);
  result.runs = request.runs;
  result.threads = resolveThreads(request.threads);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return checkedResult(std::move(result));
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
