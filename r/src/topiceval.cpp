// SPDX-License-Identifier: Apache-2.0
// The R package's glue over topiceval's public API (include/topiceval/), as
// python/topiceval_module.cpp is Python's: it moves vectors and options in and
// results out, and nothing else. Options arrive as the library's declarations
// name them (the R layer maps snake_case keywords to them) and go through
// OptionValues and the commands' request builders, so every default, limit
// and message is the library's. Errors come back as a failure value that the
// R layer raises as a condition of the package's class (raising from here
// would jump over C++ destructors); Ctrl-C cancels the work through the
// library's CancellationScope.
#include <Rcpp.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <topiceval/interruptible.hpp>
#include <topiceval/topiceval.hpp>

using topiceval::Documents;
using topiceval::Model;
using topiceval::Spelling;

namespace {

using ModelHandle = Rcpp::XPtr<Model>;

// What the R layer raises: kind is file, setting, model or error.
Rcpp::List failure(const std::string& kind, const std::string& message) {
  Rcpp::List value = Rcpp::List::create(Rcpp::Named("kind") = kind, Rcpp::Named("message") = message);
  value.attr("class") = "topiceval_failure";
  return value;
}

// A number the library leaves undefined (NaN: no error from one run, a figure
// a model cannot have) is R's missing value, NA, where the command line
// prints '-' and JSON null: one missing value for the R package. Every value
// the glue returns is made here, so it is changed in place.
SEXP missingAsNA(SEXP value) {
  if (TYPEOF(value) == REALSXP) {
    double* numbers = REAL(value);
    for (R_xlen_t i = 0; i < XLENGTH(value); ++i) {
      if (std::isnan(numbers[i])) numbers[i] = NA_REAL;
    }
  } else if (TYPEOF(value) == VECSXP) {
    for (R_xlen_t i = 0; i < XLENGTH(value); ++i) missingAsNA(VECTOR_ELT(value, i));
  }
  return value;
}

// Messages name options as R spells them, which is Python's (snake_case).
template <class Work>
Rcpp::RObject guarded(Work work) {
  try {
    Rcpp::RObject value = work();
    missingAsNA(value);
    return value;
  } catch (const topiceval::FileError& error) {
    return failure("file", topiceval::respell(error.what(), Spelling::Python));
  } catch (const topiceval::SettingError& error) {
    return failure("setting",
                   topiceval::pythonName(error.setting()) + " " + topiceval::respell(error.problem(), Spelling::Python));
  } catch (const topiceval::ModelError& error) {
    return failure("model", error.what());
  } catch (const topiceval::Interrupted&) {
    throw Rcpp::internal::InterruptedException();
  } catch (const topiceval::Error& error) {
    return failure("error", topiceval::respell(error.what(), Spelling::Python));
  } catch (const std::bad_alloc&) {
    return failure("error", "out of memory");
  }
}

// R's side of topiceval::runInterruptibly: R's thread polls for Ctrl-C and
// raises R's interrupt once the work has stopped; no R object is touched off
// R's thread. R has no lock to release.
struct RHost {
  template <class F>
  auto unlocked(F f) {
    return f();
  }
  bool interruptRequested() {
    try {
      Rcpp::checkUserInterrupt();
      return false;
    } catch (const Rcpp::internal::InterruptedException&) {
      return true;
    }
  }
  [[noreturn]] void raiseInterrupt() { throw Rcpp::internal::InterruptedException(); }
};

template <class Work>
auto runInterruptibly(Work work) {
  RHost host;
  return topiceval::runInterruptibly(work, host);
}

// Option values by the library's names (the R layer checked the keywords and
// turned values into text), checked against the command's declarations.
topiceval::OptionValues optionValues(const std::string& command, const Rcpp::List& options) {
  std::map<std::string, std::vector<std::string>> values;
  if (options.size() > 0) {
    const Rcpp::CharacterVector names = options.names();
    for (R_xlen_t i = 0; i < options.size(); ++i)
      values[Rcpp::as<std::string>(names[i])] = Rcpp::as<std::vector<std::string>>(options[i]);
  }
  return topiceval::OptionValues(topiceval::commandSpec(command), values, topiceval::objectOptions(command));
}

// Documents as the R layer hands them over: a list of integer vectors of ids
// counted from 1, and which of them are bags of words (rows of a count matrix).
Documents toDocuments(const Rcpp::List& documents, const Rcpp::LogicalVector& bags) {
  topiceval::DocumentsBuilder builder;
  std::vector<int64_t> ids;
  for (R_xlen_t d = 0; d < documents.size(); ++d) {
    const Rcpp::IntegerVector tokens(documents[d]);
    ids.assign(tokens.size(), 0);
    for (R_xlen_t t = 0; t < tokens.size(); ++t) {
      if (tokens[t] == NA_INTEGER || tokens[t] < 1)
        throw topiceval::SettingError("documents",
                                      "[[" + std::to_string(d + 1) + "]] has word id " +
                                          (tokens[t] == NA_INTEGER ? std::string("NA") : std::to_string(tokens[t])) +
                                          ": ids are counted from 1");
      ids[t] = tokens[t] - 1;
    }
    if (d < bags.size() && bags[d] == TRUE) {
      builder.addBag(ids);
    } else {
      builder.add(std::span<const int64_t>(ids));
    }
  }
  return builder.build();
}

// A path (a length-one character vector), or documents in memory:
// list(ids = <list of integer vectors>, bags = <logical>, words = <character or NULL>).
topiceval::DocumentsSource documentsSource(SEXP documents) {
  if (Rf_isString(documents)) return Rcpp::as<std::string>(documents);
  const Rcpp::List given(documents);
  Documents built = toDocuments(given["ids"], given["bags"]);
  if (!Rf_isNull(given["words"])) built = built.withWords(Rcpp::as<std::vector<std::string>>(given["words"]));
  return built;
}

// A model handed to R: the library's handle (shared data), deleted with the R object.
Rcpp::RObject newHandle(Model model) {
  ModelHandle handle(new Model(std::move(model)), true);
  return Rcpp::RObject(static_cast<SEXP>(handle));
}

Model& modelOf(SEXP handle) {
  ModelHandle model(handle);
  if (model.get() == nullptr)
    throw topiceval::ModelError("the model is no longer in memory (a model saved with the R session is not kept; "
                                "read or build it again)");
  return *model;
}

// `name`, when given, is what the results call the model; else "model N", as Python's.
topiceval::ModelSource modelSource(SEXP handle, std::size_t index, const std::string& name) {
  topiceval::ModelSource source(modelOf(handle));
  source.name = !name.empty() ? name : "model " + std::to_string(index + 1);
  return source;
}

Rcpp::CharacterVector respelled(const std::vector<topiceval::Warning>& warnings) {
  Rcpp::CharacterVector texts;
  for (const auto& warning : warnings) texts.push_back(topiceval::respell(warning.text, Spelling::Python));
  return texts;
}

Rcpp::DataFrame documentTable(const std::vector<topiceval::DocumentEstimate>& documents) {
  const auto n = static_cast<R_xlen_t>(documents.size());
  Rcpp::CharacterVector name(n);
  Rcpp::NumericVector tokens(n), skipped(n), loglik(n), se(n), perplexity(n), effective(n);
  Rcpp::LogicalVector heavy(n), notConverged(n), above(n);
  for (R_xlen_t d = 0; d < n; ++d) {
    const auto& document = documents[static_cast<std::size_t>(d)];
    name[d] = document.name;
    tokens[d] = static_cast<double>(document.scoredTokens);
    skipped[d] = static_cast<double>(document.skippedTokens);
    loglik[d] = document.logLikelihood;
    se[d] = document.standardError;
    perplexity[d] = document.perplexity;
    effective[d] = document.effectiveRuns;
    heavy[d] = document.heavyTailed;
    notConverged[d] = document.notConverged;
    above[d] = document.aboveTarget;
  }
  return Rcpp::DataFrame::create(Rcpp::Named("name") = name, Rcpp::Named("tokens") = tokens,
                                 Rcpp::Named("skipped") = skipped, Rcpp::Named("loglik") = loglik,
                                 Rcpp::Named("loglik_se") = se, Rcpp::Named("perplexity") = perplexity,
                                 Rcpp::Named("effective_runs") = effective, Rcpp::Named("heavy_tailed") = heavy,
                                 Rcpp::Named("not_converged") = notConverged, Rcpp::Named("above_target") = above,
                                 Rcpp::Named("stringsAsFactors") = false);
}

Rcpp::List modelReport(const topiceval::ModelReport& model) {
  return Rcpp::List::create(Rcpp::Named("path") = model.path, Rcpp::Named("kind") = model.kind,
                            Rcpp::Named("topics") = model.topics,
                            Rcpp::Named("types") = static_cast<double>(model.types));
}

Rcpp::List words(const std::vector<std::vector<std::string>>& rows) {
  Rcpp::List list(static_cast<R_xlen_t>(rows.size()));
  for (std::size_t k = 0; k < rows.size(); ++k) list[static_cast<R_xlen_t>(k)] = Rcpp::wrap(rows[k]);
  return list;
}

}  // namespace

// [[Rcpp::export(.te_options)]]
Rcpp::DataFrame te_options(std::string command) {
  static const char* kinds[] = {"integer", "real", "boolean", "switch", "choice", "text", "path", "list", "setting"};
  std::vector<std::string> name, keyword, kind, shown, help;
  std::vector<double> least, most;
  std::vector<bool> required;
  Rcpp::List choices;
  for (const topiceval::OptionSpec& spec : topiceval::commandSpec(command).options) {
    if (spec.commandLineOnly || topiceval::suppliedAsObject(command, spec.name)) continue;
    name.push_back(spec.name);
    keyword.push_back(topiceval::pythonName(spec.name));
    kind.push_back(kinds[static_cast<int>(spec.kind)]);
    shown.push_back(topiceval::shownDefault(spec));
    help.push_back(topiceval::respell(spec.help, Spelling::Python));
    least.push_back(spec.least);
    most.push_back(spec.most);
    required.push_back(spec.required);
    choices.push_back(Rcpp::wrap(spec.choices));
  }
  Rcpp::DataFrame table = Rcpp::DataFrame::create(
      Rcpp::Named("name") = name, Rcpp::Named("keyword") = keyword, Rcpp::Named("kind") = kind,
      Rcpp::Named("default") = shown, Rcpp::Named("least") = least, Rcpp::Named("most") = most,
      Rcpp::Named("required") = required, Rcpp::Named("help") = help, Rcpp::Named("stringsAsFactors") = false);
  table.attr("choices") = choices;
  return table;
}

// [[Rcpp::export(.te_closest_match)]]
SEXP te_closest_match(std::string word, std::vector<std::string> candidates) {
  const auto found = topiceval::closestMatch(word, candidates);
  return found ? Rcpp::wrap(*found) : R_NilValue;
}

// [[Rcpp::export(.te_estimator_names)]]
std::vector<std::string> te_estimator_names() { return topiceval::estimatorNames(); }

// [[Rcpp::export(.te_version)]]
std::string te_version() { return topiceval::kVersion; }

// [[Rcpp::export(.te_read_model)]]
Rcpp::RObject te_read_model(std::string path) {
  return guarded([&]() -> Rcpp::RObject { return newHandle(Model::read(path)); });
}

// phi: topics x words (R's column-major matrix, copied row by row).
// [[Rcpp::export(.te_model_from_topics)]]
Rcpp::RObject te_model_from_topics(Rcpp::NumericMatrix phi, std::vector<double> alpha) {
  return guarded([&]() -> Rcpp::RObject {
    const auto topics = static_cast<std::size_t>(phi.nrow()), types = static_cast<std::size_t>(phi.ncol());
    std::vector<double> rows(topics * types);
    for (std::size_t k = 0; k < topics; ++k)
      for (std::size_t w = 0; w < types; ++w) rows[k * types + w] = phi(k, w);
    return newHandle(Model::fromTopics(rows, types, std::move(alpha)));
  });
}

// counts: topics x words, whole numbers (checked by the R layer).
// [[Rcpp::export(.te_model_from_counts)]]
Rcpp::RObject te_model_from_counts(Rcpp::NumericMatrix counts, std::vector<double> alpha, double beta) {
  return guarded([&]() -> Rcpp::RObject {
    const auto topics = static_cast<std::size_t>(counts.nrow()), types = static_cast<std::size_t>(counts.ncol());
    std::vector<int64_t> rows(topics * types);
    for (std::size_t k = 0; k < topics; ++k)
      for (std::size_t w = 0; w < types; ++w) rows[k * types + w] = static_cast<int64_t>(counts(k, w));
    return newHandle(Model::fromCounts(rows, types, std::move(alpha), beta));
  });
}

// [[Rcpp::export(.te_model_with_words)]]
Rcpp::RObject te_model_with_words(SEXP model, std::vector<std::string> words) {
  return guarded([&]() -> Rcpp::RObject { return newHandle(modelOf(model).withWords(std::move(words))); });
}

// [[Rcpp::export(.te_model_info)]]
Rcpp::RObject te_model_info(SEXP handle) {
  return guarded([&]() -> Rcpp::RObject {
    const Model& model = modelOf(handle);
    const auto* words = model.words();
    const auto beta = model.beta();
    return Rcpp::List::create(
        Rcpp::Named("kind") = model.describe(), Rcpp::Named("num_topics") = model.numTopics(),
        Rcpp::Named("num_types") = static_cast<double>(model.numTypes()),
        Rcpp::Named("words") = words != nullptr ? Rcpp::wrap(*words) : R_NilValue,
        Rcpp::Named("alpha") = model.alpha(), Rcpp::Named("beta") = beta ? Rcpp::wrap(*beta) : R_NilValue,
        Rcpp::Named("logistic_normal") = model.family() == topiceval::ModelFamily::LogisticNormal);
  });
}

// [[Rcpp::export(.te_topic_word_probabilities)]]
Rcpp::RObject te_topic_word_probabilities(SEXP handle) {
  return guarded([&]() -> Rcpp::RObject {
    const Model& model = modelOf(handle);
    const std::vector<double> phi = model.topicWordProbabilities();
    const int topics = model.numTopics();
    const auto types = static_cast<int>(model.numTypes());
    Rcpp::NumericMatrix matrix(topics, types);
    for (int k = 0; k < topics; ++k)
      for (int w = 0; w < types; ++w) matrix(k, w) = phi[static_cast<std::size_t>(k) * types + w];
    return matrix;
  });
}

// Documents from a file, through the model's words (or the file's own), as
// ids counted from 1; the words behind the ids when the file carries them.
// [[Rcpp::export(.te_read_documents)]]
Rcpp::RObject te_read_documents(std::string path, SEXP model) {
  return guarded([&]() -> Rcpp::RObject {
    const Documents documents = Rf_isNull(model) ? Documents::read(path) : Documents::read(path, modelOf(model));
    Rcpp::List ids(static_cast<R_xlen_t>(documents.size()));
    Rcpp::CharacterVector names(static_cast<R_xlen_t>(documents.size()));
    for (std::size_t d = 0; d < documents.size(); ++d) {
      const auto tokens = documents.tokens(d);
      Rcpp::IntegerVector one(static_cast<R_xlen_t>(tokens.size()));
      for (std::size_t t = 0; t < tokens.size(); ++t) one[static_cast<R_xlen_t>(t)] = tokens[t] + 1;
      ids[static_cast<R_xlen_t>(d)] = one;
      names[static_cast<R_xlen_t>(d)] = documents.name(d);
    }
    const auto* words = documents.words();
    return Rcpp::List::create(Rcpp::Named("ids") = ids, Rcpp::Named("names") = names,
                              Rcpp::Named("words") = words != nullptr ? Rcpp::wrap(*words) : R_NilValue);
  });
}

// [[Rcpp::export(.te_evaluate)]]
Rcpp::RObject te_evaluate(SEXP model, SEXP documents, Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::EvaluateRequest request = topiceval::evaluateRequest(optionValues("evaluate", options));
    request.model = modelOf(model);
    request.documents = documentsSource(documents);
    const topiceval::EvaluateResult result = runInterruptibly([&] { return topiceval::evaluate(request); });
    return Rcpp::List::create(
        Rcpp::Named("documents") = documentTable(result.documents), Rcpp::Named("total") = result.total,
        Rcpp::Named("total_se") = result.totalStandardError, Rcpp::Named("per_token") = result.perToken,
        Rcpp::Named("per_token_se") = result.perTokenStandardError, Rcpp::Named("perplexity") = result.perplexity,
        Rcpp::Named("perplexity_se") = result.perplexityStandardError,
        Rcpp::Named("scored_tokens") = static_cast<double>(result.scoredTokens),
        Rcpp::Named("skipped_tokens") = static_cast<double>(result.skippedTokens),
        Rcpp::Named("estimator") = result.estimator.name,
        Rcpp::Named("estimator_description") = result.estimator.description,
        Rcpp::Named("seed") = static_cast<double>(result.estimator.seed),
        Rcpp::Named("runs") = result.estimator.runs, Rcpp::Named("model") = modelReport(result.model),
        Rcpp::Named("input") = result.input,
        Rcpp::Named("error_statement") = topiceval::respell(result.errorStatement, Spelling::Python),
        Rcpp::Named("warnings") = respelled(result.warnings), Rcpp::Named("seconds") = result.seconds,
        Rcpp::Named("threads") = result.threads);
  });
}

// [[Rcpp::export(.te_evaluate_topics)]]
Rcpp::RObject te_evaluate_topics(SEXP model, SEXP documents, Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::EvaluateTopicsRequest request =
        topiceval::evaluateTopicsRequest(optionValues("evaluate-topics", options));
    request.model = modelOf(model);
    request.documents = documentsSource(documents);
    const topiceval::EvaluateTopicsResult result =
        runInterruptibly([&] { return topiceval::evaluateTopics(request); });
    return Rcpp::List::create(Rcpp::Named("log_likelihood") = result.documentLogLikelihoods,
                              Rcpp::Named("total") = result.total, Rcpp::Named("seed") = result.seed,
                              Rcpp::Named("documents") = static_cast<double>(result.documents),
                              Rcpp::Named("tokens") = static_cast<double>(result.tokens),
                              Rcpp::Named("sampling_errors") = static_cast<double>(result.samplingErrors),
                              Rcpp::Named("threads") = result.threads,
                              Rcpp::Named("seconds") = result.evaluateSeconds);
  });
}

// [[Rcpp::export(.te_infer_topics)]]
Rcpp::RObject te_infer_topics(SEXP model, SEXP documents, Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::InferTopicsRequest request = topiceval::inferTopicsRequest(optionValues("infer-topics", options));
    request.model = modelOf(model);
    request.documents = documentsSource(documents);
    const topiceval::InferTopicsResult result = runInterruptibly([&] { return topiceval::inferTopics(request); });
    Rcpp::NumericMatrix proportions(static_cast<int>(result.documents), result.topics);
    for (std::size_t d = 0; d < result.documents; ++d)
      for (int k = 0; k < result.topics; ++k)
        proportions(static_cast<int>(d), k) = result.proportions[d * static_cast<std::size_t>(result.topics) + k];
    return Rcpp::List::create(Rcpp::Named("proportions") = proportions, Rcpp::Named("names") = result.names,
                              Rcpp::Named("seed") = result.seed);
  });
}

// [[Rcpp::export(.te_compare)]]
Rcpp::RObject te_compare(SEXP modelA, SEXP modelB, std::vector<std::string> names, SEXP documents,
                         Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::CompareRequest request = topiceval::compareRequest(optionValues("compare", options));
    request.modelA = modelSource(modelA, 0, names[0]);
    request.modelB = modelSource(modelB, 1, names[1]);
    request.documents = documentsSource(documents);
    const topiceval::CompareResult result = runInterruptibly([&] { return topiceval::compare(request); });
    const auto n = static_cast<R_xlen_t>(result.ratios.size());
    Rcpp::CharacterVector name(n);
    Rcpp::NumericVector tokens(n), skipped(n), ratio(n), ratioSe(n), perplexity(n), forward(n), reverse(n);
    Rcpp::LogicalVector disagree(n);
    for (R_xlen_t d = 0; d < n; ++d) {
      const auto& document = result.ratios[static_cast<std::size_t>(d)];
      name[d] = document.name;
      tokens[d] = static_cast<double>(document.tokens);
      skipped[d] = static_cast<double>(document.skipped);
      ratio[d] = document.logRatio;
      ratioSe[d] = document.logRatioError;
      perplexity[d] = document.perplexityRatio;
      forward[d] = document.forward;
      reverse[d] = document.reverse;
      disagree[d] = document.directionsDisagree;
    }
    Rcpp::DataFrame table = Rcpp::DataFrame::create(
        Rcpp::Named("name") = name, Rcpp::Named("tokens") = tokens, Rcpp::Named("skipped") = skipped,
        Rcpp::Named("log_ratio") = ratio, Rcpp::Named("log_ratio_se") = ratioSe,
        Rcpp::Named("perplexity_ratio") = perplexity, Rcpp::Named("forward") = forward,
        Rcpp::Named("reverse") = reverse, Rcpp::Named("directions_disagree") = disagree,
        Rcpp::Named("stringsAsFactors") = false);
    return Rcpp::List::create(
        Rcpp::Named("documents") = table, Rcpp::Named("model_a") = modelReport(result.modelA),
        Rcpp::Named("model_b") = modelReport(result.modelB), Rcpp::Named("input") = result.input,
        Rcpp::Named("path") = result.path, Rcpp::Named("direction") = result.direction,
        Rcpp::Named("temperatures") = result.temperatures, Rcpp::Named("seed") = static_cast<double>(result.seed),
        Rcpp::Named("scored_tokens") = static_cast<double>(result.scoredTokens),
        Rcpp::Named("log_ratio") = result.logRatio, Rcpp::Named("log_ratio_se") = result.logRatioError,
        Rcpp::Named("perplexity_ratio") = result.perplexityRatio,
        Rcpp::Named("warnings") = respelled(result.warnings));
  });
}

// [[Rcpp::export(.te_diagnostics)]]
Rcpp::RObject te_diagnostics(SEXP model, Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::DiagnosticsRequest request = topiceval::diagnosticsRequest(optionValues("diagnostics", options));
    request.model = modelOf(model);
    const topiceval::DiagnosticsResult result = runInterruptibly([&] { return topiceval::diagnostics(request); });
    std::map<std::string, std::vector<double>> topic, word;
    std::vector<std::string> words;
    for (std::size_t k = 0; k < result.topics.size(); ++k) {
      const auto& t = result.topics[k];
      const std::pair<const char*, double> figures[] = {
          {"alpha", t.alpha}, {"tokens", t.tokens}, {"document_entropy", t.documentEntropy},
          {"word_length", t.wordLength}, {"coherence", t.coherence}, {"uniform_dist", t.uniformDist},
          {"corpus_dist", t.corpusDist}, {"effective_num_words", t.effectiveNumWords},
          {"token_doc_diff", t.tokenDocDiff}, {"rank_1_docs", t.rank1Documents},
          {"allocation_ratio", t.allocationRatio}, {"allocation_count", t.allocationCount},
          {"exclusivity", t.exclusivity}};
      for (const auto& [name, value] : figures) topic[name].push_back(value);
      for (std::size_t i = 0; i < t.words.size(); ++i) {
        const auto& w = t.words[i];
        words.push_back(w.word);
        const std::pair<const char*, double> wordFigures[] = {
            {"topic", static_cast<double>(k + 1)}, {"rank", static_cast<double>(i + 1)},
            {"type", static_cast<double>(w.type) + 1}, {"count", static_cast<double>(w.count)},
            {"probability", w.probability}, {"cumulative", w.cumulative},
            {"docs", w.documents >= 0 ? static_cast<double>(w.documents) : NA_REAL},
            {"word_length", w.wordLength}, {"coherence", w.coherence}, {"uniform_dist", w.uniformDist},
            {"corpus_dist", w.corpusDist}, {"token_doc_diff", w.tokenDocDiff}, {"exclusivity", w.exclusivity}};
        for (const auto& [name, value] : wordFigures) word[name].push_back(value);
      }
    }
    Rcpp::List topics, wordTable;
    for (const auto& [name, values] : topic) topics[name] = values;
    wordTable["word"] = words;
    for (const auto& [name, values] : word) wordTable[name] = values;
    return Rcpp::List::create(Rcpp::Named("topics") = topics, Rcpp::Named("words") = wordTable,
                              Rcpp::Named("from_documents") = result.fromDocuments,
                              Rcpp::Named("num_top_words") = result.numTopWords,
                              Rcpp::Named("documents") = static_cast<double>(result.documents),
                              Rcpp::Named("tokens") = static_cast<double>(result.tokens),
                              Rcpp::Named("model") = result.modelDescription,
                              Rcpp::Named("warnings") = respelled(result.warnings));
  });
}

// [[Rcpp::export(.te_coherence)]]
Rcpp::RObject te_coherence(SEXP model, SEXP texts, Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::CoherenceRequest request = topiceval::coherenceRequest(optionValues("coherence", options));
    request.model = modelOf(model);
    if (!Rf_isNull(texts)) request.texts = documentsSource(texts);
    const topiceval::CoherenceResult result = runInterruptibly([&] { return topiceval::coherence(request); });
    Rcpp::List measures;
    for (const auto& measure : result.measures)
      measures.push_back(Rcpp::List::create(
          Rcpp::Named("measure") = measure.name, Rcpp::Named("window") = measure.windowSize,
          Rcpp::Named("mean") = measure.mean, Rcpp::Named("mean_se") = measure.meanStandardError,
          Rcpp::Named("per_topic") = measure.perTopic, Rcpp::Named("per_topic_se") = measure.perTopicStandardError));
    return Rcpp::List::create(
        Rcpp::Named("measures") = measures, Rcpp::Named("topics") = words(result.topics),
        Rcpp::Named("exclusivity") = result.exclusivity, Rcpp::Named("frex") = result.frex,
        Rcpp::Named("mean_exclusivity") = result.meanExclusivity, Rcpp::Named("mean_frex") = result.meanFrex,
        Rcpp::Named("diversity") = result.diversity,
        Rcpp::Named("reference_documents") = static_cast<double>(result.referenceDocuments),
        Rcpp::Named("reference_tokens") = static_cast<double>(result.referenceTokens),
        Rcpp::Named("reference") = result.reference, Rcpp::Named("bootstrap") = result.bootstrap,
        Rcpp::Named("warnings") = respelled(result.warnings));
  });
}

// The topic browser: the page (and its data as JSON) written where asked (each whole, then renamed into
// place, never over an input); what R keeps of it: each model's LDAvis numbers and the table's figures.
// document_topics: per model NULL or a documents x topics matrix (R's column-major, copied row by row).
// [[Rcpp::export(.te_browse)]]
Rcpp::RObject te_browse(Rcpp::List models, std::vector<std::string> names, SEXP texts, SEXP heldOut,
                        Rcpp::List documentTopics, Rcpp::List options, SEXP page, SEXP json) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::BrowseRequest request = topiceval::browseRequest(optionValues("browse", options));
    for (R_xlen_t m = 0; m < models.size(); ++m)
      request.models.push_back(modelSource(models[m], static_cast<std::size_t>(m), names[static_cast<std::size_t>(m)]));
    if (!Rf_isNull(texts)) request.texts = documentsSource(texts);
    if (!Rf_isNull(heldOut)) request.heldOut = documentsSource(heldOut);
    bool anyTheta = false;
    for (R_xlen_t m = 0; m < documentTopics.size(); ++m) anyTheta = anyTheta || !Rf_isNull(documentTopics[m]);
    if (anyTheta) {
      for (R_xlen_t m = 0; m < documentTopics.size(); ++m) {
        std::vector<double>& theta = request.documentTopics.emplace_back();
        if (Rf_isNull(documentTopics[m])) continue;
        const Rcpp::NumericMatrix matrix(documentTopics[m]);
        for (int d = 0; d < matrix.nrow(); ++d)
          for (int k = 0; k < matrix.ncol(); ++k) theta.push_back(matrix(d, k));
      }
    }
    const topiceval::BrowseResult result = runInterruptibly([&] { return topiceval::browse(request); });
    if (!Rf_isNull(json)) topiceval::writeBrowseJson(Rcpp::as<std::string>(json), result);
    if (!Rf_isNull(page)) topiceval::writeBrowsePage(Rcpp::as<std::string>(page), result);
    Rcpp::List shown;
    for (const topiceval::BrowseModel& model : result.models) {
      std::vector<double> order;
      for (const std::size_t topic : model.order) order.push_back(static_cast<double>(topic + 1));
      Rcpp::List figures;
      std::vector<std::string> figureNames;
      for (const auto& figure : topiceval::browseFigures(model)) {
        figures.push_back(Rcpp::wrap(figure.values));
        figureNames.push_back(figure.name);
      }
      figures.attr("names") = figureNames;
      std::vector<std::string> salient;
      for (const std::size_t term : model.salient) salient.push_back(model.terms[term].word);
      shown.push_back(Rcpp::List::create(
          Rcpp::Named("name") = model.name, Rcpp::Named("description") = model.description,
          Rcpp::Named("topics") = model.topics, Rcpp::Named("vocabulary") = static_cast<double>(model.vocabulary),
          Rcpp::Named("proportion") = model.proportion, Rcpp::Named("x") = model.x, Rcpp::Named("y") = model.y,
          Rcpp::Named("order") = order, Rcpp::Named("salient") = salient, Rcpp::Named("saliency") = model.saliency,
          Rcpp::Named("figures") = figures));
    }
    return Rcpp::List::create(Rcpp::Named("models") = shown, Rcpp::Named("terms") = result.terms,
                              Rcpp::Named("lambda_grid") = result.lambdaGrid,
                              Rcpp::Named("lambda_start") = static_cast<double>(result.lambdaStart + 1),
                              Rcpp::Named("warnings") = respelled(result.warnings));
  });
}

namespace {

// select's ldatuning and stm figures, one row per model and figure (best model
// first, figures in the library's order), names as Python's TopicNumberFigure.
Rcpp::DataFrame figureTable(const topiceval::SelectResult& result) {
  std::vector<std::string> model, name, better;
  std::vector<double> topics, value, se;
  for (const auto& ranked : result.models)
    for (const auto& figure : ranked.figures) {
      model.push_back(ranked.model.path);
      topics.push_back(ranked.model.topics);
      name.push_back(figure.name);
      better.push_back(figure.better);
      // As the command line's table: '-' (NA) for a figure that is not finite.
      value.push_back(std::isfinite(figure.value) ? figure.value : NA_REAL);
      se.push_back(std::isfinite(figure.standardError) ? figure.standardError : NA_REAL);
    }
  return Rcpp::DataFrame::create(Rcpp::Named("model") = model, Rcpp::Named("topics") = topics,
                                 Rcpp::Named("figure") = name, Rcpp::Named("better") = better,
                                 Rcpp::Named("value") = value, Rcpp::Named("se") = se,
                                 Rcpp::Named("stringsAsFactors") = false);
}

// Per model (best first), the per-topic figures by name.
Rcpp::List figuresPerTopic(const topiceval::SelectResult& result) {
  Rcpp::List perModel(static_cast<R_xlen_t>(result.models.size()));
  Rcpp::CharacterVector models(static_cast<R_xlen_t>(result.models.size()));
  for (std::size_t m = 0; m < result.models.size(); ++m) {
    Rcpp::List figures;
    for (const auto& figure : result.models[m].figures)
      if (!figure.perTopic.empty()) figures[figure.name] = Rcpp::wrap(figure.perTopic);
    perModel[static_cast<R_xlen_t>(m)] = figures;
    models[static_cast<R_xlen_t>(m)] = result.models[m].model.path;
  }
  perModel.attr("names") = models;
  return perModel;
}

// One row per K given by several models (runs with other seeds), names as
// Python's SeedGroup.
Rcpp::DataFrame seedGroupTable(const std::vector<topiceval::SeedGroup>& groups) {
  const auto n = static_cast<R_xlen_t>(groups.size());
  Rcpp::NumericVector topics(n), runs(n), pairs(n), agreement(n), sd(n), low(n), high(n), perToken(n), spread(n),
      error(n), next(n), difference(n), differenceError(n);
  Rcpp::LogicalVector exceeds(n);
  for (R_xlen_t g = 0; g < n; ++g) {
    const auto& group = groups[static_cast<std::size_t>(g)];
    topics[g] = group.topics;
    runs[g] = static_cast<double>(group.runs.size());
    pairs[g] = static_cast<double>(group.pairs.size());
    agreement[g] = group.agreement;
    sd[g] = group.agreementSd;
    low[g] = group.agreementMin;
    high[g] = group.agreementMax;
    perToken[g] = group.perToken;
    spread[g] = group.perTokenSpread;
    error[g] = group.perTokenError;
    const bool hasNext = group.nextTopics != 0;
    next[g] = hasNext ? group.nextTopics : NA_REAL;
    difference[g] = hasNext ? group.differenceToNext : NA_REAL;
    differenceError[g] = hasNext ? group.differenceToNextError : NA_REAL;
    exceeds[g] = hasNext ? static_cast<int>(group.exceedsRetraining) : NA_LOGICAL;
  }
  return Rcpp::DataFrame::create(
      Rcpp::Named("topics") = topics, Rcpp::Named("runs") = runs, Rcpp::Named("pairs") = pairs,
      Rcpp::Named("agreement") = agreement, Rcpp::Named("agreement_sd") = sd, Rcpp::Named("agreement_min") = low,
      Rcpp::Named("agreement_max") = high, Rcpp::Named("per_token") = perToken,
      Rcpp::Named("per_token_spread") = spread, Rcpp::Named("per_token_error") = error,
      Rcpp::Named("next_topics") = next, Rcpp::Named("difference_to_next") = difference,
      Rcpp::Named("difference_to_next_error") = differenceError, Rcpp::Named("exceeds_retraining") = exceeds);
}

// Every pair of runs of a K with its agreement (runs by name).
Rcpp::DataFrame seedPairTable(const std::vector<topiceval::SeedGroup>& groups) {
  std::vector<double> topics, agreement;
  std::vector<std::string> a, b;
  for (const auto& group : groups)
    for (const auto& pair : group.pairs) {
      topics.push_back(group.topics);
      a.push_back(group.runs.at(pair.a));
      b.push_back(group.runs.at(pair.b));
      agreement.push_back(pair.agreement);
    }
  return Rcpp::DataFrame::create(Rcpp::Named("topics") = topics, Rcpp::Named("a") = a, Rcpp::Named("b") = b,
                                 Rcpp::Named("agreement") = agreement, Rcpp::Named("stringsAsFactors") = false);
}

// Per K (named by it), per run (named by the model), each topic's agreement
// averaged over the other runs.
Rcpp::List topicAgreement(const std::vector<topiceval::SeedGroup>& groups) {
  Rcpp::List byK(static_cast<R_xlen_t>(groups.size()));
  Rcpp::CharacterVector ks(static_cast<R_xlen_t>(groups.size()));
  for (std::size_t g = 0; g < groups.size(); ++g) {
    Rcpp::List byRun(static_cast<R_xlen_t>(groups[g].topicAgreement.size()));
    for (std::size_t r = 0; r < groups[g].topicAgreement.size(); ++r)
      byRun[static_cast<R_xlen_t>(r)] = Rcpp::wrap(groups[g].topicAgreement[r]);
    byRun.attr("names") = Rcpp::wrap(groups[g].runs);
    byK[static_cast<R_xlen_t>(g)] = byRun;
    ks[static_cast<R_xlen_t>(g)] = std::to_string(groups[g].topics);
  }
  byK.attr("names") = ks;
  return byK;
}

}  // namespace

// [[Rcpp::export(.te_select)]]
Rcpp::RObject te_select(Rcpp::List models, std::vector<std::string> names, SEXP documents, SEXP coherenceTexts,
               Rcpp::List options) {
  return guarded([&]() -> Rcpp::RObject {
    topiceval::SelectRequest request = topiceval::selectRequest(optionValues("select", options));
    for (R_xlen_t m = 0; m < models.size(); ++m)
      request.models.push_back(modelSource(models[m], static_cast<std::size_t>(m), names[static_cast<std::size_t>(m)]));
    request.documents = documentsSource(documents);
    if (!Rf_isNull(coherenceTexts)) request.coherenceTexts = documentsSource(coherenceTexts);
    const topiceval::SelectResult result = runInterruptibly([&] { return topiceval::select(request); });
    const auto n = static_cast<R_xlen_t>(result.models.size());
    Rcpp::CharacterVector model(n), verdict(n), unsupported(n);
    Rcpp::NumericVector topics(n), types(n), total(n), totalSe(n), perToken(n), perTokenSe(n), perplexity(n),
        perplexitySe(n), difference(n), differenceSe(n), coherence(n), coherenceSe(n), exclusivity(n), frex(n),
        diversity(n);
    Rcpp::List topWords(n), topicCoherence(n);
    std::string measure;
    for (R_xlen_t i = 0; i < n; ++i) {
      const auto& ranked = result.models[static_cast<std::size_t>(i)];
      model[i] = ranked.model.path;
      topics[i] = ranked.model.topics;
      types[i] = static_cast<double>(ranked.model.types);
      total[i] = ranked.total;
      totalSe[i] = ranked.totalStandardError;
      perToken[i] = ranked.perToken;
      perTokenSe[i] = ranked.perTokenStandardError;
      perplexity[i] = ranked.perplexity;
      perplexitySe[i] = ranked.perplexityStandardError;
      difference[i] = ranked.difference;
      differenceSe[i] = ranked.differenceError;
      verdict[i] = ranked.verdict;
      unsupported[i] = ranked.intervalUnsupported;
      if (ranked.quality) {
        measure = ranked.quality->measure;
        coherence[i] = ranked.quality->coherence;
        coherenceSe[i] = ranked.quality->coherenceStandardError;
        exclusivity[i] = ranked.quality->exclusivity;
        frex[i] = ranked.quality->frex;
        diversity[i] = ranked.quality->diversity;
        topWords[i] = words(ranked.quality->topWords);
        topicCoherence[i] = Rcpp::wrap(ranked.quality->topicCoherence);
      } else {
        coherence[i] = coherenceSe[i] = exclusivity[i] = frex[i] = diversity[i] = NA_REAL;
      }
    }
    Rcpp::DataFrame table = Rcpp::DataFrame::create(
        Rcpp::Named("model") = model, Rcpp::Named("topics") = topics, Rcpp::Named("types") = types,
        Rcpp::Named("total") = total, Rcpp::Named("total_se") = totalSe, Rcpp::Named("per_token") = perToken,
        Rcpp::Named("per_token_se") = perTokenSe, Rcpp::Named("perplexity") = perplexity,
        Rcpp::Named("perplexity_se") = perplexitySe, Rcpp::Named("difference") = difference,
        Rcpp::Named("difference_se") = differenceSe, Rcpp::Named("verdict") = verdict,
        Rcpp::Named("interval_unsupported") = unsupported, Rcpp::Named("coherence") = coherence,
        Rcpp::Named("coherence_se") = coherenceSe,
        Rcpp::Named("exclusivity") = exclusivity, Rcpp::Named("frex") = frex, Rcpp::Named("diversity") = diversity,
        Rcpp::Named("stringsAsFactors") = false);
    // The report's last panel: per document, log likelihood per token under the best two models.
    std::vector<double> best, second;
    if (result.models.size() > 1) {
      for (const std::size_t d : result.scoredDocuments) {
        const auto tokens = static_cast<double>(result.models[0].documents[d].scoredTokens);
        best.push_back(result.models[0].documents[d].logLikelihood / tokens);
        second.push_back(result.models[1].documents[d].logLikelihood / tokens);
      }
    }
    Rcpp::List value = Rcpp::List::create(
        Rcpp::Named("models") = table, Rcpp::Named("coherence_measure") = measure,
        Rcpp::Named("best_two_per_token") = Rcpp::List::create(Rcpp::Named("best") = best,
                                                               Rcpp::Named("second") = second),
        Rcpp::Named("top_words") = topWords, Rcpp::Named("topic_coherence") = topicCoherence,
        Rcpp::Named("input") = result.input, Rcpp::Named("documents") = static_cast<double>(result.documents),
        Rcpp::Named("tokens") = static_cast<double>(result.tokens),
        Rcpp::Named("shared_tokens") = static_cast<double>(result.sharedTokens),
        Rcpp::Named("estimator") = result.estimator, Rcpp::Named("estimator_description") = result.estimatorDescription,
        Rcpp::Named("seed") = static_cast<double>(result.seed), Rcpp::Named("runs") = result.runs,
        Rcpp::Named("warnings") = respelled(result.warnings), Rcpp::Named("seconds") = result.seconds);
    // Rcpp's create() takes at most 20 elements: the figures and the seed groups are added after.
    value["figures"] = figureTable(result);
    value["figures_per_topic"] = figuresPerTopic(result);
    value["seed_groups"] = seedGroupTable(result.seedGroups);
    value["seed_pairs"] = seedPairTable(result.seedGroups);
    value["topic_agreement"] = topicAgreement(result.seedGroups);
    value["stability_words"] = result.stabilityWords;
    return value;
  });
}

// Decimal text read as the command line's numbers are read (correctly
// rounded, C's strtod), which R's own reader does not promise for 17 digits:
// what comparing R's doubles with the command line's output bit for bit needs.
// [[Rcpp::export(.te_decimal)]]
std::vector<double> te_decimal(std::vector<std::string> texts) {
  std::vector<double> values;
  for (const std::string& text : texts) values.push_back(std::strtod(text.c_str(), nullptr));
  return values;
}
