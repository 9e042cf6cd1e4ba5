// SPDX-License-Identifier: Apache-2.0
// Option values checked against a command's declarations by the settings
// floor alone (linked without the library's own declarations): unknown names,
// repeats, ranges, required options and defaults, each with its one message;
// and the names each front end spells.
#include <gtest/gtest.h>

#include "native/settings/settings.hpp"
#include "topiceval/setting_spec.hpp"

namespace topiceval {
namespace {

CommandSpec demoCommand() {
  CommandSpec command;
  command.name = "demo";
  command.options.push_back(integerSetting("runs", 4, 1, 100, "runs per document"));
  command.options.push_back(booleanSetting("quiet", false, "no progress line"));
  OptionSpec input;
  input.name = "input";
  input.kind = OptionKind::Path;
  input.required = true;
  command.options.push_back(input);
  return command;
}

std::string refusal(const CommandSpec& command, const std::map<std::string, std::vector<std::string>>& given) {
  try {
    const OptionValues values(command, given);
  } catch (const SettingError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(OptionValues, AreCheckedAndReadByTheSettingsFloor) {
  const CommandSpec command = demoCommand();
  const OptionValues values(command, {{"input", {"a.txt"}}, {"runs", {"7"}}});
  EXPECT_EQ(values.integer("runs"), 7);
  EXPECT_TRUE(values.given("runs"));
  EXPECT_FALSE(values.given("quiet"));
  EXPECT_FALSE(values.boolean("quiet"));
  EXPECT_EQ(values.text("input").value_or(""), "a.txt");
  EXPECT_EQ(OptionValues(command, {{"input", {"a.txt"}}}).integer("runs"), 4);  // the declared default

  EXPECT_EQ(refusal(command, {{"input", {"a"}}, {"runs", {"0"}}}), "runs must be at least 1");
  EXPECT_EQ(refusal(command, {{"input", {"a"}}, {"runs", {"x"}}}), "runs takes a whole number, not 'x'");
  EXPECT_EQ(refusal(command, {{"input", {"a"}}, {"runs", {"2", "3"}}}), "runs is given 2 times; it takes one value");
  EXPECT_EQ(refusal(command, {{"runs", {"2"}}}), "input is required");
  EXPECT_EQ(refusal(command, {{"input", {"a"}}, {"colour", {"red"}}}), "colour is not an option of demo");
  EXPECT_EQ(OptionValues(command, {}, {"input"}).integer("runs"), 4);  // supplied as an object elsewhere
}

// Each front end's spelling of a name, and of the names a message mentions.
TEST(OptionValues, NamesAreRespelledPerFrontEnd) {
  EXPECT_EQ(spell("budget-cap", Spelling::CommandLine), "--budget-cap");
  EXPECT_EQ(spell("budget-cap", Spelling::Python), "budget_cap");
  EXPECT_EQ(spell("budget-cap", Spelling::Java), "budgetCap");
  EXPECT_EQ(respell("lets --budget-cap reach 8 (-- is not a name)", Spelling::Java),
            "lets budgetCap reach 8 (-- is not a name)");
  EXPECT_EQ(respell("raise --max-runs", Spelling::CommandLine), "raise --max-runs");
}

}  // namespace
}  // namespace topiceval
