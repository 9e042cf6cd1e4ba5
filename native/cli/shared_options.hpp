#pragma once
// The options that every likelihood command of topiceval's own (evaluate,
// compare, curve) takes with the same meaning and the same checks: the seed,
// the thread count, the unseen-word policy and the vocabulary size V.

#include <boost/program_options.hpp>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/model/scoring_model.hpp"

namespace topiceval::cli {

struct SharedSettings {
  long long seed = 1;
  int threads = 0;
  std::string unseenWords = "skip";
  long long vocabularySize = 0;

  // Valid only after checkSharedOptions accepted the settings.
  UnseenWords policy() const;
  // V when --vocab-size was given; empty lets the scoring model decide.
  std::optional<std::size_t> vocabulary(const boost::program_options::variables_map& values) const;
};

// Parses and stores `arguments` into `values` (po::store, then po::notify).
// Boost.Program_options 1.74 never finishes formatting an error whose option
// name or value contains one of its own placeholders ("%canonical_option%",
// found by fuzzing), so when an argument holds a '%' its errors are described
// here instead, as a UsageError naming the option.
void parseCommandLine(const std::vector<std::string>& arguments,
                      const boost::program_options::options_description& options,
                      boost::program_options::variables_map& values,
                      const boost::program_options::positional_options_description* positional = nullptr);

// Adds --seed, --threads, --unseen-words and --vocab-size, bound to `settings`.
void addSharedOptions(boost::program_options::options_description& options, SharedSettings& settings,
                      const std::string& unseenWordsHelp, const std::string& vocabularyHelp);

// The estimator a likelihood command (evaluate, select) runs, as the user chose it.
struct EstimatorChoice {
  // The defaults come from the accuracy benchmark (README, "Accuracy against time, and the default estimator").
  std::string estimator = defaultEstimator(ModelFamily::Dirichlet);
  // Every registered estimator's settings, by name, as typed; those given are
  // passed on (each estimator takes its own default for the others).
  std::map<std::string, std::string> values;
  int runs = 4;  // the fewest that give an error and can show a heavy tail (kFewestSamplesForTails)

  // Adds --estimator (with one help line per estimator), every registered setting and --runs.
  void addOptions(boost::program_options::options_description& options);
  // The settings the user gave; check() first.
  EstimatorSettings settings(const boost::program_options::variables_map& values) const;
  // SettingError for a bad estimator, setting or --runs, before any work.
  void check(const boost::program_options::variables_map& values) const;
};

// --documents: "0-29,40" as 0-based document indices (the doc column of
// --format tsv), ranges inclusive, ascending and each once. SettingError
// ("documents", ...) for a malformed list or an index of no document.
std::vector<std::size_t> parseDocumentSelection(const std::string& text, std::size_t documents);

// Throws UsageError naming the first option whose value is out of range.
void checkSharedOptions(const boost::program_options::variables_map& values, const SharedSettings& settings);

}  // namespace topiceval::cli
