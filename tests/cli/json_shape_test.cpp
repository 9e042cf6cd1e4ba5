// Every command's JSON has the one shape the README documents ("JSON
// outputs"): one object that opens with "command" and "version"; the
// likelihood commands then describe their "input" and "estimator" as objects.
#include <gtest/gtest.h>

#include "native/cli/command_support.hpp"
#include "native/cli/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/json_check.hpp"

namespace topiceval::cli {
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

}  // namespace
}  // namespace topiceval::cli
