#include "native/cli/command_support.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "formats/format_error.hpp"

namespace topiceval::cli {

std::string formatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

namespace {

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

double documentPerplexity(const DocumentResult& document) {
  if (document.scoredTokens == 0) return std::nan("");
  return std::exp(-document.logLikelihood / static_cast<double>(document.scoredTokens));
}

}  // namespace

void writeDocumentTable(std::ostream& out, const DocumentCollection& documents, const EvaluationResult& result) {
  out << "doc\tname\ttokens\tskipped\tloglik\tloglik_se\tperplexity\n";
  for (std::size_t d = 0; d < result.documents.size(); ++d) {
    const DocumentResult& document = result.documents[d];
    const std::string& name = documents.name(d);
    out << d << '\t' << (name.empty() ? "-" : name) << '\t' << document.scoredTokens << '\t' << document.skippedTokens
        << '\t' << formatNumber(document.logLikelihood) << '\t' << formatNumber(document.relativeStandardError) << '\t'
        << formatNumber(documentPerplexity(document)) << '\n';
  }
}

void writeSummary(std::ostream& out, const RunDescription& run, const EvaluationResult& result) {
  const ScoringModel& scoring = *run.scoring;
  out << "model           " << run.modelPath << ": " << formats::describe(run.modelKind) << ", " << run.model->numTopics
      << " topics, " << run.model->numTypes() << " types\n";
  out << "input           " << run.inputPath << ": " << run.documents->size() << " documents, "
      << run.documents->totalTokens() << " tokens\n";
  out << "estimator       " << run.estimator;
  if (run.stochastic) out << "; seed " << run.seed << ", " << run.runs << (run.runs == 1 ? " run" : " runs");
  out << "\n";
  out << "unseen words    " << describe(scoring.policy()) << ": " << scoring.skippedTokens() << " tokens of "
      << scoring.skippedTypes() << " distinct types skipped";
  if (scoring.unseenTypesScored() > 0) out << ", " << scoring.unseenTypesScored() << " unseen types scored";
  out << "; V = " << scoring.vocabularySize() << "\n";
  out << "scored tokens   " << result.scoredTokens << "\n";
  out << "log likelihood  " << fixed(result.totalLogLikelihood, 4) << "\n";
  out << "per token       " << fixed(result.perTokenLogLikelihood(), 6) << "\n";
  out << "perplexity      " << fixed(result.perplexity(), 3) << "\n";
  out << "time            " << fixed(run.seconds, 3) << " s on " << run.threads
      << (run.threads == 1 ? " thread" : " threads") << "\n";
}

void warnAboutEmptyDocuments(std::ostream& err, const EvaluationResult& result) {
  std::size_t empty = 0;
  for (const DocumentResult& document : result.documents) empty += document.scoredTokens == 0;
  if (empty > 0)
    err << "warning: " << empty << (empty == 1 ? " document has" : " documents have")
        << " no scored word; each counts log likelihood 0 and has no perplexity\n";
}

void checkSomethingIsScored(const ScoringModel& scoring, const DocumentCollection& documents,
                            const std::string& inputPath, const std::string& modelPath) {
  if (documents.totalTokens() == 0) throw formats::FormatError(inputPath, "holds no words");
  if (scoring.skippedTokens() == documents.totalTokens())
    throw formats::FormatError(inputPath, "none of its " + std::to_string(documents.totalTokens()) +
                                              " words is scored under --unseen-words " + describe(scoring.policy()) +
                                              ": were these documents imported for " + modelPath + "?");
}

}  // namespace topiceval::cli
