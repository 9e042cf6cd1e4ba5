#include "native/cli/command_support.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include <boost/program_options/errors.hpp>

#include "formats/format_error.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/runtime/setting_error.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/cli/report_writers.hpp"

namespace topiceval::cli {

const char* const kVersion = TOPICEVAL_VERSION;

std::optional<std::string> closestMatch(const std::string& word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t bestDistance = std::min<std::size_t>(2, (word.size() + 2) / 3);
  for (const std::string& candidate : candidates) {
    // Levenshtein distance, one row at a time.
    std::vector<std::size_t> row(candidate.size() + 1);
    for (std::size_t j = 0; j <= candidate.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= candidate.size(); ++j) {
        const std::size_t above = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (word[i - 1] == candidate[j - 1] ? 0 : 1)});
        diagonal = above;
      }
    }
    if (row.back() <= bestDistance && (!best || row.back() < bestDistance)) {
      best = candidate;
      bestDistance = row.back();
    }
  }
  return best;
}

std::string formatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string tsvField(const std::string& text) {
  if (text.empty()) return "-";
  std::string field = text;
  for (char& c : field) {
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  }
  return field;
}

double documentPerplexity(const DocumentResult& document) {
  if (document.scoredTokens == 0) return std::nan("");
  return std::exp(-document.logLikelihood / static_cast<double>(document.scoredTokens));
}

std::string documentFlags(const DocumentResult& document, bool notConverged) {
  std::string flags;
  if (document.heavyTailed()) flags = "heavy-tailed";
  if (notConverged) flags += flags.empty() ? "not-converged" : ",not-converged";
  return flags.empty() ? "-" : flags;
}

void writeDocumentTable(std::ostream& out, const DocumentCollection& documents, const EvaluationResult& result,
                        const std::vector<bool>& notConverged) {
  out << "doc\tname\ttokens\tskipped\tloglik\tloglik_se\tperplexity\teffective_runs\tflag\n";
  for (std::size_t d = 0; d < result.documents.size(); ++d) {
    const DocumentResult& document = result.documents[d];
    out << d << '\t' << tsvField(documents.name(d)) << '\t' << document.scoredTokens << '\t' << document.skippedTokens
        << '\t' << formatNumber(document.logLikelihood) << '\t' << formatNumber(document.standardError) << '\t'
        << formatNumber(documentPerplexity(document)) << '\t' << formatNumber(document.effectiveRuns) << '\t'
        << documentFlags(document, d < notConverged.size() && notConverged[d]) << '\n';
  }
}

void writeSummary(std::ostream& out, const RunDescription& run, const EvaluationResult& result) {
  for (const auto& [label, value] : summaryRows(run, result)) {
    out << label << std::string(label.size() < 16 ? 16 - label.size() : 1, ' ') << value << "\n";
  }
}

std::string commandLineFlag(const std::string& command, const std::string& setting) {
  // evaluate-topics keeps MALLET's spellings for the settings MALLET has.
  if (command == "evaluate-topics") {
    if (setting == "particles") return "--num-particles";
    if (setting == "resampling") return "--use-resampling";
    if (setting == "seed") return "--random-seed";
  }
  return "--" + setting;
}

int reportFailure(const std::string& command, std::ostream& err) {
  const std::string prefix = "topiceval " + command + ": ";
  try {
    throw;
  } catch (const formats::FormatError& error) {
    err << prefix << error.what() << "\n";
    return kFileProblem;
  } catch (const SettingError& error) {
    err << prefix << commandLineFlag(command, error.setting()) << " " << error.problem() << "\n";
    return kUsageProblem;
  } catch (const UsageError& error) {
    err << prefix << error.what() << "\n";
    return kUsageProblem;
  } catch (const boost::program_options::error& error) {
    err << prefix << error.what() << "\n";
    return kUsageProblem;
  } catch (const std::logic_error& error) {  // a broken promise inside topiceval, not the user's mistake
    err << prefix << "internal error: " << error.what() << " (please report it)\n";
    return kInternalError;
  } catch (const std::bad_alloc&) {
    err << prefix << "out of memory while evaluating (lower --particles, --runs, --temperatures or --threads)\n";
    return kFileProblem;
  } catch (const std::exception& error) {
    err << prefix << error.what() << "\n";
    return kFileProblem;
  }
}

std::vector<std::string> runWarnings(const RunDescription& run, const EvaluationResult& result) {
  std::vector<std::string> warnings;
  const uint64_t tokens = result.scoredTokens + result.skippedTokens;
  if (result.skippedTokens * 20 > tokens) {
    warnings.push_back(std::to_string(result.skippedTokens) + " of " + std::to_string(tokens) + " tokens (" +
                       fixed(100.0 * static_cast<double>(result.skippedTokens) / static_cast<double>(tokens), 1) +
                       "%) are skipped under --unseen-words " + describe(run.scoring->policy()) +
                       ": the likelihood covers only the rest, so it is not comparable with a run that scores more " +
                       "(plain text is split at white space, without MALLET's import pipeline: import held-out "
                       "documents with --use-pipe-from to get MALLET's tokens)");
  }
  if (run.modelKind == formats::ModelFileKind::TopicState && !run.vocabularyGiven)
    warnings.push_back("V = " + std::to_string(run.scoring->vocabularySize()) +
                       " counts the types this topic state shows (those with training tokens); the same model's "
                       "evaluator, inferencer or saved model uses its whole alphabet, which gives lower "
                       "probabilities: pass --vocab-size (the training alphabet's size) to match them");
  return warnings;
}

void warnAboutEmptyDocuments(std::ostream& err, const EvaluationResult& result) {
  std::size_t empty = 0;
  for (const DocumentResult& document : result.documents) empty += document.scoredTokens == 0;
  if (empty > 0)
    err << "warning: " << empty << (empty == 1 ? " document has" : " documents have")
        << " no scored word; each counts log likelihood 0 and has no perplexity\n";
}

void checkSameWords(const TopicModel& a, const TopicModel& b, const std::string& pathA, const std::string& pathB,
                    std::ostream& err) {
  if (a.alphabet == nullptr || b.alphabet == nullptr) {
    err << "note: " << (a.alphabet == nullptr ? pathA : pathB)
        << " carries no words (an evaluator file); the two models are assumed to share their alphabet\n";
    return;
  }
  const std::size_t common = std::min(a.alphabet->size(), b.alphabet->size());
  for (std::size_t i = 0; i < common; ++i) {
    const std::string& wordA = a.alphabet->word(i);
    const std::string& wordB = b.alphabet->word(i);
    if (!wordA.empty() && !wordB.empty() && wordA != wordB)
      throw formats::FormatError(pathB, "its alphabet disagrees with " + pathA + "'s: type " + std::to_string(i) +
                                            " is '" + wordB + "' here but '" + wordA +
                                            "' there; the models must share their words");
  }
}

void checkSomethingIsScored(const ScoringModel& scoring, const DocumentCollection& documents,
                            const std::string& inputPath, const std::string& modelPath) {
  if (documents.totalTokens() == 0) throw formats::FormatError(inputPath, "holds no words");
  if (scoring.skippedTokens() == documents.totalTokens())
    throw formats::FormatError(inputPath, "none of its " + std::to_string(documents.totalTokens()) +
                                              " words is scored under --unseen-words " + describe(scoring.policy()) +
                                              ": were these documents imported for " + modelPath + "?");
}

std::vector<std::pair<std::string, std::string>> summaryRows(const RunDescription& run,
                                                             const EvaluationResult& result) {
  const ScoringModel& scoring = *run.scoring;
  std::string estimator = run.estimator;
  if (run.stochastic)
    estimator +=
        "; seed " + std::to_string(run.seed) + ", " + std::to_string(run.runs) + (run.runs == 1 ? " run" : " runs");
  // "value +- error" where an error exists.
  const bool withError = run.stochastic && run.runs > 1;
  const auto plusMinus = [&](double value, double error, int decimals) {
    return withError ? fixed(value, decimals) + " +- " + fixed(error, decimals) : fixed(value, decimals);
  };
  std::string unseen = std::string(describe(scoring.policy())) + ": " + std::to_string(scoring.skippedTokens()) +
                       " tokens of " + std::to_string(scoring.skippedTypes()) + " distinct types skipped";
  if (scoring.unseenTypesScored() > 0)
    unseen += ", " + std::to_string(scoring.unseenTypesScored()) + " unseen types scored";
  unseen += "; V = " + std::to_string(scoring.vocabularySize());
  std::vector<std::pair<std::string, std::string>> rows = {
      {"model", run.modelPath + ": " + formats::describe(run.modelKind) + ", " + std::to_string(run.modelTopics) +
                    " topics, " + std::to_string(run.modelTypes) + " types"},
      {"input", run.inputPath + ": " + std::to_string(run.documents->size()) + " documents, " +
                    std::to_string(run.documents->totalTokens()) + " tokens"},
      {"estimator", estimator},
      {"unseen words", unseen},
      {"scored tokens", std::to_string(result.scoredTokens)},
      {"completion", run.completion.empty()
                         ? std::string("none (the whole of each document is scored)")
                         : "p(w2 | w1) per document, split " + run.completion + ": " +
                               std::to_string(result.conditionedTokens) + " scored tokens of w1 conditioned on, " +
                               std::to_string(result.scoredTokens) +
                               " tokens of w2 scored (the figures below are for w2)"},
      {"log likelihood", plusMinus(result.totalLogLikelihood, result.totalStandardError, 4)},
      {"per token", plusMinus(result.perTokenLogLikelihood(), result.perTokenStandardError(), 6)},
      {"perplexity", plusMinus(result.perplexity(), result.perplexityStandardError(), 3)},
      {"error", errorStatement(run, result)},
      {"convergence", run.convergence != nullptr
                          ? run.convergence->summary()
                          : std::string(run.stochastic ? "not checked (--check-convergence)" : "deterministic")},
      {"time", fixed(run.seconds, 3) + " s on " + std::to_string(run.threads) +
                   (run.threads == 1 ? " thread" : " threads") + siteUpdatesText(result.siteUpdates)},
  };
  if (run.variationalBound) {
    const auto error = std::find_if(rows.begin(), rows.end(), [](const auto& row) { return row.first == "error"; });
    rows.insert(error + 1, {"bound", fixed(*run.variationalBound, 4) + " (the " + run.boundMethod +
                                         " E-step's variational lower bound on the log likelihood, for comparison: "
                                         "the log likelihood lies above it)"});
  }
  return rows;
}

std::string siteUpdatesText(uint64_t updates) {
  if (updates == 0) return {};
  std::ostringstream text;
  text << std::setprecision(3) << static_cast<double>(updates);
  return "; " + text.str() + " Gibbs site updates (the cost unit of Wallach et al. 2009, table 1)";
}

std::string errorStatement(const RunDescription& run, const EvaluationResult& result) {
  if (!run.stochastic) return "none from sampling (a deterministic estimator); its bias is not measured here";
  if (run.runs == 1) return "unknown: one run gives no standard error (use --runs 2 or more; 4 is a fair minimum)";
  std::string statement = "+- is one standard error over " + std::to_string(run.runs) +
                          " runs per document (the larger of the jackknife and lognormal errors), summed over "
                          "independent documents; ";
  if (!run.completion.empty()) {
    // p(w2 | w1) = p(w) / p(w1): no estimator here is unbiased for the ratio
    // unless it samples p(z1 | w1) exactly.
    statement += run.unbiased ? "p(w2 | w1) is estimated through the sampler's state on w1, which only an exact "
                                "sample of p(z1 | w1) makes unbiased: the error does not include that bias, small "
                                "when the sampler on w1 has converged"
                              : "it does not include the estimator's bias (this estimator is biased)";
  } else if (!run.unbiased) {
    statement += "it does not include the estimator's bias (this estimator is biased)";
  } else if (run.errorCaveat.empty()) {
    statement +=
        "the estimator is unbiased for p(w), so this covers its whole error unless a document is flagged "
        "heavy-tailed";
  } else {
    statement += "the estimator is unbiased for p(w), but " + run.errorCaveat;
  }
  if (static_cast<std::size_t>(run.runs) < kFewestSamplesForTails)
    statement += "; with fewer than " + std::to_string(kFewestSamplesForTails) +
                 " runs heavy tails cannot be detected, so the errors may be too small";
  const std::size_t heavy = result.heavyTailedDocuments();
  if (heavy > 0)
    statement += "; " + std::to_string(heavy) + (heavy == 1 ? " document is" : " documents are") +
                 " heavy-tailed (a few runs carry the mean, see flag): their errors are unreliable, use more --runs "
                 "or a larger budget";
  return statement;
}

void writeJson(std::ostream& out, const RunDescription& run, const EvaluationResult& result,
               const std::vector<bool>& notConverged) {
  const ScoringModel& scoring = *run.scoring;
  JsonWriter json(out);
  json.beginObject();
  json.field("command", run.command).field("version", kVersion);
  json.key("model").beginObject();
  json.field("path", run.modelPath).field("kind", formats::describe(run.modelKind));
  json.field("topics", run.modelTopics).field("types", static_cast<uint64_t>(run.modelTypes));
  json.endObject();
  json.key("input").beginObject();
  json.field("path", run.inputPath).field("documents", static_cast<uint64_t>(run.documents->size()));
  json.field("tokens", static_cast<uint64_t>(run.documents->totalTokens()));
  json.endObject();
  json.key("estimator").beginObject();
  json.field("description", run.estimator).field("stochastic", run.stochastic);
  if (!run.estimatorName.empty()) {
    json.field("name", run.estimatorName);
    json.key("settings").beginObject();
    const EstimatorDefinition& definition = findEstimator(run.estimatorName);
    for (const auto& [name, value] : run.estimatorSettings) {
      const std::string& setting = name;  // (a structured binding cannot be captured before C++20's clang 16)
      const auto spec = std::find_if(definition.settings.begin(), definition.settings.end(),
                                     [&](const SettingSpec& s) { return s.name == setting; });
      if (spec != definition.settings.end() && spec->kind == SettingKind::Integer) {
        json.field(name, static_cast<int64_t>(std::stoll(value)));
      } else if (spec != definition.settings.end() && spec->kind == SettingKind::Boolean) {
        json.field(name, value == "true");
      } else {
        json.field(name, value);
      }
    }
    json.endObject();
  }
  json.field("unbiased", run.unbiased).field("seed", run.seed).field("runs", run.runs);
  if (!run.completion.empty()) {
    json.key("completion").beginObject().field("split", run.completion);
    json.field("conditioned_tokens", result.conditionedTokens).field("scored_tokens", result.scoredTokens);
    json.endObject();
  }
  json.endObject();
  json.key("unseen_words").beginObject();
  json.field("policy", describe(scoring.policy())).field("skipped_tokens", scoring.skippedTokens());
  json.field("skipped_types", scoring.skippedTypes()).field("unseen_types_scored", scoring.unseenTypesScored());
  json.field("vocabulary_size", static_cast<uint64_t>(scoring.vocabularySize()));
  json.endObject();
  json.key("summary").beginObject();
  json.field("log_likelihood", result.totalLogLikelihood).field("log_likelihood_se", result.totalStandardError);
  json.field("per_token", result.perTokenLogLikelihood()).field("per_token_se", result.perTokenStandardError());
  json.field("perplexity", result.perplexity()).field("perplexity_se", result.perplexityStandardError());
  json.field("error", errorStatement(run, result));
  json.field("heavy_tailed_documents", static_cast<uint64_t>(result.heavyTailedDocuments()));
  json.field("documents", static_cast<uint64_t>(result.documents.size()));
  json.field("tokens", result.scoredTokens).field("skipped_tokens", result.skippedTokens);
  json.field("wall_seconds", run.seconds).field("threads", run.threads);
  json.field("site_updates", result.siteUpdates);
  if (run.variationalBound) {
    json.field("variational_bound", *run.variationalBound).field("variational_bound_e_step", run.boundMethod);
  }
  json.endObject();
  if (run.convergence != nullptr) {
    const ConvergenceReport& convergence = *run.convergence;
    json.key("convergence").beginObject();
    json.field("converged", convergence.converged).field("budget_setting", convergence.budgetSetting);
    json.field("summary", convergence.summary());
    json.field("last_change", convergence.lastChange).field("last_change_se", convergence.lastChangeError);
    json.key("steps").beginArray();
    for (const ConvergenceStep& step : convergence.steps) {
      json.beginObject();
      json.field("budget", static_cast<int64_t>(step.budget)).field("log_likelihood", step.totalLogLikelihood);
      json.field("log_likelihood_se", step.totalStandardError);
      json.field("documents_not_converged", static_cast<uint64_t>(step.documentsNotConverged));
      json.field("seconds", step.seconds);
      json.endObject();
    }
    json.endArray();
    json.endObject();
  }
  json.key("warnings").beginArray();
  for (const std::string& warning : runWarnings(run, result)) json.value(warning);
  json.endArray();
  json.key("documents").beginArray();
  for (std::size_t d = 0; d < result.documents.size(); ++d) {
    const DocumentResult& document = result.documents[d];
    json.beginObject();
    json.field("doc", static_cast<uint64_t>(d)).field("name", run.documents->name(d));
    json.field("tokens", document.scoredTokens).field("skipped", document.skippedTokens);
    json.field("loglik", document.logLikelihood).field("loglik_se", document.standardError);
    json.field("perplexity", documentPerplexity(document)).field("effective_runs", document.effectiveRuns);
    json.field("flag", documentFlags(document, d < notConverged.size() && notConverged[d]));
    json.endObject();
  }
  json.endArray();
  json.endObject();
  out << "\n";
}

void writeEvaluationReport(OutputFile& file, const RunDescription& run, const EvaluationResult& result,
                           const EvaluationResult& versus, const std::string& versusName) {
  HtmlReport report;
  report.title = "topiceval: held-out likelihood of " + run.inputPath;
  report.summary = summaryRows(run, result);
  for (const std::string& warning : runWarnings(run, result)) report.summary.emplace_back("warning", warning);
  std::vector<double> perplexities, mine, theirs;
  for (std::size_t d = 0; d < result.documents.size(); ++d) {
    const DocumentResult& document = result.documents[d];
    if (document.scoredTokens == 0) continue;
    const auto tokens = static_cast<double>(document.scoredTokens);
    perplexities.push_back(documentPerplexity(document));
    mine.push_back(document.logLikelihood / tokens);
    theirs.push_back(versus.documents[d].logLikelihood / tokens);
  }
  report.figures.push_back({"Per-document log likelihood per token: " + run.estimator + " (x) against " + versusName +
                                " (y); the dashed line is y = x.",
                            scatterSvg(mine, theirs, run.estimator, versusName, "scatter")});
  report.figures.push_back({"Per-document perplexity (" + run.estimator + ").",
                            histogramSvg(perplexities, "perplexity", true, "histogram")});
  writeHtmlReport(file, report);
}

}  // namespace topiceval::cli
