// SPDX-License-Identifier: Apache-2.0
#pragma once
// Choosing among models (any number of topics, any file kind, LDA and
// logistic-normal alike): each scores the same held-out tokens, those every
// model scores, with errors for each total and for each model's paired
// difference to the best. The `select` command; Python's topiceval.select.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/coherence.hpp"
#include "topiceval/evaluate.hpp"

#include "topiceval/estimator_settings.hpp"
#include "topiceval/export.hpp"

namespace topiceval {

/// Models (of any number of topics) ranked by held-out likelihood on the same tokens.
struct SelectRequest {
  /// Files (a directory stands for the model files in it, by content, in name
  /// order) or models in memory. Files are read one at a time, twice, so that
  /// memory holds one model however many are ranked.
  std::vector<ModelSource> models;
  DocumentsSource documents;  ///< held-out documents
  std::string estimator;  ///< empty: each model family's default
  EstimatorSettings settings;  ///< the estimator's own settings given (request.settings.particles = 100)
  int runs = EvaluateRequest::kDefaultRuns;  ///< independent runs per document (default 4)
  Seed seed = EvaluateRequest::kDefaultSeed;  ///< the random seed
  int threads = 0;  ///< 0: every core; never changes a number
  UnseenWords unseenWords = kDefaultUnseenWords;  ///< held-out words a model did not train on
  std::optional<std::size_t> vocabularySize;  ///< one V for every LDA model; the largest they need if empty
  std::string documentSelection;  ///< "0-29,40": only these documents (0-based), as evaluate's; empty: all
  /// A target error instead of a fixed budget, for each model as evaluate's
  /// (EvaluateRequest::targetError and the rest; none given: a fixed budget).
  std::optional<double> targetError;
  std::optional<double> targetDocumentError;  ///< see EvaluateRequest::targetDocumentError
  std::optional<int64_t> budgetCap;  ///< see EvaluateRequest::budgetCap
  std::optional<int> maxRuns;  ///< see EvaluateRequest::maxRuns
  Progress* progress = nullptr;  ///< restarted for each model
  /// Topic quality beside the likelihood: each model's coherence by this
  /// measure (one of coherenceMeasures(), or "none" to leave topic quality
  /// out) against the reference texts (empty: the held-out documents), with
  /// a bootstrap error; exclusivity, FREX and diversity of its top words.
  std::string coherenceMeasure = "c_npmi";
  DocumentsSource coherenceTexts;  ///< the reference texts of coherence; empty: the held-out documents
  /// Or a reference index of them (topiceval/reference_index.hpp), read by
  /// every model without reading the texts again. Empty: none.
  std::string coherenceReference;
  int topWords = CoherenceRequest::kDefaultTopWords;  ///< top words per topic scored (default 10)
  int bootstrap = CoherenceRequest::kDefaultBootstrap;  ///< bootstrap replicates of the coherence error (default 200; 0: none)
  /// Stability across seeds (models of one K): each topic's top words compared (default 10).
  int stabilityWords = kDefaultStabilityWords;
  static constexpr int kDefaultStabilityWords = 10;  ///< top words compared between runs by default
};

/// A model's topic quality, as select reports it.
struct TopicQuality {
  std::string measure;  ///< the coherence measure ("c_npmi")
  int windowSize = 0;  ///< its window (0: documents)
  /// @{
  double coherence = 0.0, coherenceStandardError = 0.0;  ///< the mean over topics, and its bootstrap error
  /// @}
  /// @{
  double exclusivity = 0.0, frex = 0.0, diversity = 0.0;  ///< means over topics; diversity: distinct words over all top words
  /// @}
  std::vector<double> topicCoherence;              ///< per topic
  std::vector<std::vector<std::string>> topWords;  ///< per topic, the words scored
};

/// One of ldatuning's or stm's figures for choosing K, the number their R
/// functions give (native/quality/topic_number_metrics.hpp): from the model's
/// topic-word matrix phi and, for a model with its training documents (a MALLET
/// topic state or saved model), theta = (n_dk + alpha_k) / (N_d + sum alpha)
/// and those documents. NaN where the model lacks what the figure needs.
struct TopicNumberFigure {
  /// CaoJuan2009 Arun2010 Deveaud2014 (ldatuning's); stm_semantic_coherence stm_exclusivity
  /// stm_residual_dispersion (stm's: M = 10, frexw = 0.7, tol = 0.01)
  std::string name;
  std::string better;  ///< "higher" or "lower": which way a better model moves it
  double value = 0.0;  ///< a per-topic figure's mean over topics, as stm's searchK reports it
  double standardError = 0.0;    ///< a mean's bootstrap error over topics (NaN for a per-model figure or no bootstrap)
  std::vector<double> perTopic;  ///< empty for a per-model figure
};

/// The verdicts of RankedModel::verdict, as results spell them.
/// @{
inline constexpr const char* kBestVerdict = "best";
inline constexpr const char* kWorseVerdict = "worse";
inline constexpr const char* kTooCloseVerdict = "too close to call";
inline constexpr const char* kUnsupportedVerdict = "unsupported";
/// @}

/// One model's place in the ranking; figures in nats, on the tokens every model scores.
struct RankedModel {
  ModelReport model;  ///< the model
  uint64_t ownSkippedTokens = 0;            ///< tokens this model alone cannot score
  std::vector<DocumentEstimate> documents;  ///< on the tokens every model scores
  /// @{
  double total = 0.0, totalStandardError = 0.0;  ///< log p(held-out), and its standard error
  /// @}
  /// @{
  double perToken = 0.0, perTokenStandardError = 0.0;  ///< the total per scored token
  /// @}
  /// @{
  double perplexity = 0.0, perplexityStandardError = 0.0;  ///< exp(-perToken)
  /// @}
  uint64_t scoredTokens = 0;  ///< tokens scored
  /// As EvaluateResult's: how far the total may sit low (sum of se^2 / 2 over
  /// the documents combined by the log of their mean), and the headline
  /// intervals of the total and per token (topiceval/interval.hpp).
  double logMeanBias = 0.0;
  /// @{
  Interval totalInterval, perTokenInterval;  ///< the headline intervals (95%, widened upward by logMeanBias)
  /// @}
  /// Best total minus this one, paired over documents, and its standard error;
  /// its interval (differenceInterval: the truths' difference, each model's
  /// estimate low by up to its logMeanBias; {0, 0} for the best).
  /// @{
  double difference = 0.0, differenceError = 0.0;
  /// @}
  Interval differenceInterval;  ///< where the truths' difference lies (95%, with both bias bounds)
  /// Empty when the runs support this model's interval; else why not (as
  /// EvaluateResult::intervalUnsupported). Such a model is not ranked.
  std::string intervalUnsupported;
  /// "best", "worse" (the difference's interval lies above 0), "too close
  /// to call" (it holds 0: this budget cannot tell the two apart), or
  /// "unsupported" (its runs do not support its interval: not ranked; the
  /// best is the first model whose runs do).
  std::string verdict;
  std::optional<TopicQuality> quality;  ///< unless coherenceMeasure is "none"
  std::vector<TopicNumberFigure> figures;  ///< ldatuning's and stm's, in the order TopicNumberFigure names them
};

/// Models given with the same K, read as runs of one setting with other seeds:
/// how much retraining changes the topics (Greene, O'Callaghan & Cunningham
/// 2014: each pair of runs matched topic to topic by the Hungarian algorithm
/// on the average Jaccard of their top-t word rankings, ties by the lower
/// type index) and the held-out likelihood.
struct SeedGroup {
  int topics = 0;                 ///< K
  std::vector<std::string> runs;  ///< the models of this K, in the order given
  /// One pair of runs (indices into runs) and their agreement: the mean matched average Jaccard.
  struct Pair {
    std::size_t a = 0;        ///< the earlier run (index into runs)
    std::size_t b = 0;        ///< the later run (index into runs)
    double agreement = 0.0;   ///< the mean, over topics, of their matched average Jaccard
  };
  std::vector<Pair> pairs;  ///< every pair, a before b
  /// Per run, per topic: its matched average Jaccard, averaged over the other runs.
  std::vector<std::vector<double>> topicAgreement;
  /// The mean agreement over pairs, its sample standard deviation over pairs (NaN for one pair), min and max.
  /// @{
  double agreement = 0.0, agreementSd = 0.0, agreementMin = 0.0, agreementMax = 0.0;
  /// @}
  /// The runs' mean held-out log likelihood per token; its spread between seeds (the sample standard deviation
  /// over runs); the within-run error (the root mean square of the runs' per-token standard errors).
  /// @{
  double perToken = 0.0, perTokenSpread = 0.0, perTokenError = 0.0;
  /// @}
  /// Against the next larger K with several runs (nextTopics 0: none): its mean per token minus this one's, the
  /// error retraining alone gives that difference, sqrt(s^2/n + s'^2/n') of the two spreads, and whether the
  /// difference exceeds twice that error.
  /// @{
  int nextTopics = 0;
  double differenceToNext = 0.0, differenceToNextError = 0.0;
  bool exceedsRetraining = false;
  /// @}
};

/// The ranking, best first, with what it was measured on.
struct SelectResult {
  std::string input;  ///< the documents' file
  std::size_t documents = 0;  ///< documents scored
  /// @{
  uint64_t tokens = 0, sharedTokens = 0;  ///< all tokens, and those every model scores
  /// @}
  UnseenWords unseenWords = kDefaultUnseenWords;  ///< the unseen-word policy used
  std::optional<std::size_t> vocabularySize;  ///< the V used for LDA models
  bool vocabulariesDiffer = false;   ///< the LDA models' own V differ (the largest is used)
  std::string estimator;             ///< as requested (or the default's name)
  std::string estimatorDescription;  ///< each family's estimator, "; "-separated
  /// @{
  bool stochastic = false, unbiased = true;  ///< whether the estimates are random, and unbiased for p(w)
  /// @}
  std::string errorCaveat;  ///< how to read the errors when the estimator is biased, or empty
  uint64_t seed = 1;  ///< the seed used
  int runs = 1;  ///< runs per document
  std::vector<RankedModel> models;           ///< best first
  std::vector<std::size_t> scoredDocuments;  ///< documents the best model scores (the paired statistics' own)
  std::vector<std::string> skippedFiles;     ///< files in a directory that hold no model, with why
  std::string qualityReference;              ///< the texts topic quality was measured on, or empty
  int qualityTopWords = 0;                   ///< the top words asked for (a topic keeps those the texts use)
  std::vector<SeedGroup> seedGroups;  ///< each K given by two or more models, ascending
  int stabilityWords = 0;             ///< t, the top words compared for stability
  std::vector<Warning> warnings;  ///< what the figures should be read with
  double seconds = 0.0;  ///< wall-clock seconds
  int threads = 1;  ///< threads used
};

/// Ranks the models. FileError for an unreadable file (a directory's files that hold no model are
/// listed in skippedFiles); SettingError for a setting out of range; Interrupted when cancelled.
[[nodiscard]] TOPICEVAL_API SelectResult select(const SelectRequest& request);
/// The request the `select` command's options describe.
[[nodiscard]] TOPICEVAL_API SelectRequest selectRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices; select() runs it first.
TOPICEVAL_API void validate(const SelectRequest& request);

}  // namespace topiceval
