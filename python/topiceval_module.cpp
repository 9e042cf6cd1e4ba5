// SPDX-License-Identifier: Apache-2.0
// topiceval._native: the Python extension over the library's public API
// (include/topiceval/, pybind11). It moves arrays and options in and results
// out, releases the GIL while the library computes (interruptible by Ctrl-C),
// and turns the library's errors into the package's error classes with the
// same one-line messages, options named as Python spells them. The Pythonic
// layer (document conversion, result objects, warnings) is topiceval/__init__.py.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <unistd.h>

#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "native/api/model_data.hpp"
#include "native/api/result_checks.hpp"
#include "native/commands/commands.hpp"
#include "native/commands/reference.hpp"
#include "native/output/browse_output.hpp"
#include "native/output/compare_output.hpp"
#include "native/output/evaluation_output.hpp"
#include "native/output/output_file.hpp"
#include "native/output/quality_output.hpp"
#include "native/output/select_output.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/replacing_file.hpp"
#include "python/python_state.hpp"
#include "topiceval/interruptible.hpp"
#include "topiceval/topiceval.hpp"

namespace py = pybind11;

namespace {

using topiceval::Documents;
using topiceval::Model;
using topiceval::Spelling;

using IdArray = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;
using Options = std::map<std::string, std::string>;

// Paths and descriptions the library hands back (words, names and messages
// go through pythonText) as str. Bytes that are not UTF-8 (a file name)
// are kept as os.fsdecode keeps them (surrogateescape), so that a path
// given as bytes comes back the same and nothing raises UnicodeDecodeError.
py::str text(const std::string& value) {
  PyObject* decoded = PyUnicode_DecodeUTF8(value.data(), static_cast<Py_ssize_t>(value.size()), "surrogateescape");
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

// A path as the library takes it: bytes as given (the package passes
// os.fsencode(path)), or str encoded back as os.fsencode would.
bool isPath(const py::handle& value) { return py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value); }

std::string pathOf(const py::handle& value) {
  if (py::isinstance<py::bytes>(value)) return value.cast<std::string>();
  py::object encoded =
      py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogateescape"));
  if (!encoded) throw py::error_already_set();
  return encoded.cast<std::string>();
}

// Writes `path` as the command line writes its outputs (output::OutputFile): the
// target is checked before any work (writable, none of `inputs`), written
// beside it and renamed over it once complete, so that a failed write leaves
// what was there. `what` names the output in messages.
template <class Write>
void writeOutput(const std::string& path, const std::string& what, const std::vector<std::string>& inputs,
                 Write write) {
  const topiceval::ClassicLocale classic;
  topiceval::output::OutputFile file(path, what, inputs, std::cout);
  write(file.stream());
  file.commit();
}

// Python's side of topiceval::runInterruptibly: the work runs without the
// GIL, and a signal (Ctrl-C) raises its Python exception (KeyboardInterrupt)
// once the work has stopped. A new thread starts in the process's locale, so
// the work sets the classic one.
struct PythonHost {
  template <class F>
  auto unlocked(F f) {
    py::gil_scoped_release release;
    return f();
  }
  bool interruptRequested() { return PyErr_CheckSignals() != 0; }
  [[noreturn]] void raiseInterrupt() { throw py::error_already_set(); }
};

template <class Work>
auto runInterruptibly(Work work) {
  PythonHost host;
  return topiceval::runInterruptibly(
      [&work] {
        const topiceval::ClassicLocale numbers;
        return work();
      },
      host);
}

// Words, document names and text that may quote them, as Python strings. They
// need not be UTF-8, which pybind11's own conversion requires (it raises
// UnicodeDecodeError): a MALLET file's lone surrogate (three CESU bytes)
// becomes that surrogate, as Java held it, and a text with other bytes that are
// not UTF-8 has each replaced by U+FFFD (`otherBytes` "replace"), or kept as
// os.fsdecode keeps a file name's ("surrogateescape": a command's output,
// which names the files it was given).
py::str pythonText(const std::string& text, const char* otherBytes = "replace") {
  const auto size = static_cast<py::ssize_t>(text.size());
  PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), size, "surrogatepass");
  if (decoded == nullptr) {
    PyErr_Clear();
    decoded = PyUnicode_DecodeUTF8(text.data(), size, otherBytes);
  }
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

py::list pythonWords(const std::vector<std::string>& words) {
  py::list list;
  for (const std::string& word : words) list.append(pythonText(word));
  return list;
}

py::list pythonWords(const std::vector<std::vector<std::string>>& rows) {
  py::list list;
  for (const auto& row : rows) list.append(pythonWords(row));
  return list;
}

// A command's options as Python gave them (library names, values as text),
// checked by the library; `objects` are the options given as objects.
topiceval::OptionValues optionValues(const std::string& command, const Options& given,
                                     const std::vector<std::string>& objects) {
  std::map<std::string, std::vector<std::string>> values;
  for (const auto& [name, value] : given) values[name] = {value};
  return topiceval::OptionValues(topiceval::commandSpec(command), values, objects);
}

// `bags`: the indices of the documents that are bags of words (the package's _Documents.unordered).
Documents toDocuments(const std::vector<IdArray>& list, const std::vector<std::size_t>& bags = {}) {
  topiceval::DocumentsBuilder builder;
  std::vector<uint8_t> bag(list.size(), 0);
  for (const std::size_t d : bags) {
    if (d < bag.size()) bag[d] = 1;
  }
  for (std::size_t d = 0; d < list.size(); ++d) {
    const IdArray& array = list[d];
    if (array.ndim() != 1)
      throw topiceval::SettingError(
          "documents[" + std::to_string(d) + "]",
          "has " + std::to_string(array.ndim()) + " dimensions, not 1 (a sequence of word ids)");
    const std::span<const int64_t> ids(array.data(), static_cast<std::size_t>(array.shape(0)));
    if (bag[d]) {
      builder.addBag(ids);
    } else {
      builder.add(ids);
    }
  }
  return builder.build();
}

// Documents as the requests take them: a path, or ids in memory.
topiceval::DocumentsSource documentsSource(const py::object& documents) {
  if (isPath(documents)) return pathOf(documents);
  const std::vector<std::size_t> bags = py::hasattr(documents, "unordered")
                                            ? documents.attr("unordered").cast<std::vector<std::size_t>>()
                                            : std::vector<std::size_t>{};
  return toDocuments(documents.cast<std::vector<IdArray>>(), bags);
}

// A model as the requests take it: a path, or a model in memory; `name`, when
// given, is what the outputs call it (else the path, or "model N").
topiceval::ModelSource modelSource(const py::handle& model, std::size_t index, const std::string& name = {}) {
  topiceval::ModelSource source =
      isPath(model) ? topiceval::ModelSource(pathOf(model)) : topiceval::ModelSource(model.cast<Model>());
  source.name = !name.empty() ? name : source.model ? "model " + std::to_string(index + 1) : std::string();
  return source;
}

template <class T>
py::array_t<T> toArray(const std::vector<T>& values) {
  py::array_t<T> array(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), array.mutable_data());
  return array;
}

py::list warningsOf(const std::vector<topiceval::Warning>& warnings) {
  py::list list;
  for (const auto& warning : warnings)
    list.append(py::make_tuple(warning.kind, pythonText(topiceval::respell(warning.text, Spelling::Python))));
  return list;
}

std::shared_ptr<topiceval::EvaluateResult> evaluate(const Model& model, const py::object& documents,
                                                    const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::EvaluateRequest request =
      topiceval::evaluateRequest(optionValues("evaluate", options, {"model", "input"}));
  request.model = model;
  request.documents = documentsSource(documents);
  return std::make_shared<topiceval::EvaluateResult>(runInterruptibly([&] { return topiceval::evaluate(request); }));
}

// ---- Results, bound once ------------------------------------------------------------------------------------
// Every result class is bound through resultClass: picklable (multiprocessing
// sends results between processes) by its C++ struct's whole state
// (python_state.hpp), which topiceval._unpickle gives back to _from_state.
// A restored result is checked as strictly as a fresh one before any of it is
// read: its state value by value (python_state.hpp), then the promises of its
// type (native/api/result_checks.hpp; the module's own views below add theirs),
// each broken one a FormatError naming what was pickled.
template <class T, class... Options>
py::class_<T, Options...> resultClass(py::module_& module, const char* name) {
  py::class_<T, Options...> bound(module, name);
  bound.def("__reduce__", [](const py::object& self) {
    return py::make_tuple(py::module_::import("topiceval").attr("_unpickle"),
                          py::make_tuple(self.attr("__class__"), topiceval::python_state::stateOf(self.cast<const T&>())));
  });
  bound.def_static("_from_state", [source = std::string("a pickled topiceval.") + name](const py::handle& state) {
    T value{};
    topiceval::python_state::restore(state, value, source);
    using topiceval::brokenPromise;
    if (const std::optional<std::string> broken = brokenPromise(value)) throw topiceval::FileError(source, *broken);
    return value;
  });
  return bound;
}

// A view's promise: the result it shows, which must be there.
template <class Held>
std::optional<std::string> heldPromise(const std::shared_ptr<Held>& result) {
  if (!result) return "no result to show";
  using topiceval::brokenPromise;
  return brokenPromise(*result);
}

// Each result struct is bound by one function below, its attributes named as
// the JSON writer names its keys (native/output/*_output.cpp), read-only. Where
// the JSON groups fields of one struct into sections ("input", "summary"...),
// a section is a view over the result it belongs to. Texts that name options
// are respelled for Python here, in the getter.

using EvaluateResultPtr = std::shared_ptr<topiceval::EvaluateResult>;

// A JSON section of an evaluate result: a view that keeps the result alive.
template <int Section>
struct EvaluateView {
  EvaluateResultPtr result;
};
enum : int { kInputSection, kEstimatorSection, kCompletionSection, kUnseenWordsSection, kSummarySection };
template <int Section>
std::optional<std::string> brokenPromise(const EvaluateView<Section>& view) {
  return heldPromise(view.result);
}
using InputView = EvaluateView<kInputSection>;
using EstimatorView = EvaluateView<kEstimatorSection>;
using CompletionView = EvaluateView<kCompletionSection>;
using UnseenWordsView = EvaluateView<kUnseenWordsSection>;
using SummaryView = EvaluateView<kSummarySection>;

// A part of a bound result (a document of it...): a reference that keeps the result alive.
template <class T>
py::object part(const T* value, const py::object& owner) {
  return py::cast(value, py::return_value_policy::reference_internal, owner);
}

py::str pythonMessage(const std::string& message) { return pythonText(topiceval::respell(message, Spelling::Python)); }

py::list pythonMessages(const std::vector<topiceval::Warning>& warnings) {
  py::list list;
  for (const auto& warning : warnings) list.append(pythonMessage(warning.text));
  return list;
}

// JSON's null for a number that is not finite stays NaN here, as numpy has it.
py::object optionalNumber(const std::optional<double>& value) { return value ? py::cast(*value) : py::none(); }
// An interval as Python holds it: (low, high), as JSON's [low, high].
py::tuple intervalTuple(const topiceval::Interval& interval) { return py::make_tuple(interval.low, interval.high); }

void bindModelReport(py::module_& module) {
  resultClass<topiceval::ModelReport>(module, "ModelReport")
      .def_property_readonly("path", [](const topiceval::ModelReport& r) { return text(r.path); })
      .def_property_readonly("kind", [](const topiceval::ModelReport& r) { return text(r.kind); })
      .def_readonly("topics", &topiceval::ModelReport::topics)
      .def_readonly("types", &topiceval::ModelReport::types);
}

// One row of "documents" (the command line's document table).
void bindDocumentEstimate(py::module_& module) {
  using topiceval::DocumentEstimate;
  resultClass<DocumentEstimate>(module, "DocumentEstimate")
      .def_property_readonly("name", [](const DocumentEstimate& d) { return pythonText(d.name); })
      .def_readonly("tokens", &DocumentEstimate::scoredTokens)
      .def_readonly("skipped", &DocumentEstimate::skippedTokens)
      .def_readonly("loglik", &DocumentEstimate::logLikelihood)
      .def_readonly("loglik_se", &DocumentEstimate::standardError)
      .def_readonly("perplexity", &DocumentEstimate::perplexity)
      .def_readonly("effective_runs", &DocumentEstimate::effectiveRuns)
      .def_property_readonly("flag", [](const DocumentEstimate& d) { return topiceval::output::documentFlags(d); })
      .def_readonly("budget", &DocumentEstimate::budget)
      .def_readonly("runs", &DocumentEstimate::runs)
      .def_readonly("site_updates", &DocumentEstimate::siteUpdates)
      // Beyond the JSON: the flag's parts, the tokens conditioned on under completion, each run's estimate.
      .def_readonly("conditioned_tokens", &DocumentEstimate::conditionedTokens)
      .def_readonly("heavy_tailed", &DocumentEstimate::heavyTailed)
      .def_readonly("lognormal", &DocumentEstimate::lognormal)
      .def_readonly("log_mean_bias", &DocumentEstimate::logMeanBias)
      .def_readonly("not_converged", &DocumentEstimate::notConverged)
      .def_readonly("above_target", &DocumentEstimate::aboveTarget)
      .def_property_readonly("run_log_likelihoods",
                             [](const DocumentEstimate& d) { return toArray(d.runLogLikelihoods); });
}

void bindConvergenceVerdict(py::module_& module) {
  using topiceval::ConvergenceVerdict;
  resultClass<ConvergenceVerdict::Step>(module, "ConvergenceStep")
      .def_readonly("budget", &ConvergenceVerdict::Step::budget)
      .def_readonly("log_likelihood", &ConvergenceVerdict::Step::logLikelihood)
      .def_readonly("log_likelihood_se", &ConvergenceVerdict::Step::standardError)
      .def_readonly("documents_not_converged", &ConvergenceVerdict::Step::documentsNotConverged)
      .def_readonly("seconds", &ConvergenceVerdict::Step::seconds);
  resultClass<ConvergenceVerdict>(module, "ConvergenceVerdict")
      .def_readonly("converged", &ConvergenceVerdict::converged)
      .def_property_readonly("budget_setting", [](const ConvergenceVerdict& c) { return text(c.budgetSetting); })
      .def_property_readonly("summary", [](const ConvergenceVerdict& c) { return pythonMessage(c.summary); })
      .def_readonly("last_change", &ConvergenceVerdict::lastChange)
      .def_readonly("last_change_se", &ConvergenceVerdict::lastChangeError)
      .def_readonly("steps", &ConvergenceVerdict::steps)
      .def_readonly("capped", &ConvergenceVerdict::capped)
      .def_readonly("largest_document_change", &ConvergenceVerdict::largestDocumentChange);
}

void bindTargetErrorSummary(py::module_& module) {
  using topiceval::TargetErrorSummary;
  resultClass<TargetErrorSummary::Level>(module, "TargetErrorLevel")
      .def_readonly("budget", &TargetErrorSummary::Level::budget)
      .def_readonly("runs", &TargetErrorSummary::Level::runs)
      .def_readonly("documents", &TargetErrorSummary::Level::documents);
  // The JSON leaves out a target not given; here it is None.
  const auto target = [](double value) { return value > 0.0 ? optionalNumber(value) : py::none(); };
  resultClass<TargetErrorSummary>(module, "TargetErrorSummary")
      .def_property_readonly("per_token", [target](const TargetErrorSummary& t) { return target(t.perToken); })
      .def_property_readonly("per_document", [target](const TargetErrorSummary& t) { return target(t.perDocument); })
      .def_property_readonly("budget_setting", [](const TargetErrorSummary& t) { return text(t.budgetSetting); })
      .def_readonly("start_budget", &TargetErrorSummary::startBudget)
      .def_readonly("budget_cap", &TargetErrorSummary::largestBudget)
      .def_readonly("start_runs", &TargetErrorSummary::startRuns)
      .def_readonly("max_runs", &TargetErrorSummary::largestRuns)
      .def_readonly("rounds", &TargetErrorSummary::rounds)
      .def_readonly("above_target_documents", &TargetErrorSummary::aboveTargetDocuments)
      .def_readonly("by_length", &TargetErrorSummary::byLength)
      .def_readonly("grown_documents", &TargetErrorSummary::grownDocuments)
      .def_property_readonly("summary", [](const TargetErrorSummary& t) { return pythonMessage(t.summary); })
      .def_readonly("levels", &TargetErrorSummary::levels);
}

// The per-document values as numpy columns, named as "documents"' keys.
py::dict documentColumnArrays(const std::vector<topiceval::DocumentEstimate>& documents) {
  std::vector<double> loglik, loglikSe, perplexity, effectiveRuns, logMeanBias;
  std::vector<int64_t> tokens, skipped, conditioned, budget, runs, siteUpdates;
  std::vector<uint8_t> heavy, notConverged, aboveTarget, lognormal;
  py::list names, flags;
  for (const auto& d : documents) {
    loglik.push_back(d.logLikelihood);
    loglikSe.push_back(d.standardError);
    perplexity.push_back(d.perplexity);
    effectiveRuns.push_back(d.effectiveRuns);
    tokens.push_back(static_cast<int64_t>(d.scoredTokens));
    skipped.push_back(static_cast<int64_t>(d.skippedTokens));
    conditioned.push_back(static_cast<int64_t>(d.conditionedTokens));
    budget.push_back(d.budget);
    runs.push_back(d.runs);
    siteUpdates.push_back(static_cast<int64_t>(d.siteUpdates));
    heavy.push_back(d.heavyTailed);
    notConverged.push_back(d.notConverged);
    aboveTarget.push_back(d.aboveTarget);
    lognormal.push_back(d.lognormal);
    logMeanBias.push_back(d.logMeanBias);
    names.append(pythonText(d.name));
    flags.append(topiceval::output::documentFlags(d));
  }
  const auto flagsOf = [](const std::vector<uint8_t>& values) {
    return py::module_::import("numpy").attr("asarray")(toArray(values), "bool");
  };
  py::dict out;
  out["name"] = names;
  out["tokens"] = toArray(tokens);
  out["skipped"] = toArray(skipped);
  out["loglik"] = toArray(loglik);
  out["loglik_se"] = toArray(loglikSe);
  out["perplexity"] = toArray(perplexity);
  out["effective_runs"] = toArray(effectiveRuns);
  out["flag"] = flags;
  out["budget"] = toArray(budget);
  out["runs"] = toArray(runs);
  out["site_updates"] = toArray(siteUpdates);
  out["conditioned_tokens"] = toArray(conditioned);
  out["heavy_tailed"] = flagsOf(heavy);
  out["not_converged"] = flagsOf(notConverged);
  out["above_target"] = flagsOf(aboveTarget);
  out["lognormal"] = flagsOf(lognormal);
  out["log_mean_bias"] = toArray(logMeanBias);
  return out;
}

void bindEvaluateResult(py::module_& module) {
  using topiceval::EvaluateResult;
  resultClass<InputView>(module, "EvaluateInput")
      .def_property_readonly("path", [](const InputView& v) { return text(v.result->input); })
      .def_property_readonly("documents", [](const InputView& v) { return v.result->inputDocuments; })
      .def_property_readonly("tokens", [](const InputView& v) { return v.result->inputTokens; });
  resultClass<CompletionView>(module, "EvaluateCompletion")
      .def_property_readonly(
          "split",
          [](const CompletionView& v) { return std::string(topiceval::spellingOf(v.result->completeDocuments)); })
      .def_property_readonly("conditioned_tokens", [](const CompletionView& v) { return v.result->conditionedTokens; })
      .def_property_readonly("scored_tokens", [](const CompletionView& v) { return v.result->scoredTokens; });
  resultClass<EstimatorView>(module, "EstimatorReport")
      .def_property_readonly("description", [](const EstimatorView& v) { return v.result->estimator.description; })
      .def_property_readonly("stochastic", [](const EstimatorView& v) { return v.result->estimator.stochastic; })
      .def_property_readonly("name", [](const EstimatorView& v) { return v.result->estimator.name; })
      .def_property_readonly("settings",
                             [](const EstimatorView& v) {
                               py::dict settings;
                               for (const auto& [name, value] : v.result->estimator.settings)
                                 settings[py::str(name)] = value;
                               return settings;
                             })
      .def_property_readonly("unbiased", [](const EstimatorView& v) { return v.result->estimator.unbiased; })
      .def_property_readonly("seed", [](const EstimatorView& v) { return v.result->estimator.seed; })
      .def_property_readonly("runs", [](const EstimatorView& v) { return v.result->estimator.runs; })
      .def_property_readonly("completion",
                             [](const EstimatorView& v) {
                               return v.result->completeDocuments == topiceval::DocumentSplit::None
                                          ? py::none()
                                          : py::cast(CompletionView{v.result});
                             })
      .def_property_readonly("error_caveat",
                             [](const EstimatorView& v) { return pythonMessage(v.result->estimator.errorCaveat); })
      .def_property_readonly("run_combination",
                             [](const EstimatorView& v) { return v.result->estimator.runCombination; });
  resultClass<UnseenWordsView>(module, "UnseenWords")
      .def_property_readonly(
          "policy", [](const UnseenWordsView& v) { return std::string(topiceval::spellingOf(v.result->unseenWords)); })
      .def_property_readonly("skipped_tokens", [](const UnseenWordsView& v) { return v.result->unseenSkippedTokens; })
      .def_property_readonly("skipped_types", [](const UnseenWordsView& v) { return v.result->skippedTypes; })
      .def_property_readonly("unseen_types_scored",
                             [](const UnseenWordsView& v) { return v.result->unseenTypesScored; })
      .def_property_readonly("vocabulary_size", [](const UnseenWordsView& v) { return v.result->vocabularySize; });
  resultClass<SummaryView>(module, "EvaluateSummary")
      .def_property_readonly("log_likelihood", [](const SummaryView& v) { return v.result->total; })
      .def_property_readonly("log_likelihood_se", [](const SummaryView& v) { return v.result->totalStandardError; })
      .def_property_readonly("per_token", [](const SummaryView& v) { return v.result->perToken; })
      .def_property_readonly("per_token_se", [](const SummaryView& v) { return v.result->perTokenStandardError; })
      .def_property_readonly("perplexity", [](const SummaryView& v) { return v.result->perplexity; })
      .def_property_readonly("perplexity_se", [](const SummaryView& v) { return v.result->perplexityStandardError; })
      .def_property_readonly("error", [](const SummaryView& v) { return pythonMessage(v.result->errorStatement); })
      .def_property_readonly("log_mean_bias", [](const SummaryView& v) { return v.result->logMeanBias; })
      .def_property_readonly("lognormal_documents", [](const SummaryView& v) { return v.result->lognormalDocuments; })
      .def_property_readonly("interval_unsupported",
                             [](const SummaryView& v) { return pythonMessage(v.result->intervalUnsupported); })
      .def_property_readonly("log_likelihood_interval",
                             [](const SummaryView& v) { return intervalTuple(v.result->logLikelihoodInterval); })
      .def_property_readonly("per_token_interval",
                             [](const SummaryView& v) { return intervalTuple(v.result->perTokenInterval); })
      .def_property_readonly("interval_confidence", [](const SummaryView&) { return topiceval::kIntervalConfidence; })
      .def_property_readonly("heavy_tailed_documents",
                             [](const SummaryView& v) { return v.result->heavyTailedDocuments; })
      .def_property_readonly("documents", [](const SummaryView& v) { return v.result->documents.size(); })
      .def_property_readonly("tokens", [](const SummaryView& v) { return v.result->scoredTokens; })
      .def_property_readonly("skipped_tokens", [](const SummaryView& v) { return v.result->skippedTokens; })
      .def_property_readonly("wall_seconds", [](const SummaryView& v) { return v.result->seconds; })
      .def_property_readonly("threads", [](const SummaryView& v) { return v.result->threads; })
      .def_property_readonly("site_updates", [](const SummaryView& v) { return v.result->siteUpdates; })
      .def_property_readonly("variational_bound",
                             [](const SummaryView& v) { return optionalNumber(v.result->variationalBound); })
      .def_property_readonly("variational_bound_e_step", [](const SummaryView& v) {
        return v.result->variationalBound ? py::cast(v.result->boundMethod) : py::none();
      });
  resultClass<EvaluateResult, std::shared_ptr<EvaluateResult>>(module, "EvaluateResult")
      .def_readonly("model", &EvaluateResult::model)
      .def_property_readonly("input", [](const EvaluateResultPtr& r) { return InputView{r}; })
      .def_property_readonly("estimator", [](const EvaluateResultPtr& r) { return EstimatorView{r}; })
      .def_property_readonly("unseen_words", [](const EvaluateResultPtr& r) { return UnseenWordsView{r}; })
      .def_property_readonly("summary", [](const EvaluateResultPtr& r) { return SummaryView{r}; })
      .def_property_readonly("convergence",
                             [](const py::object& self) {
                               const auto& r = self.cast<const EvaluateResult&>();
                               return r.convergence ? part(&*r.convergence, self) : py::none();
                             })
      .def_property_readonly("target_error",
                             [](const py::object& self) {
                               const auto& r = self.cast<const EvaluateResult&>();
                               return r.target ? part(&*r.target, self) : py::none();
                             })
      .def_property_readonly("documents",
                             [](const py::object& self) {
                               const auto& r = self.cast<const EvaluateResult&>();
                               py::list list;
                               for (const auto& document : r.documents) list.append(part(&document, self));
                               return list;
                             })
      .def_property_readonly("warnings", [](const EvaluateResult& r) { return pythonMessages(r.warnings); })
      .def_property_readonly("columns", [](const EvaluateResult& r) { return documentColumnArrays(r.documents); });
}

// select's rows, bound once, named as `topiceval select --format json` names a model's keys.
void bindRankedModel(py::module_& module) {
  using topiceval::RankedModel;
  using topiceval::TopicQuality;
  resultClass<TopicQuality>(module, "TopicQuality")
      .def_readonly("measure", &TopicQuality::measure)
      .def_readonly("window", &TopicQuality::windowSize)
      .def_readonly("coherence", &TopicQuality::coherence)
      .def_readonly("coherence_se", &TopicQuality::coherenceStandardError)
      .def_readonly("exclusivity", &TopicQuality::exclusivity)
      .def_readonly("frex", &TopicQuality::frex)
      .def_readonly("diversity", &TopicQuality::diversity)
      .def_property_readonly("topic_coherence", [](const TopicQuality& q) { return toArray(q.topicCoherence); })
      .def_property_readonly("top_words", [](const TopicQuality& q) { return pythonWords(q.topWords); });
  using topiceval::TopicNumberFigure;
  resultClass<TopicNumberFigure>(module, "TopicNumberFigure")
      .def_readonly("name", &TopicNumberFigure::name)
      .def_readonly("better", &TopicNumberFigure::better)
      .def_readonly("value", &TopicNumberFigure::value)
      .def_readonly("se", &TopicNumberFigure::standardError)
      .def_property_readonly("per_topic", [](const TopicNumberFigure& f) { return toArray(f.perTopic); });
  using topiceval::SeedGroup;
  resultClass<SeedGroup::Pair>(module, "SeedPair")
      .def_readonly("a", &SeedGroup::Pair::a)
      .def_readonly("b", &SeedGroup::Pair::b)
      .def_readonly("agreement", &SeedGroup::Pair::agreement);
  resultClass<SeedGroup>(module, "SeedGroup")
      .def_readonly("topics", &SeedGroup::topics)
      .def_property_readonly("runs",
                             [](const SeedGroup& g) {
                               py::list runs;
                               for (const std::string& run : g.runs) runs.append(text(run));
                               return runs;
                             })
      .def_readonly("pairs", &SeedGroup::pairs)
      .def_property_readonly("topic_agreement",
                             [](const SeedGroup& g) {
                               py::list runs;
                               for (const auto& run : g.topicAgreement) runs.append(toArray(run));
                               return runs;
                             })
      .def_readonly("agreement", &SeedGroup::agreement)
      .def_readonly("agreement_sd", &SeedGroup::agreementSd)
      .def_readonly("agreement_min", &SeedGroup::agreementMin)
      .def_readonly("agreement_max", &SeedGroup::agreementMax)
      .def_readonly("per_token", &SeedGroup::perToken)
      .def_readonly("per_token_spread", &SeedGroup::perTokenSpread)
      .def_readonly("per_token_error", &SeedGroup::perTokenError)
      .def_readonly("next_topics", &SeedGroup::nextTopics)
      .def_readonly("difference_to_next", &SeedGroup::differenceToNext)
      .def_readonly("difference_to_next_se", &SeedGroup::differenceToNextError)
      .def_readonly("exceeds_retraining", &SeedGroup::exceedsRetraining);
  resultClass<RankedModel>(module, "RankedModel")
      .def_property_readonly("path", [](const RankedModel& m) { return text(m.model.path); })
      .def_property_readonly("kind", [](const RankedModel& m) { return text(m.model.kind); })
      .def_property_readonly("topics", [](const RankedModel& m) { return m.model.topics; })
      .def_readonly("tokens", &RankedModel::scoredTokens)
      .def_readonly("own_skipped_tokens", &RankedModel::ownSkippedTokens)
      .def_readonly("total", &RankedModel::total)
      .def_readonly("total_se", &RankedModel::totalStandardError)
      .def_readonly("per_token", &RankedModel::perToken)
      .def_readonly("per_token_se", &RankedModel::perTokenStandardError)
      .def_readonly("perplexity", &RankedModel::perplexity)
      .def_readonly("difference_to_best", &RankedModel::difference)
      .def_readonly("difference_se", &RankedModel::differenceError)
      .def_readonly("verdict", &RankedModel::verdict)
      .def_readonly("log_mean_bias", &RankedModel::logMeanBias)
      .def_property_readonly("interval_unsupported",
                             [](const RankedModel& m) { return pythonMessage(m.intervalUnsupported); })
      .def_property_readonly("total_interval", [](const RankedModel& m) { return intervalTuple(m.totalInterval); })
      .def_property_readonly("per_token_interval",
                             [](const RankedModel& m) { return intervalTuple(m.perTokenInterval); })
      .def_property_readonly("difference_interval",
                             [](const RankedModel& m) { return intervalTuple(m.differenceInterval); })
      .def_property_readonly("too_close_to_call", [](const RankedModel& m) { return m.verdict == topiceval::kTooCloseVerdict; })
      .def_property_readonly("quality",
                             [](const py::object& self) {
                               const auto& m = self.cast<const RankedModel&>();
                               return m.quality ? part(&*m.quality, self) : py::none();
                             })
      .def_property_readonly("figures",
                             [](const py::object& self) {
                               py::list figures;
                               for (const auto& figure : self.cast<const RankedModel&>().figures)
                                 figures.append(part(&figure, self));
                               return figures;
                             })
      // Beyond the JSON: the model's types, and its documents' values as numpy columns (Result.columns' names).
      .def_property_readonly("types", [](const RankedModel& m) { return m.model.types; })
      .def_property_readonly("documents", [](const RankedModel& m) { return documentColumnArrays(m.documents); });
}

std::shared_ptr<topiceval::EvaluateTopicsResult> evaluateTopics(const Model& model, const py::object& documents,
                                                                const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::EvaluateTopicsRequest request =
      topiceval::evaluateTopicsRequest(optionValues("evaluate-topics", options, {}));
  request.model = model;
  request.documents = documentsSource(documents);
  return std::make_shared<topiceval::EvaluateTopicsResult>(
      runInterruptibly([&] { return topiceval::evaluateTopics(request); }));
}

// evaluate-topics' result, bound once. MALLET's command writes no JSON: the names are the ones the package has
// always given (log_likelihood per document, total, seed), then the command line's summary's.
void bindEvaluateTopicsResult(py::module_& module) {
  using topiceval::EvaluateTopicsResult;
  resultClass<EvaluateTopicsResult, std::shared_ptr<EvaluateTopicsResult>>(module, "MalletResult")
      .def_property_readonly("log_likelihood",
                             [](const EvaluateTopicsResult& r) { return toArray(r.documentLogLikelihoods); })
      .def_readonly("total", &EvaluateTopicsResult::total)
      .def_readonly("seed", &EvaluateTopicsResult::seed)
      .def_readonly("documents", &EvaluateTopicsResult::documents)
      .def_readonly("tokens", &EvaluateTopicsResult::tokens)
      .def_readonly("sampling_errors", &EvaluateTopicsResult::samplingErrors)
      .def_readonly("site_updates", &EvaluateTopicsResult::siteUpdates)
      .def_readonly("threads", &EvaluateTopicsResult::threads);
}

py::dict inferTopics(const Model& model, const py::object& documents, const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::InferTopicsRequest request = topiceval::inferTopicsRequest(optionValues("infer-topics", options, {}));
  request.model = model;
  request.documents = documentsSource(documents);
  const topiceval::InferTopicsResult result = runInterruptibly([&] { return topiceval::inferTopics(request); });
  py::array_t<double> proportions(
      {static_cast<py::ssize_t>(result.documents), static_cast<py::ssize_t>(result.topics)});
  std::copy(result.proportions.begin(), result.proportions.end(), proportions.mutable_data());
  py::dict out;
  out["proportions"] = proportions;
  out["names"] = pythonWords(result.names);
  out["seed"] = result.seed;
  return out;
}

// Reference texts for topic quality: None (the default), a path, or (id
// arrays, their words).
std::optional<topiceval::DocumentsSource> referenceTexts(const py::object& texts) {
  if (texts.is_none()) return std::nullopt;
  if (isPath(texts)) return topiceval::DocumentsSource(pathOf(texts));
  const auto pair = texts.cast<py::tuple>();
  return topiceval::DocumentsSource(
      toDocuments(pair[0].cast<std::vector<IdArray>>()).withWords(pair[1].cast<std::vector<std::string>>()));
}

// select's whole result, kept for its HTML report (the command line's --report), written on request; `inputs`:
// the files the report must never replace.
struct SelectReport {
  std::shared_ptr<const topiceval::SelectResult> result;
  std::vector<std::string> inputs;
};
std::optional<std::string> brokenPromise(const SelectReport& report) { return heldPromise(report.result); }

void bindSelectReport(py::module_& module) {
  resultClass<SelectReport>(module, "SelectReport").def("write", [](const SelectReport& report, const py::object& path) {
    writeOutput(pathOf(path), "write_html", report.inputs,
                [&](std::ostream& stream) { topiceval::output::writeSelectReport(stream, *report.result); });
  });
}

py::dict selectModels(const py::list& models, const std::vector<std::string>& names, const py::object& documents,
                      const py::object& coherenceTexts, const py::object& reportPath, const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::SelectRequest request = topiceval::selectRequest(optionValues("select", options, {"model", "input"}));
  for (std::size_t m = 0; m < models.size(); ++m)
    request.models.push_back(modelSource(models[m], m, m < names.size() ? names[m] : std::string()));
  request.documents = documentsSource(documents);
  if (auto texts = referenceTexts(coherenceTexts)) request.coherenceTexts = std::move(*texts);
  // The files the report must not replace, and the report opened before the work, as the command line does.
  std::vector<std::string> inputs{request.documents.path, request.coherenceTexts.path, request.coherenceReference};
  for (const auto& source : request.models) inputs.push_back(source.path);
  std::optional<topiceval::output::OutputFile> report;
  if (!reportPath.is_none()) report.emplace(pathOf(reportPath), "report", inputs, std::cout);
  auto result =
      std::make_shared<const topiceval::SelectResult>(runInterruptibly([&] { return topiceval::select(request); }));
  if (report) {
    const topiceval::ClassicLocale classic;
    topiceval::output::writeSelectReport(report->stream(), *result);
    report->commit();
  }
  py::list ranked;
  for (const topiceval::RankedModel& model : result->models) ranked.append(py::cast(model));
  py::dict out;
  out["models"] = ranked;
  py::list groups;
  for (const topiceval::SeedGroup& group : result->seedGroups) groups.append(py::cast(group));
  out["seed_groups"] = groups;
  out["stability_words"] = result->stabilityWords;
  out["quality_reference"] = text(result->qualityReference);
  out["input"] = text(result->input);
  out["documents"] = result->documents;
  out["tokens"] = result->tokens;
  out["scored_tokens"] = result->sharedTokens;
  out["unseen_words"] = std::string(topiceval::spellingOf(result->unseenWords));
  out["estimator"] = result->estimatorDescription;
  out["stochastic"] = result->stochastic;
  out["unbiased"] = result->unbiased;
  out["seed"] = result->seed;
  out["runs"] = result->runs;
  out["seconds"] = result->seconds;
  out["warnings"] = warningsOf(result->warnings);
  out["report"] = SelectReport{result, inputs};
  return out;
}

// ---- compare's and curve's results, bound once (as evaluate's above) ----------------------------------------

using CompareResultPtr = std::shared_ptr<topiceval::CompareResult>;
using CurveResultPtr = std::shared_ptr<topiceval::CurveResult>;

// A JSON section of a compare or curve result: a view that keeps the result alive.
template <class Result, int Section>
struct ResultView {
  std::shared_ptr<Result> result;
};
template <class Result, int Section>
std::optional<std::string> brokenPromise(const ResultView<Result, Section>& view) {
  return heldPromise(view.result);
}
enum : int { kCompareInput, kCompareEstimator, kCompareSummary, kCurveInput, kCurveEstimator };
using CompareInputView = ResultView<topiceval::CompareResult, kCompareInput>;
using CompareEstimatorView = ResultView<topiceval::CompareResult, kCompareEstimator>;
using CompareSummaryView = ResultView<topiceval::CompareResult, kCompareSummary>;
using CurveInputView = ResultView<topiceval::CurveResult, kCurveInput>;
using CurveEstimatorView = ResultView<topiceval::CurveResult, kCurveEstimator>;

// One of curve's "states": the model at place `index` of the run.
struct CurveState {
  CurveResultPtr result;
  std::size_t index = 0;
};
std::optional<std::string> brokenPromise(const CurveState& state) {
  if (const auto broken = heldPromise(state.result)) return broken;
  if (state.index >= state.result->models.size())
    return "state " + std::to_string(state.index) + " of " + std::to_string(state.result->models.size());
  return std::nullopt;
}

py::object boolArray(const std::vector<uint8_t>& values) {
  return py::module_::import("numpy").attr("asarray")(toArray(values), "bool");
}

py::dict comparedColumns(const topiceval::CompareResult& result) {
  std::vector<int64_t> tokens, skipped;
  std::vector<double> logRatio, logRatioError, perplexityRatio, forward, reverse;
  std::vector<uint8_t> disagree;
  py::list names;
  for (const auto& document : result.ratios) {
    names.append(pythonText(document.name));
    tokens.push_back(static_cast<int64_t>(document.tokens));
    skipped.push_back(static_cast<int64_t>(document.skipped));
    logRatio.push_back(document.logRatio);
    logRatioError.push_back(document.logRatioError);
    perplexityRatio.push_back(document.perplexityRatio);
    forward.push_back(document.forward);
    reverse.push_back(document.reverse);
    disagree.push_back(document.directionsDisagree);
  }
  py::dict out;
  out["name"] = names;
  out["tokens"] = toArray(tokens);
  out["skipped"] = toArray(skipped);
  out["logratio"] = toArray(logRatio);
  out["logratio_se"] = toArray(logRatioError);
  out["perplexity_ratio"] = toArray(perplexityRatio);
  out["logratio_forward"] = toArray(forward);
  out["logratio_reverse"] = toArray(reverse);
  out["disagree"] = boolArray(disagree);
  return out;
}

void bindCompareResult(py::module_& module) {
  using topiceval::ComparedDocument;
  using topiceval::CompareResult;
  resultClass<ComparedDocument>(module, "ComparedDocument")
      .def_property_readonly("name", [](const ComparedDocument& d) { return pythonText(d.name); })
      .def_readonly("tokens", &ComparedDocument::tokens)
      .def_readonly("skipped", &ComparedDocument::skipped)
      .def_readonly("logratio", &ComparedDocument::logRatio)
      .def_readonly("logratio_se", &ComparedDocument::logRatioError)
      .def_readonly("perplexity_ratio", &ComparedDocument::perplexityRatio)
      // The JSON writes these three only when both directions ran.
      .def_readonly("logratio_forward", &ComparedDocument::forward)
      .def_readonly("logratio_reverse", &ComparedDocument::reverse)
      .def_readonly("disagree", &ComparedDocument::directionsDisagree);
  resultClass<CompareInputView>(module, "CompareInput")
      .def_property_readonly("path", [](const CompareInputView& v) { return text(v.result->input); })
      .def_property_readonly("documents", [](const CompareInputView& v) { return v.result->documents; });
  resultClass<CompareEstimatorView>(module, "CompareEstimator")
      .def_property_readonly("name", [](const CompareEstimatorView&) { return "ratio-ais"; })
      .def_property_readonly("path", [](const CompareEstimatorView& v) { return v.result->path; })
      .def_property_readonly("direction", [](const CompareEstimatorView& v) { return v.result->direction; })
      .def_property_readonly("temperatures", [](const CompareEstimatorView& v) { return v.result->temperatures; })
      .def_property_readonly("burn_in", [](const CompareEstimatorView& v) { return v.result->burnIn; })
      .def_property_readonly("samples", [](const CompareEstimatorView& v) { return v.result->samples; })
      .def_property_readonly("seed", [](const CompareEstimatorView& v) { return v.result->seed; })
      .def_property_readonly("aligned_topics", [](const CompareEstimatorView& v) { return v.result->alignedTopics; });
  resultClass<CompareSummaryView>(module, "CompareSummary")
      .def_property_readonly("log_ratio", [](const CompareSummaryView& v) { return v.result->logRatio; })
      .def_property_readonly("log_ratio_se", [](const CompareSummaryView& v) { return v.result->logRatioError; })
      .def_property_readonly("log_ratio_interval",
                             [](const CompareSummaryView& v) { return intervalTuple(v.result->logRatioInterval); })
      .def_property_readonly("per_token_ratio_interval",
                             [](const CompareSummaryView& v) { return intervalTuple(v.result->perTokenRatioInterval); })
      .def_property_readonly("interval_confidence", [](const CompareSummaryView&) { return topiceval::kIntervalConfidence; })
      .def_property_readonly("too_close_to_call", [](const CompareSummaryView& v) { return v.result->tooCloseToCall; })
      .def_property_readonly("perplexity_ratio", [](const CompareSummaryView& v) { return v.result->perplexityRatio; })
      .def_property_readonly("documents", [](const CompareSummaryView& v) { return v.result->documents; })
      .def_property_readonly("tokens", [](const CompareSummaryView& v) { return v.result->scoredTokens; })
      .def_property_readonly(
          "unseen_words",
          [](const CompareSummaryView& v) { return std::string(topiceval::spellingOf(v.result->unseenWords)); })
      .def_property_readonly("directions_paired_statistic",
                             [](const CompareSummaryView& v) {
                               return topiceval::output::bothDirections(*v.result)
                                          ? py::cast(v.result->directionsPairedStatistic)
                                          : py::none();
                             })
      .def_property_readonly("wall_seconds", [](const CompareSummaryView& v) { return v.result->seconds; })
      .def_property_readonly("threads", [](const CompareSummaryView& v) { return v.result->threads; });
  resultClass<CompareResult, CompareResultPtr>(module, "CompareResult")
      .def_readonly("model_a", &CompareResult::modelA)
      .def_readonly("model_b", &CompareResult::modelB)
      .def_property_readonly("input", [](const CompareResultPtr& r) { return CompareInputView{r}; })
      .def_property_readonly("estimator", [](const CompareResultPtr& r) { return CompareEstimatorView{r}; })
      .def_property_readonly("summary", [](const CompareResultPtr& r) { return CompareSummaryView{r}; })
      .def_property_readonly("documents",
                             [](const py::object& self) {
                               const auto& r = self.cast<const CompareResult&>();
                               py::list list;
                               for (const auto& document : r.ratios) list.append(part(&document, self));
                               return list;
                             })
      .def_property_readonly("warnings", [](const CompareResult& r) { return pythonMessages(r.warnings); })
      .def_property_readonly("columns", [](const CompareResult& r) { return comparedColumns(r); });
}

void bindCurveResult(py::module_& module) {
  using topiceval::CurveResult;
  const auto iteration = [](const CurveResult& r, std::size_t i) {
    return topiceval::output::curveNumbered(r) ? py::cast(*r.iterations[i]) : py::none();
  };
  resultClass<CurveInputView>(module, "CurveInput")
      .def_property_readonly("path", [](const CurveInputView& v) { return text(v.result->input); })
      .def_property_readonly("documents", [](const CurveInputView& v) { return v.result->documents; })
      .def_property_readonly("scored_tokens", [](const CurveInputView& v) { return v.result->scoredTokens; });
  resultClass<CurveEstimatorView>(module, "CurveEstimator")
      .def_property_readonly("name", [](const CurveEstimatorView&) { return "iteration-ais"; })
      .def_property_readonly("temperatures", [](const CurveEstimatorView& v) { return v.result->temperatures; })
      .def_property_readonly("seed", [](const CurveEstimatorView& v) { return v.result->seed; })
      // One annealing chain per document: stochastic, one run (as the JSON says).
      .def_property_readonly("stochastic", [](const CurveEstimatorView&) { return true; })
      .def_property_readonly("runs", [](const CurveEstimatorView&) { return 1; });
  resultClass<CurveState>(module, "CurveState")
      .def_property_readonly("path", [](const CurveState& s) { return text(s.result->models[s.index].path); })
      .def_property_readonly("iteration", [iteration](const CurveState& s) { return iteration(*s.result, s.index); })
      .def_property_readonly("loglik", [](const CurveState& s) { return s.result->totals[s.index]; })
      .def_property_readonly("per_token",
                             [](const CurveState& s) { return topiceval::output::curvePerToken(*s.result, s.index); })
      .def_property_readonly(
          "perplexity",
          [](const CurveState& s) { return std::exp(-topiceval::output::curvePerToken(*s.result, s.index)); })
      // Beyond the JSON: the model itself (kind, topics, types).
      .def_property_readonly("model", [](const CurveState& s) { return s.result->models[s.index]; });
  resultClass<CurveResult, CurveResultPtr>(module, "CurveResult")
      .def_property_readonly("input", [](const CurveResultPtr& r) { return CurveInputView{r}; })
      .def_property_readonly("estimator", [](const CurveResultPtr& r) { return CurveEstimatorView{r}; })
      .def_property_readonly("states",
                             [](const CurveResultPtr& r) {
                               py::list list;
                               for (std::size_t i = 0; i < r->models.size(); ++i) list.append(CurveState{r, i});
                               return list;
                             })
      .def_readonly("wall_seconds", &CurveResult::seconds)
      .def_property_readonly("warnings", [](const CurveResult& r) { return pythonMessages(r.warnings); })
      .def_property_readonly("models",
                             [](const py::object& self) {
                               const auto& r = self.cast<const CurveResult&>();
                               py::list list;
                               for (const auto& model : r.models) list.append(part(&model, self));
                               return list;
                             })
      .def_property_readonly("columns", [iteration](const CurveResult& r) {
        py::list paths, iterations;
        std::vector<double> perToken, perplexity;
        for (std::size_t i = 0; i < r.models.size(); ++i) {
          paths.append(text(r.models[i].path));
          iterations.append(iteration(r, i));
          perToken.push_back(topiceval::output::curvePerToken(r, i));
          perplexity.push_back(std::exp(-perToken.back()));
        }
        py::dict out;
        out["path"] = paths;
        out["iteration"] = iterations;
        out["loglik"] = toArray(r.totals);
        out["per_token"] = toArray(perToken);
        out["perplexity"] = toArray(perplexity);
        return out;
      });
}

CompareResultPtr compare(const py::object& modelA, const py::object& modelB, const std::vector<std::string>& names,
                         const py::object& documents, const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::CompareRequest request =
      topiceval::compareRequest(optionValues("compare", options, {"model-a", "model-b", "input"}));
  request.modelA = modelSource(modelA, 0, names.size() > 0 ? names[0] : std::string());
  request.modelB = modelSource(modelB, 1, names.size() > 1 ? names[1] : std::string());
  request.documents = documentsSource(documents);
  return std::make_shared<topiceval::CompareResult>(runInterruptibly([&] { return topiceval::compare(request); }));
}

CurveResultPtr curve(const py::list& models, const std::vector<std::string>& names, const py::object& documents,
                     const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::CurveRequest request = topiceval::curveRequest(optionValues("curve", options, {"states", "input"}));
  for (std::size_t m = 0; m < models.size(); ++m)
    request.models.push_back(modelSource(models[m], m, m < names.size() ? names[m] : std::string()));
  request.documents = documentsSource(documents);
  return std::make_shared<topiceval::CurveResult>(runInterruptibly([&] { return topiceval::curve(request); }));
}

// ---- diagnostics' result, bound once (as evaluate's), named as `topiceval diagnostics --format json` ----------
// names its keys; a figure's MALLET name ("word-length") as Python spells a name (word_length).

// The result, and the files its MALLET files must never replace (the model's).
struct DiagnosticsBinding {
  topiceval::DiagnosticsResult result;
  std::vector<std::string> inputs;
};
using DiagnosticsPtr = std::shared_ptr<DiagnosticsBinding>;

struct DiagnosticsTopic {
  DiagnosticsPtr owner;
  std::size_t index = 0;
  const topiceval::DiagnosticsResult::Topic& topic() const { return owner->result.topics[index]; }
};

struct DiagnosticsWord {
  DiagnosticsPtr owner;
  std::size_t topicIndex = 0, index = 0;
  const topiceval::DiagnosticsResult::Word& word() const { return owner->result.topics[topicIndex].words[index]; }
};

std::optional<std::string> brokenPromise(const DiagnosticsBinding& binding) {
  return topiceval::brokenPromise(binding.result);
}
std::optional<std::string> brokenPromise(const DiagnosticsTopic& topic) {
  if (const auto broken = heldPromise(topic.owner)) return broken;
  if (topic.index >= topic.owner->result.topics.size())
    return "topic " + std::to_string(topic.index) + " of " + std::to_string(topic.owner->result.topics.size());
  return std::nullopt;
}
std::optional<std::string> brokenPromise(const DiagnosticsWord& word) {
  if (const auto broken = brokenPromise(DiagnosticsTopic{word.owner, word.topicIndex})) return broken;
  const std::size_t words = word.owner->result.topics[word.topicIndex].words.size();
  if (word.index >= words) return "word " + std::to_string(word.index) + " of " + std::to_string(words);
  return std::nullopt;
}

std::string pythonFigureName(const char* name) {
  std::string spelled = name;
  for (char& c : spelled) c = c == '-' ? '_' : c;
  return spelled;
}

// The topics' figures as numpy columns, and one row per top word (the figures of earlier releases' dicts).
std::pair<py::dict, py::dict> diagnosticsColumns(const topiceval::DiagnosticsResult& result) {
  std::map<std::string, std::vector<double>> topicColumns, wordColumns;
  std::vector<int64_t> wordTopic, rank, type, count, documents;
  std::vector<std::string> words;
  for (std::size_t k = 0; k < result.topics.size(); ++k) {
    const auto& topic = result.topics[k];
    topicColumns["alpha"].push_back(topic.alpha);
    for (const auto& [name, value] : topiceval::output::topicFigures(topic))
      topicColumns[pythonFigureName(name)].push_back(value);
    for (std::size_t i = 0; i < topic.words.size(); ++i) {
      const auto& word = topic.words[i];
      wordTopic.push_back(static_cast<int64_t>(k));
      rank.push_back(static_cast<int64_t>(i + 1));
      words.push_back(word.word);
      type.push_back(word.type);
      count.push_back(word.count);
      documents.push_back(word.documents);
      for (const auto& [name, value] : topiceval::output::wordFigures(word))
        wordColumns[pythonFigureName(name)].push_back(value);
    }
  }
  py::dict topics, wordTable;
  for (const auto& [name, values] : topicColumns) topics[name.c_str()] = toArray(values);
  wordTable["topic"] = toArray(wordTopic);
  wordTable["rank"] = toArray(rank);
  wordTable["word"] = pythonWords(words);
  wordTable["type"] = toArray(type);
  wordTable["count"] = toArray(count);
  wordTable["docs"] = toArray(documents);
  for (const auto& [name, values] : wordColumns) wordTable[name.c_str()] = toArray(values);
  return {topics, wordTable};
}

void bindDiagnostics(py::module_& module) {
  using topiceval::DiagnosticsResult;
  // Names live as long as the module: pybind11 keeps pointers to them.
  static std::vector<std::string> topicNames, wordNames;
  auto word = resultClass<DiagnosticsWord>(module, "DiagnosticsWord");
  word.def_property_readonly("rank", [](const DiagnosticsWord& w) { return w.index + 1; })
      .def_property_readonly("word", [](const DiagnosticsWord& w) { return pythonText(w.word().word); })
      .def_property_readonly("type", [](const DiagnosticsWord& w) { return w.word().type; })
      .def_property_readonly("count", [](const DiagnosticsWord& w) { return w.word().count; })
      .def_property_readonly("docs", [](const DiagnosticsWord& w) {
        return w.word().documents >= 0 ? py::cast(w.word().documents) : py::none();  // the JSON leaves it out
      });
  const auto wordFigures = topiceval::output::wordFigures(DiagnosticsResult::Word{});
  for (std::size_t f = 0; f < wordFigures.size(); ++f) wordNames.push_back(pythonFigureName(wordFigures[f].first));
  for (std::size_t f = 0; f < wordFigures.size(); ++f)
    word.def_property_readonly(wordNames[f].c_str(), [f](const DiagnosticsWord& w) {
      return topiceval::output::wordFigures(w.word())[f].second;
    });
  auto topic = resultClass<DiagnosticsTopic>(module, "DiagnosticsTopic");
  topic.def_property_readonly("topic", [](const DiagnosticsTopic& t) { return t.index; })
      .def_property_readonly("alpha", [](const DiagnosticsTopic& t) { return t.topic().alpha; })
      .def_property_readonly("words", [](const DiagnosticsTopic& t) {
        py::list list;
        for (std::size_t i = 0; i < t.topic().words.size(); ++i) list.append(DiagnosticsWord{t.owner, t.index, i});
        return list;
      });
  const auto topicFigures = topiceval::output::topicFigures(DiagnosticsResult::Topic{});
  for (std::size_t f = 0; f < topicFigures.size(); ++f) topicNames.push_back(pythonFigureName(topicFigures[f].first));
  for (std::size_t f = 0; f < topicFigures.size(); ++f)
    topic.def_property_readonly(topicNames[f].c_str(), [f](const DiagnosticsTopic& t) {
      return topiceval::output::topicFigures(t.topic())[f].second;
    });
  resultClass<DiagnosticsBinding, DiagnosticsPtr>(module, "Diagnostics")
      .def_property_readonly("model", [](const DiagnosticsBinding& b) { return text(b.result.modelDescription); })
      .def_property_readonly("from_documents", [](const DiagnosticsBinding& b) { return b.result.fromDocuments; })
      .def_property_readonly("num_top_words", [](const DiagnosticsBinding& b) { return b.result.numTopWords; })
      .def_property_readonly("vocabulary_size", [](const DiagnosticsBinding& b) { return b.result.vocabularySize; })
      .def_property_readonly("documents", [](const DiagnosticsBinding& b) { return b.result.documents; })
      .def_property_readonly("tokens", [](const DiagnosticsBinding& b) { return b.result.tokens; })
      .def_property_readonly("topics",
                             [](const DiagnosticsPtr& b) {
                               py::list list;
                               for (std::size_t k = 0; k < b->result.topics.size(); ++k)
                                 list.append(DiagnosticsTopic{b, k});
                               return list;
                             })
      .def_property_readonly("warnings", [](const DiagnosticsBinding& b) { return pythonMessages(b.result.warnings); })
      .def_property_readonly("columns", [](const DiagnosticsBinding& b) { return diagnosticsColumns(b.result).first; })
      .def_property_readonly("word_columns",
                             [](const DiagnosticsBinding& b) { return diagnosticsColumns(b.result).second; })
      // MALLET's files, written on request from the result kept here.
      .def("_write", [](const DiagnosticsBinding& b, const std::string& file, const py::object& path) {
        writeOutput(pathOf(path), "write_" + file, b.inputs, [&](std::ostream& stream) {
          if (file == "xml") {
            topiceval::writeDiagnosticsXml(stream, b.result);
          } else if (file == "topic_keys") {
            topiceval::writeTopicKeys(stream, b.result);
          } else if (file == "topic_word_weights") {
            topiceval::writeTopicWordWeights(stream, b.result);
          } else {
            topiceval::writeWordTopicCounts(stream, b.result);
          }
        });
      });
}

DiagnosticsPtr diagnostics(const py::object& model, const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::DiagnosticsRequest request =
      topiceval::diagnosticsRequest(optionValues("diagnostics", options, {"model"}));
  request.model = modelSource(model, 0);
  auto bound = std::make_shared<DiagnosticsBinding>();
  bound->result = runInterruptibly([&] { return topiceval::diagnostics(request); });
  bound->inputs = {request.model.path};
  return bound;
}

// Coherence: texts are None (the model's training documents), a path, or
// (id arrays, their words).
std::shared_ptr<topiceval::CoherenceResult> coherence(const py::object& model, const py::object& texts,
                                                      const Options& options,
                                                      const std::vector<std::vector<std::string>>& topics,
                                                      const std::vector<std::string>& dictionary) {
  const topiceval::ClassicLocale numbers;
  topiceval::CoherenceRequest request = topiceval::coherenceRequest(optionValues("coherence", options, {"model"}));
  request.model = modelSource(model, 0);
  if (auto reference = referenceTexts(texts)) request.texts = std::move(*reference);
  request.topics = topics;
  request.dictionary = dictionary;
  return std::make_shared<topiceval::CoherenceResult>(runInterruptibly([&] { return topiceval::coherence(request); }));
}

// coherence's result, bound once (as evaluate's), named as `topiceval coherence --format json` names its keys.
void bindCoherenceResult(py::module_& module) {
  using topiceval::CoherenceResult;
  using Measure = CoherenceResult::Measure;
  resultClass<Measure>(module, "CoherenceMeasure")
      .def_readonly("measure", &Measure::name)
      .def_readonly("window", &Measure::windowSize)
      .def_readonly("mean", &Measure::mean)
      .def_readonly("mean_standard_error", &Measure::meanStandardError)
      .def_property_readonly("per_topic", [](const Measure& m) { return toArray(m.perTopic); })
      .def_property_readonly("per_topic_standard_error",
                             [](const Measure& m) { return toArray(m.perTopicStandardError); });
  resultClass<CoherenceResult, std::shared_ptr<CoherenceResult>>(module, "CoherenceResult")
      .def_property_readonly("reference", [](const CoherenceResult& r) { return text(r.reference); })
      .def_readonly("reference_documents", &CoherenceResult::referenceDocuments)
      .def_readonly("reference_tokens", &CoherenceResult::referenceTokens)
      .def_readonly("bootstrap", &CoherenceResult::bootstrap)
      .def_property_readonly("measures",
                             [](const py::object& self) {
                               const auto& r = self.cast<const CoherenceResult&>();
                               py::list list;
                               for (const auto& measure : r.measures) list.append(part(&measure, self));
                               return list;
                             })
      .def_property_readonly("exclusivity", [](const CoherenceResult& r) { return toArray(r.exclusivity); })
      .def_readonly("mean_exclusivity", &CoherenceResult::meanExclusivity)
      .def_property_readonly("frex", [](const CoherenceResult& r) { return toArray(r.frex); })
      .def_readonly("mean_frex", &CoherenceResult::meanFrex)
      .def_readonly("diversity", &CoherenceResult::diversity)
      .def_property_readonly("topics", [](const CoherenceResult& r) { return pythonWords(r.topics); })
      .def_property_readonly("warnings", [](const CoherenceResult& r) { return pythonMessages(r.warnings); });
}

// ---- browse's result, bound once, named as `topiceval browse --json` names its keys -----------------------

using BrowseResultPtr = std::shared_ptr<topiceval::BrowseResult>;

// One model of a browse result: a view that keeps the result alive.
struct BrowseModelView {
  BrowseResultPtr result;
  std::size_t index = 0;
  const topiceval::BrowseModel& model() const { return result->models[index]; }
};

std::optional<std::string> brokenPromise(const BrowseModelView& view) {
  if (const auto broken = heldPromise(view.result)) return broken;
  if (view.index >= view.result->models.size())
    return "model " + std::to_string(view.index) + " of " + std::to_string(view.result->models.size());
  return std::nullopt;
}

template <class T>
py::array_t<int64_t> wholeArray(const std::vector<T>& values) {
  py::array_t<int64_t> array(static_cast<py::ssize_t>(values.size()));
  std::transform(values.begin(), values.end(), array.mutable_data(), [](T value) { return static_cast<int64_t>(value); });
  return array;
}

void bindBrowseResult(py::module_& module) {
  using topiceval::BrowseModel;
  using topiceval::BrowseResult;
  resultClass<BrowseModelView>(module, "BrowseModel")
      .def_property_readonly("name", [](const BrowseModelView& v) { return text(v.model().name); })
      .def_property_readonly("description", [](const BrowseModelView& v) { return text(v.model().description); })
      .def_property_readonly("topics", [](const BrowseModelView& v) { return v.model().topics; })
      .def_property_readonly("vocabulary", [](const BrowseModelView& v) { return v.model().vocabulary; })
      .def_property_readonly("frequency", [](const BrowseModelView& v) { return toArray(v.model().frequency); })
      .def_property_readonly("proportion", [](const BrowseModelView& v) { return toArray(v.model().proportion); })
      .def_property_readonly("x", [](const BrowseModelView& v) { return toArray(v.model().x); })
      .def_property_readonly("y", [](const BrowseModelView& v) { return toArray(v.model().y); })
      .def_property_readonly("order", [](const BrowseModelView& v) { return wholeArray(v.model().order); })
      .def_property_readonly("eigenvalues", [](const BrowseModelView& v) { return toArray(v.model().eigenvalues); })
      .def_property_readonly("terms",
                             [](const BrowseModelView& v) {
                               std::vector<std::string> words;
                               std::vector<int32_t> types;
                               std::vector<double> frequency;
                               py::list topics, tokens, shares;
                               for (const auto& term : v.model().terms) {
                                 words.push_back(term.word);
                                 types.push_back(term.type);
                                 frequency.push_back(term.frequency);
                                 topics.append(wholeArray(term.topics));
                                 tokens.append(toArray(term.tokens));
                                 shares.append(toArray(term.shares));
                               }
                               py::dict columns;
                               columns["word"] = pythonWords(words);
                               columns["type"] = wholeArray(types);
                               columns["frequency"] = toArray(frequency);
                               columns["topics"] = topics;
                               columns["tokens"] = tokens;
                               columns["shares"] = shares;
                               return columns;
                             })
      .def_property_readonly("salient",
                             [](const BrowseModelView& v) {
                               py::list words;
                               for (const std::size_t term : v.model().salient)
                                 words.append(pythonText(v.model().terms[term].word));
                               return words;
                             })
      .def_property_readonly("saliency", [](const BrowseModelView& v) { return toArray(v.model().saliency); })
      .def_property_readonly("topic_terms",
                             [](const BrowseModelView& v) {
                               py::list topics;
                               for (const auto& terms : v.model().topicTerms) {
                                 std::vector<std::string> words;
                                 std::vector<double> logProbability, logLift, frequency;
                                 for (const auto& term : terms) {
                                   words.push_back(v.model().terms[term.term].word);
                                   logProbability.push_back(term.logProbability);
                                   logLift.push_back(term.logLift);
                                   frequency.push_back(term.frequency);
                                 }
                                 py::dict columns;
                                 columns["word"] = pythonWords(words);
                                 columns["log_probability"] = toArray(logProbability);
                                 columns["log_lift"] = toArray(logLift);
                                 columns["frequency"] = toArray(frequency);
                                 topics.append(columns);
                               }
                               return topics;
                             })
      .def_property_readonly("figures",
                             [](const BrowseModelView& v) {
                               py::dict figures;
                               for (const auto& figure : topiceval::browseFigures(v.model())) {
                                 const std::string name = pythonFigureName(figure.name.c_str());
                                 figures[name.c_str()] = toArray(figure.values);
                                 if (!figure.errors.empty()) figures[(name + "_se").c_str()] = toArray(figure.errors);
                               }
                               return figures;
                             })
      .def_property_readonly("documents",
                             [](const BrowseModelView& v) {
                               py::list topics;
                               for (const auto& documents : v.model().documents) {
                                 py::list list;
                                 for (const auto& d : documents) {
                                   py::dict entry;
                                   entry["document"] = d.document;
                                   entry["name"] = pythonText(d.name);
                                   entry["proportion"] = d.proportion;
                                   entry["tokens"] = d.tokens;
                                   entry["text"] = pythonText(d.text);
                                   list.append(entry);
                                 }
                                 topics.append(list);
                               }
                               return topics;
                             })
      .def_property_readonly("documents_source", [](const BrowseModelView& v) { return text(v.model().documentsSource); })
      .def_property_readonly("stability",
                             [](const BrowseModelView& v) {
                               py::list matches;
                               for (const auto& match : v.model().stability) {
                                 py::dict entry;
                                 entry["model"] = text(match.model);
                                 entry["index"] = match.index;
                                 entry["topic"] = wholeArray(match.topic);
                                 entry["agreement"] = toArray(match.agreement);
                                 matches.append(entry);
                               }
                               return matches;
                             })
      .def_property_readonly("coherence",
                             [](const BrowseModelView& v) -> py::object {
                               if (!v.model().coherence) return py::none();
                               return py::cast(std::make_shared<topiceval::CoherenceResult>(*v.model().coherence));
                             })
      .def_property_readonly("ranking", [](const BrowseModelView& v) -> py::object {
        return v.model().ranking ? py::cast(*v.model().ranking) : py::none();
      });
  resultClass<BrowseResult, BrowseResultPtr>(module, "BrowseResult")
      .def_property_readonly("models",
                             [](const BrowseResultPtr& r) {
                               py::list models;
                               for (std::size_t m = 0; m < r->models.size(); ++m) models.append(BrowseModelView{r, m});
                               return models;
                             })
      .def_readonly("terms", &BrowseResult::terms)
      .def_property_readonly("lambda_grid", [](const BrowseResult& r) { return toArray(r.lambdaGrid); })
      .def_readonly("lambda_start", &BrowseResult::lambdaStart)
      .def_property_readonly("warnings", [](const BrowseResult& r) { return pythonMessages(r.warnings); })
      .def("_relevant_terms",
           [](const BrowseResult& r, std::size_t model, std::size_t topic, double lambda, std::size_t count) {
             py::list ranked;
             for (const topiceval::RankedTerm& term : topiceval::relevantTerms(r, model, topic, lambda, count)) {
               py::dict entry;
               entry["word"] = pythonText(term.word);
               entry["type"] = term.type;
               entry["log_probability"] = term.logProbability;
               entry["log_lift"] = term.logLift;
               entry["relevance"] = term.relevance;
               ranked.append(entry);
             }
             return ranked;
           })
      .def("_page",
           [](const BrowseResult& r) {
             std::ostringstream page;
             topiceval::writeBrowsePage(page, r);
             return py::bytes(page.str());
           })
      .def("_write", [](const BrowseResult& r, const std::string& file, const py::object& path) {
        writeOutput(pathOf(path), file == "html" ? "write_html" : "write_json", r.inputs, [&](std::ostream& stream) {
          if (file == "html") {
            topiceval::writeBrowsePage(stream, r);
          } else {
            topiceval::writeBrowseJson(stream, r);
          }
        });
      });
}

// browse: models as select takes them; texts None, a path, or (id arrays, their words); document_topics one
// array (documents x topics) or None per model.
BrowseResultPtr browseModels(const py::list& models, const std::vector<std::string>& names, const py::object& texts,
                             const py::object& heldOut, const py::list& documentTopics, const Options& options) {
  const topiceval::ClassicLocale numbers;
  topiceval::BrowseRequest request =
      topiceval::browseRequest(optionValues("browse", options, topiceval::objectOptions("browse")));
  for (std::size_t m = 0; m < models.size(); ++m)
    request.models.push_back(modelSource(models[m], m, m < names.size() ? names[m] : std::string()));
  if (auto reference = referenceTexts(texts)) request.texts = std::move(*reference);
  if (!heldOut.is_none()) request.heldOut = documentsSource(heldOut);
  bool anyTheta = false;
  for (const auto& theta : documentTopics) anyTheta = anyTheta || !theta.is_none();
  if (anyTheta) {
    for (const auto& theta : documentTopics) {
      if (theta.is_none()) {
        request.documentTopics.emplace_back();
        continue;
      }
      const auto array = theta.cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
      if (array.ndim() != 2)
        throw topiceval::SettingError("document-topics", "must be 2-D arrays (documents x topics), not " +
                                                             std::to_string(array.ndim()) + "-D");
      request.documentTopics.emplace_back(array.data(), array.data() + array.size());
    }
  }
  return std::make_shared<topiceval::BrowseResult>(runInterruptibly([&] { return topiceval::browse(request); }));
}

Model fromCounts(const IdArray& counts, std::vector<double> alpha, double beta) {
  const topiceval::ClassicLocale numbers;
  if (counts.ndim() != 2)
    throw topiceval::ModelError("topic_word_counts must be a 2-D array (topics x words), not " +
                                std::to_string(counts.ndim()) + "-D");
  if (alpha.size() != static_cast<std::size_t>(counts.shape(0)))
    throw topiceval::ModelError("alpha has " + std::to_string(alpha.size()) + " values but topic_word_counts has " +
                                std::to_string(counts.shape(0)) + " topics (rows)");
  try {
    return Model::fromCounts(std::span<const int64_t>(counts.data(), static_cast<std::size_t>(counts.size())),
                             static_cast<std::size_t>(counts.shape(1)), std::move(alpha), beta);
  } catch (const std::bad_alloc&) {
    throw topiceval::Error("topic_word_counts: out of memory while building the model from its " +
                           std::to_string(counts.size()) + " entries");
  }
}

Model fromTopics(const py::array_t<double, py::array::c_style | py::array::forcecast>& phi, std::vector<double> alpha) {
  const topiceval::ClassicLocale numbers;
  if (phi.ndim() != 2)
    throw topiceval::ModelError("phi must be a 2-D array (topics x words), not " + std::to_string(phi.ndim()) + "-D");
  if (alpha.size() != static_cast<std::size_t>(phi.shape(0)))
    throw topiceval::ModelError("alpha has " + std::to_string(alpha.size()) + " values but phi has " +
                                std::to_string(phi.shape(0)) + " topics (rows)");
  try {
    return Model::fromTopics(std::span<const double>(phi.data(), static_cast<std::size_t>(phi.size())),
                             static_cast<std::size_t>(phi.shape(1)), std::move(alpha));
  } catch (const std::bad_alloc&) {
    throw topiceval::Error("phi: out of memory while building the model from its " + std::to_string(phi.size()) +
                           " entries");
  }
}

std::vector<py::array_t<int64_t>> readDocuments(const py::object& path, const Model& model) {
  const topiceval::ClassicLocale numbers;
  const Documents documents = Documents::read(pathOf(path), model);
  std::vector<py::array_t<int64_t>> list;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const auto tokens = documents.tokens(d);
    py::array_t<int64_t> array(static_cast<py::ssize_t>(tokens.size()));
    std::copy(tokens.begin(), tokens.end(), array.mutable_data());
    list.push_back(std::move(array));
  }
  return list;
}

py::array_t<double> topicWordProbabilities(const Model& model) {
  const std::vector<double> phi = model.topicWordProbabilities();
  py::array_t<double> array({static_cast<py::ssize_t>(model.numTopics()), static_cast<py::ssize_t>(model.numTypes())});
  std::copy(phi.begin(), phi.end(), array.mutable_data());
  return array;
}

py::tuple runCommand(const std::string& name, const std::vector<std::string>& arguments) {
  const topiceval::ClassicLocale numbers;
  std::ostringstream out, err;
  const int status = runInterruptibly([&] { return topiceval::commands::runCommand(name, arguments, out, err); });
  return py::make_tuple(status, pythonText(out.str(), "surrogateescape"), pythonText(err.str(), "surrogateescape"));
}

// The `topiceval` executable's dispatch on this process's standard output and
// error: what the package's console script (topiceval.main) runs.
int commandLine(const std::vector<std::string>& arguments) {
  const topiceval::ClassicLocale numbers;
  if (arguments.empty() || arguments.front() == "--help") {
    topiceval::commands::printOverview(arguments.empty() ? std::cerr : std::cout);
    return arguments.empty() ? 2 : 0;
  }
  if (arguments.front() == "help")
    return topiceval::commands::helpCommand(std::vector<std::string>(arguments.begin() + 1, arguments.end()), std::cout,
                                       std::cerr);
  if (arguments.front() == "--version" || arguments.front() == "version") {
    std::cout << "topiceval " << topiceval::kVersion << "\n";
    return 0;
  }
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  int status =
      runInterruptibly([&] { return topiceval::commands::runCommand(arguments.front(), rest, std::cout, std::cerr); });
  std::cerr.flush();
  if (status == 0) {
    try {
      topiceval::output::checkStandardOutput(std::cout);
    } catch (const std::exception& error) {
      std::cerr << "topiceval " << arguments.front() << ": " << error.what() << "\n";
      status = 1;
    }
  }
  return status;
}

// Every option of a command, for the package's keywords and docstrings.
py::list commandOptions(const std::string& command) {
  static const char* kinds[] = {"integer", "real", "boolean", "switch", "choice", "text", "path", "list", "setting"};
  py::list list;
  for (const topiceval::OptionSpec& spec : topiceval::commandSpec(command).options) {
    py::dict option;
    option["name"] = spec.name;
    option["keyword"] = topiceval::pythonName(spec.name);
    option["kind"] = kinds[static_cast<int>(spec.kind)];
    option["default"] = spec.defaultValue.empty() ? py::none() : py::cast(spec.defaultValue);
    const std::string shown = topiceval::shownDefault(spec);
    option["shown_default"] = shown.empty() ? py::none() : py::cast(shown);
    option["least"] = spec.least;
    option["most"] = spec.most;
    option["choices"] = spec.choices;
    option["help"] = topiceval::respell(spec.help, Spelling::Python);
    option["required"] = spec.required;
    option["command_line_only"] = spec.commandLineOnly;
    list.append(option);
  }
  return list;
}

// The package's error class `name` (defined in topiceval/__init__.py).
// A message's bytes that are not UTF-8 (a file name) are shown as \xNN, so
// that the message prints on any terminal.
void raise(const char* name, const std::string& message) {
  const py::object type = py::module_::import("topiceval").attr(name);
  // A word of a MALLET file may hold a lone surrogate (three CESU bytes): it
  // stays that surrogate; other bytes that are not UTF-8 (a file name) show as \xNN.
  PyObject* decoded = PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "surrogatepass");
  if (decoded == nullptr) {
    PyErr_Clear();
    decoded = PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "backslashreplace");
  }
  if (decoded == nullptr) return;  // the decoding's own error is set
  PyErr_SetObject(type.ptr(), decoded);
  Py_DECREF(decoded);
}

}  // namespace

PYBIND11_MODULE(_native, module) {
  module.doc() = "topiceval's library; use the topiceval package, not this module";
  py::class_<Model>(module, "NativeModel")
      .def_property_readonly("num_topics", &Model::numTopics)
      .def_property_readonly("num_types", &Model::numTypes)
      .def_property_readonly("alpha", &Model::alpha)
      .def_property_readonly("beta", &Model::beta)
      .def_property_readonly("words",
                             [](const Model& model) -> py::object {
                               const auto* words = model.words();
                               return words != nullptr ? py::object(pythonWords(*words)) : py::object(py::none());
                             })
      .def_property_readonly("kind", [](const Model& model) { return text(model.describe()); })
      .def_property_readonly(
          "logistic_normal",
          [](const Model& model) { return model.family() == topiceval::ModelFamily::LogisticNormal; })
      .def("with_words", &Model::withWords)
      // A file every command reads back (topiceval::writeModel), replaced whole, never the model's own file.
      .def("save",
           [](const Model& model, const py::object& path) {
             std::vector<std::string> inputs;
             if (!topiceval::detail::dataOf(model).source.empty())
               inputs.push_back(topiceval::detail::dataOf(model).source);
             writeOutput(pathOf(path), "save", inputs,
                         [&](std::ostream& stream) { topiceval::writeModel(model, stream); });
           })
      .def("topic_word_probabilities", &topicWordProbabilities);
  module.def("read_model", [](const py::object& path) {
    const topiceval::ClassicLocale numbers;
    return Model::read(pathOf(path));
  });
  module.def("from_counts", &fromCounts);
  module.def("from_topics", &fromTopics);
  module.def("read_documents", &readDocuments);
  bindModelReport(module);
  bindDocumentEstimate(module);
  bindConvergenceVerdict(module);
  bindTargetErrorSummary(module);
  bindEvaluateResult(module);
  bindCompareResult(module);
  bindCurveResult(module);
  bindCoherenceResult(module);
  bindDiagnostics(module);
  bindEvaluateTopicsResult(module);
  bindRankedModel(module);
  bindSelectReport(module);
  bindBrowseResult(module);
  module.def("evaluate", &evaluate);
  module.def("evaluate_topics", &evaluateTopics);
  module.def("infer_topics", &inferTopics);
  module.def("select", &selectModels);
  module.def("compare", &compare);
  module.def("curve", &curve);
  module.def("diagnostics", &diagnostics);
  module.def("coherence", &coherence);
  module.def("browse", &browseModels);
  module.def("run_command", &runCommand);
  module.def("command_line", &commandLine);
  // The command line's rule for "did you mean" (topiceval/options.hpp), for keywords.
  module.def("closest_match", [](const std::string& word, const std::vector<std::string>& candidates) {
    return topiceval::closestMatch(word, candidates);
  });
  module.def("command_options", &commandOptions);
  module.def("estimator_names", [] { return topiceval::estimatorNames(); });
  module.attr("version") = topiceval::kVersion;
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const py::builtin_exception&) {
      throw;  // pybind11's own (cast errors...): its translator raises them
    } catch (const py::error_already_set&) {
      throw;
    } catch (const topiceval::FileError& error) {
      raise("FormatError", topiceval::respell(error.what(), Spelling::Python));
    } catch (const topiceval::SettingError& error) {
      raise("SettingError",
            topiceval::pythonName(error.setting()) + " " + topiceval::respell(error.problem(), Spelling::Python));
    } catch (const topiceval::ModelError& error) {
      raise("ModelError", error.what());
    } catch (const topiceval::Interrupted&) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    } catch (const topiceval::Error& error) {
      raise("Error", topiceval::respell(error.what(), Spelling::Python));
    } catch (const std::bad_alloc&) {
      raise("Error", "out of memory");
    } catch (const std::exception& error) {
      raise("Error", error.what());
    }
  });
}
