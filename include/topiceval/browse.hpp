// SPDX-License-Identifier: Apache-2.0
#pragma once
// A topic browser: one self-contained HTML page per run (one or several
// models) that works offline, with LDAvis's view and topiceval's figures
// beside it. The `browse` command; Python's topiceval.browse, R's browse(),
// Java's TopicEvaluator.browse.
//
// LDAvis's numbers (Sievert & Shirley 2014; R's LDAvis::createJSON and
// pyLDAvis.prepare, native/quality/ldavis.hpp) from phi and each topic's token
// frequency f_k: a count model's own tokens per topic (LDAvis's colSums(theta
// * doc.length) with theta_dk = n_dk / N_d), or sum_d theta_dk N_d for
// documents' topic proportions given with their texts (documentTopics):
// topic proportions and order, the intertopic map (Jensen-Shannon divergence,
// classical scaling), relevance lambda log phi_kw + (1 - lambda) log(phi_kw /
// p_w) on LDAvis's grid of lambda (and at any lambda: relevantTerms), Chuang et
// al.'s saliency as LDAvis computes it, and each term's topics. Beside them,
// per topic: MALLET's diagnostics (count models), coherence with bootstrap
// errors (against the texts, an index of them, or a state's training
// documents), MALLET's exclusivity and stm's FREX, stability across seeds
// (the matched topic in each other model of the same K, Greene et al. 2014),
// and its most typical documents; for a held-out set, select's ranking of the
// models.
//
// The page never holds the vocabulary: each topic's terms are those among its
// R most relevant at some lambda of the grid (at most R times the grid's
// points, whatever V: ldavis.hpp says why), plus the R most salient.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/coherence.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/estimator_settings.hpp"
#include "topiceval/export.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"
#include "topiceval/select.hpp"
#include "topiceval/warning.hpp"

namespace topiceval {

/// One page of one or several models.
struct BrowseRequest {
  static constexpr int kDefaultTerms = 30;            ///< LDAvis's R: terms per bar chart
  static constexpr double kDefaultLambdaStep = 0.01;  ///< LDAvis's lambda.step: the slider's step
  /// The slider's first position: Sievert & Shirley's user study found 0.6 the
  /// most helpful (LDAvis itself starts at 1).
  static constexpr double kDefaultLambda = 0.6;
  static constexpr int kDefaultDocuments = 5;  ///< typical documents per topic

  /// LDA models with counts (a topic state, saved model, inferencer or
  /// evaluator; Model::fromCounts), or of probabilities (Model::fromTopics;
  /// logistic-normal models) with documentTopics; several of them are switched
  /// between on the page.
  std::vector<ModelSource> models;
  /// The texts: coherence's reference, and the documents the typical ones are
  /// chosen from (their topics inferred under each count model, or given in
  /// documentTopics). None: a state's or saved model's training documents.
  std::optional<DocumentsSource> texts;
  /// A reference index of the texts (the `index` command's), for coherence
  /// instead of the texts. Empty: none.
  std::string reference;
  /// Per model (empty, or one entry per model, each empty or documents x K
  /// row-major): the texts' topic proportions, LDAvis's theta (gensim's
  /// get_document_topics, scikit-learn's transform). Given, it sets the token
  /// frequencies (sum_d theta_dk N_d) and the typical documents.
  std::vector<std::vector<double>> documentTopics;
  int terms = kDefaultTerms;                ///< R: terms per bar chart, and the salient terms
  double lambdaStep = kDefaultLambdaStep;   ///< the grid of lambda the slider takes: 0, step, 2 step, ... <= 1
  double lambda = kDefaultLambda;           ///< where the slider starts (the nearest grid point)
  int documents = kDefaultDocuments;        ///< typical documents per topic (0: none)
  /// Coherence measures per topic with bootstrap errors (coherenceMeasures());
  /// "none" alone leaves coherence out.
  std::vector<std::string> measures = {"c_npmi"};
  int topWords = CoherenceRequest::kDefaultTopWords;  ///< top words per topic for coherence, exclusivity and FREX
  int bootstrap = CoherenceRequest::kDefaultBootstrap;  ///< coherence's bootstrap replicates (0: no errors)
  int diagnosticsWords = DiagnosticsRequest::kDefaultTopWords;  ///< MALLET's --num-top-words for its diagnostics
  int stabilityWords = SelectRequest::kDefaultStabilityWords;  ///< t: top words compared between runs of one K
  /// Held-out documents: with them the models are ranked as select ranks them
  /// (estimator, settings and runs below), and the page shows the ranking.
  std::optional<DocumentsSource> heldOut;
  std::string estimator;       ///< select's estimator; empty: each family's default
  EstimatorSettings settings;  ///< its settings given
  int runs = EvaluateRequest::kDefaultRuns;  ///< select's runs per document
  Seed seed = EvaluateRequest::kDefaultSeed;  ///< the seed of the bootstrap, inference and select
  int threads = 0;  ///< 0: every core; never changes a number
  /// Advanced per model step; cancel() (or a caller's Cancellation) stops the work.
  Progress* progress = nullptr;
};

/// A term the page shows, and its topics as LDAvis's token table gives them.
struct BrowseTerm {
  std::string word;  ///< the word (its type index in decimal for a model without words)
  int32_t type = 0;  ///< its type index
  double frequency = 0.0;  ///< LDAvis's term frequency n_w = sum_k phi_kw f_k
  /// @{
  std::vector<int32_t> topics;  ///< the topics where phi_kw f_k >= 1/2, ascending
  std::vector<double> tokens;   ///< round(phi_kw f_k) for each (R's round: halves to even)
  std::vector<double> shares;   ///< tokens / n_w for each
  /// @}
};

/// One of a topic's terms: among its R most relevant at some lambda of the grid.
struct BrowseTopicTerm {
  std::size_t term = 0;  ///< the term: an index into BrowseModel::terms
  double logProbability = 0.0;  ///< log phi_kw
  double logLift = 0.0;         ///< log(phi_kw / p_w)
  double frequency = 0.0;       ///< phi_kw f_k: the topic's estimated tokens of the term
};

/// One of a topic's most typical documents.
struct TypicalDocument {
  std::size_t document = 0;  ///< its index among the documents (0-based)
  std::string name;  ///< its name, or empty
  double proportion = 0.0;  ///< the topic's share of it: (n_dk + alpha_k) / (N_d + sum alpha), or theta_dk given
  std::size_t tokens = 0;  ///< its length
  std::string text;  ///< its first words
};

/// Another model of the same K, its topics matched to this one's (Greene et al. 2014).
struct SeedMatch {
  std::string model;  ///< the other model's name
  std::size_t index = 0;  ///< its place among the models browsed
  std::vector<int> topic;          ///< per topic of this model: the matched topic there
  std::vector<double> agreement;   ///< per topic: the average Jaccard of their top words
};

/// What the page shows of one model.
struct BrowseModel {
  std::string name;  ///< the path, or a name for a model in memory
  std::string description;  ///< what it is ("MALLET topic state"...)
  int topics = 0;  ///< K
  std::size_t vocabulary = 0;  ///< V
  /// Per topic (in the model's own order): f_k, LDAvis's topic frequency; its
  /// proportion; where the map puts it.
  /// @{
  std::vector<double> frequency, proportion, x, y;
  /// @}
  std::vector<std::size_t> order;  ///< LDAvis's order: order[i] is the topic shown as i + 1
  std::vector<double> eigenvalues;  ///< the two largest of classical scaling's B
  std::vector<BrowseTerm> terms;  ///< every term the page shows, by type index
  std::vector<std::vector<BrowseTopicTerm>> topicTerms;  ///< per topic: its terms (the union over the grid), by type
  /// @{
  std::vector<std::size_t> salient;  ///< the R most salient terms (indices into terms), most salient first
  std::vector<double> saliency;      ///< their saliency
  /// @}
  std::vector<std::vector<TypicalDocument>> documents;  ///< per topic, most typical first
  std::string documentsSource;  ///< where the typical documents come from, or empty for none
  std::optional<DiagnosticsResult> diagnostics;  ///< MALLET's (count models)
  std::optional<CoherenceResult> coherence;  ///< coherence, exclusivity and FREX
  std::vector<SeedMatch> stability;  ///< one per other model of the same K
  std::optional<RankedModel> ranking;  ///< its place in select's ranking (with held-out documents)
  /// phi and the terms' marginals, for relevantTerms (defined inside the library).
  struct Tables;
  std::shared_ptr<const Tables> computed;  ///< the tables
};

/// The page's content.
struct BrowseResult {
  std::vector<BrowseModel> models;  ///< in the order given
  int terms = BrowseRequest::kDefaultTerms;  ///< R
  std::vector<double> lambdaGrid;  ///< the slider's values: i * lambdaStep
  std::size_t lambdaStart = 0;  ///< the slider's first position (an index into lambdaGrid)
  std::optional<SelectResult> selection;  ///< select's ranking, with held-out documents
  std::vector<std::string> inputs;  ///< the files read (models, texts, index, held-out documents): never overwritten
  std::vector<Warning> warnings;  ///< what the figures should be read with
};

/// A term ranked by relevance.
struct RankedTerm {
  std::string word;  ///< the word
  int32_t type = 0;  ///< its type index
  /// @{
  double logProbability = 0.0, logLift = 0.0, relevance = 0.0;  ///< log phi_kw, log(phi_kw / p_w), and relevance at the lambda asked
  /// @}
};

/// Computes the page's content. FileError for an unreadable model or texts; SettingError for a setting
/// out of range; ModelError for a model the page cannot show; Interrupted when cancelled.
[[nodiscard]] TOPICEVAL_API BrowseResult browse(const BrowseRequest& request);
/// The request the `browse` command's options describe.
[[nodiscard]] TOPICEVAL_API BrowseRequest browseRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const BrowseRequest& request);

/// Model `model`'s topic `topic` (0-based, the model's own order): its `count` most relevant terms at
/// `lambda` in [0, 1], over the whole vocabulary (ties by the lower type index): what the page's bars
/// show at a lambda of the grid. SettingError for an index or lambda out of range; Error for a result
/// without its tables (copied to another process).
[[nodiscard]] TOPICEVAL_API std::vector<RankedTerm> relevantTerms(const BrowseResult& result, std::size_t model,
                                                                  std::size_t topic, double lambda,
                                                                  std::size_t count);

/// One column of the page's table of topics: a figure per topic (NaN where the model lacks what it needs),
/// with its errors when it has them.
struct BrowseFigure {
  std::string name;   ///< "share", MALLET's diagnostics' names ("document_entropy"...), a coherence measure's, "frex", "stability"
  std::string label;  ///< what the table's header says
  std::string help;   ///< what the header's tooltip says
  std::vector<double> values;  ///< per topic (the model's own order)
  std::vector<double> errors;  ///< per topic, or empty for none
};

/// The figures the page's table shows of a model, in its order: the token share, MALLET's diagnostics (count
/// models), each coherence measure with its error, exclusivity (without diagnostics), FREX, and stability
/// across the models of its K (their matched topics' average Jaccard, averaged).
[[nodiscard]] TOPICEVAL_API std::vector<BrowseFigure> browseFigures(const BrowseModel& model);

/// The page: one HTML file with its script, style and data inline, which requests nothing.
TOPICEVAL_API void writeBrowsePage(std::ostream& out, const BrowseResult& result);
/// The same into the file at `path`, as the command line writes its outputs: a new file beside it,
/// renamed over it once complete; FileError for a path that cannot be written or names one of
/// result.inputs.
TOPICEVAL_API void writeBrowsePage(const std::string& path, const BrowseResult& result);
/// The page's data as JSON (what the page embeds).
TOPICEVAL_API void writeBrowseJson(std::ostream& out, const BrowseResult& result);
/// The same into the file at `path`, as writeBrowsePage writes the page.
TOPICEVAL_API void writeBrowseJson(const std::string& path, const BrowseResult& result);

}  // namespace topiceval
