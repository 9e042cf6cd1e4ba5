// SPDX-License-Identifier: Apache-2.0
// Settings refused before any work: costs that would take the machine (AIS's
// temperatures, threads, particles' workspace, aligning thousands of topics)
// and values outside their range, each named with its limit.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "native/commands/commands.hpp"
#include "native/estimators/setting_limits.hpp"
#include "native/runtime/setting_error.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;

class SettingLimits : public testing::ScratchDirectory {
 protected:
  SettingLimits() : ScratchDirectory("setting-limits") {}

  const std::string evaluator_ = fixtureFile("stackexchange", "evaluator.mallet");
  const std::string heldOut_ = fixtureFile("stackexchange", "test.mallet");
  const std::string inferencer_ = fixtureFile("stackexchange", "inferencer.mallet");
};

TEST_F(SettingLimits, CostlySettingsAreRefusedBeforeWork) {
  auto output = testing::runCommand(commands::evaluateCommand, {"--model", evaluator_, "--input", heldOut_, "--estimator",
                                                           "ais", "--temperatures", "2147483647"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate: --temperatures must be at most 10000000 (got 2147483647)\n");
  output = testing::runCommand(commands::evaluateTopicsCommand, {"--evaluator", evaluator_, "--input", heldOut_,
                                                            "--estimator", "ais", "--temperatures", "2147483647"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --temperatures must be at most 10000000 (got 2147483647)\n");
  output = testing::runCommand(commands::evaluateTopicsCommand,
                               {"--evaluator", evaluator_, "--input", heldOut_, "--threads", "100000"});
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --threads must be at most 1024 (got 100000)\n");
  try {
    checkParticleWorkspace(100000, 4000);
    ADD_FAILURE() << "no error";
  } catch (const SettingError& error) {
    EXPECT_EQ(error.setting(), "particles");
    EXPECT_STREQ(error.what(),
                 "particles 100000 with 4000 topics needs more than 4 GiB of working memory per thread; "
                 "use at most 67108 particles");
  }
  output =
      testing::runCommand(commands::evaluateCommand, {"--model", evaluator_, "--input", heldOut_, "--particles", "100001"});
  EXPECT_EQ(output.err, "topiceval evaluate: --particles must be at most 100000 (got 100001)\n");
}

TEST_F(SettingLimits, AligningThousandsOfTopicsIsRefused) {
  std::string text = "#alpha :";
  for (int k = 0; k < 2001; ++k) text += " 0.1";
  text += "\n#beta : 0.01\n";
  for (int k = 0; k < 2001; ++k)
    text += "0 NA " + std::to_string(k) + " " + std::to_string(k % 7) + " w" + std::to_string(k % 7) + " " +
            std::to_string(k) + "\n";
  const std::string a = write("a.gz", testing::gzip(text));
  const std::string b = write("b.gz", testing::gzip(text));
  const std::string documents = write("docs.txt", "w1 w2 w3\n");
  const auto output = testing::runCommand(commands::compareCommand,
                                          {"--model-a", a, "--model-b", b, "--input", documents, "--align-topics"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err,
            "topiceval compare: --align-topics takes models of at most 2000 topics (its cost grows with the "
            "cube of the topic count); these have 2001\n");
}

TEST_F(SettingLimits, SettingsOutsideTheirRangeAreRefused) {
  const auto words = testing::runCommand(commands::infoCommand, {inferencer_, "--words", "-1"});
  EXPECT_EQ(words.status, 2);
  EXPECT_EQ(words.err, "topiceval info: --words must be at least 0\n");
  const auto smoothing = testing::runCommand(
      commands::trainCtmCommand, {"--input", fixtureFile("stackexchange", "test.mallet"), "--num-topics", "2", "--output",
                             path("model.txt"), "--topic-word-smoothing", "1e308"});
  EXPECT_EQ(smoothing.status, 2);
  EXPECT_EQ(smoothing.err,
            "topiceval train-ctm: --topic-word-smoothing must be at most 1e+06, not 1e+308\n");
  EXPECT_EQ(filesHere(), std::vector<std::string>{});
}

}  // namespace
}  // namespace topiceval
