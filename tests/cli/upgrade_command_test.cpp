// SPDX-License-Identifier: Apache-2.0
// `topiceval upgrade` as users run it: a MALLET 2.1 file is copied, and the
// command says so in one line (formats/mallet_upgrade.hpp does the rewriting;
// its test the bytes).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

class UpgradeCommand : public testing::ScratchDirectory {
 protected:
  UpgradeCommand() : ScratchDirectory("upgrade-command") {}
};

TEST_F(UpgradeCommand, CopiesAMallet21FileAndSaysSo) {
  const std::string input = testing::fixtureFile("stackexchange", "model.mallet");
  const auto output = testing::runCommand(commands::upgradeCommand, {"--input", input, "--output", path("same.mallet")});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.err, input + " (MALLET topic model (ParallelTopicModel)) is already as MALLET 2.1 reads it: " +
                            "copied unchanged to " + path("same.mallet") + "\n");
  EXPECT_EQ(testing::readText(path("same.mallet")), testing::readText(input));
}

}  // namespace
}  // namespace topiceval
