// SPDX-License-Identifier: Apache-2.0
// perturb-state on states the reader refuses or reads with care: it rewrites
// only what formats::readTopicState accepts, and what it writes reads back.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "formats/model_readers.hpp"
#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

class PerturbState : public testing::ScratchDirectory {
 protected:
  PerturbState() : ScratchDirectory("perturb-state") {}
};

TEST_F(PerturbState, OnlyRewritesStatesTheReaderAccepts) {
  const std::string header = "#doc source pos typeindex type topic\n#alpha : 0.1 0.2 0.3 \n#beta : 0.01\n";
  const std::string negative =
      write("negative.gz", testing::gzip(header + "0 NA 0 0 a 1\n0 NA 1 1 b -2\n0 NA 2 0 a 0\n"));
  auto output = testing::runCommand(commands::perturbStateCommand, {"--input", negative, "--output", path("out.gz")});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval perturb-state: " + negative +
                            ": line 5: topic '-2' is outside 0..2 (the #alpha line lists 3 topics)\n");
  const std::string word = write("word.gz", testing::gzip(header + "0 NA 0 0 a 1\n0 NA 1 1 b x\n0 NA 2 0 a 0\n"));
  output =
      testing::runCommand(commands::perturbStateCommand, {"--input", word, "--output", path("out.gz"), "--fraction", "1"});
  EXPECT_EQ(output.err, "topiceval perturb-state: " + word +
                            ": line 5: topic 'x' is outside 0..2 (the #alpha line lists 3 topics)\n");
  EXPECT_FALSE(std::filesystem::exists(path("out.gz")));
  // A good state: every assignment moved, the rest of each row kept.
  const std::string good = write("good.gz", testing::gzip(header + "0 NA 0 0 a 1\n0 NA 1 1 b 2\n0 NA 2 0 a 0\n"));
  output =
      testing::runCommand(commands::perturbStateCommand, {"--input", good, "--output", path("out.gz"), "--fraction", "1"});
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.err, "moved 3 of 3 token assignments to other topics\n");
  const TopicModel moved = formats::readTopicState(bytesOf(path("out.gz")), "out.gz");
  EXPECT_EQ(moved.totalTokens(), 3);
  EXPECT_EQ(moved.count(0, 1) + moved.count(0, 0), 1);  // token 0 left topic 1, token 2 left topic 0
}

TEST_F(PerturbState, KeepsRowsWithTrailingSpacesReadable) {
  const std::string header = "#alpha : 0.1 0.2 0.3 \n#beta : 0.01\n";
  const std::string spaced =
      write("spaced.gz", testing::gzip(header + "0 NA 0 0 a 1  \n0 NA 1 1 b 2 \n0 NA 2 0 a 0\n"));
  const auto output =
      testing::runCommand(commands::perturbStateCommand, {"--input", spaced, "--output", path("out.gz"), "--fraction", "1"});
  EXPECT_EQ(output.status, 0) << output.err;
  const TopicModel moved = formats::readTopicState(bytesOf(path("out.gz")), "out.gz");
  EXPECT_EQ(moved.totalTokens(), 3);
  EXPECT_EQ(moved.numTypes(), 2u);  // the topic column was rewritten, not the word column
}

// Gzip is written through Boost.Iostreams, whose header is the one Java's
// GZIPOutputStream writes: a state with nothing moved is MALLET's own file,
// byte for byte (zlib's own header differs in its operating-system byte).
TEST_F(PerturbState, MovingNothingWritesMalletsOwnBytes) {
  for (const std::string fixture : {"stackexchange", "sgu-k100"}) {
    const std::string output = path("unmoved-" + fixture + ".gz");
    const std::string input = testing::fixtureFile(fixture, "state.gz");
    const auto result =
        testing::runCommand(commands::perturbStateCommand, {"--input", input, "--output", output, "--fraction", "0"});
    ASSERT_EQ(result.status, 0) << result.err;
    std::ifstream written(output, std::ios::binary), original(input, std::ios::binary);
    const std::string writtenBytes((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
    const std::string originalBytes((std::istreambuf_iterator<char>(original)), std::istreambuf_iterator<char>());
    EXPECT_EQ(writtenBytes.size(), originalBytes.size()) << fixture;
    EXPECT_TRUE(writtenBytes == originalBytes) << fixture;
  }
}

}  // namespace
}  // namespace topiceval
