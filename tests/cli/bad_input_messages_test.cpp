// SPDX-License-Identifier: Apache-2.0
// The catalogue of bad inputs users give: each case asserts the exit status and
// the exact one-line message (which file, what is wrong).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;

using Output = testing::CommandOutput;

Output run(testing::Command command, const std::vector<std::string>& arguments) {
  return testing::runCommand(command, arguments);
}

class BadInputs : public testing::ScratchDirectory {
 protected:
  BadInputs() : ScratchDirectory("bad-inputs") {}

  Output evaluateTopics(const std::string& evaluator, const std::string& input, std::vector<std::string> more = {}) {
    std::vector<std::string> arguments = {"--evaluator", evaluator, "--input", input, "--random-seed", "1"};
    arguments.insert(arguments.end(), more.begin(), more.end());
    return run(evaluateTopicsCommand, arguments);
  }
  Output evaluate(const std::string& model, const std::string& input, std::vector<std::string> more = {}) {
    std::vector<std::string> arguments = {"--model", model, "--input", input};
    arguments.insert(arguments.end(), more.begin(), more.end());
    return run(evaluateCommand, arguments);
  }

  const std::string evaluator_ = fixtureFile("stackexchange", "evaluator.mallet");
  const std::string heldOut_ = fixtureFile("stackexchange", "test.mallet");
};

TEST_F(BadInputs, EmptyFile) {
  const std::string empty = write("empty.mallet", std::string());
  const Output output = evaluateTopics(empty, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: " + empty + ": is empty\n");
}

TEST_F(BadInputs, TextWhereAModelBelongs) {
  const std::string text = write("notes.txt", "this is not a model\n");
  const Output output = evaluate(text, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate: " + text +
                ": is neither a MALLET model file (a Java serialization stream) nor a gzipped topic state\n");
}

TEST_F(BadInputs, GzipOfSomethingElse) {
  const std::string state = write("state.gz", testing::gzip("hello world\nsecond line\n"));
  const Output output = evaluate(state, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate: " + state +
                            ": line 1: a token row before the #alpha and #beta lines: is this a MALLET topic state?\n");
}

TEST_F(BadInputs, SerializedObjectOfAnotherClass) {
  const Output asInput =
      evaluate(fixtureFile("stackexchange", "inferencer.mallet"), fixtureFile("stackexchange", "inferencer.mallet"));
  EXPECT_EQ(asInput.status, 1);
  EXPECT_EQ(asInput.err, "topiceval evaluate: " + fixtureFile("stackexchange", "inferencer.mallet") +
                             ": is a MALLET inferencer (TopicInferencer), a model, not documents: give an instance "
                             "list or plain text with one document per line\n");
}

TEST_F(BadInputs, TruncatedEvaluator) {
  auto bytes = bytesOf(evaluator_);
  bytes.resize(bytes.size() / 2);
  const std::string cut = write("cut.mallet", bytes);
  const Output output = evaluateTopics(cut, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err.rfind("topiceval evaluate-topics: " + cut + ": truncated: the stream ends inside ", 0), 0u)
      << output.err;
}

TEST_F(BadInputs, StateWithMissingColumnsOrTopicOutOfRange) {
  const std::string header = "#doc source pos typeindex type topic\n#alpha : 0.1 0.2 0.3 \n#beta : 0.01\n";
  const std::string missing = write("missing.gz", testing::gzip(header + "0 NA 0 0 word 1\n0 NA 1 1 other\n"));
  Output output = evaluate(missing, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate: " + missing +
                            ": line 5: expected 6 columns (doc source pos typeindex type topic), found 5\n");
  const std::string outside = write("outside.gz", testing::gzip(header + "0 NA 0 0 word 3\n"));
  output = evaluate(outside, heldOut_);
  EXPECT_EQ(output.err, "topiceval evaluate: " + outside +
                            ": line 4: topic '3' is outside 0..2 (the #alpha line lists 3 topics)\n");
}

// Patches the first occurrence of `pattern` in a copy of the evaluator.
std::vector<uint8_t> patched(std::vector<uint8_t> bytes, const std::vector<uint8_t>& pattern, std::size_t offset,
                             uint8_t value) {
  const auto at = std::search(bytes.begin(), bytes.end(), pattern.begin(), pattern.end());
  EXPECT_NE(at, bytes.end());
  bytes[static_cast<std::size_t>(at - bytes.begin()) + offset] = value;
  return bytes;
}

TEST_F(BadInputs, AlphaCountDifferentFromTopics) {
  // The block data that starts the evaluator's own data: version 0, numTopics 10, ...
  const std::string file =
      write("topics.mallet", patched(bytesOf(evaluator_), {0x77, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x0A}, 9, 0x0C));
  const Output output = evaluateTopics(file, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate-topics: " + file + ": the model claims 12 topics but alpha has 10 values\n");
}

TEST_F(BadInputs, NegativeOrNotANumberHyperparameters) {
  // beta = 0.05907051291030279 is stored as 3F AE 3E 7D 82 37 23 F7.
  const std::vector<uint8_t> beta = {0x3F, 0xAE, 0x3E, 0x7D, 0x82, 0x37, 0x23, 0xF7};
  const std::string negative = write("negative.mallet", patched(bytesOf(evaluator_), beta, 0, 0xBF));
  Output output = evaluateTopics(negative, heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate-topics: " + negative + ": beta is -0.059071; it must be positive and finite\n");
  const std::string notANumber =
      write("nan.mallet", patched(patched(bytesOf(evaluator_), beta, 0, 0x7F), {0x7F, 0xAE, 0x3E, 0x7D}, 1, 0xF8));
  output = evaluateTopics(notANumber, heldOut_);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: " + notANumber + ": beta is nan; it must be positive and finite\n");
  const std::string state = write("nan.gz", testing::gzip("#alpha : 0.1 nan\n#beta : 0.01\n0 NA 0 0 w 0\n"));
  output = evaluate(state, heldOut_);
  EXPECT_EQ(output.err, "topiceval evaluate: " + state + ": line 1: alpha value 'nan' is not a positive number\n");
}

TEST_F(BadInputs, DocumentsThatUseNoKnownWord) {
  // (evaluate-topics keeps MALLET's behaviour: such documents count 0.)
  const std::string words = write("unknown.txt", "zzz yyy\nxxx\n");
  const Output output = evaluate(fixtureFile("stackexchange", "inferencer.mallet"), words);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate: " + words +
                            ": none of its 3 words is scored under --unseen-words skip: "
                            "were these documents imported for " +
                            fixtureFile("stackexchange", "inferencer.mallet") + "?\n");
}

TEST_F(BadInputs, EmptyDocuments) {
  const std::string text = write("some-empty.txt", "\nquantum physics\n\n");
  const Output output = evaluate(fixtureFile("stackexchange", "inferencer.mallet"), text, {"--format", "tsv"});
  EXPECT_EQ(output.status, 0);
  EXPECT_NE(
      output.err.find("warning: 2 documents have no scored word; each counts log likelihood 0 and has no perplexity"),
      std::string::npos)
      << output.err;
}

TEST_F(BadInputs, ZeroParticles) {
  const Output output = evaluateTopics(evaluator_, heldOut_, {"--num-particles", "0"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: --num-particles must be at least 1\n");
}

TEST_F(BadInputs, UnwritableOutputPath) {
  const Output output = evaluateTopics(evaluator_, heldOut_, {"--output-prob", "/proc/topiceval-cannot-write"});
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate-topics: /proc/topiceval-cannot-write: cannot be written (check the directory "
            "exists and is writable)\n");
}

TEST_F(BadInputs, HeldOutAlphabetThatDisagreesWithTheModel) {
  const Output output = evaluate(fixtureFile("sgu-k100", "inferencer.mallet"), heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate: " + heldOut_ +
                ": its alphabet disagrees with the model's: type 0 is 'hear' here but 'skeptics' in " +
                fixtureFile("sgu-k100", "inferencer.mallet") +
                " (import the held-out documents with MALLET's --use-pipe-from the training instance list)\n");
}

TEST_F(BadInputs, DirectoryWhereAFileBelongs) {
  const Output output = evaluateTopics(directory_.string(), heldOut_);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err, "topiceval evaluate-topics: " + directory_.string() + ": is a directory, not a file\n");
}

TEST_F(BadInputs, BinaryGarbageAsDocuments) {
  const std::string garbage = write("garbage.bin", std::vector<uint8_t>{0x00, 0x01, 0xFE, 0x41, 0x00, 0x42});
  const Output output = evaluate(fixtureFile("stackexchange", "inferencer.mallet"), garbage);
  EXPECT_EQ(output.status, 1);
  EXPECT_EQ(output.err,
            "topiceval evaluate: " + garbage + ": holds binary data: not a MALLET instance list and not plain text\n");
}

}  // namespace
}  // namespace topiceval::commands
