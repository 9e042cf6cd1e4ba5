// SPDX-License-Identifier: Apache-2.0
// Every command's JSON has the one shape the README documents ("JSON
// outputs"): one object that opens with "command" and "version"; the
// likelihood commands then describe their "input" and "estimator" as objects.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <variant>

#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/json_check.hpp"
#include "topiceval/evaluate.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;

void expectShape(const std::string& command, const std::vector<std::string>& arguments, bool likelihood) {
  std::ostringstream out, err;
  ASSERT_EQ(runCommand(command, arguments, out, err), 0) << command << ": " << err.str();
  const std::string json = out.str();
  EXPECT_TRUE(testing::JsonCheck::valid(json)) << command << ": " << json;
  EXPECT_EQ(json.rfind("{\"command\":\"" + command + "\",\"version\":\"" + std::string(kVersion) + "\"", 0), 0u)
      << command << ": " << json.substr(0, 80);
  if (likelihood) {
    EXPECT_NE(json.find("\"input\":{\"path\":"), std::string::npos) << command;
    EXPECT_NE(json.find("\"estimator\":{"), std::string::npos) << command;
  }
}

TEST(JsonShape, EveryCommandSharesIt) {
  const std::string model = fixtureFile("stackexchange", "inferencer.mallet");
  const std::string state = fixtureFile("stackexchange", "state.gz");
  const std::string input = fixtureFile("stackexchange", "test.mallet");
  expectShape("evaluate", {"--model", model, "--input", input, "--estimator", "filtering", "--format", "json"}, true);
  expectShape("select",
              {"--input", input, model, state, "--estimator", "filtering", "--format", "json", "--documents", "0-9"},
              true);
  expectShape("compare",
              {"--model-a", state, "--model-b", state, "--input", input, "--temperatures", "5", "--burn-in", "0",
               "--format", "json"},
              true);
  expectShape("curve", {"--states", state, "--input", input, "--temperatures", "5", "--format", "json"}, true);
  expectShape("info", {model, "--format", "json"}, false);
  expectShape("info", {input, "--format", "json"}, false);
}

// The estimator's settings are typed in the result (EstimatorReport::typedSettings)
// and written as their declarations say: numbers, booleans and a choice's text.
TEST(JsonShape, EstimatorSettingsAreTyped) {
  EvaluateRequest request;
  request.model = fixtureFile("stackexchange", "inferencer.mallet");
  request.documents = fixtureFile("stackexchange", "test.mallet");
  request.documentSelection = "0-4";
  request.estimator = "left-to-right";
  request.settings.particles = 3;
  request.settings.resampling = true;
  request.runs = 2;
  const EvaluateResult result = topiceval::evaluate(request);
  std::map<std::string, std::variant<std::string, int64_t, bool>> typed;
  for (const TypedSetting& setting : result.estimator.typedSettings) typed[setting.name] = setting.value;
  ASSERT_EQ(result.estimator.typedSettings.size(), result.estimator.settings.size());
  EXPECT_EQ(std::get<int64_t>(typed.at("particles")), 3);
  EXPECT_EQ(std::get<bool>(typed.at("resampling")), true);

  std::ostringstream out, err;
  ASSERT_EQ(runCommand("evaluate",
                       {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                        fixtureFile("stackexchange", "test.mallet"), "--documents", "0-4", "--estimator",
                        "left-to-right", "--particles", "3", "--resampling", "TRUE", "--format", "json"},
                       out, err),
            0)
      << err.str();
  EXPECT_NE(out.str().find("\"settings\":{\"particles\":3,\"resampling\":true}"), std::string::npos) << out.str();
  out.str("");
  ASSERT_EQ(runCommand("evaluate",
                       {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                        fixtureFile("stackexchange", "test.mallet"), "--documents", "0-4", "--estimator", "ais",
                        "--temperatures", "5", "--schedule", "linear", "--format", "json"},
                       out, err),
            0)
      << err.str();
  EXPECT_NE(out.str().find("\"temperatures\":5,"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\"schedule\":\"linear\""), std::string::npos) << out.str();
}

}  // namespace
}  // namespace topiceval::commands
