// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Java result classes, described once: for each result struct, its Java
// fields as (name, type, accessor), named as the JSON writer names its keys
// (native/output/*_output.cpp) in Java's camelCase. generate_results.cpp writes
// the Java classes from this description at build time and topiceval_jni.cpp
// fills them by walking it, so that a field added here is one line and the two
// cannot drift. A field with `replacedBy` is the spelling of an earlier release,
// kept (@Deprecated) with the same value as its new spelling.
#include <cctype>
#include <cmath>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "native/output/browse_output.hpp"
#include "native/output/compare_output.hpp"
#include "native/output/evaluation_output.hpp"
#include "native/output/quality_output.hpp"
#include "native/output/select_output.hpp"
#include "topiceval/browse.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/compare.hpp"
#include "topiceval/diagnostics.hpp"
#include "topiceval/evaluate.hpp"
#include "topiceval/options.hpp"
#include "topiceval/select.hpp"

namespace topiceval::java_results {

enum class JavaType {
  Int,
  Long,
  Double,
  Boolean,
  String,
  BoxedDouble,  // null where the JSON leaves the key out
  DoubleArray,
  LongArray,
  BooleanArray,
  StringArray,
  IntArray,
  StringMatrix,  // String[][]
  DoubleMatrix,  // double[][]
  Object,        // another described class; null when absent
  ObjectArray    // an array of another described class
};

using JavaValue =
    std::variant<std::monostate, int64_t, double, bool, std::string, std::vector<double>, std::vector<int64_t>,
                 std::vector<bool>, std::vector<std::string>, std::vector<std::vector<std::string>>,
                 std::vector<std::vector<double>>>;

struct ResultClass;

struct ResultField {
  std::string name;
  JavaType type;
  std::string doc;
  std::function<JavaValue(const void*)> value;                    // every type but Object and ObjectArray
  const ResultClass* nested = nullptr;                            // Object and ObjectArray: the class of the elements
  std::function<std::vector<const void*>(const void*)> elements;  // Object: none (null) or one
  std::string replacedBy;                                         // deprecated: what to read instead
};

// A Java class; `name` is nested in the root's file ("Evaluation.Summary" is Evaluation$Summary).
struct ResultClass {
  std::string name;
  std::string doc;
  std::vector<ResultField> fields;
  std::string javaMembers = {};  // Java code written after the fields (a convenience method)
};

namespace describe {

inline int64_t whole(uint64_t value) { return static_cast<int64_t>(value); }
// An interval as Java holds it: {low, high}.
inline std::vector<double> intervalArray(const topiceval::Interval& interval) { return {interval.low, interval.high}; }

template <class Source, class Get>
ResultField field(std::string name, JavaType type, std::string doc, Get get) {
  return {std::move(name),
          type,
          std::move(doc),
          [get](const void* source) {
            const auto value = get(*static_cast<const Source*>(source));
            // Java's integers are signed: every count becomes a long (or an int where the field says so).
            if constexpr (std::is_integral_v<decltype(value)> && !std::is_same_v<decltype(value), const bool>) {
              return JavaValue(static_cast<int64_t>(value));
            } else {
              return JavaValue(value);
            }
          },
          nullptr,
          {},
          {}};
}

// A JSON section that is a view of the same struct (the result's "summary"...).
template <class Source>
ResultField section(std::string name, const ResultClass& nested, std::string doc) {
  return {std::move(name),
          JavaType::Object,
          std::move(doc),
          {},
          &nested,
          [](const void* source) { return std::vector<const void*>{source}; },
          {}};
}

template <class Source, class Get>
ResultField object(std::string name, const ResultClass& nested, std::string doc, Get get) {
  return {std::move(name),
          JavaType::Object,
          std::move(doc),
          {},
          &nested,
          [get](const void* source) {
            const auto* element = get(*static_cast<const Source*>(source));
            return element != nullptr ? std::vector<const void*>{element} : std::vector<const void*>{};
          },
          {}};
}

template <class Source, class Get>
ResultField objects(std::string name, const ResultClass& nested, std::string doc, Get get) {
  return {std::move(name),
          JavaType::ObjectArray,
          std::move(doc),
          {},
          &nested,
          [get](const void* source) {
            std::vector<const void*> list;
            for (const auto& element : get(*static_cast<const Source*>(source))) list.push_back(&element);
            return list;
          },
          {}};
}

inline ResultField deprecated(ResultField field, std::string replacedBy) {
  field.replacedBy = std::move(replacedBy);
  return field;
}

inline std::string javaText(const std::string& message) { return respell(message, Spelling::Java); }

// A per-document column, for the deprecated arrays of earlier releases.
template <class T, class Get>
std::vector<T> column(const EvaluateResult& result, Get get) {
  std::vector<T> values;
  for (const DocumentEstimate& document : result.documents) values.push_back(static_cast<T>(get(document)));
  return values;
}

// A name of the JSON (MALLET's "word-length", "rank_1_docs") in Java's camelCase (wordLength, rank1Docs).
inline std::string camelCase(const std::string& name) {
  std::string out;
  bool upper = false;
  for (const char c : name) {
    if (c == '_' || c == '-') {
      upper = true;
    } else {
      out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    }
  }
  return out;
}

// One Double field per figure of `figures` (output::topicFigures or wordFigures), named as the JSON names it.
template <class Source, class Figures>
void addFigures(std::vector<ResultField>& fields, Figures figures) {
  const auto names = figures(Source{});
  for (std::size_t f = 0; f < names.size(); ++f)
    fields.push_back(field<Source>(camelCase(names[f].first), JavaType::Double, "",
                                   [figures, f](const Source& s) { return figures(s)[f].second; }));
}

}  // namespace describe

inline const ResultClass& modelReportClass() {
  using namespace describe;
  using R = ModelReport;
  static const ResultClass described{
      "Evaluation.ModelReport",
      "The model: its path (or name), kind, topics and types.",
      {field<R>("path", JavaType::String, "", [](const R& r) { return r.path; }),
       field<R>("kind", JavaType::String, "", [](const R& r) { return r.kind; }),
       field<R>("topics", JavaType::Int, "", [](const R& r) { return int64_t{r.topics}; }),
       field<R>("types", JavaType::Long, "", [](const R& r) { return whole(r.types); })}};
  return described;
}

inline const ResultClass& documentEstimateClass() {
  using namespace describe;
  using D = DocumentEstimate;
  static const ResultClass described{
      "Evaluation.DocumentEstimate",
      "One document's estimate (a row of the command line's document table).",
      {field<D>("name", JavaType::String, "", [](const D& d) { return d.name; }),
       field<D>("tokens", JavaType::Long, "Tokens scored.", [](const D& d) { return whole(d.scoredTokens); }),
       field<D>("skipped", JavaType::Long, "Tokens skipped.", [](const D& d) { return whole(d.skippedTokens); }),
       field<D>("loglik", JavaType::Double, "The log of the mean over runs of the estimates of p(w) (natural log).",
                [](const D& d) { return d.logLikelihood; }),
       field<D>("loglikSe", JavaType::Double,
                "Its standard error in nats (NaN with one run of a stochastic estimator).",
                [](const D& d) { return d.standardError; }),
       field<D>("perplexity", JavaType::Double, "exp(-loglik / tokens); NaN when nothing is scored.",
                [](const D& d) { return d.perplexity; }),
       field<D>("effectiveRuns", JavaType::Double, "", [](const D& d) { return d.effectiveRuns; }),
       field<D>("flag", JavaType::String, "heavy-tailed, not-converged, above-target, or -.",
                [](const D& d) { return output::documentFlags(d); }),
       field<D>("budget", JavaType::Long, "Under a target error: the budget of its last round (0 otherwise).",
                [](const D& d) { return int64_t{d.budget}; }),
       field<D>("runs", JavaType::Long, "Under a target error: the runs of its last round (0 otherwise).",
                [](const D& d) { return int64_t{d.runs}; }),
       field<D>("siteUpdates", JavaType::Long, "Gibbs site updates over every run.",
                [](const D& d) { return whole(d.siteUpdates); }),
       field<D>("conditionedTokens", JavaType::Long, "Under document completion, the tokens of w1.",
                [](const D& d) { return whole(d.conditionedTokens); }),
       field<D>("heavyTailed", JavaType::Boolean, "", [](const D& d) { return d.heavyTailed; }),
       field<D>("lognormal", JavaType::Boolean, "", [](const D& d) { return d.lognormal; }),
       field<D>("logMeanBias", JavaType::Double, "", [](const D& d) { return d.logMeanBias; }),
       field<D>("notConverged", JavaType::Boolean, "", [](const D& d) { return d.notConverged; }),
       field<D>("aboveTarget", JavaType::Boolean, "", [](const D& d) { return d.aboveTarget; })}};
  return described;
}

inline const ResultClass& evaluationClass() {
  using namespace describe;
  using E = EvaluateResult;
  using C = ConvergenceVerdict;
  using T = TargetErrorSummary;
  static const ResultClass input{
      "Evaluation.Input",
      "The documents read: their path (or \"documents in memory\"), count and tokens.",
      {field<E>("path", JavaType::String, "", [](const E& r) { return r.input; }),
       field<E>("documents", JavaType::Long, "", [](const E& r) { return whole(r.inputDocuments); }),
       field<E>("tokens", JavaType::Long, "", [](const E& r) { return r.inputTokens; })}};
  static const ResultClass completion{
      "Evaluation.Completion",
      "Document completion: the split, and the tokens conditioned on and scored.",
      {field<E>("split", JavaType::String, "", [](const E& r) { return std::string(spellingOf(r.completeDocuments)); }),
       field<E>("conditionedTokens", JavaType::Long, "", [](const E& r) { return whole(r.conditionedTokens); }),
       field<E>("scoredTokens", JavaType::Long, "", [](const E& r) { return whole(r.scoredTokens); })}};
  static const ResultClass estimator{
      "Evaluation.EstimatorReport",
      "The estimator as run, and what its error covers.",
      {field<E>("description", JavaType::String, "\"resample-move, 64 particles, 1 sweep\".",
                [](const E& r) { return r.estimator.description; }),
       field<E>("stochastic", JavaType::Boolean, "", [](const E& r) { return r.estimator.stochastic; }),
       field<E>("name", JavaType::String, "", [](const E& r) { return r.estimator.name; }),
       field<E>("settings", JavaType::StringArray, "Every setting as used: name, value, name, value, ...",
                [](const E& r) {
                  std::vector<std::string> pairs;
                  for (const auto& [name, value] : r.estimator.settings) pairs.insert(pairs.end(), {name, value});
                  return pairs;
                }),
       field<E>("unbiased", JavaType::Boolean, "", [](const E& r) { return r.estimator.unbiased; }),
       field<E>("seed", JavaType::Long, "", [](const E& r) { return whole(r.estimator.seed); }),
       field<E>("runs", JavaType::Long, "", [](const E& r) { return int64_t{r.estimator.runs}; }),
       object<E>("completion", completion, "Null without document completion.",
                 [](const E& r) { return r.completeDocuments == DocumentSplit::None ? nullptr : &r; }),
       field<E>("errorCaveat", JavaType::String, "What the error is known to miss, or empty.",
                [](const E& r) { return javaText(r.estimator.errorCaveat); }),
       field<E>("runCombination", JavaType::String,
                "How each document's runs become its estimate: \"log of the mean\" or \"lognormal\".",
                [](const E& r) { return r.estimator.runCombination; })}};
  static const ResultClass unseenWords{
      "Evaluation.UnseenWords",
      "The unseen-word policy and what it skipped.",
      {field<E>("policy", JavaType::String, "", [](const E& r) { return std::string(spellingOf(r.unseenWords)); }),
       field<E>("skippedTokens", JavaType::Long, "", [](const E& r) { return r.unseenSkippedTokens; }),
       field<E>("skippedTypes", JavaType::Long, "", [](const E& r) { return r.skippedTypes; }),
       field<E>("unseenTypesScored", JavaType::Long, "", [](const E& r) { return r.unseenTypesScored; }),
       field<E>("vocabularySize", JavaType::Long, "", [](const E& r) { return whole(r.vocabularySize); })}};
  static const ResultClass summary{
      "Evaluation.Summary",
      "The corpus's figures, as the command line's summary reports them.",
      {field<E>("logLikelihood", JavaType::Double, "The documents' total log likelihood.",
                [](const E& r) { return r.total; }),
       field<E>("logLikelihoodSe", JavaType::Double, "", [](const E& r) { return r.totalStandardError; }),
       field<E>("perToken", JavaType::Double, "", [](const E& r) { return r.perToken; }),
       field<E>("perTokenSe", JavaType::Double, "", [](const E& r) { return r.perTokenStandardError; }),
       field<E>("perplexity", JavaType::Double, "The corpus's perplexity.", [](const E& r) { return r.perplexity; }),
       field<E>("perplexitySe", JavaType::Double, "", [](const E& r) { return r.perplexityStandardError; }),
       field<E>("error", JavaType::String, "What the interval holds and leaves out, in a sentence.",
                [](const E& r) { return javaText(r.errorStatement); }),
       field<E>("logMeanBias", JavaType::Double, "", [](const E& r) { return r.logMeanBias; }),
       field<E>("lognormalDocuments", JavaType::Long, "Documents whose runs were combined lognormally.",
                [](const E& r) { return whole(r.lognormalDocuments); }),
       field<E>("intervalUnsupported", JavaType::String,
                "Empty when the runs support the interval; else why not (raise the budget).",
                [](const E& r) { return javaText(r.intervalUnsupported); }),
       field<E>("logLikelihoodInterval", JavaType::DoubleArray,
                "{low, high}: where the true total lies, 95% of the sampling error widened upward by logMeanBias.",
                [](const E& r) { return intervalArray(r.logLikelihoodInterval); }),
       field<E>("perTokenInterval", JavaType::DoubleArray, "The same per token.",
                [](const E& r) { return intervalArray(r.perTokenInterval); }),
       field<E>("intervalConfidence", JavaType::Double, "", [](const E&) { return topiceval::kIntervalConfidence; }),
       field<E>("heavyTailedDocuments", JavaType::Long, "", [](const E& r) { return whole(r.heavyTailedDocuments); }),
       field<E>("documents", JavaType::Long, "", [](const E& r) { return whole(r.documents.size()); }),
       field<E>("tokens", JavaType::Long, "Tokens scored.", [](const E& r) { return r.scoredTokens; }),
       field<E>("skippedTokens", JavaType::Long, "", [](const E& r) { return r.skippedTokens; }),
       field<E>("wallSeconds", JavaType::Double, "", [](const E& r) { return r.seconds; }),
       field<E>("threads", JavaType::Long, "", [](const E& r) { return int64_t{r.threads}; }),
       field<E>("siteUpdates", JavaType::Long, "", [](const E& r) { return r.siteUpdates; }),
       field<E>("variationalBound", JavaType::BoxedDouble, "A logistic-normal model's bound; null otherwise.",
                [](const E& r) { return r.variationalBound ? JavaValue(*r.variationalBound) : JavaValue(); }),
       field<E>("variationalBoundEStep", JavaType::String, "Null without a variational bound.",
                [](const E& r) { return r.variationalBound ? JavaValue(r.boundMethod) : JavaValue(); })}};
  static const ResultClass step{
      "Evaluation.ConvergenceStep",
      "One budget of a convergence check.",
      {field<C::Step>("budget", JavaType::Long, "", [](const C::Step& s) { return int64_t{s.budget}; }),
       field<C::Step>("logLikelihood", JavaType::Double, "", [](const C::Step& s) { return s.logLikelihood; }),
       field<C::Step>("logLikelihoodSe", JavaType::Double, "", [](const C::Step& s) { return s.standardError; }),
       field<C::Step>("documentsNotConverged", JavaType::Long, "",
                      [](const C::Step& s) { return whole(s.documentsNotConverged); }),
       field<C::Step>("seconds", JavaType::Double, "", [](const C::Step& s) { return s.seconds; })}};
  static const ResultClass convergence{
      "Evaluation.Convergence",
      "What the convergence check found (option checkConvergence).",
      {field<C>("converged", JavaType::Boolean, "", [](const C& c) { return c.converged; }),
       field<C>("budgetSetting", JavaType::String, "", [](const C& c) { return c.budgetSetting; }),
       field<C>("summary", JavaType::String, "", [](const C& c) { return javaText(c.summary); }),
       field<C>("lastChange", JavaType::Double, "", [](const C& c) { return c.lastChange; }),
       field<C>("lastChangeSe", JavaType::Double, "", [](const C& c) { return c.lastChangeError; }),
       objects<C>(
           "steps", step, "", [](const C& c) -> const auto& { return c.steps; })}};
  static const ResultClass level{
      "Evaluation.TargetErrorLevel",
      "Documents by the budget and runs they needed.",
      {field<T::Level>("budget", JavaType::Long, "", [](const T::Level& l) { return int64_t{l.budget}; }),
       field<T::Level>("runs", JavaType::Long, "", [](const T::Level& l) { return int64_t{l.runs}; }),
       field<T::Level>("documents", JavaType::Long, "", [](const T::Level& l) { return whole(l.documents); })}};
  const auto given = [](double target) { return target > 0.0 ? JavaValue(target) : JavaValue(); };
  static const ResultClass targetError{
      "Evaluation.TargetError",
      "What a target error (options targetError, targetDocumentError) or the bias-bound budget policy spent.",
      {field<T>("perToken", JavaType::BoxedDouble, "Null when not given.",
                [given](const T& t) { return given(t.perToken); }),
       field<T>("perDocument", JavaType::BoxedDouble, "Null when not given.",
                [given](const T& t) { return given(t.perDocument); }),
       field<T>("budgetSetting", JavaType::String, "", [](const T& t) { return t.budgetSetting; }),
       field<T>("startBudget", JavaType::Long, "", [](const T& t) { return int64_t{t.startBudget}; }),
       field<T>("budgetCap", JavaType::Long, "", [](const T& t) { return int64_t{t.largestBudget}; }),
       field<T>("startRuns", JavaType::Long, "", [](const T& t) { return int64_t{t.startRuns}; }),
       field<T>("maxRuns", JavaType::Long, "", [](const T& t) { return int64_t{t.largestRuns}; }),
       field<T>("rounds", JavaType::Long, "", [](const T& t) { return whole(t.rounds); }),
       field<T>("aboveTargetDocuments", JavaType::Long, "", [](const T& t) { return whole(t.aboveTargetDocuments); }),
       field<T>("byLength", JavaType::Boolean, "Budgets by document length (--budget-policy by-length), not a target error.",
                [](const T& t) { return t.byLength; }),
       field<T>("grownDocuments", JavaType::Long, "", [](const T& t) { return whole(t.grownDocuments); }),
       field<T>("summary", JavaType::String, "", [](const T& t) { return javaText(t.summary); }),
       objects<T>(
           "levels", level, "", [](const T& t) -> const auto& { return t.levels; })}};
  static const ResultClass described{
      "Evaluation",
      "What {@link TopicEvaluator#evaluateDetailed} returns, named as {@code topiceval evaluate --format json} "
      "names its keys (in camelCase).",
      {object<E>("model", modelReportClass(), "", [](const E& r) { return &r.model; }), section<E>("input", input, ""),
       section<E>("estimatorReport", estimator,
                  "The JSON's \"estimator\" (the field {@code estimator} keeps its earlier meaning, the description)."),
       section<E>("unseenWords", unseenWords, ""), section<E>("summary", summary, ""),
       object<E>("convergence", convergence, "Null unless checked.",
                 [](const E& r) { return r.convergence ? &*r.convergence : nullptr; }),
       object<E>("targetError", targetError, "Null without a target error.",
                 [](const E& r) { return r.target ? &*r.target : nullptr; }),
       objects<E>(
           "documents", documentEstimateClass(), "", [](const E& r) -> const auto& { return r.documents; }),
       field<E>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const E& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.warnings) list.push_back(javaText(warning.text));
                  return list;
                }),
       // The summary's figures, also on the result itself (as in Python).
       field<E>("perToken", JavaType::Double, "{@code summary.perToken}.", [](const E& r) { return r.perToken; }),
       field<E>("perplexity", JavaType::Double, "{@code summary.perplexity}: the corpus's.",
                [](const E& r) { return r.perplexity; }),
       field<E>("error", JavaType::String, "{@code summary.error}.",
                [](const E& r) { return javaText(r.errorStatement); }),
       // The spellings of earlier releases.
       deprecated(field<E>("estimator", JavaType::String, "", [](const E& r) { return r.estimator.description; }),
                  "estimatorReport.description"),
       deprecated(field<E>("total", JavaType::Double, "", [](const E& r) { return r.total; }), "summary.logLikelihood"),
       deprecated(field<E>("totalStandardError", JavaType::Double, "", [](const E& r) { return r.totalStandardError; }),
                  "summary.logLikelihoodSe"),
       deprecated(field<E>("target", JavaType::String, "",
                           [](const E& r) { return r.target ? JavaValue(javaText(r.target->summary)) : JavaValue(); }),
                  "targetError.summary"),
       deprecated(field<E>("logLikelihood", JavaType::DoubleArray, "",
                           [](const E& r) { return column<double>(r, [](const auto& d) { return d.logLikelihood; }); }),
                  "documents[d].loglik"),
       deprecated(field<E>("standardError", JavaType::DoubleArray, "",
                           [](const E& r) { return column<double>(r, [](const auto& d) { return d.standardError; }); }),
                  "documents[d].loglikSe"),
       deprecated(field<E>("scoredTokens", JavaType::LongArray, "",
                           [](const E& r) { return column<int64_t>(r, [](const auto& d) { return d.scoredTokens; }); }),
                  "documents[d].tokens"),
       deprecated(field<E>("heavyTailed", JavaType::BooleanArray, "",
                           [](const E& r) { return column<bool>(r, [](const auto& d) { return d.heavyTailed; }); }),
                  "documents[d].heavyTailed"),
       deprecated(field<E>("siteUpdates", JavaType::LongArray, "",
                           [](const E& r) { return column<int64_t>(r, [](const auto& d) { return d.siteUpdates; }); }),
                  "documents[d].siteUpdates"),
       deprecated(field<E>("budgets", JavaType::LongArray, "",
                           [](const E& r) { return column<int64_t>(r, [](const auto& d) { return d.budget; }); }),
                  "documents[d].budget"),
       deprecated(field<E>("runs", JavaType::LongArray, "",
                           [](const E& r) { return column<int64_t>(r, [](const auto& d) { return d.runs; }); }),
                  "documents[d].runs")}};
  return described;
}

inline const ResultClass& selectionClass() {
  using namespace describe;
  using S = SelectResult;
  using M = RankedModel;
  using Q = TopicQuality;
  static const ResultClass input{
      "Selection.Input",
      "The documents: their path, count and tokens, and the tokens every model scores.",
      {field<S>("path", JavaType::String, "", [](const S& r) { return r.input; }),
       field<S>("documents", JavaType::Long, "", [](const S& r) { return r.documents; }),
       field<S>("tokens", JavaType::Long, "", [](const S& r) { return r.tokens; }),
       field<S>("scoredTokens", JavaType::Long, "The tokens every model scores.",
                [](const S& r) { return r.sharedTokens; }),
       field<S>("unseenWords", JavaType::String, "", [](const S& r) { return std::string(spellingOf(r.unseenWords)); })}};
  static const ResultClass estimator{
      "Selection.EstimatorReport",
      "The estimator as run.",
      {field<S>("name", JavaType::String, "", [](const S& r) { return r.estimator; }),
       field<S>("description", JavaType::String, "", [](const S& r) { return r.estimatorDescription; }),
       field<S>("stochastic", JavaType::Boolean, "", [](const S& r) { return r.stochastic; }),
       field<S>("unbiased", JavaType::Boolean, "", [](const S& r) { return r.unbiased; }),
       field<S>("seed", JavaType::Long, "", [](const S& r) { return r.seed; }),
       field<S>("runs", JavaType::Long, "", [](const S& r) { return r.runs; })}};
  static const ResultClass quality{
      "Selection.TopicQuality",
      "A model's topic quality: mean coherence +- its bootstrap error, and more.",
      {field<Q>("measure", JavaType::String, "", [](const Q& q) { return q.measure; }),
       field<Q>("window", JavaType::Long, "", [](const Q& q) { return q.windowSize; }),
       field<Q>("coherence", JavaType::Double, "", [](const Q& q) { return q.coherence; }),
       field<Q>("coherenceSe", JavaType::Double, "", [](const Q& q) { return q.coherenceStandardError; }),
       field<Q>("exclusivity", JavaType::Double, "", [](const Q& q) { return q.exclusivity; }),
       field<Q>("frex", JavaType::Double, "", [](const Q& q) { return q.frex; }),
       field<Q>("diversity", JavaType::Double, "", [](const Q& q) { return q.diversity; }),
       field<Q>("topicCoherence", JavaType::DoubleArray, "", [](const Q& q) { return q.topicCoherence; }),
       field<Q>("topWords", JavaType::StringMatrix, "", [](const Q& q) { return q.topWords; })}};
  using F = TopicNumberFigure;
  static const ResultClass figure{
      "Selection.TopicNumberFigure",
      "One of ldatuning's or stm's figures for choosing K, as their R functions compute it.",
      {field<F>("name", JavaType::String, "", [](const F& f) { return f.name; }),
       field<F>("better", JavaType::String, "\"higher\" or \"lower\".", [](const F& f) { return f.better; }),
       field<F>("value", JavaType::Double, "", [](const F& f) { return f.value; }),
       field<F>("se", JavaType::Double, "", [](const F& f) { return f.standardError; }),
       field<F>("perTopic", JavaType::DoubleArray, "Empty for a per-model figure.",
                [](const F& f) { return f.perTopic; })}};
  using G = SeedGroup;
  using P = SeedGroup::Pair;
  static const ResultClass seedPair{
      "Selection.SeedPair",
      "Two runs of one K (indices into runs) and their agreement: the mean matched average Jaccard.",
      {field<P>("a", JavaType::Long, "", [](const P& p) { return whole(p.a); }),
       field<P>("b", JavaType::Long, "", [](const P& p) { return whole(p.b); }),
       field<P>("agreement", JavaType::Double, "", [](const P& p) { return p.agreement; })}};
  static const ResultClass seedGroup{
      "Selection.SeedGroup",
      "The models given with one K, read as runs with other seeds: Greene et al.'s agreement among them and the "
      "held-out likelihood's spread between seeds.",
      {field<G>("topics", JavaType::Long, "", [](const G& g) { return int64_t{g.topics}; }),
       field<G>("runs", JavaType::StringArray, "The models' paths, in the order given.",
                [](const G& g) { return g.runs; }),
       objects<G>("pairs", seedPair, "Every pair, a before b.", [](const G& g) -> const auto& { return g.pairs; }),
       field<G>("topicAgreement", JavaType::DoubleMatrix,
                "Per run, per topic: its matched average Jaccard, averaged over the other runs.",
                [](const G& g) { return g.topicAgreement; }),
       field<G>("agreement", JavaType::Double, "The mean over pairs.", [](const G& g) { return g.agreement; }),
       field<G>("agreementSd", JavaType::Double, "Over pairs (NaN for one pair).",
                [](const G& g) { return g.agreementSd; }),
       field<G>("agreementMin", JavaType::Double, "", [](const G& g) { return g.agreementMin; }),
       field<G>("agreementMax", JavaType::Double, "", [](const G& g) { return g.agreementMax; }),
       field<G>("perToken", JavaType::Double, "The runs' mean.", [](const G& g) { return g.perToken; }),
       field<G>("perTokenSpread", JavaType::Double, "The standard deviation over the runs.",
                [](const G& g) { return g.perTokenSpread; }),
       field<G>("perTokenError", JavaType::Double, "The root mean square of the runs' standard errors.",
                [](const G& g) { return g.perTokenError; }),
       field<G>("nextTopics", JavaType::Long, "The next K with several runs; 0: none.",
                [](const G& g) { return int64_t{g.nextTopics}; }),
       field<G>("differenceToNext", JavaType::Double, "", [](const G& g) { return g.differenceToNext; }),
       field<G>("differenceToNextSe", JavaType::Double, "What retraining alone gives that difference.",
                [](const G& g) { return g.differenceToNextError; }),
       field<G>("exceedsRetraining", JavaType::Boolean, "The difference is more than twice that.",
                [](const G& g) { return g.exceedsRetraining; })}};
  static const ResultClass model{
      "Selection.RankedModel",
      "A model's place: its figures on the tokens every model scores.",
      {field<M>("path", JavaType::String, "Its name when it was given one, else its path, or \"model N\".",
                [](const M& m) { return m.model.path; }),
       field<M>("kind", JavaType::String, "", [](const M& m) { return m.model.kind; }),
       field<M>("topics", JavaType::Int, "", [](const M& m) { return m.model.topics; }),
       field<M>("tokens", JavaType::Long, "", [](const M& m) { return m.scoredTokens; }),
       field<M>("ownSkippedTokens", JavaType::Long, "", [](const M& m) { return m.ownSkippedTokens; }),
       field<M>("total", JavaType::Double, "", [](const M& m) { return m.total; }),
       field<M>("totalSe", JavaType::Double, "", [](const M& m) { return m.totalStandardError; }),
       field<M>("perToken", JavaType::Double, "", [](const M& m) { return m.perToken; }),
       field<M>("perTokenSe", JavaType::Double, "", [](const M& m) { return m.perTokenStandardError; }),
       field<M>("perplexity", JavaType::Double, "", [](const M& m) { return m.perplexity; }),
       field<M>("differenceToBest", JavaType::Double, "", [](const M& m) { return m.difference; }),
       field<M>("differenceSe", JavaType::Double, "", [](const M& m) { return m.differenceError; }),
       field<M>("verdict", JavaType::String,
                "\"best\", \"worse\" (the difference's interval lies above 0), \"too close to call\" (it holds 0), "
                "or \"unsupported\" (its runs do not support its interval: not ranked).",
                [](const M& m) { return m.verdict; }),
       field<M>("logMeanBias", JavaType::Double, "", [](const M& m) { return m.logMeanBias; }),
       field<M>("intervalUnsupported", JavaType::String, "Empty, or why its runs do not support its interval.",
                [](const M& m) { return javaText(m.intervalUnsupported); }),
       field<M>("totalInterval", JavaType::DoubleArray, "{low, high}, as Evaluation.Summary's.",
                [](const M& m) { return intervalArray(m.totalInterval); }),
       field<M>("perTokenInterval", JavaType::DoubleArray, "",
                [](const M& m) { return intervalArray(m.perTokenInterval); }),
       field<M>("differenceInterval", JavaType::DoubleArray,
                "{low, high} of the truths' difference, the bias bounds included.",
                [](const M& m) { return intervalArray(m.differenceInterval); }),
       field<M>("tooCloseToCall", JavaType::Boolean, "",
                [](const M& m) { return m.verdict == topiceval::kTooCloseVerdict; }),
       object<M>("quality", quality, "Null with coherence \"none\" or for a model without words.",
                 [](const M& m) { return m.quality ? &*m.quality : nullptr; }),
       objects<M>("figures", figure, "", [](const M& m) -> const auto& { return m.figures; })}};
  const auto perModel = [](auto get) {
    return [get](const S& r) {
      std::vector<decltype(get(r.models.front()))> values;
      for (const RankedModel& ranked : r.models) values.push_back(get(ranked));
      return values;
    };
  };
  static const ResultClass described{
      "Selection",
      "What {@link TopicEvaluator#select} returns, named as {@code topiceval select --format json} names its keys "
      "(in camelCase), and the command line's HTML report ({@code select --report}) of the same ranking.",
      {section<S>("input", input, ""), section<S>("estimator", estimator, ""),
       objects<S>(
           "models", model, "Best first.", [](const S& r) -> const auto& { return r.models; }),
       field<S>("stabilityWords", JavaType::Long, "The top words compared for stability across seeds.",
                [](const S& r) { return int64_t{r.stabilityWords}; }),
       objects<S>("seedGroups", seedGroup, "Each K given by two or more models, ascending.",
                  [](const S& r) -> const auto& { return r.seedGroups; }),
       field<S>("qualityReference", JavaType::String, "The texts topic quality was measured on; null if none.",
                [](const S& r) { return r.qualityReference.empty() ? JavaValue() : JavaValue(r.qualityReference); }),
       field<S>("wallSeconds", JavaType::Double, "", [](const S& r) { return r.seconds; }),
       field<S>("threads", JavaType::Long, "", [](const S& r) { return r.threads; }),
       field<S>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const S& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.warnings) list.push_back(javaText(warning.text));
                  return list;
                }),
       field<S>("report", JavaType::String, "The HTML report, as {@code select --report} writes it.",
                [](const S& r) {
                  std::ostringstream report;
                  output::writeSelectReport(report, r);
                  return report.str();
                }),
       // The spellings of earlier releases: one array per model, in the models' order.
       deprecated(field<S>("names", JavaType::StringArray, "", perModel([](const M& m) { return m.model.path; })),
                  "models[i].path"),
       deprecated(
           field<S>("topics", JavaType::IntArray, "", perModel([](const M& m) { return int64_t{m.model.topics}; })),
           "models[i].topics"),
       deprecated(field<S>("total", JavaType::DoubleArray, "", perModel([](const M& m) { return m.total; })),
                  "models[i].total"),
       deprecated(field<S>("totalStandardError", JavaType::DoubleArray, "",
                           perModel([](const M& m) { return m.totalStandardError; })),
                  "models[i].totalSe"),
       deprecated(field<S>("perToken", JavaType::DoubleArray, "", perModel([](const M& m) { return m.perToken; })),
                  "models[i].perToken"),
       deprecated(field<S>("perplexity", JavaType::DoubleArray, "", perModel([](const M& m) { return m.perplexity; })),
                  "models[i].perplexity"),
       deprecated(
           field<S>("differenceToBest", JavaType::DoubleArray, "", perModel([](const M& m) { return m.difference; })),
           "models[i].differenceToBest"),
       deprecated(field<S>("differenceStandardError", JavaType::DoubleArray, "",
                           perModel([](const M& m) { return m.differenceError; })),
                  "models[i].differenceSe"),
       deprecated(field<S>("verdicts", JavaType::StringArray, "", perModel([](const M& m) { return m.verdict; })),
                  "models[i].verdict"),
       deprecated(field<S>("scoredTokens", JavaType::Long, "", [](const S& r) { return r.sharedTokens; }),
                  "input.scoredTokens")},
      "  /**\n"
      "   * Writes {@link #report} to {@code path} as UTF-8: the command line's file. It is written beside the target\n"
      "   * and moved over it once complete, so that a failed write leaves what was there.\n"
      "   */\n"
      "  public void writeReport(java.nio.file.Path path) throws java.io.IOException {\n"
      "    java.nio.file.Path target = path.toAbsolutePath();\n"
      "    java.nio.file.Path temporary = java.nio.file.Files.createTempFile(target.getParent(), \".report-\", "
      "\".tmp\");\n"
      "    try {\n"
      "      java.nio.file.Files.write(temporary, report.getBytes(java.nio.charset.StandardCharsets.UTF_8));\n"
      "      java.nio.file.Files.move(temporary, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,\n"
      "                               java.nio.file.StandardCopyOption.ATOMIC_MOVE);\n"
      "    } finally {\n"
      "      java.nio.file.Files.deleteIfExists(temporary);\n"
      "    }\n"
      "  }\n"};
  return described;
}

inline const ResultClass& coherenceClass() {
  using namespace describe;
  using R = CoherenceResult;
  using M = CoherenceResult::Measure;
  static const ResultClass measure{
      "Coherence.Measure",
      "One measure: its value per topic with its bootstrap error, and the model's mean with its error.",
      {field<M>("measure", JavaType::String, "", [](const M& m) { return m.name; }),
       field<M>("window", JavaType::Long, "The sliding window in words; 0: whole documents.",
                [](const M& m) { return int64_t{m.windowSize}; }),
       field<M>("mean", JavaType::Double, "gensim's get_coherence().", [](const M& m) { return m.mean; }),
       field<M>("meanStandardError", JavaType::Double, "", [](const M& m) { return m.meanStandardError; }),
       field<M>("perTopic", JavaType::DoubleArray, "gensim's get_coherence_per_topic().",
                [](const M& m) { return m.perTopic; }),
       field<M>("perTopicStandardError", JavaType::DoubleArray, "Bootstrap errors (NaN without a bootstrap).",
                [](const M& m) { return m.perTopicStandardError; })}};
  const auto perMeasure = [](auto get) {
    return [get](const R& r) {
      std::vector<decltype(get(r.measures.front()))> values;
      for (const M& entry : r.measures) values.push_back(get(entry));
      return values;
    };
  };
  static const ResultClass described{
      "Coherence",
      "What {@link TopicEvaluator#coherence} returns, named as {@code topiceval coherence --format json} names its "
      "keys (in camelCase; its {@code measures} are {@code measureReports}, the name an earlier release had taken). "
      "The errors cover another sample of reference documents like these, not the choice of reference texts, "
      "window or top words.",
      {field<R>("reference", JavaType::String, "The reference texts.", [](const R& r) { return r.reference; }),
       field<R>("referenceDocuments", JavaType::Long, "", [](const R& r) { return whole(r.referenceDocuments); }),
       field<R>("referenceTokens", JavaType::Long, "", [](const R& r) { return whole(r.referenceTokens); }),
       field<R>("bootstrap", JavaType::Long, "Bootstrap replicates behind the errors (0: none).",
                [](const R& r) { return int64_t{r.bootstrap}; }),
       objects<R>(
           "measureReports", measure, "The JSON's measures, in the order asked for.",
           [](const R& r) -> const auto& { return r.measures; }),
       field<R>("exclusivity", JavaType::DoubleArray, "MALLET's, per topic.", [](const R& r) { return r.exclusivity; }),
       field<R>("meanExclusivity", JavaType::Double, "", [](const R& r) { return r.meanExclusivity; }),
       field<R>("frex", JavaType::DoubleArray, "stm's FREX, per topic.", [](const R& r) { return r.frex; }),
       field<R>("meanFrex", JavaType::Double, "", [](const R& r) { return r.meanFrex; }),
       field<R>("diversity", JavaType::Double, "The share of distinct words among the topics' top words.",
                [](const R& r) { return r.diversity; }),
       field<R>("topics", JavaType::StringMatrix, "The words scored, per topic.", [](const R& r) { return r.topics; }),
       field<R>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const R& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.warnings) list.push_back(javaText(warning.text));
                  return list;
                }),
       // The spellings of earlier releases: one entry per measure, in measureReports' order.
       deprecated(field<R>("measures", JavaType::StringArray, "", perMeasure([](const M& m) { return m.name; })),
                  "measureReports[m].measure"),
       deprecated(field<R>("perTopic", JavaType::DoubleMatrix, "", perMeasure([](const M& m) { return m.perTopic; })),
                  "measureReports[m].perTopic"),
       deprecated(field<R>("standardError", JavaType::DoubleMatrix, "",
                           perMeasure([](const M& m) { return m.perTopicStandardError; })),
                  "measureReports[m].perTopicStandardError"),
       deprecated(field<R>("mean", JavaType::DoubleArray, "", perMeasure([](const M& m) { return m.mean; })),
                  "measureReports[m].mean"),
       deprecated(field<R>("meanStandardError", JavaType::DoubleArray, "",
                           perMeasure([](const M& m) { return m.meanStandardError; })),
                  "measureReports[m].meanStandardError")}};
  return described;
}

inline const ResultClass& diagnosticsClass() {
  using namespace describe;
  using R = DiagnosticsResult;
  using T = DiagnosticsResult::Topic;
  using W = DiagnosticsResult::Word;
  static const ResultClass word = [] {
    ResultClass described{
        "Diagnostics.Word",
        "A top word: its rank in the topic is its place in {@code words} plus one.",
        {field<W>("word", JavaType::String, "", [](const W& w) { return w.word; }),
         field<W>("type", JavaType::Long, "", [](const W& w) { return int64_t{w.type}; }),
         field<W>("count", JavaType::Long, "", [](const W& w) { return int64_t{w.count}; }),
         field<W>("docs", JavaType::Long, "Training documents holding it; -1 without documents (the JSON leaves it out).",
                  [](const W& w) { return int64_t{w.documents}; })}};
    addFigures<W>(described.fields, [](const W& w) { return output::wordFigures(w); });
    return described;
  }();
  static const ResultClass topic = [] {
    ResultClass described{
        "Diagnostics.Topic",
        "A topic's figures, named as MALLET's diagnostics name them (in camelCase); its number is its place in "
        "{@code topics}.",
        {field<T>("alpha", JavaType::Double, "", [](const T& t) { return t.alpha; })}};
    addFigures<T>(described.fields, [](const T& t) { return output::topicFigures(t); });
    described.fields.push_back(objects<T>("words", word, "Most frequent first (MALLET's order).",
                                          [](const T& t) -> const auto& { return t.words; }));
    return described;
  }();
  const auto perTopic = [](auto get) {
    return [get](const R& r) {
      std::vector<decltype(get(r.topics.front()))> values;
      for (const T& entry : r.topics) values.push_back(get(entry));
      return values;
    };
  };
  static const ResultClass described{
      "Diagnostics",
      "What {@link TopicEvaluator#diagnostics} returns, named as {@code topiceval diagnostics --format json} names "
      "its keys (in camelCase; its {@code tokens} are {@code corpusTokens}, the name an earlier release had taken), "
      "and MALLET's own files as text. Figures that need the training documents are NaN for a model that holds none.",
      {field<R>("model", JavaType::String, "", [](const R& r) { return r.modelDescription; }),
       field<R>("fromDocuments", JavaType::Boolean, "", [](const R& r) { return r.fromDocuments; }),
       field<R>("numTopWords", JavaType::Long, "", [](const R& r) { return int64_t{r.numTopWords}; }),
       field<R>("vocabularySize", JavaType::Long, "", [](const R& r) { return whole(r.vocabularySize); }),
       field<R>("documents", JavaType::Long, "Training documents with tokens.",
                [](const R& r) { return whole(r.documents); }),
       field<R>("corpusTokens", JavaType::Long, "The JSON's tokens.", [](const R& r) { return r.tokens; }),
       objects<R>(
           "topics", topic, "", [](const R& r) -> const auto& { return r.topics; }),
       field<R>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const R& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.warnings) list.push_back(javaText(warning.text));
                  return list;
                }),
       field<R>("xml", JavaType::String, "MALLET's --diagnostics-file, byte for byte once written as UTF-8.",
                [](const R& r) {
                  std::ostringstream xml;
                  writeDiagnosticsXml(xml, r);
                  return xml.str();
                }),
       field<R>("topicKeys", JavaType::String, "MALLET's --output-topic-keys, byte for byte once written as UTF-8.",
                [](const R& r) {
                  std::ostringstream keys;
                  writeTopicKeys(keys, r);
                  return keys.str();
                }),
       // The spellings of earlier releases: one entry per topic.
       deprecated(field<R>("alpha", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.alpha; })),
                  "topics[k].alpha"),
       deprecated(field<R>("tokens", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.tokens; })),
                  "topics[k].tokens"),
       deprecated(field<R>("documentEntropy", JavaType::DoubleArray, "",
                           perTopic([](const T& t) { return t.documentEntropy; })),
                  "topics[k].documentEntropy"),
       deprecated(field<R>("wordLength", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.wordLength; })),
                  "topics[k].wordLength"),
       deprecated(field<R>("coherence", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.coherence; })),
                  "topics[k].coherence"),
       deprecated(field<R>("uniformDist", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.uniformDist; })),
                  "topics[k].uniformDist"),
       deprecated(field<R>("corpusDist", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.corpusDist; })),
                  "topics[k].corpusDist"),
       deprecated(field<R>("effectiveNumWords", JavaType::DoubleArray, "",
                           perTopic([](const T& t) { return t.effectiveNumWords; })),
                  "topics[k].effNumWords"),
       deprecated(field<R>("tokenDocDiff", JavaType::DoubleArray, "",
                           perTopic([](const T& t) { return t.tokenDocDiff; })),
                  "topics[k].tokenDocDiff"),
       deprecated(field<R>("rank1Documents", JavaType::DoubleArray, "",
                           perTopic([](const T& t) { return t.rank1Documents; })),
                  "topics[k].rank1Docs"),
       deprecated(field<R>("allocationRatio", JavaType::DoubleArray, "",
                           perTopic([](const T& t) { return t.allocationRatio; })),
                  "topics[k].allocationRatio"),
       deprecated(field<R>("allocationCount", JavaType::DoubleArray, "",
                           perTopic([](const T& t) { return t.allocationCount; })),
                  "topics[k].allocationCount"),
       deprecated(field<R>("exclusivity", JavaType::DoubleArray, "", perTopic([](const T& t) { return t.exclusivity; })),
                  "topics[k].exclusivity"),
       deprecated(field<R>("words", JavaType::StringMatrix, "", perTopic([](const T& t) {
                    std::vector<std::string> words;
                    for (const W& w : t.words) words.push_back(w.word);
                    return words;
                  })),
                  "topics[k].words[i].word")}};
  return described;
}

inline const ResultClass& comparisonClass() {
  using namespace describe;
  using R = CompareResult;
  using D = ComparedDocument;
  static const ResultClass input{
      "Comparison.Input",
      "The documents: their path (or \"documents in memory\") and count.",
      {field<R>("path", JavaType::String, "", [](const R& r) { return r.input; }),
       field<R>("documents", JavaType::Long, "", [](const R& r) { return whole(r.documents); })}};
  static const ResultClass estimator{
      "Comparison.EstimatorReport",
      "ratio-AIS as run.",
      {field<R>("name", JavaType::String, "", [](const R&) { return std::string("ratio-ais"); }),
       field<R>("path", JavaType::String, "The annealing path: geometric or convex.", [](const R& r) { return r.path; }),
       field<R>("direction", JavaType::String, "forward (B to A), reverse (A to B) or both.",
                [](const R& r) { return r.direction; }),
       field<R>("temperatures", JavaType::Long, "", [](const R& r) { return int64_t{r.temperatures}; }),
       field<R>("burnIn", JavaType::Long, "", [](const R& r) { return int64_t{r.burnIn}; }),
       field<R>("samples", JavaType::Long, "", [](const R& r) { return int64_t{r.samples}; }),
       field<R>("seed", JavaType::Long, "", [](const R& r) { return whole(r.seed); }),
       field<R>("alignedTopics", JavaType::Boolean, "B's topics were reordered to match A's.",
                [](const R& r) { return r.alignedTopics; })}};
  static const ResultClass summary{
      "Comparison.Summary",
      "The totals over the documents, in nats: log p(w | A) - log p(w | B).",
      {field<R>("logRatio", JavaType::Double, "", [](const R& r) { return r.logRatio; }),
       field<R>("logRatioSe", JavaType::Double, "NaN with one sample.", [](const R& r) { return r.logRatioError; }),
       field<R>("perplexityRatio", JavaType::Double, "The perplexity under A over that under B.",
                [](const R& r) { return r.perplexityRatio; }),
       field<R>("logRatioInterval", JavaType::DoubleArray,
                "{low, high}: where the true total log ratio lies, the annealing's bias included.",
                [](const R& r) { return intervalArray(r.logRatioInterval); }),
       field<R>("perTokenRatioInterval", JavaType::DoubleArray, "The same per scored token.",
                [](const R& r) { return intervalArray(r.perTokenRatioInterval); }),
       field<R>("intervalConfidence", JavaType::Double, "", [](const R&) { return topiceval::kIntervalConfidence; }),
       field<R>("tooCloseToCall", JavaType::Boolean, "The interval holds 0.", [](const R& r) { return r.tooCloseToCall; }),
       field<R>("documents", JavaType::Long, "", [](const R& r) { return whole(r.documents); }),
       field<R>("tokens", JavaType::Long, "Tokens scored.", [](const R& r) { return whole(r.scoredTokens); }),
       field<R>("unseenWords", JavaType::String, "", [](const R& r) { return std::string(spellingOf(r.unseenWords)); }),
       field<R>("directionsPairedStatistic", JavaType::BoxedDouble,
                "Direction both: the mean disagreement over its error; null otherwise.",
                [](const R& r) {
                  return output::bothDirections(r) ? JavaValue(r.directionsPairedStatistic) : JavaValue();
                }),
       field<R>("wallSeconds", JavaType::Double, "", [](const R& r) { return r.seconds; }),
       field<R>("threads", JavaType::Long, "", [](const R& r) { return int64_t{r.threads}; })}};
  static const ResultClass document{
      "Comparison.ComparedDocument",
      "One document's log ratio (a row of the command line's document table).",
      {field<D>("name", JavaType::String, "", [](const D& d) { return d.name; }),
       field<D>("tokens", JavaType::Long, "Tokens scored.", [](const D& d) { return whole(d.tokens); }),
       field<D>("skipped", JavaType::Long, "Tokens skipped as unseen words.", [](const D& d) { return whole(d.skipped); }),
       field<D>("logratio", JavaType::Double, "log p(w | A) - log p(w | B).", [](const D& d) { return d.logRatio; }),
       field<D>("logratioSe", JavaType::Double, "NaN with one sample.", [](const D& d) { return d.logRatioError; }),
       field<D>("perplexityRatio", JavaType::Double, "", [](const D& d) { return d.perplexityRatio; }),
       field<D>("logratioForward", JavaType::Double, "Direction both: the forward estimate.",
                [](const D& d) { return d.forward; }),
       field<D>("logratioReverse", JavaType::Double, "Direction both: the reverse estimate.",
                [](const D& d) { return d.reverse; }),
       field<D>("disagree", JavaType::Boolean, "Direction both: the directions differ by more than 3 standard errors.",
                [](const D& d) { return d.directionsDisagree; })}};
  static const ResultClass described{
      "Comparison",
      "What {@link TopicEvaluator#compare} returns, named as {@code topiceval compare --format json} names its keys "
      "(in camelCase).",
      {object<R>("modelA", modelReportClass(), "", [](const R& r) { return &r.modelA; }),
       object<R>("modelB", modelReportClass(), "", [](const R& r) { return &r.modelB; }),
       section<R>("input", input, ""), section<R>("estimator", estimator, ""), section<R>("summary", summary, ""),
       objects<R>(
           "documents", document, "In input order.", [](const R& r) -> const auto& { return r.ratios; }),
       field<R>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const R& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.warnings) list.push_back(javaText(warning.text));
                  return list;
                })}};
  return described;
}

// curve's states as rows of the result: each state's figures are spread over
// the result's arrays, so a row is the result and a place in it.
struct CurveState {
  const CurveResult* result;
  std::size_t index;
};
struct CurveRows {
  explicit CurveRows(const CurveResult& curve) : result(curve) {
    for (std::size_t i = 0; i < curve.models.size(); ++i) states.push_back({&curve, i});
  }
  CurveRows(const CurveRows&) = delete;
  CurveRows& operator=(const CurveRows&) = delete;
  const CurveResult& result;
  std::vector<CurveState> states;
};

inline const ResultClass& curveClass() {
  using namespace describe;
  using R = CurveRows;
  using S = CurveState;
  static const ResultClass input{
      "Curve.Input",
      "The documents: their path (or \"documents in memory\"), count, and the tokens every model scores.",
      {field<R>("path", JavaType::String, "", [](const R& r) { return r.result.input; }),
       field<R>("documents", JavaType::Long, "", [](const R& r) { return whole(r.result.documents); }),
       field<R>("scoredTokens", JavaType::Long, "", [](const R& r) { return whole(r.result.scoredTokens); })}};
  static const ResultClass estimator{
      "Curve.EstimatorReport",
      "iteration-AIS as run: one annealing chain per document.",
      {field<R>("name", JavaType::String, "", [](const R&) { return std::string("iteration-ais"); }),
       field<R>("temperatures", JavaType::Long, "Annealing steps per segment.",
                [](const R& r) { return int64_t{r.result.temperatures}; }),
       field<R>("seed", JavaType::Long, "", [](const R& r) { return whole(r.result.seed); }),
       field<R>("stochastic", JavaType::Boolean, "", [](const R&) { return true; }),
       field<R>("runs", JavaType::Long, "", [](const R&) { return int64_t{1}; })}};
  static const ResultClass state{
      "Curve.State",
      "One model of the run, in training order.",
      {field<S>("path", JavaType::String, "Its name when it was given one, else its path, or \"model N\".",
                [](const S& s) { return s.result->models[s.index].path; }),
       field<S>("iteration", JavaType::Long, "From its name NAME.ITERATION when every name has one; -1 otherwise.",
                [](const S& s) {
                  return output::curveNumbered(*s.result) ? static_cast<int64_t>(*s.result->iterations[s.index])
                                                          : int64_t{-1};
                }),
       field<S>("loglik", JavaType::Double, "log p(held-out documents | this model), in nats.",
                [](const S& s) { return s.result->totals[s.index]; }),
       field<S>("perToken", JavaType::Double, "", [](const S& s) { return output::curvePerToken(*s.result, s.index); }),
       field<S>("perplexity", JavaType::Double, "",
                [](const S& s) { return std::exp(-output::curvePerToken(*s.result, s.index)); })}};
  static const ResultClass described{
      "Curve",
      "What {@link TopicEvaluator#curve} returns, named as {@code topiceval curve --format json} names its keys "
      "(in camelCase), and each model's kind, topics and types.",
      {section<R>("input", input, ""), section<R>("estimator", estimator, ""),
       objects<R>(
           "states", state, "In training order.", [](const R& r) -> const auto& { return r.states; }),
       objects<R>(
           "models", modelReportClass(), "The states' models, in the same order.",
           [](const R& r) -> const auto& { return r.result.models; }),
       field<R>("wallSeconds", JavaType::Double, "", [](const R& r) { return r.result.seconds; }),
       field<R>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const R& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.result.warnings) list.push_back(javaText(warning.text));
                  return list;
                })}};
  return described;
}

inline const ResultClass& browseClass() {
  using namespace describe;
  using R = BrowseResult;
  using M = BrowseModel;
  static const ResultClass model{
      "Browse.Model",
      "One model as the page shows it: LDAvis's numbers per topic (in the model's own topic order), the terms the "
      "page holds, and the table's figures.",
      {field<M>("name", JavaType::String, "", [](const M& m) { return m.name; }),
       field<M>("description", JavaType::String, "", [](const M& m) { return m.description; }),
       field<M>("topics", JavaType::Long, "", [](const M& m) { return int64_t{m.topics}; }),
       field<M>("vocabulary", JavaType::Long, "", [](const M& m) { return static_cast<int64_t>(m.vocabulary); }),
       field<M>("frequency", JavaType::DoubleArray, "LDAvis's topic frequencies.", [](const M& m) { return m.frequency; }),
       field<M>("proportion", JavaType::DoubleArray, "Each topic's share of the tokens.",
                [](const M& m) { return m.proportion; }),
       field<M>("x", JavaType::DoubleArray, "The intertopic map's first coordinate.", [](const M& m) { return m.x; }),
       field<M>("y", JavaType::DoubleArray, "Its second.", [](const M& m) { return m.y; }),
       field<M>("order", JavaType::LongArray, "LDAvis's order: the topic shown first, second...",
                [](const M& m) { return std::vector<int64_t>(m.order.begin(), m.order.end()); }),
       field<M>("terms", JavaType::StringArray, "The words the page holds, by type index.",
                [](const M& m) {
                  std::vector<std::string> words;
                  for (const BrowseTerm& term : m.terms) words.push_back(javaText(term.word));
                  return words;
                }),
       field<M>("salient", JavaType::StringArray, "The most salient words, most salient first.",
                [](const M& m) {
                  std::vector<std::string> words;
                  for (const std::size_t term : m.salient) words.push_back(javaText(m.terms[term].word));
                  return words;
                }),
       field<M>("saliency", JavaType::DoubleArray, "Their saliency.", [](const M& m) { return m.saliency; }),
       field<M>("figureNames", JavaType::StringArray, "The table's figures (its columns).",
                [](const M& m) {
                  std::vector<std::string> names;
                  for (const auto& figure : topiceval::browseFigures(m)) names.push_back(figure.name);
                  return names;
                }),
       field<M>("figures", JavaType::DoubleMatrix, "Each figure's value per topic (NaN where the model lacks it).",
                [](const M& m) {
                  std::vector<std::vector<double>> values;
                  for (const auto& figure : topiceval::browseFigures(m)) values.push_back(figure.values);
                  return values;
                }),
       field<M>("documentsSource", JavaType::String, "Where the typical documents come from (empty: none).",
                [](const M& m) { return m.documentsSource; })}};
  static const ResultClass described{
      "Browse",
      "What {@link TopicEvaluator#browse} returns beside the page it writes, named as {@code topiceval browse "
      "--json} names its keys (in camelCase).",
      {objects<R>("models", model, "", [](const R& r) -> const auto& { return r.models; }),
       field<R>("terms", JavaType::Long, "R: the terms of each bar chart.", [](const R& r) { return int64_t{r.terms}; }),
       field<R>("lambdaGrid", JavaType::DoubleArray, "The slider's values of lambda.",
                [](const R& r) { return r.lambdaGrid; }),
       field<R>("lambdaStart", JavaType::Long, "The slider's first position.",
                [](const R& r) { return static_cast<int64_t>(r.lambdaStart); }),
       field<R>("warnings", JavaType::StringArray, "What the numbers must be read with, one sentence each.",
                [](const R& r) {
                  std::vector<std::string> list;
                  for (const Warning& warning : r.warnings) list.push_back(javaText(warning.text));
                  return list;
                })}};
  return described;
}

// The result classes with a file of their own (each holding its nested classes).
inline std::vector<const ResultClass*> rootResultClasses() {
  return {&evaluationClass(), &selectionClass(), &coherenceClass(), &diagnosticsClass(), &comparisonClass(),
          &curveClass(),      &browseClass()};
}

}  // namespace topiceval::java_results
