// SPDX-License-Identifier: Apache-2.0
// The settings floor and the declarations that own request fields: one rule
// and one message per mistake, whichever door (an option, an estimator's
// setting, a request built in C++) it comes through.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "native/api/settings_by_name.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "support/fixtures.hpp"
#include "support/setting_errors.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

using testing::settingErrorOf;

TEST(Settings, ValidateRefusesAFieldOutsideItsDeclaredRange) {
  EvaluateRequest request;
  request.maxDoublings = 25;
  const SettingError error = settingErrorOf([&] { validate(request); });
  EXPECT_EQ(error.setting(), "max-doublings");
  EXPECT_EQ(error.problem(), "must be at most 20 (got 25)");

  SelectRequest select;
  select.budgetCap = 0;
  EXPECT_EQ(settingErrorOf([&] { validate(select); }).problem(), "must be at least 1");
  select.budgetCap.reset();  // not given: nothing to check
  EXPECT_NO_THROW(validate(select));

  // (compare's path is an enum: a choice a caller cannot misspell.)
  SelectRequest coherence;
  coherence.models = {"a"};
  coherence.coherenceMeasure = "u_mas";
  const std::string problem = settingErrorOf([&] { validate(coherence); }).problem();
  EXPECT_NE(problem.find("none, not 'u_mas' (did you mean 'u_mass'?)"), std::string::npos) << problem;
}

// A C++ caller reads the fields it set; the front ends (setting(), problem())
// keep the library's names, which they respell.
TEST(Settings, MessagesNameTheFieldsACppCallerSets) {
  EvaluateRequest request;
  request.maxDoublings = 0;
  SettingError error = settingErrorOf([&] { validate(request); });
  EXPECT_STREQ(error.what(), "maxDoublings must be at least 1");
  EXPECT_EQ(error.setting(), "max-doublings");
  EXPECT_EQ(error.problem(), "must be at least 1");

  // A setting given without the one it serves is refused as well (see
  // budget_policy_test); back to the default, the next problem shows.
  request.maxDoublings = 8;
  EXPECT_STREQ(settingErrorOf([&] { validate(request); }).what(),
               "maxDoublings applies only with checkConvergence; without it, it would be ignored");
  request.maxDoublings = EvaluateRequest::kDefaultMaxDoublings;
  request.vocabularySize = 0;
  EXPECT_STREQ(settingErrorOf([&] { (void)evaluate(request); }).what(), "vocabularySize must be at least 1");

  // The option input is the field documents; a problem naming another option names its field.
  request.vocabularySize.reset();
  request.model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  error = settingErrorOf([&] { (void)evaluate(request); });
  EXPECT_EQ(error.setting(), "input");
  EXPECT_STREQ(error.what(), "documents is required (an instance list or a text file)");

  request.documents = testing::fixtureFile("stackexchange", "test.mallet");
  request.targetError = 0.05;
  request.checkConvergence = true;
  error = settingErrorOf([&] { (void)evaluate(request); });
  EXPECT_EQ(error.problem(), "and --check-convergence each choose the budget: give one of them");
  EXPECT_STREQ(error.what(), "targetError and checkConvergence each choose the budget: give one of them");

  // An estimator's setting is a field of the request's settings.
  EvaluateRequest particles;
  particles.model = request.model;
  particles.documents = request.documents;
  particles.settings.particles = 0;
  error = settingErrorOf([&] { (void)evaluate(particles); });
  EXPECT_EQ(error.setting(), "particles");
  EXPECT_EQ(std::string(error.what()).rfind("settings.particles ", 0), 0u) << error.what();

  // The same option is another field in another request.
  SelectRequest select;
  select.documents = request.documents;
  error = settingErrorOf([&] { (void)topiceval::select(select); });
  EXPECT_EQ(error.setting(), "model");
  EXPECT_STREQ(error.what(), "models needs at least one model file (or a directory of them)");
}

// compare's path and direction and train-ctm's E-step are enums beside their
// spellings: the declarations offer the spellings and parse them once.
TEST(Settings, ChoicesAreEnumsParsedOnceAtTheEdge) {
  const CommandSpec& command = commandSpec("compare");
  const OptionValues options(command, {{"path", {"convex"}}, {"direction", {"reverse"}}}, {"model-a", "model-b", "input"});
  const CompareRequest request = compareRequest(options);
  EXPECT_EQ(request.path, AnnealingPath::Convex);
  EXPECT_EQ(request.direction, AnnealingDirection::Reverse);
  EXPECT_EQ(findOption(command, "direction")->choices, (std::vector<std::string>{"forward", "reverse", "both"}));
  EXPECT_EQ(findOption(command, "direction")->defaultValue, "both");
  const OptionSpec* eStep = findOption(commandSpec("train-ctm"), "e-step");
  ASSERT_NE(eStep, nullptr);
  EXPECT_EQ(eStep->choices, (std::vector<std::string>{"taylor", "blei-lafferty"}));
  EXPECT_EQ(eStep->defaultValue, "taylor");
  EXPECT_EQ(choiceFromSpelling<PosteriorMethod>("blei-lafferty"), PosteriorMethod::BleiLafferty);
}

TEST(Settings, EveryRequestTakesOneSeedTypeInTheRangeItsCommandDeclares) {
  static_assert(std::is_same_v<decltype(EvaluateRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(SelectRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(CompareRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(CurveRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(TrainCtmRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(CoherenceRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(EvaluateTopicsRequest::seed), Seed>);
  static_assert(std::is_same_v<decltype(InferTopicsRequest::seed), Seed>);
  // MALLET's commands take MALLET's int; topiceval's own a whole number up to 2^53.
  EvaluateTopicsRequest mallet;
  mallet.seed = int64_t{1} << 40;
  const SettingError error = settingErrorOf([&] { validate(mallet); });
  EXPECT_EQ(error.setting(), "seed");
  EXPECT_EQ(error.problem(), "must be at most 2147483647 (got 1099511627776)");
  EvaluateRequest own;
  own.seed = int64_t{1} << 40;
  EXPECT_NO_THROW(validate(own));
  own.seed = -1;
  EXPECT_EQ(settingErrorOf([&] { validate(own); }).problem(), "must be at least 0");
}

TEST(Settings, EvaluateChecksTheDeclaredRangesBeforeReadingAnything) {
  EvaluateRequest request;
  request.model = std::string("/nonexistent/model.mallet");
  request.documents = std::string("/nonexistent/documents.mallet");
  request.maxDoublings = 0;  // out of range even without check_convergence: the field says what it may hold
  const SettingError error = settingErrorOf([&] { (void)evaluate(request); });
  EXPECT_EQ(error.setting(), "max-doublings");
  EXPECT_EQ(error.problem(), "must be at least 1");
}

TEST(Settings, AnOptionAndAnEstimatorSettingOutOfRangeReadTheSame) {
  // evaluate-topics' --num-particles is an option (checked by the command's
  // declarations); evaluate's --particles an estimator setting (checked by
  // left-to-right's own). One rule, one message.
  const SettingError option = settingErrorOf([] {
    OptionValues(commandSpec("evaluate-topics"), {{"num-particles", {"0"}}});
  });
  const SettingError setting = settingErrorOf([] { validateSettings({"left-to-right", {{"particles", "0"}}}); });
  EXPECT_EQ(option.problem(), "must be at least 1");
  EXPECT_EQ(setting.problem(), option.problem());
  const SettingError optionHigh = settingErrorOf([] {
    OptionValues(commandSpec("evaluate-topics"), {{"num-particles", {"100001"}}});
  });
  const SettingError settingHigh = settingErrorOf([] {
    validateSettings({"left-to-right", {{"particles", "100001"}}});
  });
  EXPECT_EQ(optionHigh.problem(), "must be at most 100000 (got 100001)");
  EXPECT_EQ(settingHigh.problem(), optionHigh.problem());
  const SettingError optionText = settingErrorOf([] {
    OptionValues(commandSpec("evaluate-topics"), {{"num-particles", {"many"}}});
  });
  const SettingError settingText = settingErrorOf([] { validateSettings({"left-to-right", {{"particles", "many"}}}); });
  EXPECT_EQ(settingText.problem(), optionText.problem());
  // A boolean setting and a boolean option.
  const SettingError optionTruth = settingErrorOf([] {
    OptionValues(commandSpec("evaluate-topics"), {{"use-resampling", {"maybe"}}});
  });
  const SettingError settingTruth = settingErrorOf([] {
    validateSettings({"left-to-right", {{"resampling", "maybe"}}});
  });
  EXPECT_EQ(optionTruth.problem(), "takes true or false, not 'maybe'");
  EXPECT_EQ(settingTruth.problem(), optionTruth.problem());
}

TEST(Settings, OptionsFillTheirFieldsAndLeaveTheRestAtTheStructsDefaults) {
  const EvaluateRequest request = evaluateRequest(OptionValues(commandSpec("evaluate"),
                                                               {{"max-doublings", {"7"}},
                                                                {"target-error", {"0.25"}},
                                                                {"complete-documents", {"alternate"}},
                                                                {"check-convergence", {"true"}},
                                                                {"vocab-size", {"5000"}}},
                                                               {"model", "input"}));
  EXPECT_EQ(request.maxDoublings, 7);
  EXPECT_EQ(request.targetError, 0.25);
  EXPECT_EQ(request.completeDocuments, DocumentSplit::Alternate);
  EXPECT_TRUE(request.checkConvergence);
  EXPECT_EQ(request.vocabularySize, std::size_t{5000});
  EXPECT_FALSE(request.targetDocumentError.has_value());  // not given, and no default to pretend it was
  EXPECT_FALSE(request.budgetCap.has_value());
  EXPECT_EQ(request.runs, EvaluateRequest{}.runs);
  EXPECT_EQ(request.tolerance, EvaluateRequest{}.tolerance);

  // The default help shows is the struct's, read once.
  const OptionSpec* doublings = findOption(commandSpec("evaluate"), "max-doublings");
  ASSERT_NE(doublings, nullptr);
  EXPECT_EQ(shownDefault(*doublings), std::to_string(EvaluateRequest{}.maxDoublings));
  EXPECT_EQ(shownDefault(*findOption(commandSpec("evaluate"), "budget-cap")), "");

  const CoherenceRequest coherence =
      coherenceRequest(OptionValues(commandSpec("coherence"), {{"measure", {"c_v,u_mass", "mallet"}}}, {"model"}));
  EXPECT_EQ(coherence.measures, (std::vector<std::string>{"c_v", "u_mass", "mallet"}));
}

TEST(Settings, TypedEstimatorSettingsGiveTheBitsTheOptionsGive) {
  const std::string model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const std::string documents = testing::fixtureFile("stackexchange", "test.mallet");
  EvaluateRequest fromOptions = evaluateRequest(OptionValues(commandSpec("evaluate"),
                                                             {{"estimator", {"resample-move"}},
                                                              {"particles", {"3"}},
                                                              {"sweep-sites", {"4"}},
                                                              {"runs", {"2"}},
                                                              {"documents", {"0-5"}}},
                                                             {"model", "input"}));
  EXPECT_EQ(fromOptions.settings.particles, 3);
  EXPECT_EQ(fromOptions.settings.sweepSites, int64_t{4});
  EXPECT_FALSE(fromOptions.settings.samples.has_value());
  fromOptions.model = model;
  fromOptions.documents = documents;

  EvaluateRequest typed;
  typed.model = model;
  typed.documents = documents;
  typed.estimator = "resample-move";
  typed.settings.particles = 3;
  typed.settings.sweepSites = 4;
  typed.runs = 2;
  typed.documentSelection = "0-5";

  const EvaluateResult a = evaluate(fromOptions), b = evaluate(typed);
  ASSERT_EQ(a.documents.size(), 6u);
  ASSERT_EQ(b.documents.size(), a.documents.size());
  for (std::size_t d = 0; d < a.documents.size(); ++d)
    EXPECT_EQ(a.documents[d].runLogLikelihoods, b.documents[d].runLogLikelihoods) << d;
  EXPECT_EQ(a.estimator.settings, b.estimator.settings);
  // A setting the estimator does not take is refused, by its library name.
  typed.settings.temperatures = 10;
  EXPECT_EQ(settingErrorOf([&] { (void)evaluate(typed); }).setting(), "temperatures");
}


// The list that makes EstimatorSettings is the registry's settings, no more
// and no fewer: each field is a setting some estimator declares, of the kind
// its type holds, and reaches that estimator through the declarations.
TEST(Settings, EstimatorSettingsHoldEveryRegisteredSettingOnce) {
  std::vector<std::string> fields;
#define TOPICEVAL_SETTING_NAME(type, field) fields.push_back(#field);
  TOPICEVAL_ESTIMATOR_SETTINGS(TOPICEVAL_SETTING_NAME)
#undef TOPICEVAL_SETTING_NAME
  std::vector<std::string> registered;
  for (const SharedSetting& setting : allEstimatorSettings()) registered.push_back(javaName(setting.spec.name));
  std::sort(fields.begin(), fields.end());
  std::sort(registered.begin(), registered.end());
  EXPECT_EQ(fields, registered);
  EXPECT_EQ(fields.size(), 13u);

  EstimatorSettings settings{.burnInSweeps = 7};
  settings.eStep = "blei-lafferty";
  const std::map<std::string, std::string> expected = {{"burn-in-sweeps", "7"}, {"e-step", "blei-lafferty"}};
  EXPECT_EQ(settingsByName(settings), expected);
}

}  // namespace
}  // namespace topiceval
