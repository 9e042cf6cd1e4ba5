// SPDX-License-Identifier: Apache-2.0
// `topiceval upgrade` as users run it: it writes the upgraded file and says
// what it changed in one line, never touches its input, leaves an existing
// output as it was when it fails, and refuses in one line what it cannot
// upgrade (formats/mallet_upgrade.hpp does the rewriting; its test the bytes).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

class UpgradeCommand : public testing::ScratchDirectory {
 protected:
  UpgradeCommand() : ScratchDirectory("upgrade-command") {}
};

const std::string kSet = "mallet-2.0.8/debian-k20-t1";

TEST_F(UpgradeCommand, WritesTheFileAndSaysWhatChanged) {
  const std::string input = testing::fixtureFile(kSet, "inferencer.mallet");
  const std::string before = testing::readText(input);
  const auto output = testing::runCommand(commands::upgradeCommand, {"--input", input, "--output", path("new.mallet")});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.out, "");
  EXPECT_EQ(output.err, "upgraded " + input +
                            " (MALLET inferencer (TopicInferencer)) for MALLET 2.1: 1 instance id (java.rmi.dgc.VMID) "
                            "written as a java.util.UUID, 1 field type of class descriptors changed; wrote " +
                            path("new.mallet") + "\n");
  EXPECT_EQ(testing::readText(input), before);
  EXPECT_EQ(testing::readText(path("new.mallet")).find("java.rmi.dgc.VMID"), std::string::npos);
  EXPECT_EQ(filesHere(), std::vector<std::string>{"new.mallet"});  // no temporary file left
}

// Its line names the files as every message echoes a name: a line break or
// another control character in one is written '?', so the line stays one.
TEST_F(UpgradeCommand, NamesTheFilesOnOneLine) {
  const std::string input =
      write("old\nname.mallet", testing::readText(testing::fixtureFile(kSet, "inferencer.mallet")));
  const auto output =
      testing::runCommand(commands::upgradeCommand, {"--input", input, "--output", path("new\tname.mallet")});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.err, "upgraded " + path("old?name.mallet") +
                            " (MALLET inferencer (TopicInferencer)) for MALLET 2.1: 1 instance id (java.rmi.dgc.VMID) "
                            "written as a java.util.UUID, 1 field type of class descriptors changed; wrote " +
                            path("new?name.mallet") + "\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"new\tname.mallet", "old\nname.mallet"}));
}

TEST_F(UpgradeCommand, CopiesAMallet21FileAndSaysSo) {
  const std::string input = testing::fixtureFile("stackexchange", "model.mallet");
  const auto output = testing::runCommand(commands::upgradeCommand, {"--input", input, "--output", path("same.mallet")});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.err, input + " (MALLET topic model (ParallelTopicModel)) is already as MALLET 2.1 reads it: " +
                            "copied unchanged to " + path("same.mallet") + "\n");
  EXPECT_EQ(testing::readText(path("same.mallet")), testing::readText(input));
}

TEST_F(UpgradeCommand, NeverWritesOverItsInput) {
  const std::string copy = write("old.mallet", testing::readText(testing::fixtureFile(kSet, "test.mallet")));
  const std::string before = testing::readText(copy);
  const auto output = testing::runCommand(commands::upgradeCommand, {"--input", copy, "--output", copy});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval upgrade: " + copy +
                            ": is also an input of this run; writing --output there would destroy it: choose another "
                            "file\n");
  EXPECT_EQ(testing::readText(copy), before);
  EXPECT_EQ(filesHere(), std::vector<std::string>{"old.mallet"});
}

TEST_F(UpgradeCommand, LeavesAnExistingOutputAsItWasWhenItFails) {
  const std::string state = testing::fixtureFile("stackexchange", "state.gz");
  const std::string existing = write("out.mallet", "what was there\n");
  auto output = testing::runCommand(commands::upgradeCommand, {"--input", state, "--output", existing});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval upgrade: " + state +
                            ": is a MALLET topic state (gzipped text), which MALLET 2.1 reads as it is: there is "
                            "nothing to upgrade\n");
  EXPECT_EQ(testing::readText(existing), "what was there\n");
  const std::string text = write("documents.txt", "one document\nanother\n");
  output = testing::runCommand(commands::upgradeCommand, {"--input", text, "--output", existing});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval upgrade: " + text +
                            ": holds text, not a serialized MALLET object (an instance list, saved model, inferencer "
                            "or evaluator)\n");
  // A stream cut short: refused once its end is met, the output untouched.
  const std::string whole = testing::readText(testing::fixtureFile(kSet, "model.mallet"));
  const std::string cut = write("cut.mallet", whole.substr(0, whole.size() / 2));
  output = testing::runCommand(commands::upgradeCommand, {"--input", cut, "--output", existing});
  EXPECT_EQ(output.status, 1);
  EXPECT_TRUE(output.err.starts_with("topiceval upgrade: " + cut + ": truncated: the stream ends inside ")) << output.err;
  EXPECT_EQ(testing::readText(existing), "what was there\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"cut.mallet", "documents.txt", "out.mallet"}));
  // Both options are required.
  output = testing::runCommand(commands::upgradeCommand, {"--input", cut});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval upgrade: --output is required\n");
}

}  // namespace
}  // namespace topiceval
