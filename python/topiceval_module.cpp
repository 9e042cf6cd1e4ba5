// topiceval._native: the Python extension over the topiceval library (pybind11).
// The Pythonic layer (document conversion, result objects, the error classes)
// lives in python/topiceval/__init__.py; this file only moves arrays in and
// out, releases the GIL while the library computes, and turns the library's
// exceptions into the package's error classes with the same one-line messages
// as the command line.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/model/model_validator.hpp"
#include "native/model/scoring_model.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/setting_error.hpp"

namespace py = pybind11;

namespace {

using topiceval::DocumentCollection;
using topiceval::ScoringModel;
using topiceval::TopicModel;

// A model as Python holds it: MALLET-style counts (from a file or from_counts),
// or topic-word probabilities (from_topics). The scoring model is built per
// call, because it depends on the held-out documents (the unseen-word counts).
struct NativeModel {
  std::optional<TopicModel> counts;
  std::vector<double> probabilities;  // [topic * types + word], when given as phi
  std::vector<double> alpha;          // with probabilities
  std::size_t types = 0;
  std::string kind;  // "MALLET inferencer", "topic-word counts", "topic-word probabilities"...

  int numTopics() const { return counts ? counts->numTopics : static_cast<int>(alpha.size()); }
  std::size_t numTypes() const { return counts ? counts->numTypes() : types; }
  std::vector<double> alphaValues() const { return counts ? counts->alpha : alpha; }
  std::optional<double> beta() const { return counts ? std::optional<double>(counts->beta) : std::nullopt; }
  std::optional<std::vector<std::string>> words() const {
    if (!counts || counts->alphabet == nullptr) return std::nullopt;
    return counts->alphabet->words();
  }

  // phi[k, w] over the model's types, as the estimators score them (MALLET's
  // (n[w][k] + beta) / (n[k] + betaSum) for counts).
  py::array_t<double> topicWordProbabilities() const {
    const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
    const auto topics = static_cast<std::size_t>(numTopics());
    const std::size_t words = numTypes();
    py::array_t<double> phi({static_cast<py::ssize_t>(topics), static_cast<py::ssize_t>(words)});
    double* out = phi.mutable_data();
    const ScoringModel scoring = this->scoring("skip", DocumentCollection{}, std::nullopt);
    for (std::size_t k = 0; k < topics; ++k) {
      const double smoothing = scoring.beta() / scoring.denominators()[k];
      for (std::size_t w = 0; w < words; ++w) out[k * words + w] = smoothing;
    }
    for (std::size_t w = 0; w < words; ++w) {
      const auto rowTopics = scoring.rowTopics(static_cast<int32_t>(w));
      const auto rowCounts = scoring.rowCounts(static_cast<int32_t>(w));
      for (std::size_t i = 0; i < rowTopics.size(); ++i) {
        const auto k = static_cast<std::size_t>(rowTopics[i]);
        out[k * words + w] = (rowCounts[i] + scoring.beta()) / scoring.denominators()[k];
      }
    }
    return phi;
  }

  ScoringModel scoring(const std::string& unseenWords, const DocumentCollection& documents,
                       std::optional<std::size_t> vocabularySize) const {
    if (counts) return ScoringModel(*counts, topiceval::parseUnseenWords(unseenWords), documents, vocabularySize);
    if (unseenWords != "skip" && unseenWords != "skip-untrained")
      throw topiceval::SettingError("unseen-words", "cannot be '" + unseenWords +
                                                        "' for a model given as probabilities: it has no beta to "
                                                        "smooth with; words it gives no probability are skipped");
    if (vocabularySize) throw topiceval::SettingError("vocab-size", "does not apply to a model given as probabilities");
    return ScoringModel::fromTopicWordProbabilities(probabilities, types, alpha, documents);
  }
};

// Documents from Python: a list of 1-D integer arrays (the package converts
// every other form to this).
DocumentCollection toDocuments(
    const std::vector<py::array_t<int64_t, py::array::c_style | py::array::forcecast>>& list) {
  DocumentCollection documents;
  std::vector<int32_t> tokens;
  for (std::size_t d = 0; d < list.size(); ++d) {
    const auto& array = list[d];
    const std::string name = "documents[" + std::to_string(d) + "]";
    if (array.ndim() != 1)
      throw topiceval::SettingError(
          name, "has " + std::to_string(array.ndim()) + " dimensions, not 1 (a sequence of word ids)");
    tokens.clear();
    const int64_t* data = array.data();
    for (py::ssize_t n = 0; n < array.shape(0); ++n) {
      if (data[n] < 0 || data[n] > INT32_MAX)
        throw topiceval::SettingError(name, "has word id " + std::to_string(data[n]) + " at position " +
                                                std::to_string(n) + ": ids must be in 0..2^31-1");
      tokens.push_back(static_cast<int32_t>(data[n]));
    }
    documents.add(tokens);
  }
  return documents;
}

py::array_t<double> toArray(const std::vector<double>& values) {
  py::array_t<double> array(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), array.mutable_data());
  return array;
}
py::array_t<int64_t> toArray(const std::vector<int64_t>& values) {
  py::array_t<int64_t> array(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), array.mutable_data());
  return array;
}

NativeModel readModel(const std::string& path) {
  const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
  topiceval::formats::LoadedModel loaded = topiceval::formats::readModelFile(path);
  NativeModel model;
  model.kind = topiceval::formats::describe(loaded.kind);
  model.counts = std::move(loaded.model);
  return model;
}

// `build()`, with running out of memory named after the argument being copied.
template <class Build>
auto namingArgumentOnAllocationFailure(const std::string& name, std::size_t entries, Build build) {
  try {
    return build();
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(name + ": out of memory while building the model from its " + std::to_string(entries) +
                             " entries");
  }
}

NativeModel fromCounts(py::array_t<int64_t, py::array::c_style | py::array::forcecast> counts,
                       std::vector<double> alpha, double beta) {
  return namingArgumentOnAllocationFailure("topic_word_counts", static_cast<std::size_t>(counts.size()), [&] {
    const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
    if (counts.ndim() != 2)
      throw std::invalid_argument("topic_word_counts must be a 2-D array (topics x words), not " +
                                  std::to_string(counts.ndim()) + "-D");
    const auto topics = static_cast<std::size_t>(counts.shape(0));
    const auto types = static_cast<std::size_t>(counts.shape(1));
    if (alpha.size() != topics)
      throw std::invalid_argument("alpha has " + std::to_string(alpha.size()) + " values but topic_word_counts has " +
                                  std::to_string(topics) + " topics (rows)");
    if (topics == 0 || types == 0) throw std::invalid_argument("topic_word_counts is empty");
    if (!(beta > 0.0) || !std::isfinite(beta)) throw std::invalid_argument("beta must be positive and finite");
    // The library's layout: counts[type * topics + topic].
    std::vector<int32_t> byType(topics * types);
    const int64_t* data = counts.data();
    for (std::size_t k = 0; k < topics; ++k) {
      for (std::size_t w = 0; w < types; ++w) {
        const int64_t count = data[k * types + w];
        if (count < 0 || count > INT32_MAX / 2)
          throw std::invalid_argument("topic_word_counts[" + std::to_string(k) + ", " + std::to_string(w) + "] is " +
                                      std::to_string(count) + ": counts must be non-negative and below 2^30");
        byType[w * topics + k] = static_cast<int32_t>(count);
      }
    }
    NativeModel model;
    model.kind = "topic-word counts";
    model.counts = TopicModel::fromDenseCounts(static_cast<int>(topics), std::move(alpha), beta, byType, types);
    if (const std::string problem = topiceval::findModelProblem(*model.counts); !problem.empty())
      throw std::invalid_argument("topic_word_counts: " + problem);
    return model;
  });
}

NativeModel fromTopics(py::array_t<double, py::array::c_style | py::array::forcecast> phi, std::vector<double> alpha) {
  const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
  return namingArgumentOnAllocationFailure("phi", static_cast<std::size_t>(phi.size()), [&] {
    if (phi.ndim() != 2)
      throw std::invalid_argument("phi must be a 2-D array (topics x words), not " + std::to_string(phi.ndim()) + "-D");
    NativeModel model;
    model.kind = "topic-word probabilities";
    model.types = static_cast<std::size_t>(phi.shape(1));
    if (alpha.size() != static_cast<std::size_t>(phi.shape(0)))
      throw std::invalid_argument("alpha has " + std::to_string(alpha.size()) + " values but phi has " +
                                  std::to_string(phi.shape(0)) + " topics (rows)");
    model.probabilities.assign(phi.data(), phi.data() + phi.size());
    model.alpha = std::move(alpha);
    // Validates now (shapes, signs, row sums), so that a bad matrix fails at construction.
    ScoringModel::fromTopicWordProbabilities(model.probabilities, model.types, model.alpha, DocumentCollection{});
    return model;
  });
}

std::vector<py::array_t<int64_t>> readDocuments(const std::string& path, const NativeModel& model) {
  const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
  const topiceval::Alphabet* alphabet = model.counts && model.counts->alphabet ? model.counts->alphabet.get() : nullptr;
  const DocumentCollection documents = topiceval::formats::readHeldOutDocuments(path, alphabet, "the model");
  std::vector<py::array_t<int64_t>> list;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const auto tokens = documents.document(d);
    py::array_t<int64_t> array(static_cast<py::ssize_t>(tokens.size()));
    std::copy(tokens.begin(), tokens.end(), array.mutable_data());
    list.push_back(std::move(array));
  }
  return list;
}

// Runs `work` on a thread of its own while this one, without the GIL, waits
// for it and looks for a signal (Ctrl-C) every 100 ms: then the work is
// cancelled (its next unit throws) and the signal's Python exception
// (KeyboardInterrupt) is raised once the work has stopped. Every counter the
// work makes on its thread answers `cancellation` (a command's too).
template <class Work>
auto runInterruptibly(topiceval::Cancellation& cancellation, Work work) {
  std::future<decltype(work())> future;
  try {
    future = std::async(std::launch::async, [&work, &cancellation] {
      const topiceval::ClassicLocale numbers;  // a new thread starts in the process's locale
      const topiceval::CancellationScope scope(cancellation);
      return work();
    });
  } catch (const std::system_error&) {  // no thread to spare: run here, without the GIL, not interruptible
    py::gil_scoped_release release;
    return work();
  }
  for (;;) {
    {
      py::gil_scoped_release release;
      if (future.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) {
      cancellation.request();
      {
        py::gil_scoped_release release;
        future.wait();
      }
      try {
        future.get();
      } catch (...) {  // Interrupted, or whatever the work met first: the signal wins
      }
      throw py::error_already_set();
    }
  }
  return future.get();
}

py::dict evaluate(const NativeModel& model,
                  const std::vector<py::array_t<int64_t, py::array::c_style | py::array::forcecast>>& documentList,
                  const std::string& estimatorName, const std::map<std::string, std::string>& settings, int runs,
                  uint64_t seed, int threads, const std::string& unseenWords, const std::string& completion,
                  std::optional<std::size_t> vocabularySize) {
  const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
  topiceval::checkSettingRange("runs", runs, 1, topiceval::SettingLimits::kRuns);
  topiceval::checkSettingRange("threads", threads, 0, topiceval::SettingLimits::kThreads);
  const DocumentCollection documents = toDocuments(documentList);
  topiceval::EstimatorSettings chosen;
  chosen.estimator = estimatorName;
  for (const auto& [name, value] : settings) chosen.values[name] = value;
  topiceval::validateSettings(chosen);  // before building anything
  topiceval::EvaluationOptions options;
  options.runs = runs;
  options.seed = seed;
  options.threads = threads;
  if (!completion.empty()) options.completion = topiceval::parseDocumentSplit(completion);
  const ScoringModel scoring = model.scoring(unseenWords, documents, vocabularySize);
  topiceval::checkDocumentsAreScored(documents, scoring.skippedTokens(), "unseen_words " + unseenWords);
  const auto estimator = topiceval::makeEstimator(chosen, scoring);
  topiceval::Cancellation cancellation;
  const auto started = std::chrono::steady_clock::now();
  const topiceval::EvaluationResult result = runInterruptibly(cancellation, [&] {
    topiceval::Progress progress;  // made under the cancellation's scope
    options.progress = &progress;
    return topiceval::evaluateDocuments(*estimator, scoring, documents, options);
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::vector<double> logLikelihood, standardError, effectiveRuns;
  std::vector<int64_t> scored, skipped, conditioned;
  for (const auto& document : result.documents) {
    logLikelihood.push_back(document.logLikelihood);
    standardError.push_back(estimator->stochastic() && runs > 1 ? document.standardError
                                                                : (estimator->stochastic() ? NAN : 0.0));
    effectiveRuns.push_back(document.effectiveRuns);
    scored.push_back(static_cast<int64_t>(document.scoredTokens));
    skipped.push_back(static_cast<int64_t>(document.skippedTokens));
    conditioned.push_back(static_cast<int64_t>(document.conditionedTokens));
  }
  std::vector<double> heavy;
  py::dict out;
  out["log_likelihood"] = toArray(logLikelihood);
  out["standard_error"] = toArray(standardError);
  out["effective_runs"] = toArray(effectiveRuns);
  out["scored_tokens"] = toArray(scored);
  out["skipped_tokens"] = toArray(skipped);
  out["conditioned_tokens"] = toArray(conditioned);
  std::vector<bool> heavyTailed;
  for (const auto& document : result.documents) heavyTailed.push_back(document.heavyTailed());
  out["heavy_tailed"] = heavyTailed;
  out["total"] = result.totalLogLikelihood;
  out["total_se"] = estimator->stochastic() && runs == 1 ? NAN : result.totalStandardError;
  out["per_token"] = result.perTokenLogLikelihood();
  out["perplexity"] = result.perplexity();
  out["site_updates"] = result.siteUpdates;
  out["seconds"] = seconds;
  out["estimator"] = estimator->description();
  out["stochastic"] = estimator->stochastic();
  out["unbiased"] = estimator->unbiased();
  out["error_caveat"] = estimator->errorCaveat();
  topiceval::cli::RunDescription run;  // what the command line's summary says of the error
  run.stochastic = estimator->stochastic();
  run.unbiased = estimator->unbiased();
  run.errorCaveat = estimator->errorCaveat();
  run.completion = completion;
  run.runs = runs;
  out["error"] = topiceval::cli::errorStatement(run, result);
  out["unseen_words"] = std::string(topiceval::describe(scoring.policy()));
  out["vocabulary_size"] = scoring.vocabularySize();
  return out;
}

py::dict evaluateTopics(
    const NativeModel& model,
    const std::vector<py::array_t<int64_t, py::array::c_style | py::array::forcecast>>& documentList, int particles,
    bool resampling, int32_t seed, int threads) {
  const topiceval::ClassicLocale numbers;               // whatever locale.setlocale chose
  if (seed == -1) seed = topiceval::malletClockSeed();  // MALLET's default
  if (!model.counts)
    throw topiceval::SettingError("model",
                                  "given as probabilities has no counts: MALLET's evaluator needs a "
                                  "MALLET model or from_counts");
  topiceval::checkSettingRange("num_particles", particles, 1, topiceval::SettingLimits::kParticles);
  topiceval::checkSettingRange("threads", threads, 0, topiceval::SettingLimits::kThreads);
  const DocumentCollection documents = toDocuments(documentList);
  topiceval::MalletEvaluationOptions options;
  options.particles = particles;
  options.resampling = resampling;
  options.seed = seed;
  options.threads = threads;
  uint64_t skipped = 0;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    for (const int32_t type : documents.document(d)) skipped += !model.counts->scoresLikeMallet(type);
  }
  topiceval::checkDocumentsAreScored(documents, skipped, "unseen_words skip");
  topiceval::Cancellation cancellation;
  const topiceval::MalletEvaluationResult result = runInterruptibly(cancellation, [&] {
    topiceval::Progress progress;  // made under the cancellation's scope
    options.progress = &progress;
    return topiceval::evaluateLikeMallet(*model.counts, documents, options);
  });
  py::dict out;
  out["log_likelihood"] = toArray(result.documentLogLikelihoods);
  out["total"] = result.totalLogLikelihood;
  out["seed"] = seed;
  return out;
}

py::tuple runCommand(const std::string& name, const std::vector<std::string>& arguments) {
  const topiceval::ClassicLocale numbers;  // whatever locale.setlocale chose
  std::ostringstream out, err;
  topiceval::Cancellation cancellation;  // Ctrl-C stops the command's work within a unit
  const int status =
      runInterruptibly(cancellation, [&] { return topiceval::cli::runCommand(name, arguments, out, err); });
  return py::make_tuple(status, out.str(), err.str());
}

// The package's error class `name` (defined in topiceval/__init__.py).
void raise(const char* name, const char* message) {
  const py::object type = py::module_::import("topiceval").attr(name);
  PyErr_SetString(type.ptr(), message);
}

}  // namespace

PYBIND11_MODULE(_native, module) {
  module.doc() = "topiceval's library; use the topiceval package, not this module";
  py::class_<NativeModel>(module, "NativeModel")
      .def_property_readonly("num_topics", &NativeModel::numTopics)
      .def_property_readonly("num_types", &NativeModel::numTypes)
      .def_property_readonly("alpha", &NativeModel::alphaValues)
      .def_property_readonly("beta", &NativeModel::beta)
      .def_property_readonly("words", &NativeModel::words)
      .def_readonly("kind", &NativeModel::kind)
      .def("topic_word_probabilities", &NativeModel::topicWordProbabilities);
  module.def("read_model", &readModel);
  module.def("from_counts", &fromCounts);
  module.def("from_topics", &fromTopics);
  module.def("read_documents", &readDocuments);
  module.def("evaluate", &evaluate);
  module.def("evaluate_topics", &evaluateTopics);
  module.def("run_command", &runCommand);
  module.def("estimator_names", [] { return topiceval::estimatorNames(); });
  module.attr("version") = topiceval::cli::kVersion;
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const py::builtin_exception&) {
      throw;  // pybind11's own (cast errors...): its translator raises them
    } catch (const py::error_already_set&) {
      throw;
    } catch (const topiceval::formats::FormatError& error) {
      raise("FormatError", error.what());
    } catch (const topiceval::SettingError& error) {
      // Named as the Python keyword argument: burn-in-sweeps -> burn_in_sweeps.
      std::string setting = error.setting();
      std::replace(setting.begin(), setting.end(), '-', '_');
      raise("SettingError", (setting + " " + error.problem()).c_str());
    } catch (const std::invalid_argument& error) {
      raise("ModelError", error.what());
    } catch (const std::bad_alloc&) {
      raise("Error", "out of memory");
    } catch (const std::runtime_error& error) {
      raise("Error", error.what());
    }
  });
}
