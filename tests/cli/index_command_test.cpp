// SPDX-License-Identifier: Apache-2.0
// `topiceval index` and `coherence --reference`: the index written whole or
// not at all, and read back to the numbers the texts give; a damaged or
// foreign index refused in one line naming it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/run_command.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

class IndexCommand : public testing::ScratchDirectory {
 protected:
  IndexCommand() : ScratchDirectory("index-command") {}
  const std::string state_ = testing::fixtureFile("stackexchange", "state.gz");
  const std::string texts_ = testing::fixtureFile("stackexchange", "test.mallet");
};

TEST_F(IndexCommand, CoherenceAgainstTheIndexPrintsWhatTheTextsGive) {
  const auto indexed = testing::runCommand(commands::indexCommand, {"--texts", texts_, "--output", path("ref.index")});
  ASSERT_EQ(indexed.status, 0) << indexed.err;
  EXPECT_NE(indexed.err.find("indexed "), std::string::npos);
  for (const std::string measure : {"u_mass", "c_uci", "c_npmi", "c_v", "mallet"}) {
    const std::vector<std::string> common = {"--model", state_, "--measure", measure, "--bootstrap", "20", "--format", "tsv"};
    auto withTexts = common, withIndex = common;
    withTexts.insert(withTexts.end(), {"--texts", texts_});
    withIndex.insert(withIndex.end(), {"--reference", path("ref.index")});
    const auto fromTexts = testing::runCommand(commands::coherenceCommand, withTexts);
    const auto fromIndex = testing::runCommand(commands::coherenceCommand, withIndex);
    ASSERT_EQ(fromTexts.status, 0) << fromTexts.err;
    ASSERT_EQ(fromIndex.status, 0) << fromIndex.err;
    EXPECT_EQ(fromTexts.out, fromIndex.out) << measure;
  }
}

TEST_F(IndexCommand, AFailedIndexLeavesTheFileThatWasThere) {
  const std::string kept = write("kept.index", "a user's file\n");
  const auto failed =
      testing::runCommand(commands::indexCommand, {"--texts", path("missing.txt"), "--output", kept});
  EXPECT_EQ(failed.status, 1);
  EXPECT_EQ(failed.err.find("topiceval index: " + path("missing.txt")), 0u) << failed.err;
  EXPECT_EQ(testing::readText(kept), "a user's file\n");
  EXPECT_EQ(filesHere(), std::vector<std::string>{"kept.index"});  // no temporary file left beside it
  // The texts themselves are never the output.
  const std::string text = write("texts.txt", "apple pear\n");
  const auto overwrite = testing::runCommand(commands::indexCommand, {"--texts", text, "--output", text});
  EXPECT_NE(overwrite.status, 0);
  EXPECT_EQ(testing::readText(text), "apple pear\n");
}

// Gzipped texts piped in are decompressed as they arrive: the index of the
// file, and a cut stream refused with the file's one line, naming standard input.
TEST_F(IndexCommand, GzipPipedInIndexesAsTheFile) {
  std::string text;
  for (int d = 0; d < 3000; ++d) text += "apple pear w" + std::to_string(d % 97) + " plum w" + std::to_string(d % 13) + "\n";
  const auto compressed = testing::gzip(text);
  const std::string file = write("texts.txt.gz", std::string(compressed.begin(), compressed.end()));
  const std::string cut = write("cut.txt.gz", std::string(compressed.begin(), compressed.begin() + compressed.size() / 2));
  const auto fromFile = testing::runTopiceval("index --texts " + file + " --output " + path("file.index"));
  ASSERT_EQ(fromFile.status, 0) << fromFile.err;
  const auto piped = testing::runTopiceval("index --texts - --output " + path("piped.index"), "cat " + file + " | ");
  ASSERT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(piped.err, fromFile.err);
  EXPECT_TRUE(testing::readText(path("piped.index")) == testing::readText(path("file.index")));
  const auto cutFile = testing::runTopiceval("index --texts " + cut + " --output " + path("cut.index"));
  const auto cutPiped = testing::runTopiceval("index --texts - --output " + path("cut.index"), "cat " + cut + " | ");
  EXPECT_EQ(cutFile.status, 1);
  EXPECT_EQ(cutPiped.status, 1);
  const std::string fileLine = "topiceval index: " + cut + ": truncated: the gzip stream ends before its end marker";
  ASSERT_EQ(cutFile.err.rfind(fileLine, 0), 0u) << cutFile.err;
  EXPECT_EQ(cutPiped.err, "topiceval index: standard input" + cutFile.err.substr(17 + cut.size()));
  EXPECT_FALSE(std::filesystem::exists(path("cut.index")));
}

TEST_F(IndexCommand, ADamagedOrForeignIndexIsRefusedInOneLine) {
  const std::string text = write("texts.txt", "apple pear plum\npear fig\n");
  ASSERT_EQ(testing::runCommand(commands::indexCommand, {"--texts", text, "--output", path("ref.index")}).status, 0);
  std::string bytes = testing::readText(path("ref.index"));
  for (const std::size_t keep : {bytes.size() - 1, bytes.size() / 2, std::size_t{10}}) {
    const std::string damaged = write("damaged.index", bytes.substr(0, keep));
    const auto run = testing::runCommand(commands::coherenceCommand, {"--model", state_, "--reference", damaged});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err.find("topiceval coherence: " + damaged + ": "), 0u) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  }
  const auto foreign = testing::runCommand(commands::coherenceCommand, {"--model", state_, "--reference", text});
  EXPECT_EQ(foreign.status, 1);
  EXPECT_EQ(foreign.err, "topiceval coherence: " + text +
                             ": not a topiceval reference index (make one with 'topiceval index --texts FILE --output "
                             "INDEX')\n");
  const auto both =
      testing::runCommand(commands::coherenceCommand, {"--model", state_, "--reference", path("ref.index"), "--texts", text});
  EXPECT_EQ(both.status, 2) << both.err;
}

}  // namespace
}  // namespace topiceval
