// SPDX-License-Identifier: Apache-2.0
// Every command's options, declared once (topiceval/options.hpp). Defaults
// are read off the request structs, so a default is written in one place.
#include "topiceval/options.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include "native/estimators/estimator_registry.hpp"
#include "native/settings/field.hpp"
#include "native/settings/setting_names.hpp"
#include "native/settings/settings.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/estimators/target_error.hpp"
#include "topiceval/browse.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/compare.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/evaluate_topics.hpp"
#include "topiceval/infer_topics.hpp"
#include "topiceval/plan_ranks.hpp"
#include "topiceval/reference_index.hpp"
#include "topiceval/select.hpp"
#include "topiceval/train_ctm.hpp"

namespace topiceval {

namespace {

constexpr double kLargestInteger = 9007199254740992.0;  // 2^53: every whole number below is a double

OptionSpec option(std::string name, OptionKind kind, std::string defaultValue = {}) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.kind = kind;
  spec.defaultValue = std::move(defaultValue);
  return spec;
}

CommandSpec makeCommand(std::string name, std::string summary, std::string purpose, std::string usage = {}) {
  CommandSpec spec;
  spec.name = std::move(name);
  spec.summary = std::move(summary);
  spec.purpose = std::move(purpose);
  spec.usage = std::move(usage);
  return spec;
}

OptionSpec integer(std::string name, std::optional<int64_t> defaultValue, double least, double most, std::string help,
                   std::string placeholder = "N") {
  OptionSpec spec = option(std::move(name), OptionKind::Integer);
  if (defaultValue) spec.defaultValue = std::to_string(*defaultValue);
  spec.least = least;
  spec.most = most;
  spec.help = std::move(help);
  spec.placeholder = std::move(placeholder);
  return spec;
}

OptionSpec real(std::string name, std::optional<double> defaultValue, double least, double most, std::string help) {
  OptionSpec spec = option(std::move(name), OptionKind::Real);
  if (defaultValue) spec.defaultValue = numberText(*defaultValue);
  spec.least = least;
  spec.most = most;
  spec.help = std::move(help);
  spec.placeholder = "X";
  return spec;
}

OptionSpec boolean(std::string name, bool defaultValue, std::string help) {
  OptionSpec spec = option(std::move(name), OptionKind::Boolean, defaultValue ? "true" : "false");
  spec.help = std::move(help);
  spec.placeholder = "BOOL";
  return spec;
}

OptionSpec flag(std::string name, std::string help) {
  OptionSpec spec = option(std::move(name), OptionKind::Switch);
  spec.help = std::move(help);
  return spec;
}

OptionSpec choice(std::string name, std::string defaultValue, std::vector<std::string> choices, std::string help) {
  OptionSpec spec = option(std::move(name), OptionKind::Choice, std::move(defaultValue));
  spec.choices = std::move(choices);
  spec.help = std::move(help);
  spec.placeholder = "NAME";
  return spec;
}

OptionSpec path(std::string name, std::string help, bool required = false, std::string placeholder = "FILE") {
  OptionSpec spec = option(std::move(name), OptionKind::Path);
  spec.help = std::move(help);
  spec.placeholder = std::move(placeholder);
  spec.required = required;
  return spec;
}

OptionSpec text(std::string name, std::string help, std::string placeholder) {
  OptionSpec spec = option(std::move(name), OptionKind::Text);
  spec.help = std::move(help);
  spec.placeholder = std::move(placeholder);
  return spec;
}

// The same declarations bound to a request field (TOPICEVAL_FIELD): a value
// given fills it, validate(request) checks it, and an integer, real, boolean
// or choice takes its default from the request struct.
#define FIELD TOPICEVAL_FIELD

template <class R, class T>
OptionSpec integer(std::string name, Field<R, T> field, double least, double most, std::string help,
                   std::string placeholder = "N") {
  return bindField(integer(std::move(name), std::nullopt, least, most, std::move(help), std::move(placeholder)), field);
}

template <class R, class T>
OptionSpec real(std::string name, Field<R, T> field, double least, double most, std::string help) {
  return bindField(real(std::move(name), std::nullopt, least, most, std::move(help)), field);
}

template <class R, class T>
OptionSpec boolean(std::string name, Field<R, T> field, std::string help) {
  OptionSpec spec = boolean(std::move(name), false, std::move(help));
  spec.defaultValue.clear();
  return bindField(std::move(spec), field);
}

template <class R, class T>
OptionSpec flag(std::string name, Field<R, T> field, std::string help) {
  return bindField(flag(std::move(name), std::move(help)), field, false);
}

// `defaultValue` empty: the request struct's.
template <class R, class T>
OptionSpec choice(std::string name, Field<R, T> field, std::vector<std::string> choices, std::string help,
                  std::string defaultValue = {}) {
  return bindField(choice(std::move(name), std::move(defaultValue), std::move(choices), std::move(help)), field);
}

template <class R, class T>
OptionSpec path(std::string name, Field<R, T> field, std::string help, bool required = false,
                std::string placeholder = "FILE") {
  return bindField(path(std::move(name), std::move(help), required, std::move(placeholder)), field, false);
}

template <class R, class T>
OptionSpec text(std::string name, Field<R, T> field, std::string help, std::string placeholder) {
  return bindField(text(std::move(name), std::move(help), std::move(placeholder)), field, false);
}

// An estimator's setting bound to its field of EstimatorSettings, the field
// named as C++ spells the setting (burn-in-sweeps: burnInSweeps). A setting an
// estimator declares without a field, or with a field of another kind, is a
// bug caught when the options are built.
OptionSpec bindEstimatorSetting(const OptionSpec& spec) {
  std::optional<OptionSpec> bound;
  const std::string field = javaName(spec.name);
  const auto offer = [&](auto member, OptionKind holds) {
    if (bound || field != member.name) return;
    const OptionKind declared = spec.valueKind == OptionKind::Choice ? OptionKind::Text : spec.valueKind;
    if (declared != holds)
      throw std::logic_error("estimator setting " + spec.name + " is not of the kind its field " + field + " holds");
    bound = bindField(spec, member, false);
  };
#define TOPICEVAL_OFFER_SETTING(type, member)                                        \
  offer(FIELD(EstimatorSettings, member), std::is_same_v<type, int64_t> ? OptionKind::Integer \
                                          : std::is_same_v<type, bool>  ? OptionKind::Boolean \
                                                                        : OptionKind::Text);
  TOPICEVAL_ESTIMATOR_SETTINGS(TOPICEVAL_OFFER_SETTING)
#undef TOPICEVAL_OFFER_SETTING
  if (!bound)
    throw std::logic_error("estimator setting " + spec.name + " has no field " + field + " in EstimatorSettings");
  return *bound;
}

OptionSpec setting(OptionSpec spec, std::string name) {
  spec.setting = std::move(name);
  return spec;
}

OptionSpec withMallet(OptionSpec spec, std::string malletName) {
  spec.malletName = std::move(malletName);
  return spec;
}

const std::vector<std::string> kFormats = {"text", "tsv", "json"};
const std::vector<std::string> kUnseenWords = spellingsOf<UnseenWords>();

// What every likelihood command takes with the same meaning: the unseen-word
// policy, V, the seed and the threads.
template <class R>
void addScoring(std::vector<OptionSpec>& options, const std::string& vocabularyHelp) {
  options.push_back(choice("unseen-words", FIELD(R, unseenWords), kUnseenWords,
                           "held-out words the model did not see in training: skip (MALLET's evaluator: beyond the "
                           "model's types), skip-untrained (MALLET's inferencer: also those without training tokens) "
                           "or smooth (score every word; unseen ones by smoothing alone)"));
  options.push_back(integer("vocab-size", FIELD(R, vocabularySize), 1, 2147483648.0, vocabularyHelp));
  options.push_back(withMallet(
      integer("seed", FIELD(R, seed), 0, kLargestInteger, "random seed (results depend on it, never on --threads)"),
      "random-seed"));
  options.push_back(integer("threads", FIELD(R, threads), 0, SettingLimits::kThreads,
                            "threads; 0 uses every core (results do not depend on it)"));
}

// --estimator with one line per estimator, every registered setting, --runs.
template <class R>
void addEstimator(std::vector<OptionSpec>& options) {
  std::string help = "the estimator (default: " + defaultEstimator(ModelFamily::Dirichlet) + " for LDA models, " +
                     defaultEstimator(ModelFamily::LogisticNormal) + " for logistic-normal models):";
  for (const EstimatorDefinition& definition : estimatorRegistry())
    help += "\n" + definition.name + ": " + definition.summary;
  OptionSpec estimator = choice("estimator", FIELD(R, estimator), estimatorNames(), help);
  options.push_back(estimator);
  for (const SharedSetting& setting : allEstimatorSettings()) {
    OptionSpec spec = option(setting.spec.name, OptionKind::EstimatorSetting);
    spec.valueKind = setting.spec.kind;
    spec.help = setting.helpText();
    spec.describedDefault = setting.defaultsText();
    spec.placeholder = setting.spec.kind == OptionKind::Integer   ? "N"
                       : setting.spec.kind == OptionKind::Boolean ? "BOOL"
                                                                  : "NAME";
    if (spec.name == "particles") spec.malletName = "num-particles";
    if (spec.name == "resampling") spec.malletName = "use-resampling";
    options.push_back(bindEstimatorSetting(spec));
  }
  options.push_back(integer("runs", FIELD(R, runs), 1, SettingLimits::kRuns,
                            "independent estimates per document (stochastic estimators); the errors come from them"));
}

// A target error instead of a fixed budget (EvaluateRequest::targetError).
template <class R>
void addTargetError(std::vector<OptionSpec>& options, bool withPolicy) {
  options.push_back(
      real(setting_names::kTargetError, FIELD(R, targetError), 0.0, 1e6,
           "give each document the budget (particles, temperatures or samples; then runs) that brings the "
           "corpus's standard error and the bound on its log-mean bias each within half of this many "
           "nats per scored token, at the least cost (a pilot, then the budgets it asks for)"));
  options.push_back(
      real(setting_names::kTargetDocumentError, FIELD(R, targetDocumentError), 0.0, 1e9,
           "raise each document's budget until its own standard error is at most this many nats (and at most "
           "sqrt(half of it), which keeps its log-mean bias within a quarter of it)"));
  OptionSpec cap = integer(setting_names::kBudgetCap, FIELD(R, budgetCap), 1,
                            static_cast<double>(SettingLimits::kTemperatures),
                            std::string("--") + setting_names::kTargetError +
                                ": the largest budget (default " + std::to_string(kTargetBudgetCapFactor) +
                                " times where it starts: the budget setting if given, else a quarter of its default)" +
                                (withPolicy ? std::string("; under --") + setting_names::kBudgetPolicy +
                                                  " by-length, the largest a short document gets (" +
                                                  std::to_string(kByLengthCapFactor) +
                                                  " times the budget setting unless given)"
                                            : std::string()));
  cap.appliesWith = {setting_names::kTargetError, setting_names::kTargetDocumentError,
                     std::string(setting_names::kBudgetPolicy) + "=" + std::string(spellingOf(BudgetPolicy::ByLength))};
  options.push_back(cap);
  OptionSpec maxRuns = integer(setting_names::kMaxRuns, FIELD(R, maxRuns), 2, static_cast<double>(SettingLimits::kRuns),
                            std::string("--") + setting_names::kTargetError +
                                ": the most runs a document may get once its budget is at the cap "
                                "(default " + std::to_string(kTargetRunsCapFactor) + " times --runs)");
  maxRuns.appliesWith = {setting_names::kTargetError, setting_names::kTargetDocumentError};
  options.push_back(maxRuns);
}

OptionSpec commandLineOnly(OptionSpec spec) {
  spec.commandLineOnly = true;
  return spec;
}

OptionSpec format(const std::vector<std::string>& formats = kFormats) {
  return commandLineOnly(choice("format", formats.front(), formats, "output: " + listOfChoices(formats)));
}

OptionSpec quiet() { return commandLineOnly(flag("quiet", "no progress line on standard error")); }

CommandSpec evaluateSpec() {
  CommandSpec command = makeCommand(
      "evaluate",
      "held-out likelihood with error bars, by any of topiceval's estimators: " + listOfChoices(estimatorNames()),
      "Estimate the probability of held-out documents under a topic model, with error bars.",
      "topiceval evaluate --model MODEL --input DOCS [options]");
  auto& o = command.options;
  o.push_back(path("model", FIELD(EvaluateRequest, model),
                   "model file: a MALLET evaluator, inferencer, saved model (--output-model) or gzipped topic state; "
                   "or a logistic-normal model (train-ctm's, or a ctm-c directory)",
                   true));
  o.push_back(path("input", FIELD(EvaluateRequest, documents),
                   "held-out documents: a MALLET instance list, or plain text with one document per line (needs a "
                   "model with words)",
                   true));
  addEstimator<EvaluateRequest>(o);
  o.push_back(format());
  // DocumentSplit::None ("none") is not a choice: it is giving none.
  o.push_back(bindField(
      choice("complete-documents", std::string(), spellingsOf<DocumentSplit>(1),
             "document completion (Wallach et al. 2009, section 5): estimate p(w2 | w1) for w1 the first half "
             "(first-half) or the even positions (alternate) of each document; left-to-right, resample-move, "
             "ais, importance-sampling and estimated-theta"),
      FIELD(EvaluateRequest, completeDocuments), false));
  o.push_back(flag(setting_names::kCheckConvergence, FIELD(EvaluateRequest, checkConvergence),
                   "rerun at doubled budgets (particles, temperatures or samples) until no document's estimate moves "
                   "by more than --tolerance beyond its error, or has a change whose error exceeds --tolerance; the "
                   "others are flagged not-converged"));
  OptionSpec tolerance =
      real("tolerance", FIELD(EvaluateRequest, tolerance), 0.0, std::numeric_limits<double>::max(),
           std::string("--") + setting_names::kCheckConvergence + ": the change allowed per document, in nats");
  tolerance.appliesWith = {setting_names::kCheckConvergence};
  o.push_back(tolerance);
  OptionSpec doublings =
      integer(setting_names::kMaxDoublings, FIELD(EvaluateRequest, maxDoublings), 1, 20,
              std::string("--") + setting_names::kCheckConvergence + ": at most this many doublings of the budget");
  doublings.appliesWith = {setting_names::kCheckConvergence};
  o.push_back(doublings);
  o.push_back(choice(setting_names::kBudgetPolicy, FIELD(EvaluateRequest, budgetPolicy), spellingsOf<BudgetPolicy>(),
                     "how each document's budget (particles, temperatures or samples) is chosen when neither --" +
                         std::string(setting_names::kTargetError) + " nor --" + setting_names::kCheckConvergence +
                         " chooses it: fixed gives every document the budget setting; by-length gives a document "
                         "shorter than " + std::to_string(kByLengthTokens) +
                         " tokens more, as much as keeps its cost within that of a " + std::to_string(kByLengthTokens) +
                         "-token one (up to --" + setting_names::kBudgetCap +
                         "; more runs instead where more of the budget would bias the estimator), by its length "
                         "alone: short documents' rare modes need many particles, and they are cheap"));
  addTargetError<EvaluateRequest>(o, true);
  o.push_back(commandLineOnly(text("documents", FIELD(EvaluateRequest, documentSelection),
                                   "evaluate only these documents: 0-based indices and ranges, e.g. 0-29,40 (the doc "
                                   "column of --format tsv then counts within them)",
                                   "LIST")));
  o.push_back(commandLineOnly(path("report", "also write a self-contained HTML report to this file")));
  o.push_back(commandLineOnly(
      choice("report-versus", "", estimatorNames(),
             "the second estimator of the report's scatter (default: filtering, or left-to-right when the "
             "first is filtering)")));
  o.push_back(quiet());
  addScoring<EvaluateRequest>(
      o,
      "V in phi = (n + beta) / (n_k + V beta); default: the model's type count (plus unseen types under "
      "smooth)");
  return command;
}

CommandSpec selectSpec() {
  CommandSpec command =
      makeCommand("select", "rank models of any number of topics on the same held-out tokens, paired errors",
                  "Rank topic models (any number of topics) by the probability they give the same held-out tokens.",
                  "topiceval select --input DOCS MODEL [MODEL ...] [options]");
  auto& o = command.options;
  o.push_back(path("input", FIELD(SelectRequest, documents),
                   "held-out documents: a MALLET instance list, or plain text with one document per line", true));
  OptionSpec models = path("model", FIELD(SelectRequest, models),
                           "model files (also given without --model): MALLET evaluators, inferencers, saved models or "
                           "topic states, logistic-normal models (train-ctm, or a ctm-c directory); a directory stands "
                           "for the model files in it (recognised by content; other files are passed over)",
                           true, "MODEL");
  models.kind = OptionKind::List;
  o.push_back(models);
  addEstimator<SelectRequest>(o);
  addTargetError<SelectRequest>(o, false);
  o.push_back(format());
  o.push_back(commandLineOnly(text("documents", FIELD(SelectRequest, documentSelection),
                                   "rank on these documents only: 0-based indices and ranges, e.g. 0-99", "LIST")));
  o.push_back(commandLineOnly(path("report",
                                   "also write an HTML report: per-token log likelihood against the number of topics, "
                                   "and the top two models document by document")));
  o.push_back(quiet());
  addScoring<SelectRequest>(
      o,
      "V in phi = (n + beta) / (n_k + V beta), the same for every model; default: the largest the models "
      "need (their type counts, plus unseen types under smooth)");
  std::vector<std::string> qualityChoices = coherenceMeasures();
  qualityChoices.push_back("none");
  o.push_back(choice("coherence", FIELD(SelectRequest, coherenceMeasure), qualityChoices,
                     "topic quality beside the likelihood: each model's mean coherence by this measure (gensim's "
                     "u_mass, c_uci, c_npmi, c_v, or MALLET's), with exclusivity, FREX and diversity; none leaves "
                     "topic quality out"));
  o.push_back(path("coherence-texts", FIELD(SelectRequest, coherenceTexts),
                   "reference texts for the coherence (an instance list or plain text); default: the held-out "
                   "documents",
                   false, "REFERENCE"));
  o.push_back(path("coherence-reference", FIELD(SelectRequest, coherenceReference),
                   "a reference index (topiceval index) instead of --coherence-texts: the same numbers, the texts "
                   "read once for every model",
                   false, "INDEX"));
  o.push_back(
      integer("top-words", FIELD(SelectRequest, topWords), 1, 100'000, "top words per topic for the topic quality"));
  o.push_back(integer("bootstrap", FIELD(SelectRequest, bootstrap), 0, 100'000,
                      "bootstrap replicates over the reference documents for the coherence's error (0: none)"));
  o.push_back(integer("stability-words", FIELD(SelectRequest, stabilityWords), 1, 100'000,
                      "stability across seeds, for models given with the same number of topics: the top words of "
                      "each topic whose rankings are compared (Greene et al.'s t)"));
  command.positional = "model";
  return command;
}

CommandSpec compareSpec() {
  CommandSpec command = makeCommand("compare", "per-document log ratio of two models by ratio-AIS",
                                    "Estimate log p(w | A) - log p(w | B) per held-out document by ratio-AIS.",
                                    "topiceval compare --model-a MODEL --model-b MODEL --input DOCS [options]");
  auto& o = command.options;
  o.push_back(path("model-a", FIELD(CompareRequest, modelA),
                   "model A (evaluator, inferencer, saved model or topic state)", true, "MODEL"));
  o.push_back(path("model-b", FIELD(CompareRequest, modelB), "model B, with the same words and number of topics", true,
                   "MODEL"));
  o.push_back(
      path("input", FIELD(CompareRequest, documents), "held-out documents (instance list or plain text)", true));
  o.push_back(
      choice("path", FIELD(CompareRequest, path), spellingsOf<AnnealingPath>(), "the annealing path: geometric or convex"));
  o.push_back(choice("direction", FIELD(CompareRequest, direction), spellingsOf<AnnealingDirection>(),
                     "forward (B to A), reverse (A to B) or both"));
  o.push_back(
      integer("temperatures", FIELD(CompareRequest, temperatures), 1, SettingLimits::kTemperatures, "annealing steps"));
  o.push_back(integer("burn-in", FIELD(CompareRequest, burnIn), 0, SettingLimits::kBurnIn,
                      "Gibbs sweeps under the start model before annealing"));
  o.push_back(integer("samples", FIELD(CompareRequest, samples), 1, SettingLimits::kSamples,
                      "independent annealing runs per document and direction"));
  o.push_back(flag("align-topics", FIELD(CompareRequest, alignTopics),
                   "reorder B's topics to match A's (Hungarian, L1 distance) first"));
  o.push_back(format());
  o.push_back(commandLineOnly(path("report", "also write a self-contained HTML report to this file")));
  o.push_back(quiet());
  addScoring<CompareRequest>(o, "V for both models");
  return command;
}

CommandSpec curveSpec() {
  CommandSpec command = makeCommand("curve", "held-out likelihood across the states of a training run (iteration-AIS)",
                                    "Held-out log likelihood at each model of a training run, by iteration-AIS.",
                                    "topiceval curve --states STATE [STATE ...] --input DOCS [options]");
  auto& o = command.options;
  OptionSpec states =
      path("states", FIELD(CurveRequest, models),
           "model files in training order (gzipped topic states, or any LDA model file)", true, "STATE");
  states.kind = OptionKind::List;
  o.push_back(states);
  o.push_back(path("input", FIELD(CurveRequest, documents), "held-out documents (instance list or plain text)", true));
  o.push_back(integer("temperatures", FIELD(CurveRequest, temperatures), 1, SettingLimits::kTemperatures,
                      "annealing steps per segment"));
  o.push_back(format());
  o.push_back(
      commandLineOnly(path("report", "also write an HTML report: log likelihood per token against the iteration")));
  o.push_back(quiet());
  addScoring<CurveRequest>(o, "V for every model");
  return command;
}

CommandSpec trainCtmSpec() {
  CommandSpec command =
      makeCommand("train-ctm",
                  "train a correlated (logistic-normal) topic model: Ahmed & Xing's Taylor E-step, or Blei & "
                  "Lafferty's",
                  "Train a correlated (logistic-normal) topic model by variational EM.",
                  "topiceval train-ctm --input DOCS --num-topics K --output MODEL [options]");
  auto& o = command.options;
  o.push_back(path("input", FIELD(TrainCtmRequest, documents),
                   "training documents: a MALLET instance list (import-file --keep-sequence), or plain text with one "
                   "document per line",
                   true));
  OptionSpec topics = bindField(integer("num-topics", std::nullopt, 2, SettingLimits::kAlignedTopics,
                                        "K, the number of topics (at least 2)", "K"),
                                FIELD(TrainCtmRequest, topics), false);
  topics.required = true;
  o.push_back(topics);
  o.push_back(path("output", "where to write the model (topiceval's logistic-normal text format)", true));
  o.push_back(choice("e-step", FIELD(TrainCtmRequest, eStep), spellingsOf<PosteriorMethod>(),
                     "taylor (Ahmed & Xing 2007, section 3.1: full posterior covariance) or blei-lafferty (Blei & "
                     "Lafferty 2005: diagonal, for comparison)"));
  o.push_back(
      integer("max-iterations", FIELD(TrainCtmRequest, maxIterations), 1, 100'000, "at most this many EM iterations"));
  o.push_back(real("tolerance", FIELD(TrainCtmRequest, tolerance), 0.0, std::numeric_limits<double>::max(),
                   "stop when the total bound changes by less than this fraction in one iteration"));
  o.push_back(real("topic-word-smoothing", FIELD(TrainCtmRequest, topicWordSmoothing), 0.0,
                   TrainCtmRequest::kLargestTopicWordSmoothing,
                   "pseudo-count added to each expected topic-word count in the M-step (0: the paper's maximum "
                   "likelihood; at most 1e6, beyond which every topic is uniform)"));
  o.push_back(integer("initial-sweeps", FIELD(TrainCtmRequest, initialSweeps), 0, 100'000,
                      "collapsed Gibbs sweeps of LDA whose topics start EM"));
  o.push_back(
      integer("seed", FIELD(TrainCtmRequest, seed), 0, kLargestInteger, "random seed (of the starting topics)"));
  o.push_back(integer("threads", FIELD(TrainCtmRequest, threads), 0, SettingLimits::kThreads,
                      "threads; 0 uses every core (results do not depend on it)"));
  o.push_back(commandLineOnly(flag("quiet", "no progress line and no per-iteration lines")));
  return command;
}

CommandSpec infoSpec() {
  CommandSpec command = makeCommand("info", "what a MALLET file is and holds (topics, words, documents)",
                                    "Describe a file.", "topiceval info FILE [--words N] [--format text|json]");
  auto& o = command.options;
  o.push_back(path("file",
                   "a MALLET file (evaluator, inferencer, saved model, topic state or instance list) or a "
                   "logistic-normal model (train-ctm's, or a ctm-c directory)",
                   true));
  o.push_back(integer("words", 10, 0, 1'000'000, "top words shown per topic (models with an alphabet)"));
  o.push_back(format({"text", "json"}));
  command.positional = "file";
  return command;
}

CommandSpec evaluateTopicsSpec() {
  CommandSpec command =
      makeCommand("evaluate-topics", "MALLET's evaluate-topics: same options, same output, same numbers",
                  "Estimate the marginal probability of new documents under a trained topic model\n"
                  "(MALLET's evaluate-topics, same options and output).");
  auto& o = command.options;
  // MALLET's own options, with its names, defaults and help.
  o.push_back(path("evaluator", FIELD(EvaluateTopicsRequest, model),
                   "A serialized topic evaluator from a trained topic model (train-topics "
                   "--evaluator-filename).",
                   false, "FILENAME"));
  o.push_back(path("input", FIELD(EvaluateTopicsRequest, documents),
                   "The serialized instance list (FeatureSequence documents) to evaluate. Use - for stdin.", false,
                   "FILENAME"));
  o.push_back(commandLineOnly(path("output-doc-probs",
                                   "The file in which to write the log probability of each document, one per line.",
                                   false, "FILENAME")));
  OptionSpec total =
      path("output-prob", "The file in which to write the total log probability. Use - for stdout.", false, "FILENAME");
  total.defaultValue = "-";
  o.push_back(commandLineOnly(total));
  o.push_back(setting(integer("num-particles", FIELD(EvaluateTopicsRequest, particles), 1, SettingLimits::kParticles,
                              "The number of particles to use in left-to-right evaluation.", "INTEGER"),
                      "particles"));
  o.push_back(commandLineOnly(boolean("show-words", FIELD(EvaluateTopicsRequest, showWords),
                                      "If true, print the log probability of each token to standard out.")));
  o.push_back(setting(boolean("use-resampling", FIELD(EvaluateTopicsRequest, resampling),
                              "Whether to resample topics in left-to-right evaluation (quadratic in document length)."),
                      "resampling"));
  for (const char* ignored : {"num-iterations", "sample-interval", "burn-in"})
    o.push_back(commandLineOnly(integer(ignored, std::string(ignored) == "num-iterations" ? 100 : 10,
                                        -std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
                                        "Accepted and ignored, as MALLET does.", "INTEGER")));
  o.push_back(setting(integer("random-seed", FIELD(EvaluateTopicsRequest, seed), -2147483648.0, 2147483647.0,
                              "The random seed. -1 uses the clock.", "INTEGER"),
                      "seed"));
  // topiceval's own.
  o.push_back(integer("threads", FIELD(EvaluateTopicsRequest, threads), 0, SettingLimits::kThreads,
                      "Threads to use (topiceval only). 0 uses every core; results do not depend on it.", "INTEGER"));
  o.push_back(boolean("exact", FIELD(EvaluateTopicsRequest, exact),
                      "topiceval only. true: MALLET's numbers bit for bit. false: the same estimator with topiceval's "
                      "faster sampler and random stream (statistically equivalent, different digits)."));
  o.push_back(choice("estimator", FIELD(EvaluateTopicsRequest, estimator), estimatorNames(),
                     "topiceval only: " + listOfChoices(estimatorNames()) +
                         " (left-to-right is MALLET's). The others print MALLET's layout too (total, "
                         "--output-doc-probs) but not --show-words.",
                     "left-to-right"));
  o.push_back(choice("unseen-words", FIELD(EvaluateTopicsRequest, unseenWords), kUnseenWords,
                     "topiceval only, for estimators other than MALLET's: skip, skip-untrained or smooth."));
  o.push_back(integer("runs", FIELD(EvaluateTopicsRequest, runs), 1, SettingLimits::kRuns,
                      "topiceval only: independent estimates per document (other estimators).", "INTEGER"));
  // The other estimators' settings, from the registry (particles and resampling are MALLET's own options).
  for (const SharedSetting& setting : allEstimatorSettings()) {
    if (setting.spec.name == "particles" || setting.spec.name == "resampling") continue;
    OptionSpec spec = option(setting.spec.name, OptionKind::EstimatorSetting);
    spec.valueKind = setting.spec.kind;
    spec.help = "topiceval only, " + setting.helpText() + ".";
    spec.describedDefault = setting.defaultsText();
    spec.placeholder = setting.spec.kind == OptionKind::Integer ? "INTEGER" : "NAME";
    o.push_back(bindEstimatorSetting(spec));
  }
  o.push_back(commandLineOnly(
      boolean("timing", false, "topiceval only: print the work done and the time taken to standard error.")));
  o.push_back(commandLineOnly(boolean("quiet", false, "topiceval only: no progress line on standard error.")));
  return command;
}

CommandSpec inferTopicsSpec() {
  CommandSpec command =
      makeCommand("infer-topics", "MALLET's infer-topics: each document's topic proportions, same file, same digits",
                  "Use an existing topic model to infer topic distributions for new documents\n"
                  "(MALLET's infer-topics, same options and output).");
  auto& o = command.options;
  // MALLET's own options, with its names, defaults and help.
  o.push_back(path("inferencer",
                   "A serialized topic inferencer from a trained topic model (train-topics --inferencer-filename).",
                   false, "FILENAME"));
  o.push_back(path("input", FIELD(InferTopicsRequest, documents),
                   "The serialized instance list (FeatureSequence documents) to infer topics for. Use - for stdin. "
                   "(topiceval also reads plain text, one document per line, through the model's words.)",
                   false, "FILENAME"));
  OptionSpec output = path("output-doc-topics",
                           "The file in which to write the inferred topic distributions (topiceval: - or absent "
                           "for standard output).",
                           false, "FILENAME");
  output.defaultValue = "-";
  o.push_back(commandLineOnly(output));
  o.push_back(commandLineOnly(
      path("output-state", "Accepted and ignored, as MALLET 2.1.1 does (it writes no file).", false, "FILENAME")));
  o.push_back(commandLineOnly(real("doc-topics-threshold", 0.0, 0.0, std::numeric_limits<double>::max(),
                                   "When writing topic proportions per document with --output-doc-topics, do not "
                                   "print topics with proportions less than this threshold value.")));
  o.push_back(commandLineOnly(integer("doc-topics-max", -1, -1, 2147483647.0,
                                      "When writing topic proportions per document with --output-doc-topics, do not "
                                      "print more than INTEGER number of topics. -1: every topic (0 is refused).",
                                      "INTEGER")));
  o.push_back(integer("num-iterations", FIELD(InferTopicsRequest, iterations), 0, SettingLimits::kInferenceIterations,
                      "The number of iterations of Gibbs sampling.", "INTEGER"));
  o.push_back(integer("sample-interval", FIELD(InferTopicsRequest, sampleInterval), 0,
                      SettingLimits::kInferenceIterations, "The number of iterations between saved samples.",
                      "INTEGER"));
  o.push_back(integer("burn-in", FIELD(InferTopicsRequest, burnIn), 0, SettingLimits::kInferenceIterations,
                      "The number of iterations before the first sample is saved.", "INTEGER"));
  o.push_back(integer("random-seed", FIELD(InferTopicsRequest, seed), -2147483648.0, 2147483647.0,
                      "The random seed for the Gibbs sampler. 0 (the default) continues the random stream stored in "
                      "the inferencer file, as MALLET does (a model without one takes a seed from the clock).",
                      "INTEGER"));
  // topiceval's own.
  o.push_back(path("model",
                   "topiceval only: any LDA model file with counts (a topic state, saved model, inferencer or "
                   "evaluator) instead of --inferencer.",
                   false, "MODEL"));
  o.push_back(integer("threads", FIELD(InferTopicsRequest, threads), 0, SettingLimits::kThreads,
                      "Threads to use (topiceval only). 0 uses every core; results do not depend on it.", "INTEGER"));
  o.push_back(boolean("exact", FIELD(InferTopicsRequest, exact),
                      "topiceval only. true: MALLET's numbers bit for bit. false: topiceval's faster sampler of the "
                      "same posterior with its own random stream (statistically equivalent, different digits)."));
  o.push_back(integer("mh-steps", FIELD(InferTopicsRequest, mhSteps), 0, 1'000,
                      "topiceval only, with --exact false: Metropolis-Hastings steps per token and sweep, each a word "
                      "then a document proposal drawn in constant time whatever the number of topics (LightLDA). "
                      "0 (the default): the exact conditional draw instead, measured faster on MALLET's models of 100 and "
                      "1,000 topics over short documents (docs/performance.md). With 1 step the chains mix more "
                      "slowly than with 2.",
                      "INTEGER"));
  o.push_back(commandLineOnly(choice("format", "mallet", {"mallet", "tsv", "json"},
                                     "topiceval only: mallet (MALLET's doc-topics file), tsv (a documents x topics "
                                     "table with a header) or json; tsv and json always hold every topic.")));
  o.push_back(commandLineOnly(
      boolean("timing", false, "topiceval only: print the work done and the time taken to standard error.")));
  o.push_back(commandLineOnly(boolean("quiet", false, "topiceval only: no progress line on standard error.")));
  return command;
}

CommandSpec diagnosticsSpec() {
  CommandSpec command =
      makeCommand("diagnostics", "MALLET's topic diagnostics XML and topic reports, byte for byte, without a JVM",
                  "MALLET's topic diagnostics (train-topics --diagnostics-file) and topic reports, byte for byte.",
                  "topiceval diagnostics --model MODEL [--input TRAINING] [--num-top-words 20] [--output FILE]");
  auto& o = command.options;
  o.push_back(path("model", FIELD(DiagnosticsRequest, model),
                   "a gzipped topic state (--output-state) or a saved model (--output-model), which hold the training "
                   "documents; an inferencer or evaluator gives the figures of its counts only",
                   true, "MODEL"));
  o.push_back(path("input", FIELD(DiagnosticsRequest, trainingData),
                   "for a topic state: the training instance list (or the inferencer or saved model of the same run), "
                   "whose alphabet is the vocabulary MALLET counts; without it V is the state's own types",
                   false, "TRAINING"));
  o.push_back(integer("num-top-words", FIELD(DiagnosticsRequest, numTopWords), 1, 1'000'000, "top words per topic"));
  OptionSpec xml =
      withMallet(path("output", "where to write the diagnostics (- for standard output)"), "diagnostics-file");
  xml.defaultValue = "-";
  o.push_back(commandLineOnly(xml));
  o.push_back(format({"xml", "tsv", "json"}));
  o.push_back(commandLineOnly(path("output-topic-keys", "also write MALLET's topic keys file here")));
  o.push_back(commandLineOnly(path("topic-word-weights-file", "also write MALLET's topic-word weights file here")));
  o.push_back(commandLineOnly(path("word-topic-counts-file", "also write MALLET's word-topic counts file here")));
  return command;
}

CommandSpec coherenceSpec() {
  CommandSpec command = makeCommand(
      "coherence", "topic coherence as gensim computes it (u_mass, c_uci, c_npmi, c_v) and MALLET's, with errors",
      "Score a model's topics against reference texts: gensim 4.2's coherence measures, Mimno et al.'s as MALLET "
      "computes it, exclusivity, FREX and diversity, with bootstrap errors.",
      "topiceval coherence --model MODEL [--texts REFERENCE] [--measure c_npmi] [--top-words 10] [options]");
  auto& o = command.options;
  o.push_back(path("model", FIELD(CoherenceRequest, model),
                   "the model whose top words are scored: any model file (a topic state or saved model also "
                   "holds its training documents)",
                   true, "MODEL"));
  o.push_back(path("texts", FIELD(CoherenceRequest, texts),
                   "reference texts: a MALLET instance list, or plain text with one document per line (gzipped or "
                   "not); default: the model's own training documents (a topic state or a saved model)",
                   false, "REFERENCE"));
  o.push_back(path("reference", FIELD(CoherenceRequest, reference),
                   "a reference index of the texts (topiceval index), instead of --texts: the same numbers, without "
                   "reading the texts again",
                   false, "INDEX"));
  OptionSpec measure = choice("measure", FIELD(CoherenceRequest, measures), coherenceMeasures(),
                              "one or more of " + listOfChoices(coherenceMeasures()) +
                                  " (comma-separated or repeated): gensim's four (u_mass on documents, c_uci and "
                                  "c_npmi on windows of 10, c_v on windows of 110) and mallet (Mimno et al. 2011 "
                                  "as MALLET's diagnostics compute it)",
                              CoherenceRequest{}.measures.front());
  measure.kind = OptionKind::List;
  o.push_back(measure);
  o.push_back(
      integer("top-words", FIELD(CoherenceRequest, topWords), 1, 100'000, "top words per topic (gensim's topn)"));
  o.push_back(integer("window-size", FIELD(CoherenceRequest, windowSize), 0, 1'000'000,
                      "the sliding window of c_uci, c_npmi and c_v; 0 is gensim's (10, 10 and 110)"));
  o.push_back(integer("bootstrap", FIELD(CoherenceRequest, bootstrap), 0, 100'000,
                      "bootstrap replicates over the reference documents for the errors (0: no errors)"));
  o.push_back(integer("seed", FIELD(CoherenceRequest, seed), 0, kLargestInteger,
                      "random seed of the bootstrap (values do not depend on it; errors barely)"));
  o.push_back(integer("threads", FIELD(CoherenceRequest, threads), 0, SettingLimits::kThreads,
                      "threads; 0 uses every core (results do not depend on it)"));
  o.push_back(format());
  return command;
}

CommandSpec browseSpec() {
  CommandSpec command = makeCommand(
      "browse", "one offline HTML page per run: LDAvis's map and relevance, and every topic's figures",
      "Write a topic browser: one self-contained HTML page (no network request) with LDAvis's intertopic map, "
      "relevance and saliency (Sievert & Shirley 2014, its numbers), and per topic MALLET's diagnostics, "
      "coherence with errors, exclusivity, FREX, stability across seeds and typical documents.",
      "topiceval browse MODEL [MODEL ...] --output PAGE.html [--texts TEXTS] [--held-out DOCS] [options]");
  auto& o = command.options;
  OptionSpec models = path("model", FIELD(BrowseRequest, models),
                           "model files (also given without --model): MALLET topic states, saved models, inferencers "
                           "or evaluators, or topiceval's LDA model files; several are switched between on the page",
                           true, "MODEL");
  models.kind = OptionKind::List;
  o.push_back(models);
  o.push_back(commandLineOnly(
      path("output", "where to write the page (written whole, then renamed into place)", true, "PAGE")));
  o.push_back(commandLineOnly(path("json", "also write the page's data as JSON to this file")));
  o.push_back(path("texts", FIELD(BrowseRequest, texts),
                   "the texts: coherence's reference, and the documents each topic's typical ones are chosen from "
                   "(topics inferred under the model); an instance list or plain text with one document per line. "
                   "Default: a state's or saved model's training documents",
                   false, "TEXTS"));
  o.push_back(path("reference", FIELD(BrowseRequest, reference),
                   "a reference index (topiceval index) for coherence instead of the texts", false, "INDEX"));
  o.push_back(integer("terms", FIELD(BrowseRequest, terms), 1, 1'000,
                      "LDAvis's R: terms in each bar chart, and the salient terms of the overall view"));
  o.push_back(real("lambda-step", FIELD(BrowseRequest, lambdaStep), 0.001, 1.0,
                   "LDAvis's lambda.step: the slider takes lambda = 0, step, 2 step, ... up to 1; the page holds "
                   "each topic's terms at every one (at most --terms times their number, whatever the vocabulary)"));
  o.push_back(real("initial-lambda", FIELD(BrowseRequest, lambda), 0.0, 1.0,
                   "where the relevance slider starts (the nearest step); Sievert & Shirley found 0.6 the most "
                   "helpful, LDAvis starts at 1"));
  o.push_back(integer("typical-documents", FIELD(BrowseRequest, documents), 0, 1'000,
                      "each topic's most typical documents shown, by the topic's share of them (0: none)"));
  std::vector<std::string> measures = coherenceMeasures();
  measures.push_back("none");
  OptionSpec measure = choice("measure", FIELD(BrowseRequest, measures), measures,
                              "coherence measures shown per topic with their bootstrap errors: one or more of " +
                                  listOfChoices(coherenceMeasures()) + " (comma-separated or repeated), or none",
                              BrowseRequest{}.measures.front());
  measure.kind = OptionKind::List;
  o.push_back(measure);
  o.push_back(integer("top-words", FIELD(BrowseRequest, topWords), 1, 100'000,
                      "top words per topic for coherence, exclusivity and FREX"));
  o.push_back(integer("bootstrap", FIELD(BrowseRequest, bootstrap), 0, 100'000,
                      "bootstrap replicates over the reference documents for coherence's errors (0: none)"));
  o.push_back(integer("diagnostics-words", FIELD(BrowseRequest, diagnosticsWords), 1, 1'000'000,
                      "MALLET's --num-top-words for its diagnostics (count models)"));
  o.push_back(integer("stability-words", FIELD(BrowseRequest, stabilityWords), 1, 100'000,
                      "for several models of one number of topics: the top words of each topic compared to match "
                      "it in the others (Greene et al.'s average Jaccard)"));
  o.push_back(path("held-out", FIELD(BrowseRequest, heldOut),
                   "held-out documents: the models are then ranked as select ranks them, and the page shows the "
                   "ranking",
                   false, "HELDOUT"));
  addEstimator<BrowseRequest>(o);
  o.push_back(integer("seed", FIELD(BrowseRequest, seed), 1, 2147483647.0,
                      "random seed of the bootstrap, of the inference of the texts' topics and of the ranking"));
  o.push_back(integer("threads", FIELD(BrowseRequest, threads), 0, SettingLimits::kThreads,
                      "threads; 0 uses every core (results do not depend on it)"));
  o.push_back(quiet());
  command.positional = "model";
  return command;
}

CommandSpec indexSpec() {
  CommandSpec command = makeCommand(
      "index", "a reference index of texts, for coherence against them without reading them again",
      "Read reference texts once and write a reference index (each word's documents and positions, the "
      "documents' lengths, the vocabulary): coherence --reference INDEX gives the numbers --texts gives.",
      "topiceval index --texts REFERENCE --output INDEX");
  auto& o = command.options;
  o.push_back(path("texts", FIELD(IndexRequest, texts),
                   "reference texts: a MALLET instance list, or plain text with one document per line (gzipped or "
                   "not)",
                   true, "REFERENCE"));
  o.push_back(commandLineOnly(path("output", "where to write the index (written whole, then renamed into place)",
                                   true, "INDEX")));
  o.push_back(integer("threads", FIELD(IndexRequest, threads), 0, SettingLimits::kThreads,
                      "threads; 0 uses every core (the index is the same bytes on any number)"));
  return command;
}

CommandSpec planRanksSpec() {
  CommandSpec command =
      makeCommand("plan-ranks", "an MPI run on paper: load imbalance, speed-up and bytes moved for N ranks",
                  "Plan an MPI run on paper: load imbalance, predicted speed-up and bytes moved for N ranks.",
                  "topiceval plan-ranks --input DOCS [--model MODEL] [--ranks 8,64,512] [--cost quadratic]");
  auto& o = command.options;
  o.push_back(path("input", FIELD(PlanRanksRequest, input), "held-out documents (instance list or plain text)", true));
  o.push_back(path("model", FIELD(PlanRanksRequest, model),
                   "the model file the job reads (its size counts in the broadcast; plain text needs it)", false,
                   "MODEL"));
  OptionSpec ranks = text("ranks", "rank counts to plan for, e.g. 8,64,512 or 8 64 512", "LIST");
  ranks.least = 1;
  ranks.most = 1'000'000;
  o.push_back(bindWholeList(ranks, FIELD(PlanRanksRequest, ranks), "rank count", "8,64,512"));
  o.push_back(choice("cost", FIELD(PlanRanksRequest, cost), spellingsOf<DocumentCost>(),
                     "cost of a document of N tokens: linear (N: filtering, AIS, left-to-right without resampling...) "
                     "or quadratic (N(N+1)/2: resample-move, left-to-right with resampling)"));
  o.push_back(integer("replicate", FIELD(PlanRanksRequest, replicate), 0, 100'000'000,
                      "plan for this many documents, the input's repeated in turn (a synthetic set; 0: the input as "
                      "is)"));
  o.push_back(integer("runs", FIELD(PlanRanksRequest, runs), 1, 100'000, "runs per document (the results summed)"));
  return command;
}

CommandSpec perturbStateSpec() {
  CommandSpec command = makeCommand("perturb-state", "a topic state with a fraction of its assignments moved at random",
                                    "Move a fraction of a topic state's token assignments to other topics, at random.",
                                    "topiceval perturb-state --input STATE --output STATE [--fraction X] [--seed N]");
  auto& o = command.options;
  o.push_back(path("input", "gzipped topic state (train-topics --output-state)", true));
  o.push_back(path("output", "where to write the perturbed state (gzipped)", true));
  o.push_back(real("fraction", 0.05, 0.0, 1.0, "share of token assignments moved to another topic"));
  o.push_back(integer("seed", 1, 0, kLargestInteger, "random seed"));
  return command;
}

CommandSpec upgradeSpec() {
  CommandSpec command =
      makeCommand("upgrade", "a MALLET 2.0 file rewritten as MALLET 2.1 reads it",
                  "Rewrite a MALLET 2.0 instance list, saved model, inferencer or evaluator as MALLET 2.1 reads it "
                  "(MALLET 2.1 refuses 2.0's files); the numbers MALLET 2.1 gives from it are MALLET 2.0's.",
                  "topiceval upgrade --input OLD.mallet --output NEW.mallet");
  auto& o = command.options;
  o.push_back(path("input", "a file MALLET 2.0 wrote (import-file --output, train-topics --output-model, "
                            "--inferencer-filename or --evaluator-filename); a MALLET 2.1 file is copied as it is",
                   true));
  o.push_back(path("output", "where to write the upgraded file (written whole, then moved into place; never the input)",
                   true));
  return command;
}

}  // namespace

const std::vector<CommandSpec>& commandSpecs() {
  static const std::vector<CommandSpec> all = [] {
    std::vector<CommandSpec> specs = {
        evaluateTopicsSpec(), inferTopicsSpec(), evaluateSpec(),    selectSpec(),    compareSpec(),   curveSpec(),
        trainCtmSpec(),       infoSpec(),        diagnosticsSpec(), coherenceSpec(), browseSpec(),    indexSpec(),
        planRanksSpec(),      perturbStateSpec(), upgradeSpec()};
    // Every command takes --quiet, so that a script can pass it to any: the
    // shared declaration, where a command has none of its own (MALLET's spelling).
    for (CommandSpec& spec : specs) {
      if (findOption(spec, "quiet") == nullptr) spec.options.push_back(quiet());
    }
    return specs;
  }();
  return all;
}

const std::vector<std::string>& objectOptions(const std::string& command) {
  static const std::map<std::string, std::vector<std::string>> objects = {{"evaluate", {"model", "input"}},
                                                                          {"evaluate-topics", {}},
                                                                          {"infer-topics", {}},
                                                                          {"select", {"model", "input"}},
                                                                          {"compare", {"model-a", "model-b", "input"}},
                                                                          {"curve", {"states", "input"}},
                                                                          {"diagnostics", {"model"}},
                                                                          {"coherence", {"model"}},
                                                                          // The bindings write the page through the result (write_html, a path argument).
                                                                          {"browse", {"model", "output"}}};
  static const std::vector<std::string> none;
  const auto found = objects.find(command);
  return found != objects.end() ? found->second : none;
}

bool suppliedAsObject(const std::string& command, const std::string& option) {
  const auto& objects = objectOptions(command);
  return std::find(objects.begin(), objects.end(), option) != objects.end();
}

std::string outOfMemoryMessage(const std::string& command) {
  // The options whose values size each command's largest allocations (the
  // input and the model size the rest, which no option lowers).
  static const std::map<std::string, std::vector<std::string>> drivers = {
      {"evaluate", {"particles", "temperatures", "samples", "runs", "threads"}},
      {"select", {"particles", "temperatures", "samples", "runs", "threads", "top-words", "bootstrap"}},
      {"compare", {"temperatures", "samples", "threads"}},
      {"curve", {"temperatures", "threads"}},
      {"train-ctm", {"num-topics", "threads"}},
      {"info", {"words"}},
      {"evaluate-topics", {"num-particles", "temperatures", "samples", "runs", "threads"}},
      {"infer-topics", {"threads"}},
      {"diagnostics", {"num-top-words"}},
      {"coherence", {"top-words", "bootstrap", "threads"}},
      {"browse", {"terms", "typical-documents", "top-words", "bootstrap", "threads"}},
      {"plan-ranks", {"replicate"}}};
  std::vector<std::string> flags;
  const auto found = drivers.find(command);
  for (const CommandSpec& spec : commandSpecs()) {
    if (spec.name != command || found == drivers.end()) continue;
    for (const std::string& option : found->second) {
      if (findOption(spec, option) != nullptr) flags.push_back("--" + option);
    }
  }
  if (flags.empty()) return "out of memory (the input is too large for this machine)";
  return "out of memory (lower " + listOfChoices(flags) + ")";
}

const CommandSpec& commandSpec(const std::string& name) {
  for (const CommandSpec& command : commandSpecs()) {
    if (command.name == name) return command;
  }
  std::vector<std::string> names;
  for (const CommandSpec& command : commandSpecs()) names.push_back(command.name);
  throw SettingError("command", "takes " + listOfChoices(names) + ", not '" + name + "'");
}

std::string optionForSetting(const CommandSpec& command, const std::string& setting) {
  for (const OptionSpec& spec : command.options) {
    if (spec.setting == setting) return spec.name;
  }
  return setting;
}

}  // namespace topiceval
