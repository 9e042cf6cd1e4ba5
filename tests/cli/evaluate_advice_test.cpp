// SPDX-License-Identifier: Apache-2.0
// What evaluate tells a user about the input it was given: plain text that
// only looks like text (MALLET's import-file layout), skipped tokens and a
// topic state's vocabulary size said out loud, and a --vocab-size too small.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;
using Output = testing::CommandOutput;
using testing::writeTemporary;

Output evaluate(const std::vector<std::string>& arguments) { return testing::runCommand(evaluateCommand, arguments); }

TEST(EvaluateAdvice, MalletImportFileLayoutIsRefusedAsPlainText) {
  const std::string tsv = writeTemporary("docs.tsv", "doc1\tX\thear subatomic particles\ndoc2\tX\tparticles\n");
  const Output output = evaluate({"--model", fixtureFile("stackexchange", "state.gz"), "--input", tsv});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate: " + tsv +
                            ": looks like MALLET's import-file layout (name<TAB>label<TAB>text), whose names and "
                            "labels plain text would count as words: import it with 'mallet import-file "
                            "--use-pipe-from' the training instance list and give that file\n");
  // One tab is ordinary text.
  const std::string text = writeTemporary("tabs.txt", "hear\tsubatomic particles\n");
  EXPECT_EQ(evaluate({"--model", fixtureFile("stackexchange", "state.gz"), "--input", text, "--estimator", "filtering",
                      "--vocab-size", "5000"})
                .status,
            0);
}

TEST(EvaluateAdvice, SkippedTokensAndATopicStatesVocabularyAreSaidOutLoud) {
  // Half the words are unknown to the model: skipped under the default policy.
  const std::string text = writeTemporary("half.txt", "particles zzqq1 particles zzqq2\nhear zzqq3\n");
  const Output output = evaluate({"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input", text,
                                  "--estimator", "filtering", "--format", "json"});
  ASSERT_EQ(output.status, 0) << output.err;
  const std::string skipped =
      "3 of 6 tokens (50.0%) are skipped under --unseen-words skip: the likelihood covers only the rest";
  EXPECT_NE(output.err.find("warning: " + skipped), std::string::npos) << output.err;
  EXPECT_NE(output.out.find("\"warnings\":[\"" + skipped), std::string::npos) << output.out;
  EXPECT_NE(output.out.find("\"version\":\"" + std::string(kVersion) + "\""), std::string::npos);
  // Scoring every token (smooth) leaves nothing to warn about.
  const Output smooth = evaluate({"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input", text,
                                  "--estimator", "filtering", "--unseen-words", "smooth"});
  EXPECT_EQ(smooth.err.find("warning"), std::string::npos) << smooth.err;

  const Output state = evaluate({"--model", fixtureFile("stackexchange", "state.gz"), "--input",
                                 fixtureFile("stackexchange", "test.mallet"), "--estimator", "filtering"});
  ASSERT_EQ(state.status, 0) << state.err;
  EXPECT_NE(state.err.find("counts the types this topic state shows (those with training tokens)"), std::string::npos)
      << state.err;
  const Output sized =
      evaluate({"--model", fixtureFile("stackexchange", "state.gz"), "--input",
                fixtureFile("stackexchange", "test.mallet"), "--estimator", "filtering", "--vocab-size", "5000"});
  EXPECT_EQ(sized.err.find("topic state shows"), std::string::npos) << sized.err;
}

TEST(EvaluateAdvice, VocabularySizeCountsAStatesUnnamedSlotsOnce) {
  // Type 1 has no token in the state, so it has no name: a held-out word the
  // named alphabet lacks may be that type, and V = 3 covers everything.
  const std::string state = writeTemporary("slots.gz", "");
  {
    const auto bytes = testing::gzip(
        "#doc source pos typeindex type topic\n#alpha : 0.5 0.5 \n#beta : 0.01\n"
        "0 NA 0 0 apple 0\n0 NA 1 2 pear 1\n0 NA 2 0 apple 0\n");
    std::ofstream(state, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const std::string text = writeTemporary("slots.txt", "apple pear plum\n");
  const std::vector<std::string> common = {"--model",        state,    "--input",     text,
                                           "--unseen-words", "smooth", "--estimator", "filtering"};
  std::vector<std::string> three = common, two = common;
  three.insert(three.end(), {"--vocab-size", "3"});
  two.insert(two.end(), {"--vocab-size", "2"});
  EXPECT_EQ(evaluate(three).status, 0) << evaluate(three).err;
  EXPECT_EQ(
      evaluate(two).err,
      "topiceval evaluate: --vocab-size 2 is smaller than the 3 types the model and the held-out documents use\n");
}

}  // namespace
}  // namespace topiceval::commands
