// `topiceval select`: ranks models (any number of topics, any MALLET file
// kind) by the probability they give the same held-out tokens, with the error
// of each total and the paired difference of each model to the best.
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>

#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/model_readers.hpp"
#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/progress_line.hpp"
#include "native/cli/report_writers.hpp"
#include "native/cli/shared_options.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval::cli {

namespace {

namespace po = boost::program_options;

struct SelectSettings {
  std::string input;
  std::vector<std::string> models;
  EstimatorChoice estimator;
  SharedSettings shared;
  std::string format = "text";
  std::string report;
  std::string documents;  // --documents, empty for all
  bool quiet = false;
};

// One model's part of the ranking.
struct RankedModel {
  std::string path;
  formats::ModelFileKind kind = formats::ModelFileKind::Evaluator;
  int topics = 0;
  uint64_t ownSkipped = 0;  // tokens this model alone cannot score
  EvaluationResult result;  // on the tokens every model scores
  double difference = 0.0;  // best total minus this total (0 for the best)
  double differenceError = 0.0;
  bool distinguishable = false;  // worse than the best by more than two errors of the difference
};

// A directory stands for the model files in it (names ending in .mallet or .gz,
// and train-ctm models by their first line), in name order.
std::vector<std::string> expandModels(const std::vector<std::string>& given) {
  std::vector<std::string> paths;
  for (const std::string& path : given) {
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
      paths.push_back(path);
      continue;
    }
    std::vector<std::string> inside;
    for (const auto& entry : std::filesystem::directory_iterator(path, error)) {
      const std::string name = entry.path().filename().string();
      const bool modelName = name.ends_with(".mallet") || name.ends_with(".gz") ||
                             formats::fileLooksLikeLogisticNormalModel(entry.path().string());
      if (entry.is_regular_file(error) && modelName) inside.push_back(entry.path().string());
    }
    if (error) throw formats::FormatError(path, "cannot be listed: " + error.message());
    if (inside.empty()) throw formats::FormatError(path, "holds no model file (*.mallet, *.gz, or a train-ctm model)");
    std::sort(inside.begin(), inside.end());
    paths.insert(paths.end(), inside.begin(), inside.end());
  }
  return paths;
}

po::options_description selectOptions(SelectSettings& s) {
  po::options_description options("topiceval select options");
  options.add_options()("input", po::value(&s.input),
                        "held-out documents: a MALLET instance list, or plain text with one document per line")(
      "model", po::value(&s.models)->multitoken(),
      "model files (also given without --model): MALLET evaluators, inferencers, saved models or topic states, "
      "logistic-normal models (train-ctm, or a ctm-c directory); a directory stands for its *.mallet and *.gz files "
      "and train-ctm models");
  s.estimator.addOptions(options);
  options.add_options()("format", po::value(&s.format)->default_value(s.format), "text | tsv | json")(
      "documents", po::value(&s.documents), "rank on these documents only: 0-based indices and ranges, e.g. 0-99")(
      "report", po::value(&s.report),
      "also write an HTML report: per-token log likelihood against the number of topics, and the top two models "
      "document by document")("quiet", po::bool_switch(&s.quiet), "no progress line on standard error");
  addSharedOptions(options, s.shared, "skip | skip-untrained | smooth (see README)",
                   "V in phi = (n + beta) / (n_k + V beta), the same for every model; default: the largest the "
                   "models need (their type counts, plus unseen types under smooth)");
  options.add_options()("help", "print this list of options");
  return options;
}

std::string plusMinus(double value, double error, int decimals) {
  return std::isfinite(error) ? fixed(value, decimals) + " +- " + fixed(error, decimals) : fixed(value, decimals);
}

}  // namespace

int selectCommand(const std::vector<std::string>& arguments, std::ostream& out, std::ostream& err) {
  SelectSettings settings;
  const po::options_description options = selectOptions(settings);
  po::positional_options_description positional;
  positional.add("model", -1);
  po::variables_map values;
  try {
    parseCommandLine(arguments, options, values, &positional);
    if (values.count("help")) {
      out << "Rank topic models (any number of topics) by the probability they give the same held-out tokens.\n\n"
          << "usage: topiceval select --input DOCS MODEL [MODEL ...] [options]\n\n"
          << options << "\n";
      return 0;
    }
    if (settings.input.empty()) throw UsageError("--input is required (an instance list or a text file)");
    if (settings.models.empty()) throw UsageError("name at least one model file (or a directory of them)");
    if (settings.format != "text" && settings.format != "tsv" && settings.format != "json")
      throw UsageError("--format takes text, tsv or json, not '" + settings.format + "'");
    checkSharedOptions(values, settings.shared);
    settings.estimator.check(values);
  } catch (...) {
    return reportFailure("select", err);
  }

  try {
    const std::vector<std::string> paths = expandModels(settings.models);
    std::optional<OutputFile> reportFile;
    std::vector<std::string> inputs = paths;
    inputs.push_back(settings.input);
    if (!settings.report.empty()) reportFile.emplace(settings.report, "--report", inputs, out);
    const auto started = std::chrono::steady_clock::now();
    const UnseenWords policy = settings.shared.policy();

    // Every model reads the same documents through its own alphabet; a token
    // is scored only if every model scores it, so all totals cover one set.
    // Models are read one at a time, twice (once to find the tokens they all
    // score, once to score them), so that memory holds one model and the
    // per-document results, however many models there are.
    const auto documentsFor = [&](const formats::AnyLoadedModel& model, const std::string& path) {
      DocumentCollection documents = formats::readHeldOutDocuments(settings.input, model.alphabet(), path);
      if (values.count("documents"))
        documents = documents.subset(parseDocumentSelection(settings.documents, documents.size()));
      return documents;
    };
    struct Survey {
      formats::ModelFileKind kind;
      int topics = 0;
      bool lda = true;
      std::size_t ownVocabulary = 0;  // V the model alone would use (LDA)
    };
    std::vector<Survey> surveys;
    std::vector<std::size_t> lengths;  // the documents' lengths, which every model must read alike
    std::vector<std::vector<uint8_t>> common;
    std::vector<uint64_t> ownSkipped(paths.size(), 0);
    for (std::size_t m = 0; m < paths.size(); ++m) {
      const formats::AnyLoadedModel loaded = formats::readAnyModelFile(paths[m]);
      const DocumentCollection documents = documentsFor(loaded, paths[m]);
      if (m == 0) {
        for (std::size_t d = 0; d < documents.size(); ++d) lengths.push_back(documents.length(d));
        common.resize(lengths.size());
        for (std::size_t d = 0; d < lengths.size(); ++d) common[d].assign(lengths[d], 1);
      }
      bool aligned = documents.size() == lengths.size();
      for (std::size_t d = 0; aligned && d < lengths.size(); ++d) aligned = documents.length(d) == lengths[d];
      if (!aligned)
        throw formats::FormatError(settings.input,
                                   "reads into different documents under " + paths[m] + " than under " + paths.front());
      const ScoringModel scoring =
          loaded.lda ? ScoringModel(*loaded.lda, policy, documents, settings.shared.vocabulary(values))
                     : ScoringModel::fromLogisticNormal(*loaded.logisticNormal, documents);
      surveys.push_back(
          {loaded.kind, loaded.numTopics(), loaded.lda.has_value(), loaded.lda ? scoring.vocabularySize() : 0});
      for (std::size_t d = 0; d < documents.size(); ++d) {
        const auto tokens = documents.document(d);
        for (std::size_t i = 0; i < tokens.size(); ++i) {
          if (scoring.scored(tokens[i])) continue;
          common[d][i] = 0;
          ++ownSkipped[m];
        }
      }
    }
    const std::size_t count = lengths.size();
    // One V for every model: phi = (n + beta) / (n_k + V beta) normalizes over
    // V words, and models normalized over different vocabularies are not
    // comparable (a topic state only shows the types it has tokens of, so it
    // would otherwise get a smaller V than the same model's inferencer). A
    // logistic-normal model's topics are normalised over its own vocabulary.
    // (Which tokens a model scores does not depend on V.)
    std::optional<std::size_t> vocabulary = settings.shared.vocabulary(values);
    bool vocabulariesDiffer = false;
    if (!vocabulary) {
      std::size_t largest = 0, smallest = SIZE_MAX;
      for (const Survey& survey : surveys) {
        if (!survey.lda) continue;
        largest = std::max(largest, survey.ownVocabulary);
        smallest = std::min(smallest, survey.ownVocabulary);
      }
      if (largest > 0) vocabulary = largest;
      vocabulariesDiffer = largest > 0 && smallest != largest;
    }
    uint64_t sharedTokens = 0;
    for (const auto& mask : common) sharedTokens += static_cast<uint64_t>(std::count(mask.begin(), mask.end(), 1));
    uint64_t allTokens = 0;
    for (const std::size_t length : lengths) allTokens += length;
    if (sharedTokens == 0)
      throw formats::FormatError(settings.input, "holds no word that every model scores under --unseen-words " +
                                                     std::string(describe(policy)));

    // One table may hold LDA and logistic-normal models: each family runs the
    // estimator named if it is of that family, else the family's default,
    // with the settings given that its estimator declares.
    const EstimatorSettings given = settings.estimator.settings(values);
    const auto estimatorFor = [&](ModelFamily family) {
      return findEstimator(given.estimator).family == family ? given.estimator : std::string(defaultEstimator(family));
    };
    const auto familySettings = [&](ModelFamily family) {
      EstimatorSettings chosen = given;
      chosen.estimator = estimatorFor(family);
      std::erase_if(chosen.values, [&](const auto& entry) { return !declaresSetting(chosen.estimator, entry.first); });
      return chosen;
    };
    // Every setting given must apply to the estimator of some model here.
    std::vector<std::string> estimatorsUsed;
    for (const Survey& survey : surveys) {
      const std::string name = estimatorFor(survey.lda ? ModelFamily::Dirichlet : ModelFamily::LogisticNormal);
      if (std::find(estimatorsUsed.begin(), estimatorsUsed.end(), name) == estimatorsUsed.end())
        estimatorsUsed.push_back(name);
    }
    for (const auto& [setting, value] : given.values) {
      const std::string& name = setting;  // (a structured binding cannot be captured before C++20's clang 16)
      if (std::none_of(estimatorsUsed.begin(), estimatorsUsed.end(),
                       [&](const std::string& estimator) { return declaresSetting(estimator, name); }))
        throw SettingError(name,
                           "does not apply to " + listOfChoices(estimatorsUsed) + ", the estimators of these models");
    }
    std::vector<RankedModel> ranked(paths.size());
    EvaluationOptions evaluation;
    evaluation.seed = static_cast<uint64_t>(settings.shared.seed);
    evaluation.runs = settings.estimator.runs;
    evaluation.threads = settings.shared.threads;
    std::string description;  // each family's estimator, "; "-separated
    bool stochastic = false;
    bool unbiased = true;
    std::string errorCaveat;
    const auto addOnce = [](std::string& list, const std::string& item) {
      if (!item.empty() && list.find(item) == std::string::npos) list += (list.empty() ? "" : "; ") + item;
    };
    for (std::size_t m = 0; m < paths.size(); ++m) {
      const formats::AnyLoadedModel loaded = formats::readAnyModelFile(paths[m]);
      DocumentCollection kept;
      {
        const DocumentCollection documents = documentsFor(loaded, paths[m]);
        std::vector<int32_t> tokens;
        for (std::size_t d = 0; d < count; ++d) {
          tokens.clear();
          const auto document = documents.document(d);
          for (std::size_t i = 0; i < document.size(); ++i) {
            if (common[d][i]) tokens.push_back(document[i]);
          }
          kept.add(tokens, documents.name(d));
        }
      }
      const ScoringModel scoring = loaded.lda ? ScoringModel(*loaded.lda, policy, kept, vocabulary)
                                              : ScoringModel::fromLogisticNormal(*loaded.logisticNormal, kept);
      const ModelFamily family = loaded.lda ? ModelFamily::Dirichlet : ModelFamily::LogisticNormal;
      const auto estimator = loaded.lda ? makeEstimator(familySettings(family), scoring)
                                        : makeEstimator(familySettings(family), *loaded.logisticNormal);
      addOnce(description, (loaded.lda ? "LDA models: " : "logistic-normal models: ") + estimator->description());
      stochastic = stochastic || estimator->stochastic();
      unbiased = unbiased && estimator->unbiased();
      addOnce(errorCaveat, estimator->errorCaveat());
      Progress progress;
      evaluation.progress = &progress;
      {
        const ProgressLine line(progress, err, !settings.quiet && ProgressLine::standardErrorIsTerminal());
        ranked[m].result = evaluateDocuments(*estimator, scoring, kept, evaluation);
      }
      for (DocumentResult& document : ranked[m].result.documents) document.runLogLikelihoods.clear();
      if (!std::isfinite(ranked[m].result.totalLogLikelihood))
        throw std::runtime_error(paths[m] + ": its estimated log likelihood is not a finite number (" +
                                 formatNumber(ranked[m].result.totalLogLikelihood) + "), so it cannot be ranked");
      ranked[m].path = paths[m];
      ranked[m].kind = surveys[m].kind;
      ranked[m].topics = surveys[m].topics;
      ranked[m].ownSkipped = ownSkipped[m];
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const RankedModel& a, const RankedModel& b) {
      return a.result.totalLogLikelihood > b.result.totalLogLikelihood;
    });
    // Paired over documents: the total difference is a sum over the same
    // documents, so its error is sqrt(D) times the spread of the per-document
    // differences (which holds each estimate's own noise as well).
    const RankedModel& best = ranked.front();
    std::vector<std::size_t> scoredDocuments;
    for (std::size_t d = 0; d < count; ++d) {
      if (best.result.documents[d].scoredTokens > 0) scoredDocuments.push_back(d);
    }
    const auto used = static_cast<double>(scoredDocuments.size());
    for (RankedModel& model : ranked) {
      double sum = 0.0, squares = 0.0;
      for (const std::size_t d : scoredDocuments) {
        const double difference = best.result.documents[d].logLikelihood - model.result.documents[d].logLikelihood;
        sum += difference;
        squares += difference * difference;
      }
      model.difference = sum;
      const double mean = used > 0 ? sum / used : 0.0;
      model.differenceError =
          used > 1 ? std::sqrt(used * std::max(0.0, (squares - used * mean * mean) / (used - 1.0))) : std::nan("");
      model.distinguishable = &model != &best && model.difference > 2.0 * model.differenceError;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const int threads = resolveThreads(settings.shared.threads);
    const std::string estimatorLine =
        description + (stochastic ? "; seed " + std::to_string(evaluation.seed) + ", " +
                                        std::to_string(evaluation.runs) + (evaluation.runs == 1 ? " run" : " runs")
                                  : "");
    const std::string tokensLine =
        std::to_string(sharedTokens) + " of " + std::to_string(allTokens) + " tokens in " + std::to_string(count) +
        " documents, the ones every model scores under --unseen-words " + describe(policy) +
        (vocabulary ? "; V = " + std::to_string(*vocabulary) +
                          (vocabulariesDiffer ? " for every LDA model (the largest of theirs)" : "")
                    : std::string());
    const auto mark = [&](const RankedModel& model) {
      return &model == &best ? "best" : model.distinguishable ? "worse" : "tied";
    };

    if (settings.format == "json") {
      JsonWriter json(out);
      json.beginObject().field("command", "select").field("version", kVersion);
      json.key("input").beginObject().field("path", settings.input);
      json.field("documents", static_cast<uint64_t>(count)).field("tokens", allTokens);
      json.field("scored_tokens", sharedTokens).field("unseen_words", describe(policy)).endObject();
      json.key("estimator").beginObject().field("name", settings.estimator.estimator).field("description", description);
      json.field("stochastic", stochastic).field("unbiased", unbiased);
      json.field("seed", evaluation.seed).field("runs", evaluation.runs).endObject();
      json.key("models").beginArray();
      for (const RankedModel& model : ranked) {
        const EvaluationResult& result = model.result;
        json.beginObject().field("path", model.path).field("kind", formats::describe(model.kind));
        json.field("topics", model.topics).field("tokens", result.scoredTokens);
        json.field("own_skipped_tokens", model.ownSkipped);
        json.field("total", result.totalLogLikelihood).field("total_se", result.totalStandardError);
        json.field("per_token", result.perTokenLogLikelihood()).field("per_token_se", result.perTokenStandardError());
        json.field("perplexity", result.perplexity()).field("difference_to_best", model.difference);
        json.field("difference_se", model.differenceError).field("verdict", mark(model));
        json.endObject();
      }
      json.endArray();
      json.field("wall_seconds", seconds).field("threads", threads).endObject();
      out << "\n";
    } else if (settings.format == "tsv") {
      out << "rank\tmodel\ttopics\ttokens\town_skipped\ttotal\ttotal_se\tper_token\tper_token_se\tperplexity\t"
             "difference_to_best\tdifference_se\tverdict\n";
      for (std::size_t r = 0; r < ranked.size(); ++r) {
        const RankedModel& model = ranked[r];
        const EvaluationResult& result = model.result;
        out << r + 1 << '\t' << tsvField(model.path) << '\t' << model.topics << '\t' << result.scoredTokens << '\t'
            << model.ownSkipped << '\t' << formatNumber(result.totalLogLikelihood) << '\t'
            << formatNumber(result.totalStandardError) << '\t' << formatNumber(result.perTokenLogLikelihood()) << '\t'
            << formatNumber(result.perTokenStandardError()) << '\t' << formatNumber(result.perplexity()) << '\t'
            << formatNumber(model.difference) << '\t' << formatNumber(model.differenceError) << '\t' << mark(model)
            << '\n';
      }
    } else {
      out << "input           " << settings.input << ": " << tokensLine << "\n";
      out << "estimator       " << estimatorLine << "\n";
      out << "\nrank  topics  log likelihood            per token              perplexity  difference to best      "
             "model\n";
      for (std::size_t r = 0; r < ranked.size(); ++r) {
        const RankedModel& model = ranked[r];
        const EvaluationResult& result = model.result;
        char line[512];
        std::snprintf(line, sizeof line, "%-5zu %-7d %-25s %-22s %-11s %-23s ", r + 1, model.topics,
                      plusMinus(result.totalLogLikelihood, result.totalStandardError, 2).c_str(),
                      plusMinus(result.perTokenLogLikelihood(), result.perTokenStandardError(), 5).c_str(),
                      fixed(result.perplexity(), 1).c_str(),
                      &model == &best ? "(best)"
                                      : (plusMinus(-model.difference, model.differenceError, 2) +
                                         (model.distinguishable ? "" : " tied"))
                                            .c_str());
        out << line << model.path << "\n";
      }
      out << "\n+- after a total or per-token figure: its standard error over runs ("
          << (unbiased ? "the estimator is unbiased" : "it leaves out the estimator's bias")
          << (errorCaveat.empty() ? "" : "; " + errorCaveat) << ").\n"
          << "difference to best: paired over the same documents, +- its standard error over documents; \"tied\": "
             "within two errors of the best, not distinguishably worse.\n";
      out << "time            " << fixed(seconds, 3) << " s on " << threads << (threads == 1 ? " thread" : " threads")
          << "\n";
    }

    for (const RankedModel& model : ranked) {
      if (model.ownSkipped * 20 > allTokens)
        err << "warning: " << model.path << " alone cannot score " << model.ownSkipped << " of " << allTokens
            << " tokens (more than 5%); every model is ranked on the " << sharedTokens << " tokens all of them score\n";
    }
    if (reportFile) {
      HtmlReport report;
      report.title = "topiceval: models ranked on " + settings.input;
      report.summary = {{"input", settings.input + ": " + tokensLine}, {"estimator", estimatorLine}};
      for (std::size_t r = 0; r < ranked.size(); ++r) {
        const RankedModel& model = ranked[r];
        report.summary.emplace_back(
            std::to_string(r + 1) + ". " + model.path,
            std::to_string(model.topics) + " topics; per token " +
                plusMinus(model.result.perTokenLogLikelihood(), model.result.perTokenStandardError(), 5) +
                "; perplexity " + fixed(model.result.perplexity(), 1) +
                (&model == &best ? "; best"
                                 : "; " + plusMinus(-model.difference, model.differenceError, 2) +
                                       " nats to the best (" + mark(model) + ")"));
      }
      std::vector<double> topics, perToken, errors, perplexity, perplexityErrors;
      for (const RankedModel& model : ranked) {
        topics.push_back(model.topics);
        perToken.push_back(model.result.perTokenLogLikelihood());
        errors.push_back(model.result.perTokenStandardError());
        perplexity.push_back(model.result.perplexity());
        perplexityErrors.push_back(model.result.perplexityStandardError());
      }
      report.figures.push_back(
          {"Held-out log likelihood per token against the number of topics; bars are +- 2 "
           "standard errors (over runs).",
           errorBarsSvg(topics, perToken, errors, "topics", "log likelihood per token", "by-k")});
      report.figures.push_back(
          {"Perplexity against the number of topics; bars are +- 2 standard errors.",
           errorBarsSvg(topics, perplexity, perplexityErrors, "topics", "perplexity", "perplexity")});
      if (ranked.size() > 1) {
        std::vector<double> first, second;
        for (const std::size_t d : scoredDocuments) {
          const auto tokens = static_cast<double>(ranked[0].result.documents[d].scoredTokens);
          first.push_back(ranked[0].result.documents[d].logLikelihood / tokens);
          second.push_back(ranked[1].result.documents[d].logLikelihood / tokens);
        }
        report.figures.push_back({"Per-document log likelihood per token: the best model (x, " + ranked[0].path +
                                      ") against the second (y, " + ranked[1].path +
                                      "); below the diagonal, the "
                                      "best model wins the document.",
                                  scatterSvg(first, second, "best: " + std::to_string(ranked[0].topics) + " topics",
                                             "second: " + std::to_string(ranked[1].topics) + " topics", "pair")});
      }
      writeHtmlReport(*reportFile, report);
    }
    return 0;
  } catch (...) {
    return reportFailure("select", err);
  }
}

}  // namespace topiceval::cli
