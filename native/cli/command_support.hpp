#pragma once
// What the commands that report held-out likelihoods share: describing a run,
// the per-document table, the summary, and the checks on what gets scored.

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "formats/model_readers.hpp"
#include "native/model/document_collection.hpp"
#include "native/estimators/convergence_check.hpp"
#include "native/estimators/estimator.hpp"
#include "native/model/scoring_model.hpp"
#include "native/cli/output_file.hpp"

namespace topiceval::cli {

// A number as the shortest decimal that reads back the same ("nan", "inf" for those).
std::string formatNumber(double value);
// A number with a fixed count of decimals ("%.Nf").
std::string fixed(double value, int decimals);
// A document name as one TSV field: tabs and line breaks become spaces (they
// would split the row), and an empty name is "-".
std::string tsvField(const std::string& text);
// exp(-loglik / tokens), NaN for a document with nothing scored.
double documentPerplexity(const DocumentResult& document);

struct RunDescription {
  std::string command;
  std::string modelPath;
  formats::ModelFileKind modelKind = formats::ModelFileKind::Evaluator;
  int modelTopics = 0;
  std::size_t modelTypes = 0;
  std::string inputPath;
  const DocumentCollection* documents = nullptr;
  const ScoringModel* scoring = nullptr;
  std::string estimator;  // the estimator's description ("left-to-right, 10 particles, resampling")
  // Its registered name and settings, when it came from the registry (JSON shows them typed).
  std::string estimatorName;
  std::vector<std::pair<std::string, std::string>> estimatorSettings;
  bool stochastic = true;
  bool unbiased = false;                           // the estimator's runs average to p(w): no bias beyond the +-
  std::string errorCaveat;                         // DocumentEstimator::errorCaveat
  std::string completion;                          // "first-half" or "alternate" under document completion
  const ConvergenceReport* convergence = nullptr;  // when --check-convergence ran
  bool vocabularyGiven = false;                    // --vocab-size was given
  uint64_t seed = 0;
  int runs = 1;
  int threads = 1;
  double seconds = 0.0;
  // A logistic-normal model's total variational bound (its E-step's lower
  // bound on the log likelihood), printed beside the estimate.
  std::optional<double> variationalBound;
  std::string boundMethod;  // "taylor" or "blei-lafferty"
};

// Header, then per document: doc name tokens skipped loglik loglik_se
// perplexity effective_runs flag. loglik_se is the standard error in nats;
// flag is "-", or heavy-tailed and/or not-converged (documents the
// convergence check names in `notConverged`, by index).
void writeDocumentTable(std::ostream& out, const DocumentCollection& documents, const EvaluationResult& result,
                        const std::vector<bool>& notConverged = {});
// "heavy-tailed", "not-converged", both (comma-separated) or "-".
std::string documentFlags(const DocumentResult& document, bool notConverged);
// One sentence on what the +- of the summary means for this run: the runs
// behind it, whether it includes bias, the heavy-tailed documents.
std::string errorStatement(const RunDescription& run, const EvaluationResult& result);
// "; 1.2e+09 Gibbs site updates (...)" for the time row, empty for none counted.
std::string siteUpdatesText(uint64_t updates);
// The readable summary: model, input, estimator, unseen-word policy and what it
// skipped, totals, per-token log likelihood, perplexity, time.
void writeSummary(std::ostream& out, const RunDescription& run, const EvaluationResult& result);
// What the user must know about this run's numbers, one sentence each: more
// than 5% of the tokens skipped (the total covers only the rest), and a topic
// state's V (it shows only the types with tokens, so its V can be smaller than
// the same model's evaluator's). Printed as "warning: ..." on standard error,
// listed in JSON ("warnings") and in the report's summary.
std::vector<std::string> runWarnings(const RunDescription& run, const EvaluationResult& result);
// One line on stderr when some documents had no scored word.
void warnAboutEmptyDocuments(std::ostream& err, const EvaluationResult& result);
// The same, as one JSON object: the run, the summary and one entry per document.
void writeJson(std::ostream& out, const RunDescription& run, const EvaluationResult& result,
               const std::vector<bool>& notConverged = {});
// A self-contained HTML page: the summary, a histogram of per-document
// perplexity and a scatter of per-token log likelihood against a second
// estimator's (`versus`, described by `versusName`).
void writeEvaluationReport(OutputFile& file, const RunDescription& run, const EvaluationResult& result,
                           const EvaluationResult& versus, const std::string& versusName);
// The summary as (name, value) rows, shared by the JSON and HTML outputs.
std::vector<std::pair<std::string, std::string>> summaryRows(const RunDescription& run, const EvaluationResult& result);

// topiceval's version (the CMake project's), for --version and JSON outputs.
extern const char* const kVersion;

// The candidate nearest to `word` by edit distance, when it is close enough to
// be a typo (at most 2 edits, and fewer than a third of the word); for "did you mean".
std::optional<std::string> closestMatch(const std::string& word, const std::vector<std::string>& candidates);

// Exit statuses: 0 success; 1 a file or evaluation problem (FormatError, out of
// memory, a failed write); 2 a command-line mistake (UsageError, an option
// parser's error, a rejected setting); 3 an internal error (a broken promise
// inside topiceval: a bug to report, never the user's mistake).
inline constexpr int kFileProblem = 1;
inline constexpr int kUsageProblem = 2;
inline constexpr int kInternalError = 3;

// The flag that sets library setting `setting` in `command` ("--particles";
// "--num-particles" in evaluate-topics, which keeps MALLET's spellings).
std::string commandLineFlag(const std::string& command, const std::string& setting);

// Inside a catch (...) of a command: writes the exception's one-line message as
// "topiceval COMMAND: ..." (a SettingError with the command's flag for the
// setting) and returns the exit status above.
int reportFailure(const std::string& command, std::ostream& err);

// Two models of one comparison (compare's pair, curve's series) must agree on
// their words where both name them (a topic state leaves types without training
// tokens unnamed): a FormatError naming pathB otherwise. A model without words
// (an evaluator) is assumed to share them, which a note on `err` says.
void checkSameWords(const TopicModel& a, const TopicModel& b, const std::string& pathA, const std::string& pathB,
                    std::ostream& err);

// A FormatError when the documents hold no word, or none the policy scores.
void checkSomethingIsScored(const ScoringModel& scoring, const DocumentCollection& documents,
                            const std::string& inputPath, const std::string& modelPath);

}  // namespace topiceval::cli
