#include "native/cli/shared_options.hpp"

#include <algorithm>

#include "native/estimators/estimator_registry.hpp"
#include "native/estimators/estimator_settings.hpp"
#include "native/estimators/setting_limits.hpp"

#include "native/cli/command_support.hpp"
#include "native/cli/mallet_style_options.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval::cli {

namespace po = boost::program_options;

UnseenWords SharedSettings::policy() const { return parseUnseenWords(unseenWords); }

std::optional<std::size_t> SharedSettings::vocabulary(const po::variables_map& values) const {
  if (!values.count("vocab-size")) return std::nullopt;
  return static_cast<std::size_t>(vocabularySize);
}

namespace {

// MALLET's spellings of settings topiceval's own commands spell their way:
// accepted as aliases, so one vocabulary works everywhere.
constexpr std::pair<const char*, const char*> kMalletSpellings[] = {
    {"num-particles", "particles"}, {"use-resampling", "resampling"}, {"random-seed", "seed"}};

std::vector<std::string> withMalletSpellings(const std::vector<std::string>& arguments,
                                             const po::options_description& options) {
  std::vector<std::string> rewritten = arguments;
  for (std::string& argument : rewritten) {
    if (!argument.starts_with("--")) continue;
    const std::size_t end = std::min(argument.find('='), argument.size());
    const std::string name = argument.substr(2, end - 2);
    for (const auto& [mallet, ours] : kMalletSpellings) {
      if (name == mallet && options.find_nothrow(name, false) == nullptr &&
          options.find_nothrow(ours, false) != nullptr)
        argument = "--" + std::string(ours) + argument.substr(end);
    }
  }
  return rewritten;
}

// "unrecognised option '--particels' (did you mean '--particles'?)".
UsageError unknownOption(const std::string& name, const po::options_description& options) {
  std::vector<std::string> names;
  for (const auto& option : options.options()) names.push_back("--" + option->long_name());
  const auto suggestion = closestMatch(name, names);
  return UsageError("unrecognised option '" + name + "'" +
                    (suggestion ? " (did you mean '" + *suggestion + "'?)" : std::string()));
}

}  // namespace

void parseCommandLine(const std::vector<std::string>& given, const po::options_description& options,
                      po::variables_map& values, const po::positional_options_description* positional) {
  const std::vector<std::string> arguments = withMalletSpellings(given, options);
  po::command_line_parser parser(arguments);
  parser.options(options);
  if (positional != nullptr) parser.positional(*positional);
  bool percent = false;
  for (const std::string& argument : arguments) percent = percent || argument.find('%') != std::string::npos;
  try {
    po::store(parser.run(), values);
    po::notify(values);
  } catch (const po::error_with_option_name& error) {
    if (dynamic_cast<const po::unknown_option*>(&error) != nullptr && !percent)
      throw unknownOption(error.get_option_name(), options);
    if (!percent) throw;
    // Only the option's name is safe to ask for: what() is the call that never returns.
    const std::string name = error.get_option_name();
    if (dynamic_cast<const po::unknown_option*>(&error) != nullptr)
      throw UsageError("unrecognised option '" + name + "'");
    throw UsageError("option '" + name + "' has a missing, repeated or invalid value");
  }
}

void addSharedOptions(po::options_description& options, SharedSettings& settings, const std::string& unseenWordsHelp,
                      const std::string& vocabularyHelp) {
  options.add_options()("unseen-words", po::value(&settings.unseenWords)->default_value(settings.unseenWords),
                        unseenWordsHelp.c_str())("vocab-size", po::value(&settings.vocabularySize),
                                                 vocabularyHelp.c_str())(
      "seed", po::value(&settings.seed)->default_value(settings.seed), "random seed")(
      "threads", po::value(&settings.threads)->default_value(settings.threads),
      "threads; 0 uses every core (results do not depend on it)");
}

void EstimatorChoice::addOptions(po::options_description& options) {
  std::string help;
  for (const EstimatorDefinition& definition : estimatorRegistry())
    help += (help.empty() ? "" : "\n") + definition.name + ": " + definition.summary;
  const std::string defaults =
      estimator + " (LDA models), " + defaultEstimator(ModelFamily::LogisticNormal) + " (logistic-normal models)";
  options.add_options()("estimator", po::value(&estimator)->default_value(estimator, defaults), help.c_str());
  for (const SharedSetting& setting : allEstimatorSettings()) {
    const std::string settingHelp = setting.helpText();
    options.add_options()(setting.spec.name.c_str(), po::value(&values[setting.spec.name]), settingHelp.c_str());
  }
  options.add_options()("runs", po::value(&runs)->default_value(runs),
                        "independent estimates per document (stochastic estimators); the errors come from them");
}

EstimatorSettings EstimatorChoice::settings(const po::variables_map& given) const {
  EstimatorSettings chosen;
  chosen.estimator = estimator;
  for (const auto& [name, value] : values) {
    if (given.count(name)) chosen.values[name] = value;
  }
  return chosen;
}

void EstimatorChoice::check(const po::variables_map& given) const {
  checkSettingRange("runs", runs, 1, SettingLimits::kRuns);
  const EstimatorSettings chosen = settings(given);
  if (!given.count("estimator") || !given["estimator"].defaulted()) {
    validateSettings(chosen);
    return;
  }
  // No --estimator: each model's family picks its default (select may hold
  // both), so each setting is checked against the default that declares it,
  // and again against the model's estimator once the model is read.
  EstimatorSettings lda, logisticNormal;
  lda.estimator = defaultEstimator(ModelFamily::Dirichlet);
  logisticNormal.estimator = defaultEstimator(ModelFamily::LogisticNormal);
  for (const auto& [name, value] : chosen.values) {
    if (declaresSetting(lda.estimator, name)) {
      lda.values[name] = value;
    } else if (declaresSetting(logisticNormal.estimator, name)) {
      logisticNormal.values[name] = value;
    } else {
      validateSettings(chosen);  // names the estimators that declare it
    }
  }
  validateSettings(lda);
  validateSettings(logisticNormal);
}

std::vector<std::size_t> parseDocumentSelection(const std::string& text, std::size_t documents) {
  const auto malformed = [&]() {
    return SettingError("documents", "takes 0-based indices and ranges such as 0-29,40, not '" + text + "'");
  };
  const auto number = [&](const std::string& digits) {
    if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
      throw malformed();
    const auto value = std::stoull(digits);
    if (value >= documents)
      throw SettingError("documents", "names document " + digits + ", but the input has " + std::to_string(documents) +
                                          " documents (0 to " + std::to_string(documents == 0 ? 0 : documents - 1) +
                                          ")");
    return static_cast<std::size_t>(value);
  };
  std::vector<bool> chosen(documents, false);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    const std::size_t first = number(item.substr(0, dash));
    const std::size_t last = dash == std::string::npos ? first : number(item.substr(dash + 1));
    if (last < first) throw malformed();
    for (std::size_t d = first; d <= last; ++d) chosen[d] = true;
    start = comma + 1;
  }
  std::vector<std::size_t> indices;
  for (std::size_t d = 0; d < documents; ++d) {
    if (chosen[d]) indices.push_back(d);
  }
  return indices;
}

void checkSharedOptions(const po::variables_map& values, const SharedSettings& settings) {
  if (settings.seed < 0) throw UsageError("--seed must not be negative");
  if (settings.threads < 0) throw UsageError("--threads must be 0 (every core) or more");
  checkSettingRange("threads", settings.threads, 0, SettingLimits::kThreads);
  settings.policy();
  if (values.count("vocab-size") && settings.vocabularySize < 1) throw UsageError("--vocab-size must be positive");
}

}  // namespace topiceval::cli
